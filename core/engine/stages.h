#pragma once
// The estimator's stages (internal to core/engine; estimator.cpp and formulas.cpp use it).
//
// One pipeline stage's rank is estimated as a short pipeline of named steps, each a function
// of the StageContext (what the model, the run and the stage's place fix) and of the steps
// before it:
//
//   residentWeights   weights on the GPU (sharded, offloaded, quantised) + LoRA adapters
//   trainingState     gradients, optimizer states, fp32 master copy, optimizer temporaries
//   activations       saved tensors (training: per checkpointing mode and in-flight
//                     micro-batches) and backward recompute; prefill transients (inference)
//   logitsAndLoss     lm_head output and the loss's buffers (last stage)
//   cachesAndRollout  KV cache (inference, or the colocated rollout engine's) + its weights
//   workspace         gathered FSDP units, dequantisation buffer, framework overhead
//   phases            each term's bytes in each Phase (after load, forward, backward, step)
//   peakOf            the phase with the most live bytes: allocated and the terms there
//   reserveAndContext reserved (caching allocator, load floor, gradient pool), what is
//                     releasable, CUDA context and NCCL: the nvidia-smi number
//                     (core/engine/reserve/reserve.h, where the reserve adds up)
//
// Every step only composes the terms of core/engine/memory_terms.h (formula, units, source
// there); framework behaviour reaches it as Workload flags set by the profile
// (core/engine/profiles.h). Units: bytes (double).

#include "core/engine/stage_context.h"

#include <array>

namespace headroom::stages {

/// Estimates one pipeline stage's rank; adds what it offloads to @p hostBytes.
RankEstimate estimateStage(const ModelArch& m, const ModelFacts& f, const Workload& w, int stage,
                           double& hostBytes);

} // namespace headroom::stages
