#pragma once
// Built-in model and GPU presets (resources/models.json, resources/gpus.json).
// The JSON is compiled into the library (see core/CMakeLists.txt), so no file lookup is needed.

#include "core/error.h"
#include "core/model/gpu.h"
#include "core/model/model.h"

#include <string>
#include <string_view>
#include <vector>

namespace headroom {

struct ModelPreset {
    std::string key;         ///< e.g. "llama-3.1-8b"
    std::string displayName; ///< e.g. "Llama 3.1 8B"
    std::string traits;      ///< e.g. "dense, GQA" / "MoE, MLA"
    /// The family whose real sizes the model-size slider steps through ("llama-3"); empty:
    /// a family of one (core/model/size_family.h).
    std::string sizeFamily;
    ModelArch arch;
};

/// All model presets (>= 25), in file order. Parsed once, on first use (thread-safe).
const std::vector<ModelPreset>& modelPresets();
/// All GPU presets (>= 25).
const std::vector<GpuSpec>& gpuPresets();

/// Finds a preset by key (case-insensitive). nullptr when unknown.
const ModelPreset* findModelPreset(std::string_view key);
const GpuSpec* findGpuPreset(std::string_view key);

/// Parses a models.json / gpus.json text (schema_version 1); used by the loaders above and
/// by tests on malformed input.
Result<std::vector<ModelPreset>> parseModelPresets(std::string_view jsonText);
Result<std::vector<GpuSpec>> parseGpuPresets(std::string_view jsonText);

} // namespace headroom
