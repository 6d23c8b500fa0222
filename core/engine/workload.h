#pragma once
// The run: what is computed, in which dtypes, with which optimizer, batch and parallel layout.

#include "core/checked.h"
#include "core/error.h"
#include "core/model/dtype.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace headroom {

enum class Mode {
    Inference, ///< prefill + decode with a KV cache, no gradients
    Training,  ///< forward + backward + optimizer step
};

enum class Finetune {
    Full,  ///< every parameter trainable (pre-training or full fine-tune)
    LoRA,  ///< frozen base in weight dtype + low-rank adapters
    QLoRA, ///< frozen NF4 base + bf16 adapters (Dettmers et al. 2023)
};

enum class Optimizer {
    AdamW,          ///< torch.optim.AdamW: 2 states in optimizer-state dtype
    Adam,           ///< as AdamW
    SGD,            ///< no state
    SGDMomentum,    ///< 1 momentum buffer
    Adafactor,      ///< factored second moment: (rows + cols) per matrix, no first moment
    AdamW8bit,      ///< bitsandbytes: 2 x int8 states + fp32 absmax per 2048 (blockwise)
    PagedAdamW,     ///< bitsandbytes paged 32-bit: fp32 states in CUDA unified memory
    PagedAdamW8bit, ///< bitsandbytes paged 8-bit
    Lion,           ///< 1 momentum buffer
};

enum class Checkpointing {
    None,      ///< every activation of every block is saved
    Full,      ///< only block inputs are saved; one block is recomputed at a time in backward
    Selective, ///< recompute attention internals only (Korthikanti et al. 2022 / torchtitan op-SAC)
    FirstN,    ///< the first N blocks are fully checkpointed, the rest save everything
};

enum class AttentionImpl {
    Eager, ///< materialises a x s x s scores, softmax output (and dropout mask)
    SDPA,  ///< torch scaled_dot_product_attention (flash / mem-efficient kernels): O(s) memory
    Flash, ///< flash-attn package: saves output + logsumexp
    Flex,  ///< torch flex attention (torchtune packed): as Flash
};

/// Precision preset: the dtype accounting of one framework in one choice (applyPrecisionPreset).
/// The framework profiles (core/engine/profiles.h) each name one of these;
/// Workload::precisionPreset is the preset last applied. Each preset's byte accounting is in
/// docs/profiles.md with its file.
enum class PrecisionPreset {
    Custom,        ///< dtypes exactly as given in Precision
    PytorchAmp,    ///< HF Trainer / torch.amp: fp32 weights, grads, AdamW states; bf16 autocast
    PureBf16,      ///< torchtune, litgpt bf16-true: bf16 weights, grads, AdamW states, no master
    Fsdp2Mixed,    ///< torchtitan FSDP2 MixedPrecisionPolicy(param=bf16, reduce=fp32)
    DeepSpeedZero, ///< DeepSpeed bf16/fp16 mixed precision: 2 + 2 + 12 bytes/param, sharded
    Megatron,      ///< Megatron-LM bf16 + distributed optimizer: fp32 grads buffer + 12 B/param
    BitsandbytesQlora, ///< QLoRA: NF4 + double quant base, bf16 LoRA, paged AdamW (fp32 states)
};

/// Dtype of each kind of tensor, since frameworks differ.
struct Precision {
    DType weights = DType::BF16; ///< stored base weights (trainable ones too for Full)
    DType compute = DType::BF16; ///< activations and matmul inputs
    DType grads = DType::BF16;   ///< stored gradients of trainable parameters
    bool masterWeights = false;  ///< an fp32 master copy of trainable params exists separately
    DType optimizerStates = DType::FP32; ///< Adam m and v (8-bit optimizers ignore this)
    DType kvCache = DType::BF16;         ///< KV cache entries (inference)
    DType adapters = DType::BF16;        ///< LoRA adapter weights
    /// Base weights stored as the checkpoint holds them (ModelArch::quant, a safetensors
    /// header) where the run keeps that storage (terms::checkpointStorageApplies). True until
    /// the user picks a weight dtype: an explicit choice (--weights, the GUI's weight dtype)
    /// sets it false and `weights` wins.
    bool checkpointWeights = true;
    bool operator==(const Precision&) const = default;
};

/// Which base-model linear layers get LoRA adapters (bit set of LoraTarget).
enum class LoraTarget : unsigned {
    Q = 1u << 0,
    K = 1u << 1,
    V = 1u << 2,
    O = 1u << 3,
    Gate = 1u << 4,
    Up = 1u << 5,
    Down = 1u << 6,
    LmHead = 1u << 7,
};
inline constexpr unsigned kLoraAttention = 0x0F; ///< q,k,v,o
inline constexpr unsigned kLoraAllLinear = 0x7F; ///< PEFT "all-linear"
inline constexpr unsigned kLoraQV = 0x05;        ///< q,v (PEFT/litgpt default)

struct LoraSpec {
    int rank = 16;                     ///< r, >= 1
    unsigned targets = kLoraAllLinear; ///< OR of LoraTarget bits
    bool dropout = false; ///< lora_dropout > 0 saves a dropout-ed input copy per target
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const LoraSpec&) const = default;
};

/// How the weights reach the GPU (core/engine/reserve/load_replay.h). The caching allocator keeps
/// every segment the load cudaMalloc'ed, and reset_peak_memory_stats() resets the reserved peak to
/// the current reserved bytes, so the load sets a floor under the step's reserved peak.
enum class LoadRecipe {
    InPlace, ///< weights materialised where they stay (default): no load transients
    /// torchtune QLoRA with torchao >= 0.2: each block built with its linears quantised to
    /// NF4 one by one (torchao to_nf4, chunked nearest-value search of 1M elements), then
    /// load_state_dict re-quantises every base weight from a bf16 copy on the GPU.
    TorchaoNf4,
    /// torchtune QLoRA in spring 2024 (torchao 0.1): one block built and deep-copied per layer
    /// (TransformerDecoder's _get_clones), to_nf4's nearest-value search unchunked: a
    /// numel x 16 bf16 difference tensor and its abs() (torchao PR #196, 2024-05-01).
    TorchaoNf4Unchunked,
    /// FSDP1 with sync_module_states (rank 0 loads on CPU, the others on meta): per unit,
    /// the parameters are moved or materialised on the GPU, broadcast in 250 MiB buckets,
    /// flattened into one FlatParameter and sharded (fsdp_qlora low_memory, accelerate
    /// cpu_ram_efficient_loading). The all-gather stream's pool comes on top in training.
    Fsdp1SyncModuleStates,
};

/// Memory features that change the peak (docs/features.md).
struct Features {
    bool chunkedCrossEntropy = false; ///< fp32 logits never materialised in full
    bool optimizerInBackward = false; ///< step fused into backward; grads freed per parameter
    bool activationOffload = false;   ///< saved activations live in host memory
    bool fusedOptimizer = false;      ///< fused AdamW: no for-each temporaries
    bool packed = false;              ///< samples packed to exactly sequenceLength
    bool torchCompile = false;        ///< torch.compile of model + loss (fuses elementwise saves)
    /// With torchCompile: the loss function itself stays eager, so an unchunked loss keeps
    /// its fp32 log-softmax (torchtitan until March 2025: train.py compiled the model only).
    bool uncompiledLoss = false;
    /// The training loop keeps the loss input referenced through the whole backward (a
    /// model output object or `logits` variable still in scope during loss.backward():
    /// fsdp_qlora's `output`, torchtune recipes before `del logits`, litgpt's chunk list):
    /// the fp32 logits (compute-dtype chunks when chunked) stay resident.
    bool retainedLogits = false;
    /// The model itself returns fp32 logits (torchtune TransformerDecoder's unchunked
    /// `output(h).float()`, HF LlamaForCausalLM before transformers 4.45, torchtitan 2024):
    /// a compiled loss then saves fp32, and retained logits are fp32.
    bool fp32Logits = false;
    /// litgpt's fused QKV projection (CausalSelfAttention.attn, LoRAQKVLinear): with as many
    /// KV heads as heads v stays a view of the fused output, so the whole qkv buffer is
    /// saved; LoRA on q/k/v shares one dropout and zero_pad's index_copy saves the adapters'
    /// outputs (litgpt lora.py; docs/activations.md).
    bool fusedQkvLora = false;

    /// The loss function runs compiled (torch.compile of model and loss, not uncompiledLoss).
    bool compiledLoss() const { return torchCompile && !uncompiledLoss; }
    /// Bytes per element of the tensor the loss reads: fp32 when the model returns fp32
    /// logits, else the compute dtype's @p c.
    double lossInputBytes(double c) const { return fp32Logits ? 4.0 : c; }
    /// Quantised base is torchao NF4Tensor (torchtune QLoRA): its linear keeps no input for
    /// backward. Off (default) = bitsandbytes Linear4bit/Linear8bitLt, whose MatMul4Bit
    /// autograd function saves its input whenever that input requires grad
    /// (bitsandbytes/autograd/_functions.py), as a trainable linear would.
    bool torchaoNf4 = false;
    LoadRecipe loadRecipe = LoadRecipe::InPlace; ///< how the weights are loaded
    /// Gradients live in one buffer allocated when the model is wrapped and only zeroed
    /// between steps (Megatron-Core DDP's main-grad buffer,
    /// megatron/core/distributed/param_and_grad_buffer.py): resident in every phase of
    /// training, as accumulated gradients are, not only from the first backward on.
    bool persistentGradBuffer = false;
    /// The output layer (lm_head) is quantised like the block linears (Lightning Fabric's
    /// BitsandbytesPrecision replaces every torch.nn.Linear, lm_head included:
    /// lightning/fabric/plugins/precision/bitsandbytes.py _ClassReplacementContextManager);
    /// off (default): HF transformers and torchtune keep lm_head in the compute dtype.
    bool quantizedLmHead = false;
    /// 4-bit weights quantised from an fp16 copy (Lightning's _Linear4bit.quantize:
    /// `weight.to(device, dtype=torch.half)`), so bitsandbytes' MatMul4Bit dequantises to fp16
    /// and casts to the compute dtype (`F.dequantize_4bit(B, qs).to(A.dtype)`): with bf16 or
    /// fp32 compute a dequantised linear is held twice while it runs.
    bool fp16QuantState = false;
    /// A multi-query model (one KV head) hands SDPA its single K/V head un-expanded in
    /// training (lit-gpt before PR #667, 2023-10-24: "training: flash attention requires it"
    /// came with the expand). torch's fused kernels need equal head counts, so SDPA runs its
    /// math kernel, which saves the softmax probabilities (terms::sdpaMathBytesPerToken).
    bool unexpandedMqaSdpa = false;
    /// The model runs transformers' modelling code under the HF Trainer's autocast, whose
    /// "gelu_new" (ModelArch::geluNew: gpt2, phi) is activations.py NewGELUActivation,
    /// `0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * pow(x, 3))))` as separate ops: autograd
    /// keeps pow's fp32 input cast, tanh's fp32 output, 0.5 x and the fp32 1 + tanh, 12 + c bytes
    /// per FFN element where a fused GELU keeps c (terms::blockSavedBytesPerToken). Off: a fused
    /// F.gelu (litgpt, torchtune) or a compiled graph.
    bool geluNewOps = false;
    /// ZeRO stages run through DeepSpeed's ZeRO optimizer (HF Trainer / Accelerate DeepSpeed,
    /// DeepSpeed itself), whose contiguous_gradients path copies gradients into a flat bucket
    /// of Parallelism::reduceBucketElements elements (terms::deepspeedGradientBucket); ZeRO-3
    /// also keeps its gradient partitions in one flat buffer from the optimizer's creation on
    /// (deepspeed/runtime/zero/stage3.py, DeepSpeedZeroOptimizer_Stage3.__init__). Off: the
    /// ZeRO stage is another implementation (Megatron's distributed optimizer, FSDP).
    bool deepspeedZero = false;
    /// PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: the caching allocator grows one
    /// mapped segment per stream instead of cudaMalloc'ing new ones, so batches of varying
    /// length leave no fragmented segments behind (SampleLengths; measured: H200-41..43).
    bool expandableSegments = false;
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const Features&) const = default;
};

enum class Sharding {
    None,          ///< plain DDP / single GPU: full replicas
    Zero1,         ///< optimizer states sharded over DP
    Zero2,         ///< + gradients sharded
    Zero3,         ///< + parameters sharded (DeepSpeed ZeRO-3)
    FsdpFullShard, ///< FSDP FULL_SHARD / FSDP2 fully_shard (= ZeRO-3)
    FsdpGradOp,    ///< FSDP SHARD_GRAD_OP (= ZeRO-2)
    Hsdp,          ///< FSDP HYBRID_SHARD: ZeRO-3 inside a node of shardGroup GPUs, replicas across
};

enum class PipelineSchedule {
    GPipe,       ///< all micro-batches forward first: stage holds m micro-batches
    OneFOneB,    ///< 1F1B: stage i holds (p - i) micro-batches in flight
    Interleaved, ///< interleaved 1F1B with v virtual stages per rank
};

/// Upper bounds of the workload's sizes and counts: validateWorkload rejects anything above
/// them, the record reader reads with them, and every product of them is computed in checked
/// 64-bit arithmetic (core/checked.h), so no accepted workload overflows.
namespace limits {
inline constexpr int64_t kMicroBatch = int64_t{1} << 24;       ///< micro_batch_size
inline constexpr int64_t kSequenceLength = int64_t{1} << 26;   ///< sequence_length, tokens
inline constexpr int64_t kGradAccumulation = int64_t{1} << 20; ///< gradient_accumulation_steps
inline constexpr int64_t kLoraRank = 65536;                    ///< lora.rank
inline constexpr int64_t kDegree = int64_t{1} << 20;           ///< each of dp, tp, pp, cp, ep
/// dp x tp x pp x cp: a million GPUs, far beyond any cluster, far below int64_t overflow.
inline constexpr int64_t kGpus = int64_t{1} << 20;
/// DeepSpeed reduce_bucket_size, elements (2e9: 4 GB of bf16 gradients, past any config seen).
inline constexpr int64_t kReduceBucket = 2'000'000'000;
/// SampleLengths::steps: micro-batches of a run (a million; the replay reads at most
/// kReplayedSteps of them).
inline constexpr int64_t kTrainSteps = int64_t{1} << 20;
} // namespace limits

/// Where the lengths of a training run's micro-batches come from (scenario key
/// `workload.lengths.data`, CLI --lengths, the GUI's Run details; docs/metrics.md "Variable
/// sample lengths"). Only the allocator's cached segments depend on it (lengths_cache, part of
/// allocator_reserve): allocated memory is set by the longest batch, sequenceLength, in every case.
enum class DataLengths {
    /// As the framework profile's documented data pipeline feeds them (FillDefaults::lengths;
    /// resolveDataLengths): real data padded per batch for the SFT trainers (HF Trainer,
    /// LLaMA-Factory, ms-swift, torchtune), fixed windows for pre-training loops (plain PyTorch,
    /// torchtitan, Megatron), fixed where a profile documents none (custom).
    Framework,
    Fixed,  ///< every micro-batch is sequenceLength tokens (padded to the maximum, fixed windows)
    Packed, ///< samples packed into rows of exactly sequenceLength tokens (as Fixed in memory)
    /// A real data set, each micro-batch padded to its longest sample: SampleLengths' own
    /// distribution when mean > 0, else kDefaultDatasetLengths.
    Real,
};

/// How long the samples of a training run are when they are not all sequenceLength tokens:
/// a data set whose lengths vary, each micro-batch padded to its longest sample (HF
/// DataCollatorForSeq2Seq, ms-swift's pad_sequence). The micro-batch's peak is set by the
/// longest batch (sequenceLength), but the caching allocator's reserved memory grows with the
/// other lengths (core/engine/reserve/length_replay.h; docs/metrics.md "Variable sample lengths").
/// mean == 0 (default): every batch is sequenceLength tokens (fixed, padded to the maximum,
/// or packed). Units: tokens; steps in micro-batches.
struct SampleLengths {
    int64_t mean = 0; ///< mean sample length of the data set; 0 = every batch sequenceLength
    int64_t std = 0;  ///< standard deviation (the lengths are read as a clipped normal)
    int64_t min = 1;  ///< shortest sample: draws below are this long
    int64_t max = 0;  ///< longest sample of the data set (0 = none): draws above are this long
    /// Samples longer than sequenceLength are dropped (ms-swift truncation_strategy 'delete');
    /// off: they are truncated to sequenceLength (LLaMA-Factory cutoff_len, most SFT tools).
    bool dropLong = false;
    int64_t steps = 1000; ///< micro-batches the run trains
    /// Where the lengths come from; Framework (default) with mean > 0 is Real (a distribution
    /// given by hand is a real data set), else the profile decides (resolveDataLengths).
    DataLengths data = DataLengths::Framework;
    bool variable() const { return mean > 0; }
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const SampleLengths&) const = default;
};

/// The default distribution of a real data set's sample lengths when the run names none
/// (DataLengths::Real with mean 0, or a profile whose data pipeline pads per batch), tokens:
/// the statistics the data set card of NVIDIA's Llama-Nemotron-Post-Training-Dataset-v1 in
/// ShareGPT form publishes over all its splits (15.97B tokens, Llama 3 tokenizer): mean 528.1,
/// standard deviation 657.9, min 14, max 18,718 (huggingface.co/datasets/MaziyarPanahi/
/// Llama-Nemotron-Post-Training-Dataset-v1-ShareGPT, README.md "Stats", revision 7a420e3).
/// A published SFT mix of chat, code, math and science conversations, not any measured run's
/// data set; samples above the sequence length are truncated (dropLong false, the HF
/// tokenizers' truncation=True) unless the profile says they are dropped; 1,000 micro-batches.
struct NamedLengths {
    std::string_view name;   ///< the key scenario files and the CLI print
    std::string_view source; ///< where the numbers are published
    SampleLengths lengths;
};
inline constexpr NamedLengths kDefaultDatasetLengths{
    "llama-nemotron-post-training-v1",
    "huggingface.co/datasets/MaziyarPanahi/Llama-Nemotron-Post-Training-Dataset-v1-ShareGPT "
    "README.md Stats (7a420e3): mean 528.1, std 657.9, min 14, max 18718 tokens",
    SampleLengths{528, 658, 14, 18718, false, 1000, DataLengths::Real}};

/// Parallel layout. Product dp x tp x pp x cp = GPUs; EP divides the DP x TP group for experts.
struct Parallelism {
    int dp = 1;                    ///< data-parallel degree (replicas or shards)
    int tp = 1;                    ///< tensor-parallel degree (Megatron column/row split)
    int pp = 1;                    ///< pipeline stages
    int cp = 1;                    ///< context-parallel degree (sequence split for attention)
    int ep = 1;                    ///< expert-parallel degree (MoE experts split)
    bool sequenceParallel = false; ///< Megatron SP: norm/dropout activations split over TP
    /// With sequenceParallel: the column-parallel linears save their sequence-sharded input
    /// and all-gather it again in backward (Megatron-LM
    /// megatron/core/tensor_parallel/layers.py, LinearWithGradAccumulationAndAsyncCommunication),
    /// so every saved tensor splits over TP. Off: DTensor SP (torch tensor_parallel,
    /// torchtitan) saves the all-gathered input whole on every TP rank.
    bool spShardedInputs = false;
    Sharding sharding = Sharding::None;
    int shardGroup = 0; ///< HSDP shard group size (0 = dp)
    /// DeepSpeed ZeRO `reduce_bucket_size`, elements: the size of its contiguous gradient
    /// bucket (Features::deepspeedZero). DeepSpeed's default 5e8
    /// (deepspeed/runtime/zero/config.py), also what an Accelerate config file without a
    /// DeepSpeed JSON gets; HF Trainer fills "auto" with hidden_size^2.
    int64_t reduceBucketElements = 500'000'000;
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    int virtualStages = 1;         ///< interleaved schedule chunks per rank
    int numMicroBatches = 0;       ///< per step, for PP (0 = gradient accumulation steps)
    bool offloadOptimizer = false; ///< ZeRO-Offload / FSDP cpu_offload: states + step on CPU
    bool offloadParams = false;    ///< ZeRO-Infinity / FSDP offload_params: params on CPU
    /// FSDP1 use_orig_params=True with LoRA adapters wrapped in the same unit as frozen base
    /// weights (Lightning FSDPStrategy auto-wrapping whole blocks): the unit's FlatParameter
    /// requires grad, so autograd computes gradients for the frozen weights too and their
    /// linears save their inputs. torch FSDP docs: "the gradient memory usage will be higher
    /// than expected (namely, equivalent to not freezing those parameters)".
    bool mixedFrozenUnits = false;
    /// Gradient accumulation under FSDP no_sync() (Lightning fabric.no_backward_sync):
    /// gradients accumulate unsharded, full size on every rank, until the syncing step.
    bool noSyncAccumulation = false;
    /// TP > 1 with torch's `loss_parallel()` (torchtitan): the eager cross-entropy runs on the
    /// vocabulary-sharded logits as DTensor's decomposed ops instead of one fused kernel, so
    /// its backward holds 16 B per local logit (terms::lossParallelLogitsBytes). Off: a fused
    /// vocab-parallel loss (Megatron), counted like the eager loss on V / TP.
    bool lossParallel = false;
    /// dp x tp x pp x cp in checked 64-bit arithmetic; INT64_MAX when the product leaves
    /// int64_t (possible only for degrees validateWorkload rejects: it bounds the product by
    /// limits::kGpus).
    int64_t gpus() const {
        return checked::product({dp, tp, pp, cp}).value_or(std::numeric_limits<int64_t>::max());
    }
    /// dp x cp, the group ZeRO/FSDP shards over and DDP reduces across (checked; two ints
    /// always fit int64_t).
    int64_t dpCp() const {
        return checked::mul(dp, cp).value_or(std::numeric_limits<int64_t>::max());
    }
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const Parallelism&) const = default;
};

/// What a sharding strategy splits over its group (ZeRO paper stages; FSDP equivalents):
/// optimizer states (every strategy but None), gradients (ZeRO-2/3, FSDP FULL_SHARD,
/// SHARD_GRAD_OP, HSDP), parameters (ZeRO-3, FSDP FULL_SHARD, HSDP).
bool shardsOptimizer(Sharding s);
bool shardsGradients(Sharding s);
bool shardsParams(Sharding s);
/// A ZeRO stage by name (zero1, zero2, zero3), as opposed to FSDP's strategies: DeepSpeed's
/// optimizer, or Megatron's distributed optimizer for zero1 (Features::deepspeedZero tells).
bool isZeroStage(Sharding s);

/// Degree over which ZeRO/FSDP shards: DP x CP (FSDP meshes span dp_shard x cp), or the HSDP
/// shard group when one is set.
double shardDegree(const Parallelism& p);

/// The loss runs as torch loss_parallel()'s decomposed cross-entropy on the vocabulary shard
/// (terms::lossParallelLogitsBytes): Parallelism::lossParallel with TP > 1 and an eager,
/// unchunked loss (a compiled or chunked loss has its own rule in terms::logitsBytes).
bool decomposedLossParallel(const Features& f, const Parallelism& p);

/// Inference serving / generation.
/// Which serving engine sizes a paged KV pool (core/serve/serving_engine.h has its profile).
enum class ServingEngine {
    Vllm,   ///< vLLM V1 (vllm/v1/worker/gpu_worker.py)
    Sglang, ///< SGLang (python/sglang/srt/model_executor/model_runner.py)
    TrtLlm, ///< TensorRT-LLM, PyTorch backend (tensorrt_llm/_torch/pyexecutor/_util.py)
};

struct InferenceSpec {
    int64_t promptTokens = 512; ///< prompt length per sequence
    int64_t newTokens = 512;    ///< generated tokens per sequence
    bool prefillOnly = false;   ///< stop after prefill (no decode)
    /// the engine's memory fraction: vLLM gpu_memory_utilization, SGLang mem_fraction_static,
    /// TensorRT-LLM free_gpu_memory_fraction; in (0, 1]; 0 = not a paged server
    double memoryUtilization = 0;
    // ---- serving engine (used when memoryUtilization > 0; core/serve/serve.h) ----
    ServingEngine engine = ServingEngine::Vllm;
    std::string engineVersion;       ///< a version of the engine's profile; "" = the newest
    int64_t maxModelLen = 0;         ///< max_model_len / context_length; 0 = the model's own
    int maxNumSeqs = 0;              ///< max_num_seqs / max_running_requests; 0 = default
    int64_t maxNumBatchedTokens = 0; ///< max_num_batched_tokens / chunked_prefill_size; 0 = default
    int blockTokens = 0;             ///< KV page in tokens (vLLM block_size); 0 = default
    bool enforceEager = false;       ///< no CUDA graphs (vLLM enforce_eager)
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const InferenceSpec&) const = default;
};

/// RL fine-tuning with a colocated rollout engine (seed 000's example).
struct RolloutSpec {
    bool enabled = false;
    int64_t rolloutBatch = 32;         ///< prompts per rollout step (--rollout-batch-size)
    int samplesPerPrompt = 8;          ///< --n-samples-per-prompt
    int64_t maxResponseTokens = 8192;  ///< --rollout-max-response-len
    int64_t promptTokens = 0;          ///< prompt length (0: ignored)
    int rolloutTp = 0;                 ///< TP of the rollout engine (0 = training TP)
    double frameworkOverheadBytes = 0; ///< extra runtime (SGLang + Ray), bytes
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const RolloutSpec&) const = default;
};

/// Which framework profile (core/engine/profiles.h) the run uses, by name and version. Its
/// behaviour facts are evaluated against the run at the start of estimate() (applyProfile), so
/// changing TP or sharding after the pick keeps the framework's behaviour.
struct ProfileRef {
    std::string name = "custom"; ///< a profile name of resources/profiles.json
    std::string version;         ///< one of its versions; "" = the newest
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const ProfileRef&) const = default;
};

/// Everything about the run except the model and the GPU.
struct Workload {
    Mode mode = Mode::Training;
    Finetune finetune = Finetune::Full;
    ProfileRef profile; ///< framework profile (behaviour facts)
    PrecisionPreset precisionPreset =
        PrecisionPreset::Custom; ///< precision preset last applied (dtypes)
    Precision precision;
    Optimizer optimizer = Optimizer::AdamW;
    int64_t microBatch = 1;        ///< samples per forward/backward per GPU (per TP group)
    int64_t sequenceLength = 2048; ///< tokens per sample
    int64_t gradAccumulation = 1;  ///< micro-batches per optimizer step
    Checkpointing checkpointing = Checkpointing::None;
    int checkpointLayers = 0; ///< for FirstN: how many blocks are checkpointed
    AttentionImpl attention = AttentionImpl::SDPA;
    LoraSpec lora;
    SampleLengths lengths;
    InferenceSpec inference;
    RolloutSpec rollout;
    Features features;
    Parallelism parallel;
    /// Plan against the band's high bound: the planners (playbook, plan search, max-batch,
    /// layout finder, the cliff's fitting marker) and the fit verdict count a run as fitting only
    /// where the high bound of the bytes the verdict counts is within the GPU
    /// (core/plan/calibration.h plannedEstimate; the band: core/engine/band.h).
    bool planAgainstBandHigh = false;

    /// Global batch in samples = micro-batch x accumulation x DP, in checked arithmetic:
    /// nothing when the product leaves int64_t (2^24 x 2^20 x 2^20 = 2^64 is within limits).
    std::optional<int64_t> globalBatch() const {
        return checked::product({microBatch, gradAccumulation, parallel.dp});
    }
    /// A paged serving engine sizes the run (core/serve/serve.h): inference with a memory
    /// fraction; otherwise inference is one transformers generate() batch.
    bool sizesServer() const { return mode == Mode::Inference && inference.memoryUtilization > 0; }
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const Workload&) const = default;
};

/// DeepSpeed's contiguous gradient bucket is allocated: a ZeRO stage run by DeepSpeed's
/// optimizer (Features::deepspeedZero; terms::deepspeedGradientBucket).
bool hasDeepspeedBucket(const Workload& w);

/// Inference: tokens one sequence holds in the KV cache at its end, the context: prompt +
/// generated tokens (the prompt alone with prefillOnly). The one rule every layer uses for
/// "sequence length" in inference (CLI --seq-len, the GUI's sequence slider, the solvers'
/// sequence axis); both counts are bounded by limits::kSequenceLength, so the sum fits.
int64_t inferenceContext(const Workload& w);

/// Inference: makes the context @p context tokens (>= 1). Keeps the generated tokens where
/// they fit (newTokens = min(newTokens, context - 1), promptTokens = context - newTokens; with
/// prefillOnly the prompt is the whole context) and sets sequenceLength = context.
void setInferenceContext(Workload& w, int64_t context);

/// Inference: sets the generated tokens to @p n, keeping the context (sequenceLength) where
/// it leaves at least one prompt token, else growing it to n + 1; promptTokens follows.
void setGeneratedTokens(Workload& w, int64_t n);

/// Inference with explicit token counts (CLI --seq-len / --prompt-tokens / --new-tokens):
/// @p context (the sequence length) with at most one of @p prompt and @p fresh derives the
/// other; all three must agree (prompt + new = context; prefill-only: prompt = context).
/// Without @p context the given counts are set and the sequence length follows them. Returns
/// the field that disagrees, the workload unchanged, on a contradiction.
std::optional<Error> applyInferenceTokens(Workload& w, std::optional<int64_t> context,
                                          std::optional<int64_t> prompt,
                                          std::optional<int64_t> fresh);

/// Applies a framework profile's dtypes to @p w (keeps batch, sequence, etc.).
void applyPrecisionPreset(Workload& w, PrecisionPreset f);

std::string_view modeKey(Mode);
std::string_view finetuneKey(Finetune);
std::string_view optimizerKey(Optimizer);
std::string_view checkpointingKey(Checkpointing);
std::string_view attentionKey(AttentionImpl);
std::string_view precisionPresetKey(PrecisionPreset);
std::string_view shardingKey(Sharding);
std::string_view scheduleKey(PipelineSchedule);
std::string_view loadRecipeKey(LoadRecipe);
/// "framework", "fixed", "packed", "real".
std::string_view dataLengthsKey(DataLengths);
std::optional<DataLengths> parseDataLengths(std::string_view);
std::optional<Mode> parseMode(std::string_view);
/// "vllm", "sglang", "trtllm" (CLI --engine, scenario inference.engine).
std::string_view servingEngineKey(ServingEngine);
std::optional<ServingEngine> parseServingEngine(std::string_view);
std::optional<Finetune> parseFinetune(std::string_view);
std::optional<Optimizer> parseOptimizer(std::string_view);
std::optional<Checkpointing> parseCheckpointing(std::string_view);
std::optional<AttentionImpl> parseAttention(std::string_view);
std::optional<PrecisionPreset> parsePrecisionPreset(std::string_view);
std::optional<Sharding> parseSharding(std::string_view);
std::optional<PipelineSchedule> parseSchedule(std::string_view);
std::optional<LoadRecipe> parseLoadRecipe(std::string_view);
/// HF module name ("q_proj", ..., "down_proj", "lm_head") -> LoraTarget bit.
std::optional<LoraTarget> parseLoraTarget(std::string_view);

} // namespace headroom
