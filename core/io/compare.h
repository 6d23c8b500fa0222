#pragma once
// A/B comparison of two scenarios: what differs, the per-term difference of the worst rank's
// memory, and an attribution of the total difference to the individual changes.
//
// Changes are found on the scenario files themselves (toJson of A and of B): every leaf value
// that differs is part of one change, named by its JSON path ("workload.micro_batch_size");
// the model (everything under "model"), the GPU (everything under "gpu" and "gpu_count") and
// the parallel layout (everything under "workload.parallelism") are one change each, because
// their parts only make sense together. A scenario "A with the changes S applied" is A's file
// with S's values taken from B, read back with scenarioFromJson.
//
// Attribution: the Shapley value of each change for the total (bytes of the worst rank,
// nvidia-smi metric): the change's marginal effect averaged over every order in which the
// changes can be applied, so the shares add up exactly to total(B) - total(A). Exact (every
// subset, 2^n estimates) for n <= kExactChanges; beyond, the average over kSampledOrders random
// orders drawn with a fixed seed (each order's marginals still add up to the total, so the
// shares do too). A combination that is not a valid run (e.g. a layout change without the GPU
// count it needs) is still estimated, as its numbers are; the shares are an accounting of the
// total, not claims about such a run. Source: L. S. Shapley, "A value for n-person games"
// (1953); the averaging-over-orderings form used for attribution e.g. by SHAP (Lundberg & Lee
// 2017).

#include "core/engine/estimator.h"
#include "core/io/scenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace headroom {

/// One difference between A and B.
struct ScenarioChange {
    std::string key;    ///< "model", "gpu", "workload.parallelism", or a JSON leaf path
    std::string before; ///< A's value as JSON text ("4"; for a group, a short summary)
    std::string after;  ///< B's value
};

/// The two scenarios' worst ranks, their difference and its attribution.
struct Comparison {
    Estimate a;
    Estimate b;
    std::vector<ScenarioChange> changes;
    TermBytes deltaTerms{};    ///< b.worst.atPeak - a.worst.atPeak per term, bytes
    double deltaTotal = 0;     ///< b.worst.nvidiaSmi - a.worst.nvidiaSmi, bytes
    std::vector<double> saved; ///< per change: its share of a - b (positive = it saves memory)
    bool exact = true;         ///< every subset evaluated (else sampled orders)
    int evaluations = 0;       ///< estimates computed
};

inline constexpr int kExactChanges = 10;
inline constexpr int kSampledOrders = 200;

/// The changes between @p a and @p b (empty when the files are equal).
std::vector<ScenarioChange> scenarioChanges(const Scenario& a, const Scenario& b);

/// Compares @p a with @p b. Both must be valid scenarios (validateWorkload passes). An Error
/// only when a combination of the changes cannot be read back as a scenario file (naming the
/// field), which the scenario reader's per-field limits make unexpected.
Result<Comparison> compareScenarios(const Scenario& a, const Scenario& b);

} // namespace headroom
