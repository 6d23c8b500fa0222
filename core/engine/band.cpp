#include "core/engine/band.h"
#include "core/units.h"

#include "core/engine/memory_terms.h"
#include "core/engine/profiles.h"

#include <algorithm>
#include <initializer_list>

namespace headroom {

namespace {

MetricBytes metrics(const RankEstimate& r) {
    return {r.allocated, r.reserved, r.nvidiaSmi};
}

/// A contributor from the estimates of its alternatives: for each metric the lowest and the
/// highest any alternative gives, less the point's (so low <= 0 <= high).
BandContributor fromAlternatives(BandCause cause, const Estimate& point,
                                 const std::vector<Estimate>& alts) {
    BandContributor c;
    c.cause = cause;
    const MetricBytes p = metrics(point.worst);
    const double pv = verdictBytes(point.worst);
    for (const Estimate& a : alts) {
        const MetricBytes v = metrics(a.worst);
        for (size_t i = 0; i < v.size(); ++i) {
            c.low[i] = std::min(c.low[i], v[i] - p[i]);
            c.high[i] = std::max(c.high[i], v[i] - p[i]);
        }
        c.verdictLow = std::min(c.verdictLow, verdictBytes(a.worst) - pv);
        c.verdictHigh = std::max(c.verdictHigh, verdictBytes(a.worst) - pv);
    }
    return c;
}

bool movesSomething(const BandContributor& c) {
    constexpr double kByte = 1.0; // below a byte nothing moved (floating-point noise)
    for (size_t i = 0; i < c.low.size(); ++i)
        if (c.low[i] < -kByte || c.high[i] > kByte)
            return true;
    return c.verdictLow < -kByte || c.verdictHigh > kByte;
}

/// The caching allocator's configuration. The point estimate replays PyTorch's default
/// allocator, which keeps every segment it cudaMalloc'ed and splits cached blocks, so a step's
/// tensors of changing sizes leave free but unusable pieces behind (allocator_model.h);
/// PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True maps more memory into one segment instead
/// (c10/cuda/CUDACachingAllocator.cpp ExpandableSegment), which the engine models as no
/// fragmentation. A scenario that does not say which the run uses spans both.
BandContributor allocatorConfig(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                                const Estimate& point) {
    Workload alt = w;
    alt.features.expandableSegments = true;
    BandContributor c =
        fromAlternatives(BandCause::AllocatorConfig, point, {estimate(m, alt, gpu)});
    c.why = "PyTorch's default caching allocator (the estimate) keeps split segments for tensors "
            "of changing sizes; with expandable_segments:True it grows one segment in place "
            "(c10/cuda/CUDACachingAllocator.cpp)";
    c.remedy = "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True";
    return c;
}

/// The CUDA context nvidia-smi counts and torch does not. The estimate takes CUDA 12 with lazy
/// module loading, torch's default since 2.0 (terms::cudaContext, about 512 MiB); a CUDA 11
/// stack loading every kernel module at start measured 1343 MiB (Hugging Face, "Model training
/// anatomy", V100). Only the high side is sourced; nothing measured lies below the estimate.
BandContributor cudaStack() {
    BandContributor c;
    c.cause = BandCause::CudaStack;
    const double eager = 1343.0 * kMiB;
    const double spread = std::max(0.0, eager - terms::cudaContext(1));
    c.high[static_cast<size_t>(Metric::NvidiaSmi)] = spread;
    c.verdictHigh = spread;
    c.why = "CUDA context: about 512 MiB with CUDA 12 lazy module loading (the estimate), 1343 "
            "MiB measured with a CUDA 11 stack that loads every module at start (Hugging Face, "
            "Model training anatomy)";
    c.remedy = "CUDA_MODULE_LOADING=LAZY";
    return c;
}

/// The framework profile's versions: the estimate runs the version picked (the newest when
/// none is); each other version of the same profile is estimated too, with its behaviour facts
/// (profiles.json, each with its source). The dtypes and defaults a pick applied stay the
/// scenario's: they are shown and edited as settings, the facts are not.
BandContributor profileVersions(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                                const Estimate& point) {
    const Result<ProfileChoice> choice = findProfile(w.profile);
    std::vector<Estimate> alts;
    if (choice) {
        for (const ProfileVersion& v : choice.value().profile->versions) {
            if (&v == choice.value().version)
                continue;
            Workload alt = w;
            alt.profile.version = v.version;
            alts.push_back(estimate(m, alt, gpu));
        }
    }
    BandContributor c = fromAlternatives(BandCause::ProfileVersions, point, alts);
    c.why = "the framework profile's other versions (" + profileSpec(w.profile) +
            " is estimated; resources/profiles.json names each version's facts)";
    c.remedy = "pick the framework version the run uses";
    return c;
}

/// The sample lengths when the scenario does not say what data the run feeds (lengths left to
/// the framework profile, no distribution, not packed) and the profile's documented pipeline
/// does not settle it: a trainer that pads each batch to its longest sample could be fed packed
/// rows instead (TRL/LLaMA-Factory `packing`, torchtune `dataset.packed`), and a profile that
/// documents no pipeline could be fed either. The point estimate takes the documented pipeline
/// (resolveDataLengths: a real SFT data set padded per batch, the named default distribution
/// kDefaultDatasetLengths, its card's published statistics; every batch at the sequence length
/// where none is documented); the alternative is the other one. A pipeline documented as fixed
/// windows or packed rows (torchtitan, Megatron, litgpt) leaves nothing open. Allocated memory
/// is the same (the longest batch); the caching allocator's segments are not.
BandContributor sampleLengths(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                              const Estimate& point) {
    const bool pointReal = withProfileApplied(w).lengths.data == DataLengths::Real;
    Workload alt = w;
    alt.lengths.data = pointReal ? DataLengths::Fixed : DataLengths::Real;
    BandContributor c = fromAlternatives(BandCause::SampleLengths, point, {estimate(m, alt, gpu)});
    c.why = "what data the run feeds is not said: a real SFT data set padded per batch (" +
            std::string(kDefaultDatasetLengths.name) +
            ": mean 528, std 658 tokens), whose varying lengths leave cached segments behind, "
            "or every batch at the sequence length (fixed or packed); the estimate takes " +
            (pointReal ? "the framework's documented pipeline, the real data set"
                       : "fixed lengths, the framework documenting no pipeline");
    c.remedy = "pack the samples, or set the data set's lengths";
    return c;
}

/// Adds the moves of @p c into @p to: the larger move each way where @p shared (contributors
/// on the same bytes), else their sum.
void accumulate(BandContributor& to, const BandContributor& c, bool shared) {
    const auto low = [shared](double a, double b) { return shared ? std::min(a, b) : a + b; };
    const auto high = [shared](double a, double b) { return shared ? std::max(a, b) : a + b; };
    for (size_t i = 0; i < to.low.size(); ++i) {
        to.low[i] = low(to.low[i], c.low[i]);
        to.high[i] = high(to.high[i], c.high[i]);
    }
    to.verdictLow = low(to.verdictLow, c.verdictLow);
    to.verdictHigh = high(to.verdictHigh, c.verdictHigh);
}

/// A run the band estimates again: the model and the workload of one alternative.
struct Alternative {
    ModelArch model;
    Workload workload;
};

/// One setting a record may leave unknown, and the alternatives it opens when a profile's
/// default filled it: one row per setting, read by filledDefaults (the table the band's
/// filled_defaults contributor spans; docs/metrics.md "The band").
struct OpenSetting {
    bool UnknownSettings::*unknown; ///< the flag that marks it unknown
    std::string_view field;         ///< the record key
    std::string_view spans;         ///< the alternatives, with their source (English)
    /// Appends the alternatives of @p m, @p w (the default filled in included or not: the
    /// point estimate is one of the alternatives the row spans).
    void (*add)(const ModelArch& m, const Workload& w, const UnknownSettings& u,
                std::vector<Alternative>& out);
};

/// @p w with optimizer @p o; its states in the dtype @p o's code keeps where the record left
/// them unknown too.
Workload withOptimizer(const Workload& w, const UnknownSettings& u, Optimizer o) {
    Workload alt = w;
    alt.optimizer = o;
    if (u.optimizerStates)
        alt.precision.optimizerStates = optimizerStateDtype(alt);
    return alt;
}

void optimizerAlternatives(const ModelArch& m, const Workload& w, const UnknownSettings& u,
                           std::vector<Alternative>& out) {
    out.push_back({m, withOptimizer(w, u, Optimizer::AdamW)});
    Workload paged = withOptimizer(w, u, Optimizer::PagedAdamW8bit);
    out.push_back({m, paged});
    // torchtune's single-device full fine-tune configs pair it with optimizer_in_bwd, which
    // needs one GPU taking every step without accumulation
    if (w.finetune == Finetune::Full && w.gradAccumulation == 1 && w.parallel.dp == 1 &&
        w.parallel.tp == 1 && w.parallel.pp == 1 && w.parallel.sharding == Sharding::None) {
        paged.features.optimizerInBackward = true;
        out.push_back({m, paged});
    }
}

/// One alternative per value of @p values: the run with @p set applied to it.
template <class T, class Set>
void eachOf(const ModelArch& m, const Workload& w, std::initializer_list<T> values, Set set,
            std::vector<Alternative>& out) {
    for (const T& v : values) {
        Alternative a{m, w};
        set(a, v);
        out.push_back(std::move(a));
    }
}

void checkpointingAlternatives(const ModelArch& m, const Workload& w, const UnknownSettings&,
                               std::vector<Alternative>& out) {
    eachOf(
        m, w, {Checkpointing::None, Checkpointing::Full},
        [](Alternative& a, Checkpointing c) { a.workload.checkpointing = c; }, out);
}

void attentionAlternatives(const ModelArch& m, const Workload& w, const UnknownSettings&,
                           std::vector<Alternative>& out) {
    eachOf(
        m, w, {AttentionImpl::Eager, AttentionImpl::SDPA},
        [](Alternative& a, AttentionImpl i) { a.workload.attention = i; }, out);
}

void loraTargetAlternatives(const ModelArch& m, const Workload& w, const UnknownSettings&,
                            std::vector<Alternative>& out) {
    eachOf(
        m, w, {kLoraQV, kLoraAllLinear},
        [](Alternative& a, unsigned t) { a.workload.lora.targets = t; }, out);
}

void loraDropoutAlternatives(const ModelArch& m, const Workload& w, const UnknownSettings&,
                             std::vector<Alternative>& out) {
    eachOf(
        m, w, {false, true}, [](Alternative& a, bool d) { a.workload.lora.dropout = d; }, out);
}

void tiedEmbeddingAlternatives(const ModelArch& m, const Workload& w, const UnknownSettings&,
                               std::vector<Alternative>& out) {
    eachOf(
        m, w, {false, true}, [](Alternative& a, bool t) { a.model.tiedEmbeddings = t; }, out);
}

/// The settings whose alternatives the band spans when a record leaves them unknown. The
/// dtypes are not rows: a record that leaves them unknown gets its framework's precision
/// preset, whose rule (resolveUnknowns) is the framework's code, not a user's choice; nor are
/// inference's token counts, which a record without them is skipped for.
constexpr OpenSetting kOpenSettings[] = {
    {&UnknownSettings::optimizer, "optimizer",
     "torch.optim.AdamW (states in the trainable parameter's dtype, torch/optim/adamw.py) or "
     "bitsandbytes PagedAdamW8bit (int8 states, paged), stepped in backward where one GPU takes "
     "every step (torchtune recipes/configs/llama3_1/8B_full_single_device.yaml: "
     "PagedAdamW8bit, optimizer_in_bwd: True)",
     optimizerAlternatives},
    {&UnknownSettings::checkpointing, "activation_checkpointing",
     "no activation recomputation or full (each block's input kept; selective lies between)",
     checkpointingAlternatives},
    {&UnknownSettings::attention, "attention",
     "eager attention (the s x s scores kept) or SDPA's fused kernels (none kept)",
     attentionAlternatives},
    {&UnknownSettings::loraTargets, "lora.targets",
     "q_proj,v_proj (PEFT's and litgpt's default) or every linear layer (PEFT all-linear)",
     loraTargetAlternatives},
    {&UnknownSettings::loraDropout, "lora.dropout",
     "no dropout (PEFT LoraConfig lora_dropout=0.0) or a dropout, which keeps a dropped copy "
     "of each adapter's input (peft/tuners/lora/layer.py)",
     loraDropoutAlternatives},
    {&UnknownSettings::tiedEmbeddings, "model.tied_embeddings",
     "an lm_head of its own (vocab x hidden) or the token embedding shared",
     tiedEmbeddingAlternatives},
};

/// The settings @p u marks unknown that the run's profile filled: each row of kOpenSettings
/// set in @p u spans its alternatives; the rows' moves add (the settings are independent).
BandContributor filledDefaults(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                               const Estimate& point, const UnknownSettings& u) {
    BandContributor sum;
    sum.cause = BandCause::FilledDefaults;
    std::string fields;
    for (const OpenSetting& row : kOpenSettings) {
        if (!(u.*row.unknown))
            continue;
        std::vector<Alternative> alts;
        row.add(m, w, u, alts);
        std::vector<Estimate> estimates;
        for (const Alternative& a : alts)
            estimates.push_back(estimate(a.model, a.workload, gpu));
        const BandContributor c = fromAlternatives(BandCause::FilledDefaults, point, estimates);
        accumulate(sum, c, false);
        if (movesSomething(c))
            fields += (fields.empty() ? "" : "; ") + std::string(row.field) + ": " +
                      std::string(row.spans);
    }
    sum.why = "settings the run left unknown, filled from the framework's documented defaults (" +
              fields + ")";
    sum.remedy = "state these settings";
    return sum;
}

/// Whether the lengths are open: training, not stated by the scenario, and the profile's
/// pipeline pads per batch or is not documented.
bool lengthsOpen(const Workload& w) {
    if (w.mode != Mode::Training || w.features.packed || w.lengths.variable() ||
        w.lengths.data != DataLengths::Framework)
        return false;
    const auto c = findProfile(w.profile);
    const std::optional<DataLengths> documented =
        c ? c.value().version->fill.lengths : std::optional<DataLengths>();
    return !documented || *documented == DataLengths::Real;
}

/// Whether @p c moves the caching allocator's cached segments: the allocator configuration
/// (expandable segments cache nothing beyond the live tensors) and the sample lengths (fixed
/// lengths cache nothing for other lengths) act on the same bytes, so what one removes the
/// other cannot remove again. They combine as the larger move each way; the others move bytes
/// of their own and add.
bool movesCachedSegments(BandCause c) {
    return c == BandCause::AllocatorConfig || c == BandCause::SampleLengths;
}

} // namespace

std::string_view bandCauseKey(BandCause c) {
    switch (c) {
    case BandCause::AllocatorConfig:
        return "allocator_config";
    case BandCause::CudaStack:
        return "cuda_stack";
    case BandCause::ProfileVersions:
        return "profile_versions";
    case BandCause::SampleLengths:
        return "sample_lengths";
    case BandCause::FilledDefaults:
        return "filled_defaults";
    }
    return "?";
}

Band estimateBand(const ModelArch& m, const Workload& w, const GpuSpec* gpu, const Estimate& point,
                  const UnknownSettings* leftUnknown) {
    Band b;
    if (!w.features.expandableSegments)
        b.contributors.push_back(allocatorConfig(m, w, gpu, point));
    b.contributors.push_back(cudaStack());
    b.contributors.push_back(profileVersions(m, w, gpu, point));
    if (lengthsOpen(w))
        b.contributors.push_back(sampleLengths(m, w, gpu, point));
    if (leftUnknown)
        b.contributors.push_back(filledDefaults(m, w, gpu, point, *leftUnknown));
    std::erase_if(b.contributors, [](const BandContributor& c) { return !movesSomething(c); });
    b.point = b.low = b.high = metrics(point.worst);
    b.verdictPoint = b.verdictLow = b.verdictHigh = verdictBytes(point.worst);
    BandContributor cached; // the contributors on the allocator's cached segments, combined
    BandContributor others; // the rest, added
    for (const BandContributor& c : b.contributors)
        accumulate(movesCachedSegments(c.cause) ? cached : others, c, movesCachedSegments(c.cause));
    for (const BandContributor* part : {&others, &cached}) {
        for (size_t i = 0; i < b.low.size(); ++i) {
            b.low[i] += part->low[i];
            b.high[i] += part->high[i];
        }
        b.verdictLow += part->verdictLow;
        b.verdictHigh += part->verdictHigh;
    }
    return b;
}

void shiftBand(Band& b, const RankEstimate& worst) {
    const MetricBytes to = metrics(worst);
    for (size_t i = 0; i < to.size(); ++i) {
        const double d = to[i] - b.point[i];
        b.point[i] += d;
        b.low[i] += d;
        b.high[i] += d;
    }
    const double dv = verdictBytes(worst) - b.verdictPoint;
    b.verdictPoint += dv;
    b.verdictLow += dv;
    b.verdictHigh += dv;
}

BandVerdict bandVerdict(const Band& b, double capacity) {
    if (b.verdictHigh <= capacity)
        return BandVerdict::Fits;
    return b.verdictLow > capacity ? BandVerdict::DoesNotFit : BandVerdict::MayNotFit;
}

std::string_view bandVerdictKey(BandVerdict v) {
    switch (v) {
    case BandVerdict::Fits:
        return "fits";
    case BandVerdict::MayNotFit:
        return "may_not_fit";
    case BandVerdict::DoesNotFit:
        return "does_not_fit";
    }
    return "?";
}

const BandContributor* decidingContributor(const Band& b, double capacity) {
    if (bandVerdict(b, capacity) != BandVerdict::MayNotFit)
        return nullptr;
    const bool pointFits = b.verdictPoint <= capacity;
    const BandContributor* best = nullptr;
    for (const BandContributor& c : b.contributors) {
        if (pointFits ? c.verdictHigh <= 0 : b.verdictPoint + c.verdictLow > capacity)
            continue;
        if (!best ||
            (pointFits ? c.verdictHigh > best->verdictHigh : c.verdictLow < best->verdictLow))
            best = &c;
    }
    return best;
}

} // namespace headroom
