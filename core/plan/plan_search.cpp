#include "core/plan/plan_search.h"
#include "core/engine/reserve/replay_cache.h"
#include "core/plan/calibration.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <queue>
#include <tuple>
#include <unordered_set>

namespace headroom {

namespace {

using O = LeverOption;

/// Bytes the fits verdict counts on the worst rank with this GPU (capacity - headroom: the
/// nvidia-smi total less pageable optimizer states and the releasable cache, Estimate::fits),
/// the measure of the playbook's savings and new totals.
double counted(const Estimate& e) {
    return e.capacity - e.headroom;
}
using L = Lever;

// The disruption table (docs/plan-search.md prints it; tst_plansearch checks that it does).
// Scores 0-3: throughput lost, convergence changed, engineering effort. Within one lever the
// options are listed in increasing cost, and a stronger option never costs less.
constexpr std::array<LeverRow, 23> kLevers{{
    {O::MicroBatchHalf, L::MicroBatch, "micro_batch_half", 1, 0, 0,
     "Halve the micro-batch; gradient accumulation doubles, so the global batch and the "
     "optimisation are unchanged. Smaller matmuls use the GPU less well."},
    {O::MicroBatchOne, L::MicroBatch, "micro_batch_1", 2, 0, 0,
     "Micro-batch 1 with the accumulation that keeps the global batch: the same optimisation, "
     "the lowest GPU utilisation."},
    {O::CheckpointSelective, L::Checkpointing, "checkpointing_selective", 1, 0, 0,
     "Recompute the attention internals in backward (Korthikanti et al. 2022): a few percent "
     "more compute, a config flag."},
    {O::CheckpointFull, L::Checkpointing, "checkpointing_full", 2, 0, 0,
     "Save only each block's input and recompute the block in backward: about one more "
     "forward pass (~33 % more compute), a config flag."},
    {O::ChunkedLoss, L::ChunkedLoss, "chunked_loss", 0, 0, 1,
     "Compute the cross-entropy in chunks so the fp32 logits are never whole (torchtune "
     "CEWithChunkedOutputLoss, Liger fused linear cross-entropy): a loss swap."},
    {O::EfficientAttention, L::Attention, "efficient_attention", 0, 0, 1,
     "Replace eager attention by scaled_dot_product_attention (flash / memory-efficient "
     "kernels): faster and exact, but a model-code change."},
    {O::Optimizer8bit, L::Optimizer, "optimizer_8bit", 0, 1, 1,
     "bitsandbytes AdamW 8-bit: blockwise-quantised optimizer states (Dettmers et al. 2022); "
     "small numerical change, a new dependency."},
    {O::Zero1, L::Sharding, "zero1", 0, 0, 1,
     "ZeRO-1: shard optimizer states over the data-parallel GPUs; same communication as DDP."},
    {O::Zero2, L::Sharding, "zero2", 1, 0, 1,
     "ZeRO-2 / FSDP SHARD_GRAD_OP: also shard gradients (reduce-scatter instead of "
     "all-reduce)."},
    {O::Zero3, L::Sharding, "zero3", 2, 0, 1,
     "ZeRO-3 / FSDP FULL_SHARD: also shard parameters; every layer is all-gathered in forward "
     "and backward (1.5x DDP's traffic)."},
    {O::Tp2, L::TensorParallel, "tp_x2", 2, 0, 2,
     "Tensor parallelism x2 on the same GPUs (DP halves; accumulation keeps the global "
     "batch): all-reduces inside every block, and a model that supports TP (Megatron, "
     "torchtitan, DTensor)."},
    {O::Tp4, L::TensorParallel, "tp_x4", 3, 0, 2,
     "Tensor parallelism x4 on the same GPUs: more communication per block."},
    {O::Tp8, L::TensorParallel, "tp_x8", 3, 0, 3,
     "Tensor parallelism x8 on the same GPUs: a whole NVLink node per replica."},
    {O::SequenceParallel, L::SequenceParallel, "sequence_parallel", 0, 0, 1,
     "Megatron sequence parallelism with TP: norm and dropout activations split over the TP "
     "group; same traffic as TP (all-gather + reduce-scatter). Needs TP > 1."},
    {O::Pp2, L::PipelineParallel, "pp_x2", 2, 0, 3,
     "Pipeline parallelism x2 on the same GPUs (DP halves): a pipeline bubble and a "
     "stage-split model."},
    {O::Pp4, L::PipelineParallel, "pp_x4", 3, 0, 3,
     "Pipeline parallelism x4 on the same GPUs: a larger bubble unless accumulation is "
     "large."},
    {O::Lora, L::Finetune, "lora", 0, 2, 1,
     "Train LoRA adapters (rank 16, all linear layers) instead of every weight: a different "
     "method with its own convergence (Hu et al. 2021)."},
    {O::Qlora, L::Finetune, "qlora", 1, 1, 1,
     "QLoRA: keep the frozen base in NF4 with double quantisation (Dettmers et al. 2023); "
     "dequantisation costs speed, the 4-bit base costs a little quality. From full "
     "fine-tuning it costs LoRA's cost on top."},
    {O::OffloadOptimizer, L::Offload, "offload_optimizer", 3, 0, 1,
     "Optimizer states and the step in host memory (DeepSpeed ZeRO-Offload, FSDP "
     "CPUOffload): PCIe traffic and a CPU optimizer step every iteration."},
    {O::OffloadParams, L::Offload, "offload_params", 3, 0, 2,
     "Parameters in host memory as well (ZeRO-Infinity, FSDP offload_params; needs ZeRO-3 / "
     "FSDP full shard): every layer crosses PCIe twice a step."},
    {O::WeightsFp8, L::WeightDtype, "weights_fp8", 0, 1, 1,
     "Serve fp8 weights (inference): a quantised checkpoint, a small accuracy change."},
    {O::WeightsInt4, L::WeightDtype, "weights_int4", 0, 2, 1,
     "Serve 4-bit weights (GPTQ / AWQ, inference): a larger accuracy change."},
    {O::KvCacheFp8, L::KvCacheDtype, "kv_cache_fp8", 0, 1, 0,
     "Store the KV cache in fp8 (vLLM kv_cache_dtype=fp8, inference): a config flag."},
}};

constexpr int kLeverCount = static_cast<int>(Lever::KvCacheDtype) + 1;

int factorOf(LeverOption o) {
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

/// Whether @p o is a change of @p base at all (it saves something in principle and the layout
/// allows it). Prerequisites that other levers can satisfy are checked by holds().
bool offered(LeverOption o, const ModelArch& m, const Workload& b) {
    const bool train = b.mode == Mode::Training;
    const Parallelism& p = b.parallel;
    switch (o) {
    case O::MicroBatchHalf:
        return b.microBatch / 2 > 1;
    case O::MicroBatchOne:
        return b.microBatch > 1;
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
        return train && (b.optimizer == Optimizer::AdamW || b.optimizer == Optimizer::Adam ||
                         b.optimizer == Optimizer::PagedAdamW);
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
        const int tp = p.tp * factorOf(o);
        return p.dp % factorOf(o) == 0 && tp <= 8 && m.numHeads % tp == 0 &&
               (m.numKvHeads <= tp || m.numKvHeads % tp == 0);
    }
    case O::SequenceParallel:
        return train && !p.sequenceParallel;
    case O::Pp2:
    case O::Pp4:
        return train && p.dp % factorOf(o) == 0 && p.pp * factorOf(o) <= m.numLayers;
    case O::Lora:
        return train && b.finetune == Finetune::Full;
    case O::Qlora:
        return train && b.finetune != Finetune::QLoRA;
    case O::OffloadOptimizer:
        return train && !p.offloadOptimizer;
    case O::OffloadParams:
        return train && !p.offloadParams;
    case O::WeightsFp8:
        return !train && bytesPerElement(b.precision.weights) > 1.0;
    case O::WeightsInt4:
        return !train && bytesPerElement(b.precision.weights) > 0.5;
    case O::KvCacheFp8:
        return !train && bytesPerElement(b.precision.kvCache) > 1.0;
    }
    return false;
}

/// Prerequisites of @p o on the scenario @p w it is part of: sharding needs more than one
/// data-parallel GPU left, sequence parallelism needs TP, parameter offload a parameter shard.
bool holds(LeverOption o, const Workload& w) {
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

/// Disruption cost of @p o starting from @p base (QLoRA from full fine-tuning adds LoRA's).
int stepCost(LeverOption o, const Workload& base) {
    int c = leverRow(o).cost();
    if (o == O::Qlora && base.finetune == Finetune::Full)
        c += leverRow(O::Lora).cost();
    return c;
}

/// A state of the search: per lever, the index into its offered options (0 = unchanged).
using State = std::array<uint8_t, kLeverCount>;

uint64_t keyOf(const State& s) {
    uint64_t k = 0;
    for (uint8_t v : s)
        k = k << 4 | v;
    return k;
}

struct Node {
    int cost;
    int steps;
    State state;
    bool operator>(const Node& o) const {
        return std::tie(cost, steps) > std::tie(o.cost, o.steps);
    }
};

struct Candidate {
    std::vector<LeverOption> options;
    double headroom = 0;
};

/// Orders a fitting combination for the waterfall: cheapest step first among those whose
/// prerequisites already hold, and evaluates the cumulative scenario after each step.
Plan waterfall(const ModelArch& m, const Workload& w, const GpuSpec& gpu,
               std::vector<LeverOption> left, int64_t globalBatch) {
    Plan plan;
    Workload cur = w;
    while (!left.empty()) {
        std::stable_sort(left.begin(), left.end(), [&](LeverOption a, LeverOption b) {
            return stepCost(a, w) < stepCost(b, w);
        });
        auto it = std::find_if(left.begin(), left.end(), [&](LeverOption o) {
            return holds(o, applyOption(w, cur, o, globalBatch));
        });
        if (it == left.end())
            it = left.begin();
        cur = applyOption(w, cur, *it, globalBatch);
        const Estimate e = plannedEstimate(m, cur, &gpu);
        plan.steps.push_back(PlanStep{*it, stepCost(*it, w), cur, counted(e), e.fits});
        plan.cost += plan.steps.back().cost;
        ++plan.evaluations;
        left.erase(it);
    }
    return plan;
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

Workload applyOption(const Workload& base, Workload w, LeverOption o, int64_t globalBatch) {
    Parallelism& p = w.parallel;
    switch (o) {
    case O::MicroBatchHalf:
        w.microBatch = std::max<int64_t>(1, base.microBatch / 2);
        break;
    case O::MicroBatchOne:
        w.microBatch = 1;
        break;
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
        p.tp = base.parallel.tp * factorOf(o);
        p.dp /= factorOf(o);
        break;
    case O::SequenceParallel:
        p.sequenceParallel = true;
        break;
    case O::Pp2:
    case O::Pp4:
        p.pp = base.parallel.pp * factorOf(o);
        p.dp /= factorOf(o);
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
    case O::OffloadOptimizer:
        p.offloadOptimizer = true;
        break;
    case O::OffloadParams:
        p.offloadOptimizer = true;
        p.offloadParams = true;
        break;
    case O::WeightsFp8:
    case O::WeightsInt4:
        w.precision.weights = o == O::WeightsFp8 ? DType::FP8 : DType::INT4;
        w.precision.checkpointWeights = false;
        break;
    case O::KvCacheFp8:
        w.precision.kvCache = DType::FP8;
        break;
    }
    // keep the global batch: accumulation = ceil(global / (micro-batch x DP))
    if (w.mode == Mode::Training && globalBatch > 0 && p.dp >= 1 && w.microBatch >= 1) {
        const int64_t perStep = w.microBatch * p.dp; // both bounded by validated limits
        w.gradAccumulation = std::max<int64_t>(1, (globalBatch + perStep - 1) / perStep);
    }
    return w;
}

Plan searchPlan(const ModelArch& m, const Workload& w, const GpuSpec& gpu, int maxEvaluations) {
    const EnsureReplayCache replays;
    std::array<std::vector<LeverOption>, kLeverCount> options; // per lever, by cost
    for (const LeverRow& r : kLevers)
        if (offered(r.option, m, w))
            options[static_cast<int>(r.lever)].push_back(r.option);
    const int64_t globalBatch = w.globalBatch().value_or(0);
    const double before = counted(plannedEstimate(m, w, &gpu));

    std::priority_queue<Node, std::vector<Node>, std::greater<>> open;
    std::unordered_set<uint64_t> seen;
    open.push(Node{0, 0, State{}});
    std::optional<Candidate> best;
    int bestCost = 0, evaluations = 0;
    bool capped = false;
    while (!open.empty()) {
        const Node n = open.top();
        open.pop();
        if (!seen.insert(keyOf(n.state)).second)
            continue;
        if (best && n.cost > bestCost)
            break; // every cheaper combination was tried
        if (evaluations >= maxEvaluations) {
            capped = true;
            break;
        }
        // the scenario of this combination
        std::vector<LeverOption> chosen;
        Workload c = w;
        bool valid = true;
        for (int l = 0; l < kLeverCount; ++l)
            if (n.state[l] > 0) {
                const LeverOption o = options[l][n.state[l] - 1];
                chosen.push_back(o);
                if (c.parallel.dp % factorOf(o) != 0)
                    valid = false; // TP x PP must divide the data-parallel GPUs
                else
                    c = applyOption(w, c, o, globalBatch);
            }
        for (LeverOption o : chosen)
            valid = valid && holds(o, c);
        if (valid && !validateWorkload(m, c)) {
            ++evaluations;
            const Estimate e = plannedEstimate(m, c, &gpu);
            if (e.fits && (!best || n.steps < static_cast<int>(best->options.size()) ||
                           (n.steps == static_cast<int>(best->options.size()) &&
                            e.headroom > best->headroom))) {
                best = Candidate{chosen, e.headroom};
                bestCost = n.cost;
            }
        }
        for (int l = 0; l < kLeverCount; ++l) {
            const int i = n.state[l];
            if (i >= static_cast<int>(options[l].size()))
                continue;
            Node next = n;
            next.state[l] = static_cast<uint8_t>(i + 1);
            next.cost += stepCost(options[l][i], w) - (i > 0 ? stepCost(options[l][i - 1], w) : 0);
            next.steps += i == 0 ? 1 : 0;
            if (!seen.count(keyOf(next.state)))
                open.push(next);
        }
    }
    Plan plan;
    if (best)
        plan = waterfall(m, w, gpu, best->options, globalBatch);
    plan.found = best.has_value();
    plan.before = before;
    plan.evaluations += evaluations;
    plan.capped = capped;
    return plan;
}

std::string describeStep(LeverOption o, const Workload& a) {
    char buf[160];
    const auto ll = [](int64_t v) { return static_cast<long long>(v); };
    switch (o) {
    case O::MicroBatchHalf:
    case O::MicroBatchOne:
        if (a.mode == Mode::Inference)
            std::snprintf(buf, sizeof buf, "concurrent sequences: %lld", ll(a.microBatch));
        else
            std::snprintf(buf, sizeof buf, "micro-batch %lld, gradient accumulation %lld",
                          ll(a.microBatch), ll(a.gradAccumulation));
        return buf;
    case O::CheckpointSelective:
    case O::CheckpointFull:
        return "activation checkpointing: " + std::string(checkpointingKey(a.checkpointing));
    case O::ChunkedLoss:
        return "chunked cross-entropy";
    case O::EfficientAttention:
        return "attention: " + std::string(attentionKey(a.attention));
    case O::Optimizer8bit:
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
    case O::WeightsFp8:
    case O::WeightsInt4:
        return "weights in " + std::string(dtypeKey(a.precision.weights));
    case O::KvCacheFp8:
        return "KV cache in " + std::string(dtypeKey(a.precision.kvCache));
    }
    return {};
}

} // namespace headroom
