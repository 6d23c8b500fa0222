#pragma once
// KeyHasher: two independent 64-bit hashes of a sequence of integers, and their count, with
// which the replay cache (replay_cache.h) passes over entries fast.

#include <cstdint>

namespace headroom {

/// Two independent 64-bit hashes (FNV-1a over whole 64-bit words, and a boost-style combine)
/// and a count of the values fed in. Cost: two multiplies and a few shifts per value (the
/// byte-wise FNV-1a took eight dependent multiplies a value: a quarter of a cached estimate).
/// A hash only passes over entries fast; a hit is decided by the key's operator==.
struct KeyHasher {
    uint64_t h1 = 14695981039346656037ull; ///< FNV-1a 64 offset basis
    uint64_t h2 = 0x9e3779b97f4a7c15ull;
    int64_t n = 0;
    void add(int64_t v) {
        const auto x = static_cast<uint64_t>(v);
        h1 = (h1 ^ x ^ (x >> 29)) * 1099511628211ull; // FNV prime; the shift folds high bits down
        h2 ^= x + 0x9e3779b97f4a7c15ull + (h2 << 6) + (h2 >> 2);
        ++n;
    }
};

} // namespace headroom
