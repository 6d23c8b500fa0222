#pragma once
// Byte units, one definition for the engine and its front ends. The engine computes in bytes;
// these convert only at the edges (input parsing, text output), always labelled:
// GiB = 2^30 bytes (what PyTorch and nvidia-smi print as "MiB"/"GiB"), GB = 1e9 bytes (what GPU
// vendors print on the box).

namespace headroom {

inline constexpr double kKiB = 1024.0;        ///< 2^10 bytes
inline constexpr double kMiB = 1024.0 * kKiB; ///< 2^20 bytes
inline constexpr double kGiB = 1024.0 * kMiB; ///< 2^30 bytes
inline constexpr double kTiB = 1024.0 * kGiB; ///< 2^40 bytes
inline constexpr double kGB = 1e9;            ///< 10^9 bytes

} // namespace headroom
