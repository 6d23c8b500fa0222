#pragma once
// A measured run: the file tools/capture/headroom_capture.py writes (docs/measured-runs.md),
// a Headroom scenario plus a `measured` section of format "headroom-measured/1".
//
// Shape of `measured` (every byte count in bytes, integers >= 0):
//   format             "headroom-measured/1" (required; another format: UnsupportedVersion)
//   device_name, device_total_bytes, captured_by, captured_at, notes, versions{...}
//   after_load         one boundary (below): the state when the capture started; its peaks
//                      are the load's (since the process started)
//   steps[]            {index, forwards, input_shapes[[batch, tokens], ...],
//                       phases{forward|backward|optimizer_step: boundary}}
//   peaks              {allocated_bytes, reserved_bytes, active_bytes, device_used_bytes,
//                       process_used_bytes?}: maxima over the capture
//   segments           {count, reserved_bytes, allocated_bytes, expandable, ...} at the end
//   description        the live objects' facts (parameters by dtype, optimizer, wrapping,
//                      batch_shapes, allocator_conf, autocast_dtype, ...)
//   unmodelled[]       what the capture saw that no scenario key can say
// A boundary: {allocated_peak_bytes, reserved_peak_bytes, active_peak_bytes,
//   allocated_bytes, reserved_bytes, device_used_bytes, process_used_bytes?,
//   parameters_bytes?, gradients_bytes?, optimizer_state_bytes?}: the peaks since the previous
//   boundary and the state at this one (torch.cuda.memory_stats, mem_get_info, NVML).
// Source of the key names: torch.cuda.memory_stats() ("allocated_bytes.all.peak", ...),
// torch/cuda/memory.py; the capture helper's module doc.

#include "core/engine/estimate.h"
#include "core/error.h"
#include "core/io/scenario.h"
#include "core/measured/memory_snapshot.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace headroom {

inline constexpr std::string_view kMeasuredFormat = "headroom-measured/1";
/// Largest measured-run file read (the capture lists at most 4,096 segments; 64 MiB is ample).
inline constexpr std::uintmax_t kMaxMeasuredRunBytes = 64ull << 20;
/// Steps read from one file (the helper captures a few).
inline constexpr int kMaxMeasuredSteps = 10000;

/// One phase boundary (see the file comment). Bytes; absent values are std::nullopt.
struct MeasuredBoundary {
    double allocatedPeak = 0;
    double reservedPeak = 0;
    double activePeak = 0;
    double allocated = 0;
    double reserved = 0;
    double deviceUsed = 0;
    std::optional<double> processUsed;
    std::optional<double> parameters;
    std::optional<double> gradients;
    std::optional<double> optimizerStates;
};

struct MeasuredStep {
    int index = 0;
    int forwards = 1;
    /// [batch, tokens] of each forward's input_ids
    std::vector<std::array<int64_t, 2>> inputShapes;
    /// per training phase (Forward, Backward, OptimizerStep); AfterLoad unused here
    std::array<std::optional<MeasuredBoundary>, kPhaseCount> phases;
};

/// The `measured` section.
struct MeasuredRun {
    std::string deviceName;
    double deviceTotal = 0;
    std::string capturedBy;
    std::string notes;
    MeasuredBoundary afterLoad;
    std::vector<MeasuredStep> steps;
    double peakAllocated = 0;
    double peakReserved = 0;
    double peakActive = 0;
    double peakDeviceUsed = 0;
    std::optional<double> peakProcessUsed; ///< NVML's per-process figure (nvidia-smi's)
    int64_t segmentCount = 0;
    int64_t expandableSegments = 0;
    std::string allocatorConf; ///< PYTORCH_CUDA_ALLOC_CONF during the run
    std::vector<std::string> unmodelled;
    std::string snapshotFile; ///< PyTorch's snapshot saved beside the file, or ""
    /// Read from PyTorch's own snapshot (measuredRunFromSnapshot): allocated and reserved
    /// only, no phases, no nvidia-smi figure.
    bool fromSnapshot = false;

    /// Whether the run has the figure of metric @p m (a snapshot has no nvidia-smi one).
    bool has(Metric m) const { return !(fromSnapshot && m == Metric::NvidiaSmi); }

    /// The sequence lengths the captured steps ran, in order (tokens of the first forward).
    std::vector<int64_t> stepLengths() const;
    /// The shortest and longest of stepLengths(), tokens ({0, 0} without any).
    std::pair<int64_t, int64_t> lengthRange() const;
    /// The measured peak in @p m: allocated, reserved, or nvidia-smi (the process's own NVML
    /// figure when captured, else the device's used memory).
    double peak(Metric m) const;
};

struct MeasuredFile {
    Scenario scenario;
    MeasuredRun run;
};

/// Parses a capture file's text. Errors name the field by its path ("measured.steps[1].
/// phases.backward.allocated_peak_bytes"); the scenario part is read by scenarioFromDocument
/// with its own rules. A file without `measured` is FieldMissing "measured".
Result<MeasuredFile> measuredRunFromJson(std::string_view text);
/// The same from a file (at most kMaxMeasuredRunBytes).
Result<MeasuredFile> loadMeasuredRun(const std::filesystem::path& file);

/// Largest snapshot file read (readPickle's input limit).
inline constexpr std::uintmax_t kMaxSnapshotBytes = 512ull << 20;
/// Whether @p bytes is PyTorch's own memory snapshot rather than a capture file: a pickle
/// (first byte 0x80), or JSON whose top level has "segments" or "device_traces" and no
/// "measured" (looked for in the first 4 KiB, the keys memory_viz's files start with).
bool looksLikeSnapshot(std::string_view bytes);
/// A measured run from a snapshot (torch.cuda.memory._dump_snapshot): the peaks of its trace
/// replay when it has one (live bytes are the requests, a little under
/// max_memory_allocated), else the segments at the dump; no phases, no categories, no
/// scenario (the caller gives one). A snapshot with neither section is FieldMissing
/// "segments".
Result<MeasuredRun> measuredRunFromSnapshot(const MemorySnapshot& snap);
/// Reads a snapshot file (at most kMaxSnapshotBytes) and makes the run.
Result<MeasuredRun> loadSnapshotRun(const std::filesystem::path& file);

} // namespace headroom
