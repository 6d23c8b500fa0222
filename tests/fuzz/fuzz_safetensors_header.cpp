// libFuzzer harness: a .safetensors file's 8-byte length and JSON header (core
// loadSafetensorsHeader reads a file, so the input is written to one temporary file first).
#include "core/model/hf_import.h"
#include "fuzz_common.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace headroom;
    static const std::filesystem::path file =
        std::filesystem::temp_directory_path() /
        ("headroom-fuzz-" + std::to_string(getpid()) + ".safetensors");
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    const auto r = loadSafetensorsHeader(file);
    fuzz::checkResult(r, "loadSafetensorsHeader");
    if (r.ok() && (r->totalBytes < 0 || r->totalElements < 0 || r->tensorCount < 0))
        std::abort();
    return 0;
}
