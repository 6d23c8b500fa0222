#pragma once
// Calibration from one measured run: a small correction of the estimate for one setup (model,
// workload, framework, GPU), fitted from the peak the user measured at one micro-batch and
// sequence length, and stored in the scenario (core/io/scenario.h, "calibration").
//
// Mechanism (docs/metrics.md, "Calibrating to a measured run"). The gap between a measurement
// and the estimate in the same metric splits into
//   (a) a fixed overhead that does not scale with micro-batch or sequence length: the CUDA
//       context and cuBLAS workspaces of the driver/CUDA build, NCCL buffers, framework
//       extras (a compile cache, a CUDA-graph pool), and
//   (b) an allocator share of the transient bytes (fragmentation), which grows with them.
// One measured point gives one equation, so exactly one degree of freedom is fitted: the fixed
// overhead (a). Why (a) and not (b): the machine-specific unknowns the engine cannot see are
// fixed; the allocator share is a framework property already carried by the profile. And a
// fixed offset keeps the engine's slope (bytes per sample, per token), so its error at another
// micro-batch is the uncalibrated slope error, while a share fitted to a gap that is really
// context would multiply that gap by the growth of the transients.
//
// Formula (all bytes). With E = the uncalibrated estimate in the calibrated metric at the
// measured point and M = the measurement:
//   offset  = clamp(M - E, lo, hi)
//   hi      = 0.25 x E + 2 GiB
//   lo      = -min(0.25 x E, T)      T = the term the metric's correction lands in, at the
//                                        measured point: CudaContext (nvidia-smi),
//                                        AllocatorReserve (reserved), Workspace (allocated)
// Every later estimate adds the offset to that term and to the metric and every metric above it
// (allocated <= reserved <= nvidia-smi), never removing more than the term holds there, so a
// calibrated reserved or nvidia-smi is never below the engine's live allocated bytes.
// A measurement below the weights the rank holds (Term::Weights at the peak) is refused
// (FieldOutOfRange, field "measured"): no run of the scenario peaks under its own weights.
// A run that ran out of memory (`oom`, or M >= the GPU's capacity) keeps the verdict at OOM at
// the measured point and at every point at least as large (micro-batch and sequence length),
// whatever the clamp did.

#include "core/engine/band.h"
#include "core/engine/estimator.h"
#include "core/engine/workload.h"
#include "core/error.h"
#include "core/model/gpu.h"
#include "core/model/model.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace headroom {

/// Where a measurement came from.
enum class CalibrationSource {
    Manual,       ///< typed in (CLI --measured, GUI dialog)
    TorchStats,   ///< the JSON of torch.cuda.memory_stats()
    ToolsMeasure, ///< tools/measure/measure_peak.py output (its stdout line or records file)
    Capture       ///< a measured-run file of tools/capture/headroom_capture.py (core/measured)
};
std::string_view calibrationSourceKey(CalibrationSource s); ///< "manual", "torch_memory_stats", ...
std::optional<CalibrationSource> parseCalibrationSource(std::string_view key);
std::optional<Metric> parseMetric(std::string_view key); ///< "allocated", "reserved", "nvidia_smi"

/// Documented bounds of the fitted offset (see the file comment).
inline constexpr double kCalibrationRelativeBound = 0.25;      ///< share of E
inline constexpr double kCalibrationFixedBound = 2147483648.0; ///< 2 GiB, bytes
/// A measurement above this is not a GPU's memory (1 PB, the CLI's size limit).
inline constexpr double kMaxMeasuredBytes = 1e15;

/// What the user measured. bytes is 0 when only "it ran out of memory" is known.
struct Measurement {
    Metric metric = Metric::Reserved;
    double bytes = 0;
    bool oom = false;
    CalibrationSource source = CalibrationSource::Manual;
    std::string sourceDetail; ///< file name or "" (informational)
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const Measurement&) const = default;
};

/// A fitted calibration, stored in the scenario.
struct Calibration {
    Measurement measured;
    int64_t microBatch = 0;     ///< the measured point (concurrent sequences for inference)
    int64_t sequenceLength = 0; ///< tokens per sample (prompt + new tokens for inference)
    std::string date;           ///< ISO 8601 UTC, when it was fitted
    double estimatedBytes = 0;  ///< E: the uncalibrated estimate at the measured point
    double rawOffsetBytes = 0;  ///< M - E before the clamp (for oom: the least gap that OOMs)
    double offsetBytes = 0;     ///< the fitted fixed overhead after the clamp
    bool clamped = false;       ///< rawOffsetBytes was outside [lo, hi]
    /// The setup it was measured on, as the scenario file writes it (core/io fills and
    /// compares it; opaque here). Empty: applies to any setup.
    std::string setup;
    /// The run ran out of memory (flag, or measured >= capacity).
    bool oomRun() const { return measured.oom; }
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const Calibration&) const = default;
};

/// Parses "61.2GiB", "64 GB", "512MiB", "65536 MB", "1.5e10B" into bytes. The unit is required
/// and labelled (GB = 1e9, GiB = 2^30); NaN, infinity, zero, negative and anything above
/// kMaxMeasuredBytes give an Error naming @p field.
Result<double> parseMeasuredBytes(std::string_view text, std::string_view field);

/// Reads the measured peak in @p metric from JSON: torch.cuda.memory_stats() ("allocated_bytes.
/// all.peak", "reserved_bytes.all.peak"), tools/measure's stdout line ({"allocated": B,
/// "reserved": B, "nvidia_smi": B}) or its records file (an array of records with
/// "measured": {"metric", "bytes"}; the record's micro_batch_size / sequence_length, when
/// given, must match @p w). torch's statistics have no nvidia-smi reading: asking for it is an
/// Error naming the field. Errors name the JSON key ("allocated_bytes.all.peak").
Result<Measurement> measurementFromJson(std::string_view text, Metric metric, const Workload& w);

/// The measured point of @p w: {micro-batch, sequence length} for training,
/// {concurrent sequences, prompt + new tokens} for inference.
std::pair<int64_t, int64_t> calibrationPoint(const Workload& w);

/// Fits the offset at the scenario's current point (see the file comment). A measurement of
/// @p gpu's capacity or more is an OOM run. Errors: a measurement that is not finite, not
/// positive or too large (field "measured"); an OOM flag without a GPU (field "gpu").
Result<Calibration> fitCalibration(const ModelArch& m, const Workload& w, const GpuSpec& gpu,
                                   const Measurement& meas, std::string date);

/// The terms a correction in @p m changes: a positive one is added to the first, a negative
/// one taken from them in order. nvidia-smi: {CudaContext}; reserved: {AllocatorReserve};
/// allocated: {Workspace, Logits, Activations, KvCache}.
std::vector<Term> calibrationTerms(Metric m);

/// What applying a calibration did to one estimate.
struct CalibrationEffect {
    double offsetBytes = 0; ///< the offset actually added here (after the per-point floor)
    bool forcedOom = false; ///< the verdict is OOM because the measured run was
};

/// Applies @p c to @p e, the estimate of workload @p w (same setup): adds the offset to the
/// calibrated metric's term and to the metrics above it on every rank, recomputes the verdict
/// and headroom, and keeps it OOM at points at least as large as a measured OOM.
CalibrationEffect applyCalibration(Estimate& e, const Calibration& c, const Workload& w);

/// estimate() followed by applyCalibration() when @p c is given.
Estimate calibratedEstimate(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                            const Calibration* c);

/// Where @p w asks to plan against the band (Workload::planAgainstBandHigh): @p e's fits and
/// headroom from @p b, the band of its worst rank, at its high bound of the bytes the verdict
/// counts (fits: b.verdictHigh <= capacity; headroom at most capacity - b.verdictHigh); a fit
/// @p e has already lost stays lost. Nothing otherwise, or without a GPU (capacity 0).
void applyPlanTarget(Estimate& e, const Band& b, const Workload& w);

/// The estimate the planners judge a fit by (the playbook, the plan search, max-batch and
/// max-sequence, the layout finder, the sweep's fits): calibratedEstimate(), with
/// applyPlanTarget() of its band (estimateBand; a calibrated point's band shifted with it,
/// shiftBand). Cost: calibratedEstimate() alone unless @p w plans against the band; then one
/// estimate per band alternative more (at most 1 + the profile's other versions + 1).
Estimate plannedEstimate(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                         const Calibration* c = nullptr);

/// A planned estimate with the band it was judged by.
struct PlannedRun {
    Estimate estimate; ///< plannedEstimate()
    Band band;         ///< estimateBand() of the raw point, shifted with a calibration
};
/// plannedEstimate() and its band, whether or not @p w plans against it (the GUI shows both).
/// Cost: one estimate per band alternative beyond the point (estimateBand).
PlannedRun plannedRun(const ModelArch& m, const Workload& w, const GpuSpec* gpu,
                      const Calibration* c = nullptr);

/// Bytes the fit verdict of @p e counts on its worst rank: capacity - headroom, the nvidia-smi
/// total less the pageable optimizer states and the releasable cache (Estimate::fits), or the
/// band's high bound where the plan is against it (applyPlanTarget). The planners' measure of
/// a change's saving and new total (the playbook, the plan search). Needs a GPU (capacity > 0).
inline double countedBytes(const Estimate& e) {
    return e.capacity - e.headroom;
}

} // namespace headroom
