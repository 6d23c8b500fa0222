#pragma once
// Checked 64-bit arithmetic for sizes, counts, element numbers and parallel-degree products:
// the one helper every reader and the engine use so that no product or sum of untrusted
// numbers wraps (signed overflow is undefined behaviour) and no double becomes an integer it
// cannot represent. Each function returns nothing instead of an overflowed value; the caller
// turns that into an Error naming its field.

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>

namespace headroom::checked {

/// a + b, or nothing when the sum leaves int64_t.
constexpr std::optional<int64_t> add(int64_t a, int64_t b) {
    int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r))
        return std::nullopt;
    return r;
}

/// a * b, or nothing when the product leaves int64_t.
constexpr std::optional<int64_t> mul(int64_t a, int64_t b) {
    int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r))
        return std::nullopt;
    return r;
}

/// The product of @p factors, or nothing when any partial product leaves int64_t.
constexpr std::optional<int64_t> product(std::initializer_list<int64_t> factors) {
    int64_t r = 1;
    for (int64_t f : factors) {
        const auto p = mul(r, f);
        if (!p)
            return std::nullopt;
        r = *p;
    }
    return r;
}

/// The sum of @p terms, or nothing when any partial sum leaves int64_t.
constexpr std::optional<int64_t> sum(std::initializer_list<int64_t> terms) {
    int64_t r = 0;
    for (int64_t t : terms) {
        const auto s = add(r, t);
        if (!s)
            return std::nullopt;
        r = *s;
    }
    return r;
}

/// @p v as an integer when it is finite, has no fractional part and lies in [lo, hi];
/// otherwise nothing. Use it before every double-to-integer conversion of input (a cast of an
/// out-of-range double is undefined behaviour).
inline std::optional<int64_t> toInt64(double v, int64_t lo = std::numeric_limits<int64_t>::min(),
                                      int64_t hi = std::numeric_limits<int64_t>::max()) {
    // 2^63 is exactly representable; every double below it converts without overflow.
    constexpr double kTwo63 = 9223372036854775808.0;
    if (!std::isfinite(v) || v != std::trunc(v) || v < -kTwo63 || v >= kTwo63)
        return std::nullopt;
    const auto i = static_cast<int64_t>(v);
    if (i < lo || i > hi)
        return std::nullopt;
    return i;
}

} // namespace headroom::checked
