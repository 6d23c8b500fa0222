// reserve.cpp: the allocator reserve of one rank, added up. See core/engine/reserve/reserve.h.

#include "core/engine/reserve/reserve.h"

#include "core/engine/reserve/replay_cache.h"
#include "core/model/decoder_shape.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace headroom::stages {

namespace {

/// torch FSDP's sharded gradients come from a side stream's pool (memory_terms.h), which
/// keeps them reserved in every phase, also where they are not live: reserved follows the
/// largest phase counted with the whole pool, which need not be the allocated peak.
/// Returns that pool's bytes beyond allocated.
double gradientPoolCache(const StageContext& x, const ReserveInputs& in, const RankEstimate& r) {
    const Parallelism& par = x.w.parallel;
    const bool sideStreamGrads = x.training && torchFsdp(par.sharding) && x.shard > 1 &&
                                 !x.noSync && !x.w.features.optimizerInBackward &&
                                 !par.offloadParams && !par.offloadOptimizer;
    double withPool = r.allocated;
    if (sideStreamGrads)
        for (std::size_t p = 0; p < kPhaseCount; ++p)
            if (static_cast<Phase>(p) != Phase::AfterLoad)
                withPool = std::max(withPool, r.phaseAllocated[p] +
                                                  terms::sideStreamGradientCache(
                                                      in.storedGrads, in.phaseGradients[p]));
    return withPool - r.allocated;
}

/// The load's cached segments stay reserved (core/engine/reserve/load_replay.h). The FSDP
/// all-gather outputs come from the unshard stream's own pool, which cannot reuse blocks cached on
/// the default stream, so they add to that floor. Returns what the step and the load need reserved
/// at least (@p stepNeeds without a load recipe).
double loadFloor(const StageContext& x, double gatheredPool, double stepNeeds, RankEstimate& r) {
    const Workload& w = x.w;
    const LoadRecipe recipe = w.features.loadRecipe;
    if (recipe == LoadRecipe::InPlace || w.parallel.pp != 1 || w.parallel.tp != 1)
        return stepNeeds;
    const double loadShards = shardsParams(w.parallel.sharding) ? x.shard : 1.0;
    const LoadPhase lp = simulateLoad(x.m, w, static_cast<int>(std::lround(loadShards)));
    r.loadPeakAllocated = lp.peakAllocated;
    r.loadAllocated = lp.allocated;
    r.loadReserved =
        lp.reserved + (recipe == LoadRecipe::Fsdp1SyncModuleStates ? gatheredPool : 0.0);
    r.reserved = std::max(r.reserved, r.loadReserved);
    // the load itself needs its live peak; after it, the segments it left partly used
    return std::max({stepNeeds, r.loadReserved - lp.releasable, lp.peakAllocated});
}

/// The tokens one replayed step runs: micro-batch x sequence (training), or the prefill's
/// sequences x prompt tokens (inference).
double replayedTokens(const StageContext& x) {
    if (x.training)
        return x.tokens;
    return static_cast<double>(x.w.microBatch) * static_cast<double>(x.w.inference.promptTokens);
}

} // namespace

StepShape stepShape(const StageContext& x) {
    const Workload& w = x.w;
    const Features& f = w.features;
    const LayerShapes& ls = x.f.dense; // q and k/v widths: the same on every block
    const auto local = [&](int64_t width) {
        return std::max<int64_t>(1, static_cast<int64_t>(static_cast<double>(width) / x.tp));
    };
    StepShape s;
    s.layers = x.layers.count;
    s.checkpointed = checkpointedBlocks(x);
    s.c = x.c;
    s.hidden = x.m.hiddenSize;
    s.qOut = local(ls.qOut);
    s.kvOut = local(ls.kvOut);
    s.intermediate =
        local(x.m.intermediateSize > 0 ? x.m.intermediateSize : x.m.moe.expertIntermediate);
    s.gatedMlp = x.m.mlp == MlpKind::Gated;
    const terms::BlockSaveOptions o = blockSaveOptions(x);
    s.fp32Norm = x.m.norm == NormKind::RMSNorm && !o.compiled; // as terms::normSaves
    s.normWeightGrad = x.training && o.trainBase;
    const DecoderFamilyTraits traits = decoderFamilyTraits(x.m.family);
    s.fusedGateUp = traits.fusedGateUp;
    s.vocab = x.lastStage ? local(x.m.vocabSize) : 0;
    s.eagerLoss =
        !f.chunkedCrossEntropy && !f.compiledLoss() && !decomposedLossParallel(f, w.parallel);
    s.fp32Logits = f.fp32Logits;
    s.finalSoftcap = x.m.finalSoftcap && s.eagerLoss;
    if (!x.training) { // one generate() prefill: the KV cache kept, the last position's logits
        s.prefill = true;
        s.kvConcat = traits.prefillKvConcat;
        s.vocab = 0;
        s.eagerLoss = false;
        s.finalSoftcap = false;
    }
    if (w.attention == AttentionImpl::Eager) { // every head scores every key (causal mask)
        s.scoreHeads = std::max(1, x.m.numHeads / std::max(1, w.parallel.tp));
        s.scoreKeys = x.training ? w.sequenceLength : w.inference.promptTokens;
        s.softmax = eagerDtypes(x);
        s.attnSoftcap = x.m.attnSoftcap;
    }
    const bool adapters = x.training && !x.full;
    if (adapters) { // each adapter's own input copy (terms::loraAdapterInput), as estimated
        const terms::LoraAdapterInput in = terms::loraAdapterInput(x.c, o);
        if (o.loraDropout || in.own) {
            s.adapterInputs = std::popcount(w.lora.targets & 0x7fu);
            s.adapterInputBytes = in.bytes;
        }
    }
    // a full fine-tune's gradients where the step makes them in the default stream's pool and
    // keeps them to its end: not sharded (torch FSDP makes its gradient shards on the
    // reduce-scatter stream, gradientPoolCache; DeepSpeed keeps persistent partitioned
    // buffers), not freed one by one by an optimizer step in backward; the optimizer states
    // with them where torch's allocator holds them (not offloaded, not paged into CUDA unified
    // memory)
    if (x.full && w.parallel.sharding == Sharding::None && !w.features.optimizerInBackward) {
        const bool paged =
            w.optimizer == Optimizer::PagedAdamW || w.optimizer == Optimizer::PagedAdamW8bit;
        s.gradBytes = bytesPerElement(w.precision.grads);
        s.stateBytes =
            w.parallel.offloadOptimizer || paged
                ? 0.0
                : terms::optimizerBytesPerParam(w.optimizer, w.precision.optimizerStates);
    }
    return s;
}

// the replay runs one micro-batch's forward and backward (no PP), and not the host copies of
// activation offload; for inference one generate() prefill (eager attention's scores
// included)
bool stepReplayed(const StageContext& x) {
    const Workload& w = x.w;
    if (!x.training)
        return w.mode == Mode::Inference && w.parallel.pp == 1 && x.layers.count > 0 &&
               w.microBatch > 0 && w.inference.promptTokens > 0;
    return w.parallel.pp == 1 && x.layers.count > 0 && !w.features.activationOffload &&
           w.microBatch > 0 && w.sequenceLength > 0;
}

void reserveAndContext(const StageContext& x, const ReserveInputs& in, RankEstimate& r) {
    const double saved = r.atPeak[static_cast<int>(Term::Activations)];
    const double logits = r.atPeak[static_cast<int>(Term::Logits)];
    const double workspace = r.atPeak[static_cast<int>(Term::Workspace)];
    double reserve = 0;
    double replayReleasable = 0;
    r.stepReplayed = stepReplayed(x);
    const bool lengthsVary = x.training && x.w.lengths.variable();
    // the shape only when a replay reads it
    const StepShape shape = r.stepReplayed || lengthsVary ? stepShape(x) : StepShape{};
    if (r.stepReplayed) {
        // the step's blocks and loss, replayed (per token, so the reserve grows with the
        // tokens); the workspace (FSDP all-gather outputs on their own stream, autocast casts,
        // optimizer temporaries, dequantised weights) is made again in the same sizes every
        // step and its blocks reused whole; a loss the replay does not run (chunked,
        // compiled, loss-parallel) keeps the fitted share of its transients
        const StepReserve f = stepReserve(shape, replayedTokens(x));
        r.stepFragmentation = f.reserve;
        r.stepReleasable = replayReleasable = f.releasable;
        const double unreplayed = shape.eagerLoss && shape.vocab > 0 ? 0.0 : logits;
        // a full fine-tune's gradients and optimizer states are replayed with the step (not
        // under eager attention): no resident share for them
        r.statesReplayed = statesReplayed(shape);
        const double replayedStates =
            r.statesReplayed
                ? r.atPeak[static_cast<int>(Term::Gradients)] +
                      (shape.stateBytes > 0 ? r.atPeak[static_cast<int>(Term::OptimizerStates)]
                                            : 0.0)
                : 0.0;
        reserve = r.stepFragmentation +
                  terms::allocatorReserve(unreplayed, r.allocated - saved - logits - workspace -
                                                          replayedStates);
    } else {
        // autocast's weight casts are freed and made again in the same sizes every step: the
        // allocator reuses their blocks as it does the resident tensors'
        const double dynamicBytes = saved + logits + workspace - in.castsAtPeak;
        reserve = terms::allocatorReserve(dynamicBytes, r.allocated - dynamicBytes);
    }
    r.gradientPoolCache = gradientPoolCache(x, in, r);
    const double base = r.allocated + reserve; // what the step needs the allocator to hold
    r.reserved = base + r.gradientPoolCache;
    // the replay's wholly free segments are given back before an OOM is raised
    const double required = loadFloor(x, in.gatheredPool, base - replayReleasable, r);
    // segments cached for other batch lengths: free at the peak, released before an OOM
    r.lengthsCache = lengthsVary ? variableLengthReserve(x.w, shape) : 0.0;
    r.reserved += r.lengthsCache;
    // cached segments holding no live tensor: freed before an OOM is raised (estimator.h)
    r.releasable = r.reserved - required;
    r.atPeak[static_cast<int>(Term::AllocatorReserve)] = r.reserved - r.allocated;
    // the count only decides whether NCCL buffers exist; clamped so it converts to int
    const double ctx = terms::cudaContext(
        static_cast<int>(std::clamp<int64_t>(x.w.parallel.gpus(), 1, limits::kGpus)));
    r.atPeak[static_cast<int>(Term::CudaContext)] = ctx;
    r.pageable = r.peakPhase == Phase::AfterLoad ? 0.0 : in.pageable;
    r.nvidiaSmi = r.reserved + ctx + r.pageable;
}

void releaseCachedForCapacity(RankEstimate& r, double capacity) {
    const double over = r.nvidiaSmi - r.pageable - capacity;
    if (over <= 0 || r.releasable <= 0)
        return;
    const double cut = std::min(over, r.releasable);
    r.releasable -= cut;
    r.reserved -= cut;
    r.nvidiaSmi -= cut;
    r.atPeak[static_cast<int>(Term::AllocatorReserve)] -= cut;
    const double fromLengths = std::min(cut, r.lengthsCache);
    r.lengthsCache -= fromLengths;
    const double fromPool = std::min(cut - fromLengths, r.gradientPoolCache);
    r.gradientPoolCache -= fromPool;
    const double fromStep = std::min(cut - fromLengths - fromPool, r.stepReleasable);
    r.stepReleasable -= fromStep;
    r.stepFragmentation -= fromStep;
}

} // namespace headroom::stages
