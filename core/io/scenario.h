#pragma once
// Scenario files: a whole what-if (model + workload + GPU) as versioned JSON with readable
// keys. See docs/scenario-format.md.

#include "core/engine/workload.h"
#include "core/error.h"
#include "core/model/gpu.h"
#include "core/model/model.h"
#include "core/plan/calibration.h"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace headroom {

/// The newest version this build reads. Version 2 added the optional "calibration" object; a
/// file is written as version 1 when it has none, so builds that read only version 1 still
/// open it, and as version 2 when it has one, so they refuse it instead of dropping it.
inline constexpr int kScenarioVersion = 2;

/// Where the model came from, so a saved scenario reopens the same way.
enum class ModelSource { Preset, ParamCount, Inline };

struct Scenario {
    ModelSource modelSource = ModelSource::Preset;
    std::string modelPreset = "llama-3.1-8b"; ///< for Preset
    double paramCount = 8e9;                  ///< for ParamCount
    ModelArch model;                          ///< resolved architecture (always filled)
    /// Inline only: the preset a derived family size was derived from (familySizeAt,
    /// core/model/size_family.h), so the size slider keeps stepping through its family;
    /// empty otherwise. JSON model.derived_from, written only when set.
    std::string derivedFrom;
    Workload workload;
    GpuSpec gpu; ///< resolved GPU
    int gpuCount = 1;
    /// Correction fitted from a measured run (core/plan/calibration.h); its `setup` is
    /// calibrationSetup() of the scenario it was fitted on.
    std::optional<Calibration> calibration;
};

/// The default scenario, what the GUI opens with, File > New gives and the CLI estimates when
/// given no --scenario: Llama-3.1-8B, full fine-tune, pure bf16 + AdamW, micro-batch 4, sequence
/// 2048, SDPA, one H100 80GB, under the plain PyTorch loop profile (torch-loop, its newest
/// version): a run nobody has said more about is a hand-written loop, not any framework's code.
/// A scenario file without a "framework" key is read as the custom profile (scenarioFromJson),
/// not as this.
Scenario defaultScenario();

/// Serialises to pretty JSON ("schema_version": 1).
std::string toJson(const Scenario& s);
/// Parses; unknown newer versions, wrong types, missing fields, out-of-range and non-finite
/// values give an Error naming the field ("workload.micro_batch_size").
Result<Scenario> scenarioFromJson(std::string_view text);
/// The same from a parsed document (compare's combinations, built as JSON): every rule but the
/// nesting-depth limit of the text form, which the reader's fixed schema does not need (it
/// only descends into the keys it knows).
Result<Scenario> scenarioFromDocument(const nlohmann::json& root);

Result<Scenario> loadScenario(const std::filesystem::path& file);

/// The setup a calibration holds for: the scenario's model, workload, GPU memory and GPU count
/// as the file writes them, less what a calibration carries across (micro-batch, sequence
/// length, gradient accumulation, prompt and new tokens). Compact JSON.
std::string calibrationSetup(const Scenario& s);

/// The scenario's calibration when it has one and it was fitted on this setup (every key of the
/// stored setup has the same value now; keys added by a later version are not compared), else
/// null.
const Calibration* activeCalibration(const Scenario& s);

/// Fits a calibration at the scenario's current point (fitCalibration) and records its setup.
Result<Calibration> calibrateScenario(const Scenario& s, const Measurement& m, std::string date);

} // namespace headroom
