// libFuzzer harness: a measured-run file (core/measured measuredRunFromJson), any bytes; what
// parses is compared with its estimate, so compareMeasured meets every run the reader lets
// through.
#include "core/measured/comparison.h"
#include "core/measured/measured_run.h"
#include "fuzz_common.h"

#include <cmath>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace headroom;
    const auto r = measuredRunFromJson(fuzz::text(data, size));
    fuzz::checkResult(r, "measuredRunFromJson");
    if (!r.ok())
        return 0;
    const MeasuredComparison c = compareMeasured(r.value().scenario, r.value().run);
    for (const MeasuredPair& p : c.metrics)
        if (!std::isfinite(p.relativeError()))
            std::abort(); // a finding: a non-finite error from finite bytes
    return 0;
}
