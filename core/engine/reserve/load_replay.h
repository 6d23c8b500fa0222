#pragma once
// The model load, replayed as an allocation sequence through CachingAllocatorModel
// (allocator_model.h).
//
// Why: PyTorch's caching allocator keeps every segment it cudaMalloc'ed until
// torch.cuda.empty_cache(), and torch.cuda.reset_peak_memory_stats() resets the reserved peak
// to the *current* reserved bytes. Whatever the load left cached is therefore a floor under
// the reserved peak of every later step. When the load quantises on the GPU or flattens FSDP
// units, that floor can sit far above the step's own needs: torchtune's QLoRA tutorial
// (0914d5c) reads 9.13 GB reserved at model init for 3.9 GB of NF4 weights, and fsdp_qlora's
// benchmark notes read 3.72 GiB right after the FSDP wrap for a 1.9 GiB shard.
//
// Bound and cost: one replay walks every linear of every block once (O(layers x linears),
// DeepSeek-V3: about 47k linears, millions of allocations, 0.15-0.2 s on a 2-core VM,
// bench_core BM_LoadReplayDeepSeekTorchao); torchtune's load_state_dict pass skips a weight
// whose cycle cannot change the allocator (TransientCycles, allocator_model.h); the replay
// cache (replay_cache.h) keeps the last 32 loads, keyed on what the recipes read (LoadShape),
// so a sweep over anything else replays nothing.
//
// Units: bytes. Each recipe follows the framework code named in LoadRecipe's documentation
// (core/engine/workload.h); docs/metrics.md lists the allocation sequences.

#include "core/engine/reserve/key_hasher.h"
#include "core/engine/workload.h"
#include "core/model/model.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace headroom {

/// Memory of one rank when the load ends. All zero for LoadRecipe::InPlace.
struct LoadPhase {
    double reserved = 0;      ///< reserved bytes when the load ends (segments never released)
    double peakAllocated = 0; ///< largest live-tensor total during the load
    double allocated = 0;     ///< live bytes when the load ends (the weights)
    /// Part of `reserved` in segments with no live block when the load ends: cached, but given
    /// back to the driver before an out-of-memory error (CachingAllocatorModel).
    double releasable = 0;
    /// The replay's own peak of segments (max_memory_reserved during the load): `reserved`
    /// never exceeds it, nor does what the load leaves cached beyond its live tensors.
    double peakReserved = 0;
};

/// One linear of a block as the load recipes see it: its shape and its LoRA target bit.
struct LoadLinear {
    int64_t in = 0;
    int64_t out = 0;
    unsigned target = 0; ///< LoraTarget bit
    int64_t numel() const { return in * out; }
    bool operator==(const LoadLinear&) const = default;
};

/// One block: its linears in module order (q, k, v, o or MLA's projections, the MLP or every
/// expert's) and its norm parameters.
struct LoadBlock {
    std::vector<LoadLinear> linears;
    int64_t normParams = 0;
    bool operator==(const LoadBlock&) const = default;
};

/// Everything the load recipes read, and nothing else: the replay is a pure function of it,
/// and the replay cache decides a hit by its generated operator== (loadHash only passes over
/// the other entries fast), so a field the recipes start to read is part of the key by being
/// here. Built by loadShape(). Units: elements and bytes per element.
struct LoadShape {
    std::vector<LoadBlock> blocks;
    int64_t hidden = 0;
    int64_t vocab = 0;
    int64_t learnedPositions = 0; ///< rows of a learned position embedding (GPT-2), else 0
    bool tiedEmbeddings = false;
    bool finalNorm = false;
    LoadRecipe recipe = LoadRecipe::InPlace;
    DType weights = DType::BF16;
    DType adapters = DType::BF16;
    DType compute = DType::BF16;
    int64_t loraRank = 0; ///< 0 for a full fine-tune (no adapters made)
    unsigned loraTargets = 0;
    bool offloadParams = false;
    /// a torchao recipe whose parameters are sharded: torchtune's FSDP2 recipe loads tensor by
    /// tensor into each rank's shard
    bool shardedTorchao = false;
    int shard = 1; ///< the shard degree where the recipe reads it, else 1
    bool operator==(const LoadShape&) const = default;
};

/// What the recipes read of @p m, @p w and @p shard (blockLinears per block, layerShapes'
/// norm parameters, the embedding and head shapes, the dtypes, LoRA, recipe, offload, shard).
/// Cost: O(layers x linears).
LoadShape loadShape(const ModelArch& m, const Workload& w, int shard);

/// A hash of every field of @p s, for passing over cache entries fast (a hit is decided by
/// LoadShape's operator==). Cost: O(layers x linears).
KeyHasher loadHash(const LoadShape& s);

/// Replays @p s.recipe on one rank.
/// @p s.shard: FSDP/ZeRO-3 shard degree (>= 1) for Fsdp1SyncModuleStates and for a torchao
/// recipe whose parameters are sharded (torchtune's FSDP2 recipe loads the checkpoint tensor
/// by tensor into each rank's shard, never the whole model); ignored otherwise.
/// Bounds: reserved <= peakReserved; allocated <= peakAllocated <= peakReserved; releasable
/// <= reserved - allocated (asserted); with sharded parameters `allocated` is this rank's
/// shard of the weights, which never grows with the shard degree (tst_properties).
/// Weights take @p s.weights (NF4 family: n/2 bytes of packed data plus the quantisation
/// state), adapters @p s.adapters, embeddings, norms and lm_head bf16. Dense blocks follow
/// layerShapes(); MoE experts are listed as separate linears; MLA's latent projections (q_a,
/// q_b, kv_a, kv_b) at their own shapes. All zero when !loadReplayed(). Uncached:
/// simulateLoad (replay_cache.h) looks it up first.
LoadPhase replayLoad(const LoadShape& s);
/// replayLoad(loadShape(m, w, shard)).
LoadPhase replayLoad(const ModelArch& m, const Workload& w, int shard);

/// Whether replayLoad() replays anything for @p m, @p w: a load recipe other than InPlace
/// and a model with blocks.
bool loadReplayed(const ModelArch& m, const Workload& w);

} // namespace headroom
