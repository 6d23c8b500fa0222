#pragma once
// What every step of one pipeline stage's estimate reads (core/engine/stages.h): the model's
// batch-independent facts, the stage's parameters and place, and the quantities derived from
// the run once. Internal to core/engine (stages.cpp, reserve/reserve.cpp, estimator.cpp,
// formulas.cpp). Units: bytes, parameters and tokens as each field says.

#include "core/engine/estimate.h"
#include "core/engine/memory_terms.h"
#include "core/engine/workload.h"
#include "core/model/model.h"
#include "core/model/weight_storage.h"

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

/// PyTorch's own FSDP (FSDP1 or FSDP2 fully_shard, HSDP), not DeepSpeed ZeRO.
bool torchFsdp(Sharding s);
/// Whether the optimizer steps on the host, its states there: DeepSpeed's offload_optimizer
/// (ZeRO-Offload), or torch FSDP with parameter offload, whose optimizer creates its states
/// on the parameters' device, the CPU (FSDP1 CPUOffload(offload_params=True): "the optimizer
/// step runs on CPU"; FSDP2 CPUOffloadPolicy: "the optimizer step runs on CPU with CPU
/// optimizer states").
bool optimizerOnHost(const Workload& w);
/// Whether the stored gradients live on the host: the optimizer steps there (optimizerOnHost)
/// and each reduced gradient shard is copied to it in backward, the GPU holding it only in
/// transit (the reduce bucket, one unit's unsharded gradient: workspace). DeepSpeed
/// ZeRO-Offload copies each reduced partition to pinned host memory (Ren et al. 2021 Sec. 4;
/// stage_1_and_2.py async_inplace_copy_grad_to_fp32_buffer_from_gpu, stage3.py partition_grads
/// with offload_optimizer); FSDP1 CPUOffload "offloads gradients to CPU as well"; FSDP2's
/// foreach_reduce copies the reduce-scatter output to the CPU. Not an optimizer that steps in
/// backward (no stored gradients), not DDP.
bool gradientsOffloaded(const Workload& w);

/// Blocks of this stage that run under activation checkpointing: all (full), none (none,
/// selective: op-level), or the first checkpoint_layers of the model (first-n).
int checkpointedBlocks(const StageContext& x);

/// What autograd saves in one block of this run (terms::blockSavedBytesPerToken's options).
terms::BlockSaveOptions blockSaveOptions(const StageContext& x);

/// torch.autocast wraps this run's forward: the HF Trainer's bf16/fp16=True (the
/// pytorch_amp precision preset, or a framework profile that names it, whatever dtypes the
/// run states), or fp32 base weights under a 16-bit compute dtype outside FSDP2's
/// MixedPrecisionPolicy (fsdp2_mixed casts the parameters instead).
/// Source: transformers/trainer.py (autocast_smart_context_manager, bf16=True).
bool runsUnderAutocast(const Workload& w);

/// The dtype of the embedding output, which sets transformers' eager attention mask.
DType embeddingDtype(const StageContext& x);

/// The dtypes along this stage's eager attention softmax (terms::eagerSoftmaxDtypes).
terms::EagerSoftmaxDtypes eagerDtypes(const StageContext& x);

/// Parameters of the final norm: normParams (h for RMSNorm, 2h for LayerNorm with bias).
double finalNormParams(const ModelArch& m);

/// Micro-batches whose activations pipeline stage @p stage holds at once (GPipe, 1F1B,
/// interleaved; the formulas at the definition).
double inflightMicroBatches(const Parallelism& p, int stage, int64_t gradAccum);

} // namespace headroom::stages
