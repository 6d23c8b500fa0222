// cli_estimate.cpp: `headroom-cli estimate`.

#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "app/cli_format.h"
#include "app/cli_scenario.h"
#include "core/units.h"

#include "core/plan/solvers.h"

#include <cstdio>
#include <optional>

namespace headroom::cli {

namespace {} // namespace

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
    Estimate e = estimate(s.model, s.workload, &s.gpu);
    CalibrationEffect fx;
    if (const Calibration* cal = activeCalibration(s))
        fx = applyCalibration(e, *cal, s.workload);
    const Band band = estimateBand(s.model, s.workload, &s.gpu, e);
    std::vector<PlaybookItem> pb;
    if (wantPlaybook(e))
        pb = playbook(s.model, s.workload, s.gpu);
    // serving capacity (vLLM-style) when a memory utilisation is given for inference
    std::optional<ServingCapacity> serving;
    if (s.workload.mode == Mode::Inference && s.workload.inference.memoryUtilization > 0) {
        auto sc = servingCapacity(s.model, s.workload, s.gpu);
        if (!sc)
            dataError(sc.error());
        serving = sc.value();
    }
    if (p.isSet(QStringLiteral("json"))) {
        nlohmann::json j = estimateJson(s, e, pb);
        j["band"] = bandJson(band, e.capacity);
        if (serving)
            j["serving"] = {{"budget_bytes", serving->budgetBytes},
                            {"non_kv_bytes", serving->nonKvBytes},
                            {"kv_cache_bytes", serving->kvCacheBytes},
                            {"kv_bytes_per_token", serving->kvBytesPerToken},
                            {"kv_block_tokens", kKvBlockTokens},
                            {"kv_blocks", serving->kvBlocks},
                            {"kv_tokens", serving->kvTokens},
                            {"max_concurrency", serving->maxConcurrency},
                            {"max_context", serving->maxContext}};
        if (s.calibration) // absent without one (the golden outputs stay as they were)
            j["calibration"] = calibrationJson(s, &fx);
        j["notes"] = c.notes;
        out(j.dump(2));
    } else {
        std::string text =
            calibrationText(s, &fx) +
            estimateText(s, e, band, pb, p.isSet(QStringLiteral("per-rank")), c.notes);
        if (serving) {
            char buf[512];
            std::snprintf(buf, sizeof buf,
                          "\nServing (vLLM-style, gpu_memory_utilization %.2f):\n"
                          "  budget %.2f GiB, weights + profiled activations + overhead %.2f GiB,"
                          " KV cache %.2f GiB\n"
                          "  KV per token %.0f B -> %lld blocks of %lld tokens = %lld token "
                          "slots; max concurrency at %lld "
                          "tokens: %lld sequences; max context: %lld tokens\n",
                          s.workload.inference.memoryUtilization, serving->budgetBytes / kGiB,
                          serving->nonKvBytes / kGiB, serving->kvCacheBytes / kGiB,
                          serving->kvBytesPerToken, static_cast<long long>(serving->kvBlocks),
                          static_cast<long long>(kKvBlockTokens),
                          static_cast<long long>(serving->kvTokens),
                          static_cast<long long>(inferenceContext(s.workload)),
                          static_cast<long long>(serving->maxConcurrency),
                          static_cast<long long>(serving->maxContext));
            text += buf;
        }
        out(text);
    }
    return kExitOk;
}

} // namespace headroom::cli
