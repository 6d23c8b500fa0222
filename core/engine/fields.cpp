#include "core/engine/fields.h"

#include "core/input_limits.h"

#include <array>

namespace headroom {

namespace {

// ---- when a field changes the estimate ----------------------------------------------------

bool training(const Workload& w) {
    return w.mode == Mode::Training;
}
bool withTp(const Workload& w) {
    return w.parallel.tp > 1;
}
bool sharded(const Workload& w) {
    return w.parallel.sharding != Sharding::None;
}
bool compiled(const Workload& w) {
    return w.features.torchCompile;
}
bool shardedAdapters(const Workload& w) {
    return w.finetune != Finetune::Full && sharded(w);
}
bool sequenceParallelTp(const Workload& w) {
    return withTp(w) && w.parallel.sequenceParallel;
}
bool inference(const Workload& w) {
    return w.mode == Mode::Inference;
}
bool serving(const Workload& w) {
    return w.sizesServer();
}
bool adapters(const Workload& w) {
    return training(w) && w.finetune != Finetune::Full;
}
bool quantized(const Workload& w) {
    return isQuantized(w.precision.weights);
}
bool rollout(const Workload& w) {
    return training(w) && w.rollout.enabled;
}
bool firstN(const Workload& w) {
    return w.checkpointing == Checkpointing::FirstN;
}
bool pipeline(const Workload& w) {
    return w.parallel.pp > 1;
}
bool hsdp(const Workload& w) {
    return w.parallel.sharding == Sharding::Hsdp;
}
bool zeroStage(const Workload& w) {
    return training(w) && isZeroStage(w.parallel.sharding);
}
bool deepspeedBucket(const Workload& w) {
    return training(w) && hasDeepspeedBucket(w);
}
/// Lengths replayed from a distribution: one given by hand, or data "real" (its named default
/// when mean is 0).
bool variableLengths(const Workload& w) {
    return training(w) && (w.lengths.variable() || w.lengths.data == DataLengths::Real);
}

// ---- row builders ---------------------------------------------------------------------------

constexpr WorkloadField flag(std::string_view key, FieldGroup group, std::string_view cli,
                             FieldRole role, std::string_view doc, std::string_view record,
                             bool (*applies)(const Workload&), bool& (*ref)(Workload&)) {
    return WorkloadField{key,    group,   cli, FieldType::Flag, role,   0, 1, doc,
                         record, applies, ref, nullptr,         nullptr};
}

constexpr WorkloadField integer(std::string_view key, FieldGroup group, std::string_view cli,
                                int64_t min, int64_t max, std::string_view doc,
                                bool (*applies)(const Workload&), int64_t (*get)(const Workload&),
                                void (*set)(Workload&, int64_t), bool required = false) {
    return WorkloadField{key,
                         group,
                         cli,
                         FieldType::Integer,
                         FieldRole::Setting,
                         min,
                         max,
                         doc,
                         "",
                         applies,
                         nullptr,
                         get,
                         set,
                         required};
}

#define HEADROOM_FLAG(member) [](Workload& w) -> bool& { return w.member; }
#define HEADROOM_GET(member) [](const Workload& w) -> int64_t { return w.member; }
#define HEADROOM_SET(member)                                                                       \
    [](Workload& w, int64_t v) { w.member = static_cast<decltype(w.member)>(v); }

using G = FieldGroup;
using R = FieldRole;
constexpr int64_t kLayersMax = fieldLimit(Limit::Layers).max;

// clang-format off
const std::array kFields{
    // ---- sizes of the run ----
    integer("micro_batch_size", G::Workload, "micro-batch", 1, limits::kMicroBatch,
            "Samples per forward/backward per GPU.", nullptr,
            HEADROOM_GET(microBatch), HEADROOM_SET(microBatch), true),
    integer("sequence_length", G::Workload, "seq-len", 1, limits::kSequenceLength,
            "Tokens per sample.", nullptr,
            HEADROOM_GET(sequenceLength), HEADROOM_SET(sequenceLength), true),
    integer("gradient_accumulation_steps", G::Workload, "grad-accum", 1, limits::kGradAccumulation,
            "Gradient accumulation steps.", training,
            HEADROOM_GET(gradAccumulation), HEADROOM_SET(gradAccumulation)),
    integer("checkpoint_layers", G::Workload, "checkpoint-layers", 0, kLayersMax,
            "Blocks checkpointed with first-n.", firstN,
            HEADROOM_GET(checkpointLayers), HEADROOM_SET(checkpointLayers)),
    flag("plan_against_band_high", G::Workload, "plan-against-band-high", R::Setting,
         "Plan against the band's high bound: a run fits where the band's high bound of the "
         "verdict's bytes is within the GPU (playbook, plan search, max-batch, layout).", "",
         nullptr, HEADROOM_FLAG(planAgainstBandHigh)),
    flag("master_weights_fp32", G::Precision, "master-weights", R::Setting,
         "Keep a separate fp32 master copy of the trainable parameters.", "", training,
         HEADROOM_FLAG(precision.masterWeights)),
    integer("rank", G::Lora, "lora-rank", 1, limits::kLoraRank, "LoRA rank r.", adapters,
            HEADROOM_GET(lora.rank), HEADROOM_SET(lora.rank)),
    flag("dropout", G::Lora, "lora-dropout", R::Setting,
         "LoRA dropout > 0 (stores a dropped-out input copy).", "", adapters,
         HEADROOM_FLAG(lora.dropout)),
    integer("prompt_tokens", G::Inference, "prompt-tokens", 1, limits::kSequenceLength,
            "Inference: prompt tokens per sequence.", inference,
            HEADROOM_GET(inference.promptTokens), HEADROOM_SET(inference.promptTokens)),
    integer("new_tokens", G::Inference, "new-tokens", 0, limits::kSequenceLength,
            "Inference: generated tokens per sequence.", inference,
            HEADROOM_GET(inference.newTokens), HEADROOM_SET(inference.newTokens)),
    integer("mean", G::Lengths, "length-mean", 0, limits::kSequenceLength,
            "Variable sample lengths: the data set's mean sample length, tokens; each "
            "micro-batch is padded to its longest sample (0 = every batch --seq-len).",
            training, HEADROOM_GET(lengths.mean), HEADROOM_SET(lengths.mean)),
    integer("std", G::Lengths, "length-std", 0, limits::kSequenceLength,
            "Variable sample lengths: standard deviation, tokens.", variableLengths,
            HEADROOM_GET(lengths.std), HEADROOM_SET(lengths.std)),
    integer("min", G::Lengths, "length-min", 1, limits::kSequenceLength,
            "Variable sample lengths: the shortest sample, tokens.", variableLengths,
            HEADROOM_GET(lengths.min), HEADROOM_SET(lengths.min)),
    integer("max", G::Lengths, "length-max", 0, limits::kSequenceLength,
            "Variable sample lengths: the data set's longest sample, tokens (0 = none).",
            variableLengths, HEADROOM_GET(lengths.max), HEADROOM_SET(lengths.max)),
    flag("drop_long", G::Lengths, "drop-long", R::Setting,
         "Variable sample lengths: samples longer than --seq-len are dropped (ms-swift "
         "'delete'), not truncated.", "", variableLengths, HEADROOM_FLAG(lengths.dropLong)),
    integer("steps", G::Lengths, "train-steps", 1, limits::kTrainSteps,
            "Variable sample lengths: micro-batches the run trains.", variableLengths,
            HEADROOM_GET(lengths.steps), HEADROOM_SET(lengths.steps)),
    flag("prefill_only", G::Inference, "prefill-only", R::Setting,
         "Inference: stop after the prefill.", "", inference,
         HEADROOM_FLAG(inference.prefillOnly)),
    integer("max_model_len", G::Inference, "max-model-len", 0, int64_t{1} << 31,
            "Serving: longest request the engine accepts, tokens (vLLM max_model_len, SGLang "
            "context_length; 0 = the model's max_position_embeddings).", serving,
            HEADROOM_GET(inference.maxModelLen), HEADROOM_SET(inference.maxModelLen)),
    integer("max_num_seqs", G::Inference, "max-num-seqs", 0, 1 << 20,
            "Serving: requests scheduled at once (vLLM max_num_seqs; 0 = the engine's "
            "default).", serving,
            HEADROOM_GET(inference.maxNumSeqs), HEADROOM_SET(inference.maxNumSeqs)),
    integer("max_num_batched_tokens", G::Inference, "max-num-batched-tokens", 0, int64_t{1} << 31,
            "Serving: tokens of one scheduler step, the profile run's batch (vLLM "
            "max_num_batched_tokens, SGLang chunked_prefill_size; 0 = the engine's default).",
            serving, HEADROOM_GET(inference.maxNumBatchedTokens),
            HEADROOM_SET(inference.maxNumBatchedTokens)),
    integer("block_size", G::Inference, "block-size", 0, 1024,
            "Serving: KV page in tokens, a power of two (vLLM block_size; 0 = the engine's "
            "default).", serving,
            HEADROOM_GET(inference.blockTokens), HEADROOM_SET(inference.blockTokens)),
    flag("enforce_eager", G::Inference, "enforce-eager", R::Setting,
         "Serving: no CUDA graphs (vLLM enforce_eager).", "", serving,
         HEADROOM_FLAG(inference.enforceEager)),
    flag("enabled", G::Rollout, "", R::Setting,
         "RL: a colocated rollout engine (any rollout option turns it on).", "", training,
         HEADROOM_FLAG(rollout.enabled)),
    integer("rollout_batch_size", G::Rollout, "rollout-batch", 1, limits::kMicroBatch,
            "RL: prompts per rollout step.", rollout,
            HEADROOM_GET(rollout.rolloutBatch), HEADROOM_SET(rollout.rolloutBatch)),
    integer("samples_per_prompt", G::Rollout, "samples-per-prompt", 1, 1 << 16,
            "RL: samples per prompt.", rollout,
            HEADROOM_GET(rollout.samplesPerPrompt), HEADROOM_SET(rollout.samplesPerPrompt)),
    integer("max_response_tokens", G::Rollout, "max-response-len", 1, limits::kSequenceLength,
            "RL: maximum response tokens.", rollout,
            HEADROOM_GET(rollout.maxResponseTokens), HEADROOM_SET(rollout.maxResponseTokens)),
    integer("prompt_tokens", G::Rollout, "rollout-prompt-tokens", 0, limits::kSequenceLength,
            "RL: prompt tokens.", rollout,
            HEADROOM_GET(rollout.promptTokens), HEADROOM_SET(rollout.promptTokens)),
    integer("rollout_tp", G::Rollout, "rollout-tp", 0, 1 << 16,
            "RL: tensor parallelism of the rollout engine (0 = the training TP).", rollout,
            HEADROOM_GET(rollout.rolloutTp), HEADROOM_SET(rollout.rolloutTp)),
    // ---- parallel layout ----
    integer("dp", G::Parallelism, "dp", 1, limits::kDegree, "Data-parallel degree.", nullptr,
            HEADROOM_GET(parallel.dp), HEADROOM_SET(parallel.dp)),
    integer("tp", G::Parallelism, "tp", 1, limits::kDegree, "Tensor-parallel degree.", nullptr,
            HEADROOM_GET(parallel.tp), HEADROOM_SET(parallel.tp)),
    integer("pp", G::Parallelism, "pp", 1, limits::kDegree, "Pipeline-parallel stages.", nullptr,
            HEADROOM_GET(parallel.pp), HEADROOM_SET(parallel.pp)),
    integer("cp", G::Parallelism, "cp", 1, limits::kDegree, "Context-parallel degree.", nullptr,
            HEADROOM_GET(parallel.cp), HEADROOM_SET(parallel.cp)),
    integer("ep", G::Parallelism, "ep", 1, limits::kDegree, "Expert-parallel degree (MoE).",
            nullptr, HEADROOM_GET(parallel.ep), HEADROOM_SET(parallel.ep)),
    integer("shard_group", G::Parallelism, "shard-group", 0, limits::kDegree,
            "HSDP shard group size (0 = DP).", hsdp,
            HEADROOM_GET(parallel.shardGroup), HEADROOM_SET(parallel.shardGroup)),
    integer("reduce_bucket_size", G::Parallelism, "reduce-bucket-size", 0, limits::kReduceBucket,
            "DeepSpeed ZeRO reduce_bucket_size, elements: its contiguous gradient bucket "
            "(DeepSpeed default 5e8; HF Trainer's \"auto\" = hidden^2).", deepspeedBucket,
            HEADROOM_GET(parallel.reduceBucketElements),
            HEADROOM_SET(parallel.reduceBucketElements)),
    integer("virtual_stages", G::Parallelism, "virtual-stages", 1, 1 << 10,
            "Interleaved schedule: chunks per rank.", pipeline,
            HEADROOM_GET(parallel.virtualStages), HEADROOM_SET(parallel.virtualStages)),
    integer("num_micro_batches", G::Parallelism, "pp-micro-batches", 0, 1 << 20,
            "Pipeline micro-batches per step (0 = --grad-accum).", pipeline,
            HEADROOM_GET(parallel.numMicroBatches), HEADROOM_SET(parallel.numMicroBatches)),
    // ---- memory features the run turns on ----
    flag("chunked_cross_entropy", G::Features, "chunked-ce", R::Feature,
         "Chunked cross-entropy (fp32 logits never whole).", "chunked_cross_entropy", training,
         HEADROOM_FLAG(features.chunkedCrossEntropy)),
    flag("torch_compile", G::Features, "torch-compile", R::Feature,
         "torch.compile of model and loss.", "torch_compile", nullptr,
         HEADROOM_FLAG(features.torchCompile)),
    flag("fused_optimizer", G::Features, "fused-optimizer", R::Feature,
         "Fused AdamW (no for-each temporaries).", "fused_optimizer", training,
         HEADROOM_FLAG(features.fusedOptimizer)),
    flag("optimizer_in_backward", G::Features, "optimizer-in-backward", R::Feature,
         "Optimizer step fused into backward.", "optimizer_in_backward", training,
         HEADROOM_FLAG(features.optimizerInBackward)),
    flag("activation_offload", G::Features, "activation-offload", R::Feature,
         "Saved activations offloaded to the CPU.", "activation_offload", training,
         HEADROOM_FLAG(features.activationOffload)),
    flag("packed", G::Features, "packed", R::Feature,
         "Samples packed to exactly --seq-len tokens.", "packed", nullptr,
         HEADROOM_FLAG(features.packed)),
    flag("expandable_segments", G::Features, "expandable-segments", R::Feature,
         "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: variable-length batches leave no "
         "fragmented segments.", "expandable_segments", variableLengths,
         HEADROOM_FLAG(features.expandableSegments)),
    flag("offload_optimizer", G::Parallelism, "offload-optimizer", R::Feature,
         "Optimizer states and step on the CPU.", "cpu_offload_optimizer", training,
         HEADROOM_FLAG(parallel.offloadOptimizer)),
    flag("offload_params", G::Parallelism, "offload-params", R::Feature,
         "Parameters offloaded to the CPU (a strategy that shards parameters).",
         "cpu_offload_params", sharded, HEADROOM_FLAG(parallel.offloadParams)),
    flag("sequence_parallel", G::Parallelism, "sequence-parallel", R::Feature,
         "Sequence parallelism with TP: norm and dropout activations split over TP.", "", withTp,
         HEADROOM_FLAG(parallel.sequenceParallel)),
    // ---- how a framework's code behaves (profiles set these) ----
    flag("uncompiled_loss", G::Features, "uncompiled-loss", R::Fact,
         "With --torch-compile: the loss stays eager (torchtitan until March 2025).", "", compiled,
         HEADROOM_FLAG(features.uncompiledLoss)),
    flag("retained_logits", G::Features, "retained-logits", R::Fact,
         "The training loop keeps the logits referenced through backward.", "", training,
         HEADROOM_FLAG(features.retainedLogits)),
    flag("fp32_logits", G::Features, "fp32-logits", R::Fact,
         "The model returns fp32 logits (torchtune unchunked, HF < 4.45).", "", training,
         HEADROOM_FLAG(features.fp32Logits)),
    flag("fused_qkv_lora", G::Features, "fused-qkv", R::Fact,
         "litgpt fused QKV projection and LoRAQKVLinear adapters.", "", training,
         HEADROOM_FLAG(features.fusedQkvLora)),
    flag("torchao_nf4", G::Features, "torchao-nf4", R::Fact,
         "The quantised base is a torchao NF4Tensor (torchtune QLoRA): its linears save no "
         "input for backward.", "", adapters, HEADROOM_FLAG(features.torchaoNf4)),
    flag("quantized_lm_head", G::Features, "quantized-lm-head", R::Fact,
         "The output layer is quantised like the block linears (Lightning "
         "BitsandbytesPrecision).", "", quantized, HEADROOM_FLAG(features.quantizedLmHead)),
    flag("fp16_quant_state", G::Features, "fp16-quant-state", R::Fact,
         "4-bit weights quantised from fp16: each dequantised linear is cast to the compute "
         "dtype, two copies while it runs (Lightning BitsandbytesPrecision).", "", quantized,
         HEADROOM_FLAG(features.fp16QuantState)),
    flag("unexpanded_mqa_sdpa", G::Features, "unexpanded-mqa-sdpa", R::Fact,
         "Multi-query attention reaches SDPA with one K/V head: the math kernel saves the "
         "attention probabilities (lit-gpt 2023).", "", training,
         HEADROOM_FLAG(features.unexpandedMqaSdpa)),
    flag("gelu_new_ops", G::Features, "gelu-new-ops", R::Fact,
         "The model's gelu_new runs as transformers' NewGELUActivation ops under autocast "
         "(gpt2, phi): fp32 intermediates saved per FFN element.", "", training,
         HEADROOM_FLAG(features.geluNewOps)),
    flag("persistent_grad_buffer", G::Features, "persistent-grad-buffer", R::Fact,
         "Gradients live in one buffer allocated at wrap (Megatron-Core DDP): resident in "
         "every phase.", "", training, HEADROOM_FLAG(features.persistentGradBuffer)),
    flag("deepspeed_zero", G::Features, "deepspeed-zero", R::Fact,
         "ZeRO stages run DeepSpeed's optimizer: a contiguous gradient bucket of "
         "reduce_bucket_size elements; ZeRO-3 keeps its gradient partitions from the start.", "",
         zeroStage, HEADROOM_FLAG(features.deepspeedZero)),
    flag("mixed_frozen_units", G::Parallelism, "mixed-frozen-units", R::Fact,
         "FSDP1 use_orig_params units mixing frozen weights and LoRA adapters (gradients for "
         "the whole unit, as Lightning's block wrapping).", "", shardedAdapters,
         HEADROOM_FLAG(parallel.mixedFrozenUnits)),
    flag("no_sync_accumulation", G::Parallelism, "no-sync-accumulation", R::Fact,
         "Gradient accumulation under FSDP no_sync(): unsharded gradients.", "", sharded,
         HEADROOM_FLAG(parallel.noSyncAccumulation)),
    flag("loss_parallel", G::Parallelism, "loss-parallel", R::Fact,
         "TP > 1: the loss runs under torch loss_parallel() (torchtitan), DTensor's "
         "decomposed cross-entropy on the vocabulary shard.", "", withTp,
         HEADROOM_FLAG(parallel.lossParallel)),
    flag("sp_sharded_inputs", G::Parallelism, "sp-sharded-inputs", R::Fact,
         "Sequence parallelism saves the linears' sequence-sharded inputs and all-gathers them "
         "again in backward (Megatron-LM); off: DTensor SP saves them gathered.", "",
         sequenceParallelTp, HEADROOM_FLAG(parallel.spShardedInputs)),
};
// clang-format on

#undef HEADROOM_FLAG
#undef HEADROOM_GET
#undef HEADROOM_SET

} // namespace

std::string_view fieldGroupKey(FieldGroup g) {
    switch (g) {
    case FieldGroup::Workload:
        return "";
    case FieldGroup::Precision:
        return "precision";
    case FieldGroup::Lora:
        return "lora";
    case FieldGroup::Inference:
        return "inference";
    case FieldGroup::Rollout:
        return "rollout";
    case FieldGroup::Lengths:
        return "lengths";
    case FieldGroup::Features:
        return "features";
    case FieldGroup::Parallelism:
        return "parallelism";
    }
    return "";
}

std::string WorkloadField::path() const {
    const std::string_view g = fieldGroupKey(group);
    return g.empty() ? std::string(key) : std::string(g) + "." + std::string(key);
}

int64_t WorkloadField::value(const Workload& w) const {
    if (type == FieldType::Flag)
        return flag(const_cast<Workload&>(w)) ? 1 : 0; // read only
    return get(w);
}

int64_t WorkloadField::defaultValue() const {
    return value(Workload{});
}

std::span<const WorkloadField> workloadFields() {
    return kFields;
}

const WorkloadField* findWorkloadField(std::string_view key) {
    for (const WorkloadField& f : kFields)
        if (f.key == key || f.path() == key)
            return &f;
    return nullptr;
}

const WorkloadField* fieldOfRecordFeature(std::string_view feature) {
    if (feature.empty())
        return nullptr;
    for (const WorkloadField& f : kFields)
        if (f.recordFeature == feature)
            return &f;
    return nullptr;
}

std::string_view featureWithoutMemoryEffect(std::string_view feature) {
    // torchao Float8Linear casts input and weight to float8 inside the matmul but saves the
    // high-precision input and weight for backward (torchao/float8/float8_linear.py,
    // matmul_with_hp_or_float8_args.forward: ctx.save_for_backward(input_hp, weight_hp_t)),
    // so what a block keeps is what a bf16 linear keeps; the float8 copies of one linear's
    // operands are transients of a single matmul (1 B per element).
    if (feature == "float8")
        return "torchao Float8Linear saves its high-precision input and weight "
               "(float8_linear.py matmul_with_hp_or_float8_args): the saved activations are a "
               "bf16 linear's";
    return {};
}

} // namespace headroom
