#pragma once
// One training step at a fixed length, replayed through the caching-allocator model
// (allocator_model.h): what PyTorch's default allocator holds beyond the live tensors when the
// same step runs again and again.
//
// What is replayed: the large tensors of one training step in the order a Hugging Face
// decoder allocates and frees them (StepReplay, step_replay.cpp; per block: norm (an eager
// RMSNorm's fp32 chain), q/k/v, RoPE, attention, o-projection, gated MLP; eager attention's score
// matrices and fp32 softmax; the block's recompute under checkpointing; the loss chain of
// transformers' causal-LM loss; per-parameter gradients and optimizer states of a full fine-tune).
//
// Bound and cost: at most kReplayedLayers blocks (a deeper stage is scaled from them), no
// request past kLargestRequest; each replay walks O(blocks x tensors per block) allocations
// through an allocator model whose free lists are sorted by size (FreeBlockList: a binary
// search a call, and the moves of the shorter side of one size's list, O(1) at its ends,
// where nearly all calls fall). The grids (fragmentationEnvelope, reserveEnvelope) run at
// most 2 x log2 points, each replay cached (replay_cache.h).
//
// Units: bytes and tokens. Sources: c10/cuda/CUDACachingAllocator.cpp (allocator_model.h);
// transformers models/llama/modeling_llama.py and loss/loss_utils.py ForCausalLMLoss (the
// loss chain); docs/metrics.md "Allocator reserve".

#include "core/engine/memory_terms.h"

#include <cstdint>
#include <vector>

namespace headroom {

/// The shapes the replay allocates, read off the stage being estimated (core/engine/stages.cpp).
/// A MoE model's blocks are replayed as dense blocks of its intermediate size (the routed
/// experts' token groups are not), a model's first block on the stage stands for all.
struct StepShape {
    int layers = 0;           ///< blocks on this rank
    int checkpointed = 0;     ///< the first of them recomputed in backward
    double c = 2;             ///< bytes per element of the compute dtype
    int64_t hidden = 0;       ///< residual width
    int64_t qOut = 0;         ///< query (and attention output) width on this rank
    int64_t kvOut = 0;        ///< key / value width on this rank
    int64_t intermediate = 0; ///< MLP width on this rank (gate/up when gated)
    bool gatedMlp = true;
    /// Every norm (a block's two, the final one) is transformers' eager RMSNorm (not compiled,
    /// not LayerNorm; transformers modeling_llama.py LlamaRMSNorm): x.to(float32), its square,
    /// x * rsqrt(mean), the cast back and weight * x, each a new tensor; autograd keeps the
    /// fp32 copy and, with a trainable weight (normWeightGrad), the cast: the saves
    /// terms::normSaves counts. Otherwise a norm is one compute-dtype output.
    bool fp32Norm = false;
    bool normWeightGrad = false; ///< with fp32Norm: the norm weights take gradients
    /// gate and up are one linear's output, chunked (DecoderFamilyTraits::fusedGateUp)
    bool fusedGateUp = false;
    int64_t vocab = 0; ///< output-layer rows on this rank; 0: not the last stage
    /// The loss is the eager cross-entropy over the whole logits (not chunked, not compiled,
    /// not loss-parallel): its chain is replayed; otherwise the logits are left out.
    bool eagerLoss = true;
    /// The model returns fp32 logits (HF before 4.45): the compute-dtype output is freed at
    /// once and the loss copies the shifted logits (logits[..., :-1, :].contiguous()).
    bool fp32Logits = false;
    /// LoRA targets whose adapter saves its own copy of its input (dropout, or PEFT's and
    /// autocast's casts: terms::loraAdapterInput), replayed at the hidden width
    int adapterInputs = 0;
    double adapterInputBytes = 0; ///< bytes per element of those copies (0: compute dtype)
    /// Eager attention (transformers eager_attention_forward): heads on this rank whose
    /// query x key score matrix is materialised, b x heads x s x s_k elements, i.e. tokens x
    /// heads x s_k; 0 for a fused kernel (FlashAttention, SDPA, flex), which keeps no scores.
    int scoreHeads = 0;
    /// Key positions each query scores at the fixed length the step replay runs (the sequence
    /// length; a varying-length replay uses each batch's own length). Read with scoreHeads.
    int64_t scoreKeys = 0;
    /// Eager attention's element bytes along its softmax (terms::eagerSoftmaxDtypes: the
    /// additive mask, the masked scores, what the softmax reads, the fp32 copy of bf16
    /// scores). Read with scoreHeads; the default is fp16 scores and mask.
    terms::EagerSoftmaxDtypes softmax;
    /// Soft-capping (ModelArch::attnSoftcap / finalSoftcap): scores / cap, tanh (kept for
    /// backward) and x cap before the mask; the same chain on the logits before the loss.
    bool attnSoftcap = false;
    bool finalSoftcap = false;
    /// Full fine-tune: bytes of a gradient / of the optimizer states per parameter (0: frozen)
    double gradBytes = 0;
    double stateBytes = 0;
    /// Inference: the replay is one generate() prefill, not a training step (stepFragmentation
    /// runs prefillReplay). Each block's rotated keys and its values stay as the KV cache
    /// (transformers DynamicCache.update keeps the tensors it is given); no autograd saves, no
    /// backward, no loss (generate computes the last position's logits only).
    bool prefill = false;
    /// With prefill: the model's code keeps every block's KV cache in one tensor and grows it
    /// by torch.cat after each block, so each block frees a tensor one block's KV smaller than
    /// the one it makes (DecoderFamilyTraits::prefillKvConcat: chatglm's remote code,
    /// GLMTransformer.forward "prefilling in decoding, use tensor format to save cuda memory").
    bool kvConcat = false;
    /// every field: the replay caches match a shape by it (ReplayCache::StepKey), so a new
    /// field takes part in their keys without a list kept by hand
    bool operator==(const StepShape&) const = default;
};

/// Blocks the replay runs at most: a deeper stage is replayed as its first kReplayedLayers
/// blocks (the deepest published model has 126), which bounds its cost for any input.
inline constexpr int kReplayedLayers = 128;

/// The largest single request the replay runs (2^46 B = 64 TiB, far past any GPU): a run
/// whose tensors are larger is not replayed (lengthsReserve returns 0).
inline constexpr double kLargestRequest = 70368744177664.0;

/// Whether the widest request of @p s at @p tokens tokens (micro-batch x length) stays within
/// kLargestRequest, so the replay's int64_t byte counts cannot overflow.
bool replayable(const StepShape& s, double tokens);

/// The reserved peak (bytes) of training steps of @p s, one per entry of @p lengths, each of
/// @p microBatch samples padded to that length, in order through one allocator (what a run
/// meeting those batches leaves cached). Precondition: replayable() at the longest.
int64_t replayedPeak(const StepShape& s, int64_t microBatch, const std::vector<int64_t>& lengths);

/// What the caching allocator holds beyond the live tensors when one training step runs again
/// and again at a fixed length, per token of the micro-batch. The step's activations and loss
/// (StepReplay: each block's forward, the loss chain, each block's backward with its
/// recompute under checkpointing) are replayed for two steps through CachingAllocatorModel:
///   reserve    = (the replay's reserved peak - its allocated peak) / tokens. Blocks freed in
///                backward in another order than they were made get split by later, smaller
///                requests (a checkpointed block's recompute falls into the holes between the
///                stored block inputs; the loss's vocabulary-wide tensors find the segments of
///                the blocks' saves taken), and the allocator cudaMalloc's new segments for
///                what no longer fits.
///   releasable = (the replay's reserved peak - max(peakPinned, allocated peak)) / tokens: the
///                part of that reserve in wholly free segments whenever a new one is needed,
///                which the allocator gives back before it raises an out-of-memory error.
/// Every replayed size is tokens x a width (eager attention's scores too: b x heads x s x s is
/// tokens x heads x s, a width fixed by the sequence length, StepShape::scoreKeys), so
/// the pattern does not depend on the token count once the 2 MiB rounding and the small/large
/// pool thresholds are negligible: the replay runs
/// at stepReplayTokens(s) tokens and is read per token, which makes the reserve grow in
/// proportion to the micro-batch and the sequence, as a fits verdict must. A full fine-tune's
/// gradients and optimizer states (fixed sizes: with them the split pattern would change with
/// the batch) are not replayed here (reserveEnvelope replays them).
/// A stage deeper than kReplayedLayers is replayed as that many blocks and scaled by
/// layers / kReplayedLayers. Zeros for a shape without blocks or past kLargestRequest.
/// Sources: c10/cuda/CUDACachingAllocator.cpp (allocator_model.h); transformers
/// modeling_llama.py (the block) and the causal-LM loss (the loss chain). It replaces a fitted
/// 20 % of the transients (docs/metrics.md).
struct StepFragmentation {
    double reservePerToken = 0;
    double releasablePerToken = 0;
};
StepFragmentation stepFragmentation(const StepShape& s);

/// One generate() prefill of @p s (StepShape::prefill) through the caching-allocator model, per
/// prompt token: the embedding output, then each block's forward without autograd (block() as
/// the step replay runs it, its q/k/v, attention, MLP and residual tensors freed as the block
/// ends) keeping the block's rotated keys and values as the KV cache, or, with
/// StepShape::kvConcat, one tensor of both made at the block's attention and appended to the
/// cache of every earlier block by torch.cat after the block, then the final norm:
///   reserve    = (reserved peak - allocated peak) / tokens
///   releasable = (reserved peak - max(peakPinned, allocated peak)) / tokens
/// at stepReplayTokens(s) tokens (every size is tokens x a width), the first kReplayedLayers
/// blocks scaled to every block. Under eager attention (scoreHeads) each block's scores over
/// StepShape::scoreKeys prompt positions, their copies and the causal mask are replayed as in
/// training without autograd (fragmentationEnvelope takes the worst over the key grid). Zeros
/// for a shape without blocks or past kLargestRequest. Decoding is not replayed: its tensors
/// are a few tokens wide, and the KV cache's growth by one token a step fits in the blocks
/// the prefill left cached (tools/replay/decode_growth.cpp). Sources: transformers cache_utils.py
/// DynamicCache, THUDM glm-4-9b-chat modeling_chatglm.py GLMTransformer.forward (docs/metrics.md).
StepFragmentation prefillReplay(const StepShape& s);
/// The first sequence length of eager attention's grid (fragmentationEnvelope).
inline constexpr int64_t kScoreGridStart = 16;

/// A step replay at a shape: stepFragmentation itself, or a cached lookup of it
/// (replay_cache.h).
using FragmentationReplay = StepFragmentation (*)(const StepShape&);

/// The reserve per token over eager attention's sequence grid, each point replayed by
/// @p replay: under eager attention (StepShape::scoreHeads) the score tensors' width grows
/// with the sequence and the replayed pattern jumps wherever one tensor starts to fit in
/// another's freed block (for Llama-3.2-1B LoRA, checkpointed, from 7168 to 7296 tokens the
/// reserve per token falls by 39 %). A fits verdict and the max-sequence search need memory
/// that never falls as the sequence grows, so over the grid lengths 16 x 2^k and 24 x 2^k up
/// to scoreKeys the result takes the largest reserve per token and, as its non-releasable
/// part, the largest non-releasable part: one value between two grid points (a length below
/// 16 is replayed as it is). Without eager attention: @p replay(s). At most 2 x 13 replays
/// for a 131,072-token sequence.
StepFragmentation fragmentationEnvelope(const StepShape& s, FragmentationReplay replay);

/// Bytes the caching allocator holds beyond the live tensors in a step: reserve = reserved
/// peak - allocated peak; releasable = its part in wholly free segments (StepFragmentation,
/// here in bytes rather than per token). Bounds (asserted per replay): 0 <= releasable <=
/// reserve <= the replay's own peak of segments, scaled to the stage's blocks.
struct StepReserve {
    double reserve = 0;
    double releasable = 0;
};

/// Two steps of @p s at exactly @p tokens tokens, a full fine-tune's gradients (each block's
/// as its backward ends, the lm_head's as the loss's backward ends, all freed by zero_grad) and
/// optimizer states (made by the first step) included: what stepFragmentation leaves out
/// because their sizes do not grow with the tokens. Bytes.
StepReserve replayWithStates(const StepShape& s, int64_t tokens);

/// First token count of reserveEnvelope's grid.
inline constexpr int64_t kStateGridStart = 512;

/// Whether reserveEnvelope replays @p s's gradients and optimizer states: a full fine-tune whose
/// gradients the default pool holds (gradBytes > 0) without eager attention. The estimator
/// then leaves them out of the resident share at every token count (below kStateGridStart
/// too, where no grid point runs yet), so that share never jumps as the tokens grow.
inline bool statesReplayed(const StepShape& s) {
    return s.gradBytes > 0 && s.scoreHeads == 0;
}

/// A replay with gradients and states at a token count: replayWithStates itself, or a
/// cached lookup of it (replay_cache.h).
using StatesReplay = StepReserve (*)(const StepShape&, int64_t);

/// The allocator reserve of a step of @p tokens tokens (micro-batch x sequence) on a rank of
/// shape @p s, bytes: fragmentationEnvelope per token x @p tokens, and, for a full
/// fine-tune (gradBytes > 0) without eager attention, at least what @p states finds at every
/// grid token count 512 x 2^k and 768 x 2^k up to @p tokens (none below 512: a shorter step
/// replays no states). A replay with fixed-size gradients and states splits differently at
/// every token count (Llama-3.2-1B's full fine-tune, checkpointed, at 1024 tokens:
/// micro-batch 8 needs 5.5 % less than 7), so the largest over the grid at or below the
/// run's is taken, and the same for the part that is not releasable: both never fall as the
/// micro-batch or the sequence grows (tst_lengthreplay fullFineTuneReserveNeverFalls).
/// Measured effect: the checkpointed full fine-tune H200-06-R -10.7 -> +0.4 %
/// (docs/metrics.md). Under eager attention the gradients are not replayed (its grid runs
/// over the sequence instead). 2 x log2(tokens / 512) + 1 state replays at most.
StepReserve reserveEnvelope(const StepShape& s, double tokens, FragmentationReplay fragmentation,
                            StatesReplay states);

/// The token count stepFragmentation replays @p s at: 65,536 tokens, or the power of two
/// that makes the narrowest replayed tensor (a key/value projection, or the hidden state) at
/// least 64 MiB, at most 2^25.
int64_t stepReplayTokens(const StepShape& s);

} // namespace headroom
