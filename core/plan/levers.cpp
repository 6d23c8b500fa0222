// levers.cpp: the lever table and what each option does. See core/plan/levers.h.

#include "core/plan/levers.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace headroom {

namespace {

using O = LeverOption;
using L = Lever;
using A = PlaybookAction;
constexpr bool kPlanned = true;
constexpr bool kPlaybookOnly = false;

// The disruption table (docs/plan-search.md prints it; tst_plansearch checks that it does).
// Scores 0-3: throughput lost, convergence changed, engineering effort. Within one lever the
// options are listed in increasing cost, and a stronger option never costs less. The playbook
// rank is the seeds' order of least disruption (docs/playbook.md).
constexpr std::array<LeverRow, 30> kLevers{{
    {O::SequenceFitting, L::SequenceLength, "sequence_fitting", 0, 3, 0, 1, A::ShorterSequence,
     kPlaybookOnly,
     "Train on shorter sequences: the longest that fits (half when the run fits already). "
     "Longer samples are truncated or split, which changes what the model learns."},
    {O::ContextHalf, L::SequenceLength, "context_half", 0, 3, 0, 1, A::ShorterSequence,
     kPlaybookOnly,
     "Serve half the prompt and half the new tokens (inference): a different task for the "
     "users."},
    {O::MicroBatchFitting, L::MicroBatch, "micro_batch_fitting", 1, 0, 0, 2, A::SmallerMicroBatch,
     kPlaybookOnly,
     "The largest micro-batch that fits (half when the run fits already); gradient "
     "accumulation keeps the global batch. Smaller matmuls use the GPU less well."},
    {O::MicroBatchHalf, L::MicroBatch, "micro_batch_half", 1, 0, 0, 0, A::Combined, kPlanned,
     "Halve the micro-batch; gradient accumulation doubles, so the global batch and the "
     "optimisation are unchanged. Smaller matmuls use the GPU less well."},
    {O::MicroBatchOne, L::MicroBatch, "micro_batch_1", 2, 0, 0, 0, A::Combined, kPlanned,
     "Micro-batch 1 with the accumulation that keeps the global batch: the same optimisation, "
     "the lowest GPU utilisation."},
    {O::SamplesPerPromptHalf, L::Rollout, "samples_per_prompt_half", 1, 2, 0, 3,
     A::FewerSamplesPerPrompt, kPlaybookOnly,
     "Generate half the samples per prompt in RL rollouts (GRPO groups): fewer samples to "
     "compare, a noisier advantage estimate."},
    {O::CheckpointSelective, L::Checkpointing, "checkpointing_selective", 1, 0, 0, 4,
     A::MoreCheckpointing, kPlanned,
     "Recompute the attention internals in backward (Korthikanti et al. 2022): a few percent "
     "more compute, a config flag."},
    {O::CheckpointFull, L::Checkpointing, "checkpointing_full", 2, 0, 0, 4, A::MoreCheckpointing,
     kPlanned,
     "Save only each block's input and recompute the block in backward: about one more "
     "forward pass (~33 % more compute), a config flag."},
    {O::ChunkedLoss, L::ChunkedLoss, "chunked_loss", 0, 0, 1, 6, A::ChunkedCrossEntropy, kPlanned,
     "Compute the cross-entropy in chunks so the fp32 logits are never whole (torchtune "
     "CEWithChunkedOutputLoss, Liger fused linear cross-entropy): a loss swap."},
    {O::EfficientAttention, L::Attention, "efficient_attention", 0, 0, 1, 6, A::FlashAttention,
     kPlanned,
     "Replace eager attention by scaled_dot_product_attention (flash / memory-efficient "
     "kernels): faster and exact, but a model-code change."},
    {O::Optimizer8bit, L::Optimizer, "optimizer_8bit", 0, 1, 1, 5, A::LighterOptimizer, kPlanned,
     "bitsandbytes AdamW 8-bit: blockwise-quantised optimizer states (Dettmers et al. 2022); "
     "small numerical change, a new dependency."},
    {O::OptimizerAdafactor, L::Optimizer, "optimizer_adafactor", 0, 2, 1, 5, A::LighterOptimizer,
     kPlanned,
     "Adafactor: factored second moments and no first moment (Shazeer & Stern 2018); "
     "a different optimizer whose learning-rate schedule needs retuning."},
    {O::Zero1, L::Sharding, "zero1", 0, 0, 1, 9, A::MoreSharding, kPlanned,
     "ZeRO-1: shard optimizer states over the data-parallel GPUs; same communication as DDP."},
    {O::Zero2, L::Sharding, "zero2", 1, 0, 1, 9, A::MoreSharding, kPlanned,
     "ZeRO-2 / FSDP SHARD_GRAD_OP: also shard gradients (reduce-scatter instead of "
     "all-reduce)."},
    {O::Zero3, L::Sharding, "zero3", 2, 0, 1, 9, A::MoreSharding, kPlanned,
     "ZeRO-3 / FSDP FULL_SHARD: also shard parameters; every layer is all-gathered in forward "
     "and backward (1.5x DDP's traffic)."},
    {O::Tp2, L::TensorParallel, "tp_x2", 2, 0, 2, 0, A::Combined, kPlanned,
     "Tensor parallelism x2 on the same GPUs (DP halves; accumulation keeps the global "
     "batch): all-reduces inside every block, and a model that supports TP (Megatron, "
     "torchtitan, DTensor)."},
    {O::Tp4, L::TensorParallel, "tp_x4", 3, 0, 2, 0, A::Combined, kPlanned,
     "Tensor parallelism x4 on the same GPUs: more communication per block."},
    {O::Tp8, L::TensorParallel, "tp_x8", 3, 0, 3, 0, A::Combined, kPlanned,
     "Tensor parallelism x8 on the same GPUs: a whole NVLink node per replica."},
    {O::SequenceParallel, L::SequenceParallel, "sequence_parallel", 0, 0, 1, 0, A::Combined,
     kPlanned,
     "Megatron sequence parallelism with TP: norm and dropout activations split over the TP "
     "group; same traffic as TP (all-gather + reduce-scatter). Needs TP > 1."},
    {O::Pp2, L::PipelineParallel, "pp_x2", 2, 0, 3, 0, A::Combined, kPlanned,
     "Pipeline parallelism x2 on the same GPUs (DP halves): a pipeline bubble and a "
     "stage-split model."},
    {O::Pp4, L::PipelineParallel, "pp_x4", 3, 0, 3, 0, A::Combined, kPlanned,
     "Pipeline parallelism x4 on the same GPUs: a larger bubble unless accumulation is "
     "large."},
    {O::Lora, L::Finetune, "lora", 0, 2, 1, 7, A::SwitchToLora, kPlanned,
     "Train LoRA adapters (rank 16, all linear layers) instead of every weight: a different "
     "method with its own convergence (Hu et al. 2021)."},
    {O::Qlora, L::Finetune, "qlora", 1, 1, 1, 8, A::SwitchToQlora, kPlanned,
     "QLoRA: keep the frozen base in NF4 with double quantisation (Dettmers et al. 2023); "
     "dequantisation costs speed, the 4-bit base costs a little quality. From full "
     "fine-tuning it costs LoRA's cost on top."},
    {O::OffloadOptimizer, L::Offload, "offload_optimizer", 3, 0, 1, 0, A::Combined, kPlanned,
     "Optimizer states and the step in host memory (DeepSpeed ZeRO-Offload, FSDP "
     "CPUOffload): PCIe traffic and a CPU optimizer step every iteration."},
    {O::OffloadParams, L::Offload, "offload_params", 3, 0, 2, 0, A::Combined, kPlanned,
     "Parameters in host memory as well (ZeRO-Infinity, FSDP offload_params; needs ZeRO-3 / "
     "FSDP full shard): every layer crosses PCIe twice a step."},
    {O::MoreGpusFullShard, L::GpuCount, "more_gpus", 1, 0, 1, 10, A::MoreGpus, kPlaybookOnly,
     "Spread the run over more GPUs with FSDP full shard / ZeRO-3 (the fewest doublings of the "
     "data-parallel GPUs that fit; accumulation keeps the global batch): more hardware and "
     "more traffic."},
    {O::WeightsFp8, L::WeightDtype, "weights_fp8", 0, 1, 1, 4, A::QuantizeWeights, kPlanned,
     "Serve fp8 weights (inference): a quantised checkpoint, a small accuracy change."},
    {O::WeightsInt8, L::WeightDtype, "weights_int8", 1, 1, 1, 4, A::QuantizeWeights, kPlanned,
     "Serve 8-bit integer weights (LLM.int8, GPTQ / AWQ int8, inference): slower matmuls, a "
     "small accuracy change."},
    {O::WeightsInt4, L::WeightDtype, "weights_int4", 0, 2, 1, 4, A::QuantizeWeights, kPlanned,
     "Serve 4-bit weights (GPTQ / AWQ, inference): a larger accuracy change."},
    {O::KvCacheFp8, L::KvCacheDtype, "kv_cache_fp8", 0, 1, 0, 4, A::QuantizeKvCache, kPlanned,
     "Store the KV cache in fp8 (vLLM kv_cache_dtype=fp8, inference): a config flag."},
}};

bool lighterOptimizerOffered(const Workload& b) {
    return b.mode == Mode::Training &&
           (b.optimizer == Optimizer::AdamW || b.optimizer == Optimizer::Adam ||
            b.optimizer == Optimizer::PagedAdamW);
}

/// isOffered() for the options that reshape the run's batch, sequence or GPUs.
bool batchOffered(LeverOption o, const Workload& b) {
    const bool train = b.mode == Mode::Training;
    switch (o) {
    case O::SequenceFitting:
        return train && b.sequenceLength > 128;
    case O::ContextHalf:
        return !train && b.inference.promptTokens + b.inference.newTokens > 256;
    case O::MicroBatchFitting:
    case O::MicroBatchOne:
        return b.microBatch > 1;
    case O::MicroBatchHalf:
        return b.microBatch / 2 > 1;
    case O::SamplesPerPromptHalf:
        return train && b.rollout.enabled && b.rollout.samplesPerPrompt > 1;
    case O::MoreGpusFullShard:
        return train;
    default:
        return false;
    }
}

/// isOffered() for the parallel layouts on the same GPUs.
bool layoutOffered(LeverOption o, const ModelArch& m, const Workload& b) {
    const bool train = b.mode == Mode::Training;
    const Parallelism& p = b.parallel;
    switch (o) {
    case O::Zero1:
        return train && p.dpCp() > 1 && p.sharding == Sharding::None;
    case O::Zero2:
        return train && p.dpCp() > 1 &&
               (p.sharding == Sharding::None || p.sharding == Sharding::Zero1);
    case O::Zero3:
        return train && p.dpCp() > 1 &&
               (p.sharding == Sharding::None || p.sharding == Sharding::Zero1 ||
                p.sharding == Sharding::Zero2 || p.sharding == Sharding::FsdpGradOp);
    case O::Tp2:
    case O::Tp4:
    case O::Tp8: {
        const int tp = p.tp * layoutFactor(o);
        return p.dp % layoutFactor(o) == 0 && tp <= 8 && m.numHeads % tp == 0 &&
               (m.numKvHeads <= tp || m.numKvHeads % tp == 0);
    }
    case O::SequenceParallel:
        return train && !p.sequenceParallel;
    case O::Pp2:
    case O::Pp4:
        return train && p.dp % layoutFactor(o) == 0 && p.pp * layoutFactor(o) <= m.numLayers;
    case O::OffloadOptimizer:
        return train && !p.offloadOptimizer;
    case O::OffloadParams:
        return train && !p.offloadParams;
    default:
        return false;
    }
}

/// applyOption() for the options that reshape the run's batch, sequence or GPUs.
void applyBatchOption(const Workload& base, Workload& w, LeverOption o) {
    switch (o) {
    case O::SequenceFitting: {
        const int64_t s = base.sequenceLength / 2;
        w.sequenceLength = s >= 256 ? s / 128 * 128 : s;
        break;
    }
    case O::ContextHalf:
        w.inference.newTokens = base.inference.newTokens / 2;
        w.inference.promptTokens = base.inference.promptTokens / 2;
        break;
    case O::MicroBatchFitting:
    case O::MicroBatchHalf:
        w.microBatch = std::max<int64_t>(1, base.microBatch / 2);
        break;
    case O::MicroBatchOne:
        w.microBatch = 1;
        break;
    case O::SamplesPerPromptHalf:
        w.rollout.samplesPerPrompt = base.rollout.samplesPerPrompt / 2;
        break;
    case O::MoreGpusFullShard: {
        Parallelism& p = w.parallel;
        p.dp = p.dp <= (1 << 29) ? p.dp * 2 : p.dp; // DP is bounded by validateWorkload
        if (p.sharding == Sharding::None || p.sharding == Sharding::Zero1 ||
            p.sharding == Sharding::Zero2 || p.sharding == Sharding::FsdpGradOp)
            p.sharding = Sharding::FsdpFullShard;
        break;
    }
    default:
        break;
    }
}

/// applyOption() for the parallel layouts on the same GPUs.
void applyLayoutOption(const Workload& base, Workload& w, LeverOption o) {
    Parallelism& p = w.parallel;
    switch (o) {
    case O::Zero1:
        p.sharding = Sharding::Zero1;
        break;
    case O::Zero2:
        p.sharding = Sharding::Zero2;
        break;
    case O::Zero3:
        p.sharding = base.parallel.sharding == Sharding::FsdpGradOp ? Sharding::FsdpFullShard
                                                                    : Sharding::Zero3;
        break;
    case O::Tp2:
    case O::Tp4:
    case O::Tp8:
        p.tp = base.parallel.tp * layoutFactor(o);
        p.dp /= layoutFactor(o);
        break;
    case O::SequenceParallel:
        p.sequenceParallel = true;
        break;
    case O::Pp2:
    case O::Pp4:
        p.pp = base.parallel.pp * layoutFactor(o);
        p.dp /= layoutFactor(o);
        break;
    case O::OffloadOptimizer:
        p.offloadOptimizer = true;
        break;
    case O::OffloadParams:
        p.offloadOptimizer = true;
        p.offloadParams = true;
        break;
    default:
        break;
    }
}

/// applyOption() for the method, kernels and dtypes.
void applyMethodOption(const Workload& base, Workload& w, LeverOption o) {
    switch (o) {
    case O::CheckpointSelective:
        w.checkpointing = Checkpointing::Selective;
        break;
    case O::CheckpointFull:
        w.checkpointing = Checkpointing::Full;
        break;
    case O::ChunkedLoss:
        w.features.chunkedCrossEntropy = true;
        break;
    case O::EfficientAttention:
        w.attention = AttentionImpl::SDPA;
        break;
    case O::Optimizer8bit:
        w.optimizer = Optimizer::AdamW8bit;
        break;
    case O::OptimizerAdafactor:
        w.optimizer = Optimizer::Adafactor;
        break;
    case O::Lora:
        w.finetune = Finetune::LoRA;
        w.lora.rank = 16;
        w.lora.targets = kLoraAllLinear;
        if (w.precision.weights == DType::FP32)
            w.precision.weights = DType::BF16;
        break;
    case O::Qlora:
        if (base.finetune == Finetune::Full) {
            w.lora.rank = 16;
            w.lora.targets = kLoraAllLinear;
        }
        w.finetune = Finetune::QLoRA;
        w.precision.weights = DType::NF4DoubleQuant;
        w.precision.checkpointWeights = false;
        break;
    case O::WeightsFp8:
    case O::WeightsInt8:
    case O::WeightsInt4:
        w.precision.weights = o == O::WeightsFp8    ? DType::FP8
                              : o == O::WeightsInt8 ? DType::INT8
                                                    : DType::INT4;
        w.precision.checkpointWeights = false;
        break;
    case O::KvCacheFp8:
        w.precision.kvCache = DType::FP8;
        break;
    default:
        break;
    }
}

} // namespace

std::span<const LeverRow> leverTable() {
    return kLevers;
}

const LeverRow& leverRow(LeverOption o) {
    for (const LeverRow& r : kLevers)
        if (r.option == o)
            return r;
    return kLevers.front(); // unreachable: every option has a row (tst_plansearch)
}

int layoutFactor(LeverOption o) {
    switch (o) {
    case O::Tp2:
    case O::Pp2:
        return 2;
    case O::Tp4:
    case O::Pp4:
        return 4;
    case O::Tp8:
        return 8;
    default:
        return 1;
    }
}

bool isOffered(LeverOption o, const ModelArch& m, const Workload& b) {
    const bool train = b.mode == Mode::Training;
    switch (o) {
    case O::CheckpointSelective:
        return train &&
               (b.checkpointing == Checkpointing::None || b.checkpointing == Checkpointing::FirstN);
    case O::CheckpointFull:
        return train && b.checkpointing != Checkpointing::Full;
    case O::ChunkedLoss:
        return train && !b.features.chunkedCrossEntropy;
    case O::EfficientAttention:
        return b.attention == AttentionImpl::Eager;
    case O::Optimizer8bit:
    case O::OptimizerAdafactor:
        return lighterOptimizerOffered(b);
    case O::Lora:
        return train && b.finetune == Finetune::Full;
    case O::Qlora:
        return train && b.finetune != Finetune::QLoRA;
    case O::WeightsFp8:
    case O::WeightsInt8:
        return !train && bytesPerElement(b.precision.weights) > 1.0;
    case O::WeightsInt4:
        return !train && bytesPerElement(b.precision.weights) > 0.5;
    case O::KvCacheFp8:
        return !train && bytesPerElement(b.precision.kvCache) > 1.0;
    default:
        return batchOffered(o, b) || layoutOffered(o, m, b);
    }
}

bool prerequisitesHold(LeverOption o, const Workload& w) {
    switch (o) {
    case O::Zero1:
    case O::Zero2:
    case O::Zero3:
        return w.parallel.dpCp() > 1;
    case O::SequenceParallel:
        return w.parallel.tp > 1;
    case O::OffloadParams:
        return shardsParams(w.parallel.sharding);
    default:
        return true;
    }
}

int stepCost(LeverOption o, const Workload& base) {
    int c = leverRow(o).cost();
    if (o == O::Qlora && base.finetune == Finetune::Full)
        c += leverRow(O::Lora).cost();
    return c;
}

Workload applyOption(const Workload& base, Workload w, LeverOption o, int64_t globalBatch) {
    applyBatchOption(base, w, o);
    applyLayoutOption(base, w, o);
    applyMethodOption(base, w, o);
    keepGlobalBatch(w, globalBatch);
    return w;
}

void keepGlobalBatch(Workload& w, int64_t globalBatch) {
    const Parallelism& p = w.parallel;
    if (w.mode == Mode::Training && globalBatch > 0 && p.dp >= 1 && w.microBatch >= 1) {
        const int64_t perStep = w.microBatch * p.dp; // both bounded by validated limits
        w.gradAccumulation = std::max<int64_t>(1, (globalBatch + perStep - 1) / perStep);
    }
}

int64_t playbookValue(PlaybookAction a, const Workload& c) {
    switch (a) {
    case A::ShorterSequence:
        return c.mode == Mode::Training ? c.sequenceLength
                                        : c.inference.promptTokens + c.inference.newTokens;
    case A::SmallerMicroBatch:
        return c.microBatch;
    case A::MoreCheckpointing:
        return static_cast<int64_t>(c.checkpointing);
    case A::LighterOptimizer:
        return static_cast<int64_t>(c.optimizer);
    case A::SwitchToLora:
    case A::SwitchToQlora:
        return c.lora.rank;
    case A::MoreSharding:
        return static_cast<int64_t>(c.parallel.sharding);
    case A::MoreGpus:
        return c.parallel.gpus();
    case A::FlashAttention:
        return static_cast<int64_t>(c.attention);
    case A::ChunkedCrossEntropy:
        return 1;
    case A::QuantizeWeights:
        return static_cast<int64_t>(c.precision.weights);
    case A::QuantizeKvCache:
        return static_cast<int64_t>(c.precision.kvCache);
    case A::FewerSamplesPerPrompt:
        return c.rollout.samplesPerPrompt;
    case A::Combined:
        return 0;
    }
    return 0;
}

std::string_view playbookActionKey(PlaybookAction a) {
    switch (a) {
    case A::ShorterSequence:
        return "shorter_sequence";
    case A::SmallerMicroBatch:
        return "smaller_micro_batch";
    case A::MoreCheckpointing:
        return "more_checkpointing";
    case A::LighterOptimizer:
        return "lighter_optimizer";
    case A::SwitchToLora:
        return "switch_to_lora";
    case A::SwitchToQlora:
        return "switch_to_qlora";
    case A::MoreSharding:
        return "more_sharding";
    case A::MoreGpus:
        return "more_gpus";
    case A::FlashAttention:
        return "flash_attention";
    case A::ChunkedCrossEntropy:
        return "chunked_cross_entropy";
    case A::QuantizeWeights:
        return "quantize_weights";
    case A::QuantizeKvCache:
        return "quantize_kv_cache";
    case A::FewerSamplesPerPrompt:
        return "fewer_samples_per_prompt";
    case A::Combined:
        return "combined";
    }
    return "unknown";
}

std::string describeStep(LeverOption o, const Workload& a) {
    char buf[160];
    const auto ll = [](int64_t v) { return static_cast<long long>(v); };
    switch (o) {
    case O::SequenceFitting:
        return "cut sequence length to " + std::to_string(a.sequenceLength);
    case O::ContextHalf:
        std::snprintf(buf, sizeof buf, "prompt %lld + %lld new tokens",
                      ll(a.inference.promptTokens), ll(a.inference.newTokens));
        return buf;
    case O::MicroBatchFitting:
    case O::MicroBatchHalf:
    case O::MicroBatchOne:
        if (a.mode == Mode::Inference)
            std::snprintf(buf, sizeof buf, "concurrent sequences: %lld", ll(a.microBatch));
        else
            std::snprintf(buf, sizeof buf, "micro-batch %lld, gradient accumulation %lld",
                          ll(a.microBatch), ll(a.gradAccumulation));
        return buf;
    case O::SamplesPerPromptHalf:
        return "samples per prompt " + std::to_string(a.rollout.samplesPerPrompt);
    case O::CheckpointSelective:
    case O::CheckpointFull:
        return "activation checkpointing: " + std::string(checkpointingKey(a.checkpointing));
    case O::ChunkedLoss:
        return "chunked cross-entropy";
    case O::EfficientAttention:
        return "attention: " + std::string(attentionKey(a.attention));
    case O::Optimizer8bit:
    case O::OptimizerAdafactor:
        return "optimizer: " + std::string(optimizerKey(a.optimizer));
    case O::Zero1:
    case O::Zero2:
    case O::Zero3:
        return "sharding: " + std::string(shardingKey(a.parallel.sharding));
    case O::Tp2:
    case O::Tp4:
    case O::Tp8:
    case O::Pp2:
    case O::Pp4: {
        const bool pp = o == O::Pp2 || o == O::Pp4;
        std::snprintf(buf, sizeof buf, "%s %d on the same GPUs (DP %d), gradient accumulation %lld",
                      pp ? "PP" : "TP", pp ? a.parallel.pp : a.parallel.tp, a.parallel.dp,
                      ll(a.gradAccumulation));
        return buf;
    }
    case O::SequenceParallel:
        return "sequence parallelism";
    case O::Lora:
        return "LoRA rank " + std::to_string(a.lora.rank) + " on all linear layers";
    case O::Qlora:
        return "QLoRA (NF4 base) rank " + std::to_string(a.lora.rank);
    case O::OffloadOptimizer:
        return "optimizer states offloaded to CPU";
    case O::OffloadParams:
        return "optimizer states and parameters offloaded to CPU";
    case O::MoreGpusFullShard:
        return std::string(a.parallel.sharding == Sharding::Zero3 ? "ZeRO-3" : "FSDP full shard") +
               " over " + std::to_string(a.parallel.gpus()) + " GPUs";
    case O::WeightsFp8:
    case O::WeightsInt8:
    case O::WeightsInt4:
        return "weights in " + std::string(dtypeKey(a.precision.weights));
    case O::KvCacheFp8:
        return "KV cache in " + std::string(dtypeKey(a.precision.kvCache));
    }
    return {};
}

} // namespace headroom
