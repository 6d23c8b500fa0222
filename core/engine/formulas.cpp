// Formula texts of the memory terms: each term's rule with this scenario's numbers put in
// (estimator.h termFormula). Shown in the GUI's tooltips and breakdown, and by the CLI.

#include "core/engine/estimator.h"
#include "core/engine/memory_terms.h"
#include "core/engine/profiles.h"

#include <cstdio>

namespace headroom {

namespace {

constexpr double kGiB = 1073741824.0;

std::string fmt(const char* f, double a, double b = 0, double c = 0, double d = 0) {
    char buf[256];
    std::snprintf(buf, sizeof buf, f, a, b, c, d);
    return buf;
}
std::string gb(double bytes) {
    return fmt("%.2f GiB", bytes / kGiB);
}
} // namespace

std::string termFormula(Term t, const ModelArch& m, const Workload& input, const GpuSpec* gpu) {
    const Workload w = withProfileApplied(input);
    const Estimate e = estimate(m, w, gpu);
    const RankEstimate& r = e.worst;
    const double v = r.atPeak[static_cast<int>(t)];
    const Precision& p = w.precision;
    const double P = static_cast<double>(e.totalParams);
    const double T = static_cast<double>(e.trainableParams);
    const std::string dt = std::string(dtypeKey(p.weights));
    const double tokens = static_cast<double>(w.microBatch) * w.sequenceLength;
    switch (t) {
    case Term::Weights:
        if (terms::checkpointStorageApplies(m, w))
            return fmt("%.4g params as the checkpoint stores them (", P) +
                   std::string(quantMethodKey(m.quant.method)) +
                   (m.headerWeightBytes > 0 ? ", safetensors header bytes" : "") +
                   fmt("; %.4g B/param on average)", publishedWeightBytes(m) / P) +
                   (w.parallel.gpus() > 1 ? " / shards" : "") + " = " + gb(v);
        return fmt("%.4g params x %.4g B", P, bytesPerElement(p.weights)) + " (" + dt + ")" +
               (w.parallel.gpus() > 1 ? " / shards" : "") + " = " + gb(v);
    case Term::MasterWeights:
        return fmt("%.4g trainable x 4 B (fp32 copy)", T) + " = " + gb(v);
    case Term::OptimizerStates:
        return std::string(optimizerKey(w.optimizer)) +
               fmt(": %.4g trainable x %.4g B/param", T,
                   terms::optimizerBytesPerParam(w.optimizer, p.optimizerStates)) +
               " (" + std::string(dtypeKey(p.optimizerStates)) + " states) = " + gb(v);
    case Term::Gradients:
        return fmt("%.4g trainable x %.4g B", T, bytesPerElement(p.grads)) + " (" +
               std::string(dtypeKey(p.grads)) + ") = " + gb(v);
    case Term::Activations:
        if (w.mode == Mode::Inference) // the prefill's live tensors of one block (stages.cpp)
            return fmt("one block's prefill tensors per token x %.0f tokens (sequences %.0f x "
                       "prompt %.0f)",
                       static_cast<double>(w.microBatch) * w.inference.promptTokens,
                       static_cast<double>(w.microBatch),
                       static_cast<double>(w.inference.promptTokens)) +
                   " = " + gb(v);
        return fmt("saved tensors per token x %.0f tokens (b %.0f x s %.0f) x %.0f layers", tokens,
                   static_cast<double>(w.microBatch), static_cast<double>(w.sequenceLength),
                   static_cast<double>(r.numLayers)) +
               ", checkpointing " + std::string(checkpointingKey(w.checkpointing)) + " = " + gb(v);
    case Term::KvCache:
        if (m.mla.enabled())
            return fmt("L %.0f x (kv_lora %.0f + rope %.0f)", m.numLayers, m.mla.kvLoraRank,
                       m.mla.qkRopeHeadDim) +
                   " x bytes x sequences x tokens = " + gb(v);
        return fmt("2 x L %.0f x kv_heads %.0f x head_dim %.0f x %.4g B", m.numLayers, m.numKvHeads,
                   m.headDim, bytesPerElement(p.kvCache)) +
               " x sequences x tokens = " + gb(v);
    case Term::Logits: {
        const double c = bytesPerElement(p.compute);
        if (w.mode != Mode::Training)
            return fmt("sequences %.0f x vocab %.0f x (%.4g + 4) B", w.microBatch * 1.0,
                       static_cast<double>(m.vocabSize), c) +
                   " = " + gb(v);
        const bool compiled = w.features.compiledLoss();
        const double in = w.features.lossInputBytes(c);
        const int tp = std::max(1, w.parallel.tp);
        std::string rule;
        if (decomposedLossParallel(w.features, w.parallel))
            rule = "16 B (loss_parallel: saved log-softmax, scattered gradient, exp, their sum)";
        else if (!w.features.chunkedCrossEntropy)
            rule = compiled ? fmt("2 x %.4g B (compiled loss: saved input + its gradient)", in)
                            : "12 B (fp32 log-softmax + the gradients into and out of it)";
        else
            rule = compiled ? fmt("%.4g B + one chunk's gradient (compiled chunked loss)", c)
                            : fmt("(%.4g + 4) B + one chunk's fp32 upcast (chunked loss)", c);
        const std::string vocab =
            tp > 1 ? fmt("vocab %.0f / TP %.0f", static_cast<double>(m.vocabSize), tp * 1.0)
                   : fmt("vocab %.0f", static_cast<double>(m.vocabSize));
        return fmt("tokens %.0f x ", tokens) + vocab + " x " + rule +
               (w.features.retainedLogits ? ", + the logits the loop keeps" : "") +
               (v > 0 ? "" : "; not live at this peak") + " = " + gb(v);
    }
    case Term::Workspace:
        return "gathered FSDP units, optimizer temporaries, dequant buffers = " + gb(v);
    case Term::AllocatorReserve:
        if (r.loadReserved > 0 && r.loadReserved >= r.reserved)
            return "the load's cached segments (load_recipe " +
                   std::string(loadRecipeKey(w.features.loadRecipe)) +
                   ", replayed through the caching allocator" +
                   (w.features.loadRecipe == LoadRecipe::Fsdp1SyncModuleStates
                        ? ", + the all-gather stream's pool"
                        : "") +
                   ") - allocated = " + gb(v);
        return "20% of transients + 3.5% of resident bytes (caching allocator)" +
               (r.gradientPoolCache > 0
                    ? " + " + gb(r.gradientPoolCache) +
                          " of sharded gradients cached in the FSDP reduce-scatter stream's pool"
                    : std::string()) +
               " = " + gb(v);
    case Term::CudaContext:
        return "CUDA context 512 MiB" +
               std::string(w.parallel.gpus() > 1 ? " + NCCL 384 MiB" : "") + " = " + gb(v);
    }
    return {};
}

} // namespace headroom
