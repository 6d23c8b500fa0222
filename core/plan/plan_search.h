#pragma once
// The combined OOM plan: when no single change of the playbook makes a run fit on the GPUs it
// has, a bounded cost-ordered search over combinations of levers (micro-batch with gradient
// accumulation, activation checkpointing, chunked loss, ZeRO/FSDP stage, TP/PP on the same
// GPUs, sequence parallelism, QLoRA, 8-bit optimizer, CPU offload, ...) finds the least
// disruptive combination that fits. Disruption costs come from one table, leverTable(), read
// by the CLI, the GUI and docs/plan-search.md.

#include "core/engine/estimator.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// A knob of the run. The options of one lever exclude each other (a plan picks at most one).
enum class Lever {
    MicroBatch,       ///< smaller micro-batch; accumulation keeps the global batch
    Checkpointing,    ///< activation recomputation
    ChunkedLoss,      ///< chunked cross-entropy
    Attention,        ///< eager -> memory-efficient attention kernel
    Optimizer,        ///< 8-bit optimizer states
    Sharding,         ///< ZeRO / FSDP stage over the data-parallel GPUs
    TensorParallel,   ///< TP on the same GPUs (DP shrinks)
    SequenceParallel, ///< Megatron sequence parallelism (needs TP > 1)
    PipelineParallel, ///< PP on the same GPUs (DP shrinks)
    Finetune,         ///< LoRA / QLoRA instead of the current method
    Offload,          ///< optimizer states (and parameters) in host memory
    WeightDtype,      ///< inference: quantised weights
    KvCacheDtype,     ///< inference: fp8 KV cache
};

/// One option of a lever, a row of leverTable().
enum class LeverOption {
    MicroBatchHalf,
    MicroBatchOne,
    CheckpointSelective,
    CheckpointFull,
    ChunkedLoss,
    EfficientAttention,
    Optimizer8bit,
    Zero1,
    Zero2,
    Zero3,
    Tp2,
    Tp4,
    Tp8,
    SequenceParallel,
    Pp2,
    Pp4,
    Lora,
    Qlora,
    OffloadOptimizer,
    OffloadParams,
    WeightsFp8,
    WeightsInt4,
    KvCacheFp8,
};

/// A row of the disruption table. Each of the three parts is scored 0 (none) to 3 (large):
/// throughput = tokens per second lost; convergence = change of what is optimised (numerics,
/// method); effort = engineering work to switch it on (a config flag = 0, a library or a
/// model-parallel code path = 2-3). Disruption cost = throughput + convergence + effort.
struct LeverRow {
    LeverOption option;
    Lever lever;
    std::string_view key; ///< stable JSON key, e.g. "checkpointing_full"
    int throughput = 0;
    int convergence = 0;
    int effort = 0;
    std::string_view doc; ///< English: what it does and why it costs what it costs
    int cost() const { return throughput + convergence + effort; }
};

/// The table of every option, grouped by lever, options of a lever in increasing cost.
std::span<const LeverRow> leverTable();
const LeverRow& leverRow(LeverOption o);

/// Most estimates one search runs. The GUI recomputes the playbook on every edit: an estimate
/// takes ~0.3 us CPU for a dense model but ~9 us for DeepSeek-V3 with 8 pipeline stages
/// (bench_core), and a load replay (core/engine/reserve/load_replay.h) adds to it, so 1000
/// estimates stay under ~10 ms. The issue-16 search needs 180. A capped search reports `capped`.
inline constexpr int kPlanMaxEvaluations = 1000;

/// One step of a plan, in the order the waterfall draws them.
struct PlanStep {
    LeverOption option;
    int cost = 0;      ///< this step's disruption cost (QLoRA from full adds LoRA's)
    Workload after;    ///< the scenario after this and every earlier step
    double total = 0;  ///< bytes the fits verdict counts after this step (this GPU)
    bool fits = false; ///< the scenario fits after this step
};

struct Plan {
    bool found = false;          ///< a combination that fits was found
    double before = 0;           ///< bytes the fits verdict counts today (this GPU)
    std::vector<PlanStep> steps; ///< least disruptive first; cumulative totals
    int cost = 0;                ///< sum of the steps' costs
    int evaluations = 0;         ///< estimates the search ran
    bool capped = false;         ///< the search stopped at its evaluation cap
    /// The scenario after the whole plan (the last step's), or the input when empty.
    const Workload& result(const Workload& today) const {
        return steps.empty() ? today : steps.back().after;
    }
};

/// The least disruptive combination of leverTable()'s options that makes @p w fit @p gpu on
/// the same GPU count: a uniform-cost (Dijkstra) search over the lattice of one option per
/// lever, lowest total cost first; among fits of equal cost, fewer steps, then more headroom.
/// The global batch is kept by raising gradient accumulation when the micro-batch or DP
/// shrinks. Stops after @p maxEvaluations estimates. A scenario that already fits gives a
/// found plan with no steps.
Plan searchPlan(const ModelArch& m, const Workload& w, const GpuSpec& gpu,
                int maxEvaluations = kPlanMaxEvaluations);

/// @p w with @p o applied, the global batch @p globalBatch kept by accumulation (training).
/// @p base is the scenario before any plan step (TP/PP factors and "from full" refer to it).
Workload applyOption(const Workload& base, Workload w, LeverOption o, int64_t globalBatch);

/// English one-line description of a step, e.g. "micro-batch 1, gradient accumulation 8".
std::string describeStep(LeverOption o, const Workload& after);

} // namespace headroom
