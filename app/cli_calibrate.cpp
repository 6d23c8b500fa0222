// cli_calibrate.cpp: `headroom-cli calibrate` (core/plan/calibration.h fits, core/io stores).

#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "app/cli_format.h"
#include "app/cli_scenario.h"

#include "core/io/scenario.h"
#include "core/plan/calibration.h"
#include "core/text_file.h"
#include "ui/savefile.h"

#include <QDateTime>

namespace headroom::cli {

namespace {

using json = nlohmann::json;

constexpr std::uintmax_t kMaxMeasuredJsonBytes = 16u << 20;

Metric metricOption(const QCommandLineParser& p) {
    const QString m = p.value(QStringLiteral("metric")).trimmed().toLower();
    if (m.isEmpty())
        return Metric::Reserved;
    if (const auto v = parseMetric(m.toStdString()))
        return *v;
    usageError("--metric: unknown value '" + str(m) + "' (allocated, reserved or nvidia-smi)");
}

/// The measurement from --measured (a size or "oom") or --measured-json.
Measurement measurementOption(const QCommandLineParser& p, const Scenario& s) {
    const bool value = p.isSet(QStringLiteral("measured"));
    const bool file = p.isSet(QStringLiteral("measured-json"));
    if (value == file)
        usageError("give exactly one of --measured or --measured-json");
    const Metric metric = metricOption(p);
    if (file) {
        const QString f = p.value(QStringLiteral("measured-json"));
        auto text = readTextFile(f.toStdString(), kMaxMeasuredJsonBytes);
        if (!text)
            dataError(text.error(), "--measured-json " + str(f) + ": ");
        auto m = measurementFromJson(text.value(), metric, s.workload);
        if (!m)
            dataError(m.error(), "--measured-json " + str(f) + ": ");
        m->sourceDetail = str(f);
        m->oom = p.isSet(QStringLiteral("oom"));
        return m.value();
    }
    const QString v = p.value(QStringLiteral("measured")).trimmed();
    Measurement m;
    m.metric = metric;
    m.source = CalibrationSource::Manual;
    if (v.compare(QLatin1String("oom"), Qt::CaseInsensitive) == 0) {
        m.oom = true;
        return m;
    }
    auto b = parseMeasuredBytes(v.toStdString(), "--measured");
    if (!b)
        usageError(describe(b.error()));
    m.bytes = b.value();
    m.oom = p.isSet(QStringLiteral("oom"));
    return m;
}

void writeScenario(const QString& file, const Scenario& s) {
    QString why;
    if (!saveFile(file, QByteArray::fromStdString(toJson(s)), &why))
        dataError(str(file) + ": cannot write the file (" + str(why) + ")");
}

} // namespace

int runCalibrate(const QStringList& args) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Fits a fixed-overhead correction from one measured peak at the scenario's micro-batch "
        "and sequence length and stores it in the scenario file (docs/metrics.md)."));
    p.addHelpOption();
    auto opt = [](const char* name, const char* help, const char* value = nullptr) {
        return value ? QCommandLineOption(QString::fromLatin1(name), QString::fromUtf8(help),
                                          QString::fromLatin1(value))
                     : QCommandLineOption(QString::fromLatin1(name), QString::fromUtf8(help));
    };
    p.addOptions({
        opt("scenario", "The scenario file of the measured run (required).", "file"),
        opt("measured",
            "The measured peak with its unit (61.2GiB, 65.7GB, 62000MiB), or 'oom' for a run "
            "that ran out of memory.",
            "size"),
        opt("measured-json",
            "JSON of torch.cuda.memory_stats(), or tools/measure output (its stdout line or "
            "records file).",
            "file"),
        opt("metric", "What was measured: allocated, reserved (default) or nvidia-smi.", "metric"),
        opt("oom", "The measured run ran out of memory (with a measured size)."),
        opt("clear", "Remove the scenario's calibration."),
        opt("out", "Write the calibrated scenario here (default: the --scenario file).", "file"),
        opt("json", "JSON output."),
    });
    if (!parseOrThrow(p, args))
        return kExitOk;
    if (!p.positionalArguments().isEmpty())
        usageError("calibrate: unexpected argument '" + str(p.positionalArguments().first()) + "'");
    if (!p.isSet(QStringLiteral("scenario")))
        usageError("--scenario: give the scenario file of the measured run");
    const QString file = p.value(QStringLiteral("scenario"));
    const QString target = p.isSet(QStringLiteral("out")) ? p.value(QStringLiteral("out")) : file;
    auto loaded = loadScenario(file.toStdString());
    if (!loaded)
        dataError(loaded.error(), "--scenario " + str(file) + ": ");
    Scenario s = std::move(loaded).value();
    if (p.isSet(QStringLiteral("clear"))) {
        if (p.isSet(QStringLiteral("measured")) || p.isSet(QStringLiteral("measured-json")))
            usageError("--clear takes no measurement");
        s.calibration.reset();
        writeScenario(target, s);
        out("Calibration removed: " + str(target));
        return kExitOk;
    }
    const Measurement m = measurementOption(p, s);
    const std::string date =
        str(QDateTime::currentDateTimeUtc().toString(Qt::ISODate)); // 2026-11-24T22:10:00Z
    auto cal = calibrateScenario(s, m, date);
    if (!cal)
        dataError(cal.error(), "calibrate: ");
    s.calibration = cal.value();
    writeScenario(target, s);
    Estimate e = estimate(s.model, s.workload, &s.gpu);
    const CalibrationEffect fx = applyCalibration(e, *s.calibration, s.workload);
    if (p.isSet(QStringLiteral("json"))) {
        out(json{{"scenario", str(target)},
                 {"calibration", calibrationJson(s, &fx)},
                 {"raw_offset_bytes", cal->rawOffsetBytes},
                 {"metrics", metricsJson(e.worst)},
                 {"fits", e.fits},
                 {"headroom_bytes", e.headroom}}
                .dump(2));
        return kExitOk;
    }
    std::string t = "Scenario: " + scenarioSummary(s) + "\n";
    t += "Estimate before calibration (" + std::string(metricKey(cal->measured.metric)) +
         "): " + fmtGiB(cal->estimatedBytes) +
         "; measured - estimate: " + fmtGiB(cal->rawOffsetBytes) + "\n";
    t += calibrationText(s, &fx);
    if (e.capacity > 0)
        t += std::string("Verdict at the measured point: ") + (e.fits ? "FITS" : "DOES NOT FIT") +
             " (headroom " + fmtGiB(e.headroom) + ")\n";
    t += "Saved to " + str(target) + "\n";
    out(t);
    return kExitOk;
}

} // namespace headroom::cli
