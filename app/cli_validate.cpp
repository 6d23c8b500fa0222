// cli_validate.cpp: `headroom-cli validate FILE`: the engine against measured peaks.

#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "app/cli_format.h"
#include "app/cli_validate_serving.h"
#include "core/units.h"

#include "core/engine/profiles.h"
#include "core/validation/validation.h"

#include <filesystem>

#include <cmath>

namespace headroom::cli {

namespace {

std::string signedPct(double x) {
    return (x >= 0 ? "+" : "") + fmtNum(x, 1) + " %";
}

/// @p band: the engine's summary, with its band statistics (the baselines have no band).
std::string summaryLine(const ErrorSummary& s, bool band = false) {
    std::string t =
        std::to_string(s.count) + " points: median |error| " + fmtNum(s.medianAbsErrorPct, 1) +
        " %, p90 |error| " + fmtNum(s.p90AbsErrorPct, 1) + " %, mean signed error " +
        signedPct(s.meanSignedErrorPct) + ", max |error| " + fmtNum(s.maxAbsErrorPct, 1) +
        " %; wrong fit verdicts " + std::to_string(s.wrongFitVerdicts) + " of " +
        std::to_string(s.verdictsChecked) + " checked";
    if (band)
        t += "; in the band " + fmtNum(100.0 * s.bandCoverage, 1) + " %, median band width " +
             fmtNum(s.medianBandWidthPct, 1) + " %";
    return t;
}

std::string bySourceText(const ValidationReport& r) {
    std::string t = "By source (source repository of each record's source_url):\n";
    TextTable tab({"source", "scored", "skipped", "scored share", "median |error|", "p90 |error|",
                   "mean signed", "wrong verdicts", "in band", "band width"},
                  {false, true, true, true, true, true, true, true, true, true});
    for (const SourceSummary& s : r.bySource)
        tab.addRow({s.source, std::to_string(s.summary.count), std::to_string(s.skipped),
                    fmtNum(100.0 * s.scoredShare(), 0) + " %",
                    s.summary.count ? fmtNum(s.summary.medianAbsErrorPct, 1) + " %" : "-",
                    s.summary.count ? fmtNum(s.summary.p90AbsErrorPct, 1) + " %" : "-",
                    s.summary.count ? signedPct(s.summary.meanSignedErrorPct) : "-",
                    std::to_string(s.summary.wrongFitVerdicts) + " of " +
                        std::to_string(s.summary.verdictsChecked),
                    s.summary.count ? fmtNum(100.0 * s.summary.bandCoverage, 0) + " %" : "-",
                    s.summary.count ? fmtNum(s.summary.medianBandWidthPct, 1) + " %" : "-"});
    return t + tab.render(2);
}

std::string filledText(const ValidationReport& r) {
    std::string t;
    for (const PointResult& p : r.points)
        for (const FilledField& f : p.filled)
            t += "  " + p.id + ": " + f.text() + "\n";
    return "\nFilled from the framework profile's documented defaults (the source left them "
           "null):\n" +
           (t.empty() ? std::string("  (none)\n") : t);
}

std::string reportText(const ValidationReport& r) {
    std::string t;
    t += "Engine vs measured peaks (error = (estimated - measured) / measured; GiB = 2^30 "
         "bytes)\n";
    TextTable pts(
        {"id", "measured", "compared", "measured GiB", "estimated GiB", "error", "verdict"},
        {false, false, false, true, true, true, false});
    for (const PointResult& p : r.points) {
        std::string verdict = "-";
        if (p.verdictChecked)
            verdict = p.wrongVerdict ? "WRONG (says OOM)" : "fits";
        pts.addRow({p.id, std::string(measuredMetricKey(p.measured)),
                    std::string(metricKey(p.compared)), fmtNum(p.measuredBytes / kGiB, 2),
                    fmtNum(p.estimatedBytes / kGiB, 2), signedPct(p.errorPct), verdict});
    }
    t += pts.render(2);
    t += "\nSummary: " + summaryLine(r.summary, true) + "; scored " +
         std::to_string(r.points.size()) + " of " +
         std::to_string(r.points.size() + r.skipped.size()) + " records (" +
         fmtNum(100.0 * r.scoredShare(), 1) + " %)\n";
    t += "Metric rule: allocated/active -> allocated, reserved -> reserved, nvidia_smi -> "
         "nvidia-smi, unknown -> reserved (the middle of the three).\n";
    t += "Verdict rule: capacity = gpu.memory_gb x " +
         std::string(r.options.capacity == CapacityRule::GiB ? "2^30" : "1e9") +
         " bytes; every record ran, so an estimate above capacity (nvidia-smi less paged "
         "optimizer states and the releasable cache, the engine's verdict) is a wrong "
         "verdict.\n";
    t += filledText(r);
    t += "\nSkipped (" + std::to_string(r.skipped.size()) + "):\n";
    for (const SkippedRecord& s : r.skipped)
        t += "  " + s.id + ": " + s.reason + "\n";
    t += "\nBaselines (the seeds' shortcut formulas on the same " +
         std::to_string(r.summary.count) + " records; not engine terms):\n";
    for (const BaselineReport& b : r.baselines) {
        t += "  " + b.name + ": " + summaryLine(b.summary) + "\n";
        t += "    formula: " + b.formula + "\n";
    }
    if (!r.baselines.empty())
        t += "  Note: " + r.baselines.front().note + "\n";
    return t;
}

/// validate's description and options on @p p.
void addValidateOptions(QCommandLineParser& p) {
    p.setApplicationDescription(QStringLiteral(
        "Compare the engine with measured peaks in a ground-truth records file (schema v1): "
        "per-point signed error, median and p90 absolute error, wrong fit verdicts, skipped "
        "records with the reason, and the seeds' shortcut formulas as baselines. A record whose "
        "enum field holds a value this build does not know (weight_dtype 'fp6', an hf_config "
        "model_type) is skipped with the field and value named; --strict rejects the file "
        "instead. A record's model.hf_config (its config.json, inline) defines the model as "
        "estimate --config does; its flat model fields are then only cross-checked."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("file"),
                            QStringLiteral("Records file (JSON); several files are scored as "
                                           "one set."),
                            QStringLiteral("file..."));
    p.addOption(QCommandLineOption(QStringLiteral("json"),
                                   QStringLiteral("JSON output: points, summary, baselines.")));
    p.addOption(QCommandLineOption(
        QStringLiteral("capacity-unit"),
        QStringLiteral("How gpu.memory_gb becomes bytes for the verdict: gib (x 2^30, default) or "
                       "gb (x 1e9)."),
        QStringLiteral("unit"), QStringLiteral("gib")));
    p.addOption(QCommandLineOption(
        QStringLiteral("revisions"),
        QStringLiteral("Framework revisions table (source repository -> framework profile, "
                       "commit/document -> version); default: framework-revisions.json next to "
                       "the records file, else the table built in (resources/"
                       "framework-revisions.json), whose unlisted sources get torch-loop@2 "
                       "(a plain PyTorch loop: no framework's facts)."),
        QStringLiteral("file")));
    p.addOption(QCommandLineOption(
        QStringLiteral("by-source"),
        QStringLiteral("Also report median/p90 |error|, wrong verdicts and the scored share per "
                       "source repository (text: a table after the summary; --json always has "
                       "by_source).")));
    p.addOption(QCommandLineOption(
        QStringLiteral("strict"),
        QStringLiteral("Reject a whole file (exit status 1) when one record holds an enum value "
                       "this build does not know, instead of skipping that record.")));
    p.addOption(QCommandLineOption(QStringLiteral("show-profile"),
                                   QStringLiteral("Print each record's framework profile "
                                                  "(name@version) before the report.")));
}

/// The records of every file in @p files, each file read with its framework revisions table
/// (--revisions, else framework-revisions.json beside it, else the built-in one); the tables'
/// names used go to @p revisionsNames. Exits with a data error naming the file on bad input.
std::vector<RecordEntry> loadAllRecords(const QStringList& files, const QCommandLineParser& p,
                                        std::string& revisionsNames) {
    std::vector<RecordEntry> entries;
    for (const QString& file : files) {
        const std::filesystem::path recordsFile = file.toStdString();
        FrameworkRevisions revisions = builtinFrameworkRevisions();
        std::string revisionsName = "built in: resources/framework-revisions.json";
        const std::filesystem::path revisionsFile =
            p.isSet(QStringLiteral("revisions"))
                ? std::filesystem::path(p.value(QStringLiteral("revisions")).toStdString())
                : defaultRevisionsFile(recordsFile);
        if (p.isSet(QStringLiteral("revisions")) || std::filesystem::exists(revisionsFile)) {
            auto table = loadFrameworkRevisions(revisionsFile);
            if (!table)
                dataError(table.error(), revisionsFile.string() + ": ");
            revisions = std::move(table).value();
            revisionsName = revisionsFile.string();
        }
        if (revisionsNames.find(revisionsName) == std::string::npos)
            revisionsNames += (revisionsNames.empty() ? "" : ", ") + revisionsName;
        auto loaded =
            loadRecords(recordsFile, revisions,
                        p.isSet(QStringLiteral("strict")) ? UnknownValuePolicy::RejectFile
                                                          : UnknownValuePolicy::SkipRecord);
        if (!loaded)
            dataError(loaded.error(), str(file) + ": ");
        for (RecordEntry& e : loaded.value())
            entries.push_back(std::move(e));
    }
    return entries;
}

} // namespace

int runValidate(const QStringList& args) {
    QCommandLineParser p;
    addValidateOptions(p);
    if (!parseOrThrow(p, args))
        return kExitOk;
    const QStringList pos = p.positionalArguments();
    if (pos.isEmpty())
        usageError("validate: give at least one records file");
    int serving = 0;
    for (const QString& file : pos)
        serving += servingRecordsFile(file.toStdString()) ? 1 : 0;
    if (serving == pos.size())
        return runValidateServing(pos, p.isSet(QStringLiteral("json")));
    if (serving > 0)
        usageError("validate: give serving records (tests/data/serving) and measured peaks in "
                   "separate runs");
    ValidationOptions opts;
    const QString unit = p.value(QStringLiteral("capacity-unit")).toLower();
    if (unit == QLatin1String("gb"))
        opts.capacity = CapacityRule::GB;
    else if (unit != QLatin1String("gib"))
        usageError("--capacity-unit: expected gib or gb, got '" + str(unit) + "'");
    std::string revisionsNames;
    const std::vector<RecordEntry> entries = loadAllRecords(pos, p, revisionsNames);
    const ValidationReport report = runValidation(entries, opts);
    const bool json = p.isSet(QStringLiteral("json"));
    if (p.isSet(QStringLiteral("show-profile")) && !json) {
        TextTable t({"id", "framework profile"}, {false, false});
        for (const RecordEntry& e : entries)
            t.addRow({e.id, profileSpec(e.profile)});
        out("Framework profiles (" + revisionsNames + ")\n" + t.render(2) + "\n");
    }
    if (json) {
        out(reportToJson(report));
    } else {
        out(reportText(report));
        if (p.isSet(QStringLiteral("by-source")))
            out("\n" + bySourceText(report));
    }
    return kExitOk;
}

} // namespace headroom::cli
