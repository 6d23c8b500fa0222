#include "core/engine/estimator.h"

#include "core/engine/load_phase.h"

#include "core/engine/memory_terms.h"
#include "core/engine/profiles.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace headroom {

namespace {

constexpr double kGiB = 1073741824.0;

/// Effective dtypes after the mode's constraints (QLoRA base is NF4 at least).
DType baseWeightDtype(const Workload& w) {
    if (w.mode == Mode::Training && w.finetune == Finetune::QLoRA &&
        !isQuantized(w.precision.weights))
        return DType::NF4DoubleQuant;
    return w.precision.weights;
}

/// Parameters of a set of blocks, split by what quantisation touches.
struct StageParams {
    double linear = 0; ///< block linear weights (quantisable), after TP/EP division
    double other = 0;  ///< norms, biases, routers, embeddings, lm_head (kept 16-bit)
    double embedding = 0;
    double lmHead = 0;
    double maxBlock = 0;  ///< largest block's parameters on this rank (FSDP unit)
    double maxTensor = 0; ///< largest single tensor (optimizer-in-backward gradient)
    double adapters = 0;  ///< LoRA parameters on this rank
    double experts = 0;   ///< routed-expert weights on this rank (part of linear)
    double attention = 0; ///< attention projections and their biases/norms (part of linear)
    double total() const { return linear + other; }
};

/// Ranks one routed expert's weights are split over: EP x expert-TP. Megatron-Core carves
/// EP out of DP x CP and keeps expert TP = TP (expert_tensor_parallel_size defaults to
/// tensor_model_parallel_size), so experts are split tp x ep ways when EP divides DP x CP.
/// When EP only divides DP x TP (validateWorkload's rule), EP borrows the TP ranks, as
/// torchtitan does with expert_tensor_parallel_degree = 1: experts are split ep ways.
double expertSplit(const Parallelism& p) {
    const int64_t ep = std::max(1, p.ep);
    const int64_t dpcp = std::max<int64_t>(1, p.dpCp());
    return dpcp % ep == 0 ? static_cast<double>(std::max(1, p.tp)) * static_cast<double>(ep)
                          : static_cast<double>(ep);
}

/// ZeRO/FSDP degree over which routed-expert weights, gradients and states are sharded.
/// Each expert slice has tp x dp x cp / expertSplit replicas (the expert-data-parallel
/// group); the sharding group (DP x CP, or the HSDP group) meets it in shard x tp /
/// expertSplit ranks, i.e. shard / ep with expert TP = TP. Dividing experts by EP and by the
/// full shard degree would split each expert ep times too often (Megatron-Core
/// expert_data_parallel_size; torchtitan dp_shard_mod_ep).
double expertShardDegree(const Parallelism& p, double shard) {
    return std::max(1.0, shard * std::max(1, p.tp) / expertSplit(p));
}

double loraParamsPerLayer(const ModelArch& m, const LayerShapes& ls, const LoraSpec& l) {
    const double r = l.rank;
    const double h = static_cast<double>(m.hiddenSize);
    auto has = [&](LoraTarget t) { return (l.targets & static_cast<unsigned>(t)) != 0; };
    double p = 0;
    if (has(LoraTarget::Q))
        p += r * (h + ls.qOut);
    if (has(LoraTarget::K))
        p += r * (h + ls.kvOut);
    if (has(LoraTarget::V))
        p += r * (h + ls.kvOut);
    if (has(LoraTarget::O))
        p += r * (ls.attnOutIn + h);
    double ffn = 0;
    const double width = ls.isMoe ? static_cast<double>(m.moe.expertIntermediate)
                                  : static_cast<double>(m.intermediateSize);
    if (has(LoraTarget::Gate) && m.mlp == MlpKind::Gated)
        ffn += r * (h + width);
    if (has(LoraTarget::Up))
        ffn += r * (h + width);
    if (has(LoraTarget::Down))
        ffn += r * (width + h);
    const double copies = ls.isMoe ? m.moe.numExperts + m.moe.sharedExperts : 1.0;
    return p + ffn * copies;
}

/// Everything about the model that does not depend on the batch: computed once per call.
struct ModelFacts {
    ParamCount pc;
    WeightStorage storage; ///< the checkpoint's bytes per group (weight_storage.h)
    LayerShapes dense;
    LayerShapes moe;
    int firstMoe = 0; ///< first MoE layer index (numLayers when dense)
};

ModelFacts modelFacts(const ModelArch& m) {
    ModelFacts f;
    f.pc = countParameters(m);
    if (m.quant.enabled() || m.headerWeightBytes > 0)
        f.storage = checkpointStorage(m);
    f.firstMoe = m.moe.enabled() ? std::clamp(m.moe.firstDenseLayers, 0, m.numLayers) : m.numLayers;
    f.dense = layerShapes(m, 0);
    f.moe = f.firstMoe < m.numLayers ? layerShapes(m, f.firstMoe) : f.dense;
    if (f.firstMoe == 0 && m.moe.enabled())
        f.dense = f.moe;
    return f;
}

StageParams stageParams(const ModelArch& m, const ModelFacts& f, const Workload& w, int first,
                        int count, bool firstStage, bool lastStage) {
    const Parallelism& p = w.parallel;
    const double tp = std::max(1, p.tp);
    const double eSplit = expertSplit(p);
    const int nMoe = std::max(0, first + count - std::max(first, f.firstMoe));
    const int nDense = count - nMoe;
    StageParams s;
    auto addLayers = [&](const LayerShapes& ls, int n) {
        if (n <= 0)
            return;
        const double experts = static_cast<double>(ls.expertParams) / eSplit;
        // The router (h x E [+ E bias] [+ h shared-expert gate]) is replicated on every TP
        // rank (Megatron TopKRouter) and counted with the 16-bit parts, as
        // publishedWeightBytes does (DeepSeek-V3's fp8 checkpoint keeps it bf16); < 0.01 %.
        const double router =
            ls.isMoe ? static_cast<double>(m.hiddenSize) * m.moe.numExperts +
                           (m.moe.routerBias ? m.moe.numExperts : 0) +
                           (m.moe.sharedExpertGate ? static_cast<double>(m.hiddenSize) : 0.0)
                     : 0.0;
        const double lin =
            (static_cast<double>(ls.attentionParams) + ls.mlpParams - router) / tp + experts;
        s.linear += n * lin;
        s.experts += n * experts;
        s.attention += n * static_cast<double>(ls.attentionParams) / tp;
        s.other += n * (static_cast<double>(ls.normParams) + router);
        s.maxBlock = std::max(s.maxBlock, lin + router + ls.normParams);
        s.maxTensor = std::max(s.maxTensor, static_cast<double>(m.hiddenSize) *
                                                static_cast<double>(m.intermediateSize) / tp);
        if (w.mode == Mode::Training && w.finetune != Finetune::Full)
            s.adapters += n * loraParamsPerLayer(m, ls, w.lora) / tp;
    };
    addLayers(f.dense, nDense);
    addLayers(f.moe, nMoe);
    const double emb = static_cast<double>(f.pc.embedding) / tp;
    const double head = static_cast<double>(f.pc.lmHead) / tp;
    if (firstStage) {
        s.embedding = emb;
        s.other += emb;
    }
    if (lastStage) {
        // tied embeddings still need the matrix on the last stage when PP > 1
        s.lmHead = (m.tiedEmbeddings && !firstStage) ? emb : head;
        s.other += s.lmHead + static_cast<double>(normParams(m));
        if (w.mode == Mode::Training && w.finetune != Finetune::Full &&
            (w.lora.targets & static_cast<unsigned>(LoraTarget::LmHead)))
            s.adapters += w.lora.rank * (static_cast<double>(m.hiddenSize) + m.vocabSize) / tp;
    }
    s.maxTensor = std::max({s.maxTensor, s.embedding, s.lmHead});
    return s;
}

/// Micro-batches per optimizer step: the pipeline's micro-batches with PP (0 = the
/// gradient accumulation steps), else the accumulation steps.
double stepMicroBatches(const Parallelism& p, int64_t gradAccum) {
    if (p.pp > 1 && p.numMicroBatches > 0)
        return p.numMicroBatches;
    return static_cast<double>(std::max<int64_t>(1, gradAccum));
}

/// Micro-batches whose activations pipeline stage i of p holds at once (m per step):
///   GPipe: m (every forward before any backward).
///   1F1B: min(p - i, m) (Megatron forward_backward_pipelining_without_interleaving: p - i - 1
///         warm-up forwards, then one more before the first backward).
///   Interleaved with v chunks per rank: Megatron forward_backward_pipelining_with_interleaving
///         runs W = 2 (p - i - 1) + (v - 1) p warm-up chunk forwards (all m v when m == p), so
///         min(W + 1, m v) chunk micro-batches of L / (p v) layers are in flight, i.e.
///         min(W + 1, m v) / v stage micro-batches. Stage 0: p + (p - 1) / v
///         = p (1 + (p - 1) / (p v)), Korthikanti et al. 2022 Sec. 4.2.3. v = 1 is 1F1B.
double inflightMicroBatches(const Parallelism& p, int stage, int64_t gradAccum) {
    if (p.pp <= 1)
        return 1;
    const double m = stepMicroBatches(p, gradAccum);
    const double pp = p.pp;
    switch (p.schedule) {
    case PipelineSchedule::GPipe:
        return m;
    case PipelineSchedule::OneFOneB:
        return std::min(m, pp - stage);
    case PipelineSchedule::Interleaved: {
        const double v = std::max(1, p.virtualStages);
        if (v <= 1)
            return std::min(m, pp - stage);
        if (m == pp)
            return m;
        const double warmup = 2.0 * (pp - stage - 1) + (v - 1) * pp;
        return std::min(warmup + 1, m * v) / v;
    }
    }
    return 1;
}

struct Split {
    int first = 0;
    int count = 0;
};

Split stageSplit(int layers, int pp, int stage) {
    const int base = layers / pp;
    const int extra = layers % pp; // the first `extra` stages take one more block
    Split s;
    s.first = stage * base + std::min(stage, extra);
    s.count = base + (stage < extra ? 1 : 0);
    return s;
}

RankEstimate estimateStage(const ModelArch& m, const ModelFacts& f, const Workload& w, int stage,
                           double* hostBytes) {
    const Parallelism& par = w.parallel;
    const int pp = std::max(1, par.pp);
    const Split sp = stageSplit(m.numLayers, pp, stage);
    const bool firstStage = stage == 0;
    const bool lastStage = stage == pp - 1;
    const StageParams sp2 = stageParams(m, f, w, sp.first, sp.count, firstStage, lastStage);
    const Precision& pr = w.precision;
    const double c = bytesPerElement(pr.compute);
    const bool training = w.mode == Mode::Training;
    const bool full = training && w.finetune == Finetune::Full;
    const double shard = shardDegree(par);
    const double tp = std::max(1, par.tp);
    const double cp = std::max(1, par.cp);

    RankEstimate r;
    r.stage = stage;
    r.firstLayer = sp.first;
    r.numLayers = sp.count;

    // ---- static terms -------------------------------------------------------------
    const DType wd = baseWeightDtype(w);
    const bool fromCheckpoint = terms::checkpointStorageApplies(m, w);
    terms::RankWeightGroups groups;
    groups.embedding = sp2.embedding;
    groups.lmHead = sp2.lmHead;
    groups.attention = sp2.attention;
    groups.experts = sp2.experts;
    groups.mlp = sp2.linear - sp2.attention - sp2.experts;
    groups.other = sp2.other - sp2.embedding - sp2.lmHead;
    double weightBytes =
        fromCheckpoint    ? terms::checkpointWeights(groups, f.storage)
        : isQuantized(wd) ? terms::weights(sp2.linear, wd) + terms::weights(sp2.other, pr.compute)
                          : terms::weights(sp2.total(), wd);
    double paramShard = shardsParams(par.sharding) ? shard : 1.0;
    // Routed experts shard over the expert-data-parallel part of the group only (see
    // expertShardDegree); everything else over the whole sharding group.
    const double eShard = expertShardDegree(par, shard);
    const double expertBytes = fromCheckpoint ? sp2.experts * f.storage.experts.perParam()
                                              : terms::weights(sp2.experts, wd);
    double weightsOnGpu =
        shardsParams(par.sharding)
            ? (weightBytes - expertBytes) / paramShard + expertBytes / std::min(paramShard, eShard)
            : weightBytes;
    // bitsandbytes keeps its 4-bit block scales outside the parameters that FSDP/ZeRO-3
    // shard and offload: each rank holds all of them (torchao NF4Tensor shards its own).
    const double quantState = shardsParams(par.sharding) && !w.features.torchaoNf4
                                  ? terms::quantStateBytes(sp2.linear, wd)
                                  : 0.0;
    weightsOnGpu += quantState * (1.0 - 1.0 / paramShard);
    if (par.offloadParams && shardsParams(par.sharding)) {
        *hostBytes += weightsOnGpu - quantState;
        weightsOnGpu = quantState;
    }
    const double adapterBytes = terms::weights(sp2.adapters, pr.adapters) / paramShard;

    const double trainable = !training ? 0.0 : (full ? sp2.total() : sp2.adapters);
    // FSDP1 units mixing frozen base weights and LoRA adapters compute gradients for the
    // whole unit (the transformer blocks; embedding and lm_head stay frozen in the root
    // unit). bitsandbytes/torchao quantised weights cannot require grad, so this needs a
    // 16-bit base.
    const bool mixedUnits = training && !full && par.mixedFrozenUnits &&
                            shardsGradients(par.sharding) && !isQuantized(wd);
    const double finalNorm = lastStage ? static_cast<double>(normParams(m)) : 0.0;
    const double gradParams =
        mixedUnits ? sp2.linear + sp2.other - sp2.embedding - sp2.lmHead - finalNorm + sp2.adapters
                   : trainable;
    // One sharding degree equivalent to dense parts over `shard` and experts over `eShard`
    // (every term below is linear in the parameter count).
    const double trainableExperts = full ? sp2.experts : 0.0;
    auto effectiveShard = [&](bool sharded) {
        if (!sharded || trainable <= 0 || trainableExperts <= 0)
            return sharded ? shard : 1.0;
        return trainable / ((trainable - trainableExperts) / shard +
                            trainableExperts / std::min(shard, eShard));
    };
    // no_sync() accumulation keeps the gradients unsharded until the syncing micro-batch
    const bool noSync =
        training && par.noSyncAccumulation && stepMicroBatches(par, w.gradAccumulation) > 1;
    const double gradShard = effectiveShard(shardsGradients(par.sharding) && !noSync);
    const double optShard = effectiveShard(shardsOptimizer(par.sharding));
    double grads = 0, states = 0, master = 0, temporaries = 0, pageable = 0;
    if (training) {
        grads = w.features.optimizerInBackward
                    ? terms::gradientsInBackward(full ? sp2.maxTensor : trainable, pr.grads)
                    : terms::gradients(gradParams, pr.grads, gradShard);
        if (par.sharding == Sharding::None && par.dpCp() > 1 && !w.features.optimizerInBackward)
            grads *= 2.0; // DDP reducer buckets copy every gradient (gradient_as_bucket_view=False)
        if (w.optimizer == Optimizer::Adafactor) {
            const double matrices = 7.0 * sp.count + 2.0;
            states =
                terms::adafactorStates(trainable, matrices, static_cast<double>(m.hiddenSize)) /
                optShard;
        } else {
            states = terms::optimizerStates(trainable, w.optimizer, pr.optimizerStates, optShard);
        }
        if (pr.masterWeights)
            master = terms::masterWeights(trainable, full ? wd : pr.adapters, optShard);
        temporaries = terms::optimizerTemporaries(
            full ? sp2.maxTensor : trainable, w.optimizer, pr.optimizerStates,
            w.features.fusedOptimizer || w.features.optimizerInBackward, optShard);
        if (par.offloadOptimizer) {
            *hostBytes += states + master + (w.features.optimizerInBackward ? 0 : grads);
            states = master = temporaries = 0;
        }
        if (w.optimizer == Optimizer::PagedAdamW || w.optimizer == Optimizer::PagedAdamW8bit)
            pageable = states;
    }

    // ---- activations ----------------------------------------------------------------
    const double seq = static_cast<double>(w.sequenceLength);
    const double tokens = static_cast<double>(w.microBatch) * seq / cp;
    terms::BlockSaveOptions o;
    o.c = c;
    o.trainBase = full || mixedUnits; // a mixed unit's frozen weights get gradients too
    o.loraTargets = (training && !full) ? w.lora.targets : 0u;
    o.loraRank = (training && !full) ? w.lora.rank : 0;
    o.loraDropout = w.lora.dropout;
    o.compiled = w.features.torchCompile;
    o.repeatKv = w.attention == AttentionImpl::Eager || w.attention == AttentionImpl::SDPA;
    o.eager = w.attention == AttentionImpl::Eager;
    o.frozenLinearSavesInput = training && !full && isQuantized(wd) && !w.features.torchaoNf4;
    o.fusedQkv = w.features.fusedQkvLora;
    const int nMoe = std::max(0, sp.first + sp.count - std::max(sp.first, f.firstMoe));
    const int nDense = sp.count - nMoe;
    const int nSliding = m.numLayers > 0
                             ? static_cast<int>(std::lround(static_cast<double>(m.slidingLayers) *
                                                            sp.count / m.numLayers))
                             : 0;

    // Megatron-LM's sequence parallelism re-gathers linear inputs in backward; every other
    // framework here uses DTensor (torch tensor_parallel) SP, which saves them gathered.
    const bool megatronSp = par.sequenceParallel && w.framework == Framework::Megatron;
    double acts = 0, recompute = 0, logits = 0, kv = 0, workspace = 0, prefill = 0;
    double retained = 0;       // logits the loop keeps through backward (shown as logits)
    double retainedAtLoss = 0; // the part of it logitsBytes does not already count
    double rolloutWeights = 0;
    if (training) {
        auto perBlock = [&](bool moe) {
            terms::BlockSaveOptions oo = o;
            oo.moeLayer = moe;
            double saved = terms::blockSavedBytesPerToken(m, oo);
            if (par.tp > 1) {
                // Korthikanti et al. 2022 Sec. 4.2: without SP the norm parts stay whole;
                // Megatron SP splits everything; DTensor SP keeps the gathered linear inputs.
                const double whole = !par.sequenceParallel
                                         ? terms::blockReplicatedBytesPerToken(m, oo)
                                     : megatronSp ? 0.0
                                                  : terms::blockGatheredInputBytesPerToken(m, oo);
                saved = (saved - whole) / tp + whole;
            }
            return saved;
        };
        const double keyTokens = seq; // each query attends over the whole (causal) sequence
        const double scoresFull =
            w.attention == AttentionImpl::Eager
                ? terms::attentionScoreBytesPerToken(m.numHeads / std::max(1, par.tp), keyTokens, c)
                : 0.0;
        const double scoresSliding =
            w.attention == AttentionImpl::Eager && m.slidingWindow > 0
                ? terms::attentionScoreBytesPerToken(m.numHeads / std::max(1, par.tp),
                                                     std::min(keyTokens, 1.0 * m.slidingWindow), c)
                : scoresFull;
        const double scoreSum = (sp.count - nSliding) * scoresFull + nSliding * scoresSliding;
        const double blockDense = perBlock(false);
        const double blockMoe = perBlock(true);
        const double allBlocks = nDense * blockDense + nMoe * blockMoe + scoreSum;
        const double maxBlock =
            std::max(nDense > 0 ? blockDense : 0.0, nMoe > 0 ? blockMoe : 0.0) + scoresFull;
        const double input = c * static_cast<double>(m.hiddenSize) /
                             (par.sequenceParallel ? tp : 1.0); // checkpointed block input
        terms::BlockSaveOptions ob = o;
        ob.moeLayer = nMoe > 0;
        const double bwdTransient = terms::blockBackwardTransientPerToken(m, ob) / tp;
        double stored = 0;
        switch (w.checkpointing) {
        case Checkpointing::None:
            stored = allBlocks;
            recompute = bwdTransient;
            break;
        case Checkpointing::Full:
            stored = sp.count * input;
            recompute = maxBlock + bwdTransient;
            break;
        case Checkpointing::Selective: {
            terms::BlockSaveOptions os = o;
            const double sel = terms::blockSelectiveBytesPerToken(m, os) / tp;
            stored = sp.count * sel;
            recompute = maxBlock - sel + bwdTransient;
            break;
        }
        case Checkpointing::FirstN: {
            const int ck = std::clamp(w.checkpointLayers - sp.first, 0, sp.count);
            stored = ck * input + (allBlocks / std::max(1, sp.count)) * (sp.count - ck);
            recompute = (ck > 0 ? maxBlock : 0.0) + bwdTransient;
            break;
        }
        }
        // final norm + lm_head input on the last stage. Without SP both are whole on every
        // TP rank; with SP the final norm runs on the sequence shard (/ t), and the
        // column-parallel lm_head saves its sharded input under Megatron SP (/ t) but the
        // all-gathered one under DTensor SP (whole), as in the blocks above.
        if (lastStage) {
            const double h = static_cast<double>(m.hiddenSize);
            const double norm =
                m.norm == NormKind::LayerNorm || o.compiled ? c * h : 4.0 * h + (full ? c * h : 0);
            const double headIn = full ? c * h : 0.0;
            stored += par.sequenceParallel ? norm / tp + (megatronSp ? headIn / tp : headIn)
                                           : norm + headIn;
        }
        const double inflight = inflightMicroBatches(par, stage, w.gradAccumulation);
        acts = stored * tokens * inflight;
        recompute *= tokens;
        if (w.features.activationOffload) {
            // what each block keeps (its full saves, or only its input under checkpointing)
            // goes to host memory; the block being computed and the one being prefetched
            // stay on the GPU (torchtune OffloadActivations: one stream, one prefetch).
            const double keptPerBlock = acts / std::max(1, sp.count);
            const double onGpu = std::min(acts, 2.0 * keptPerBlock);
            *hostBytes += acts - onGpu;
            acts = onGpu;
        }
        if (lastStage) {
            const double vocab = static_cast<double>(m.vocabSize) / tp;
            const double lossInput = w.features.lossInputBytes(c);
            logits = decomposedLossParallel(w.features, par)
                         ? terms::lossParallelLogitsBytes(tokens, vocab)
                         : terms::logitsBytes(tokens, vocab, c, w.features.chunkedCrossEntropy,
                                              std::max(1.0, tokens / 8.0),
                                              w.features.compiledLoss(), lossInput);
            if (w.features.retainedLogits) {
                retained = terms::retainedLogitsBytes(tokens, vocab, c,
                                                      w.features.chunkedCrossEntropy, lossInput);
                retainedAtLoss = w.features.chunkedCrossEntropy ? 0.0 : retained;
            }
        }
        if (w.rollout.enabled) {
            const double gpus = static_cast<double>(std::max<int64_t>(1, par.gpus()));
            const int rtp = w.rollout.rolloutTp > 0 ? w.rollout.rolloutTp : std::max(1, par.tp);
            const double engines = std::max(1.0, gpus / rtp);
            const double seqs =
                static_cast<double>(w.rollout.rolloutBatch) * w.rollout.samplesPerPrompt / engines;
            const double toks =
                static_cast<double>(w.rollout.promptTokens + w.rollout.maxResponseTokens);
            kv = terms::kvCache(m, m.numLayers, m.slidingLayers, seqs, toks, pr.kvCache, rtp);
            workspace += w.rollout.frameworkOverheadBytes;
            // The colocated engine (SGLang/vLLM) keeps its own weight copy in the compute
            // dtype, split over its TP ranks, for as long as its KV pool is resident:
            // P x bytes(compute) / rollout TP (norms counted as split too: < 0.01 %).
            rolloutWeights = terms::weights(static_cast<double>(f.pc.total), pr.compute) / rtp;
        }
    } else {
        const double seqs = static_cast<double>(w.microBatch);
        const double prompt = static_cast<double>(w.inference.promptTokens);
        const double total =
            prompt + (w.inference.prefillOnly ? 0.0 : static_cast<double>(w.inference.newTokens));
        kv = terms::kvCache(m, sp.count, nSliding, seqs, total, pr.kvCache, par.tp);
        // prefill transients of one block: hidden + residual + q/k/v + FFN intermediates
        const double h = static_cast<double>(m.hiddenSize);
        const double ffn =
            nMoe > 0 ? static_cast<double>(m.moe.expertIntermediate) * m.moe.expertsPerToken
                     : static_cast<double>(m.intermediateSize);
        const double perTok =
            c * (3.0 * h + static_cast<double>(m.numHeads) * m.headDim / tp + 3.0 * ffn / tp);
        const double scores =
            w.attention == AttentionImpl::Eager
                ? terms::attentionScoreBytesPerToken(m.numHeads / std::max(1, par.tp), prompt, c)
                : 0.0;
        prefill = seqs * prompt * (perTok + scores);
        if (lastStage)
            logits = seqs * static_cast<double>(m.vocabSize) / tp * (c + 4.0);
    }

    // ---- workspace --------------------------------------------------------------------
    double gatheredPool = 0; // FSDP all-gather outputs (allocated on the unshard stream)
    if (shardsParams(par.sharding) && shard > 1) {
        // FSDP/ZeRO-3: the current and the prefetched unit are gathered in compute dtype;
        // the root (embedding, final norm, lm_head) stays gathered through the step.
        const double unitBytes =
            isQuantized(wd) ? sp2.maxBlock * bytesPerElement(wd) : sp2.maxBlock * c;
        gatheredPool = 2.0 * unitBytes + (sp2.embedding + sp2.lmHead) * c;
        workspace += gatheredPool;
        if (training)
            workspace += (full || mixedUnits) ? sp2.maxBlock * bytesPerElement(pr.grads) : 0.0;
    }
    if (isQuantized(wd)) {
        // dequantised copy of the widest linear while it runs (bitsandbytes / torchao)
        const double widest = static_cast<double>(m.hiddenSize) *
                              std::max(m.intermediateSize, m.moe.expertIntermediate) / tp;
        workspace += widest * c;
    }

    // ---- phases ---------------------------------------------------------------------------
    // Gradients persist across the micro-batches of a step: gradient accumulation, and the
    // pipeline's micro-batches with PP (each stage accumulates into .grad / main_grad).
    const bool accumulating = training && stepMicroBatches(par, w.gradAccumulation) > 1 &&
                              !w.features.optimizerInBackward;
    auto setTerms = [&](TermBytes& t, double g, double s, double a, double lg, double kvb,
                        double ws) {
        t.fill(0);
        t[static_cast<int>(Term::Weights)] = weightsOnGpu + adapterBytes + rolloutWeights;
        t[static_cast<int>(Term::MasterWeights)] = master;
        t[static_cast<int>(Term::OptimizerStates)] = s;
        t[static_cast<int>(Term::Gradients)] = g;
        t[static_cast<int>(Term::Activations)] = a;
        t[static_cast<int>(Term::KvCache)] = kvb;
        t[static_cast<int>(Term::Logits)] = lg;
        t[static_cast<int>(Term::Workspace)] = ws;
    };
    std::array<TermBytes, kPhaseCount> ph{};
    setTerms(ph[0], 0, 0, 0, 0, 0, 0);
    if (training) {
        // Megatron-Core DDP allocates one contiguous main-grad buffer when the model is
        // wrapped (distributed/param_and_grad_buffer.py) and only zeroes it between steps, so
        // its gradients are resident in every phase, as accumulated ones are.
        const bool persistentGrads = w.framework == Framework::Megatron && full;
        const double gAcc = (accumulating || persistentGrads) ? grads : 0.0;
        setTerms(ph[1], gAcc, states, acts, logits, kv, workspace);
        // Backward, in time order: the loss (all activations, logits + their gradient,
        // gradients of the previous micro-batches), then the blocks from the last one down,
        // each recomputed (checkpointing) or holding its backward transients while it runs.
        // The logits are freed before the first block runs, so the two never add up; at the
        // end the gradients and the last block's recompute remain.
        const double atLoss = acts + logits + retainedAtLoss + gAcc;
        const double atBlock = acts + recompute + retained + gAcc;
        // at the end, block 0 recomputes and runs backward with the others' gradients live
        const double endBwd = grads + recompute + retained;
        if (std::max(atLoss, atBlock) < endBwd)
            setTerms(ph[2], grads, states, recompute, retained, kv, workspace);
        else if (atLoss >= atBlock)
            setTerms(ph[2], gAcc, states, acts, logits + retainedAtLoss, kv, workspace);
        else
            setTerms(ph[2], gAcc, states, acts + recompute, retained, kv, workspace);
        setTerms(ph[3], w.features.optimizerInBackward ? 0.0 : grads, states, 0, 0, kv,
                 workspace + temporaries);
    } else {
        setTerms(ph[1], 0, 0, prefill, logits, kv, workspace);
        ph[2] = ph[0];
        ph[3] = ph[0];
    }
    int peak = 0;
    double best = -1;
    for (int i = 0; i < kPhaseCount; ++i) {
        double sum = 0;
        for (double v : ph[i])
            sum += v;
        r.phaseAllocated[i] = sum - (i == 3 || i == 1 || i == 2 ? pageable : 0.0);
        if (i > 0 && !training && i > 1)
            r.phaseAllocated[i] = r.phaseAllocated[0];
        // ties go to the later phase: the loss's peak is reached as backward starts
        if (r.phaseAllocated[i] > best || (training && i > 0 && r.phaseAllocated[i] == best)) {
            best = r.phaseAllocated[i];
            peak = i;
        }
    }
    r.peakPhase = static_cast<Phase>(peak);
    r.atPeak = ph[peak];
    r.allocated = best;
    const double dynamicBytes = r.atPeak[static_cast<int>(Term::Activations)] +
                                r.atPeak[static_cast<int>(Term::Logits)] +
                                r.atPeak[static_cast<int>(Term::Workspace)];
    const double reserve = terms::allocatorReserve(dynamicBytes, r.allocated - dynamicBytes);
    // torch FSDP's sharded gradients come from a side stream's pool (memory_terms.h), which
    // keeps them reserved in every phase, also where they are not live: reserved follows the
    // largest phase counted with the whole pool, which need not be the allocated peak.
    const bool torchFsdp = par.sharding == Sharding::FsdpFullShard ||
                           par.sharding == Sharding::FsdpGradOp || par.sharding == Sharding::Hsdp;
    const bool sideStreamGrads = training && torchFsdp && shard > 1 && !noSync &&
                                 !w.features.optimizerInBackward && !par.offloadParams &&
                                 !par.offloadOptimizer;
    double withPool = r.allocated;
    if (sideStreamGrads)
        for (int i = 1; i < kPhaseCount; ++i)
            withPool = std::max(withPool, r.phaseAllocated[i] +
                                              terms::sideStreamGradientCache(
                                                  grads, ph[i][static_cast<int>(Term::Gradients)]));
    r.gradientPoolCache = withPool - r.allocated;
    const double base = r.allocated + reserve; // what the step needs the allocator to hold
    r.reserved = base + r.gradientPoolCache;
    double required = base;
    // The load's cached segments stay reserved (core/engine/load_phase.h). The FSDP all-gather
    // outputs come from the unshard stream's own pool, which cannot reuse blocks cached on
    // the default stream, so they add to that floor.
    if (w.features.loadRecipe != LoadRecipe::InPlace && par.pp == 1 && par.tp == 1) {
        const double loadShards = shardsParams(par.sharding) ? shard : 1.0;
        const LoadPhase lp = simulateLoad(m, w, static_cast<int>(std::lround(loadShards)));
        r.loadPeakAllocated = lp.peakAllocated;
        r.loadReserved =
            lp.reserved +
            (w.features.loadRecipe == LoadRecipe::Fsdp1SyncModuleStates ? gatheredPool : 0.0);
        r.reserved = std::max(r.reserved, r.loadReserved);
        // the load itself needs its live peak; after it, the segments it left partly used
        required = std::max({base, r.loadReserved - lp.releasable, lp.peakAllocated});
    }
    // cached segments holding no live tensor: freed before an OOM is raised (estimator.h)
    r.releasable = r.reserved - required;
    r.atPeak[static_cast<int>(Term::AllocatorReserve)] = r.reserved - r.allocated;
    // the count only decides whether NCCL buffers exist; clamped so it converts to int
    const double ctx =
        terms::cudaContext(static_cast<int>(std::clamp<int64_t>(par.gpus(), 1, limits::kGpus)));
    r.atPeak[static_cast<int>(Term::CudaContext)] = ctx;
    r.pageable = r.peakPhase == Phase::AfterLoad ? 0.0 : pageable;
    r.nvidiaSmi = r.reserved + ctx + r.pageable;
    return r;
}

/// A GPU of @p capacity bytes cannot hold more than that: when the step's tensors and the
/// cached-but-empty segments would not fit together, the caching allocator frees those
/// segments (`release_cached_blocks`) and retries, so reserved keeps only as many of them as
/// the capacity leaves room for. The gradient pool goes first (the order only matters for
/// the formula text).
void releaseCachedForCapacity(RankEstimate& r, double capacity) {
    const double over = r.nvidiaSmi - r.pageable - capacity;
    if (over <= 0 || r.releasable <= 0)
        return;
    const double cut = std::min(over, r.releasable);
    r.releasable -= cut;
    r.reserved -= cut;
    r.nvidiaSmi -= cut;
    r.atPeak[static_cast<int>(Term::AllocatorReserve)] -= cut;
    r.gradientPoolCache = std::max(0.0, r.gradientPoolCache - cut);
}

} // namespace

double Estimate::total(Metric m) const {
    switch (m) {
    case Metric::Allocated:
        return worst.allocated;
    case Metric::Reserved:
        return worst.reserved;
    case Metric::NvidiaSmi:
        return worst.nvidiaSmi;
    }
    return worst.nvidiaSmi;
}

std::string_view termKey(Term t) {
    switch (t) {
    case Term::Weights:
        return "weights";
    case Term::MasterWeights:
        return "master_weights";
    case Term::OptimizerStates:
        return "optimizer_states";
    case Term::Gradients:
        return "gradients";
    case Term::Activations:
        return "activations";
    case Term::KvCache:
        return "kv_cache";
    case Term::Logits:
        return "logits";
    case Term::Workspace:
        return "workspace";
    case Term::AllocatorReserve:
        return "allocator_reserve";
    case Term::CudaContext:
        return "cuda_context";
    }
    return "unknown";
}

std::string_view phaseKey(Phase p) {
    switch (p) {
    case Phase::AfterLoad:
        return "after_load";
    case Phase::Forward:
        return "forward";
    case Phase::Backward:
        return "backward";
    case Phase::OptimizerStep:
        return "optimizer_step";
    }
    return "unknown";
}

std::string_view metricKey(Metric m) {
    switch (m) {
    case Metric::Allocated:
        return "allocated";
    case Metric::Reserved:
        return "reserved";
    case Metric::NvidiaSmi:
        return "nvidia_smi";
    }
    return "unknown";
}

namespace {

std::optional<Error> outOfRange(const char* field, double v, double lo, double hi) {
    if (!std::isfinite(v))
        return Error{ErrorCode::FieldNotFinite, field, "must be a finite number"};
    if (v < lo || v > hi) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "must be in [%g, %g] (got %g)", lo, hi, v);
        return Error{ErrorCode::FieldOutOfRange, field, buf};
    }
    return std::nullopt;
}

/// Batch, sequence, LoRA rank, token counts and the FirstN count, each within its limit.
std::optional<Error> validateSizes(const ModelArch& m, const Workload& w) {
    auto range = [](const char* field, int64_t v, int64_t lo, int64_t hi) {
        return outOfRange(field, static_cast<double>(v), static_cast<double>(lo),
                          static_cast<double>(hi));
    };
    if (auto e = range("micro_batch_size", w.microBatch, 1, limits::kMicroBatch))
        return e;
    if (auto e = range("sequence_length", w.sequenceLength, 1, limits::kSequenceLength))
        return e;
    if (auto e =
            range("gradient_accumulation_steps", w.gradAccumulation, 1, limits::kGradAccumulation))
        return e;
    if (w.mode == Mode::Training && w.finetune != Finetune::Full)
        if (auto e = range("lora.rank", w.lora.rank, 1, limits::kLoraRank))
            return e;
    if (w.mode == Mode::Training && w.checkpointing == Checkpointing::FirstN)
        if (auto e = range("checkpoint_layers", w.checkpointLayers, 0, m.numLayers))
            return e;
    if (w.mode == Mode::Inference) {
        if (auto e = range("inference.prompt_tokens", w.inference.promptTokens, 1,
                           limits::kSequenceLength))
            return e;
        if (auto e =
                range("inference.new_tokens", w.inference.newTokens, 0, limits::kSequenceLength))
            return e;
    }
    return std::nullopt;
}

/// Each degree in [1, limits::kDegree], and dp x tp x pp x cp (checked) at most
/// limits::kGpus; the error names the degree at which the running product passes the limit.
std::optional<Error> validateDegrees(const Parallelism& p) {
    const std::pair<const char*, int> degrees[] = {{"parallel.dp", p.dp},
                                                   {"parallel.tp", p.tp},
                                                   {"parallel.pp", p.pp},
                                                   {"parallel.cp", p.cp},
                                                   {"parallel.ep", p.ep}};
    for (const auto& d : degrees)
        if (auto e = outOfRange(d.first, d.second, 1, static_cast<double>(limits::kDegree)))
            return e;
    int64_t gpus = 1;
    for (int i = 0; i < 4; ++i) { // dp, tp, pp, cp; EP splits the DP x TP ranks, adds none
        const auto next = checked::mul(gpus, degrees[i].second);
        if (!next || *next > limits::kGpus)
            return Error{ErrorCode::InvalidLayout, degrees[i].first,
                         "dp x tp x pp x cp must be at most " + std::to_string(limits::kGpus) +
                             " GPUs (" + std::to_string(p.dp) + " x " + std::to_string(p.tp) +
                             " x " + std::to_string(p.pp) + " x " + std::to_string(p.cp) + ")"};
        gpus = *next;
    }
    return std::nullopt;
}

} // namespace

std::optional<Error> validateWorkload(const ModelArch& m, const Workload& w) {
    if (auto e = validateSizes(m, w))
        return e;
    const Parallelism& p = w.parallel;
    if (auto e = validateDegrees(p))
        return e;
    if (m.numHeads % p.tp != 0)
        return Error{ErrorCode::InvalidLayout, "parallel.tp",
                     "TP must divide the attention heads (" + std::to_string(m.numHeads) + ")"};
    if (m.numKvHeads > p.tp && m.numKvHeads % p.tp != 0)
        return Error{ErrorCode::InvalidLayout, "parallel.tp",
                     "TP must divide the KV heads (" + std::to_string(m.numKvHeads) + ")"};
    if (p.pp > m.numLayers)
        return Error{ErrorCode::InvalidLayout, "parallel.pp",
                     "PP must not exceed the layers (" + std::to_string(m.numLayers) + ")"};
    if (p.ep > 1 && (!m.moe.enabled() || m.moe.numExperts % p.ep != 0))
        return Error{ErrorCode::InvalidLayout, "parallel.ep",
                     m.moe.enabled()
                         ? "EP must divide the experts (" + std::to_string(m.moe.numExperts) + ")"
                         : std::string("EP needs a mixture-of-experts model")};
    // dp x tp <= limits::kGpus here (validateDegrees)
    if (p.ep > 1 && *checked::mul(p.dp, p.tp) % p.ep != 0)
        return Error{ErrorCode::InvalidLayout, "parallel.ep", "EP must divide DP x TP"};
    if (p.cp > 1 && w.sequenceLength % p.cp != 0)
        return Error{ErrorCode::InvalidLayout, "parallel.cp", "CP must divide the sequence length"};
    return std::nullopt;
}

Estimate estimate(const ModelArch& m, const Workload& input, const GpuSpec* gpu) {
    // The framework profile's facts are rules on the run: evaluated here, against the run as
    // it is now (core/engine/profiles.h, docs/profiles.md).
    const Workload w = withProfileApplied(input);
    Estimate e;
    const ModelFacts f = modelFacts(m);
    e.totalParams = f.pc.total;
    e.activeParams = f.pc.active;
    const int pp = std::clamp(w.parallel.pp, 1, std::max(1, m.numLayers));
    e.stages.reserve(pp);
    double host = 0;
    double trainable = 0;
    for (int s = 0; s < pp; ++s) {
        e.stages.push_back(estimateStage(m, f, w, s, &host));
        if (gpu)
            releaseCachedForCapacity(e.stages.back(), gpu->bytes());
        if (e.stages.back().nvidiaSmi > e.worst.nvidiaSmi)
            e.worst = e.stages.back();
    }
    if (w.mode == Mode::Training) {
        if (w.finetune == Finetune::Full) {
            trainable = static_cast<double>(f.pc.total);
        } else {
            StageParams all = stageParams(m, f, w, 0, m.numLayers, true, true);
            trainable = all.adapters * std::max(1, w.parallel.tp);
        }
    }
    e.trainableParams = static_cast<int64_t>(trainable);
    e.hostBytes = host;
    if (gpu) {
        e.capacity = gpu->bytes();
        e.headroom = e.capacity - (e.worst.nvidiaSmi - e.worst.pageable - e.worst.releasable);
        e.fits = e.headroom >= 0;
    }
    return e;
}

Result<Estimate> estimateChecked(const ModelArch& m, const Workload& w, const GpuSpec* gpu) {
    if (ArchError ae = validateArch(m); ae != ArchError::Ok)
        return Error{ErrorCode::FieldOutOfRange, std::string(archErrorField(ae)),
                     "invalid architecture"};
    if (auto err = validateWorkload(m, w))
        return *err;
    if (const auto profile = findProfile(w.profile); !profile)
        return profile.error();
    if (gpu && !(gpu->memoryMiB > 0))
        return Error{ErrorCode::FieldOutOfRange, "gpu.memory_mib", "must be > 0"};
    return estimate(m, w, gpu);
}

} // namespace headroom

namespace headroom {

namespace {
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
