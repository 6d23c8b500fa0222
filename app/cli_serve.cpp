// cli_serve.cpp: `headroom-cli serve`, and the serving report shared with `estimate`.

#include "app/cli_serve.h"

#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "app/cli_scenario.h"
#include "core/units.h"

#include <QCommandLineParser>

#include <algorithm>
#include <cstdio>

namespace headroom::cli {

namespace {

nlohmann::json termsJson(const ServeTerms& t) {
    return {{"cuda_context_bytes", t.cudaContext},
            {"weights_bytes", t.weights},
            {"activation_peak_bytes", t.activationPeak},
            {"non_torch_bytes", t.nonTorch},
            {"cuda_graphs_bytes", t.cudaGraphs}};
}

nlohmann::json settingsJson(const ServeSettings& s) {
    return {{"memory_fraction", s.fraction},
            {"max_model_len", s.maxModelLen},
            {"max_num_batched_tokens", s.batchedTokens},
            {"max_num_seqs", s.maxSeqs},
            {"block_size", s.blockTokens},
            {"cuda_graph_sizes", s.graphSizes},
            {"cuda_graph_max_tokens", s.graphMaxTokens}};
}

std::string gib(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f GiB", bytes / kGiB);
    return buf;
}

/// The words of a blocker, for the text report.
std::string blockerText(const ServeReport& r) {
    switch (r.blocker) {
    case ServeBlocker::None:
        return "yes";
    case ServeBlocker::MaxModelLenAboveModel:
        return "no: max_model_len is above the model's max_position_embeddings (vLLM raises "
               "unless VLLM_ALLOW_LONG_MAX_MODEL_LEN=1)";
    case ServeBlocker::RequestedAboveFree:
        return "no: the requested memory (fraction x total) is more than is free at start";
    case ServeBlocker::NoKvMemory:
        return "no: weights and the profiled peak leave no memory for the KV cache";
    case ServeBlocker::MaxModelLenAboveKv:
        return "no: one request of max_model_len needs " + gib(r.neededBytes) +
               " of KV cache, more than the pool's " + gib(r.kvCacheBytes);
    }
    return "";
}

std::string warningText(ServeWarning w) {
    switch (w) {
    case ServeWarning::CudaTotalUnknown:
        return "the GPU's CUDA-visible total is not known: the driver total is used (engines "
               "see a few hundred MiB less)";
    case ServeWarning::KvHeadsReplicated:
        return "TP is above the KV heads: each rank keeps one KV head (replicated)";
    case ServeWarning::ReserveBelowRuntime:
        return "activations, CUDA graphs and non-torch memory exceed what the fraction leaves "
               "out: the server may run out of memory under load";
    }
    return "";
}

} // namespace

nlohmann::json serveJson(const ServeReport& r, const std::vector<ServingPoint>& curve) {
    nlohmann::json c = nlohmann::json::array();
    for (const ServingPoint& p : curve)
        c.push_back({{"context", p.context}, {"max_requests", p.maxSequences}});
    nlohmann::json warnings = nlohmann::json::array();
    for (ServeWarning w : r.warnings)
        warnings.push_back(serveWarningKey(w));
    return {{"engine", servingEngineKey(r.profile->engine)},
            {"engine_version", r.profile->version},
            {"settings", settingsJson(r.settings)},
            {"total_bytes", r.totalBytes},
            {"budget_bytes", r.budgetBytes},
            {"terms", termsJson(r.terms)},
            {"non_kv_bytes", r.nonKvBytes},
            {"kv_cache_bytes", r.kvCacheBytes},
            {"kv_bytes_per_token", r.kvBytesPerToken},
            {"kv_block_tokens", r.settings.blockTokens},
            {"kv_blocks", r.kvBlocks},
            {"kv_tokens", r.kvTokens},
            {"context", r.context},
            {"concurrency", r.concurrency},
            {"max_concurrency", r.maxConcurrency},
            {"needed_bytes", r.neededBytes},
            {"max_context", r.maxContext},
            {"starts", r.starts},
            {"blocker", serveBlockerKey(r.blocker)},
            {"warnings", warnings},
            {"curve", c}};
}

std::string serveText(const ServeReport& r, const GpuSpec& gpu, int tp) {
    const ServeSettings& s = r.settings;
    char buf[1024];
    std::string t;
    std::snprintf(buf, sizeof buf,
                  "Serving with %s %s on %s (TP %d), one rank:\n"
                  "  settings: memory fraction %.3f, max_model_len %lld, max_num_batched_tokens "
                  "%lld, max_num_seqs %d, block %d tokens, CUDA graphs %d up to %d tokens\n",
                  std::string(r.profile->label).c_str(), std::string(r.profile->version).c_str(),
                  gpu.name.c_str(), tp, s.fraction, static_cast<long long>(s.maxModelLen),
                  static_cast<long long>(s.batchedTokens), s.maxSeqs, s.blockTokens, s.graphSizes,
                  s.graphMaxTokens);
    t += buf;
    const ServeTerms& x = r.terms;
    t += "  total " + gib(r.totalBytes) + ", budget " + gib(r.budgetBytes) + "\n";
    t += "  weights " + gib(x.weights) + " | activation peak " + gib(x.activationPeak) +
         " | non-torch " + gib(x.nonTorch) + " | CUDA graphs " + gib(x.cudaGraphs) +
         (r.profile->graphsInBudget ? "" : " (outside the budget)") + " | CUDA context " +
         gib(x.cudaContext) + "\n";
    std::snprintf(buf, sizeof buf,
                  "  KV cache %s = %lld blocks of %d tokens, %lld tokens (%.0f B per token)\n"
                  "  max concurrency at %lld tokens: %.2f (%lld requests); longest context "
                  "that starts: %lld tokens\n",
                  gib(r.kvCacheBytes).c_str(), static_cast<long long>(r.kvBlocks), s.blockTokens,
                  static_cast<long long>(r.kvTokens), r.kvBytesPerToken,
                  static_cast<long long>(r.context), r.concurrency,
                  static_cast<long long>(r.maxConcurrency), static_cast<long long>(r.maxContext));
    t += buf;
    t += "  starts: " + blockerText(r) + "\n";
    for (ServeWarning w : r.warnings)
        t += "  warning: " + warningText(w) + "\n";
    return t;
}

nlohmann::json servePlaybookJson(const std::vector<ServeOption>& options) {
    nlohmann::json out = nlohmann::json::array();
    for (const ServeOption& o : options)
        out.push_back({{"lever", serveLeverKey(o.lever)},
                       {"value", o.value},
                       {"starts", o.after.starts},
                       {"kv_cache_bytes", o.after.kvCacheBytes},
                       {"concurrency", o.after.concurrency},
                       {"max_context", o.after.maxContext}});
    return out;
}

std::string servePlaybookText(const std::vector<ServeOption>& options) {
    if (options.empty())
        return {};
    std::string t = "  playbook (each change alone):\n";
    for (const ServeOption& o : options) {
        std::string what;
        switch (o.lever) {
        case ServeLever::HigherFraction:
            what = "memory fraction " + fmtNum(o.value, 2);
            break;
        case ServeLever::Fp8KvCache:
            what = "KV cache in fp8";
            break;
        case ServeLever::MoreTp:
            what = "TP " + fmtNum(o.value, 0);
            break;
        case ServeLever::FewerSeqs:
            what = "max_num_seqs " + fmtNum(o.value, 0);
            break;
        case ServeLever::ShorterMaxModelLen:
            what = "max_model_len " + fmtNum(o.value, 0);
            break;
        case ServeLever::Fp8Weights:
            what = "weights in fp8";
            break;
        }
        t += "    " + what + ": KV cache " + gib(o.after.kvCacheBytes) + ", " +
             fmtNum(o.after.concurrency, 2) + " requests at " + std::to_string(o.after.context) +
             " tokens" + (o.after.starts ? "" : ", still does not start") + "\n";
    }
    return t;
}

std::vector<int64_t> serveCurveContexts(const ServeReport& r) {
    const int64_t hi = std::max<int64_t>({r.settings.maxModelLen, r.maxContext, 256});
    std::vector<int64_t> out;
    for (int64_t x = 256; x <= hi && out.size() < 24; x *= 2)
        out.push_back(x);
    return out;
}

int runServe(const QStringList& args) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Will a serving engine start for this model and GPU, how large is its KV pool and how "
        "many requests of a context fit at once (one rank; --tp shards weights and KV heads).\n"
        "Engines and versions: vllm 0.19, vllm 0.21 (newest), sglang 2026-06, trtllm 2026.\n"
        "The context of the concurrency answer is --seq-len (or --prompt-tokens + "
        "--new-tokens); without them, max_model_len as the engine logs it."));
    p.addHelpOption();
    addScenarioOptions(p);
    p.addOption(QCommandLineOption(QStringLiteral("json"),
                                   QStringLiteral("JSON output: every figure in bytes/tokens.")));
    if (!parseOrThrow(p, args))
        return kExitOk;
    if (!p.positionalArguments().isEmpty())
        usageError("serve: unexpected argument '" + str(p.positionalArguments().first()) + "'");
    if (p.isSet(QStringLiteral("mode")) && p.value(QStringLiteral("mode")) != "inference")
        usageError("serve: --mode must be inference");
    QCommandLineParser q;
    q.addHelpOption();
    addScenarioOptions(q);
    q.addOption(QCommandLineOption(QStringLiteral("json"), QString()));
    QStringList withMode = args;
    withMode.append(QStringLiteral("--mode=inference"));
    if (!p.isSet(QStringLiteral("mode")))
        parseOrThrow(q, withMode);
    const QCommandLineParser& used = p.isSet(QStringLiteral("mode")) ? p : q;
    const CliScenario c = buildScenario(used);
    const Scenario& s = c.scenario;
    auto r = serve(s.model, s.workload, s.gpu);
    if (!r)
        dataError(r.error());
    ServeReport rep = std::move(r).value();
    std::vector<ServeOption> options = servePlaybook(s.model, s.workload, s.gpu, rep);
    const bool contextGiven = used.isSet(QStringLiteral("seq-len")) ||
                              used.isSet(QStringLiteral("prompt-tokens")) ||
                              used.isSet(QStringLiteral("new-tokens"));
    if (!contextGiven) { // the engine's own figure: requests of max_model_len
        rep.context = rep.settings.maxModelLen;
        rep.concurrency = concurrencyAt(rep, rep.context);
        rep.maxConcurrency = requestsAt(rep, rep.context);
    }
    const auto curve = servingCurve(rep, serveCurveContexts(rep));
    if (!contextGiven) // requests of each option's own max_model_len, as the engine logs it
        for (ServeOption& o : options) {
            o.after.context = o.after.settings.maxModelLen;
            o.after.concurrency = concurrencyAt(o.after, o.after.context);
            o.after.maxConcurrency = requestsAt(o.after, o.after.context);
        }
    if (p.isSet(QStringLiteral("json"))) {
        nlohmann::json j = serveJson(rep, curve);
        j["model"] = s.model.name;
        j["gpu"] = s.gpu.key;
        j["tp"] = s.workload.parallel.tp;
        j["notes"] = c.notes;
        j["playbook"] = servePlaybookJson(options);
        out(j.dump(2));
    } else {
        out(serveText(rep, s.gpu, s.workload.parallel.tp) + servePlaybookText(options));
    }
    return kExitOk;
}

} // namespace headroom::cli
