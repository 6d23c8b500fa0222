#pragma once
// Typed warnings: a scenario the engine estimates, but whose numbers deserve a caveat the
// user should see (the CLI prints them in text and JSON, the GUI translates them). Unlike
// validateWorkload's errors, a warning never stops the estimate.

#include "core/engine/workload.h"
#include "core/model/model.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

enum class WarningCode {
    /// The sequence (inference: the context, prompt + generated tokens; an RL rollout: prompt
    /// + response) is longer than the model's max_position_embeddings: the memory is what
    /// that many tokens take, but the model was not trained on positions that far (HF
    /// config.json; beyond it needs RoPE scaling or a long-context variant).
    SequenceBeyondPositions,
};

struct Warning {
    WarningCode code;
    std::string field; ///< JSON key of the field concerned ("sequence_length", ...)
    int64_t value = 0; ///< the scenario's value (tokens)
    int64_t limit = 0; ///< the model's limit it passes (tokens)
};

/// Every warning of the scenario, in a fixed order; empty when there is none.
std::vector<Warning> workloadWarnings(const ModelArch& m, const Workload& w);

/// Stable JSON key: "sequence_beyond_positions".
std::string_view warningKey(WarningCode c);

/// English one-line text for the CLI and logs (the GUI translates from code and numbers).
std::string describe(const Warning& w);

} // namespace headroom
