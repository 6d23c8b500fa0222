#include "core/serve/kv_pages.h"

#include <algorithm>

namespace headroom {

double kvElementBytes(DType dtype) {
    // fp8 KV: one byte; its k/v scales are one float per layer (Attention._k_scale), not per
    // block as the engine's fp8 weights keep
    return dtype == DType::FP8 ? 1.0 : bytesPerElement(dtype);
}

KvLayout kvLayout(const ModelArch& m, DType dtype, int tp) {
    KvLayout kv;
    kv.slidingLayers = m.slidingWindow > 0 ? std::clamp(m.slidingLayers, 0, m.numLayers) : 0;
    kv.fullLayers = m.numLayers - kv.slidingLayers;
    kv.window = kv.slidingLayers > 0 ? m.slidingWindow : 0;
    const double bytes = kvElementBytes(dtype);
    if (m.mla.enabled()) {
        kv.mla = true;
        kv.kvHeadsPerRank = 1;
        kv.bytesPerTokenLayer = (m.mla.kvLoraRank + m.mla.qkRopeHeadDim) * bytes;
        return kv;
    }
    const int ranks = std::max(1, tp);
    kv.kvHeadsPerRank = std::max(1, (m.numKvHeads + ranks - 1) / ranks);
    kv.bytesPerTokenLayer = 2.0 * kv.kvHeadsPerRank * m.headDim * bytes;
    return kv;
}

int64_t fullLayerPages(int64_t tokens, int blockTokens) {
    if (tokens <= 0 || blockTokens <= 0)
        return 0;
    return (tokens + blockTokens - 1) / blockTokens;
}

int64_t slidingLayerPages(int64_t tokens, int window, int64_t batchedTokens, int blockTokens) {
    if (tokens <= 0 || blockTokens <= 0)
        return 0;
    if (window <= 0)
        return fullLayerPages(tokens, blockTokens);
    // SlidingWindowSpec.max_memory_usage_bytes: min(window - 1 + max_num_batched_tokens,
    // max_model_len) tokens, cdiv'd into blocks, + 1 block for the window's unaligned start
    const int64_t kept =
        std::min<int64_t>(window - 1 + std::max<int64_t>(1, batchedTokens), tokens);
    return fullLayerPages(kept, blockTokens) + 1;
}

double requestKvBytes(const KvLayout& kv, int64_t tokens, int64_t batchedTokens, int blockTokens) {
    const double pageBytes = static_cast<double>(blockTokens) * kv.bytesPerTokenLayer;
    const double full = static_cast<double>(fullLayerPages(tokens, blockTokens)) * kv.fullLayers;
    const double sliding =
        static_cast<double>(slidingLayerPages(tokens, kv.window, batchedTokens, blockTokens)) *
        kv.slidingLayers;
    return (full + sliding) * pageBytes;
}

KvGroups kvGroups(const KvLayout& kv) {
    KvGroups g;
    if (kv.fullLayers == 0 || kv.slidingLayers == 0) {
        g.groupSize = std::max(1, kv.layers());
        g.fullGroups = kv.fullLayers > 0 ? 1 : 0;
        g.slidingGroups = kv.slidingLayers > 0 ? 1 : 0;
        return g;
    }
    // the fewest layers of one kind make a group, the other kind is cut into groups as large;
    // the most when that pads less (max < 1.5 x min)
    const int fewest = std::min(kv.fullLayers, kv.slidingLayers);
    const int most = std::max(kv.fullLayers, kv.slidingLayers);
    g.groupSize = 2 * most < 3 * fewest ? most : fewest;
    g.fullGroups = (kv.fullLayers + g.groupSize - 1) / g.groupSize;
    g.slidingGroups = (kv.slidingLayers + g.groupSize - 1) / g.groupSize;
    return g;
}

KvPool kvPool(const KvLayout& kv, double poolBytes, int blockTokens) {
    KvPool p;
    const KvGroups g = kvGroups(kv);
    p.blockBytes = static_cast<double>(g.groupSize) * blockTokens * kv.bytesPerTokenLayer;
    if (p.blockBytes <= 0 || !(poolBytes > 0) || g.groups() == 0)
        return p;
    p.blocks = static_cast<int64_t>(poolBytes / p.blockBytes);
    p.tokens = p.blocks / g.groups() * blockTokens;
    return p;
}

int64_t requestBlocks(const KvLayout& kv, int64_t tokens, int64_t batchedTokens, int blockTokens) {
    const KvGroups g = kvGroups(kv);
    return g.fullGroups * fullLayerPages(tokens, blockTokens) +
           g.slidingGroups * slidingLayerPages(tokens, kv.window, batchedTokens, blockTokens);
}

} // namespace headroom
