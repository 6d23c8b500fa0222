#pragma once
// The transient memory of a serving engine's profile run and CUDA-graph capture on one rank:
// what the engine measures before it sizes the KV pool. Bytes; tokens and rows are counts.

#include "core/model/model.h"

#include <cstdint>

namespace headroom {

/// Peak transient bytes of one eager forward of @p tokens tokens on a rank of @p tp, compute
/// dtype of @p c bytes, no KV read back (the profile batch is all prefill): three hidden-width
/// tensors alive across a block (residual, normed input, block output) plus the larger of
/// the attention projections (q, k, v and the attention output) and the feed-forward
/// intermediates (dense: gate_up 2I/tp + activation I/tp; MoE: vLLM fused_moe's caches,
/// top-k x (max(2I_e/tp, h) + I_e/tp) per token, vllm/model_executor/layers/fused_moe).
double forwardPeakBytes(const ModelArch& m, int64_t tokens, int tp, double c);

/// Peak bytes of the sampler over @p rows requests: the compute-dtype logits (rows x vocab x
/// c) plus @p extraBytesPerLogit per logit (fp32 copy, probabilities, noise, mask), while the
/// forward's output of @p tokens x hidden x c is alive (vllm/v1/worker/gpu_model_runner.py
/// profile_run -> _dummy_sampler_run; logits are gathered to the full vocabulary on every rank).
double samplerPeakBytes(const ModelArch& m, int64_t rows, int64_t tokens, double c,
                        double extraBytesPerLogit);

/// CUDA-graph batch sizes vLLM captures up to @p maxTokens: 1, 2, 4, then 8..248 step 8, then
/// 256..max step 16 (vllm/config/vllm.py _set_cudagraph_sizes). 0 for maxTokens < 1.
int graphCaptureCount(int maxTokens);

} // namespace headroom
