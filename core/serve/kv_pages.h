#pragma once
// The paged KV cache of a serving engine on one tensor-parallel rank: which layers keep which
// tokens, how many bytes one page of each holds, and how many pages a request of N tokens
// takes. Bytes and tokens throughout; no engine-specific budget here (serve.h).

#include "core/model/dtype.h"
#include "core/model/model.h"

#include <cstdint>

namespace headroom {

/// The KV layout of one rank: layers by kind and the bytes one token takes in each.
/// Source: vllm/v1/kv_cache_interface.py (FullAttentionSpec, SlidingWindowSpec,
/// MLAAttentionSpec page_size_bytes), vllm-project/vllm v0.19.0.
struct KvLayout {
    int fullLayers = 0;    ///< layers that keep every token of a request
    int slidingLayers = 0; ///< layers that keep the last `window` tokens only
    int window = 0;        ///< sliding window in tokens (0: none)
    /// bytes of one token in one layer on this rank: 2 x kv heads per rank x head_dim x dtype
    /// bytes (K and V); MLA: (kv_lora_rank + qk_rope_head_dim) x dtype bytes, one latent
    /// replicated on every rank
    double bytesPerTokenLayer = 0;
    int kvHeadsPerRank = 0; ///< ceil(kv heads / TP), at least 1 (replicated when TP > kv heads)
    bool mla = false;
    int layers() const { return fullLayers + slidingLayers; }
};

/// Bytes of one KV element in @p dtype as serving engines page it: the dtype's size; fp8 is one
/// byte (vllm/v1/kv_cache_interface.py page_size_bytes: get_dtype_size(float8_e4m3fn); the
/// scales are one float per layer).
double kvElementBytes(DType dtype);

/// The layout of @p m's KV cache in @p dtype on one of @p tp ranks (pipeline stages: all
/// layers; the caller divides). KV heads per rank: max(1, kv_heads / tp), vLLM
/// QKVParallelLinear's num_kv_head_replicas when tp > kv heads
/// (vllm/model_executor/layers/linear.py).
KvLayout kvLayout(const ModelArch& m, DType dtype, int tp);

/// Pages one request of @p tokens takes in one layer of the given kind, for pages of
/// @p blockTokens tokens: full attention cdiv(tokens, block); a sliding layer keeps at most
/// window - 1 + @p batchedTokens tokens of it in blocks, plus one block for the window's
/// unaligned start (SlidingWindowSpec.max_memory_usage_bytes). @p tokens >= 0.
int64_t fullLayerPages(int64_t tokens, int blockTokens);
int64_t slidingLayerPages(int64_t tokens, int window, int64_t batchedTokens, int blockTokens);

/// Bytes of KV one request of @p tokens takes on the rank, in whole pages of every layer:
/// sum over layers of pages x blockTokens x bytesPerTokenLayer
/// (vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory's needed_memory).
double requestKvBytes(const KvLayout& kv, int64_t tokens, int64_t batchedTokens, int blockTokens);

/// How the pool's blocks are shared between layer kinds (vLLM's hybrid KV-cache manager):
/// layers are cut into groups of `groupSize` layers of one kind (the fewer layers of the two
/// kinds, or the more when more < 1.5 x fewer); one block id is one page in
/// each layer of a group, so it costs groupSize pages, and a request takes blocks in every
/// group. A model of one kind is one group of all its layers.
/// Source: vllm/v1/core/kv_cache_utils.py _get_kv_cache_groups_uniform_page_size and
/// get_kv_cache_config_from_groups (v0.19.0).
struct KvGroups {
    int groupSize = 0;     ///< layers per group
    int fullGroups = 0;    ///< groups of full-attention layers
    int slidingGroups = 0; ///< groups of sliding-window layers
    int groups() const { return fullGroups + slidingGroups; }
};
KvGroups kvGroups(const KvLayout& kv);

/// The KV pool of @p poolBytes on one rank in pages of @p blockTokens tokens.
struct KvPool {
    int64_t blocks = 0;    ///< block ids: floor(pool / (groupSize x page bytes))
    int64_t tokens = 0;    ///< tokens of one long request: floor(blocks / groups) x block tokens
    double blockBytes = 0; ///< bytes of one block id: groupSize x blockTokens x bytes/token/layer
};
KvPool kvPool(const KvLayout& kv, double poolBytes, int blockTokens);

/// Block ids one request of @p tokens takes: each full group cdiv(tokens, block), each
/// sliding group slidingLayerPages(...).
int64_t requestBlocks(const KvLayout& kv, int64_t tokens, int64_t batchedTokens, int blockTokens);

} // namespace headroom
