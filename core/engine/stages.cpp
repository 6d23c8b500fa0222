#include "core/engine/stages.h"

#include "core/engine/memory_terms.h"
#include "core/engine/reserve/reserve.h"

#include <algorithm>
#include <cmath>

namespace headroom::stages {

namespace {

// ---- weights and states ------------------------------------------------------------------

/// Term::Weights of one rank, less a colocated rollout engine's copy (cachesAndRollout).
struct ResidentWeights {
    double base = 0;     ///< base weights on this rank after sharding and offload
    double adapters = 0; ///< LoRA adapters on this rank
};

/// Base weights: quantised linears in their dtype and the rest in the compute dtype, else all
/// in the weight dtype; sharded over the ZeRO-3/FSDP group (routed experts over its
/// expert-data-parallel part), plus the bitsandbytes block scales every rank keeps whole.
/// Offloaded parameters (ZeRO-Infinity, FSDP offload_params), LoRA adapters included, leave
/// only those scales.
ResidentWeights residentWeights(const StageContext& x, double& host) {
    const Parallelism& par = x.w.parallel;
    const StageParams& sp = x.params;
    const DType wd = x.weightDtype;
    const bool sharded = shardsParams(par.sharding);
    const bool fromCheckpoint = terms::checkpointStorageApplies(x.m, x.w);
    terms::RankWeightGroups groups;
    groups.embedding = sp.embedding;
    groups.lmHead = sp.lmHead;
    groups.attention = sp.attention;
    groups.experts = sp.experts;
    groups.mlp = sp.linear - sp.attention - sp.experts;
    groups.other = sp.other - sp.embedding - sp.lmHead;
    // the block linears (and lm_head where the framework quantises it too) in the weight
    // dtype; the rest of a quantised model in the compute dtype
    const double quantHead = quantisedHeadParams(x);
    const double quantised = sp.linear + quantHead;
    const double weightBytes = fromCheckpoint ? terms::checkpointWeights(groups, x.f.storage)
                               : isQuantized(wd)
                                   ? terms::weights(quantised, wd) +
                                         terms::weights(sp.other - quantHead, x.w.precision.compute)
                                   : terms::weights(sp.total(), wd);
    const double paramShard = sharded ? x.shard : 1.0;
    const double expertBytes = fromCheckpoint ? sp.experts * x.f.storage.experts.perParam()
                                              : terms::weights(sp.experts, wd);
    ResidentWeights r;
    r.base = sharded ? (weightBytes - expertBytes) / paramShard +
                           expertBytes / std::min(paramShard, x.expertShard)
                     : weightBytes;
    // bitsandbytes keeps its 4-bit block scales outside the parameters that FSDP/ZeRO-3
    // shard and offload: each rank holds all of them (torchao NF4Tensor shards its own).
    const double quantState =
        sharded && !x.w.features.torchaoNf4 ? terms::quantStateBytes(quantised, wd) : 0.0;
    r.base += quantState * (1.0 - 1.0 / paramShard);
    r.adapters = terms::weights(sp.adapters, x.w.precision.adapters) / paramShard;
    if (par.offloadParams && sharded) {
        // every sharded parameter goes to the host, the adapters' shards too: FSDP1
        // CPUOffload moves each FlatParameter (PEFT's and fsdp_qlora's policies wrap the
        // adapters as units of their own), FSDP2 CPUOffloadPolicy each DTensor shard, ZeRO-3
        // offload_param each partition
        host += r.base - quantState + r.adapters;
        r.base = quantState;
        r.adapters = 0;
    }
    return r;
}

/// Gradients, optimizer states, master copy and step temporaries of one rank (training).
struct TrainingState {
    double trainable = 0;        ///< trainable parameters on this rank
    double grads = 0;            ///< stored gradients once a step's micro-batches all ran
    double states = 0;           ///< optimizer states
    double master = 0;           ///< fp32 master copy
    double temporaries = 0;      ///< optimizer-step temporaries (workspace of the step)
    double pageable = 0;         ///< paged optimizer states (CUDA unified memory)
    double bucket = 0;           ///< DeepSpeed's contiguous gradient bucket (in Term::Gradients)
    bool bucketResident = false; ///< the bucket lives in every phase (ZeRO-3), not only backward
};

/// Parameters whose gradients are stored: the trainable ones, or with FSDP1 units mixing
/// frozen weights and adapters every block parameter (not embedding, final norm, lm_head).
double gradientParams(const StageContext& x, double trainable) {
    if (!x.mixedFrozenUnits)
        return trainable;
    const StageParams& sp = x.params;
    const double finalNorm = x.lastStage ? finalNormParams(x.m) : 0.0;
    return sp.linear + sp.other - sp.embedding - sp.lmHead - finalNorm + sp.adapters;
}

/// One sharding degree equivalent to the dense parts over `shard` and the routed experts
/// over `expertShard` (every term it divides is linear in the parameter count).
double effectiveShard(const StageContext& x, double trainable, bool sharded) {
    const double trainableExperts = x.full ? x.params.experts : 0.0;
    if (!sharded || trainable <= 0 || trainableExperts <= 0)
        return sharded ? x.shard : 1.0;
    return trainable / ((trainable - trainableExperts) / x.shard +
                        trainableExperts / std::min(x.shard, x.expertShard));
}

/// Optimizer states: Adafactor's factored rows and columns (7 matrices a block + 2), else
/// the optimizer's bytes per parameter, sharded by ZeRO-1+.
double optimizerStateBytes(const StageContext& x, double trainable, double optShard) {
    const Workload& w = x.w;
    if (w.optimizer != Optimizer::Adafactor)
        return terms::optimizerStates(trainable, w.optimizer, w.precision.optimizerStates,
                                      optShard);
    const double matrices = 7.0 * x.layers.count + 2.0;
    return terms::adafactorStates(trainable, matrices, static_cast<double>(x.m.hiddenSize)) /
           optShard;
}

TrainingState trainingState(const StageContext& x, double& host) {
    TrainingState t;
    if (!x.training)
        return t;
    const Workload& w = x.w;
    const Parallelism& par = w.parallel;
    const Precision& pr = w.precision;
    const StageParams& sp = x.params;
    const bool inBackward = w.features.optimizerInBackward;
    t.trainable = x.full ? sp.total() : sp.adapters;
    const double gradShard =
        effectiveShard(x, t.trainable, shardsGradients(par.sharding) && !x.noSync);
    const double optShard = effectiveShard(x, t.trainable, shardsOptimizer(par.sharding));
    t.grads = inBackward ? terms::gradientsInBackward(x.full ? sp.maxTensor : t.trainable, pr.grads)
                         : terms::gradients(gradientParams(x, t.trainable), pr.grads, gradShard);
    if (par.sharding == Sharding::None && par.dpCp() > 1 && !inBackward)
        t.grads *= 2.0; // DDP reducer buckets copy every gradient (gradient_as_bucket_view=False)
    t.states = optimizerStateBytes(x, t.trainable, optShard);
    if (pr.masterWeights)
        t.master =
            terms::masterWeights(t.trainable, x.full ? x.weightDtype : pr.adapters, optShard);
    t.temporaries = terms::optimizerTemporaries(x.full ? sp.maxTensor : t.trainable, w.optimizer,
                                                pr.optimizerStates,
                                                w.features.fusedOptimizer || inBackward, optShard);
    if (optimizerOnHost(w)) {
        host += t.states + t.master;
        t.states = t.master = t.temporaries = 0;
    }
    if (gradientsOffloaded(w)) {
        host += t.grads;
        t.grads = 0;
    }
    if (w.optimizer == Optimizer::PagedAdamW || w.optimizer == Optimizer::PagedAdamW8bit)
        t.pageable = t.states;
    if (hasDeepspeedBucket(w)) {
        // ZeRO-3: one bucket from the optimizer's creation on; ZeRO-1/2: one per backward
        t.bucketResident = par.sharding == Sharding::Zero3;
        t.bucket =
            terms::deepspeedGradientBucket(static_cast<double>(par.reduceBucketElements), pr.grads);
    }
    return t;
}

// ---- activations -------------------------------------------------------------------------

/// Saved bytes per token of one (dense or MoE) block on this TP rank. Korthikanti et al.
/// 2022 Sec. 4.2: without SP the norm parts stay whole on every TP rank; SP that saves the
/// sharded linear inputs (Megatron) splits everything; DTensor SP keeps the gathered inputs.
double blockSavedPerToken(const StageContext& x, const terms::BlockSaveOptions& o, bool moe) {
    terms::BlockSaveOptions block = o;
    block.moeLayer = moe;
    const double saved = terms::blockSavedBytesPerToken(x.m, block);
    const Parallelism& par = x.w.parallel;
    if (par.tp <= 1)
        return saved;
    const double whole = !par.sequenceParallel ? terms::blockReplicatedBytesPerToken(x.m, block)
                         : x.spShardsLinearInputs
                             ? 0.0
                             : terms::blockGatheredInputBytesPerToken(x.m, block);
    return (saved - whole) / x.tp + whole;
}

/// The stage's blocks, per token: what they all save, the largest one's saves (recomputed
/// under checkpointing) and one block's backward transients.
struct BlockSaves {
    double all = 0;
    double largest = 0;
    double transient = 0;
};

BlockSaves blockSaves(const StageContext& x, const terms::BlockSaveOptions& o) {
    const Workload& w = x.w;
    const double keyTokens = static_cast<double>(w.sequenceLength); // causal: whole sequence
    const int heads = x.m.numHeads / std::max(1, w.parallel.tp);
    const bool eager = w.attention == AttentionImpl::Eager;
    // SDPA's math kernel: one K/V head handed over un-expanded (Features::unexpandedMqaSdpa)
    const bool math = w.attention == AttentionImpl::SDPA && w.features.unexpandedMqaSdpa &&
                      x.m.numKvHeads == 1 && x.m.numHeads > 1;
    auto scores = [&](double keys) {
        return eager  ? terms::attentionScoreBytesPerToken(heads, keys, x.c, true, false,
                                                           x.m.attnSoftcap)
               : math ? terms::sdpaMathBytesPerToken(heads, keys, x.m.headDim, x.c)
                      : 0.0;
    };
    const double scoresFull = scores(keyTokens);
    const double scoresSliding =
        x.m.slidingWindow > 0 ? scores(std::min(keyTokens, 1.0 * x.m.slidingWindow)) : scoresFull;
    const double scoreSum =
        (x.layers.count - x.slidingLayers) * scoresFull + x.slidingLayers * scoresSliding;
    // each kind only where the stage has blocks of it (the other is multiplied by 0)
    const double dense = x.denseLayers > 0 ? blockSavedPerToken(x, o, false) : 0.0;
    const double moe = x.moeLayers > 0 ? blockSavedPerToken(x, o, true) : 0.0;
    BlockSaves b;
    b.all = x.denseLayers * dense + x.moeLayers * moe + scoreSum;
    b.largest = std::max(x.denseLayers > 0 ? dense : 0.0, x.moeLayers > 0 ? moe : 0.0) + scoresFull;
    terms::BlockSaveOptions last = o;
    last.moeLayer = x.moeLayers > 0;
    b.transient = terms::blockBackwardTransientPerToken(x.m, last) / x.tp;
    if (eager) // the softmax's transients come at another moment than the MLP's
        b.transient =
            std::max(b.transient,
                     terms::eagerSoftmaxTransientPerToken(heads, keyTokens, x.c, eagerDtypes(x)));
    return b;
}

/// Per token: what the stage keeps for backward per in-flight micro-batch, and what one
/// block recomputes (or holds as transients) while it runs backward, by checkpointing mode.
struct PerToken {
    double stored = 0;
    double recompute = 0;
};

PerToken checkpointed(const StageContext& x, const terms::BlockSaveOptions& o,
                      const BlockSaves& b) {
    const Workload& w = x.w;
    const int n = x.layers.count;
    const double input = x.c * static_cast<double>(x.m.hiddenSize) /
                         (w.parallel.sequenceParallel ? x.tp : 1.0); // checkpointed block input
    PerToken t;
    switch (w.checkpointing) {
    case Checkpointing::None:
        t.stored = b.all;
        t.recompute = b.transient;
        break;
    case Checkpointing::Full:
        t.stored = n * input;
        t.recompute = b.largest + b.transient;
        break;
    case Checkpointing::Selective: {
        const double sel = terms::blockSelectiveBytesPerToken(x.m, o) / x.tp;
        t.stored = n * sel;
        t.recompute = b.largest - sel + b.transient;
        break;
    }
    case Checkpointing::FirstN: {
        const int ck = checkpointedBlocks(x);
        t.stored = ck * input + (b.all / std::max(1, n)) * (n - ck);
        t.recompute = (ck > 0 ? b.largest : 0.0) + b.transient;
        break;
    }
    }
    return t;
}

/// Final norm + lm_head input saved on the last stage, per token. Without SP both are whole
/// on every TP rank; with SP the final norm runs on the sequence shard (/ t), and the
/// column-parallel lm_head saves its sharded input when SP keeps linear inputs sharded
/// (Megatron, / t) but the all-gathered one under DTensor SP (whole), as in the blocks.
double headSavedPerToken(const StageContext& x, const terms::BlockSaveOptions& o) {
    const double h = static_cast<double>(x.m.hiddenSize);
    const double norm =
        x.m.norm == NormKind::LayerNorm || o.compiled ? x.c * h : 4.0 * h + (x.full ? x.c * h : 0);
    const double headIn = x.full ? x.c * h : 0.0;
    return x.w.parallel.sequenceParallel
               ? norm / x.tp + (x.spShardsLinearInputs ? headIn / x.tp : headIn)
               : norm + headIn;
}

/// Term::Activations outside the peak's recompute: saved tensors (training) or the prefill's
/// live hidden states (inference); `recompute`: one block's recompute/backward transients.
struct ActivationBytes {
    double bytes = 0;
    double recompute = 0;
};

ActivationBytes trainingActivations(const StageContext& x, double& host) {
    const Workload& w = x.w;
    const terms::BlockSaveOptions o = blockSaveOptions(x);
    PerToken t = checkpointed(x, o, blockSaves(x, o));
    if (x.lastStage)
        t.stored += headSavedPerToken(x, o);
    const double inflight = inflightMicroBatches(w.parallel, x.stage, w.gradAccumulation);
    ActivationBytes a;
    a.bytes = t.stored * x.tokens * inflight;
    a.recompute = t.recompute * x.tokens;
    if (w.features.activationOffload) {
        // what each block keeps (its full saves, or only its input under checkpointing)
        // goes to host memory; the block being computed and the one being prefetched
        // stay on the GPU (torchtune OffloadActivations: one stream, one prefetch).
        const double keptPerBlock = a.bytes / std::max(1, x.layers.count);
        const double onGpu = std::min(a.bytes, 2.0 * keptPerBlock);
        host += a.bytes - onGpu;
        a.bytes = onGpu;
    }
    return a;
}

/// Prefill transients of one block for every prompt token: hidden + residual + q/k/v
/// (3 h), attention output (a d / t), FFN intermediates (3 i / t; MoE: the routed experts'
/// width x experts per token). Under eager attention at least what lives at its softmax
/// (no autograd, so the FFN's tensors are not made yet and the projections' inputs are
/// gone): the block input and its norm (2 h), the rotated q (a d / t), the repeated K and V
/// of a GQA model (2 a d / t, transformers repeat_kv) and the scores
/// (terms::eagerPrefillScoresPerToken).
double prefillBytes(const StageContext& x) {
    const ModelArch& m = x.m;
    const Workload& w = x.w;
    const double seqs = static_cast<double>(w.microBatch);
    const double prompt = static_cast<double>(w.inference.promptTokens);
    const double h = static_cast<double>(m.hiddenSize);
    const double ffn = x.moeLayers > 0
                           ? static_cast<double>(m.moe.expertIntermediate) * m.moe.expertsPerToken
                           : static_cast<double>(m.intermediateSize);
    const double qOut = static_cast<double>(m.numHeads) * m.headDim / x.tp;
    const double perTok = x.c * (3.0 * h + qOut + 3.0 * ffn / x.tp);
    if (w.attention != AttentionImpl::Eager)
        return seqs * prompt * perTok;
    const double repeated = m.numKvHeads < m.numHeads ? 2.0 * qOut : 0.0;
    const double softmax =
        x.c * (2.0 * h + qOut + repeated) +
        terms::eagerPrefillScoresPerToken(m.numHeads / std::max(1, w.parallel.tp), prompt, x.c,
                                          eagerDtypes(x));
    return seqs * prompt * std::max(perTok, softmax);
}

ActivationBytes activations(const StageContext& x, double& host) {
    if (x.training)
        return trainingActivations(x, host);
    ActivationBytes a;
    a.bytes = prefillBytes(x);
    return a;
}

// ---- logits and loss ---------------------------------------------------------------------

/// The lm_head's output and the loss's buffers (last stage only).
struct LogitBytes {
    double logits = 0;         ///< logits and loss buffers live at the loss
    double retained = 0;       ///< logits the loop keeps through backward
    double retainedAtLoss = 0; ///< the part of `retained` that `logits` does not count
};

LogitBytes logitsAndLoss(const StageContext& x) {
    LogitBytes l;
    if (!x.lastStage)
        return l;
    const Workload& w = x.w;
    const Features& f = w.features;
    const double vocab = static_cast<double>(x.m.vocabSize) / x.tp;
    if (!x.training) { // one position per sequence: its logits and their fp32 softmax
        l.logits = static_cast<double>(w.microBatch) * static_cast<double>(x.m.vocabSize) / x.tp *
                   (x.c + 4.0);
        return l;
    }
    const double lossInput = f.lossInputBytes(x.c);
    l.logits = decomposedLossParallel(f, w.parallel)
                   ? terms::lossParallelLogitsBytes(x.tokens, vocab)
                   : terms::logitsBytes(x.tokens, vocab, x.c, f.chunkedCrossEntropy,
                                        std::max(1.0, x.tokens / 8.0), f.compiledLoss(), lossInput);
    if (x.m.finalSoftcap && !f.compiledLoss())
        l.logits += terms::softcapLogitsBytes(x.tokens, vocab, x.c);
    if (f.retainedLogits) {
        l.retained =
            terms::retainedLogitsBytes(x.tokens, vocab, x.c, f.chunkedCrossEntropy, lossInput);
        l.retainedAtLoss = f.chunkedCrossEntropy ? 0.0 : l.retained;
    }
    return l;
}

// ---- KV cache and the rollout engine -----------------------------------------------------

/// The KV cache (inference; or a colocated rollout engine's in RL training), the rollout
/// engine's own weight copy and its framework overhead.
struct CacheBytes {
    double kv = 0;
    double engineWeights = 0;
    double overhead = 0;
};

CacheBytes cachesAndRollout(const StageContext& x) {
    const ModelArch& m = x.m;
    const Workload& w = x.w;
    const Parallelism& par = w.parallel;
    CacheBytes k;
    if (!x.training) {
        const double seqs = static_cast<double>(w.microBatch);
        const double prompt = static_cast<double>(w.inference.promptTokens);
        const double total =
            prompt + (w.inference.prefillOnly ? 0.0 : static_cast<double>(w.inference.newTokens));
        k.kv = terms::kvCache(m, x.layers.count, x.slidingLayers, seqs, total, w.precision.kvCache,
                              par.tp);
        return k;
    }
    if (!w.rollout.enabled)
        return k;
    const double gpus = static_cast<double>(std::max<int64_t>(1, par.gpus()));
    const int rtp = w.rollout.rolloutTp > 0 ? w.rollout.rolloutTp : std::max(1, par.tp);
    const double engines = std::max(1.0, gpus / rtp);
    const double seqs =
        static_cast<double>(w.rollout.rolloutBatch) * w.rollout.samplesPerPrompt / engines;
    const double toks = static_cast<double>(w.rollout.promptTokens + w.rollout.maxResponseTokens);
    k.kv = terms::kvCache(m, m.numLayers, m.slidingLayers, seqs, toks, w.precision.kvCache, rtp);
    k.overhead = w.rollout.frameworkOverheadBytes;
    // The colocated engine (SGLang/vLLM) keeps its own weight copy in the compute dtype,
    // split over its TP ranks, for as long as its KV pool is resident:
    // P x bytes(compute) / rollout TP (norms counted as split too: < 0.01 %).
    k.engineWeights = terms::weights(static_cast<double>(x.f.pc.total), w.precision.compute) / rtp;
    return k;
}

// ---- workspace ---------------------------------------------------------------------------

struct WorkspaceBytes {
    double total = 0;
    double gatheredPool = 0; ///< FSDP all-gather outputs (allocated on the unshard stream)
};

/// Transients: the rollout framework's overhead; FSDP/ZeRO-3's gathered units (the current
/// and the prefetched one in compute dtype, the root's embedding and lm_head through the
/// step) and one unit's unsharded gradient; a quantised base's dequantised widest linear.
WorkspaceBytes workspace(const StageContext& x, double overhead) {
    const ModelArch& m = x.m;
    const Workload& w = x.w;
    const StageParams& sp = x.params;
    const DType wd = x.weightDtype;
    WorkspaceBytes ws;
    ws.total = overhead;
    if (shardsParams(w.parallel.sharding) && x.shard > 1) {
        const double unitBytes =
            isQuantized(wd) ? sp.maxBlock * bytesPerElement(wd) : sp.maxBlock * x.c;
        ws.gatheredPool = 2.0 * unitBytes + (sp.embedding + sp.lmHead) * x.c;
        // torch FSDP with offload_params first copies the host shard to the GPU on the
        // unshard stream (FSDP1 FlatParamHandle.pre_unshard: flat_param_to(device); FSDP2
        // CPUOffloadPolicy: the all-gather input's .to(device)), freed once gathered
        if (w.parallel.offloadParams && torchFsdp(w.parallel.sharding))
            ws.gatheredPool += unitBytes / x.shard;
        ws.total += ws.gatheredPool;
        if (x.training)
            ws.total += (x.full || x.mixedFrozenUnits)
                            ? sp.maxBlock * bytesPerElement(w.precision.grads)
                            : 0.0;
    }
    if (isQuantized(wd)) {
        // dequantised copy of the widest linear while it runs (bitsandbytes / torchao)
        const double widest =
            std::max(static_cast<double>(m.hiddenSize) *
                         std::max(m.intermediateSize, m.moe.expertIntermediate) / x.tp,
                     quantisedHeadParams(x));
        ws.total += terms::dequantBuffer(widest, w.precision.compute, w.features.fp16QuantState);
    }
    return ws;
}

/// torch.autocast over fp32 weights (terms::autocastWeightCopies): training with fp32 base
/// weights and a 16-bit compute dtype without FSDP/ZeRO-3 parameter sharding (whose
/// MixedPrecision gathers 16-bit units, counted in workspace()). Checkpointing decides how
/// many blocks keep their casts; selective recomputation keeps the matmuls' saves.
terms::AutocastCopies autocastCopies(const StageContext& x) {
    const Workload& w = x.w;
    if (!x.training || x.weightDtype != DType::FP32 || x.c != 2.0 ||
        (shardsParams(w.parallel.sharding) && x.shard > 1))
        return {};
    const int n = x.layers.count;
    // share of blocks whose casts stay saved
    const double kept = n > 0 ? static_cast<double>(n - checkpointedBlocks(x)) / n : 1.0;
    const double head =
        x.lastStage ? static_cast<double>(x.m.vocabSize) * x.m.hiddenSize / x.tp : 0.0;
    return terms::autocastWeightCopies(x.params.linear, head, n, kept, x.c,
                                       x.full || x.mixedFrozenUnits);
}

// ---- phases ------------------------------------------------------------------------------

constexpr std::array kPhases{Phase::AfterLoad, Phase::Forward, Phase::Backward,
                             Phase::OptimizerStep};

/// Each term's bytes in each phase.
struct PhaseTerms {
    std::array<TermBytes, kPhaseCount> bytes{};
    /// the part of each phase's Term::Workspace that is autocast's weight casts
    std::array<double, kPhaseCount> casts{};
    TermBytes& operator[](Phase p) { return bytes[static_cast<std::size_t>(p)]; }
    const TermBytes& operator[](Phase p) const { return bytes[static_cast<std::size_t>(p)]; }
};

/// The terms that change between phases (weights and the master copy do not).
struct Live {
    double grads = 0, states = 0, activations = 0, logits = 0, kv = 0, workspace = 0;
    double casts = 0; ///< autocast's weight casts (part of Term::Workspace)
};

TermBytes termBytes(double weights, double master, const Live& l) {
    TermBytes t{};
    t[static_cast<int>(Term::Weights)] = weights;
    t[static_cast<int>(Term::MasterWeights)] = master;
    t[static_cast<int>(Term::OptimizerStates)] = l.states;
    t[static_cast<int>(Term::Gradients)] = l.grads;
    t[static_cast<int>(Term::Activations)] = l.activations;
    t[static_cast<int>(Term::KvCache)] = l.kv;
    t[static_cast<int>(Term::Logits)] = l.logits;
    t[static_cast<int>(Term::Workspace)] = l.workspace + l.casts;
    return t;
}

/// Backward, in time order: the loss (all activations, logits + their gradient, gradients
/// of the previous micro-batches), then the blocks from the last one down, each recomputed
/// (checkpointing) or holding its backward transients while it runs. The logits are freed
/// before the first block runs, so the two never add up; at the end the gradients and the
/// last block's recompute remain; autocast's weight casts (@p casts) are live at each moment
/// as terms::autocastWeightCopies says. Returns the largest of the three moments.
Live backwardPeak(const TrainingState& t, const ActivationBytes& a, const LogitBytes& l,
                  double gAcc, const Live& forward, const terms::AutocastCopies& casts) {
    gAcc += t.bucket; // DeepSpeed's gradient bucket lives through every backward
    const double atLoss = a.bytes + l.logits + l.retainedAtLoss + gAcc + casts.backward;
    const double atBlock = a.bytes + a.recompute + l.retained + gAcc + casts.backward;
    // at the end, block 0 recomputes and runs backward with the others' gradients live
    const double endBwd = t.grads + t.bucket + a.recompute + l.retained + casts.end;
    Live b = forward;
    b.grads = gAcc;
    b.casts = casts.backward;
    if (std::max(atLoss, atBlock) < endBwd) {
        b.grads = t.grads + t.bucket;
        b.activations = a.recompute;
        b.logits = l.retained;
        b.casts = casts.end;
    } else if (atLoss >= atBlock) {
        b.logits = l.logits + l.retainedAtLoss;
    } else {
        b.activations = a.bytes + a.recompute;
        b.logits = l.retained;
    }
    return b;
}

PhaseTerms phases(const StageContext& x, const ResidentWeights& rw, const TrainingState& t,
                  const ActivationBytes& a, const LogitBytes& l, const CacheBytes& k,
                  const WorkspaceBytes& ws) {
    const Workload& w = x.w;
    const double weights = rw.base + rw.adapters + k.engineWeights;
    PhaseTerms ph;
    ph[Phase::AfterLoad] = termBytes(weights, t.master, Live{});
    if (!x.training) {
        ph[Phase::Forward] =
            termBytes(weights, t.master, {0, 0, a.bytes, l.logits, k.kv, ws.total});
        ph[Phase::Backward] = ph[Phase::AfterLoad];
        ph[Phase::OptimizerStep] = ph[Phase::AfterLoad];
        return ph;
    }
    // Gradients persist across the micro-batches of a step: gradient accumulation, and the
    // pipeline's micro-batches with PP (each stage accumulates into .grad / main_grad); a
    // persistent gradient buffer (Megatron-Core DDP) holds them in every phase.
    const bool inBackward = w.features.optimizerInBackward;
    const bool accumulating = stepMicroBatches(w.parallel, w.gradAccumulation) > 1 && !inBackward;
    const double gAcc = (accumulating || x.persistentGradBuffer) ? t.grads : 0.0;
    const double residentBucket = t.bucketResident ? t.bucket : 0.0;
    const terms::AutocastCopies casts = autocastCopies(x);
    const Live forward{gAcc + residentBucket, t.states, a.bytes, l.logits, k.kv, ws.total,
                       casts.forward};
    ph[Phase::Forward] = termBytes(weights, t.master, forward);
    const Live backward = backwardPeak(t, a, l, gAcc, forward, casts);
    ph[Phase::Backward] = termBytes(weights, t.master, backward);
    ph.casts[static_cast<std::size_t>(Phase::Forward)] = forward.casts;
    ph.casts[static_cast<std::size_t>(Phase::Backward)] = backward.casts;
    ph[Phase::OptimizerStep] = termBytes(weights, t.master,
                                         {(inBackward ? 0.0 : t.grads) + residentBucket, t.states,
                                          0, 0, k.kv, ws.total + t.temporaries});
    return ph;
}

/// Live bytes of each phase (paged optimizer states left out: they live outside torch's
/// allocator), and the peak: the largest phase, ties to the later one in training (the
/// loss's peak is reached as backward starts). Inference has no backward or step.
void peakOf(const StageContext& x, const PhaseTerms& ph, double pageable, RankEstimate& r) {
    Phase peak = Phase::AfterLoad;
    double best = -1;
    for (const Phase p : kPhases) {
        double& allocated = r.phaseAllocated[static_cast<std::size_t>(p)];
        double sum = 0;
        for (double v : ph[p])
            sum += v;
        allocated = sum - (p != Phase::AfterLoad ? pageable : 0.0);
        if (!x.training && (p == Phase::Backward || p == Phase::OptimizerStep))
            allocated = r.phaseAllocated[static_cast<std::size_t>(Phase::AfterLoad)];
        if (allocated > best || (x.training && p != Phase::AfterLoad && allocated == best)) {
            best = allocated;
            peak = p;
        }
    }
    r.peakPhase = peak;
    r.atPeak = ph[peak];
    r.allocated = best;
}

} // namespace

RankEstimate estimateStage(const ModelArch& m, const ModelFacts& f, const Workload& w, int stage,
                           double& hostBytes) {
    const StageContext x = stageContext(m, f, w, stage);
    const ResidentWeights weights = residentWeights(x, hostBytes);
    const TrainingState state = trainingState(x, hostBytes);
    const ActivationBytes acts = activations(x, hostBytes);
    const LogitBytes logits = logitsAndLoss(x);
    const CacheBytes caches = cachesAndRollout(x);
    const WorkspaceBytes ws = workspace(x, caches.overhead);
    const PhaseTerms ph = phases(x, weights, state, acts, logits, caches, ws);
    RankEstimate r;
    r.stage = stage;
    r.firstLayer = x.layers.first;
    r.numLayers = x.layers.count;
    peakOf(x, ph, state.pageable, r);
    r.storedGradients = state.grads;
    ReserveInputs in;
    for (const Phase p : kPhases)
        in.phaseGradients[static_cast<std::size_t>(p)] = ph[p][static_cast<int>(Term::Gradients)];
    in.storedGrads = state.grads;
    in.castsAtPeak = ph.casts[static_cast<std::size_t>(r.peakPhase)];
    in.gatheredPool = ws.gatheredPool;
    in.pageable = state.pageable;
    reserveAndContext(x, in, r);
    return r;
}
} // namespace headroom::stages
