#include "core/model/gpu.h"
#include "core/units.h"

#include <cmath>
#include <cstdio>

namespace headroom {

GpuSpec customGpu(double bytes) {
    GpuSpec g;
    g.key = "custom";
    g.vendor = "custom";
    g.memoryMiB = static_cast<int64_t>(std::floor(bytes / kMiB));
    g.vendorGB = bytes / 1e9;
    char buf[64];
    std::snprintf(buf, sizeof buf, "Custom %.1f GiB", bytes / kGiB);
    g.name = buf;
    return g;
}

} // namespace headroom
