#pragma once
// The combined OOM plan: when no single change of the playbook makes a run fit on the GPUs it
// has, a bounded cost-ordered search over combinations of levers (micro-batch with gradient
// accumulation, activation checkpointing, chunked loss, ZeRO/FSDP stage, TP/PP on the same
// GPUs, sequence parallelism, QLoRA, 8-bit optimizer, CPU offload, ...) finds the least
// disruptive combination that fits. The options and their disruption costs are the lever
// table's (core/plan/levers.h) rows marked `planned`.

#include "core/engine/estimator.h"
#include "core/plan/levers.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

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

} // namespace headroom
