// libFuzzer harness: a validation records file (core/validation parseRecords), any bytes.
#include "core/validation/validation.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace headroom;
    const auto r = parseRecords(fuzz::text(data, size));
    fuzz::checkResult(r, "parseRecords");
    return 0;
}
