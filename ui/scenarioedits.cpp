#include "ui/scenarioedits.h"

#include "core/checked.h"
#include "core/engine/profiles.h"

#include "core/model/presets.h"
#include "core/model/size_family.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace headroom::ui::edits {

namespace {

/// Under a framework profile, dtypes that are still what the profile gives @p previous follow
/// the new model (transformers 5's checkpoint dtype, Qwen v1's own cast); dtypes the user set
/// stay.
void followModelDType(Scenario& s, const ModelArch& previous) {
    const auto c = findProfile(s.workload.profile);
    if (!c)
        return;
    Workload before = s.workload, after = s.workload;
    selectProfile(before, *c, &previous);
    if (!(before.precision == s.workload.precision))
        return;
    selectProfile(after, *c, &s.model);
    s.workload.precision = after.precision;
}

} // namespace

bool setModelPreset(Scenario& s, const std::string& key) {
    const ModelPreset* p = findModelPreset(key);
    if (!p) {
        return false;
    }
    const ModelArch previous = s.model;
    s.modelSource = ModelSource::Preset;
    s.modelPreset = p->key;
    s.model = p->arch;
    s.derivedFrom.clear();
    followModelDType(s, previous);
    return true;
}

void setCustomSize(Scenario& s, double params) {
    const ModelArch previous = s.model;
    s.modelSource = ModelSource::ParamCount;
    s.paramCount = params;
    s.model = denseFromParamCount(params);
    s.derivedFrom.clear();
    followModelDType(s, previous);
}

void setInlineModel(Scenario& s, const ModelArch& arch) {
    const ModelArch previous = s.model;
    s.modelSource = ModelSource::Inline;
    s.model = arch;
    s.derivedFrom.clear();
    followModelDType(s, previous);
}

std::string sizeFamily(const Scenario& s) {
    if (s.modelSource == ModelSource::Preset)
        return familyOfPreset(s.modelPreset);
    if (s.modelSource == ModelSource::Inline && !s.derivedFrom.empty())
        return familyOfPreset(s.derivedFrom);
    return {};
}

void setModelSize(Scenario& s, double params) {
    const std::string family = sizeFamily(s);
    if (family.empty()) {
        setCustomSize(s, params);
        return;
    }
    FamilySize f = familySizeAt(family, params);
    if (!f.derived) {
        setModelPreset(s, f.presetKey);
        return;
    }
    const ModelArch previous = s.model;
    s.modelSource = ModelSource::Inline;
    s.model = std::move(f.arch);
    s.derivedFrom = f.presetKey;
    followModelDType(s, previous);
}

void setRunMode(Scenario& s, RunMode m) {
    Workload& w = s.workload;
    const bool wasQlora = w.mode == Mode::Training && w.finetune == Finetune::QLoRA;
    switch (m) {
    case RunMode::Inference:
        if (w.mode != Mode::Inference) { // the sequence length stays, as the context
            w.mode = Mode::Inference;
            setInferenceContext(w, w.sequenceLength);
        }
        break;
    case RunMode::Full:
        w.mode = Mode::Training;
        w.finetune = Finetune::Full;
        if (isQuantized(w.precision.weights)) {
            w.precision.weights = DType::BF16; // a quantised base cannot be trained in full
        }
        break;
    case RunMode::LoRA:
        w.mode = Mode::Training;
        w.finetune = Finetune::LoRA;
        if (wasQlora) {
            w.precision.weights = DType::BF16;
        }
        break;
    case RunMode::QLoRA:
        w.mode = Mode::Training;
        w.finetune = Finetune::QLoRA;
        w.precision.weights = DType::NF4DoubleQuant;
        break;
    }
    // the weights as the picked framework stores them for this kind (LLaMA-Factory)
    if (const auto c = findProfile(w.profile))
        applyLoraBaseRule(w, *c, &s.model);
}

void setWeightsDType(Scenario& s, DType d) {
    Workload& w = s.workload;
    w.precision.weights = d;
    w.precision.checkpointWeights = false; // the user's pick wins over the checkpoint's storage
    if (w.mode == Mode::Training && w.finetune == Finetune::Full && !isQuantized(d)) {
        w.precision.grads = d;
    }
}

void setPrecisionPreset(Scenario& s, PrecisionPreset f) {
    s.workload.profile = ProfileRef{};
    applyPrecisionPreset(s.workload, f);
    s.workload.precisionPreset = f;
}

bool setProfile(Scenario& s, const ProfileRef& ref) {
    const auto choice = findProfile(ref);
    if (!choice)
        return false;
    selectProfile(s.workload, *choice, &s.model);
    return true;
}

bool setGpuPreset(Scenario& s, const std::string& key) {
    const GpuSpec* g = findGpuPreset(key);
    if (!g) {
        return false;
    }
    s.gpu = *g;
    return true;
}

void setCustomCapacity(Scenario& s, double bytes) {
    s.gpu = customGpu(bytes);
}

namespace {

/// dp = @p gpus / (tp x pp x cp) when that divides exactly; the product is checked (three
/// degrees of up to 65536 overflow int).
void fitDp(Parallelism& p, int gpus) {
    const std::optional<int64_t> rest = checked::product({p.tp, p.pp, p.cp});
    if (rest && *rest > 0 && gpus % *rest == 0) {
        p.dp = static_cast<int>(gpus / *rest);
    }
}

} // namespace

void setGpuCount(Scenario& s, int gpus) {
    s.gpuCount = gpus;
    fitDp(s.workload.parallel, gpus);
}

void setDegree(Scenario& s, Degree d, int value) {
    Parallelism& p = s.workload.parallel;
    switch (d) {
    case Degree::DP:
        p.dp = value;
        // a product beyond int keeps the count at int's maximum: still a mismatch, shown
        s.gpuCount = static_cast<int>(std::min<int64_t>(p.gpus(), std::numeric_limits<int>::max()));
        return;
    case Degree::TP:
        p.tp = value;
        break;
    case Degree::PP:
        p.pp = value;
        break;
    case Degree::CP:
        p.cp = value;
        break;
    case Degree::EP:
        p.ep = value;
        return;
    }
    fitDp(p, s.gpuCount);
}

bool gpuCountMatches(const Scenario& s) {
    return s.workload.parallel.gpus() == s.gpuCount;
}

} // namespace headroom::ui::edits
