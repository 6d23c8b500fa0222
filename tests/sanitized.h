#pragma once
// Whether this test program runs under AddressSanitizer (the asan gate, docs/testing.md): a
// few long data-driven tables keep every n-th row there, where each row is one more value
// through the same code path (a process start costs about 1.7 s under ASan, 0.1 s in Release).

namespace headroom::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

/// Whether row @p index (0-based) of a long table runs: every row, or under a sanitizer every
/// @p stride-th, the first included.
inline bool rowRuns(int index, int stride) {
    return !kSanitized || index % stride == 0;
}

} // namespace headroom::test
