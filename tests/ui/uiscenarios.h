#pragma once
// Scenarios the GUI suites share (tst_labels, tst_oneanswer): built from the presets with the
// GUI's own edits, so a suite reads like the user's clicks.
#include "core/engine/profiles.h"
#include "core/io/scenario.h"
#include "core/model/presets.h"
#include "ui/scenarioedits.h"

#include <string>

namespace headroom::ui::testscenarios {

/// @p preset on @p gpus H100 (the default GPU) with the default workload.
inline Scenario onPreset(const std::string& preset, int gpus = 1) {
    Scenario s = defaultScenario();
    s.modelPreset = preset;
    s.model = findModelPreset(preset)->arch;
    edits::setGpuCount(s, gpus);
    return s;
}

/// Inference of @p batch sequences of @p context tokens, tensor parallel over @p tp GPUs.
inline Scenario inference(const std::string& preset, int tp, int64_t context, int64_t batch) {
    Scenario s = onPreset(preset, tp);
    s.workload.mode = Mode::Inference;
    s.workload.microBatch = batch;
    setInferenceContext(s.workload, context);
    edits::setDegree(s, edits::Degree::TP, tp);
    return s;
}

/// inference() served by vLLM at gpu_memory_utilization 0.9: the cliff draws the serving curve.
inline Scenario sizedServer(const std::string& preset, int tp, int64_t context) {
    Scenario s = inference(preset, tp, context, 8);
    s.workload.inference.memoryUtilization = 0.9;
    return s;
}

/// A full fine-tune of micro-batch 1 over @p pp pipeline stages of one GPU each.
inline Scenario pipeline(const std::string& preset, int pp) {
    Scenario s = onPreset(preset, pp);
    s.workload.microBatch = 1;
    edits::setDegree(s, edits::Degree::PP, pp);
    return s;
}

/// A verdict the band decides: Llama 3.1 8B LoRA under torch-loop, micro-batch 4 x 2080 tokens
/// on one H100: 99.4 % of 79.65 GiB needed, the band 0.81 GiB higher (the CUDA stack;
/// headroom-cli estimate): "may not fit", with the longest verdict details.
inline Scenario mayNotFit() {
    Scenario s = onPreset("llama-3.1-8b");
    if (const auto c = parseProfileSpec("torch-loop"))
        selectProfile(s.workload, *c, &s.model);
    s.workload.finetune = Finetune::LoRA;
    s.workload.microBatch = 4;
    s.workload.sequenceLength = 2080;
    return s;
}

} // namespace headroom::ui::testscenarios
