// cli_estimate.cpp: `headroom-cli estimate`.

#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "app/cli_format.h"
#include "app/cli_scenario.h"
#include "core/text_file.h"
#include "core/units.h"

#include "app/cli_measured.h"
#include "app/cli_serve.h"
#include "core/plan/solvers.h"

#include <cstdio>
#include <optional>

namespace headroom::cli {

namespace {

/// --measured FILE: a capture file (its scenario), or PyTorch's own snapshot (.pickle or its
/// JSON; the scenario then comes from --scenario and the options).
std::optional<MeasuredFile> readMeasured(const QCommandLineParser& p) {
    if (!p.isSet(QStringLiteral("measured")))
        return std::nullopt;
    const QString file = p.value(QStringLiteral("measured"));
    const std::string path = file.toStdString();
    auto head = readTextFile(path, kMaxSnapshotBytes);
    if (!head)
        dataError(head.error(), "--measured " + str(file) + ": ");
    if (looksLikeSnapshot(head.value())) {
        auto snap = readMemorySnapshot(head.value());
        if (!snap)
            dataError(snap.error(), "--measured " + str(file) + ": ");
        auto run = measuredRunFromSnapshot(snap.value());
        if (!run)
            dataError(run.error(), "--measured " + str(file) + ": ");
        return MeasuredFile{Scenario{}, std::move(run).value()};
    }
    if (p.isSet(QStringLiteral("scenario")))
        usageError("estimate: --measured names a capture file, which holds its scenario; "
                   "--scenario is for a PyTorch snapshot");
    auto m = measuredRunFromJson(head.value());
    if (!m)
        dataError(m.error(), "--measured " + str(file) + ": ");
    return std::move(m).value();
}

} // namespace

int runEstimate(const QStringList& args) {
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Peak GPU memory of one rank, term by term, with the verdict for the GPU.\n"
                       "Without options: the default scenario (Llama-3.1-8B full fine-tune, "
                       "bf16, AdamW, micro-batch 4 x 2048 on one H100 80GB)."));
    p.addHelpOption();
    addScenarioOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("json"),
                                   QStringLiteral("JSON output: every term in bytes.")));
    p.addOption(QCommandLineOption(
        QStringLiteral("measured"),
        QStringLiteral("A measured-run file (tools/capture/headroom_capture.py): estimate the "
                       "scenario it describes (options given beside it override it) and show "
                       "predicted beside measured per metric, phase and category, and what "
                       "differs."),
        QStringLiteral("file")));
    p.addOption(QCommandLineOption(QStringLiteral("per-rank"),
                                   QStringLiteral("Show every pipeline stage in the table.")));
    if (!parseOrThrow(p, args))
        return kExitOk;
    if (!p.positionalArguments().isEmpty())
        usageError("estimate: unexpected argument '" + str(p.positionalArguments().first()) + "'");
    std::optional<MeasuredFile> measured = readMeasured(p);
    const bool snapshot = measured && measured->run.fromSnapshot; // the scenario is the options'
    const CliScenario c = buildScenario(
        p, measured && !snapshot ? std::optional<Scenario>(measured->scenario) : std::nullopt);
    const Scenario& s = c.scenario;
    if (measured) {
        const MeasuredComparison cmp = compareMeasured(s, measured->run);
        if (p.isSet(QStringLiteral("json"))) {
            nlohmann::json j = estimateJson(s, cmp.estimate, {});
            j["measured_run"] = measuredJson(*measured, cmp);
            j["notes"] = c.notes;
            out(j.dump(2));
        } else {
            out(scenarioSummary(s) + "\n" + measuredText(*measured, cmp));
        }
        return kExitOk;
    }
    Estimate e = estimate(s.model, s.workload, &s.gpu);
    CalibrationEffect fx;
    if (const Calibration* cal = activeCalibration(s))
        fx = applyCalibration(e, *cal, s.workload);
    const Band band = estimateBand(s.model, s.workload, &s.gpu, e);
    applyPlanTarget(e, band, s.workload); // the planners' fit rule, for the same answer
    std::vector<PlaybookItem> pb;
    if (wantPlaybook(e))
        pb = playbook(s.model, s.workload, s.gpu);
    // the serving engine's pool when a memory fraction is given for inference
    std::optional<ServeReport> serving;
    if (s.workload.sizesServer()) {
        auto sc = serve(s.model, s.workload, s.gpu);
        if (!sc)
            dataError(sc.error());
        serving = sc.value();
    }
    if (p.isSet(QStringLiteral("json"))) {
        nlohmann::json j = estimateJson(s, e, pb);
        j["band"] = bandJson(band, e.capacity);
        if (serving)
            j["serving"] = serveJson(*serving, {});
        if (s.calibration) // absent without one (the golden outputs stay as they were)
            j["calibration"] = calibrationJson(s, &fx);
        j["notes"] = c.notes;
        out(j.dump(2));
    } else {
        std::string text =
            calibrationText(s, &fx) +
            estimateText(s, e, band, pb, p.isSet(QStringLiteral("per-rank")), c.notes);
        if (serving)
            text += "\n" + serveText(*serving, s.gpu, s.workload.parallel.tp);
        out(text);
    }
    return kExitOk;
}

} // namespace headroom::cli
