// libFuzzer harness: a serving start-up records file (core/validation parseServingRecords),
// any bytes; what parses is scored, so serve() meets every setting the parser lets through.
#include "core/validation/serving_records.h"
#include "fuzz_common.h"

#include <cmath>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace headroom;
    const auto r = parseServingRecords(fuzz::text(data, size));
    fuzz::checkResult(r, "parseServingRecords");
    if (!r.ok())
        return 0;
    const ServingValidation v = scoreServing(r.value());
    for (const ServingScore& s : v.scores)
        for (double p : s.predicted)
            if (!std::isfinite(p))
                std::abort(); // a finding: serve() let a non-finite figure through
    return 0;
}
