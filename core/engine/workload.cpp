#include "core/engine/workload.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <utility>

namespace headroom {

namespace {
template <class E, std::size_t N>
std::string_view keyOf(const std::array<std::pair<E, std::string_view>, N>& table, E v) {
    for (const auto& [e, k] : table)
        if (e == v)
            return k;
    return "unknown";
}
template <class E, std::size_t N>
std::optional<E> parseKey(const std::array<std::pair<E, std::string_view>, N>& table,
                          std::string_view s) {
    std::string lower(s);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) {
        return ch == '-' ? '_' : static_cast<char>(std::tolower(ch));
    });
    for (const auto& [e, k] : table)
        if (k == lower)
            return e;
    return std::nullopt;
}

constexpr std::array kLoadRecipes{
    std::pair{LoadRecipe::InPlace, std::string_view("in_place")},
    std::pair{LoadRecipe::TorchaoNf4, std::string_view("torchao_nf4")},
    std::pair{LoadRecipe::TorchaoNf4Unchunked, std::string_view("torchao_nf4_unchunked")},
    std::pair{LoadRecipe::Fsdp1SyncModuleStates, std::string_view("fsdp1_sync_module_states")}};
constexpr std::array kDataLengths{std::pair{DataLengths::Framework, std::string_view("framework")},
                                  std::pair{DataLengths::Fixed, std::string_view("fixed")},
                                  std::pair{DataLengths::Packed, std::string_view("packed")},
                                  std::pair{DataLengths::Real, std::string_view("real")}};
constexpr std::array kModes{std::pair{Mode::Inference, std::string_view("inference")},
                            std::pair{Mode::Training, std::string_view("training")}};
constexpr std::array kServingEngines{std::pair{ServingEngine::Vllm, std::string_view("vllm")},
                                     std::pair{ServingEngine::Sglang, std::string_view("sglang")},
                                     std::pair{ServingEngine::TrtLlm, std::string_view("trtllm")}};
constexpr std::array kFinetunes{std::pair{Finetune::Full, std::string_view("full")},
                                std::pair{Finetune::LoRA, std::string_view("lora")},
                                std::pair{Finetune::QLoRA, std::string_view("qlora")}};
constexpr std::array kOptimizers{
    std::pair{Optimizer::AdamW, std::string_view("adamw")},
    std::pair{Optimizer::Adam, std::string_view("adam")},
    std::pair{Optimizer::SGD, std::string_view("sgd")},
    std::pair{Optimizer::SGDMomentum, std::string_view("sgd_momentum")},
    std::pair{Optimizer::Adafactor, std::string_view("adafactor")},
    std::pair{Optimizer::AdamW8bit, std::string_view("adamw_8bit")},
    std::pair{Optimizer::PagedAdamW, std::string_view("paged_adamw")},
    std::pair{Optimizer::PagedAdamW8bit, std::string_view("paged_adamw_8bit")},
    std::pair{Optimizer::Lion, std::string_view("lion")}};
constexpr std::array kCheckpointing{
    std::pair{Checkpointing::None, std::string_view("none")},
    std::pair{Checkpointing::Full, std::string_view("full")},
    std::pair{Checkpointing::Selective, std::string_view("selective")},
    std::pair{Checkpointing::FirstN, std::string_view("first_n")}};
constexpr std::array kAttention{std::pair{AttentionImpl::Eager, std::string_view("eager")},
                                std::pair{AttentionImpl::SDPA, std::string_view("sdpa")},
                                std::pair{AttentionImpl::Flash, std::string_view("flash")},
                                std::pair{AttentionImpl::Flex, std::string_view("flex")}};
constexpr std::array kPrecisionPresetKeys{
    std::pair{PrecisionPreset::Custom, std::string_view("custom")},
    std::pair{PrecisionPreset::PytorchAmp, std::string_view("pytorch_amp")},
    std::pair{PrecisionPreset::PureBf16, std::string_view("pure_bf16")},
    std::pair{PrecisionPreset::Fsdp2Mixed, std::string_view("fsdp2_mixed")},
    std::pair{PrecisionPreset::DeepSpeedZero, std::string_view("deepspeed_zero")},
    std::pair{PrecisionPreset::Megatron, std::string_view("megatron")},
    std::pair{PrecisionPreset::BitsandbytesQlora, std::string_view("bnb_qlora")}};
constexpr std::array kShardings{
    std::pair{Sharding::None, std::string_view("none")},
    std::pair{Sharding::Zero1, std::string_view("zero1")},
    std::pair{Sharding::Zero2, std::string_view("zero2")},
    std::pair{Sharding::Zero3, std::string_view("zero3")},
    std::pair{Sharding::FsdpFullShard, std::string_view("fsdp_full_shard")},
    std::pair{Sharding::FsdpGradOp, std::string_view("fsdp_shard_grad_op")},
    std::pair{Sharding::Hsdp, std::string_view("hsdp")}};
constexpr std::array kSchedules{
    std::pair{PipelineSchedule::GPipe, std::string_view("gpipe")},
    std::pair{PipelineSchedule::OneFOneB, std::string_view("1f1b")},
    std::pair{PipelineSchedule::Interleaved, std::string_view("interleaved_1f1b")}};
} // namespace

std::string_view modeKey(Mode v) {
    return keyOf(kModes, v);
}
std::string_view finetuneKey(Finetune v) {
    return keyOf(kFinetunes, v);
}
std::string_view optimizerKey(Optimizer v) {
    return keyOf(kOptimizers, v);
}
std::string_view checkpointingKey(Checkpointing v) {
    return keyOf(kCheckpointing, v);
}
std::string_view attentionKey(AttentionImpl v) {
    return keyOf(kAttention, v);
}
std::string_view precisionPresetKey(PrecisionPreset v) {
    return keyOf(kPrecisionPresetKeys, v);
}
std::string_view shardingKey(Sharding v) {
    return keyOf(kShardings, v);
}
std::string_view scheduleKey(PipelineSchedule v) {
    return keyOf(kSchedules, v);
}
std::string_view loadRecipeKey(LoadRecipe v) {
    return keyOf(kLoadRecipes, v);
}
std::optional<LoadRecipe> parseLoadRecipe(std::string_view s) {
    return parseKey(kLoadRecipes, s);
}
std::string_view dataLengthsKey(DataLengths v) {
    return keyOf(kDataLengths, v);
}
std::optional<DataLengths> parseDataLengths(std::string_view s) {
    return parseKey(kDataLengths, s);
}
std::string_view servingEngineKey(ServingEngine v) {
    return keyOf(kServingEngines, v);
}
std::optional<ServingEngine> parseServingEngine(std::string_view s) {
    return parseKey(kServingEngines, s);
}
std::optional<Mode> parseMode(std::string_view s) {
    return parseKey(kModes, s);
}
std::optional<Finetune> parseFinetune(std::string_view s) {
    return parseKey(kFinetunes, s);
}
std::optional<Optimizer> parseOptimizer(std::string_view s) {
    return parseKey(kOptimizers, s);
}
std::optional<Checkpointing> parseCheckpointing(std::string_view s) {
    return parseKey(kCheckpointing, s);
}
std::optional<AttentionImpl> parseAttention(std::string_view s) {
    return parseKey(kAttention, s);
}
std::optional<PrecisionPreset> parsePrecisionPreset(std::string_view s) {
    return parseKey(kPrecisionPresetKeys, s);
}
std::optional<Sharding> parseSharding(std::string_view s) {
    return parseKey(kShardings, s);
}
std::optional<PipelineSchedule> parseSchedule(std::string_view s) {
    return parseKey(kSchedules, s);
}
std::optional<LoraTarget> parseLoraTarget(std::string_view s) {
    static constexpr std::pair<std::string_view, LoraTarget> kNames[] = {
        {"q_proj", LoraTarget::Q},       {"k_proj", LoraTarget::K},
        {"v_proj", LoraTarget::V},       {"o_proj", LoraTarget::O},
        {"gate_proj", LoraTarget::Gate}, {"up_proj", LoraTarget::Up},
        {"down_proj", LoraTarget::Down}, {"lm_head", LoraTarget::LmHead}};
    for (const auto& [name, t] : kNames)
        if (name == s)
            return t;
    return std::nullopt;
}

int64_t inferenceContext(const Workload& w) {
    return w.inference.promptTokens + (w.inference.prefillOnly ? 0 : w.inference.newTokens);
}

void setInferenceContext(Workload& w, int64_t context) {
    context = std::max<int64_t>(1, context);
    w.sequenceLength = context;
    if (w.inference.prefillOnly) {
        w.inference.promptTokens = context;
        return;
    }
    w.inference.newTokens = std::clamp<int64_t>(w.inference.newTokens, 0, context - 1);
    w.inference.promptTokens = context - w.inference.newTokens;
}

void setGeneratedTokens(Workload& w, int64_t n) {
    w.inference.newTokens = std::max<int64_t>(0, n);
    if (w.inference.prefillOnly)
        return;
    setInferenceContext(w, std::max(w.sequenceLength, w.inference.newTokens + 1));
}

std::optional<Error> applyInferenceTokens(Workload& w, std::optional<int64_t> context,
                                          std::optional<int64_t> prompt,
                                          std::optional<int64_t> fresh) {
    Workload c = w;
    if (prompt)
        c.inference.promptTokens = *prompt;
    if (fresh)
        c.inference.newTokens = *fresh;
    if (!context) {
        c.sequenceLength = inferenceContext(c);
        w = c;
        return std::nullopt;
    }
    const std::string seq = "sequence_length " + std::to_string(*context);
    if (prompt && (fresh || c.inference.prefillOnly)) { // every count given: they must agree
        if (inferenceContext(c) != *context)
            return Error{ErrorCode::FieldOutOfRange, "inference.prompt_tokens",
                         seq + " is the context, but prompt " + std::to_string(*prompt) +
                             (c.inference.prefillOnly ? " (prefill only)"
                                                      : " + new " + std::to_string(*fresh)) +
                             " = " + std::to_string(inferenceContext(c))};
        c.sequenceLength = *context;
    } else if (prompt) { // the generated tokens are the rest of the context
        if (*prompt > *context)
            return Error{ErrorCode::FieldOutOfRange, "inference.prompt_tokens",
                         seq + " is the context; the prompt (" + std::to_string(*prompt) +
                             ") must not exceed it"};
        c.sequenceLength = *context;
        c.inference.newTokens = *context - *prompt;
    } else {
        if (fresh && !c.inference.prefillOnly && *fresh >= *context)
            return Error{ErrorCode::FieldOutOfRange, "inference.new_tokens",
                         seq + " is the context; the generated tokens (" + std::to_string(*fresh) +
                             ") leave no prompt token"};
        setInferenceContext(c, *context);
    }
    w = c;
    return std::nullopt;
}

void applyPrecisionPreset(Workload& w, PrecisionPreset f) {
    w.precisionPreset = f;
    Precision& p = w.precision;
    switch (f) {
    case PrecisionPreset::Custom:
        return;
    case PrecisionPreset::PytorchAmp:
        // transformers Trainer with bf16=True: model kept in fp32, autocast to bf16;
        // torch AdamW states follow the fp32 params (transformers/trainer.py, torch.amp).
        p.weights = DType::FP32;
        p.compute = DType::BF16;
        p.grads = DType::FP32;
        p.masterWeights = false; // the fp32 weights are the master copy
        p.optimizerStates = DType::FP32;
        p.adapters = DType::FP32;
        break;
    case PrecisionPreset::PureBf16:
        // torchtune dtype=bf16, litgpt precision=bf16-true: everything bf16, torch AdamW
        // keeps exp_avg/exp_avg_sq in the param dtype (torch/optim/adamw.py).
        p.weights = DType::BF16;
        p.compute = DType::BF16;
        p.grads = DType::BF16;
        p.masterWeights = false;
        p.optimizerStates = DType::BF16;
        p.adapters = DType::BF16;
        break;
    case PrecisionPreset::Fsdp2Mixed:
        // torchtitan: MixedPrecisionPolicy(param_dtype=bf16, reduce_dtype=fp32); sharded
        // params, grads and AdamW states in fp32 (torchtitan/parallelisms/parallelize_llama.py)
        p.weights = DType::FP32;
        p.compute = DType::BF16;
        p.grads = DType::FP32;
        p.masterWeights = false;
        p.optimizerStates = DType::FP32;
        p.adapters = DType::FP32;
        if (w.parallel.sharding == Sharding::None)
            w.parallel.sharding = Sharding::FsdpFullShard;
        break;
    case PrecisionPreset::DeepSpeedZero:
        // DeepSpeed bf16/fp16: 2 (weights) + 2 (grads) + 12 (fp32 master + Adam m, v)
        // bytes per parameter, sharded by ZeRO stage (deepspeed/runtime/zero/stage_1_and_2.py)
        p.weights = DType::BF16;
        p.compute = DType::BF16;
        p.grads = DType::BF16;
        p.masterWeights = true;
        p.optimizerStates = DType::FP32;
        p.adapters = DType::BF16;
        break;
    case PrecisionPreset::Megatron:
        // Megatron-LM bf16 with --use-distributed-optimizer: bf16 params, fp32 main grads
        // (4 B), fp32 master + Adam states (12 B) sharded over DP
        // (megatron/core/optimizer/distrib_optimizer.py: 18 B/param baseline).
        p.weights = DType::BF16;
        p.compute = DType::BF16;
        p.grads = DType::FP32;
        p.masterWeights = true;
        p.optimizerStates = DType::FP32;
        p.adapters = DType::BF16;
        if (w.parallel.sharding == Sharding::None)
            w.parallel.sharding = Sharding::Zero1;
        break;
    case PrecisionPreset::BitsandbytesQlora:
        // QLoRA (Dettmers et al. 2023): NF4 + double quant base, bf16 compute and LoRA,
        // paged AdamW with fp32 states (bitsandbytes PagedAdamW32bit).
        p.weights = DType::NF4DoubleQuant;
        p.compute = DType::BF16;
        p.grads = DType::BF16;
        p.masterWeights = false;
        p.optimizerStates = DType::FP32;
        p.adapters = DType::BF16;
        w.finetune = Finetune::QLoRA;
        w.optimizer = Optimizer::PagedAdamW;
        break;
    }
}

bool shardsOptimizer(Sharding s) {
    return s != Sharding::None;
}

bool shardsGradients(Sharding s) {
    return s == Sharding::Zero2 || s == Sharding::Zero3 || s == Sharding::FsdpFullShard ||
           s == Sharding::FsdpGradOp || s == Sharding::Hsdp;
}

bool shardsParams(Sharding s) {
    return s == Sharding::Zero3 || s == Sharding::FsdpFullShard || s == Sharding::Hsdp;
}

bool isZeroStage(Sharding s) {
    return s == Sharding::Zero1 || s == Sharding::Zero2 || s == Sharding::Zero3;
}

bool hasDeepspeedBucket(const Workload& w) {
    return w.features.deepspeedZero && isZeroStage(w.parallel.sharding);
}

bool decomposedLossParallel(const Features& f, const Parallelism& p) {
    return p.lossParallel && p.tp > 1 && !f.chunkedCrossEntropy && !f.compiledLoss();
}

double shardDegree(const Parallelism& p) {
    if (p.sharding == Sharding::Hsdp && p.shardGroup > 0)
        return static_cast<double>(std::min<int64_t>(p.shardGroup, p.dpCp()));
    return static_cast<double>(p.dpCp());
}

} // namespace headroom
