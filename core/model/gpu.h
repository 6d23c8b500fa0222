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
    /// Total memory as CUDA reports it to a process (cudaMemGetInfo / torch.cuda.mem_get_info
    /// total, what vLLM logs as total_memory), MiB; below memoryMiB by what the driver keeps.
    /// 0 = not known for this GPU (serving engines then see memoryMiB, a warning says so).
    int64_t cudaTotalMiB = 0;
    /// GPUs of this kind talk over NVLink (SXM boards, NVL bridges): vLLM's custom all-reduce
    /// and NCCL's NVLink buffers are allocated when TP > 1 (serving's non-torch memory).
    bool nvlink = false;
    /// Total device memory in bytes (memoryMiB x 2^20).
    double bytes() const { return static_cast<double>(memoryMiB) * kMiB; }
    /// every field (a derived key: a new field takes part without a list kept by hand)
    bool operator==(const GpuSpec&) const = default;
};

/// A GPU of @p bytes capacity with no preset (GUI "custom capacity").
GpuSpec customGpu(double bytes);

} // namespace headroom
