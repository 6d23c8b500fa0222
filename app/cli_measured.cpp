// cli_measured.cpp: `headroom-cli estimate --measured FILE` output.

#include "app/cli_measured.h"

#include "app/cli_common.h"
#include "app/cli_format.h"

#include <algorithm>
#include <cstdio>

namespace headroom::cli {
namespace {

const char* const kMetricNames[] = {"allocated peak", "reserved peak", "nvidia-smi peak"};
const char* const kMetricKeys[] = {"allocated", "reserved", "nvidia_smi"};
const char* const kPhaseNames[] = {"after load", "forward", "backward", "optimizer step"};
const char* const kCategoryNames[] = {"parameters", "gradients (end of backward)",
                                      "optimizer states", "the rest at the allocated peak"};

std::string percent(double rel) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f %%", rel * 100.0);
    return buf;
}

nlohmann::json pairJson(const MeasuredPair& p) {
    return {{"predicted_bytes", p.predicted},
            {"measured_bytes", p.measured},
            {"error", p.relativeError()}};
}

void addRow(TextTable& t, const std::string& name, const MeasuredPair& p) {
    t.addRow({name, fmtGiB(p.predicted), fmtGiB(p.measured), percent(p.relativeError())});
}

std::string lengthsRange(const MeasuredRun& run) {
    const auto [lo, hi] = run.lengthRange();
    return std::to_string(lo) + ".." + std::to_string(hi);
}

} // namespace

std::string differenceText(const Difference& d, const MeasuredRun& run) {
    const std::string m = fmtGiB(d.measured), p = fmtGiB(d.predicted);
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.2fx", d.predicted > 0 ? d.measured / d.predicted : 0.0);
    switch (d.code) {
    case DifferenceCode::LengthFragmentation:
        return "reserved is " + std::string(ratio) + " allocated (" + m + " of " + p +
               "): the step lengths varied (" + lengthsRange(run) +
               " tokens) under the default caching allocator, which keeps a segment for each "
               "longer batch; PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True removes it "
               "(--lengths real models it)";
    case DifferenceCode::AllocatorGap:
        return "reserved is " + std::string(ratio) + " allocated (" + m + " of " + p +
               ") with fixed lengths: cached blocks the estimate's allocator model does not have";
    case DifferenceCode::ParametersDiffer:
        return "parameters: measured " + m + ", predicted " + p +
               " (a dtype, tied embeddings or quantisation the scenario does not have)";
    case DifferenceCode::GradientsDiffer:
        return "gradients: measured " + m + ", predicted " + p +
               " (the trainable set or the gradient dtype differs)";
    case DifferenceCode::OptimizerStatesDiffer:
        return "optimizer states: measured " + m + ", predicted " + p +
               " (the optimizer or its state dtype differs)";
    case DifferenceCode::TransientsDiffer:
        return "activations and temporaries at the peak: measured " + m + ", predicted " + p +
               " (attention kernel, checkpointing, logits or the loss differ)";
    case DifferenceCode::ContextDiffers:
        return "nvidia-smi less reserved (CUDA context, cuBLAS, NCCL): measured " + m +
               ", predicted " + p;
    case DifferenceCode::Unmodelled:
        return "not modelled: " + d.detail;
    }
    return {};
}

nlohmann::json measuredJson(const MeasuredFile& f, const MeasuredComparison& c) {
    nlohmann::json metrics, phases, categories, diffs = nlohmann::json::array();
    for (size_t i = 0; i < c.metrics.size(); ++i)
        if (c.hasMetric[i])
            metrics[kMetricKeys[i]] = pairJson(c.metrics[i]);
    for (size_t i = 0; i < c.phases.size(); ++i)
        if (c.phases[i])
            phases[std::string(phaseKey(static_cast<Phase>(i)))] = pairJson(*c.phases[i]);
    for (size_t i = 0; i < c.categories.size(); ++i)
        if (c.categories[i])
            categories[std::string(measuredCategoryKey(static_cast<MeasuredCategory>(i)))] =
                pairJson(*c.categories[i]);
    for (const Difference& d : c.differences)
        diffs.push_back({{"code", differenceKey(d.code)},
                         {"measured_bytes", d.measured},
                         {"predicted_bytes", d.predicted},
                         {"detail", d.detail},
                         {"text", differenceText(d, f.run)}});
    return {{"device", f.run.deviceName},  {"captured_by", f.run.capturedBy},
            {"steps", f.run.steps.size()}, {"step_lengths", f.run.stepLengths()},
            {"metrics", metrics},          {"phases", phases},
            {"categories", categories},    {"differences", diffs}};
}

std::string measuredText(const MeasuredFile& f, const MeasuredComparison& c) {
    std::string out =
        f.run.fromSnapshot
            ? "Measured run: PyTorch's memory snapshot (" + std::to_string(f.run.segmentCount) +
                  " segments; peaks from its trace when it has one, else the segments at the "
                  "dump)\n\n"
            : "Measured run: " + f.run.deviceName + ", " + std::to_string(f.run.steps.size()) +
                  " steps captured (" + f.run.capturedBy + ")\n\n";
    TextTable metrics({"", "predicted", "measured", "error"}, {false, true, true, true});
    for (size_t i = 0; i < c.metrics.size(); ++i)
        if (c.hasMetric[i])
            addRow(metrics, kMetricNames[i], c.metrics[i]);
    out += metrics.render();
    TextTable phases({"phase", "predicted", "measured", "error"}, {false, true, true, true});
    bool any = false;
    for (size_t i = 0; i < c.phases.size(); ++i)
        if (c.phases[i]) {
            addRow(phases, kPhaseNames[i], *c.phases[i]);
            any = true;
        }
    if (any)
        out += "\nAllocated peak by phase\n" + phases.render(2);
    TextTable cats({"category", "predicted", "measured", "error"}, {false, true, true, true});
    any = false;
    for (size_t i = 0; i < c.categories.size(); ++i)
        if (c.categories[i]) {
            addRow(cats, kCategoryNames[i], *c.categories[i]);
            any = true;
        }
    if (any)
        out += "\nBy category\n" + cats.render(2);
    out += "\nWhat differs\n";
    if (c.differences.empty())
        out += "  nothing beyond the tolerances (docs/measured-runs.md)\n";
    for (const Difference& d : c.differences)
        out += "  - " + differenceText(d, f.run) + "\n";
    return out;
}

} // namespace headroom::cli
