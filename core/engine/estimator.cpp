#include "core/engine/estimator.h"

#include "core/engine/fields.h"
#include "core/engine/profiles.h"
#include "core/engine/reserve/replay_cache.h"
#include "core/engine/reserve/reserve.h"
#include "core/engine/stages.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace headroom {

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

/// Every integer row of the workload field table (core/engine/fields.h) within its
/// [min, max]: the same ranges a scenario file and the CLI are held to, so a value that reached
/// the Workload another way (the GUI, a library caller) cannot run the terms with a negative
/// or overflowing count.
std::optional<Error> validateTableFields(const Workload& w) {
    for (const WorkloadField& f : workloadFields()) {
        if (f.type != FieldType::Integer)
            continue;
        const int64_t v = f.get(w);
        if (v < f.min || v > f.max) {
            char buf[96];
            std::snprintf(buf, sizeof buf, "must be in [%lld, %lld] (got %lld)",
                          static_cast<long long>(f.min), static_cast<long long>(f.max),
                          static_cast<long long>(v));
            return Error{ErrorCode::FieldOutOfRange, f.path(), buf};
        }
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
    if (w.lengths.max > 0 && w.lengths.max < w.lengths.min)
        return Error{ErrorCode::FieldOutOfRange, "lengths.max",
                     "must be 0 (no longest sample) or at least lengths.min (" +
                         std::to_string(w.lengths.min) + ")"};
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
            return Error{ErrorCode::TooManyGpus, degrees[i].first,
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
    if (auto e = validateTableFields(w))
        return e;
    if (m.numHeads % p.tp != 0)
        return Error{ErrorCode::TpNotDividingHeads, "parallel.tp",
                     "TP must divide the attention heads (" + std::to_string(m.numHeads) + ")"};
    if (m.numKvHeads > p.tp && m.numKvHeads % p.tp != 0)
        return Error{ErrorCode::TpNotDividingKvHeads, "parallel.tp",
                     "TP must divide the KV heads (" + std::to_string(m.numKvHeads) + ")"};
    if (p.pp > m.numLayers)
        return Error{ErrorCode::PpAboveLayers, "parallel.pp",
                     "PP must not exceed the layers (" + std::to_string(m.numLayers) + ")"};
    if (p.ep > 1 && !m.moe.enabled())
        return Error{ErrorCode::EpWithoutExperts, "parallel.ep",
                     "EP needs a mixture-of-experts model"};
    if (p.ep > 1 && m.moe.numExperts % p.ep != 0)
        return Error{ErrorCode::EpNotDividingExperts, "parallel.ep",
                     "EP must divide the experts (" + std::to_string(m.moe.numExperts) + ")"};
    // dp x tp <= limits::kGpus here (validateDegrees)
    if (p.ep > 1 && *checked::mul(p.dp, p.tp) % p.ep != 0)
        return Error{ErrorCode::EpNotDividingDpTp, "parallel.ep", "EP must divide DP x TP"};
    if (p.cp > 1 && w.sequenceLength % p.cp != 0)
        return Error{ErrorCode::CpNotDividingSequence, "parallel.cp",
                     "CP must divide the sequence length"};
    return std::nullopt;
}

Estimate estimate(const ModelArch& m, const Workload& input, const GpuSpec* gpu) {
    // The framework profile's facts are rules on the run: evaluated here, against the run as
    // it is now (core/engine/profiles.h, docs/profiles.md).
    const Workload w = withProfileApplied(input);
    // one replay per distinct stage shape: the middle stages of a pipeline have the same
    // blocks, so their allocator replays (variable lengths, the load) are one cache entry
    // (bounded: at most kLengthEntries entries; a no-op when a caller's cache is active)
    const EnsureReplayCache replays;
    Estimate e;
    const stages::ModelFacts f = stages::modelFacts(m);
    e.totalParams = f.pc.total;
    e.activeParams = f.pc.active;
    const int pp = std::clamp(w.parallel.pp, 1, std::max(1, m.numLayers));
    e.stages.reserve(pp);
    double host = 0;
    double trainable = 0;
    for (int s = 0; s < pp; ++s) {
        e.stages.push_back(stages::estimateStage(m, f, w, s, host));
        if (gpu)
            stages::releaseCachedForCapacity(e.stages.back(), gpu->bytes());
        if (e.stages.back().nvidiaSmi > e.worst.nvidiaSmi)
            e.worst = e.stages.back();
    }
    if (w.mode == Mode::Training) {
        if (w.finetune == Finetune::Full) {
            trainable = static_cast<double>(f.pc.total);
        } else {
            const stages::StageParams all =
                stages::stageParams(m, f, w, 0, m.numLayers, true, true);
            trainable = all.adapters * std::max(1, w.parallel.tp);
        }
    }
    e.trainableParams = static_cast<int64_t>(trainable);
    e.hostBytes = host;
    if (gpu) {
        e.capacity = gpu->bytes();
        decideFit(e);
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
