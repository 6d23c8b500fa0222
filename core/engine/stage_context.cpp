// stage_context.cpp: what every step of a stage reads. See core/engine/stage_context.h.

#include "core/engine/stage_context.h"

#include "core/engine/memory_terms.h"
#include "core/engine/profiles.h"

#include <algorithm>
#include <cmath>

namespace headroom::stages {

namespace {

/// Effective dtypes after the mode's constraints (QLoRA base is NF4 at least).
DType baseWeightDtype(const Workload& w) {
    if (w.mode == Mode::Training && w.finetune == Finetune::QLoRA &&
        !isQuantized(w.precision.weights))
        return DType::NF4DoubleQuant;
    return w.precision.weights;
}

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

/// LoRA parameters of one block: r x (in + out) per adapted linear, each expert's FFN
/// linears adapted separately in a MoE block (PEFT LoraLayer; Hu et al. 2021).
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

} // namespace

/// Parameters of the final norm: normParams (h for RMSNorm, 2h for LayerNorm with bias).
double finalNormParams(const ModelArch& m) {
    return static_cast<double>(normParams(m));
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
    const bool adapters = w.mode == Mode::Training && w.finetune != Finetune::Full;
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
        if (adapters)
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
        s.other += s.lmHead + finalNormParams(m);
        if (adapters && (w.lora.targets & static_cast<unsigned>(LoraTarget::LmHead)))
            s.adapters += w.lora.rank * (static_cast<double>(m.hiddenSize) + m.vocabSize) / tp;
    }
    s.maxTensor = std::max({s.maxTensor, s.embedding, s.lmHead});
    return s;
}

double quantisedHeadParams(const StageContext& x) {
    return x.w.features.quantizedLmHead ? x.params.lmHead : 0.0;
}

double stepMicroBatches(const Parallelism& p, int64_t gradAccum) {
    if (p.pp > 1 && p.numMicroBatches > 0)
        return p.numMicroBatches;
    return static_cast<double>(std::max<int64_t>(1, gradAccum));
}

LayerRange stageLayers(int layers, int pp, int stage) {
    const int base = layers / pp;
    const int extra = layers % pp; // the first `extra` stages take one more block
    LayerRange s;
    s.first = stage * base + std::min(stage, extra);
    s.count = base + (stage < extra ? 1 : 0);
    return s;
}

StageContext stageContext(const ModelArch& m, const ModelFacts& f, const Workload& w, int stage) {
    const Parallelism& par = w.parallel;
    const int pp = std::max(1, par.pp);
    StageContext x(m, f, w);
    x.stage = stage;
    x.layers = stageLayers(m.numLayers, pp, stage);
    x.firstStage = stage == 0;
    x.lastStage = stage == pp - 1;
    x.params = stageParams(m, f, w, x.layers.first, x.layers.count, x.firstStage, x.lastStage);
    x.weightDtype = baseWeightDtype(w);
    x.c = bytesPerElement(w.precision.compute);
    x.training = w.mode == Mode::Training;
    x.full = x.training && w.finetune == Finetune::Full;
    x.shard = shardDegree(par);
    x.expertShard = expertShardDegree(par, x.shard);
    x.tp = std::max(1, par.tp);
    x.cp = std::max(1, par.cp);
    x.tokens = static_cast<double>(w.microBatch) * static_cast<double>(w.sequenceLength) / x.cp;
    // FSDP1 units mixing frozen base weights and LoRA adapters compute gradients for the
    // whole unit (the transformer blocks; embedding and lm_head stay frozen in the root
    // unit). bitsandbytes/torchao quantised weights cannot require grad, so this needs a
    // 16-bit base.
    x.mixedFrozenUnits = x.training && !x.full && par.mixedFrozenUnits &&
                         shardsGradients(par.sharding) && !isQuantized(x.weightDtype);
    // no_sync() accumulation keeps the gradients unsharded until the syncing micro-batch
    x.noSync =
        x.training && par.noSyncAccumulation && stepMicroBatches(par, w.gradAccumulation) > 1;
    x.moeLayers =
        std::max(0, x.layers.first + x.layers.count - std::max(x.layers.first, f.firstMoe));
    x.denseLayers = x.layers.count - x.moeLayers;
    x.slidingLayers = m.numLayers > 0
                          ? static_cast<int>(std::lround(static_cast<double>(m.slidingLayers) *
                                                         x.layers.count / m.numLayers))
                          : 0;
    x.spShardsLinearInputs = par.sequenceParallel && par.spShardedInputs;
    // ZeRO-3 under DeepSpeed: the gradient partitions are one flat buffer zeroed when the
    // optimizer is built (stage3.py grad_partitions_flat_buffer), resident like Megatron's
    x.persistentGradBuffer =
        x.training && (w.features.persistentGradBuffer ||
                       (w.features.deepspeedZero && par.sharding == Sharding::Zero3));
    return x;
}

/// PyTorch's own FSDP (FSDP1 or FSDP2 fully_shard, HSDP), not DeepSpeed ZeRO.
bool torchFsdp(Sharding s) {
    return s == Sharding::FsdpFullShard || s == Sharding::FsdpGradOp || s == Sharding::Hsdp;
}

bool optimizerOnHost(const Workload& w) {
    const Parallelism& par = w.parallel;
    return par.offloadOptimizer || (par.offloadParams && torchFsdp(par.sharding));
}

bool gradientsOffloaded(const Workload& w) {
    return !w.features.optimizerInBackward && w.parallel.sharding != Sharding::None &&
           optimizerOnHost(w);
}

/// Blocks of this stage that run under activation checkpointing: all (full), none (none,
/// selective: op-level), or the first checkpoint_layers of the model (first-n).
int checkpointedBlocks(const StageContext& x) {
    const int n = x.layers.count;
    switch (x.w.checkpointing) {
    case Checkpointing::Full:
        return n;
    case Checkpointing::FirstN:
        return std::clamp(x.w.checkpointLayers - x.layers.first, 0, n);
    default:
        return 0;
    }
}

/// What autograd saves in one block of this run (terms::blockSavedBytesPerToken's options).
terms::BlockSaveOptions blockSaveOptions(const StageContext& x) {
    const Workload& w = x.w;
    const bool adapters = x.training && !x.full;
    terms::BlockSaveOptions o;
    o.c = x.c;
    o.trainBase = x.full || x.mixedFrozenUnits; // a mixed unit's frozen weights get gradients too
    o.loraTargets = adapters ? w.lora.targets : 0u;
    o.loraRank = adapters ? w.lora.rank : 0;
    o.loraDropout = w.lora.dropout;
    o.compiled = w.features.torchCompile;
    o.repeatKv = w.attention == AttentionImpl::Eager || w.attention == AttentionImpl::SDPA;
    o.eager = w.attention == AttentionImpl::Eager;
    o.frozenLinearSavesInput = adapters && isQuantized(x.weightDtype) && !w.features.torchaoNf4;
    if (adapters && o.loraRank > 0) {
        // FSDP2's MixedPrecisionPolicy runs the adapters in the compute dtype
        o.adapterBytes = w.precisionPreset == PrecisionPreset::Fsdp2Mixed
                             ? x.c
                             : bytesPerElement(w.precision.adapters);
        // autocast only decides anything where the adapters' dtype is not the compute dtype
        // (loraAdapterInput), so the profile lookup stays off every other run's path
        o.autocast = o.adapterBytes != o.c && runsUnderAutocast(w);
    }
    o.fusedQkv = w.features.fusedQkvLora;
    o.geluNewOps = w.features.geluNewOps && x.m.geluNew; // the term applies it to a plain FFN only
    return o;
}

bool runsUnderAutocast(const Workload& w) {
    if (w.precisionPreset == PrecisionPreset::PytorchAmp)
        return true;
    if (auto choice = findProfile(w.profile);
        choice && choice->profile->precision == PrecisionPreset::PytorchAmp)
        return true;
    return w.precision.weights == DType::FP32 && bytesPerElement(w.precision.compute) == 2.0 &&
           w.precisionPreset != PrecisionPreset::Fsdp2Mixed;
}

/// The dtype of the embedding output, which sets transformers' eager attention mask: the
/// weights' dtype, or for a quantised (or checkpoint-stored) model the compute dtype its
/// unquantised modules load in (residentWeights).
DType embeddingDtype(const StageContext& x) {
    return isQuantized(x.weightDtype) || terms::checkpointStorageApplies(x.m, x.w)
               ? x.w.precision.compute
               : x.weightDtype;
}

/// The dtypes along this stage's eager attention softmax (terms::eagerSoftmaxDtypes).
terms::EagerSoftmaxDtypes eagerDtypes(const StageContext& x) {
    return terms::eagerSoftmaxDtypes(x.w.precision.compute, embeddingDtype(x));
}

} // namespace headroom::stages
