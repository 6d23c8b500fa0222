#include "core/engine/warnings.h"

namespace headroom {

namespace {
/// The longest sequence one forward of @p w runs, in tokens, and the JSON key naming it.
std::pair<int64_t, std::string> longestSequence(const Workload& w) {
    if (w.mode == Mode::Inference)
        return {inferenceContext(w), "sequence_length"};
    if (w.rollout.enabled) {
        const int64_t rollout = w.rollout.promptTokens + w.rollout.maxResponseTokens;
        if (rollout > w.sequenceLength)
            return {rollout, "rollout.max_response_tokens"};
    }
    return {w.sequenceLength, "sequence_length"};
}
} // namespace

std::vector<Warning> workloadWarnings(const ModelArch& m, const Workload& w) {
    std::vector<Warning> out;
    const auto [tokens, field] = longestSequence(w);
    if (m.maxPositions > 0 && tokens > m.maxPositions)
        out.push_back(Warning{WarningCode::SequenceBeyondPositions, field, tokens, m.maxPositions});
    return out;
}

std::string_view warningKey(WarningCode c) {
    switch (c) {
    case WarningCode::SequenceBeyondPositions:
        return "sequence_beyond_positions";
    }
    return "unknown";
}

std::string describe(const Warning& w) {
    switch (w.code) {
    case WarningCode::SequenceBeyondPositions:
        return w.field + ": " + std::to_string(w.value) +
               " tokens exceed the model's max_position_embeddings (" + std::to_string(w.limit) +
               "); it was not trained on positions that far (RoPE scaling or a long-context "
               "variant is needed)";
    }
    return w.field;
}

} // namespace headroom
