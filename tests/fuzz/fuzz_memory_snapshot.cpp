// libFuzzer harness: a PyTorch memory snapshot (core/measured readMemorySnapshot), any bytes:
// a pickle (first byte 0x80, through the data-only readPickle) or JSON. Limits lower than the
// defaults keep one input's result under a million values; what parses is checked for the
// summary's own invariants.
#include "core/measured/memory_snapshot.h"
#include "fuzz_common.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace headroom;
    PickleLimits limits;
    limits.maxValues = 1'000'000;
    limits.maxMemoEntries = 100'000;
    const auto r = readMemorySnapshot(fuzz::text(data, size), limits);
    fuzz::checkResult(r, "readMemorySnapshot");
    if (!r.ok())
        return 0;
    const MemorySnapshot& m = r.value();
    if (m.missing.size() > 3 || m.device < 0)
        std::abort(); // a finding: sections or device out of their range
    if (m.segments) {
        const auto& blocks = m.segments->largestLiveBlocks;
        if (blocks.size() > static_cast<size_t>(kLargestBlocks))
            std::abort();
        for (size_t i = 0; i < blocks.size(); ++i)
            if (blocks[i].frames.size() > 3 || (i > 0 && blocks[i].size > blocks[i - 1].size))
                std::abort(); // a finding: the list is not bounded or not largest first
        if (m.segments->reservedBytes < 0 || m.segments->largestSegmentBytes < 0)
            std::abort();
    }
    if (m.trace && (m.trace->peakLiveBytes < m.trace->startLiveBytes ||
                    m.trace->peakLiveBytes < m.trace->endLiveBytes))
        std::abort(); // a finding: the peak is not the replay's greatest value
    return 0;
}
