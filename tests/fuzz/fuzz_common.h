#pragma once
// Shared by the libFuzzer harnesses (tests/fuzz/fuzz_*.cpp): the harness entry point, and the
// rule every harness checks besides "no crash": a reader either returns a value or an Error
// that names what is wrong (an empty error would leave the user guessing).

#include "core/error.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace headroom::fuzz {

inline std::string_view text(const uint8_t* data, size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

/// Aborts (a finding) when a failed read gives no detail and no field.
template <typename R> void checkResult(const R& r, const char* what) {
    if (!r.ok() && r.error().field.empty() && r.error().detail.empty()) {
        std::fprintf(stderr, "%s: an error without a field or detail\n", what);
        std::abort();
    }
}

} // namespace headroom::fuzz
