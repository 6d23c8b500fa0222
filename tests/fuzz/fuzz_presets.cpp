// libFuzzer harness: the preset tables (core parseModelPresets / parseGpuPresets), any bytes;
// the first byte picks the table.
#include "core/model/presets.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace headroom;
    if (size == 0)
        return 0;
    const auto body = fuzz::text(data + 1, size - 1);
    if (data[0] & 1) {
        const auto r = parseGpuPresets(body);
        fuzz::checkResult(r, "parseGpuPresets");
    } else {
        const auto r = parseModelPresets(body);
        fuzz::checkResult(r, "parseModelPresets");
    }
    return 0;
}
