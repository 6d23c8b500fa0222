#pragma once
// The levers of a run that does not fit: one table, leverTable(), of every change the OOM
// playbook lists and the plan search combines. A row says which knob it turns (Lever), what
// the change costs (the disruption scores), where it shows (the playbook's action and the
// seeds' rank, the plan search's lattice) and what it does (applyOption, written once). A new
// lever is one row, one case of applyOption and isOffered, and its texts.
//
// Read by: the playbook (core/plan/solvers.cpp playbook()), the plan search
// (core/plan/plan_search.cpp searchPlan()), the CLI (`plan`, the playbook's JSON keys), the GUI
// (ui/playbookview.cpp, the disruption column) and docs/plan-search.md (tst_plansearch checks
// that it prints the table).

#include "core/engine/estimator.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace headroom {

/// A knob of the run. The options of one lever exclude each other (a plan picks at most one).
enum class Lever {
    SequenceLength,   ///< shorter samples (training) or context (inference): changes the task
    MicroBatch,       ///< smaller micro-batch; accumulation keeps the global batch
    Rollout,          ///< fewer samples per prompt in RL rollouts
    Checkpointing,    ///< activation recomputation
    ChunkedLoss,      ///< chunked cross-entropy
    Attention,        ///< eager -> memory-efficient attention kernel
    Optimizer,        ///< lighter optimizer states
    Sharding,         ///< ZeRO / FSDP stage over the data-parallel GPUs
    TensorParallel,   ///< TP on the same GPUs (DP shrinks)
    SequenceParallel, ///< Megatron sequence parallelism (needs TP > 1)
    PipelineParallel, ///< PP on the same GPUs (DP shrinks)
    Finetune,         ///< LoRA / QLoRA instead of the current method
    Offload,          ///< optimizer states (and parameters) in host memory
    GpuCount,         ///< more GPUs, fully sharded
    WeightDtype,      ///< inference: quantised weights
    KvCacheDtype,     ///< inference: fp8 KV cache
};

/// One option of a lever, a row of leverTable().
enum class LeverOption {
    SequenceFitting,   ///< training: the longest sequence that fits (half when it fits already)
    ContextHalf,       ///< inference: half the prompt and half the new tokens
    MicroBatchFitting, ///< the largest micro-batch that fits (half when it fits already)
    MicroBatchHalf,
    MicroBatchOne,
    SamplesPerPromptHalf,
    CheckpointSelective,
    CheckpointFull,
    ChunkedLoss,
    EfficientAttention,
    Optimizer8bit,
    OptimizerAdafactor,
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
    MoreGpusFullShard, ///< the fewest doubled data-parallel GPUs that fit, FSDP full shard
    WeightsFp8,
    WeightsInt8,
    WeightsInt4,
    KvCacheFp8,
};

/// How the OOM playbook lists a change (its JSON key: playbookActionKey; its value: see each).
enum class PlaybookAction {
    ShorterSequence,       ///< value = new sequence length (inference: prompt + new tokens)
    SmallerMicroBatch,     ///< value = new micro-batch; accumulation raised to keep global batch
    MoreCheckpointing,     ///< value = Checkpointing enum as int
    LighterOptimizer,      ///< value = Optimizer enum as int
    SwitchToLora,          ///< value = LoRA rank
    SwitchToQlora,         ///< value = LoRA rank
    MoreSharding,          ///< value = Sharding enum as int
    MoreGpus,              ///< value = GPUs (ZeRO-3 / FSDP over this many)
    FlashAttention,        ///< value = AttentionImpl enum as int
    ChunkedCrossEntropy,   ///< value = 1
    QuantizeWeights,       ///< value = DType enum as int (inference)
    QuantizeKvCache,       ///< value = DType enum as int (inference)
    FewerSamplesPerPrompt, ///< value = new samples per prompt (RL rollouts)
    Combined, ///< value = the plan's disruption cost; `plan` holds its steps (searchPlan)
};

/// Stable JSON key of an action: "shorter_sequence", ..., "combined".
std::string_view playbookActionKey(PlaybookAction a);

/// A row of the lever table. Each of the three disruption parts is scored 0 (none) to 3
/// (large): throughput = tokens per second lost; convergence = change of what is optimised
/// (numerics, method, data); effort = engineering work to switch it on (a config flag = 0, a
/// library or a model-parallel code path = 2-3). Disruption cost = their sum.
struct LeverRow {
    LeverOption option;
    Lever lever;
    std::string_view key; ///< stable JSON key, e.g. "checkpointing_full"
    int throughput = 0;
    int convergence = 0;
    int effort = 0;
    /// Position in the seeds' OOM playbook (1 = tried first: shorter sequence; 10 = more
    /// GPUs); 0 = not listed by the playbook on its own (a plan step only).
    int playbookRank = 0;
    PlaybookAction action = PlaybookAction::Combined; ///< how the playbook lists it (rank > 0)
    /// Part of the plan search's lattice. The plan keeps the task (sequence, samples per
    /// prompt) and the GPU count, so those options are the playbook's alone.
    bool planned = true;
    std::string_view doc; ///< English: what it does and why it costs what it costs
    int cost() const { return throughput + convergence + effort; }
};

/// The table of every option, grouped by lever, options of a lever in increasing cost.
std::span<const LeverRow> leverTable();
const LeverRow& leverRow(LeverOption o);

/// Whether @p o changes @p base at all (it saves something in principle and the layout allows
/// it: a lighter optimizer than AdamW, a TP degree that divides the heads, ...).
/// Prerequisites that other levers can satisfy are checked by prerequisitesHold().
bool isOffered(LeverOption o, const ModelArch& m, const Workload& base);

/// Prerequisites of @p o on the scenario @p w it is part of: sharding needs more than one
/// data-parallel GPU left, sequence parallelism needs TP, parameter offload a parameter shard.
bool prerequisitesHold(LeverOption o, const Workload& w);

/// The factor @p o multiplies TP or PP by on the same GPUs (DP divides by it); 1 for an option
/// that keeps the layout.
int layoutFactor(LeverOption o);

/// Disruption cost of @p o starting from @p base (QLoRA from full fine-tuning adds LoRA's).
int stepCost(LeverOption o, const Workload& base);

/// @p w with @p o applied, the global batch @p globalBatch kept by accumulation (training;
/// 0: accumulation unchanged). @p base is the scenario before any plan step (TP/PP factors,
/// halvings and "from full" refer to it). The options whose value the playbook searches on the
/// GPU (SequenceFitting, MicroBatchFitting, MoreGpusFullShard) apply their first step here:
/// half the sequence, half the micro-batch, twice the data-parallel GPUs.
Workload applyOption(const Workload& base, Workload w, LeverOption o, int64_t globalBatch);

/// Sets @p w's gradient accumulation to ceil(@p globalBatch / (micro-batch x DP)), at least 1,
/// so the global batch is kept (training; @p globalBatch <= 0 leaves it unchanged).
void keepGlobalBatch(Workload& w, int64_t globalBatch);

/// The playbook's value of a change of action @p a that made @p changed (PlaybookAction).
int64_t playbookValue(PlaybookAction a, const Workload& changed);

/// English one-line description of a change, e.g. "micro-batch 1, gradient accumulation 8".
std::string describeStep(LeverOption o, const Workload& after);

} // namespace headroom
