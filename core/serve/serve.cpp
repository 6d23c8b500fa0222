#include "core/serve/serve.h"

#include "core/engine/estimator.h"
#include "core/serve/profile_run.h"
#include "core/units.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <utility>

namespace headroom {

namespace {

/// Longest max_model_len accepted as a setting (vLLM's own cap is the model's; this bounds
/// the bisection and the int64 arithmetic).
constexpr int64_t kMaxModelLen = int64_t{1} << 31;

/// vLLM's length when the config names none (model_arch_config_convertor.py default_max_len).
constexpr int64_t kDefaultModelLen = 2048;

Error fieldError(const char* field, std::string detail) {
    return Error{ErrorCode::FieldOutOfRange, field, std::move(detail)};
}

/// The settings' own rules (ranges, the power-of-two page); nullopt when they hold.
std::optional<Error> checkSettings(const InferenceSpec& in) {
    const double u = in.memoryUtilization;
    if (!std::isfinite(u))
        return Error{ErrorCode::FieldNotFinite, "inference.memory_utilization", ""};
    if (u < 0 || u > 1)
        return fieldError("inference.memory_utilization", "must be in (0, 1]");
    if (in.blockTokens < 0 || in.blockTokens > 1024 ||
        (in.blockTokens > 0 && !std::has_single_bit(static_cast<unsigned>(in.blockTokens))))
        return fieldError("inference.block_size", "must be a power of two in [1, 1024]");
    if (in.maxModelLen < 0 || in.maxModelLen > kMaxModelLen)
        return fieldError("inference.max_model_len", "must be in [1, 2^31] (0: the model's)");
    if (in.maxNumSeqs < 0 || in.maxNumSeqs > (1 << 20))
        return fieldError("inference.max_num_seqs", "must be in [1, 2^20] (0: the default)");
    if (in.maxNumBatchedTokens < 0 || in.maxNumBatchedTokens > kMaxModelLen)
        return fieldError("inference.max_num_batched_tokens",
                          "must be in [1, 2^31] (0: the default)");
    return std::nullopt;
}

/// The largest CUDA-graph batch the engine captures for @p m: the profile's, or the raised
/// maximum of the family its config raises (EngineProfile::raisedCaptureFamily).
int graphCaptureMax(const EngineProfile& p, const ModelArch& m) {
    return !p.raisedCaptureFamily.empty() && m.family == p.raisedCaptureFamily ? p.raisedCaptureMax
                                                                               : p.graphCaptureMax;
}

/// The engine's settings with its defaults filled for this GPU and model.
ServeSettings resolveSettings(const EngineProfile& p, const ModelArch& m, const Workload& w,
                              const GpuSpec& gpu) {
    const InferenceSpec& in = w.inference;
    // vLLM: the larger defaults on >= 70 GiB GPUs other than A100 (arg_utils.py)
    const bool a100 = gpu.key.find("a100") != std::string::npos;
    const bool large = gpu.bytes() >= 70.0 * kGiB && !a100;
    ServeSettings s;
    s.fraction = in.memoryUtilization > 0 ? in.memoryUtilization : p.defaultFraction;
    if (s.fraction <= 0) // SGLang's rule by GPU size
        s.fraction = sglangDefaultFraction(gpu.memoryMiB, w.parallel.tp);
    s.maxModelLen = in.maxModelLen > 0 ? in.maxModelLen
                                       : (m.maxPositions > 0 ? m.maxPositions : kDefaultModelLen);
    if (p.engine == ServingEngine::Sglang)
        s.batchedTokens = in.maxNumBatchedTokens > 0 ? in.maxNumBatchedTokens
                                                     : sglangChunkedPrefill(gpu.memoryMiB);
    else
        s.batchedTokens = in.maxNumBatchedTokens > 0
                              ? in.maxNumBatchedTokens
                              : (large ? p.batchedTokensLarge : p.batchedTokensSmall);
    s.maxSeqs = in.maxNumSeqs > 0 ? in.maxNumSeqs : (large ? p.maxSeqsLarge : p.maxSeqsSmall);
    // vLLM: max_num_batched_tokens <= max_num_seqs x max_model_len, max_num_seqs <= tokens
    s.batchedTokens = std::min<int64_t>(s.batchedTokens, s.maxSeqs * s.maxModelLen);
    s.maxSeqs = static_cast<int>(std::min<int64_t>(s.maxSeqs, s.batchedTokens));
    s.blockTokens = in.blockTokens > 0 ? in.blockTokens : p.blockTokens;
    if (!in.enforceEager) {
        s.graphMaxTokens =
            p.engine == ServingEngine::Sglang
                ? sglangGraphMaxBatch(gpu.memoryMiB, w.parallel.tp)
                : static_cast<int>(std::min<int64_t>(
                      {int64_t{2} * s.maxSeqs, graphCaptureMax(p, m), s.batchedTokens}));
        s.graphSizes = graphCaptureCount(s.graphMaxTokens);
    }
    return s;
}

/// Weights and CUDA context of one rank, from the estimator (checkpoint storage, TP/PP
/// sharding, quantisation as it models them), plus the RoPE cos/sin cache every engine keeps:
/// max_position_embeddings x head_dim x compute bytes (vLLM RotaryEmbedding.cos_sin_cache).
/// Data-parallel ranks are whole replicas (vLLM --data-parallel-size runs one engine per
/// rank): the scenario's ZeRO/FSDP sharding, a training setting, does not apply.
void weightTerms(const ModelArch& m, const Workload& w, const GpuSpec& gpu, ServeTerms& t) {
    Workload load = w;
    load.parallel.sharding = Sharding::None;
    load.mode = Mode::Inference;
    load.microBatch = 1;
    load.inference.promptTokens = 1;
    load.inference.newTokens = 0;
    load.inference.prefillOnly = true;
    load.inference.memoryUtilization = 0;
    const Estimate e = estimate(m, load, &gpu);
    t.weights = e.worst.atPeak[static_cast<int>(Term::Weights)];
    t.cudaContext = e.worst.atPeak[static_cast<int>(Term::CudaContext)];
    const double c = bytesPerElement(w.precision.compute);
    t.weights += static_cast<double>(std::max<int64_t>(0, m.maxPositions)) * m.headDim * c;
}

/// Bytes the engine adds to MXFP4 experts by padding them to its kernels' tile: per MoE layer
/// on the rank, E x (3 x I' x H' - 3 x I x H) x (1/2 + 1/32) bytes (fp4 values and one e8m0
/// scale per 32), I' and H' rounded up to the profile's alignments. 0 for other storage.
double mxfp4PaddingBytes(const EngineProfile& p, const ModelArch& m, const Workload& w) {
    if (p.mxfp4HiddenAlign <= 0 || !m.moe.enabled() || m.expertDType != DType::MXFP4 ||
        !w.precision.checkpointWeights)
        return 0;
    const auto up = [](int64_t x, int64_t a) { return (x + a - 1) / a * a; };
    const int tp = std::max(1, w.parallel.tp);
    const int64_t i = m.moe.expertIntermediate / tp;
    const int64_t h = m.hiddenSize;
    const double padded =
        3.0 * static_cast<double>(up(i, p.mxfp4IntermediateAlign) * up(h, p.mxfp4HiddenAlign));
    const double plain = 3.0 * static_cast<double>(i * h);
    const int moeLayers = (m.numLayers - m.moe.firstDenseLayers + std::max(1, w.parallel.pp) - 1) /
                          std::max(1, w.parallel.pp);
    return moeLayers * static_cast<double>(m.moe.numExperts) * (padded - plain) *
           (0.5 + 1.0 / 32.0);
}

/// The transient terms: the profile run's peak, non-torch memory, CUDA graphs.
void runtimeTerms(const EngineProfile& p, const ModelArch& m, const Workload& w, const GpuSpec& gpu,
                  const ServeSettings& s, ServeTerms& t) {
    const double c = bytesPerElement(w.precision.compute);
    const int tp = std::max(1, w.parallel.tp);
    const int64_t rows = std::min<int64_t>(s.maxSeqs, s.batchedTokens);
    t.activationPeak = forwardPeakBytes(m, s.batchedTokens, tp, c);
    if (p.samplerExtraBytesPerLogit > 0)
        t.activationPeak =
            std::max(t.activationPeak,
                     samplerPeakBytes(m, rows, s.batchedTokens, c, p.samplerExtraBytesPerLogit));
    t.nonTorch = p.nonTorchBytes + (tp > 1 && gpu.nvlink ? p.nvlinkCommBytes : 0.0);
    if (s.graphSizes > 0)
        t.cudaGraphs = forwardPeakBytes(m, s.graphMaxTokens, tp, c) +
                       2.0 * (s.graphSizes - 1) * p.graphOverheadBytes;
}

/// The pool in bytes and what the engine took out before it (budget, non-KV).
void poolBytes(const EngineProfile& p, ServeReport& r) {
    const ServeTerms& t = r.terms;
    const double f = r.settings.fraction;
    switch (p.pool) {
    case PoolRule::RequestedMinusProfile:
        r.budgetBytes = std::ceil(f * r.totalBytes);
        r.nonKvBytes =
            t.weights + t.activationPeak + t.nonTorch + (p.graphsInBudget ? t.cudaGraphs : 0.0);
        break;
    case PoolRule::FractionOfFreeMinusWeights:
        r.budgetBytes = f * (r.totalBytes - t.cudaContext);
        r.nonKvBytes = t.weights;
        break;
    case PoolRule::FractionOfFreeAfterPeak: {
        const double peak =
            t.cudaContext + t.weights + t.activationPeak + t.nonTorch + t.cudaGraphs;
        r.budgetBytes = f * (r.totalBytes - peak);
        r.nonKvBytes = 0;
        break;
    }
    }
    r.kvCacheBytes = std::max(0.0, r.budgetBytes - r.nonKvBytes);
}

/// KV bytes one request of @p tokens takes in the engine's pages (vLLM: whole blocks of every
/// group; SGLang/TRT: token cells).
double neededBytes(const ServeReport& r, int64_t tokens) {
    if (r.profile->tokens == TokenFigure::CellTokens)
        return static_cast<double>(tokens) * r.kvBytesPerToken;
    const KvPool pool = kvPool(r.kv, 0, r.settings.blockTokens);
    return static_cast<double>(
               requestBlocks(r.kv, tokens, r.settings.batchedTokens, r.settings.blockTokens)) *
           pool.blockBytes;
}

/// The longest max_model_len whose request fits the pool, at most @p cap (bisection, at most
/// 32 steps over [0, 2^31]).
int64_t longestContext(const ServeReport& r, int64_t cap) {
    if (neededBytes(r, 1) > r.kvCacheBytes)
        return 0;
    int64_t lo = 1, hi = std::max<int64_t>(1, cap);
    if (neededBytes(r, hi) <= r.kvCacheBytes)
        return hi;
    while (hi - lo > 1) {
        const int64_t mid = lo + (hi - lo) / 2;
        (neededBytes(r, mid) <= r.kvCacheBytes ? lo : hi) = mid;
    }
    return lo;
}

/// Blocks, tokens and the engine's token figure of the pool.
void sizePool(const EngineProfile& p, ServeReport& r) {
    const int block = r.settings.blockTokens;
    if (p.tokens == TokenFigure::CellTokens) {
        // SGLang hybrid SWA: a sliding layer's cell counts swa_full_tokens_ratio (0.8)
        const double sliding = p.engine == ServingEngine::Sglang ? 0.8 : 1.0;
        r.kvBytesPerToken =
            r.kv.bytesPerTokenLayer * (r.kv.fullLayers + sliding * r.kv.slidingLayers);
        const int64_t cells =
            r.kvBytesPerToken > 0 ? static_cast<int64_t>(r.kvCacheBytes / r.kvBytesPerToken) : 0;
        r.kvTokens = cells / block * block;
        r.kvBlocks = r.kvTokens / block;
        return;
    }
    r.kvBytesPerToken = r.kv.bytesPerTokenLayer * r.kv.layers();
    const KvPool pool = kvPool(r.kv, r.kvCacheBytes, block);
    r.kvBlocks = pool.blocks;
    if (p.tokens == TokenFigure::BlocksPerGroup)
        r.kvTokens = pool.tokens;
    else
        r.kvTokens = static_cast<int64_t>(concurrencyAt(r, r.settings.maxModelLen) *
                                          static_cast<double>(r.settings.maxModelLen));
}

/// The start-up checks in the engine's order; the first that fails is the blocker.
ServeBlocker firstBlocker(const EngineProfile& p, const ModelArch& m, const ServeReport& r) {
    if (m.maxPositions > 0 && r.settings.maxModelLen > m.maxPositions)
        return ServeBlocker::MaxModelLenAboveModel;
    if (p.pool == PoolRule::RequestedMinusProfile &&
        r.budgetBytes > r.totalBytes - r.terms.cudaContext)
        return ServeBlocker::RequestedAboveFree;
    if (r.budgetBytes - r.nonKvBytes <= 0 || r.kvTokens < 1)
        return ServeBlocker::NoKvMemory;
    if (p.pool == PoolRule::RequestedMinusProfile && r.neededBytes > r.kvCacheBytes)
        return ServeBlocker::MaxModelLenAboveKv;
    return ServeBlocker::None;
}

void addWarnings(const ModelArch& m, const Workload& w, const GpuSpec& gpu, ServeReport& r) {
    if (gpu.cudaTotalMiB <= 0)
        r.warnings.push_back(ServeWarning::CudaTotalUnknown);
    if (!m.mla.enabled() && w.parallel.tp > m.numKvHeads)
        r.warnings.push_back(ServeWarning::KvHeadsReplicated);
    if (r.profile->pool == PoolRule::FractionOfFreeMinusWeights) {
        const double reserve = (1.0 - r.settings.fraction) * (r.totalBytes - r.terms.cudaContext);
        if (r.terms.activationPeak + r.terms.cudaGraphs + r.terms.nonTorch > reserve)
            r.warnings.push_back(ServeWarning::ReserveBelowRuntime);
    }
}

} // namespace

std::string_view serveBlockerKey(ServeBlocker b) {
    switch (b) {
    case ServeBlocker::None:
        return "none";
    case ServeBlocker::MaxModelLenAboveModel:
        return "max_model_len_above_model";
    case ServeBlocker::RequestedAboveFree:
        return "requested_above_free";
    case ServeBlocker::NoKvMemory:
        return "no_kv_memory";
    case ServeBlocker::MaxModelLenAboveKv:
        return "max_model_len_above_kv";
    }
    return "none";
}

std::string_view serveWarningKey(ServeWarning w) {
    switch (w) {
    case ServeWarning::CudaTotalUnknown:
        return "cuda_total_unknown";
    case ServeWarning::KvHeadsReplicated:
        return "kv_heads_replicated";
    case ServeWarning::ReserveBelowRuntime:
        return "reserve_below_runtime";
    }
    return "";
}

Result<ServeReport> serve(const ModelArch& m, const Workload& w, const GpuSpec& gpu) {
    if (w.mode != Mode::Inference)
        return fieldError("mode", "serving is for inference");
    if (auto e = checkSettings(w.inference))
        return *e;
    if (auto e = validateWorkload(m, w))
        return *e;
    const EngineProfile* p = engineProfile(w.inference.engine, w.inference.engineVersion);
    if (!p)
        return Error{ErrorCode::UnknownValue, "inference.engine_version",
                     w.inference.engineVersion};
    ServeReport r;
    r.profile = p;
    r.settings = resolveSettings(*p, m, w, gpu);
    r.totalBytes =
        gpu.cudaTotalMiB > 0 ? static_cast<double>(gpu.cudaTotalMiB) * kMiB : gpu.bytes();
    weightTerms(m, w, gpu, r.terms);
    r.terms.weights += mxfp4PaddingBytes(*p, m, w);
    runtimeTerms(*p, m, w, gpu, r.settings, r.terms);
    poolBytes(*p, r);
    r.kv = kvLayout(m, w.precision.kvCache, w.parallel.tp);
    const int pp = std::max(1, w.parallel.pp); // the stage with the most layers
    r.kv.fullLayers = (r.kv.fullLayers + pp - 1) / pp;
    r.kv.slidingLayers = (r.kv.slidingLayers + pp - 1) / pp;
    sizePool(*p, r);
    r.context = std::max<int64_t>(1, inferenceContext(w));
    r.concurrency = concurrencyAt(r, r.context);
    r.maxConcurrency = requestsAt(r, r.context);
    r.neededBytes = neededBytes(r, r.settings.maxModelLen);
    const int64_t cap = m.maxPositions > 0 ? m.maxPositions : kMaxModelLen;
    r.maxContext = p->pool == PoolRule::RequestedMinusProfile ? longestContext(r, cap)
                                                              : std::min<int64_t>(r.kvTokens, cap);
    r.blocker = firstBlocker(*p, m, r);
    r.starts = r.blocker == ServeBlocker::None;
    addWarnings(m, w, gpu, r);
    return r;
}

double concurrencyAt(const ServeReport& r, int64_t context) {
    if (context < 1 || r.settings.blockTokens < 1)
        return 0;
    if (r.profile && r.profile->tokens == TokenFigure::CellTokens)
        return static_cast<double>(r.kvTokens) / static_cast<double>(context);
    const int64_t per =
        requestBlocks(r.kv, context, r.settings.batchedTokens, r.settings.blockTokens);
    return per > 0 ? static_cast<double>(r.kvBlocks) / static_cast<double>(per) : 0.0;
}

int64_t requestsAt(const ServeReport& r, int64_t context) {
    const auto pool = static_cast<int64_t>(concurrencyAt(r, context));
    return std::min<int64_t>(pool, std::max(0, r.settings.maxSeqs));
}

std::vector<ServingPoint> servingCurve(const ServeReport& r, const std::vector<int64_t>& contexts) {
    std::vector<ServingPoint> out;
    out.reserve(contexts.size());
    for (int64_t x : contexts)
        out.push_back({x, requestsAt(r, x)});
    return out;
}

Estimate servedEstimate(const ServeReport& r, double capacity) {
    RankEstimate k;
    const auto set = [&k](Term t, double bytes) { k.atPeak[static_cast<size_t>(t)] = bytes; };
    set(Term::Weights, r.terms.weights);
    set(Term::Activations, r.terms.activationPeak);
    set(Term::KvCache, r.kvCacheBytes);
    set(Term::Workspace, r.terms.cudaGraphs + r.terms.nonTorch);
    set(Term::CudaContext, r.terms.cudaContext);
    k.allocated = r.terms.weights + r.kvCacheBytes + r.terms.activationPeak;
    k.reserved = k.allocated + r.terms.cudaGraphs;
    k.nvidiaSmi = k.reserved + r.terms.nonTorch + r.terms.cudaContext;
    k.phaseAllocated[static_cast<size_t>(Phase::AfterLoad)] = r.terms.weights;
    k.phaseAllocated[static_cast<size_t>(Phase::Forward)] = k.allocated;
    k.peakPhase = Phase::Forward;
    k.numLayers = r.kv.fullLayers + r.kv.slidingLayers;
    Estimate e;
    e.worst = k;
    e.stages = {k};
    e.capacity = capacity;
    decideFit(e);
    e.fits = e.fits && r.starts;
    return e;
}

std::array<std::string, kTermCount> servedFormulas(const ServeReport& r) {
    std::array<std::string, kTermCount> f{};
    const auto at = [&f](Term t) -> std::string& { return f[static_cast<size_t>(t)]; };
    at(Term::Weights) = "weights on this rank + RoPE cache = " + formatGiB(r.terms.weights);
    at(Term::Activations) = "the profile run's peak, kept free for the largest step = " +
                            formatGiB(r.terms.activationPeak);
    at(Term::KvCache) = "KV pool: " + std::to_string(r.kvBlocks) + " blocks of " +
                        std::to_string(r.settings.blockTokens) + " tokens x " +
                        std::to_string(static_cast<int64_t>(r.kvBytesPerToken)) +
                        " B per token = " + formatGiB(r.kvCacheBytes);
    at(Term::Workspace) = "CUDA graphs " + formatGiB(r.terms.cudaGraphs) +
                          " + memory outside torch (NCCL, cuBLAS) " + formatGiB(r.terms.nonTorch) +
                          " = " + formatGiB(r.terms.cudaGraphs + r.terms.nonTorch);
    at(Term::CudaContext) = "CUDA context = " + formatGiB(r.terms.cudaContext);
    return f;
}

} // namespace headroom

namespace headroom {

std::string_view serveLeverKey(ServeLever l) {
    switch (l) {
    case ServeLever::HigherFraction:
        return "higher_fraction";
    case ServeLever::Fp8KvCache:
        return "fp8_kv_cache";
    case ServeLever::MoreTp:
        return "more_tp";
    case ServeLever::FewerSeqs:
        return "fewer_seqs";
    case ServeLever::ShorterMaxModelLen:
        return "shorter_max_model_len";
    case ServeLever::Fp8Weights:
        return "fp8_weights";
    }
    return "";
}

namespace {

/// The changed workload of one lever, or nullopt where it does not apply to @p now.
std::optional<std::pair<Workload, double>> applyLever(ServeLever l, const Workload& w,
                                                      const ServeReport& now) {
    Workload x = w;
    switch (l) {
    case ServeLever::HigherFraction:
        if (now.settings.fraction >= 0.95 || now.profile->pool != PoolRule::RequestedMinusProfile)
            return std::nullopt;
        x.inference.memoryUtilization = 0.95;
        return std::pair{x, 0.95};
    case ServeLever::Fp8KvCache:
        if (bytesPerElement(w.precision.kvCache) <= 1.0)
            return std::nullopt;
        x.precision.kvCache = DType::FP8;
        return std::pair{x, 0.0};
    case ServeLever::MoreTp:
        if (w.parallel.tp >= 8)
            return std::nullopt;
        x.parallel.tp = std::max(1, w.parallel.tp) * 2;
        return std::pair{x, static_cast<double>(x.parallel.tp)};
    case ServeLever::FewerSeqs:
        if (now.settings.maxSeqs <= 256 || now.profile->samplerExtraBytesPerLogit <= 0)
            return std::nullopt;
        x.inference.maxNumSeqs = 256;
        return std::pair{x, 256.0};
    case ServeLever::ShorterMaxModelLen: {
        if (now.blocker != ServeBlocker::MaxModelLenAboveKv || now.maxContext < 1)
            return std::nullopt;
        x.inference.maxModelLen = now.maxContext;
        return std::pair{x, static_cast<double>(now.maxContext)};
    }
    case ServeLever::Fp8Weights:
        if (bytesPerElement(w.precision.weights) < 2.0 || isQuantized(w.precision.weights))
            return std::nullopt;
        x.precision.weights = DType::FP8;
        x.precision.checkpointWeights = false;
        return std::pair{x, 0.0};
    }
    return std::nullopt;
}

} // namespace

std::vector<ServeOption> servePlaybook(const ModelArch& m, const Workload& w, const GpuSpec& gpu) {
    const auto now = serve(m, w, gpu);
    return now ? servePlaybook(m, w, gpu, *now) : std::vector<ServeOption>{};
}

std::vector<ServeOption> servePlaybook(const ModelArch& m, const Workload& w, const GpuSpec& gpu,
                                       const ServeReport& now) {
    std::vector<ServeOption> out;
    for (ServeLever l :
         {ServeLever::HigherFraction, ServeLever::Fp8KvCache, ServeLever::MoreTp,
          ServeLever::FewerSeqs, ServeLever::ShorterMaxModelLen, ServeLever::Fp8Weights}) {
        const auto changed = applyLever(l, w, now);
        if (!changed)
            continue;
        auto after = serve(m, changed->first, gpu);
        if (!after) // e.g. TP that does not divide the heads
            continue;
        const bool better = (after->starts && !now.starts) ||
                            (after->starts == now.starts && after->concurrency > now.concurrency);
        if (better)
            out.push_back({l, changed->second, std::move(after).value()});
    }
    std::stable_sort(out.begin(), out.end(), [](const ServeOption& a, const ServeOption& b) {
        if (a.after.starts != b.after.starts)
            return a.after.starts;
        return a.after.concurrency > b.after.concurrency;
    });
    return out;
}

} // namespace headroom
