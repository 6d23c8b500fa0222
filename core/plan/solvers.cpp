#include "core/plan/solvers.h"
#include "core/units.h"

#include "core/plan/calibration.h"

#include "core/engine/memory_terms.h"
#include "core/engine/reserve/replay_cache.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>

namespace headroom {

namespace {

bool fitsAt(const ModelArch& m, const Workload& w, const GpuSpec& gpu, SweepAxis axis, int64_t x,
            const Calibration* cal) {
    return plannedEstimate(m, atAxisValue(w, axis, x), &gpu, cal).fits;
}

/// Largest x in [1, limit] that fits, assuming memory grows with x. 0 if x = 1 does not fit.
int64_t largestFitting(const ModelArch& m, const Workload& w, const GpuSpec& gpu, SweepAxis axis,
                       int64_t limit, const Calibration* cal) {
    const EnsureReplayCache replays;
    if (limit < 1 || !fitsAt(m, w, gpu, axis, 1, cal))
        return 0;
    // Every size the engine takes is far below 2^61 (core/engine/workload.h limits); with the limit
    // clamped there, hi <= 2^61 and hi x 2 and limit + 1 stay inside int64_t for any caller.
    limit = std::min<int64_t>(limit, int64_t{1} << 61);
    int64_t lo = 1, hi = 2;
    while (hi <= limit && fitsAt(m, w, gpu, axis, hi, cal)) {
        lo = hi;
        hi *= 2;
    }
    hi = std::min(hi, limit + 1); // lo fits, hi does not (or is past the limit)
    while (hi - lo > 1) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (fitsAt(m, w, gpu, axis, mid, cal))
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

} // namespace

Workload atAxisValue(Workload w, SweepAxis axis, int64_t x) {
    if (axis == SweepAxis::MicroBatch)
        w.microBatch = x; // inference: concurrent sequences
    else if (w.mode == Mode::Inference)
        setInferenceContext(w, x); // the context: prompt + generated tokens
    else
        w.sequenceLength = x;
    return w;
}

std::vector<SweepPoint> sweep(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                              SweepAxis axis, const std::vector<int64_t>& xs,
                              const Calibration* cal) {
    const EnsureReplayCache replays;
    std::vector<SweepPoint> out;
    out.reserve(xs.size());
    for (int64_t x : xs) {
        const Estimate e = plannedEstimate(m, atAxisValue(w, axis, x), gpu, cal);
        SweepPoint p;
        p.x = x;
        p.terms = e.worst.atPeak;
        p.allocated = e.worst.allocated;
        p.reserved = e.worst.reserved;
        p.nvidiaSmi = e.worst.nvidiaSmi;
        p.fits = e.fits;
        out.push_back(p);
    }
    return out;
}

std::vector<SweepBandPoint> sweepBand(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                                      SweepAxis axis, const std::vector<int64_t>& xs,
                                      const Calibration* cal, int points) {
    const EnsureReplayCache replays;
    std::vector<SweepBandPoint> out;
    const std::size_t n = xs.size();
    if (n == 0 || points < 1)
        return out;
    const std::size_t want =
        std::min<std::size_t>(n, static_cast<std::size_t>(std::max(points, 2)));
    constexpr auto smi = static_cast<std::size_t>(Metric::NvidiaSmi);
    // evenly by index, both ends; want <= n, so the indices rise strictly
    for (std::size_t k = 0; k < want; ++k) {
        const std::size_t i = want == 1 ? 0 : k * (n - 1) / (want - 1);
        const Band b = plannedRun(m, atAxisValue(w, axis, xs[i]), gpu, cal).band;
        out.push_back({xs[i], b.low[smi], b.high[smi]});
    }
    return out;
}

BandVerdict bandVerdictAt(const ModelArch& m, const Workload& w, const GpuSpec& gpu, SweepAxis axis,
                          int64_t x, const Calibration* cal) {
    const EnsureReplayCache replays;
    const PlannedRun run = plannedRun(m, atAxisValue(w, axis, x), &gpu, cal);
    return bandVerdict(run.band, run.estimate.capacity);
}

std::vector<int64_t> sweepValues(int64_t maxX, int points) {
    std::vector<int64_t> xs;
    if (maxX < 1 || points < 1)
        return xs;
    if (maxX <= points) {
        for (int64_t x = 1; x <= maxX; ++x)
            xs.push_back(x);
        return xs;
    }
    // geometric spacing from 1 to maxX, deduplicated, always including both ends
    const double ratio = std::pow(static_cast<double>(maxX), 1.0 / (points - 1));
    double v = 1;
    for (int i = 0; i < points; ++i, v *= ratio) {
        const int64_t x = std::clamp<int64_t>(std::llround(v), 1, maxX);
        if (xs.empty() || x > xs.back())
            xs.push_back(x);
    }
    if (xs.back() != maxX)
        xs.push_back(maxX);
    return xs;
}

std::vector<int64_t> sequenceValues(int64_t lo, int64_t hi) {
    std::vector<int64_t> xs;
    if (lo < 1 || hi < lo)
        return xs;
    for (int i = 0;; ++i) {
        const auto x = static_cast<int64_t>(
            std::llround(static_cast<double>(lo) * std::exp2(static_cast<double>(i) / 4.0)));
        if (x >= hi)
            break;
        const int64_t rounded = x >= 64 ? (x + 8) / 16 * 16 : x;
        if (rounded >= hi)
            break;
        if (xs.empty() || rounded > xs.back())
            xs.push_back(rounded);
    }
    xs.push_back(hi);
    return xs;
}

int64_t sweepUpper(int64_t current, int64_t maxFit, int64_t lo, int64_t hi) {
    const int64_t want = std::max<int64_t>(std::max(current, maxFit), 1) * 2;
    const auto p = static_cast<int64_t>(std::bit_ceil(static_cast<uint64_t>(want)));
    return std::clamp(p, lo, hi);
}

int64_t maxMicroBatch(const ModelArch& m, const Workload& w, const GpuSpec& gpu, int64_t limit,
                      const Calibration* cal) {
    return largestFitting(m, w, gpu, SweepAxis::MicroBatch, limit, cal);
}

int64_t maxSequenceLength(const ModelArch& m, const Workload& w, const GpuSpec& gpu, int64_t limit,
                          const Calibration* cal) {
    Workload ww = w;
    if (ww.parallel.cp > 1) // keep CP dividing the sequence: search in units of cp
        return largestFitting(m, ww, gpu, SweepAxis::SequenceLength, limit / ww.parallel.cp, cal) *
               ww.parallel.cp;
    return largestFitting(m, ww, gpu, SweepAxis::SequenceLength, limit, cal);
}

CliffLine cliffLine(const ModelArch& m, const Workload& w, const GpuSpec* gpu) {
    const EnsureReplayCache replays;
    const double y1 = estimate(m, atAxisValue(w, SweepAxis::MicroBatch, 1), gpu).worst.nvidiaSmi;
    const double y2 = estimate(m, atAxisValue(w, SweepAxis::MicroBatch, 2), gpu).worst.nvidiaSmi;
    return CliffLine{y1 - (y2 - y1), y2 - y1};
}

namespace {

/// The playbook's candidates for one scenario: each a changed workload, estimated on the GPU
/// and kept when it saves at least 1 MiB of the bytes the fits verdict counts.
struct PlaybookBuilder {
    const ModelArch& m;
    const Workload& w;
    const GpuSpec& gpu;
    bool fitsNow = false;
    /// Savings in the bytes the fits verdict counts, both sides with this GPU: the releasable
    /// cache is clamped to the card, so an unclamped total before against a clamped one after
    /// would show savings that change nothing, or hide that a change breaks a fitting run.
    double before = 0;
    std::vector<PlaybookItem> items;

    void add(PlaybookAction a, int64_t value, std::optional<LeverOption> o, const Workload& changed,
             int rank) {
        if (validateWorkload(m, changed))
            return;
        const PlannedRun run = plannedRun(m, changed, &gpu);
        const Estimate& e = run.estimate;
        PlaybookItem it{a,
                        value,
                        o,
                        changed,
                        before - countedBytes(e),
                        countedBytes(e),
                        e.fits,
                        bandVerdict(run.band, e.capacity),
                        rank};
        if (it.savedBytes > kMiB) // ignore changes that save less than 1 MiB
            items.push_back(it);
    }
    /// Every row of the lever table the playbook lists and the scenario offers.
    void addLevers() {
        const int64_t globalBatch = w.globalBatch().value_or(0);
        if (w.mode == Mode::Training && globalBatch <= 0)
            return; // an overflowing global batch: validateWorkload rejects the run
        for (const LeverRow& r : leverTable()) {
            if (r.playbookRank <= 0 || !isOffered(r.option, m, w))
                continue;
            if (const std::optional<Workload> c = change(r.option, globalBatch))
                add(r.action, playbookValue(r.action, *c), r.option, *c, r.playbookRank);
        }
    }
    /// @p o on the scenario (applyOption, written once for the playbook and the plan search);
    /// the longest sequence, the largest micro-batch and the fewest GPUs that fit are searched
    /// here when the run does not fit. Empty when no such value changes the run.
    std::optional<Workload> change(LeverOption o, int64_t globalBatch) const;
};

std::optional<Workload> PlaybookBuilder::change(LeverOption o, int64_t globalBatch) const {
    Workload c = applyOption(w, w, o, globalBatch);
    switch (o) {
    case LeverOption::SequenceFitting:
        if (!fitsNow) {
            const int64_t s = maxSequenceLength(m, w, gpu, w.sequenceLength - 1);
            c.sequenceLength = s >= 256 ? s / 128 * 128 : s;
        }
        return c.sequenceLength >= 1 ? std::optional(c) : std::nullopt;
    case LeverOption::MicroBatchFitting:
        if (!fitsNow) {
            c.microBatch = std::max<int64_t>(1, maxMicroBatch(m, w, gpu, w.microBatch - 1));
            keepGlobalBatch(c, globalBatch);
        }
        return c;
    case LeverOption::MoreGpusFullShard: {
        if (fitsNow)
            return std::nullopt; // more GPUs are advice only for a run that does not fit
        // from twice the current DP up to 1024: only a GPU count that fits is advice; more
        // ranks never raise a rank's memory (tst_properties), so the fit is monotone
        std::vector<Workload> tries;
        for (; c.parallel.dp <= 1024; c = applyOption(w, c, o, globalBatch))
            tries.push_back(c);
        const std::optional<std::size_t> i = firstFitting(
            tries.size(), [&](std::size_t t) { return plannedEstimate(m, tries[t], &gpu).fits; });
        return i ? std::optional(tries[*i]) : std::nullopt;
    }
    default:
        return c;
    }
}

} // namespace

std::vector<PlaybookItem> playbook(const ModelArch& m, const Workload& w, const GpuSpec& gpu) {
    const EnsureReplayCache replays;
    const Estimate now = plannedEstimate(m, w, &gpu);
    PlaybookBuilder b{m, w, gpu, now.fits, countedBytes(now), {}};
    b.addLevers();
    std::vector<PlaybookItem>& items = b.items;
    // When the scenario does not fit: the least disruptive combination of levers that does
    // (core/plan/plan_search.h), unless it is one change that the list already shows fitting.
    if (!now.fits) {
        const bool singleFits =
            std::any_of(items.begin(), items.end(), [](const PlaybookItem& i) { return i.fits; });
        Plan plan = searchPlan(m, w, gpu);
        if (plan.found && (plan.steps.size() >= 2 || (plan.steps.size() == 1 && !singleFits))) {
            const size_t n = items.size();
            b.add(PlaybookAction::Combined, plan.cost, std::nullopt, plan.result(w), 11);
            if (items.size() > n)
                items.back().plan = std::move(plan);
        }
    }
    // fits first, then the point fits (the plan's rule) but the band may not, then the rest
    std::stable_sort(items.begin(), items.end(), [](const PlaybookItem& x, const PlaybookItem& y) {
        if (x.fits != y.fits)
            return x.fits;
        if (x.verdict != y.verdict)
            return x.verdict < y.verdict; // BandVerdict: Fits, MayNotFit, DoesNotFit
        if (x.rank != y.rank)
            return x.rank < y.rank;
        return x.savedBytes > y.savedBytes;
    });
    return std::move(items);
}

std::string describe(const PlaybookItem& it) {
    std::string what;
    if (it.option) {
        what = describeStep(*it.option, it.changed);
    } else { // Combined
        what = "plan (disruption cost " + std::to_string(it.value) + "):";
        const char* sep = " ";
        for (const PlanStep& step : it.plan.steps) {
            what += sep + describeStep(step.option, step.after);
            sep = " + ";
        }
    }
    char buf[64];
    const char* verdict = it.verdict == BandVerdict::Fits        ? "fits"
                          : it.verdict == BandVerdict::MayNotFit ? "may not fit"
                                                                 : "still OOM";
    std::snprintf(buf, sizeof buf, ": %s%.1f GiB -> %s", it.savedBytes >= 0 ? "-" : "+",
                  std::abs(it.savedBytes) / kGiB, verdict);
    return what + buf;
}

namespace {

/// The estimate of @p w on dp x tp x pp when that layout is valid and fits.
std::optional<LayoutResult> fittingLayout(const ModelArch& m, const Workload& w, const GpuSpec& gpu,
                                          int dp, int tp, int pp) {
    const Workload c = layoutCandidate(w, dp, tp, pp);
    if (validateWorkload(m, c))
        return std::nullopt;
    Estimate e = plannedEstimate(m, c, &gpu);
    if (!e.fits)
        return std::nullopt;
    return LayoutResult{c.parallel, std::move(e)};
}

/// The fewest data-parallel ranks (1..maxDp) with which tp x pp fits. One rank shards nothing;
/// from two on the states are sharded over the ranks and no per-rank term grows with them, so
/// the fit is monotone in dp and firstFitting finds the fewest: one rank, then maxDp (nothing
/// fits: done), then a bisection; at most 2 + ceil(log2(maxDp)) estimates.
std::optional<LayoutResult> fewestDataRanks(const ModelArch& m, const Workload& w,
                                            const GpuSpec& gpu, int tp, int pp, int maxDp) {
    std::optional<LayoutResult> fewest; // the fitting layout of the fewest ranks tried
    const auto fits = [&](std::size_t i) {
        const int dp = static_cast<int>(i) + 1;
        std::optional<LayoutResult> r = fittingLayout(m, w, gpu, dp, tp, pp);
        if (!r)
            return false;
        if (!fewest || dp < fewest->layout.dp)
            fewest = std::move(r);
        return true;
    };
    return firstFitting(static_cast<std::size_t>(std::max(maxDp, 1)), fits) ? fewest : std::nullopt;
}

} // namespace

Workload layoutCandidate(const Workload& w, int dp, int tp, int pp) {
    Workload c = w;
    c.parallel.tp = tp;
    c.parallel.pp = pp;
    c.parallel.dp = dp;
    c.parallel.cp = 1;
    c.parallel.ep = 1;
    if (dp > 1 && c.parallel.sharding == Sharding::None)
        c.parallel.sharding = Sharding::FsdpFullShard;
    if (dp == 1)
        c.parallel.sharding = Sharding::None;
    return c;
}

std::optional<LayoutResult> smallestLayout(const ModelArch& m, const Workload& w,
                                           const GpuSpec& gpu, int maxGpus) {
    // One family per TP (within a node) x PP (a power of two, at most the layers): its fewest
    // data-parallel ranks, then the fewest GPUs over the families; a tie goes to less model
    // parallelism, then to more headroom. Families of more model-parallel GPUs than the best
    // count so far are skipped. Bound: 4 x (log2(layers) + 1) families, each at most
    // 2 + 2 x log2(maxGpus) estimates (about 3,000 at maxGpus 2^20 and 100,000 layers).
    std::optional<LayoutResult> best;
    for (int tp : {1, 2, 4, 8}) {
        if (tp > maxGpus || m.numHeads % tp != 0 || (m.numKvHeads > tp && m.numKvHeads % tp != 0))
            continue;
        for (int pp = 1; pp <= std::min(maxGpus / tp, m.numLayers); pp *= 2) {
            if (best && tp * pp > best->layout.gpus())
                break;
            auto r = fewestDataRanks(m, w, gpu, tp, pp, maxGpus / (tp * pp));
            if (!r)
                continue;
            const int64_t n = r->layout.gpus(), bestN = best ? best->layout.gpus() : 0;
            const int mp = tp * pp, bestMp = best ? best->layout.tp * best->layout.pp : 0;
            if (!best || n < bestN || (n == bestN && mp < bestMp) ||
                (n == bestN && mp == bestMp && r->estimate.headroom > best->estimate.headroom))
                best = std::move(r);
        }
    }
    return best;
}

} // namespace headroom
