#pragma once
// Variable sample lengths, replayed through the caching-allocator model.
////
// Why: with a real data set each micro-batch is padded to its own longest sample, so one
// training step allocates its activations, logits and gradients in sizes that change from
// step to step. PyTorch's caching allocator keeps every segment it cudaMalloc'ed; a block
// cached for one length is split to serve a shorter one, and a longer batch (or the same
// tensors in another order of splits) finds no free block large enough and gets new
// segments. Allocated memory is set by the longest batch, as for fixed lengths, but
// torch.cuda.max_memory_reserved() grows far beyond it: measured on an H200 (tests/data/
// h200-2026-11.records.json) up to 1.9x allocated for Qwen2.5-7B LoRA (53.6 GiB reserved for
// 27.9 GiB allocated, against 33.5 / 29.9 GiB at a fixed length), none with
// expandable_segments (H200-41..43).
//
// What is replayed: the step of step_replay.h for each new longest batch the run is expected
// to meet (batchLengths()), and again for two steps at the longest of them. The difference of
// the two reserved peaks is what the lengths add to the engine's reserved estimate.
//
// Bound and cost: at most 14 batch lengths (kNewLongestBatches up to limits::kTrainSteps),
// each a step replay of at most kReplayedLayers blocks; cached (replay_cache.h).
//
// Units: bytes and tokens. Sources: c10/cuda/CUDACachingAllocator.cpp (allocator_model.h);
// docs/metrics.md "Variable sample lengths".

#include "core/engine/reserve/step_replay.h"
#include "core/engine/workload.h"

#include <cstdint>
#include <vector>

namespace headroom {

/// The padded lengths the replay runs, in order: the run's successive longest batches.
/// Reserved memory grows only when a batch is longer than every batch before it (its loss
/// chain finds no cached block large enough and cudaMalloc's new segments; shorter batches
/// reuse the cached ones), so the replay runs those batches only. Of @p lengths.steps
/// micro-batches of b = @p microBatch samples each, drawn independently, batch n (1-based) is
/// a new longest one with probability 1/n: the expected count up to n is the harmonic number
/// H_n. A new longest batch is taken at n = 1 and wherever H_n passes an integer (n = 1, 4,
/// 11, 31, 83, 227, 616, 1674, ...), as long as the expected longest of its n x b samples: the
/// quantile nb / (nb + 1) of the sample-length distribution, a normal(mean, std) clipped to
/// [min, max] (max 0: no upper clip) whose samples above @p sequenceLength are dropped
/// (dropLong: the quantile is taken among the kept ones) or truncated to it. Empty when
/// !lengths.variable(); every length is in [1, sequenceLength].
std::vector<int64_t> batchLengths(const SampleLengths& lengths, int64_t sequenceLength,
                                  int64_t microBatch);

/// The batches n where the harmonic number H_n = 1 + 1/2 + ... + 1/n first reaches 1, 2, 3,
/// ... (n = 1 and every later n with floor(H_n) > floor(H_{n-1})), up to limits::kTrainSteps.
inline constexpr int64_t kNewLongestBatches[] = {1,    4,    11,    31,    83,    227,    616,
                                                 1674, 4550, 12367, 33617, 91380, 248397, 675214};

/// The standard normal quantile Phi^-1(p) for p in (0, 1) (Acklam's rational approximation,
/// relative error < 1.2e-9); -inf / +inf at 0 / 1.
double normalQuantile(double p);

/// Reserved bytes the batch @p lengths (tokens per sample, in order; micro-batches of
/// @p microBatch samples) add: the replayed reserved peak over them minus that of two steps
/// at their longest, >= 0. 0 for no lengths, or a request past kLargestRequest.
double lengthsReserve(const StepShape& s, int64_t microBatch, const std::vector<int64_t>& lengths);

} // namespace headroom
