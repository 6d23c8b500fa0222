#pragma once
// A measured run beside the estimate of the scenario it describes (docs/measured-runs.md):
// the three metrics, the allocated peak of each phase, the persistent categories (parameters,
// gradients, optimizer states) and what is left at the peak, and a "what differs" list of
// the assumptions that explain the gaps, each a code (translated by the UI) with its bytes.
//
// Cost: one estimate() of the scenario plus a pass over the captured steps (bounded by
// kMaxMeasuredSteps): the same bound as one estimate.

#include "core/engine/estimate.h"
#include "core/measured/measured_run.h"
#include "core/plan/calibration.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// Where bytes live, as both the estimate's terms and the capture's boundaries can say it.
enum class MeasuredCategory {
    Parameters,      ///< parameters on the GPU (the estimate's Weights + MasterWeights)
    Gradients,       ///< gradients of trainable parameters when backward ends
    OptimizerStates, ///< optimizer state tensors after the step
    TransientAtPeak  ///< the allocated peak less parameters and optimizer states: activations,
                     ///< gradients being built, logits, temporaries
};
inline constexpr int kMeasuredCategoryCount = 4;
std::string_view measuredCategoryKey(MeasuredCategory c); ///< "parameters", ...

/// One figure both sides have. Bytes.
struct MeasuredPair {
    double predicted = 0;
    double measured = 0;
    /// (predicted - measured) / measured; 0 when measured is 0
    double relativeError() const;
};

/// One "what differs" finding: a rule that fired, with the bytes that made it fire.
enum class DifferenceCode {
    LengthFragmentation, ///< reserved >> allocated, step lengths varied, default allocator
    AllocatorGap,        ///< reserved >> allocated with fixed lengths (the model's reserve is off)
    ParametersDiffer,    ///< parameter bytes differ: dtype, tied embeddings, quantisation
    GradientsDiffer,     ///< gradient bytes differ: trainable set or gradient dtype
    OptimizerStatesDiffer, ///< optimizer state bytes or dtype differ
    TransientsDiffer,      ///< activations/temporaries at the peak differ: attention kernel,
                           ///< checkpointing, logits, loss
    ContextDiffers,        ///< nvidia-smi less reserved differs from the CUDA-context term
    Unmodelled,            ///< the capture saw something no scenario key says (detail)
};
std::string_view differenceKey(DifferenceCode c); ///< "length_fragmentation", ...

struct Difference {
    DifferenceCode code;
    double measured = 0;  ///< bytes (for LengthFragmentation/AllocatorGap: reserved)
    double predicted = 0; ///< bytes (for LengthFragmentation/AllocatorGap: allocated measured)
    std::string detail;   ///< Unmodelled: what; others: empty
};

/// Rule thresholds (documented in docs/measured-runs.md): below them a gap is within the
/// engine's own band on runs it models (docs/metrics.md).
inline constexpr double kPersistentTolerance = 0.05; ///< parameters, gradients, states: 5 %
inline constexpr double kTransientTolerance = 0.10;  ///< the transients at the peak: 10 %
inline constexpr double kReservedRatio = 1.15;       ///< reserved / allocated that is a finding
inline constexpr double kContextTolerance = 256.0 * 1048576; ///< 256 MiB of CUDA context

struct MeasuredComparison {
    Estimate estimate;                                             ///< the scenario's, uncalibrated
    std::array<MeasuredPair, 3> metrics{};                         ///< by Metric
    std::array<bool, 3> hasMetric{true, true, true};               ///< the run measured it
    std::array<std::optional<MeasuredPair>, kPhaseCount> phases{}; ///< allocated peak per phase
    std::array<std::optional<MeasuredPair>, kMeasuredCategoryCount> categories{};
    std::vector<Difference> differences;
};

/// Compares @p run with the estimate of @p s, its calibration applied when it is for this
/// setup (activeCalibration, core/io/scenario.h): the estimate every view of the app shows.
/// Never fails for a scenario that scenarioFromDocument accepted.
MeasuredComparison compareMeasured(const Scenario& s, const MeasuredRun& run);
/// The same with an estimate already made (the GUI's results): no estimate is computed.
MeasuredComparison compareMeasured(const Estimate& e, const MeasuredRun& run);

/// The measurement a calibration from @p run in metric @p m uses (the run's peak, source
/// Capture).
Measurement measurementFromRun(const MeasuredRun& run, Metric m);

} // namespace headroom
