// cli_validate_serving.cpp: `headroom-cli validate` on serving-engine start-up records
// (tests/data/serving): serve() against the engines' own logs, per term and verdict.

#include "app/cli_validate_serving.h"
#include "app/cli_common.h"
#include "app/cli_format.h"
#include "core/text_file.h"
#include "core/validation/serving_records.h"

#include <QStringList>

#include <cmath>

namespace headroom::cli {

namespace {

std::string pct(const std::optional<double>& e) {
    if (!e)
        return "-";
    return (*e >= 0 ? "+" : "") + fmtNum(*e, 1) + " %";
}

std::string servingText(const ServingValidation& v) {
    std::string t = "Serving engines vs their start-up logs (error = (predicted - logged) / "
                    "logged)\n";
    TextTable tab({"id", "weights", "activation", "non-torch", "KV pool", "KV tokens",
                   "concurrency", "starts (pred/logged)"},
                  {false, true, true, true, true, true, true, false});
    for (const ServingScore& s : v.scores) {
        if (!s.error.empty()) {
            tab.addRow({s.id, "not scored: " + s.error, "", "", "", "", "", ""});
            continue;
        }
        std::string verdict = s.predictedStarts ? "yes" : "no (" + s.blocker + ")";
        if (s.verdictRight)
            verdict += *s.verdictRight ? " / same" : " / WRONG";
        tab.addRow({s.id, pct(s.errorPct[0]), pct(s.errorPct[1]), pct(s.errorPct[2]),
                    pct(s.errorPct[3]), pct(s.errorPct[4]), pct(s.errorPct[5]), verdict});
    }
    t += tab.render(2) + "\nSummary (|error| per metric over the records that log it):\n";
    for (int k = 0; k < kServingMetricCount; ++k) {
        const ServingMetricSummary& m = v.metrics[k];
        t += "  " + std::string(servingMetricKey(static_cast<ServingMetric>(k))) + ": " +
             std::to_string(m.count) + " records, median " + fmtNum(m.medianAbsPct, 1) +
             " %, p90 " + fmtNum(m.p90AbsPct, 1) + " %, max " + fmtNum(m.maxAbsPct, 1) + " %\n";
    }
    t += "  start-up verdicts: " + std::to_string(v.wrongVerdicts) + " wrong of " +
         std::to_string(v.verdictsChecked) + "\n";
    return t;
}

nlohmann::json servingJson(const ServingValidation& v) {
    nlohmann::json pts = nlohmann::json::array();
    for (const ServingScore& s : v.scores) {
        nlohmann::json p{{"id", s.id}, {"source", s.source}};
        if (!s.error.empty()) {
            p["error"] = s.error;
            pts.push_back(p);
            continue;
        }
        for (int k = 0; k < kServingMetricCount; ++k) {
            const std::string key(servingMetricKey(static_cast<ServingMetric>(k)));
            p[key] = {{"predicted", s.predicted[k]}};
            if (s.errorPct[k]) {
                p[key]["logged"] = s.measured[k];
                p[key]["error_pct"] = *s.errorPct[k];
            }
        }
        p["predicted_starts"] = s.predictedStarts;
        p["blocker"] = s.blocker;
        if (s.verdictRight)
            p["verdict_right"] = *s.verdictRight;
        pts.push_back(p);
    }
    nlohmann::json sum;
    for (int k = 0; k < kServingMetricCount; ++k) {
        const ServingMetricSummary& m = v.metrics[k];
        sum[std::string(servingMetricKey(static_cast<ServingMetric>(k)))] = {
            {"count", m.count},
            {"median_abs_error_pct", m.medianAbsPct},
            {"p90_abs_error_pct", m.p90AbsPct},
            {"max_abs_error_pct", m.maxAbsPct}};
    }
    sum["verdicts_checked"] = v.verdictsChecked;
    sum["wrong_verdicts"] = v.wrongVerdicts;
    return {{"points", pts}, {"summary", sum}};
}

} // namespace

bool servingRecordsFile(const std::filesystem::path& file) {
    auto text = readTextFile(file, 16u << 20);
    return text && isServingRecords(text.value());
}

int runValidateServing(const QStringList& files, bool json) {
    std::vector<ServingRecord> all;
    for (const QString& f : files) {
        auto recs = loadServingRecords(f.toStdString());
        if (!recs)
            dataError(recs.error(), str(f));
        for (ServingRecord& r : recs.value())
            all.push_back(std::move(r));
    }
    const ServingValidation v = scoreServing(all);
    out(json ? servingJson(v).dump(2) : servingText(v));
    return kExitOk;
}

} // namespace headroom::cli
