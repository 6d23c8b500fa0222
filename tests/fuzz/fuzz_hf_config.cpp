// libFuzzer harness: a Hugging Face config.json (core importHfConfig), any bytes.
#include "core/model/hf_import.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace headroom;
    const auto r = importHfConfig(fuzz::text(data, size), "fuzz");
    fuzz::checkResult(r, "importHfConfig");
    if (r.ok()) // an imported architecture is valid and countable
        (void)countParameters(r->arch);
    return 0;
}
