#pragma once
// Scenario files: a whole what-if (model + workload + GPU) as versioned JSON with readable
// keys. See docs/scenario-format.md.

#include "core/error.h"
#include "core/model/gpu.h"
#include "core/model/model.h"
#include "core/engine/workload.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace headroom {

inline constexpr int kScenarioVersion = 1;

/// Where the model came from, so a saved scenario reopens the same way.
enum class ModelSource { Preset, ParamCount, Inline };

struct Scenario {
    ModelSource modelSource = ModelSource::Preset;
    std::string modelPreset = "llama-3.1-8b"; ///< for Preset
    double paramCount = 8e9;                  ///< for ParamCount
    ModelArch model;                          ///< resolved architecture (always filled)
    Workload workload;
    GpuSpec gpu; ///< resolved GPU
    int gpuCount = 1;
};

/// The default scenario: Llama-3.1-8B, full fine-tune, bf16 + AdamW (PyTorch AMP profile off:
/// pure bf16), micro-batch 4, sequence 2048, one H100 80GB.
Scenario defaultScenario();

/// Serialises to pretty JSON ("schema_version": 1).
std::string toJson(const Scenario& s);
/// Parses; unknown newer versions, wrong types, missing fields, out-of-range and non-finite
/// values give an Error naming the field ("workload.micro_batch_size").
Result<Scenario> scenarioFromJson(std::string_view text);

Result<Scenario> loadScenario(const std::filesystem::path& file);

} // namespace headroom
