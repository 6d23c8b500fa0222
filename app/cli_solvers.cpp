// cli_solvers.cpp: `headroom-cli sweep`, `max-batch` and `layout` (core solvers, formatted).

#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "app/cli_format.h"
#include "app/cli_scenario.h"

#include "core/engine/warnings.h"
#include "core/plan/solvers.h"

#include <algorithm>
#include <cmath>

namespace headroom::cli {

namespace {

using json = nlohmann::json;

SweepAxis axisOption(const QCommandLineParser& p) {
    const QString a = p.value(QStringLiteral("axis")).trimmed().toLower();
    if (a.isEmpty() || a == QLatin1String("micro-batch") || a == QLatin1String("micro_batch") ||
        a == QLatin1String("batch"))
        return SweepAxis::MicroBatch;
    if (a == QLatin1String("seq-len") || a == QLatin1String("seq_len") ||
        a == QLatin1String("sequence-length"))
        return SweepAxis::SequenceLength;
    usageError("--axis: unknown value '" + str(p.value(QStringLiteral("axis"))) +
               "' (expected micro-batch or seq-len)");
}

/// The engine's largest micro-batch or sequence length: the bound of every value on @p a.
int64_t axisLimit(SweepAxis a) {
    return a == SweepAxis::MicroBatch ? kMaxMicroBatch : kMaxSequenceLength;
}

std::string axisKey(SweepAxis a) {
    return a == SweepAxis::MicroBatch ? "micro_batch" : "seq_len";
}

QCommandLineOption axisOptionDef() {
    return QCommandLineOption(QStringLiteral("axis"),
                              QStringLiteral("micro-batch (default) or seq-len."),
                              QStringLiteral("axis"), QStringLiteral("micro-batch"));
}

void noPositional(const QCommandLineParser& p, const char* cmd) {
    if (!p.positionalArguments().isEmpty())
        usageError(std::string(cmd) + ": unexpected argument '" +
                   str(p.positionalArguments().first()) + "'");
}

/// Evenly spaced integers from..to (inclusive), @p points of them, duplicates removed.
std::vector<int64_t> linearValues(int64_t from, int64_t to, int64_t points) {
    std::vector<int64_t> xs;
    if (points <= 1 || from == to) {
        xs.push_back(from);
        if (to != from)
            xs.push_back(to);
        return xs;
    }
    for (int64_t i = 0; i < points; ++i) {
        const double x = static_cast<double>(from) + static_cast<double>(to - from) *
                                                         static_cast<double>(i) /
                                                         static_cast<double>(points - 1);
        const auto v = static_cast<int64_t>(std::llround(x));
        if (xs.empty() || xs.back() != v)
            xs.push_back(v);
    }
    return xs;
}

} // namespace

int runSweep(const QStringList& args) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Memory against micro-batch or sequence length, each point computed exactly.\n"
        "Values: --values 1,2,4 or --from/--to/--points (evenly spaced integers; defaults "
        "1..16 for micro-batch, 512..8192 for seq-len). CSV by default, bytes."));
    p.addHelpOption();
    addScenarioOptions(p);
    p.addOption(axisOptionDef());
    p.addOption(QCommandLineOption(QStringLiteral("from"), QStringLiteral("First value."),
                                   QStringLiteral("n")));
    p.addOption(QCommandLineOption(QStringLiteral("to"), QStringLiteral("Last value."),
                                   QStringLiteral("n")));
    p.addOption(QCommandLineOption(QStringLiteral("points"),
                                   QStringLiteral("Number of values (default: up to 16)."),
                                   QStringLiteral("n")));
    p.addOption(QCommandLineOption(QStringLiteral("values"),
                                   QStringLiteral("Explicit values, comma-separated."),
                                   QStringLiteral("list")));
    p.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("JSON instead of CSV.")));
    if (!parseOrThrow(p, args))
        return kExitOk;
    noPositional(p, "sweep");
    const SweepAxis axis = axisOption(p);
    std::vector<int64_t> xs;
    if (p.isSet(QStringLiteral("values"))) {
        if (p.isSet(QStringLiteral("from")) || p.isSet(QStringLiteral("to")) ||
            p.isSet(QStringLiteral("points")))
            usageError("give either --values or --from/--to/--points");
        xs = intListOption(p, QStringLiteral("values"), 1, axisLimit(axis));
    } else {
        const bool mb = axis == SweepAxis::MicroBatch;
        const int64_t max = axisLimit(axis);
        const int64_t from = intOption(p, QStringLiteral("from"), 1, max).value_or(mb ? 1 : 512);
        const int64_t to = intOption(p, QStringLiteral("to"), 1, max).value_or(mb ? 16 : 8192);
        if (to < from)
            usageError("--to " + std::to_string(to) + " is below --from " + std::to_string(from));
        const int64_t points = intOption(p, QStringLiteral("points"), 1, kMaxSweepPoints)
                                   .value_or(std::min<int64_t>(16, to - from + 1));
        xs = linearValues(from, to, points);
    }
    const CliScenario c = buildScenario(p);
    const Scenario& s = c.scenario;
    const std::vector<SweepPoint> pts =
        sweep(s.model, s.workload, &s.gpu, axis, xs, activeCalibration(s));
    const std::string ax = axisKey(axis);
    if (p.isSet(QStringLiteral("json"))) {
        json arr = json::array();
        for (const SweepPoint& pt : pts)
            arr.push_back({{ax, pt.x},
                           {"allocated", pt.allocated},
                           {"reserved", pt.reserved},
                           {"nvidia_smi", pt.nvidiaSmi},
                           {"fits", pt.fits},
                           {"terms", termsJson(pt.terms)}});
        json j{{"axis", ax},
               {"units", "bytes"},
               {"gpu", s.gpu.name},
               {"capacity_bytes", s.gpu.bytes()},
               {"points", arr}};
        if (s.calibration)
            j["calibration"] = calibrationJson(s, nullptr);
        out(j.dump(2));
        return kExitOk;
    }
    std::string csv = ax + ",allocated_bytes,reserved_bytes,nvidia_smi_bytes,fits";
    for (int i = 0; i < kTermCount; ++i)
        csv += "," + std::string(termKey(static_cast<Term>(i))) + "_bytes";
    csv += "\n";
    for (const SweepPoint& pt : pts) {
        csv += std::to_string(pt.x) + "," + fmtNum(pt.allocated, 0) + "," + fmtNum(pt.reserved, 0) +
               "," + fmtNum(pt.nvidiaSmi, 0) + "," + (pt.fits ? "true" : "false");
        for (int i = 0; i < kTermCount; ++i)
            csv += "," + fmtNum(pt.terms[static_cast<std::size_t>(i)], 0);
        csv += "\n";
    }
    out(csv);
    return kExitOk;
}

int runMaxBatch(const QStringList& args) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Largest micro-batch (or, with --axis seq-len, the longest sequence) that fits the GPU "
        "by the nvidia-smi metric."));
    p.addHelpOption();
    addScenarioOptions(p);
    p.addOption(axisOptionDef());
    p.addOption(QCommandLineOption(QStringLiteral("limit"),
                                   QStringLiteral("Upper bound of the search."),
                                   QStringLiteral("n")));
    p.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("JSON output.")));
    if (!parseOrThrow(p, args))
        return kExitOk;
    noPositional(p, "max-batch");
    const SweepAxis axis = axisOption(p);
    const auto limit = intOption(p, QStringLiteral("limit"), 1, axisLimit(axis));
    const CliScenario c = buildScenario(p);
    const Scenario& s = c.scenario;
    const Calibration* cal = activeCalibration(s);
    const int64_t best =
        axis == SweepAxis::MicroBatch
            ? maxMicroBatch(s.model, s.workload, s.gpu, limit.value_or(1 << 20), cal)
            : maxSequenceLength(s.model, s.workload, s.gpu, limit.value_or(int64_t{1} << 24), cal);
    // the metrics of the point found (inference: the context, core atAxisValue), or of 1
    const Workload at = atAxisValue(s.workload, axis, std::max<int64_t>(best, 1));
    const Estimate e = calibratedEstimate(s.model, at, &s.gpu, cal);
    json warnings = json::array();
    for (const Warning& w : workloadWarnings(s.model, at))
        warnings.push_back({{"code", std::string(warningKey(w.code))},
                            {"field", w.field},
                            {"value", w.value},
                            {"limit", w.limit},
                            {"message", describe(w)}});
    const std::string what = axis == SweepAxis::MicroBatch ? "micro-batch" : "sequence length";
    if (p.isSet(QStringLiteral("json"))) {
        json j{{"axis", axisKey(axis)},
               {"max", best},
               {"fits_at_all", best > 0},
               {"gpu", s.gpu.name},
               {"capacity_bytes", e.capacity},
               {"metrics_at_max", best > 0 ? metricsJson(e.worst) : json(nullptr)},
               {"metrics_at_1", best > 0 ? json(nullptr) : metricsJson(e.worst)}};
        if (s.calibration)
            j["calibration"] = calibrationJson(s, nullptr);
        if (!warnings.empty()) // typed warnings of the point found, only when there is one
            j["warnings"] = warnings;
        out(j.dump(2));
        return kExitOk;
    }
    std::string t = "Scenario: " + scenarioSummary(s) + "\n";
    t += "GPU: " + gpuSummary(s.gpu) + "\n";
    t += calibrationText(s, nullptr);
    for (const Warning& w : workloadWarnings(s.model, at))
        t += "Warning (at the maximum): " + describe(w) + "\n";
    if (best > 0)
        t += "Largest " + what + " that fits: " + std::to_string(best) + " (nvidia-smi " +
             fmtGiB(e.worst.nvidiaSmi) + " of " + fmtGiB(e.capacity) + ", headroom " +
             fmtGiB(e.headroom) + ")\n";
    else
        t += "Even a " + what + " of 1 does not fit: nvidia-smi " + fmtGiB(e.worst.nvidiaSmi) +
             " of " + fmtGiB(e.capacity) + " (see 'estimate' for the OOM playbook)\n";
    out(t);
    return kExitOk;
}

int runLayout(const QStringList& args) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Smallest parallel layout (fewest GPUs, then least TP/PP) of the chosen GPU that fits, "
        "and its tightest rank."));
    p.addHelpOption();
    addScenarioOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("max-gpus"),
                                   QStringLiteral("Largest GPU count to try (default 1024)."),
                                   QStringLiteral("n")));
    p.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("JSON output.")));
    if (!parseOrThrow(p, args))
        return kExitOk;
    noPositional(p, "layout");
    const CliScenario c = buildScenario(p);
    const Scenario& s = c.scenario;
    const int maxGpus =
        static_cast<int>(intOption(p, QStringLiteral("max-gpus"), 1, kMaxGpus).value_or(1024));
    const auto r = smallestLayout(s.model, s.workload, s.gpu, maxGpus);
    if (!r)
        dataError("no layout of up to " + std::to_string(maxGpus) + " x " +
                  (s.gpu.name.empty() ? s.gpu.key : s.gpu.name) + " fits this scenario");
    const Parallelism& L = r->layout;
    const RankEstimate& w = r->estimate.worst;
    if (p.isSet(QStringLiteral("json"))) {
        out(json{{"gpus", L.gpus()},
                 {"dp", L.dp},
                 {"tp", L.tp},
                 {"pp", L.pp},
                 {"cp", L.cp},
                 {"ep", L.ep},
                 {"sharding", std::string(shardingKey(L.sharding))},
                 {"gpu", s.gpu.name},
                 {"capacity_bytes", r->estimate.capacity},
                 {"tightest_rank", rankJson(w, s.workload)},
                 {"headroom_bytes", r->estimate.headroom}}
                .dump(2));
        return kExitOk;
    }
    std::string t = "Scenario: " + scenarioSummary(s) + "\n";
    t += "GPU: " + gpuSummary(s.gpu) + "\n";
    t += "Smallest layout that fits: " + std::to_string(L.gpus()) + " GPU" +
         (L.gpus() == 1 ? "" : "s") + " = dp " + std::to_string(L.dp) + " x tp " +
         std::to_string(L.tp) + " x pp " + std::to_string(L.pp) + " x cp " + std::to_string(L.cp) +
         ", sharding " + std::string(shardingKey(L.sharding)) +
         (L.ep > 1 ? ", ep " + std::to_string(L.ep) : std::string()) + "\n";
    // the bytes the verdict counts (as estimate's "% used"): nvidia-smi less what the
    // allocator releases before an OOM and the pageable optimizer states
    const double counted = r->estimate.capacity - r->estimate.headroom;
    t += "Tightest rank: stage " + std::to_string(w.stage + 1) + " (layers " +
         std::to_string(w.firstLayer) + ".." + std::to_string(w.firstLayer + w.numLayers - 1) +
         "): " + fmtGiB(counted) + " (" + fmtGB(counted) + ") of " + fmtGiB(r->estimate.capacity) +
         " counted for the fit, " + fmtNum(counted / r->estimate.capacity * 100.0, 1) +
         " % used, headroom " + fmtGiB(r->estimate.headroom) + "\n";
    if (w.nvidiaSmi > counted + 0.5)
        t += "  nvidia-smi would show " + fmtGiB(w.nvidiaSmi) + ": " + fmtGiB(w.releasable) +
             " of it cached segments freed before an OOM" +
             (w.pageable > 0 ? ", " + fmtGiB(w.pageable) + " paged optimizer states" : "") + "\n";
    out(t);
    return kExitOk;
}

} // namespace headroom::cli
