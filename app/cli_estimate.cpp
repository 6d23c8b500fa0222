// cli_estimate.cpp: `headroom-cli estimate`.

#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "app/cli_format.h"
#include "app/cli_scenario.h"

#include "core/solvers.h"

namespace headroom::cli {

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
    p.addOption(QCommandLineOption(QStringLiteral("per-rank"),
                                   QStringLiteral("Show every pipeline stage in the table.")));
    if (!parseOrThrow(p, args))
        return kExitOk;
    if (!p.positionalArguments().isEmpty())
        usageError("estimate: unexpected argument '" + str(p.positionalArguments().first()) + "'");
    const CliScenario c = buildScenario(p);
    const Scenario& s = c.scenario;
    const Estimate e = estimate(s.model, s.workload, &s.gpu);
    std::vector<PlaybookItem> pb;
    if (wantPlaybook(e))
        pb = playbook(s.model, s.workload, s.gpu);
    if (p.isSet(QStringLiteral("json"))) {
        nlohmann::json j = estimateJson(s, e, pb);
        j["notes"] = c.notes;
        out(j.dump(2));
    } else {
        out(estimateText(s, e, pb, p.isSet(QStringLiteral("per-rank")), c.notes));
    }
    return kExitOk;
}

} // namespace headroom::cli
