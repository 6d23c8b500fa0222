// length_replay.cpp: the run's successive longest batches, replayed as training steps
// (step_replay.h). See core/engine/reserve/length_replay.h.

#include "core/engine/reserve/length_replay.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace headroom {

namespace {

double normalCdf(double z) {
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

} // namespace

double normalQuantile(double p) {
    if (p <= 0)
        return -std::numeric_limits<double>::infinity();
    if (p >= 1)
        return std::numeric_limits<double>::infinity();
    // Acklam's coefficients
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                   -2.759285104469687e+02, 1.383577518672690e+02,
                                   -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                   -1.556989798598866e+02, 6.680131188771972e+01,
                                   -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                   -2.400758277161838e+00, -2.549732539343734e+00,
                                   4.374664141464968e+00,  2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                   2.445134137142996e+00, 3.754408661907416e+00};
    constexpr double kLow = 0.02425;
    auto tail = [&](double q) {
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    };
    if (p < kLow)
        return tail(std::sqrt(-2 * std::log(p)));
    if (p > 1 - kLow)
        return -tail(std::sqrt(-2 * std::log(1 - p)));
    const double q = p - 0.5, r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

std::vector<int64_t> batchLengths(const SampleLengths& d, int64_t sequenceLength,
                                  int64_t microBatch) {
    std::vector<int64_t> out;
    if (!d.variable() || sequenceLength < 1)
        return out;
    const double mean = static_cast<double>(d.mean);
    const double sd = static_cast<double>(std::max<int64_t>(0, d.std));
    const double lo = static_cast<double>(std::max<int64_t>(1, d.min));
    const double hi = d.max > 0 ? std::max(lo, static_cast<double>(d.max))
                                : std::numeric_limits<double>::infinity();
    const double seq = static_cast<double>(sequenceLength);
    // the kept samples' share of the distribution: with dropLong, those up to seq
    const auto cdf = [&](double x) {
        if (x < lo)
            return 0.0;
        if (x >= hi)
            return 1.0;
        return sd > 0 ? normalCdf((x - mean) / sd) : (x >= mean ? 1.0 : 0.0);
    };
    const double kept = d.dropLong ? cdf(seq) : 1.0;
    const auto quantile = [&](double p) {
        if (sd <= 0)
            return std::clamp(mean, lo, hi);
        const double x = mean + sd * normalQuantile(p);
        return std::clamp(x, lo, hi);
    };
    // the new longest batches of the run: batch n (1-based) is the longest so far with
    // probability 1/n, so a new one comes each time the harmonic number H_n passes an integer
    // (kNewLongestBatches), with the expected longest of its n x b samples, the quantile
    // nb / (nb + 1)
    const int64_t steps = std::clamp<int64_t>(d.steps, 1, limits::kTrainSteps);
    const double b = static_cast<double>(std::max<int64_t>(1, microBatch));
    for (const int64_t n : kNewLongestBatches) {
        if (n > steps)
            break;
        const double samples = static_cast<double>(n) * b;
        const double u = samples / (samples + 1.0);
        // with nothing kept (every sample longer than seq and dropped) the batch is seq long
        const double x = kept > 0 ? quantile(u * kept) : seq;
        out.push_back(std::clamp<int64_t>(std::llround(std::min(x, seq)), 1, sequenceLength));
    }
    return out;
}

double lengthsReserve(const StepShape& s, int64_t microBatch, const std::vector<int64_t>& lengths) {
    if (lengths.empty() || s.hidden <= 0 || s.layers < 0 || microBatch < 1)
        return 0;
    const auto [shortest, longestIt] = std::minmax_element(lengths.begin(), lengths.end());
    const int64_t longest = *longestIt;
    // one length: every step allocates and frees the same blocks, as the two reference steps
    // do, so nothing grows (and nothing needs replaying)
    if (*shortest == longest)
        return 0;
    // the largest request, in double: past kLargestRequest the run needs far more than any
    // GPU holds and the replay (int64_t bytes) is not run
    if (!replayable(s, static_cast<double>(microBatch) * static_cast<double>(longest)))
        return 0;
    StepShape bounded = s; // the first kReplayedLayers blocks
    bounded.layers = std::min(s.layers, kReplayedLayers);
    bounded.checkpointed = std::min(s.checkpointed, bounded.layers);
    const int64_t varying = replayedPeak(bounded, microBatch, lengths);
    const int64_t fixed = replayedPeak(bounded, microBatch, {longest, longest});
    return static_cast<double>(std::max<int64_t>(0, varying - fixed));
}

} // namespace headroom
