// cli_compare.cpp: `headroom-cli compare A.json B.json` (core/io/compare.h).

#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "app/cli_format.h"
#include "app/cli_scenario.h"
#include "core/units.h"

#include "core/io/compare.h"

#include <cmath>

namespace headroom::cli {

namespace {

using json = nlohmann::json;

Scenario loadSide(const QString& file, const char* which) {
    auto s = loadScenario(file.toStdString());
    if (!s)
        dataError(s.error(), std::string(which) + " " + str(file) + ": ");
    if (const auto err = validateWorkload(s->model, s->workload))
        dataError(*err, std::string(which) + " " + str(file) + ": ");
    return std::move(s).value();
}

json sideJson(const Scenario& s, const Estimate& e) {
    return {{"summary", scenarioSummary(s)},
            {"model", s.model.name},
            {"gpu", s.gpu.name},
            {"gpu_count", s.gpuCount},
            {"terms", termsJson(e.worst.atPeak)},
            {"metrics", metricsJson(e.worst)},
            {"total_bytes", e.worst.nvidiaSmi},
            {"fits", e.fits},
            {"headroom_bytes", e.headroom}};
}

/// "saves 41.91 GiB", "costs 843.00 GiB", "no change" from a saving (A - B, bytes).
std::string effectText(double saved) {
    if (std::abs(saved) < 0.5)
        return "no change";
    return (saved > 0 ? "saves " : "costs ") + fmtNum(std::abs(saved) / kGiB, 2) + " GiB";
}

std::string method(const Comparison& c) {
    return c.exact ? "shapley-exact" : "shapley-sampled";
}

json comparisonJson(const Scenario& a, const Scenario& b, const Comparison& c) {
    json terms = json::object();
    for (int t = 0; t < kTermCount; ++t)
        terms[std::string(termKey(static_cast<Term>(t)))] =
            std::llround(c.deltaTerms[static_cast<size_t>(t)]);
    json attribution = json::array();
    for (size_t i = 0; i < c.changes.size(); ++i)
        attribution.push_back({{"change", c.changes[i].key},
                               {"from", changeSideText(c.changes[i], false)},
                               {"to", changeSideText(c.changes[i], true)},
                               {"saved_bytes", std::llround(c.saved[i])}});
    return {{"a", sideJson(a, c.a)},
            {"b", sideJson(b, c.b)},
            {"delta", {{"terms", terms}, {"total_bytes", std::llround(c.deltaTotal)}}},
            {"attribution", attribution},
            {"method", method(c)},
            {"evaluations", c.evaluations},
            {"orders", c.orders}};
}

std::string comparisonText(const Scenario& a, const Scenario& b, const Comparison& c) {
    std::string t = "A: " + scenarioSummary(a) + "\nB: " + scenarioSummary(b) + "\n\n";
    t += "Worst rank at its peak (B - A per term):\n";
    TextTable terms({"term", "A GiB", "B GiB", "B - A GiB", "B - A bytes"},
                    {false, true, true, true, true});
    for (int i = 0; i < kTermCount; ++i) {
        const auto k = static_cast<size_t>(i);
        if (c.a.worst.atPeak[k] == 0 && c.b.worst.atPeak[k] == 0)
            continue;
        terms.addRow({std::string(termKey(static_cast<Term>(i))),
                      fmtNum(c.a.worst.atPeak[k] / kGiB, 2), fmtNum(c.b.worst.atPeak[k] / kGiB, 2),
                      fmtNum(c.deltaTerms[k] / kGiB, 2), fmtInt(c.deltaTerms[k])});
    }
    terms.addRow({"total (nvidia-smi)", fmtNum(c.a.worst.nvidiaSmi / kGiB, 2),
                  fmtNum(c.b.worst.nvidiaSmi / kGiB, 2), fmtNum(c.deltaTotal / kGiB, 2),
                  fmtInt(c.deltaTotal)});
    t += terms.render(2) + "\n";
    if (c.changes.empty())
        return t + "The scenarios are the same.\n";
    t += "What each change saves or costs (Shapley value: the change's effect averaged over "
         "every order of applying the changes" +
         (c.exact ? std::string() : ", sampled over " + std::to_string(c.orders) + " orders") +
         "; the shares add up to the total):\n";
    TextTable attr({"change", "A", "B", "effect", "share"}, {false, false, false, true, true});
    const double saved = -c.deltaTotal;
    for (size_t i = 0; i < c.changes.size(); ++i)
        attr.addRow({c.changes[i].key, changeSideText(c.changes[i], false),
                     changeSideText(c.changes[i], true), effectText(c.saved[i]),
                     std::abs(saved) > 0 ? fmtNum(100.0 * c.saved[i] / saved, 1) + " %" : "-"});
    t += attr.render(2);
    t += "  in total: " + effectText(saved) + " (A - B = " + fmtInt(saved) + " bytes)\n";
    if (effectsPullBothWays(c))
        t += "  The changes pull both ways: a share is of the net difference, so one above "
             "100 % is offset by one below 0.\n";
    return t;
}

} // namespace

int runCompare(const QStringList& args) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Compares two scenario files: each term of the worst rank in A and B, the difference, "
        "and what each change between them saved (Shapley attribution; docs/cli.md)."));
    p.addHelpOption();
    p.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("JSON output.")));
    p.addPositionalArgument(QStringLiteral("A"), QStringLiteral("The first scenario file."));
    p.addPositionalArgument(QStringLiteral("B"), QStringLiteral("The second scenario file."));
    if (!parseOrThrow(p, args))
        return kExitOk;
    const QStringList files = p.positionalArguments();
    if (files.size() != 2)
        usageError("compare: give two scenario files, A and B");
    const Scenario a = loadSide(files[0], "A");
    const Scenario b = loadSide(files[1], "B");
    const auto c = compareScenarios(a, b);
    if (!c)
        dataError(c.error(), "compare: ");
    if (p.isSet(QStringLiteral("json")))
        out(comparisonJson(a, b, *c).dump(2));
    else
        out(comparisonText(a, b, *c));
    return kExitOk;
}

} // namespace headroom::cli
