#pragma once
// The allocator reserve of one rank: what PyTorch's caching allocator holds beyond the live
// tensors, the part of it given back before an out-of-memory error, and what nvidia-smi adds.
// It adds up as (bytes, the rank's allocated peak first, estimator.h's RankEstimate fields):
//
//   reserved   = allocated
//              + step reserve    stepFragmentation: the step's blocks and loss replayed at
//                                its token count (step_replay.h), plus a share of what the
//                                replay does not run; without a replay, a share of the
//                                dynamic tensors (terms::allocatorReserve)
//              + gradient pool   torch FSDP's reduce-scatter stream keeps its gradients'
//                                blocks (gradientPoolCache)
//              + lengths cache   lengthsCache: segments left by varying batch lengths
//                                (length_replay.h)
//     at least   the load's cached segments (load_replay.h) and FSDP1's all-gather pool
//                (loadReserved)
//   releasable = reserved - what the step and the load need held (wholly free segments,
//                which PyTorch frees before it raises an out-of-memory error)
//   nvidia-smi = reserved + CUDA context and NCCL (terms::cudaContext) + resident paged
//                optimizer states
//
// Bound: reserved >= allocated; every replayed part is at most the replay's own peak of
// segments (asserted where it is replayed); releasable <= reserved - allocated.
// Cost: the replays (step, lengths, load) are looked up in the active ReplayCache
// (replay_cache.h) first; each is bounded in its own header.
//
// Internal to core/engine (stages.cpp calls it); sources: c10/cuda/CUDACachingAllocator.cpp
// and the headers named above; docs/metrics.md "Allocator reserve".

#include "core/engine/reserve/step_replay.h"
#include "core/engine/stage_context.h"

#include <array>

namespace headroom::stages {

/// What the stage's earlier steps hand to the reserve (bytes).
struct ReserveInputs {
    /// Term::Gradients in each phase (the FSDP gradient pool is counted against each)
    std::array<double, kPhaseCount> phaseGradients{};
    double storedGrads = 0;  ///< the rank's gradients once the step's micro-batches all ran
    double castsAtPeak = 0;  ///< autocast's weight casts at the peak phase (in Term::Workspace)
    double gatheredPool = 0; ///< FSDP all-gather outputs (the unshard stream's pool)
    double pageable = 0;     ///< paged optimizer states (CUDA unified memory)
};

/// The shapes of this stage's step that the replays allocate.
StepShape stepShape(const StageContext& x);

/// Whether reserveAndContext replays this stage's step through the caching-allocator model:
/// training, one micro-batch in flight (no PP), blocks on the stage, saves kept on the GPU.
bool stepReplayed(const StageContext& x);

/// Fills @p r's reserved, releasable, nvidia-smi and their parts (stepFragmentation,
/// gradientPoolCache, loadReserved, lengthsCache, the AllocatorReserve and CudaContext terms)
/// from its allocated peak and phases, as the header adds them up.
void reserveAndContext(const StageContext& x, const ReserveInputs& in, RankEstimate& r);

/// A GPU of @p capacity bytes cannot hold more than that: when the step's tensors and the
/// cached-but-empty segments would not fit together, the caching allocator frees those
/// segments (`release_cached_blocks`) and retries, so reserved keeps only as many of them as
/// the capacity leaves room for. The segments cached for other batch lengths go first, then
/// the gradient pool, then the replayed step's (the order only matters for the formula text).
void releaseCachedForCapacity(RankEstimate& r, double capacity);

} // namespace headroom::stages
