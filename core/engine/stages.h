#pragma once
// The estimator's stages (internal to core/engine; estimator.cpp and formulas.cpp use it).
//
// One pipeline stage's rank is estimated as a short pipeline of named steps, each a function
// of the StageContext (what the model, the run and the stage's place fix) and of the steps
// before it:
//
//   residentWeights   weights on the GPU (sharded, offloaded, quantised) + LoRA adapters
//   trainingState     gradients, optimizer states, fp32 master copy, optimizer temporaries
//   activations       saved tensors (training: per checkpointing mode and in-flight
//                     micro-batches) and backward recompute; prefill transients (inference)
//   logitsAndLoss     lm_head output and the loss's buffers (last stage)
//   cachesAndRollout  KV cache (inference, or the colocated rollout engine's) + its weights
//   workspace         gathered FSDP units, dequantisation buffer, framework overhead
//   phases            each term's bytes in each Phase (after load, forward, backward, step)
//   peakOf            the phase with the most live bytes: allocated and the terms there
//   allocatorAndContext  reserved (caching allocator, load floor, gradient pool), what is
//                     releasable, CUDA context and NCCL: the nvidia-smi number
//
// Every step only composes the terms of core/engine/memory_terms.h (formula, units, source
// there); framework behaviour reaches it as Workload flags set by the profile
// (core/engine/profiles.h). Units: bytes (double).

#include "core/engine/estimator.h"
#include "core/engine/workload.h"
#include "core/model/model.h"

#include <array>

namespace headroom::stages {

/// Parameters of a set of blocks on one rank, split by what quantisation touches.
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

/// Everything about the model that does not depend on the batch: computed once per call.
struct ModelFacts {
    ParamCount pc;
    WeightStorage storage; ///< the checkpoint's bytes per group (weight_storage.h), if it has one
    LayerShapes dense;
    LayerShapes moe;
    int firstMoe = 0; ///< first MoE layer index (numLayers when dense)
};
ModelFacts modelFacts(const ModelArch& m);

/// Parameters of blocks [first, first + count) on one rank (TP/EP divided), with the
/// embedding on the first and the final norm + lm_head on the last pipeline stage.
StageParams stageParams(const ModelArch& m, const ModelFacts& f, const Workload& w, int first,
                        int count, bool firstStage, bool lastStage);

/// Blocks of one pipeline stage.
struct LayerRange {
    int first = 0;
    int count = 0;
};
/// Stage @p stage of @p pp: the first layers % pp stages take one more block.
LayerRange stageLayers(int layers, int pp, int stage);

/// What every step of one stage reads: the model, the run (profile applied), the stage's
/// place and the quantities derived from them once.
struct StageContext {
    StageContext(const ModelArch& model, const ModelFacts& facts, const Workload& run)
        : m(model), f(facts), w(run) {}
    const ModelArch& m;
    const ModelFacts& f;
    const Workload& w;
    int stage = 0;
    LayerRange layers;
    bool firstStage = false;
    bool lastStage = false;
    StageParams params;
    DType weightDtype = DType::BF16; ///< stored base weights (QLoRA: NF4 at least)
    double c = 2;                    ///< bytes per element of the compute dtype
    bool training = false;
    bool full = false;             ///< training every parameter
    double shard = 1;              ///< ZeRO/FSDP degree (shardDegree)
    double expertShard = 1;        ///< the same for routed experts (expertShardDegree)
    double tp = 1;                 ///< tensor-parallel degree
    double cp = 1;                 ///< context-parallel degree
    double tokens = 0;             ///< micro-batch x sequence / CP: tokens on this rank
    bool mixedFrozenUnits = false; ///< FSDP1 units mixing frozen weights and adapters
    bool noSync = false;           ///< gradients accumulate unsharded under no_sync()
    int moeLayers = 0;             ///< MoE blocks on this stage
    int denseLayers = 0;           ///< dense blocks on this stage
    int slidingLayers = 0;         ///< sliding-window blocks on this stage (rounded share)
    /// Sequence parallelism on, saving the linears' sequence-sharded inputs
    /// (Parallelism::spShardedInputs, Megatron-LM); otherwise DTensor SP saves them gathered.
    bool spShardsLinearInputs = false;
    /// Gradients resident in every phase (Features::persistentGradBuffer, Megatron-Core DDP).
    bool persistentGradBuffer = false;
};
StageContext stageContext(const ModelArch& m, const ModelFacts& f, const Workload& w, int stage);

/// lm_head parameters on this rank stored like the block linears (in the weight dtype):
/// StageParams::lmHead where the framework quantises the output layer too
/// (Features::quantizedLmHead), else 0. Read by the weights term, its formula text and the
/// dequantisation buffer.
double quantisedHeadParams(const StageContext& x);

/// Micro-batches per optimizer step: the pipeline's with PP (0 = the accumulation steps),
/// else the gradient accumulation steps.
double stepMicroBatches(const Parallelism& p, int64_t gradAccum);

/// Estimates one pipeline stage's rank; adds what it offloads to @p hostBytes.
RankEstimate estimateStage(const ModelArch& m, const ModelFacts& f, const Workload& w, int stage,
                           double& hostBytes);

} // namespace headroom::stages
