#pragma once
// KeyHasher: two independent 64-bit hashes of a sequence of integers, and their count, with
// which the replay cache (replay_cache.h) passes over entries fast.

#include <cstdint>

namespace headroom {

/// Two independent 64-bit hashes (FNV-1a and a boost-style combine) and a count of the values
/// fed in. Cost: O(1) per value.
struct KeyHasher {
    uint64_t h1 = 14695981039346656037ull; ///< FNV-1a 64 offset basis
    uint64_t h2 = 0x9e3779b97f4a7c15ull;
    int64_t n = 0;
    void add(int64_t v) {
        const auto x = static_cast<uint64_t>(v);
        for (int i = 0; i < 8; ++i)
            h1 = (h1 ^ ((x >> (8 * i)) & 0xff)) * 1099511628211ull;
        h2 ^= x + 0x9e3779b97f4a7c15ull + (h2 << 6) + (h2 >> 2);
        ++n;
    }
};

} // namespace headroom
