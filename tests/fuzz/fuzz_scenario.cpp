// libFuzzer harness: a scenario file (core scenarioFromJson), any bytes. Besides "no crash":
// a scenario that opens is written and must reopen (a saved scenario always reopens).
#include "core/engine/estimator.h"
#include "core/io/scenario.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace headroom;
    const auto r = scenarioFromJson(fuzz::text(data, size));
    fuzz::checkResult(r, "scenarioFromJson");
    if (!r.ok())
        return 0;
    const auto back = scenarioFromJson(toJson(*r));
    if (!back.ok()) {
        std::fprintf(stderr, "a scenario that opened does not reopen after a save: %s: %s\n",
                     back.error().field.c_str(), back.error().detail.c_str());
        std::abort();
    }
    if (!validateWorkload(r->model, r->workload))
        (void)estimate(r->model, r->workload, &r->gpu);
    return 0;
}
