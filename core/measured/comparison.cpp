#include "core/measured/comparison.h"

#include "core/engine/estimator.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace headroom {
namespace {

double term(const RankEstimate& r, Term t) {
    return r.atPeak[static_cast<size_t>(t)];
}

/// The last captured step that has boundary @p p, or nullptr.
const MeasuredBoundary* lastBoundary(const MeasuredRun& run, Phase p) {
    for (auto it = run.steps.rbegin(); it != run.steps.rend(); ++it)
        if (const auto& b = it->phases[static_cast<size_t>(p)])
            return &*b;
    return nullptr;
}

void comparePhases(const RankEstimate& r, const MeasuredRun& run, MeasuredComparison& out) {
    if (!run.fromSnapshot)
        out.phases[static_cast<size_t>(Phase::AfterLoad)] = MeasuredPair{
            r.phaseAllocated[static_cast<size_t>(Phase::AfterLoad)], run.afterLoad.allocated};
    for (Phase p : {Phase::Forward, Phase::Backward, Phase::OptimizerStep}) {
        std::optional<double> peak;
        for (const MeasuredStep& s : run.steps)
            if (const auto& b = s.phases[static_cast<size_t>(p)])
                peak = std::max(peak.value_or(0.0), b->allocatedPeak);
        if (peak)
            out.phases[static_cast<size_t>(p)] =
                MeasuredPair{r.phaseAllocated[static_cast<size_t>(p)], *peak};
    }
}

void compareCategories(const RankEstimate& r, const MeasuredRun& run, MeasuredComparison& out) {
    const MeasuredBoundary* bwd = lastBoundary(run, Phase::Backward);
    const MeasuredBoundary* opt = lastBoundary(run, Phase::OptimizerStep);
    auto set = [&out](MeasuredCategory c, double pred, std::optional<double> meas) {
        if (meas)
            out.categories[static_cast<size_t>(c)] = MeasuredPair{pred, *meas};
    };
    const double params = term(r, Term::Weights) + term(r, Term::MasterWeights);
    const double states = term(r, Term::OptimizerStates);
    set(MeasuredCategory::Parameters, params, bwd ? bwd->parameters : run.afterLoad.parameters);
    set(MeasuredCategory::Gradients, r.storedGradients, bwd ? bwd->gradients : std::nullopt);
    set(MeasuredCategory::OptimizerStates, states, opt ? opt->optimizerStates : std::nullopt);
    const auto& mp = out.categories[static_cast<size_t>(MeasuredCategory::Parameters)];
    const auto& ms = out.categories[static_cast<size_t>(MeasuredCategory::OptimizerStates)];
    if (mp && ms)
        set(MeasuredCategory::TransientAtPeak, r.allocated - params - states,
            run.peakAllocated - mp->measured - ms->measured);
}

bool lengthsVary(const MeasuredRun& run) {
    const std::vector<int64_t> lengths = run.stepLengths();
    return std::set<int64_t>(lengths.begin(), lengths.end()).size() > 1;
}

bool expandable(const MeasuredRun& run) {
    return run.expandableSegments > 0 ||
           run.allocatorConf.find("expandable_segments:True") != std::string::npos;
}

void allocatorFindings(const MeasuredRun& run, const MeasuredComparison& c,
                       std::vector<Difference>& out) {
    const MeasuredPair& res = c.metrics[static_cast<size_t>(Metric::Reserved)];
    if (run.peakAllocated <= 0 || run.peakReserved < kReservedRatio * run.peakAllocated ||
        res.relativeError() > -kTransientTolerance)
        return; // no large cache, or the estimate already has it
    const bool varied = lengthsVary(run) && !expandable(run);
    out.push_back({varied ? DifferenceCode::LengthFragmentation : DifferenceCode::AllocatorGap,
                   run.peakReserved,
                   run.peakAllocated,
                   {}});
}

void categoryFindings(const MeasuredComparison& c, std::vector<Difference>& out) {
    struct Rule {
        MeasuredCategory category;
        DifferenceCode code;
        double tolerance;
    };
    constexpr Rule rules[] = {
        {MeasuredCategory::Parameters, DifferenceCode::ParametersDiffer, kPersistentTolerance},
        {MeasuredCategory::Gradients, DifferenceCode::GradientsDiffer, kPersistentTolerance},
        {MeasuredCategory::OptimizerStates, DifferenceCode::OptimizerStatesDiffer,
         kPersistentTolerance},
        {MeasuredCategory::TransientAtPeak, DifferenceCode::TransientsDiffer, kTransientTolerance},
    };
    for (const Rule& rule : rules) {
        const auto& pair = c.categories[static_cast<size_t>(rule.category)];
        if (!pair)
            continue;
        const double gap = std::abs(pair->predicted - pair->measured);
        // a gap of under 64 MiB is noise for any of these (allocator rounding, small buffers)
        if (gap > rule.tolerance * std::max(pair->measured, 1.0) && gap > 64.0 * 1048576)
            out.push_back({rule.code, pair->measured, pair->predicted, {}});
    }
}

} // namespace

std::string_view measuredCategoryKey(MeasuredCategory c) {
    switch (c) {
    case MeasuredCategory::Parameters:
        return "parameters";
    case MeasuredCategory::Gradients:
        return "gradients";
    case MeasuredCategory::OptimizerStates:
        return "optimizer_states";
    case MeasuredCategory::TransientAtPeak:
        return "transient_at_peak";
    }
    return "parameters";
}

std::string_view differenceKey(DifferenceCode c) {
    switch (c) {
    case DifferenceCode::LengthFragmentation:
        return "length_fragmentation";
    case DifferenceCode::AllocatorGap:
        return "allocator_gap";
    case DifferenceCode::ParametersDiffer:
        return "parameters_differ";
    case DifferenceCode::GradientsDiffer:
        return "gradients_differ";
    case DifferenceCode::OptimizerStatesDiffer:
        return "optimizer_states_differ";
    case DifferenceCode::TransientsDiffer:
        return "transients_differ";
    case DifferenceCode::ContextDiffers:
        return "context_differs";
    case DifferenceCode::Unmodelled:
        return "unmodelled";
    }
    return "unmodelled";
}

double MeasuredPair::relativeError() const {
    return measured > 0 ? (predicted - measured) / measured : 0.0;
}

MeasuredComparison compareMeasured(const Scenario& s, const MeasuredRun& run) {
    Estimate e = estimate(s.model, s.workload, &s.gpu);
    if (const Calibration* cal = activeCalibration(s))
        applyCalibration(e, *cal, s.workload);
    return compareMeasured(e, run);
}

MeasuredComparison compareMeasured(const Estimate& e, const MeasuredRun& run) {
    MeasuredComparison out;
    out.estimate = e;
    const RankEstimate& r = out.estimate.worst;
    out.metrics[static_cast<size_t>(Metric::Allocated)] = {r.allocated, run.peakAllocated};
    out.metrics[static_cast<size_t>(Metric::Reserved)] = {r.reserved, run.peakReserved};
    out.metrics[static_cast<size_t>(Metric::NvidiaSmi)] = {r.nvidiaSmi,
                                                           run.peak(Metric::NvidiaSmi)};
    for (Metric m : {Metric::Allocated, Metric::Reserved, Metric::NvidiaSmi})
        out.hasMetric[static_cast<size_t>(m)] = run.has(m);
    comparePhases(r, run, out);
    compareCategories(r, run, out);
    allocatorFindings(run, out, out.differences);
    categoryFindings(out, out.differences);
    const double measuredContext = run.peak(Metric::NvidiaSmi) - run.peakReserved;
    const double predictedContext = r.nvidiaSmi - r.reserved;
    if (run.has(Metric::NvidiaSmi) && run.peak(Metric::NvidiaSmi) > 0 &&
        std::abs(measuredContext - predictedContext) > kContextTolerance)
        out.differences.push_back(
            {DifferenceCode::ContextDiffers, measuredContext, predictedContext, {}});
    for (const std::string& u : run.unmodelled)
        out.differences.push_back({DifferenceCode::Unmodelled, 0, 0, u});
    return out;
}

Measurement measurementFromRun(const MeasuredRun& run, Metric m) {
    return Measurement{m, run.peak(m), false, CalibrationSource::Capture, run.capturedBy};
}

} // namespace headroom
