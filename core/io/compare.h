#pragma once
// A/B comparison of two scenarios: what differs, the per-term difference of the worst rank's
// memory, and an attribution of the total difference to the individual changes.
//
// Changes are found on the scenario files themselves (toJson of A and of B): every leaf value
// that differs is part of one change, named by its JSON path ("workload.micro_batch_size");
// the model (everything under "model"), the GPU (everything under "gpu" and "gpu_count") and
// the parallel layout (everything under "workload.parallelism") are one change each, because
// their parts only make sense together. A scenario "A with the changes S applied" is A's file
// with S's values taken from B, read back with scenarioFromJson. Each change carries its
// field (ChangeField) and A's and B's values typed (ChangeValue: the enum, count, flag or name
// of the Scenario itself), so the GUI words it in the user's language and the CLI in English
// (changeValueText) from the same data.
//
// Attribution: the Shapley value of each change for the total (bytes of the worst rank,
// nvidia-smi metric): the change's marginal effect averaged over every order in which the
// changes can be applied, so the shares add up exactly to total(B) - total(A). Exact (every
// subset, 2^n estimates) for n <= kExactChanges; beyond, the average over sampledOrders(n)
// orders drawn with a fixed seed, in antithetic pairs (an order and its reverse: a change met
// early in one is met late in the other, which cancels much of the sampling error when the
// changes interact little; Mitchell et al., "Sampling Permutations for Shapley Value
// Estimation", JMLR 23, 2022). Each order's marginals still add up to the total, so the
// shares do too. Bound: at most 2^kExactChanges estimates exact, and about
// max(kSampledEvaluations, kMinSampledOrders x n) sampled, whatever the two files differ in. A
// combination that is not a valid run (e.g. a layout change without the GPU count it needs) is
// still estimated, as its numbers are; the shares are an accounting of the total, not claims about
// such a run. Source: L. S. Shapley, "A value for n-person games" (1953); the
// averaging-over-orderings form used for attribution e.g. by SHAP (Lundberg & Lee 2017).

#include "core/engine/estimator.h"
#include "core/engine/fields.h"
#include "core/io/scenario.h"

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace headroom {

/// What a change is about, for wording it: the groups, the fields that have a name of their
/// own, a row of the field table (core/engine/fields.h), or any other leaf (named by its key).
enum class ChangeField {
    Model,           ///< everything under "model"; values: the model names (std::string)
    Gpu,             ///< "gpu" and "gpu_count"; values: GpuChoice
    Parallelism,     ///< "workload.parallelism"; no values of its own, see ScenarioChange::parts
    Mode,            ///< Mode
    Finetune,        ///< Finetune
    Profile,         ///< framework profile: ProfileRef
    PrecisionPreset, ///< Framework
    WeightsDtype,    ///< DType of precision.weights (and the five below)
    ComputeDtype,
    GradientsDtype,
    OptimizerStatesDtype,
    KvCacheDtype,
    AdaptersDtype,
    CheckpointWeights, ///< precision.weights_from_checkpoint: bool
    Optimizer,         ///< Optimizer
    Checkpointing,     ///< Checkpointing
    Attention,         ///< AttentionImpl
    LoraTargets,       ///< the target modules, "q_proj, v_proj" (std::string)
    LoadRecipe,        ///< LoadRecipe
    Sharding,          ///< Sharding
    PipelineSchedule,  ///< PipelineSchedule
    MemoryUtilization, ///< inference.memory_utilization: double, 0..1
    RolloutOverhead,   ///< rollout.framework_overhead_bytes: double, bytes
    WorkloadField,     ///< a row of workloadFields() (FieldChange::row): bool or int64_t
    Other,             ///< any other leaf: its JSON value (bool, int64_t, double, std::string)
};

/// One GPU choice: the card and how many.
struct GpuChoice {
    std::string name; ///< display name ("" for a custom capacity)
    int64_t memoryMiB = 0;
    int count = 1;
};

/// A value of one side of a change, typed by its field (ChangeField says which alternative);
/// std::monostate when the side has no such key.
using ChangeValue = std::variant<std::monostate, bool, int64_t, double, std::string, Mode, Finetune,
                                 ProfileRef, PrecisionPreset, DType, Optimizer, Checkpointing,
                                 AttentionImpl, LoadRecipe, Sharding, PipelineSchedule, GpuChoice>;

/// One leaf of the scenario file that differs.
struct FieldChange {
    ChangeField field = ChangeField::Other;
    std::string key;                    ///< its JSON path: "workload.micro_batch_size"
    const WorkloadField* row = nullptr; ///< ChangeField::WorkloadField: its row
    ChangeValue before;                 ///< A's value
    ChangeValue after;                  ///< B's value
};

/// One difference between A and B: a leaf, or a group whose parts only make sense together.
struct ScenarioChange {
    std::string key;   ///< "model", "gpu", "workload.parallelism", or a JSON leaf path
    ChangeField field; ///< Model, Gpu, Parallelism, or the leaf's field
    const WorkloadField* row = nullptr; ///< ChangeField::WorkloadField: its row
    ChangeValue before;             ///< A's value (the leaf's; a group's summary, see ChangeField)
    ChangeValue after;              ///< B's value
    std::vector<FieldChange> parts; ///< the leaves that differ (one for a leaf change)
};

/// A value in the scenario file's English spelling, for the CLI: "full", "bf16", "4", "true",
/// "NVIDIA H100 SXM 80GB x 2", "torchtune@2024-08"; "-" for an absent one.
std::string changeValueText(const ChangeValue& v);
/// A group whose values do not tell what changed: the parallel layout, or a model whose name
/// stayed (an edited architecture); its parts do.
bool groupWithoutOwnValue(const ScenarioChange& c);
/// One side of a change in English: its value, or for a group without one (the parallel
/// layout, a model whose name did not change) its parts, "tp 2, sequence_parallel true".
std::string changeSideText(const ScenarioChange& c, bool after);

/// The two scenarios' worst ranks, their difference and its attribution.
struct Comparison {
    Estimate a;
    Estimate b;
    std::vector<ScenarioChange> changes;
    TermBytes deltaTerms{};    ///< b.worst.atPeak - a.worst.atPeak per term, bytes
    double deltaTotal = 0;     ///< b.worst.nvidiaSmi - a.worst.nvidiaSmi, bytes
    std::vector<double> saved; ///< per change: its share of a - b (positive = it saves memory)
    bool exact = true;         ///< every subset evaluated (else sampled orders)
    int orders = 0;            ///< orders sampled (0 when exact)
    int evaluations = 0;       ///< estimates computed
};

/// Whether the changes pull both ways: one saves memory and another costs some (effects of
/// opposite sign, each beyond half a byte). A change's share of the net difference is then
/// above 100 % for some and below 0 for others, the shares still adding up to 100 %.
bool effectsPullBothWays(const Comparison& c);

inline constexpr int kExactChanges = 10;
/// The estimates a sampled attribution aims to spend (each order of n changes costs n).
inline constexpr int kSampledEvaluations = 2048;
inline constexpr int kMinSampledOrders = 16;
inline constexpr int kMaxSampledOrders = 200;

/// Orders sampled for @p n > kExactChanges changes: kSampledEvaluations / n, rounded down to
/// an even number (antithetic pairs) and kept within [kMinSampledOrders, kMaxSampledOrders].
int sampledOrders(std::size_t n);

/// The changes between @p a and @p b (empty when the files are equal).
std::vector<ScenarioChange> scenarioChanges(const Scenario& a, const Scenario& b);

/// Compares @p a with @p b. Both must be valid scenarios (validateWorkload passes). An Error
/// only when a combination of the changes cannot be read back as a scenario file (naming the
/// field), which the scenario reader's per-field limits make unexpected.
Result<Comparison> compareScenarios(const Scenario& a, const Scenario& b);

} // namespace headroom
