#pragma once
// Field-level edits of a core Scenario, as the controls apply them. These only set fields and
// resolve presets through core (findModelPreset, denseFromParamCount, customGpu,
// applyPrecisionPreset); they compute no memory.

#include "core/io/scenario.h"
#include "ui/texts.h"

#include <string>

namespace headroom::ui::edits {

/// Selects a model preset by key; false when the key is unknown (scenario untouched).
bool setModelPreset(Scenario& s, const std::string& key);
/// Switches to a "Custom size" dense model of @p params parameters (denseFromParamCount).
void setCustomSize(Scenario& s, double params);
/// Uses an imported architecture (config.json / safetensors).
void setInlineModel(Scenario& s, const ModelArch& arch);
/// The size family the model-size slider steps through: the preset's, or the one a derived
/// shape came from; empty for a custom size or an imported model (core familyOfPreset).
std::string sizeFamily(const Scenario& s);
/// The model-size slider: within a family, the real size or a derived shape at @p params
/// (core familySizeAt); otherwise the custom dense shape (denseFromParamCount).
void setModelSize(Scenario& s, double params);

/// Switches the run mode; entering inference keeps the sequence length as the context
/// (core setInferenceContext: prompt + generated tokens).
void setRunMode(Scenario& s, RunMode m);
/// Sets the weight storage dtype; for full training in a float dtype the gradients follow.
void setWeightsDType(Scenario& s, DType d);
/// The custom profile with precision preset @p f (dtypes only).
void setPrecisionPreset(Scenario& s, PrecisionPreset f);
/// Picks the framework profile @p ref (core selectProfile); false when the table lacks it.
bool setProfile(Scenario& s, const ProfileRef& ref);

/// Selects a GPU preset by key; false when unknown.
bool setGpuPreset(Scenario& s, const std::string& key);
/// A GPU with no preset and @p bytes of memory.
void setCustomCapacity(Scenario& s, double bytes);

/// GPU count; DP follows when the count is a multiple of TP x PP x CP.
void setGpuCount(Scenario& s, int gpus);
enum class Degree { DP, TP, PP, CP, EP };
/// A parallel degree. DP changes the GPU count; TP/PP/CP keep the GPU count and re-derive DP
/// when it divides, otherwise validation reports the mismatch.
void setDegree(Scenario& s, Degree d, int value);

/// The layout check the engine leaves to the front end: DP x TP x PP x CP == GPU count.
bool gpuCountMatches(const Scenario& s);

} // namespace headroom::ui::edits
