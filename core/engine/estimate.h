#pragma once
// An estimate: peak GPU memory of one rank, term by term and phase by phase (the types the
// estimator, core/engine/estimator.h, fills in), and the fits verdict's rule.
//
// Units: every number here is in bytes (double, exact for integers below 2^53).
// Metrics (docs/metrics.md):
//   allocated  = live tensors (torch.cuda.max_memory_allocated)
//   reserved   = allocated + caching-allocator segments and rounding (max_memory_reserved)
//   nvidia-smi = reserved + CUDA context + cuBLAS workspace (+ NCCL buffers with >1 GPU)
// The fits verdict compares the nvidia-smi metric with the GPU's total memory, because that
// is the quantity the driver refuses to exceed.

#include "core/engine/workload.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// One memory term. Order is the stacking order of the VRAM bar (bottom first).
enum class Term {
    Weights,          ///< model weights resident on this rank (+ LoRA adapters)
    MasterWeights,    ///< separate fp32 master copy of trainable parameters
    OptimizerStates,  ///< optimizer moments
    Gradients,        ///< stored gradients of trainable parameters
    Activations,      ///< tensors saved for backward (training) / live hidden states (inference)
    KvCache,          ///< attention key/value cache (inference, rollouts)
    Logits,           ///< lm_head output, fp32 upcast, loss buffers and their gradient
    Workspace,        ///< transients: gathered FSDP params, optimizer temporaries, comm buckets
    AllocatorReserve, ///< caching allocator: reserved - allocated
    CudaContext,      ///< CUDA context + cuBLAS workspace + NCCL (nvidia-smi only)
};
inline constexpr int kTermCount = 10;

/// Training phases. Inference uses AfterLoad and Forward (prefill/decode) only.
enum class Phase { AfterLoad, Forward, Backward, OptimizerStep };
inline constexpr int kPhaseCount = 4;

enum class Metric { Allocated, Reserved, NvidiaSmi };

using TermBytes = std::array<double, kTermCount>;

/// Memory of one rank (one pipeline stage's worst GPU).
struct RankEstimate {
    int stage = 0;      ///< pipeline stage index
    int firstLayer = 0; ///< first block on this stage
    int numLayers = 0;  ///< blocks on this stage
    TermBytes atPeak{}; ///< each term's bytes at the overall peak; sums to nvidiaSmi
    std::array<double, kPhaseCount> phaseAllocated{}; ///< allocated peak within each phase
    Phase peakPhase = Phase::AfterLoad;
    double allocated = 0; ///< max over phases of live tensor bytes
    double reserved = 0;  ///< allocated + AllocatorReserve
    /// Reserved bytes the load leaves cached (+ the FSDP all-gather pool), a floor under
    /// reserved; 0 for LoadRecipe::InPlace (core/engine/reserve/load_replay.h).
    double loadReserved = 0;
    double loadPeakAllocated = 0; ///< live-tensor peak during the load (0 for InPlace)
    /// Live bytes when the load ends (0 for InPlace): the weights the load leaves on this
    /// rank, which a replay of a sharded load must keep to this rank's shard (tst_properties).
    double loadAllocated = 0;
    /// Part of AllocatorReserve: torch FSDP's sharded gradients cached in the reduce-scatter
    /// stream's pool where they are not live (terms::sideStreamGradientCache): the largest
    /// phase's live bytes plus that cache, less allocated.
    double gradientPoolCache = 0;
    /// Part of AllocatorReserve and of releasable: segments cached for the other lengths of a
    /// run whose batches vary in length (SampleLengths; core/engine/reserve/length_replay.h). 0
    /// with fixed lengths or expandable segments.
    double lengthsCache = 0;
    /// Whether AllocatorReserve comes from replaying the step through the caching-allocator
    /// model (training without PP or activation offload; core/engine/reserve/step_replay.h
    /// stepFragmentation) rather than the fitted share of the transients.
    bool stepReplayed = false;
    /// With stepReplayed: a full fine-tune's gradients (and optimizer states held by torch's
    /// allocator) were replayed with the step (one GPU or DDP, no optimizer step in backward,
    /// no eager attention; length_replay.h stepReserve), so the resident share leaves them out.
    bool statesReplayed = false;
    /// Part of AllocatorReserve when stepReplayed: the replayed step's reserved peak less its
    /// allocated peak.
    double stepFragmentation = 0;
    /// Part of stepFragmentation and of releasable: the replay's wholly free segments
    /// (StepFragmentation::releasable).
    double stepReleasable = 0;
    /// Part of reserved in cached segments that hold no live tensor (the FSDP gradient pool at
    /// a loss-time peak, the load's wholly free segments). The caching allocator frees them
    /// (`release_cached_blocks`) and retries before it raises an out-of-memory error, so the
    /// fits verdict leaves them out, and with a GPU given reserved never counts more of them
    /// than the capacity leaves room for.
    double releasable = 0;
    double nvidiaSmi = 0; ///< reserved + CudaContext (+ resident paged optimizer states)
    /// Gradients of the trainable parameters when backward has stored them all (the Gradients
    /// term outside the phases that free them; 0 for inference), bytes.
    double storedGradients = 0;
    /// Paged optimizer states (bitsandbytes paged_*): CUDA unified memory outside torch's
    /// allocator. Shown by nvidia-smi while resident, but evicted to host under pressure,
    /// so the fits verdict leaves them out.
    double pageable = 0;
};

/// The full result for a scenario.
struct Estimate {
    RankEstimate worst;               ///< the rank with the largest nvidia-smi bytes
    std::vector<RankEstimate> stages; ///< one per pipeline stage (size 1 without PP)
    int64_t totalParams = 0;          ///< total parameters of the model
    int64_t activeParams = 0;         ///< parameters per token (MoE)
    int64_t trainableParams = 0;      ///< full: total; LoRA: adapter parameters
    double hostBytes = 0;             ///< host RAM for offloaded states/params (per node share)
    double capacity = 0;              ///< GPU memory, bytes (0 = no GPU given)
    /// every rank fits: rankFits(stage, capacity) for each of `stages`
    bool fits = true;
    /// min over ranks of capacity - verdictBytes(rank); < 0: OOM by that much
    double headroom = 0;
    double total(Metric m) const; ///< worst rank's total in metric @p m
};

/// Bytes the fits verdict weighs for one rank: nvidia-smi less the pageable optimizer states
/// and the releasable cached segments (RankEstimate::pageable, ::releasable).
double verdictBytes(const RankEstimate& r);
/// Whether rank @p r fits a GPU of @p capacity bytes: verdictBytes(r) <= capacity, the rule
/// of Estimate::fits applied to one rank.
bool rankFits(const RankEstimate& r, double capacity);
/// Sets @p e's fits (every rank fits: rankFits of `worst` and each of `stages`) and headroom
/// (the tightest rank's capacity - verdictBytes) from its ranks and `capacity`.
void decideFit(Estimate& e);

/// The category a term is drawn under in the GUI's 8-colour bar.
std::string_view termKey(Term t);   ///< "weights", "master_weights", ... (JSON keys)
std::string_view phaseKey(Phase p); ///< "after_load", "forward", "backward", "optimizer_step"
std::string_view metricKey(Metric m);
/// Whether phase @p p happens in one step of @p w: inference has no backward pass and no
/// optimizer step (AfterLoad and Forward only); training has all four.
bool phaseApplies(Phase p, const Workload& w);

} // namespace headroom
