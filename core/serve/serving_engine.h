#pragma once
// Serving-engine profiles: how vLLM, SGLang and TensorRT-LLM size their memory at start-up.
// One table (engineProfiles()) read by every layer: the CLI's --engine keys, the GUI's engine
// list, the scenario key and the sizing in serve.h. Each profile is one engine at one version;
// each fact names the engine source it is read from (docs/serving.md has the walk-through).

#include "core/engine/workload.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace headroom {

/// What an engine's memory fraction is a fraction of, and so where the KV pool comes from.
enum class PoolRule {
    /// vLLM: requested = fraction x total; KV = requested - weights - profiled activation peak -
    /// non-torch memory (- CUDA graphs where graphsInBudget)
    /// (vllm/v1/worker/gpu_worker.py determine_available_memory)
    RequestedMinusProfile,
    /// SGLang: KV = fraction x free memory before load - weights; activations and CUDA graphs
    /// live in the rest (model_runner_kv_cache_mixin.py _profile_available_bytes)
    FractionOfFreeMinusWeights,
    /// TensorRT-LLM: KV = fraction x (total - profiled peak incl. non-torch and CUDA graphs)
    /// (tensorrt_llm/_torch/pyexecutor/_util.py KvCacheCreator._cal_max_memory)
    FractionOfFreeAfterPeak,
};

/// How the engine reports the pool's size in tokens.
enum class TokenFigure {
    BlocksPerGroup,      ///< floor(blocks / KV groups) x block tokens (vLLM before #41069)
    ConcurrencyTimesLen, ///< int(max concurrency x max_model_len) (vLLM from #41069)
    CellTokens,          ///< KV bytes // bytes of one token in every layer (SGLang, TRT-LLM)
};

/// One engine at one version: its defaults and the facts of its start-up sizing. Sizes in
/// bytes; every default is what the engine fills when its user leaves the setting unset.
struct EngineProfile {
    ServingEngine engine;
    std::string_view label;   ///< display name (a product name, not translated)
    std::string_view version; ///< the engine version whose code the facts are read from
    PoolRule pool;
    TokenFigure tokens;
    /// the memory fraction when unset; 0 = SGLang's rule (sglangDefaultFraction)
    double defaultFraction;
    int blockTokens; ///< KV page in tokens when unset (vLLM block_size, SGLang page_size, TRT
                     ///< tokens_per_block)
    /// scheduler token budget of one step on GPUs of >= 70 GiB and on smaller ones (vLLM
    /// max_num_batched_tokens for the OpenAI server; SGLang chunked_prefill_size; TRT
    /// max_num_tokens): the profile run's dummy batch
    int64_t batchedTokensLarge, batchedTokensSmall;
    int maxSeqsLarge, maxSeqsSmall; ///< max_num_seqs / max_running_requests / max_batch_size
    int graphCaptureMax;            ///< largest CUDA-graph batch captured (vLLM 512)
    /// A model family (HF model_type) whose engine config raises graphCaptureMax, and the
    /// raised maximum ("" / 0: none). vLLM: gpt_oss captures up to 1024 tokens (83 graph
    /// sizes where 512 gives 51) unless the user sets the capture sizes
    /// (vllm/model_executor/models/config.py GptOssForCausalLMConfig.verify_and_update_config;
    /// start-up log "Overriding max cuda graph capture size to 1024 for performance").
    std::string_view raisedCaptureFamily;
    int raisedCaptureMax;
    bool graphsInBudget; ///< the CUDA-graph estimate is taken out of the KV budget
    /// bytes per element of the sampler's max_num_seqs x vocab tensors at its peak, beyond the
    /// compute-dtype logits: fp32 copy 4 + softmax probs 4 + exponential noise 4 + the
    /// top-k/top-p mask 1 (vllm/v1/sample/sampler.py; 0 for engines without a profiled sampler)
    double samplerExtraBytesPerLogit;
    /// CUDA memory outside PyTorch's allocator after the profile run on one GPU (cuBLAS
    /// workspaces, loaded kernels): vLLM's "non-torch forward increase memory"
    double nonTorchBytes;
    /// more of it on each rank when TP > 1 over NVLink (custom all-reduce, NCCL NVLink buffers)
    double nvlinkCommBytes;
    double graphOverheadBytes; ///< per captured CUDA graph beyond the first (vLLM: 6 MiB)
    /// MXFP4 expert weights are stored padded: hidden size up to a multiple of the first,
    /// expert width up to a multiple of the second (vLLM's Marlin / TRT-LLM MoE backends on
    /// Hopper: 256 and 128, fused_moe/oracle/mxfp4.py
    /// mxfp4_round_up_hidden_size_and_intermediate_size); 0 = stored as published
    int mxfp4HiddenAlign, mxfp4IntermediateAlign;
    std::string_view source; ///< where the rule and the defaults are read
};

/// Every engine profile, in display order (engines in enum order, versions oldest first).
std::span<const EngineProfile> engineProfiles();
/// The profile of @p e at @p version ("" = its newest), or nullptr when that version is not
/// known.
const EngineProfile* engineProfile(ServingEngine e, std::string_view version = {});
/// The newest profile whose key is @p key, or nullptr.
const EngineProfile* engineProfileByKey(std::string_view key);

/// SGLang's default mem_fraction_static for a GPU of @p gpuMiB (nvidia-smi total) at
/// tensor-parallel size @p tp: (gpu - reserved) / gpu, rounded to 3 decimals, with reserved =
/// 512 + 1.5 x max(chunked prefill, 2048) + 2 x CUDA-graph max batch + tp / 8 x 1024 + 8 per
/// prefill graph, at least 10 GiB on GPUs over 60 GiB (MiB throughout;
/// python/sglang/srt/server_args.py _handle_gpu_memory_settings, sgl-project/sglang@d7231480).
double sglangDefaultFraction(int64_t gpuMiB, int tp);
/// SGLang's chunked_prefill_size and decode CUDA-graph max batch for a GPU of @p gpuMiB
/// (the same function's table).
int64_t sglangChunkedPrefill(int64_t gpuMiB);
int sglangGraphMaxBatch(int64_t gpuMiB, int tp);

} // namespace headroom
