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
// DeepSeek-V3: about 47k linears, millions of allocations, 0.4 s); the replay cache
// (replay_cache.h) keeps the last 32 loads, keyed on what the recipes read (loadKey), so a
// sweep over anything else replays nothing.
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

/// Replays @p w.features.loadRecipe for @p m on one rank.
/// @p shard: FSDP/ZeRO-3 shard degree (>= 1) for Fsdp1SyncModuleStates and for a torchao
/// recipe whose parameters are sharded (torchtune's FSDP2 recipe loads the checkpoint tensor
/// by tensor into each rank's shard, never the whole model); ignored otherwise.
/// Bounds: reserved <= peakReserved; allocated <= peakAllocated <= peakReserved; releasable
/// <= reserved - allocated (asserted); with sharded parameters `allocated` is this rank's
/// shard of the weights, which never grows with the shard degree (tst_properties).
/// Weights take @p w.precision.weights (NF4 family: n/2 bytes of packed data plus the
/// quantisation state), adapters @p w.precision.adapters, embeddings, norms and lm_head bf16.
/// Dense blocks follow layerShapes(); MoE experts are listed as separate linears; MLA's latent
/// projections (q_a, q_b, kv_a, kv_b) at their own shapes.
/// All zero when !loadReplayed(). Uncached: simulateLoad (replay_cache.h) looks it up first.
LoadPhase replayLoad(const ModelArch& m, const Workload& w, int shard);

/// Whether replayLoad() replays anything for @p m, @p w: a load recipe other than InPlace
/// and a model with blocks.
bool loadReplayed(const ModelArch& m, const Workload& w);

/// What the recipes read, hashed: the linears and norm sizes of every block (blockLinears,
/// layerShapes), the embedding/head shapes, the workload's dtypes, LoRA, recipe, parameter
/// offload and the shard degree where the recipe reads it. The replay cache's key for a
/// load (the value count with both hashes). Keep in step with the recipes.
KeyHasher loadKey(const ModelArch& m, const Workload& w, int shard);

} // namespace headroom
