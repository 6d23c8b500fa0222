#pragma once
// PyTorch's CUDA memory snapshots, summarised: the dict torch.cuda.memory._snapshot() returns,
// as torch.cuda.memory._dump_snapshot(path) writes it (pickle.dump, Python's default protocol:
// 4, or 5 from Python 3.14), as torch::cuda::_memory_snapshot_pickled() writes it from C++
// (TorchScript's Pickler, protocol 2, no globals), or saved as JSON (json.dump of the same
// dict; tuples become arrays), the form pytorch.org/memory_viz also reads.
//
// The format, as read in pytorch/pytorch:
//   torch/cuda/memory.py @ 00b65a04a2d30e498eedcb1e3476abd547f428f1: _snapshot() (its
//     docstring's Snapshot / Segment / Block / Frame / TraceEntry TypedDicts) and
//     _dump_snapshot() (pickle.dump(s, f));
//   torch/csrc/cuda/Module.cpp @ 87a08c18736e7cf8a3b2a5d72d1c8564a159b746:
//     THCPModule_memorySnapshot, the dict itself: "segments" (each "device", "address",
//     "total_size", "allocated_size", "active_size", "requested_size", "stream",
//     "segment_type" "large"/"small", "segment_pool_id" (a 2-tuple), "is_expandable", "frames",
//     "blocks": each "address", "size", "requested_size", "state" ("active_allocated",
//     "active_pending_free", "inactive"), "frames": [{"filename", "line", "name"}]) and
//     "device_traces" (one list per device index; each entry "action", "addr" ("device_free"
//     for "oom"), "size", "stream", "frames"); only str, int, bool, list, dict and tuple;
//   torch/csrc/cuda/memory_snapshot.cpp @ 00067369c9339bed950762afec327514d6fa2566:
//     _memory_snapshot_pickled, the same dict plus each trace entry's "time_us" and the
//     "allocator_settings" dict ("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments", ...), which
//     later revisions of Module.cpp add to the Python dict too;
//   c10/cuda/CUDACachingAllocator.cpp @ eb42ad6eca0ce61e7c581212b4bf32f991425571: snapshot()
//     (allocated_size sums the allocated blocks' sizes, active_size the allocated and
//     pending-free ones, requested_size the active blocks' requested sizes; total_size all
//     blocks), the trace (an "alloc" records the caller's request, orig_size, a
//     "free_completed" the block's requested_size; "segment_alloc"/"segment_free"/
//     "segment_map"/"segment_unmap" the segment's or mapping's bytes; a ring buffer of
//     max_entries keeps the newest entries only).
// Units: bytes, int64.

#include "core/error.h"
#include "core/measured/pickle_reader.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

enum class SnapshotFormat { Pickle, Json };

/// Blocks in one state and their bytes (block "size": what the allocator gave, rounded).
struct BlockTally {
    int64_t count = 0;
    int64_t bytes = 0;
};

/// One live (active_allocated) block.
struct SnapshotBlock {
    int64_t address = 0;
    int64_t size = 0;          ///< bytes the allocator gave
    int64_t requestedSize = 0; ///< bytes the caller asked for (0 when absent)
    int64_t segment = 0;       ///< index into the snapshot's "segments"
    int64_t block = 0;         ///< index into that segment's "blocks"
    /// Its first (innermost) 3 frames as "name (filename:line)".
    std::vector<std::string> frames;
};

/// The segments of the summarised device.
struct SegmentSummary {
    int64_t segments = 0;
    int64_t reservedBytes = 0;  ///< sum of total_size (cudaMalloc'd or mapped)
    int64_t allocatedBytes = 0; ///< sum of allocated_size (active_allocated blocks)
    int64_t activeBytes = 0;    ///< sum of active_size (allocated + pending free)
    /// Sum of the inactive blocks' sizes: cached, free for reuse (= reserved - active in a
    /// consistent snapshot).
    int64_t inactiveBytes = 0;
    int64_t requestedBytes = 0; ///< sum of requested_size (the active blocks' requests)
    int64_t largestSegmentBytes = 0;
    int64_t expandableSegments = 0; ///< is_expandable true
    BlockTally activeAllocated;
    BlockTally activePendingFree;
    BlockTally inactive;
    BlockTally otherState; ///< a state string this reader does not know
    /// The kLargestBlocks largest active_allocated blocks, largest first (ties: by segment and
    /// block index).
    std::vector<SnapshotBlock> largestLiveBlocks;
};

/// The summarised device's trace (device_traces[device]), replayed.
///
/// Live bytes follow the allocator's own bookkeeping: +size at "alloc", -size at
/// "free_completed", both the caller's requested bytes, so a block counts from its alloc until
/// its memory is reusable (a pending free still counts). Reserved bytes: +size at
/// "segment_alloc" and "segment_map", -size at "segment_free" and "segment_unmap".
///
/// The ring buffer may have dropped the earliest entries, so the replay does not start from 0:
/// with segments present, it starts from (the segments' requestedBytes - the trace's net live
/// change) and (reservedBytes - the net reserved change), so that it ends at what the
/// segments say (anchored). Without segments it starts from the least value that keeps the
/// replay non-negative. The replay counts requested bytes, so its peak is below
/// torch.cuda.max_memory_allocated() (rounded block sizes) by the rounding of the blocks live
/// then.
struct TraceSummary {
    int64_t entries = 0;
    bool oom = false;      ///< an "oom" entry exists
    bool anchored = false; ///< the start comes from the segments
    int64_t startLiveBytes = 0;
    int64_t peakLiveBytes = 0;
    int64_t endLiveBytes = 0;
    int64_t startReservedBytes = 0;
    int64_t peakReservedBytes = 0;
    int64_t endReservedBytes = 0;
};

/// What "allocator_settings" says, when it says it.
struct AllocatorSettings {
    std::optional<std::string> allocConf; ///< "PYTORCH_CUDA_ALLOC_CONF"
    std::optional<bool> expandableSegments;
};

struct MemorySnapshot {
    SnapshotFormat format = SnapshotFormat::Pickle;
    /// The device summarised: the one with the most segments (ties: the lowest index), or 0
    /// when no segment exists.
    int device = 0;
    std::vector<int> devices;               ///< every device that has a segment, ascending
    std::optional<SegmentSummary> segments; ///< absent without "segments"
    std::optional<TraceSummary> trace;      ///< absent without "device_traces"
    std::optional<AllocatorSettings> allocatorSettings; ///< absent without "allocator_settings"
    /// The top-level sections absent: "segments", "device_traces", "allocator_settings".
    std::vector<std::string> missing;
};

/// How many live blocks the summary lists.
inline constexpr int kLargestBlocks = 20;

/// Reads a memory snapshot: a pickle when the first byte is 0x80 (PROTO, protocol 2+), JSON
/// when the first non-blank byte is '{'; then summarises the device described at
/// MemorySnapshot::device.
///
/// Required where their section exists: each segment's "total_size" and "blocks"; each
/// block's "size" and "state"; each trace entry's "action", and "size" for the actions the
/// replay counts. Optional, with fallbacks: "device" (0), "allocated_size", "active_size" and
/// "requested_size" (summed from the blocks), "is_expandable" (false), "address", "frames".
/// Other keys are ignored; a pickle's trace entries are read without their "frames"
/// (PickleDrop{"frames", "action"}: PyTorch shares one stack between many entries, which JSON
/// would copy into each). A missing top-level section is not an error: its field stays absent
/// and its name goes to `missing`.
///
/// Errors: those of readPickle (for a pickle; @p limits applies) or JsonMalformed (JSON,
/// nesting above kMaxJsonDepth included); FileTooLarge for JSON above limits.maxInputBytes;
/// HeaderMalformed (field "snapshot") when the input is neither; FieldWrongType when the root
/// or a field read has the wrong type, FieldMissing for a required key, FieldOutOfRange for a
/// negative size, a device outside 0..65535 or a sum beyond int64, each naming its path
/// ("segments[3].total_size", "device_traces[0][12].size",
/// "segments[0].blocks[2].frames[1].line").
/// Time: linear in the segments, blocks and trace entries (log 20 per live block).
Result<MemorySnapshot> readMemorySnapshot(std::string_view bytes, const PickleLimits& limits = {});

} // namespace headroom
