#pragma once
// The band around an estimate: a low and a high bound per metric (allocated, reserved,
// nvidia-smi) and on the verdict's bytes, built from named contributors. Each contributor is a
// mechanism the scenario leaves open (how the caching allocator is configured, which version
// of the framework runs, which CUDA stack the driver loads, ...): the engine estimates the
// run again with each alternative the mechanism allows and records how far the numbers move.
// No contributor is a percentage fitted to measurements.
//
// Combination: contributors are treated as independent and additive: low = point + the sum
// of the contributors' (non-positive) low deltas, high = point + the sum of their
// (non-negative) high deltas, per metric.
//
// Cost: one estimate() per alternative: 1 (allocator) + the profile's other versions (a
// handful: the table's versions of one framework) + 1 (sample lengths) + at most 13 for the
// settings a record left unknown (the filled-defaults table's alternatives); the CUDA-stack
// contributor is a formula. Bounded by the two tables' sizes, independent of the model.
//
// Units: bytes, of the worst rank (Estimate::worst). Sources: per contributor (band.cpp and
// docs/metrics.md "The band").

#include "core/engine/estimator.h"
#include "core/engine/profiles.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// A mechanism that widens the band.
enum class BandCause {
    AllocatorConfig, ///< default caching allocator vs expandable_segments:True
    CudaStack,       ///< the CUDA context the driver and CUDA version load (nvidia-smi only)
    ProfileVersions, ///< the versions of the framework profile's range
    SampleLengths,   ///< fixed-length batches vs a real data set's varying lengths
    FilledDefaults,  ///< settings the run left unknown that a profile's default filled
};
inline constexpr int kBandCauseCount = 5;
/// "allocator_config", "cuda_stack", "profile_versions", "sample_lengths", "filled_defaults"
/// (JSON keys).
std::string_view bandCauseKey(BandCause c);

/// Bytes per metric, indexed by Metric (Allocated, Reserved, NvidiaSmi).
using MetricBytes = std::array<double, 3>;

/// One contributor: how far its alternatives move each metric and the verdict's bytes from the
/// point estimate. low <= 0 <= high, bytes.
struct BandContributor {
    BandCause cause = BandCause::AllocatorConfig;
    MetricBytes low{};
    MetricBytes high{};
    double verdictLow = 0;
    double verdictHigh = 0;
    std::string why; ///< the mechanism and its alternatives, with the source (English)
    /// The setting that removes it, e.g. "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"
    /// ("" when the user cannot choose, e.g. the driver's CUDA stack).
    std::string remedy;
};

struct Band {
    MetricBytes point{}; ///< the estimate's worst rank, bytes
    /// point + the contributors' low deltas, bytes: added, except that the two on the caching
    /// allocator's cached segments (allocator configuration, sample lengths) act on the same
    /// bytes and count once, as the larger of their moves
    MetricBytes low{};
    MetricBytes high{};      ///< point + the contributors' high deltas, bytes, combined as low
    double verdictPoint = 0; ///< verdictBytes(worst) of the estimate
    double verdictLow = 0;
    double verdictHigh = 0;
    std::vector<BandContributor> contributors; ///< only those that move something
};

/// The band of @p point, the estimate of @p m, @p w on @p gpu (nullptr: no verdict bounds
/// beyond the bytes). @p leftUnknown: the settings the run's source left unknown, which a
/// framework profile's documented default filled (resolveUnknowns; nullptr or none set: every
/// setting was stated, as in the GUI and a scenario file); each one set that the
/// filled-defaults table lists opens its alternatives (docs/metrics.md "The band").
/// Precondition: as estimate(); @p point == estimate(m, w, gpu).
Band estimateBand(const ModelArch& m, const Workload& w, const GpuSpec* gpu, const Estimate& point,
                  const UnknownSettings* leftUnknown = nullptr);

/// Moves @p b so that its point is @p worst (an estimate a calibration changed after the band
/// was made), keeping each bound's distance from the point.
void shiftBand(Band& b, const RankEstimate& worst);

/// The verdict with the band: fits (high bound under the capacity), may not fit (the band
/// straddles the capacity), does not fit (even the low bound is over it).
enum class BandVerdict { Fits, MayNotFit, DoesNotFit };
BandVerdict bandVerdict(const Band& b, double capacity);
std::string_view bandVerdictKey(BandVerdict v); ///< "fits", "may_not_fit", "does_not_fit"

/// For a "may not fit", the contributor that decides it: when the point estimate fits, the
/// one with the largest high delta (the mechanism that can push the run over; its remedy
/// removes that risk); when it does not, the one whose low side alone brings it under the
/// capacity, the largest such (its remedy is how the run could fit). nullptr otherwise.
const BandContributor* decidingContributor(const Band& b, double capacity);

} // namespace headroom
