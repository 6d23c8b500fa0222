#pragma once
// The estimator: peak GPU memory of one rank, term by term and phase by phase
// (core/engine/estimate.h: the result's types and the metrics).

#include "core/engine/estimate.h"
#include "core/engine/workload.h"
#include "core/error.h"
#include "core/model/gpu.h"
#include "core/model/model.h"

#include <optional>
#include <string>

namespace headroom {

/// Checks the workload against the model (positive batch/sequence, LoRA rank, layout
/// constraints: TP divides heads and KV heads, PP <= layers, EP divides experts).
/// Returns the first violation, naming the field; each layout rule has its own ErrorCode
/// (TooManyGpus, TpNotDividingHeads, ..., CpNotDividingSequence; core/error.h).
std::optional<Error> validateWorkload(const ModelArch& m, const Workload& w);

/// Estimates the scenario. Pure function; no allocation beyond the stages vector.
/// Precondition: validateArch(m) == Ok and validateWorkload(m, w) is empty; otherwise the
/// numbers are unspecified but finite. @p gpu may be null (no verdict).
Estimate estimate(const ModelArch& m, const Workload& w, const GpuSpec* gpu = nullptr);

/// Checked entry point: validates, then estimates.
Result<Estimate> estimateChecked(const ModelArch& m, const Workload& w, const GpuSpec* gpu);

/// Human-readable formula of a term with this scenario's numbers put in, for pipeline stage
/// @p stage's rank (-1: the worst rank, Estimate::worst), e.g. "8.03e+09 params x 2 B (bf16)
/// = 14.96 GiB"; the divisions the rank's value has (PP stage, TP, ZeRO/FSDP shards) are
/// named, and only those. Not on the hot path.
std::string termFormula(Term t, const ModelArch& m, const Workload& w, const GpuSpec* gpu = nullptr,
                        int stage = -1);

/// @p bytes as "5.13 GiB": two decimals, a tie rounded up (as the GUI's QLocale does), the
/// one rounding of every formula text.
std::string formatGiB(double bytes);

} // namespace headroom
