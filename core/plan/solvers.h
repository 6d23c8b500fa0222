#pragma once
// Solvers on top of estimate(): fit verdicts, largest micro-batch / sequence, OOM-cliff
// series, the OOM playbook and the smallest parallel layout.

#include "core/engine/band.h"
#include "core/engine/estimator.h"
#include "core/plan/plan_search.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

struct Calibration; // core/plan/calibration.h

/// One point of a sweep: the swept value and the worst rank's breakdown there.
struct SweepPoint {
    int64_t x = 0;     ///< micro-batch or sequence length
    TermBytes terms{}; ///< per-term bytes at the peak (sum = nvidiaSmi)
    double allocated = 0;
    double reserved = 0;
    double nvidiaSmi = 0;
    bool fits = true;
};

enum class SweepAxis { MicroBatch, SequenceLength };

/// @p w at value @p x of @p axis: the micro-batch (inference: concurrent sequences) or the
/// sequence length (inference: the context, setInferenceContext). Every solver moves along
/// an axis through this, and so does a caller reporting the point a solver found.
Workload atAxisValue(Workload w, SweepAxis axis, int64_t x);

/// Memory vs @p axis at the given x values (each computed exactly, not linearised). With
/// @p cal (a calibration of this setup) every point is calibrated (calibratedEstimate).
std::vector<SweepPoint> sweep(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                              SweepAxis axis, const std::vector<int64_t>& xs,
                              const Calibration* cal = nullptr);

/// The band of the nvidia-smi total at one x of a sweep, bytes (low <= the point <= high).
struct SweepBandPoint {
    int64_t x = 0;
    double low = 0;
    double high = 0;
};

/// At most this many points of a sweep get their band (sweepBand).
inline constexpr int kSweepBandPoints = 12;

/// The band along a sweep (plannedRun at each x: estimateBand of the point, shifted with a
/// calibration): at most @p points of @p xs, evenly spaced by index with both ends. Cost: at
/// most points x (1 + the band's alternatives) estimates; the GUI draws it as the cliff's
/// shaded band, with the current point's own band (estimateBand) in its place.
std::vector<SweepBandPoint> sweepBand(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                                      SweepAxis axis, const std::vector<int64_t>& xs,
                                      const Calibration* cal = nullptr,
                                      int points = kSweepBandPoints);

/// The band's verdict at one x of a sweep (plannedRun there: estimateBand of the point,
/// shifted with a calibration; bandVerdict against the GPU): whether the largest x that fits
/// by the point estimate (maxMicroBatch, maxSequenceLength) fits at its band's high bound too
/// (Fits) or only may (MayNotFit). Cost: one estimate per band alternative (estimateBand).
BandVerdict bandVerdictAt(const ModelArch& m, const Workload& w, const GpuSpec& gpu, SweepAxis axis,
                          int64_t x, const Calibration* cal = nullptr);

/// x values for a sweep: 1..maxX, all integers up to 64 then geometric, at most @p points.
std::vector<int64_t> sweepValues(int64_t maxX, int points);

/// Sequence lengths for a sweep from @p lo to @p hi: four per octave, lo x 2^(i/4) rounded
/// to the nearest token and, from 64 on, to the nearest multiple of 16 (what a run would
/// pick); strictly increasing, ending with @p hi.
std::vector<int64_t> sequenceValues(int64_t lo, int64_t hi);

/// A sweep range's upper end: twice the larger of @p current and @p maxFit (the largest value
/// that fits), rounded up to a power of two, within [lo, hi], so the cliff lies inside it.
int64_t sweepUpper(int64_t current, int64_t maxFit, int64_t lo, int64_t hi);

/// The first index in [0, @p n) whose try @p fits(i), for a fit that is monotone along the
/// tries (once one fits, every later one does): try 0 first (the common answer: one step
/// suffices), then n - 1 (none fits: done), then a bisection. At most 2 + ceil(log2(n)) calls
/// of @p fits where a scan makes up to n (each can replay a model load: the playbook's ten
/// GPU doublings of DeepSeek-V3 were ten torchao replays; the layout solver's data-parallel
/// ranks use it too). If the fit is not monotone the result still fits, but need not be the
/// first that does. nullopt when none fits.
template <class Fits> std::optional<std::size_t> firstFitting(std::size_t n, Fits fits) {
    if (n == 0)
        return std::nullopt;
    if (fits(std::size_t{0}))
        return std::size_t{0};
    if (n == 1 || !fits(n - 1))
        return std::nullopt;
    std::size_t lo = 0, hi = n - 1; // lo does not fit, hi fits
    while (hi - lo > 1) {
        const std::size_t mid = lo + (hi - lo) / 2;
        (fits(mid) ? hi : lo) = mid;
    }
    return hi;
}

/// Largest micro-batch in [1, limit] that fits @p gpu (binary search on the exact estimate).
/// 0 when even micro-batch 1 does not fit. With @p cal the calibrated verdict decides.
int64_t maxMicroBatch(const ModelArch& m, const Workload& w, const GpuSpec& gpu,
                      int64_t limit = 1 << 20, const Calibration* cal = nullptr);

/// Longest sequence length in [1, limit] that fits; 0 when none fits.
int64_t maxSequenceLength(const ModelArch& m, const Workload& w, const GpuSpec& gpu,
                          int64_t limit = int64_t{1} << 24, const Calibration* cal = nullptr);

/// Linear OOM-cliff model around the current point: base + slope x micro-batch (bytes),
/// fitted through micro-batches 1 and 2 (exact where all terms are linear in the batch).
struct CliffLine {
    double base = 0;      ///< bytes at micro-batch 0 (extrapolated)
    double perSample = 0; ///< bytes added per sample
};
CliffLine cliffLine(const ModelArch& m, const Workload& w, const GpuSpec* gpu);

/// One OOM-playbook action: a concrete change to this scenario and what it saves.
struct PlaybookItem {
    PlaybookAction action;
    int64_t value = 0; ///< see PlaybookAction
    /// The lever table's option it applies (core/plan/levers.h: its disruption cost, its
    /// doc); none for Combined, whose steps carry theirs.
    std::optional<LeverOption> option;
    Workload changed; ///< the scenario after the change
    /// Bytes saved of those the fits verdict counts (nvidia-smi less pageable optimizer states
    /// and the releasable cache, Estimate::fits), before and after both on this GPU; positive
    /// = less memory. A change with a saving never turns a fitting run into an OOM.
    double savedBytes = 0;
    double newTotal = 0; ///< bytes the fits verdict counts after the change (> GPU: OOM)
    bool fits = false;   ///< the changed scenario fits the GPU
    /// The changed scenario against its band (bandVerdict of estimateBand): a row that fits by
    /// its point estimate may not fit where its band reaches past the GPU, as the headline says
    /// of the scenario itself.
    BandVerdict verdict = BandVerdict::DoesNotFit;
    int rank = 0; ///< position in the seeds' order of least disruption (1 = first)
    Plan plan{};  ///< Combined: the steps and their cumulative totals (waterfall)
};

/// The seeds' OOM playbook computed for this scenario: each applicable change, with bytes
/// saved and its band verdict, ordered by (fits first, then the band verdict: fits before may
/// not fit, then the seed's order of least disruption, then saving). Cost: per lever one estimate
/// and its band (plannedRun: at most 1 + the profile's other versions + 1 more estimates), plus the
/// fitting searches. When the scenario does not fit, it also holds the least disruptive combination
/// that fits on the same GPUs (searchPlan, action Combined) unless that is a single change already
/// listed.
std::vector<PlaybookItem> playbook(const ModelArch& m, const Workload& w, const GpuSpec& gpu);

/// English one-line summary, e.g. "cut sequence length to 4096: -12.3 GiB -> fits".
std::string describe(const PlaybookItem& item);

/// The smallest layout (fewest GPUs, then least TP/PP, then most headroom) of @p gpu that fits;
/// searches dp x tp x pp with the workload's sharding (FSDP full shard when it is None and
/// DP > 1), TP in {1,2,4,8} within a node, PP a power of two up to the layers, at most
/// @p maxGpus GPUs in all. Empty when none fits. Per TP x PP the fewest data-parallel ranks are
/// bisected (a sharded rank's bytes do not grow with DP), so the cost is bounded by
/// 4 x (log2(layers) + 1) x (2 + 2 x log2(maxGpus)) estimates, whatever maxGpus is.
/// @p w on dp x tp x pp GPUs as smallestLayout builds its candidates: CP and EP 1; FSDP full
/// shard when DP > 1 and the workload names no sharding; no sharding on one data-parallel rank.
Workload layoutCandidate(const Workload& w, int dp, int tp, int pp);

struct LayoutResult {
    Parallelism layout;
    Estimate estimate;
};
std::optional<LayoutResult> smallestLayout(const ModelArch& m, const Workload& w,
                                           const GpuSpec& gpu, int maxGpus = 1024);

} // namespace headroom
