// Formula texts of the memory terms: each term's rule with this scenario's numbers put in
// (estimator.h termFormula). Shown in the GUI's tooltips and breakdown, and by the CLI.

#include "core/engine/estimator.h"
#include "core/engine/memory_terms.h"
#include "core/engine/profiles.h"
#include "core/engine/stages.h"
#include "core/engine/weight_dtypes.h"
#include "core/units.h"

#include <cmath>
#include <cstdio>

namespace headroom {

namespace {

std::string fmt(const char* f, double a, double b = 0, double c = 0, double d = 0) {
    char buf[256];
    std::snprintf(buf, sizeof buf, f, a, b, c, d);
    return buf;
}
std::string gb(double bytes) {
    return formatGiB(bytes);
}

std::string str(std::string_view v) {
    return std::string(v);
}

/// Where the rank's parameters come from when PP or TP split the model: "(stage 2 of 4:
/// layers 8-15 + lm_head; / TP 2)"; empty when the rank holds the whole model.
std::string rankScope(const stages::StageContext& x, int pp) {
    std::string parts;
    if (pp > 1) {
        parts = fmt("stage %.0f of %.0f: layers %.0f", x.stage + 1.0, pp, x.layers.first) +
                fmt("-%.0f", x.layers.first + x.layers.count - 1.0) +
                (x.firstStage ? " + embedding" : "") + (x.lastStage ? " + lm_head" : "");
    }
    if (x.tp > 1)
        parts += (parts.empty() ? "" : "; ") + fmt("/ TP %.0f", x.tp);
    return parts.empty() ? "" : " on this rank (" + parts + ")";
}

/// " / 8 (zero3 shards)" when @p applies and the sharding group has more than one rank.
std::string shardText(bool applies, const stages::StageContext& x) {
    if (!applies || x.shard <= 1)
        return {};
    return fmt(" / %.0f (", x.shard) + str(shardingKey(x.w.parallel.sharding)) + " shards)";
}

/// Base weights (+ LoRA adapters) of the rank; Term::Weights' rule (stages.cpp
/// residentWeights) with the rank's numbers.
std::string weightsFormula(const stages::StageContext& x, int pp, double v) {
    const Workload& w = x.w;
    const stages::StageParams& sp = x.params;
    const bool sharded = shardsParams(w.parallel.sharding) && x.shard > 1;
    if (sharded && w.parallel.offloadParams)
        return std::string(sp.adapters > 0 ? "parameters and LoRA adapters" : "parameters") +
               " offloaded to host (offload_params)" +
               (isQuantized(x.weightDtype) && !w.features.torchaoNf4
                    ? "; the quantisation block scales stay"
                    : "") +
               " = " + gb(v);
    const std::string scope = rankScope(x, pp);
    std::string text;
    if (terms::checkpointStorageApplies(x.m, w))
        text = fmt("%.4g params", sp.total()) + scope + " as the checkpoint stores them (" +
               weightDtypesKey(residentWeightDtypes(x.m, w)) +
               (x.m.headerWeightBytes > 0 ? ", safetensors header bytes" : "") + ")";
    else if (isQuantized(x.weightDtype)) {
        const double head = stages::quantisedHeadParams(x); // lm_head stored as a linear
        text = fmt("(%.4g linear", sp.linear + head) +
               (head > 0 ? std::string(" incl. lm_head") : std::string()) +
               fmt(" x %.4g B", bytesPerElement(x.weightDtype)) + " (" +
               str(dtypeKey(x.weightDtype)) + fmt(") + %.4g other x %.4g B", sp.other - head, x.c) +
               " (" + str(dtypeKey(w.precision.compute)) + "))" + scope;
    } else
        text = fmt("%.4g params", sp.total()) + scope +
               fmt(" x %.4g B (", bytesPerElement(x.weightDtype)) + str(dtypeKey(x.weightDtype)) +
               ")";
    if (sp.adapters > 0)
        text += fmt(" + %.4g LoRA x %.4g B", sp.adapters, bytesPerElement(w.precision.adapters));
    if (sharded)
        text = (sp.adapters > 0 ? "(" + text + ")" : text) + shardText(true, x);
    return text + " = " + gb(v);
}

/// Trainable parameters of the rank: every one (full) or the LoRA adapters.
double rankTrainable(const stages::StageContext& x) {
    return x.full ? x.params.total() : x.params.adapters;
}

/// The fp32 master copy (stages.cpp trainingState): absent when the run keeps none.
std::string masterFormula(const stages::StageContext& x, int pp, double v) {
    const Workload& w = x.w;
    if (!x.training)
        return "no master copy (inference) = " + gb(v);
    if (!w.precision.masterWeights)
        return "no fp32 master copy (master weights off) = " + gb(v);
    if (stages::optimizerOnHost(w))
        return "fp32 master copy offloaded to host with the optimizer = " + gb(v);
    const DType trained = x.full ? x.weightDtype : w.precision.adapters;
    if (trained == DType::FP32)
        return "no separate copy: the trained weights are fp32 already = " + gb(v);
    return fmt("%.4g trainable", rankTrainable(x)) + rankScope(x, pp) + " x 4 B (fp32 copy)" +
           shardText(shardsOptimizer(w.parallel.sharding), x) + " = " + gb(v);
}
/// Stored gradients (stages.cpp trainingState): the rank's trainable parameters in the
/// gradient dtype, sharded by ZeRO-2+/FSDP, doubled by DDP's reducer buckets, plus DeepSpeed's
/// contiguous gradient bucket.
std::string gradientsFormula(const stages::StageContext& x, int pp, double v) {
    const Workload& w = x.w;
    const Parallelism& par = w.parallel;
    const std::string bytes = fmt(" x %.4g B (", bytesPerElement(w.precision.grads)) +
                              str(dtypeKey(w.precision.grads)) + ")";
    if (!x.training)
        return "no gradients (inference) = " + gb(v);
    if (w.features.optimizerInBackward)
        return fmt("largest tensor %.4g", x.full ? x.params.maxTensor : x.params.adapters) + bytes +
               " (optimizer step in backward) = " + gb(v);
    const std::string bucket =
        hasDeepspeedBucket(w)
            ? fmt(" + DeepSpeed gradient bucket %.4g elements", // stages.cpp trainingState
                  static_cast<double>(par.reduceBucketElements)) +
                  bytes +
                  (par.sharding == Sharding::Zero3 ? " (ZeRO-3: resident)" : " (during backward)")
            : std::string();
    std::string text = x.mixedFrozenUnits ? std::string("every block parameter (FSDP units mixing "
                                                        "frozen weights and adapters)")
                                          : fmt("%.4g trainable", rankTrainable(x));
    text += rankScope(x, pp) + bytes + shardText(shardsGradients(par.sharding) && !x.noSync, x);
    if (stages::gradientsOffloaded(w)) // stage_context.h: the optimizer steps on the host
        text = "gradient shards on the host (" + text + ", copied there in backward)";
    if (par.sharding == Sharding::None && par.dpCp() > 1)
        text += " x 2 (DDP reducer buckets copy them)";
    return text + bucket + (v > 0 ? "" : "; not live at this peak") + " = " + gb(v);
}
/// KV cache of the rank (stages.cpp cachesAndRollout, terms::kvCache): inference keeps
/// prompt + generated tokens of every sequence for the stage's layers and the KV heads on its
/// TP rank (at least one); a colocated rollout engine keeps its own for the whole model.
std::string kvFormula(const stages::StageContext& x, int pp, double v) {
    const Workload& w = x.w;
    const ModelArch& m = x.m;
    if (x.training && !w.rollout.enabled)
        return "no KV cache (training) = " + gb(v);
    if (x.training)
        return "the rollout engine's KV cache: rollout sequences x (prompt + response) tokens, "
               "all layers, KV heads / rollout TP = " +
               gb(v);
    const double prompt = static_cast<double>(w.inference.promptTokens);
    const double fresh = w.inference.prefillOnly ? 0.0 : static_cast<double>(w.inference.newTokens);
    const std::string layers =
        fmt("L %.0f", x.layers.count) +
        (pp > 1 ? fmt(" (stage %.0f of %.0f)", x.stage + 1.0, pp) : std::string());
    const std::string tokens =
        fmt(" x sequences %.0f x tokens %.0f", static_cast<double>(w.microBatch), prompt + fresh) +
        fmt(" (prompt %.0f + new %.0f)", prompt, fresh) +
        (x.slidingLayers > 0 ? fmt(", %.0f sliding layers keep at most %.0f tokens",
                                   x.slidingLayers, static_cast<double>(m.slidingWindow))
                             : std::string());
    const double b = bytesPerElement(w.precision.kvCache);
    const std::string dt = " (" + str(dtypeKey(w.precision.kvCache)) + ")";
    if (m.mla.enabled()) // the latent is shared by the heads: TP does not divide it
        return layers +
               fmt(" x (kv_lora %.0f + rope %.0f)", m.mla.kvLoraRank, m.mla.qkRopeHeadDim) +
               fmt(" x %.4g B", b) + dt + tokens + " = " + gb(v);
    const double heads = std::max(1.0, std::ceil(static_cast<double>(m.numKvHeads) / x.tp));
    const std::string kvHeads =
        x.tp > 1 ? fmt("kv_heads %.0f / TP %.0f", m.numKvHeads, x.tp) + fmt(" -> %.0f", heads)
                 : fmt("kv_heads %.0f", m.numKvHeads);
    return "2 x " + layers + " x " + kvHeads + fmt(" x head_dim %.0f x %.4g B", m.headDim, b) + dt +
           tokens + " = " + gb(v);
}

/// The optimizer states' formula: trainable parameters on the rank x bytes per parameter.
std::string optimizerFormula(const stages::StageContext& x, int pp, double v) {
    const Workload& w = x.w;
    const Precision& p = w.precision;
    const double T = rankTrainable(x);
    if (!x.training)
        return "no optimizer (inference) = " + gb(v);
    if (stages::optimizerOnHost(w))
        return str(optimizerKey(w.optimizer)) + ": states offloaded to host = " + gb(v);
    return str(optimizerKey(w.optimizer)) + fmt(": %.4g trainable", T) + rankScope(x, pp) +
           fmt(" x %.4g B/param", terms::optimizerBytesPerParam(w.optimizer, p.optimizerStates)) +
           " (" + str(dtypeKey(p.optimizerStates)) + " states)" +
           shardText(shardsOptimizer(w.parallel.sharding), x) + " = " + gb(v);
}

/// The activations' formula: saved tensors per token x tokens x layers (training), one
/// block's prefill tensors (inference).
std::string activationsFormula(const stages::StageContext& x, int pp, int layers, double v) {
    const Workload& w = x.w;
    if (w.mode == Mode::Inference) // the prefill's live tensors of one block (stages.cpp)
        return fmt("one block's prefill tensors per token x %.0f tokens (sequences %.0f x "
                   "prompt %.0f)",
                   static_cast<double>(w.microBatch) * w.inference.promptTokens,
                   static_cast<double>(w.microBatch),
                   static_cast<double>(w.inference.promptTokens)) +
               " = " + gb(v);
    return fmt("saved tensors per token x %.0f tokens (b %.0f x s %.0f", x.tokens,
               static_cast<double>(w.microBatch), static_cast<double>(w.sequenceLength)) +
           (x.cp > 1 ? fmt(" / CP %.0f", x.cp) : std::string()) +
           fmt(") x %.0f layers", static_cast<double>(layers)) +
           (pp > 1 ? fmt(" (stage %.0f of %.0f)", x.stage + 1.0, pp) : std::string()) +
           ", checkpointing " + std::string(checkpointingKey(w.checkpointing)) + " = " + gb(v);
}

/// The logits' formula: tokens x vocab x the bytes the loss keeps per logit.
std::string logitsFormula(const stages::StageContext& x, double v) {
    const Workload& w = x.w;
    const ModelArch& m = x.m;
    const Precision& p = w.precision;
    const double tokens = static_cast<double>(w.microBatch) * w.sequenceLength;
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
    // stages.cpp logitsAndLoss: tanh's saved output of soft-capped logits (Gemma-2)
    const std::string softcap =
        m.finalSoftcap && !compiled
            ? fmt(" + %.4g B (tanh's saved output of the soft-capped logits)", c)
            : std::string();
    return fmt("tokens %.0f x ", tokens) + vocab + " x " + rule + softcap +
           (w.features.retainedLogits ? ", + the logits the loop keeps" : "") +
           (v > 0 ? "" : "; not live at this peak") + " = " + gb(v);
}

/// The allocator reserve's formula: the load's cached segments, or the step replay's
/// fragmentation and its additions.
std::string reserveFormula(const Workload& w, const RankEstimate& r, double v) {
    if (r.loadReserved > 0 && r.loadReserved >= r.reserved)
        return "the load's cached segments (load_recipe " +
               std::string(loadRecipeKey(w.features.loadRecipe)) +
               ", replayed through the caching allocator" +
               (w.features.loadRecipe == LoadRecipe::Fsdp1SyncModuleStates
                    ? ", + the all-gather stream's pool"
                    : "") +
               ") - allocated = " + gb(v);
    std::string text;
    if (r.stepReplayed && w.mode != Mode::Training) {
        text = gb(r.stepFragmentation) +
               " of the prefill's blocks and KV cache replayed through the caching allocator + "
               "20% of the logits' transients (not replayed) + 3.5% of resident bytes";
    } else if (r.stepReplayed) {
        const bool lossReplayed = !w.features.chunkedCrossEntropy && !w.features.compiledLoss() &&
                                  !decomposedLossParallel(w.features, w.parallel);
        text = gb(r.stepFragmentation) +
               (r.statesReplayed ? " of the step's blocks, loss, gradients and optimizer "
                                   "states replayed through the caching allocator"
                                 : " of the step's blocks and loss replayed through the "
                                   "caching allocator") +
               (lossReplayed ? "" : " + 20% of the loss's transients (not replayed)") +
               (r.statesReplayed ? " + 3.5% of the other resident bytes"
                                 : " + 3.5% of resident bytes");
    } else {
        text = "20% of transients + 3.5% of resident bytes (caching allocator)";
    }
    return text +
           (r.gradientPoolCache > 0
                ? " + " + gb(r.gradientPoolCache) +
                      " of sharded gradients cached in the FSDP reduce-scatter stream's pool"
                : std::string()) +
           (r.lengthsCache > 0 ? " + " + gb(r.lengthsCache) +
                                     " cached for the run's other batch lengths (variable "
                                     "sample lengths, replayed through the caching allocator)"
                               : std::string()) +
           " = " + gb(v);
}

} // namespace

std::string formatGiB(double bytes) {
    // two decimals, a tie rounded up: the GUI's QLocale::toString(v, 'f', 2) does the same,
    // so that a tooltip and its formula show one number for one byte count. printf rounds
    // the exact binary value correctly but a tie to even; a tie is 200 v an odd integer
    // exactly (fma tells whether the product is exact).
    const double v = bytes / kGiB;
    const double twoHundred = 200.0 * v;
    const bool exact = std::fma(200.0, v, -twoHundred) == 0.0;
    if (exact && std::fmod(std::abs(twoHundred), 2.0) == 1.0)
        return fmt("%.2f GiB", (twoHundred + (v < 0 ? -1.0 : 1.0)) / 200.0);
    return fmt("%.2f GiB", v);
}

std::string termFormula(Term t, const ModelArch& m, const Workload& input, const GpuSpec* gpu,
                        int stage) {
    const Workload w = withProfileApplied(input);
    const Estimate e = estimate(m, w, gpu);
    const bool oneStage = stage >= 0 && stage < static_cast<int>(e.stages.size());
    const RankEstimate& r = oneStage ? e.stages[static_cast<size_t>(stage)] : e.worst;
    const double v = r.atPeak[static_cast<int>(t)];
    const stages::ModelFacts facts = stages::modelFacts(m);
    const stages::StageContext x = stages::stageContext(m, facts, w, r.stage);
    const int pp = std::max(1, static_cast<int>(e.stages.size()));
    switch (t) {
    case Term::Weights:
        return weightsFormula(x, pp, v);
    case Term::MasterWeights:
        return masterFormula(x, pp, v);
    case Term::OptimizerStates:
        return optimizerFormula(x, pp, v);
    case Term::Gradients:
        return gradientsFormula(x, pp, v);
    case Term::Activations:
        return activationsFormula(x, pp, r.numLayers, v);
    case Term::KvCache:
        return kvFormula(x, pp, v);
    case Term::Logits:
        return logitsFormula(x, v);
    case Term::Workspace:
        return "gathered FSDP units, autocast weight casts, optimizer temporaries, dequant "
               "buffers = " +
               gb(v);
    case Term::AllocatorReserve:
        return reserveFormula(w, r, v);
    case Term::CudaContext:
        return "CUDA context 512 MiB" +
               std::string(w.parallel.gpus() > 1 ? " + NCCL 384 MiB" : "") + " = " + gb(v);
    }
    return {};
}

} // namespace headroom
