#pragma once

#include "core/units.h"
// A GPU as the memory planner sees it.

#include <cstdint>
#include <string>

namespace headroom {

struct GpuSpec {
    std::string key;       ///< preset key, e.g. "h100-sxm-80gb"
    std::string name;      ///< display name, e.g. "NVIDIA H100 SXM 80GB"
    std::string vendor;    ///< "nvidia", "amd", "intel", "apple"
    int64_t memoryMiB = 0; ///< total memory as the driver reports it (nvidia-smi "Total"), MiB
    double vendorGB = 0;   ///< marketing capacity in GB (1e9), e.g. 80
    /// Total device memory in bytes (memoryMiB x 2^20).
    double bytes() const { return static_cast<double>(memoryMiB) * kMiB; }
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const GpuSpec&) const = default;
};

/// A GPU of @p bytes capacity with no preset (GUI "custom capacity").
GpuSpec customGpu(double bytes);

} // namespace headroom
