#include "core/serve/serving_engine.h"

#include "core/units.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace headroom {

namespace {

// vLLM defaults: vllm/engine/arg_utils.py get_batch_defaults (OpenAI server: 8192 tokens / 1024
// sequences on >= 70 GiB GPUs other than A100, else 2048 / 256); block_size 16
// (vllm/config/cache.py DEFAULT_BLOCK_SIZE); CUDA graphs up to min(2 x max_num_seqs, 512)
// tokens (vllm/config/vllm.py _set_cudagraph_sizes). Non-torch memory: the engine's own
// start-up log, "non-torch forward increase memory" 0.24-0.27 GiB on one H100 and 2.07-2.21 GiB
// at TP 2-4 over NVLink (vLLM 0.19.0, jgchn/llm-d-planner@d3121e0 logs); V0's "non_torch_memory"
// 1.79 -> 3.58 GiB from TP 1 to 2 on H100 (vllm-project/vllm#10511): measured, not derived.
constexpr double kNonTorchBytes = 0.25 * kGiB;  ///< one GPU
constexpr double kNvlinkCommBytes = 1.8 * kGiB; ///< more per rank at TP > 1 over NVLink

/// vLLM 0.19 (V1): the KV budget is requested - weights - torch peak - non-torch; CUDA graphs
/// are captured after the pool.
constexpr EngineProfile kVllm019 = EngineProfile{
    .engine = ServingEngine::Vllm,
    .label = "vLLM",
    .version = "0.19",
    .pool = PoolRule::RequestedMinusProfile,
    .tokens = TokenFigure::BlocksPerGroup,
    .defaultFraction = 0.90,
    .blockTokens = 16,
    .batchedTokensLarge = 8192,
    .batchedTokensSmall = 2048,
    .maxSeqsLarge = 1024,
    .maxSeqsSmall = 256,
    .graphCaptureMax = 512,
    .raisedCaptureFamily = "gpt_oss",
    .raisedCaptureMax = 1024,
    .graphsInBudget = false,
    .samplerExtraBytesPerLogit = 13.0,
    .nonTorchBytes = kNonTorchBytes,
    .nvlinkCommBytes = kNvlinkCommBytes,
    .graphOverheadBytes = 6.0 * kMiB,
    .mxfp4HiddenAlign = 256,
    .mxfp4IntermediateAlign = 128,
    .source = "vllm-project/vllm v0.19.0: vllm/v1/worker/gpu_worker.py "
              "determine_available_memory (non-KV = weights + torch peak increase + "
              "non-torch increase; CUDA graphs not subtracted unless "
              "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1), vllm/v1/core/kv_cache_utils.py"};

/// vLLM 0.21: 0.19 with the CUDA-graph estimate taken out of the budget, a 0.92 default and the
/// token figure as concurrency x max_model_len.
constexpr EngineProfile vllm021() {
    EngineProfile p = kVllm019;
    p.version = "0.21";
    p.tokens = TokenFigure::ConcurrencyTimesLen;
    p.defaultFraction = 0.92;
    p.graphsInBudget = true;
    p.source = "vllm-project/vllm 96a85c57 (#38284, v0.21.0): CUDA-graph memory estimated and "
               "taken out of the KV budget by default, gpu_memory_utilization 0.9 -> 0.92; "
               "e68fa1b9 (#41069): GPU KV cache size = concurrency x max_model_len";
    return p;
}

constexpr std::array kProfiles{
    kVllm019,
    vllm021(),
    // SGLang: no profiling forward; the pool is fraction x free memory - weights
    // (model_runner_kv_cache_mixin.py _profile_available_bytes); page_size 1; chunked prefill
    // and the decode graph batch by GPU size (server_args.py _handle_gpu_memory_settings).
    // Non-torch memory is the same CUDA runtime's as vLLM's (it lives in the reserved rest).
    EngineProfile{.engine = ServingEngine::Sglang,
                  .label = "SGLang",
                  .version = "2026-06",
                  .pool = PoolRule::FractionOfFreeMinusWeights,
                  .tokens = TokenFigure::CellTokens,
                  .defaultFraction = 0.0, // by rule: sglangDefaultFraction
                  .blockTokens = 1,
                  .batchedTokensLarge = 8192,
                  .batchedTokensSmall = 2048,
                  .maxSeqsLarge = 4096,
                  .maxSeqsSmall = 2048,
                  .graphCaptureMax = 256,
                  .raisedCaptureFamily = "",
                  .raisedCaptureMax = 0,
                  .graphsInBudget = false,
                  .samplerExtraBytesPerLogit = 0.0,
                  .nonTorchBytes = kNonTorchBytes,
                  .nvlinkCommBytes = kNvlinkCommBytes,
                  .graphOverheadBytes = 0.0,
                  .mxfp4HiddenAlign = 0,
                  .mxfp4IntermediateAlign = 0,
                  .source =
                      "sgl-project/sglang d7231480 (2026-06-14): server_args.py "
                      "_handle_gpu_memory_settings, pool_configurator.py calculate_pool_sizes"},
    // TensorRT-LLM PyTorch backend: a warm-up forward of max_num_tokens, then KV =
    // free_gpu_memory_fraction x (total - peak + temporary KV) (_util.py KvCacheCreator);
    // tokens_per_block 32 (llm_args.py KvCacheConfig).
    EngineProfile{.engine = ServingEngine::TrtLlm,
                  .label = "TensorRT-LLM",
                  .version = "2026",
                  .pool = PoolRule::FractionOfFreeAfterPeak,
                  .tokens = TokenFigure::CellTokens,
                  .defaultFraction = 0.90,
                  .blockTokens = 32,
                  .batchedTokensLarge = 8192,
                  .batchedTokensSmall = 8192,
                  .maxSeqsLarge = 2048,
                  .maxSeqsSmall = 2048,
                  .graphCaptureMax = 0,
                  .raisedCaptureFamily = "",
                  .raisedCaptureMax = 0,
                  .graphsInBudget = true,
                  .samplerExtraBytesPerLogit = 0.0,
                  .nonTorchBytes = kNonTorchBytes,
                  .nvlinkCommBytes = kNvlinkCommBytes,
                  .graphOverheadBytes = 0.0,
                  .mxfp4HiddenAlign = 0,
                  .mxfp4IntermediateAlign = 0,
                  .source = "NVIDIA/TensorRT-LLM 00043967: tensorrt_llm/_torch/pyexecutor/_util.py "
                            "KvCacheCreator.configure_kv_cache_capacity / _cal_max_memory, "
                            "tensorrt_llm/llmapi/llm_args.py KvCacheConfig"},
};

} // namespace

std::span<const EngineProfile> engineProfiles() {
    return kProfiles;
}

const EngineProfile* engineProfile(ServingEngine e, std::string_view version) {
    const EngineProfile* newest = nullptr;
    for (const EngineProfile& p : kProfiles) {
        if (p.engine != e)
            continue;
        if (!version.empty() && p.version == version)
            return &p;
        newest = &p;
    }
    return version.empty() ? newest : nullptr;
}

const EngineProfile* engineProfileByKey(std::string_view key) {
    for (const EngineProfile& p : kProfiles)
        if (servingEngineKey(p.engine) == key)
            return engineProfile(p.engine);
    return nullptr;
}

int64_t sglangChunkedPrefill(int64_t gpuMiB) {
    if (gpuMiB < 20 * 1024)
        return 2048;
    if (gpuMiB < 35 * 1024)
        return 2048;
    if (gpuMiB < 60 * 1024)
        return 4096;
    if (gpuMiB < 160 * 1024)
        return 8192;
    return 16384;
}

int sglangGraphMaxBatch(int64_t gpuMiB, int tp) {
    if (gpuMiB < 20 * 1024)
        return 8;
    if (gpuMiB < 35 * 1024)
        return tp < 4 ? 24 : 80;
    if (gpuMiB < 60 * 1024)
        return tp < 4 ? 32 : 160;
    if (gpuMiB < 160 * 1024)
        return tp < 4 ? 256 : 512;
    return 512;
}

double sglangDefaultFraction(int64_t gpuMiB, int tp) {
    if (gpuMiB <= 0)
        return 0.88; // server_args.py: no GPU size known
    double reserved = 512.0;
    reserved += std::max<double>(static_cast<double>(sglangChunkedPrefill(gpuMiB)), 2048.0) * 1.5;
    reserved += sglangGraphMaxBatch(gpuMiB, tp) * 2.0;
    reserved += std::max(1, tp) / 8.0 * 1024.0;
    if (gpuMiB > 60 * 1024)
        reserved = std::max(reserved, 10.0 * 1024.0);
    const double f = (static_cast<double>(gpuMiB) - reserved) / static_cast<double>(gpuMiB);
    return std::clamp(std::round(f * 1000.0) / 1000.0, 0.05, 0.99);
}

} // namespace headroom
