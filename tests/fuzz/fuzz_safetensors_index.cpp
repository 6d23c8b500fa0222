// libFuzzer harness: model.safetensors.index.json (core parseSafetensorsIndex), any bytes.
#include "core/model/hf_import.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace headroom;
    const auto r = parseSafetensorsIndex(fuzz::text(data, size));
    fuzz::checkResult(r, "parseSafetensorsIndex");
    if (r.ok() && (r->totalBytes < 0 || r->tensorCount < 0))
        std::abort();
    return 0;
}
