#pragma once
// The one table of accepted ranges for model-architecture fields (and the few other numbers
// that more than one reader checks). The config.json importer (hf_import), the scenario
// reader and writer and the presets all take their bounds from here, so anything one reader
// accepts, the others reopen: a config at a maximum imports, saves into a scenario and loads
// back with the same value; one above the maximum fails in every reader, naming the field.
//
// The bounds are generous: a value above them cannot be a real model. validateArch
// (core/model/model.h) further refuses any architecture of 1e14 parameters or more, which keeps
// every parameter product in int64.

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

namespace headroom {

/// Rows of kFieldLimits, in order.
enum class Limit {
    Layers,          ///< num_hidden_layers, layer counts and layer indices
    Hidden,          ///< hidden_size
    Heads,           ///< num_attention_heads, num_key_value_heads
    HeadDim,         ///< head_dim
    Intermediate,    ///< intermediate_size, moe / shared expert widths
    Vocab,           ///< vocab_size
    Positions,       ///< max_position_embeddings, learned position rows (gpt2 n_positions)
    SlidingWindow,   ///< sliding_window, in tokens (ModelArch stores an int)
    Experts,         ///< expert counts and top-k
    MlaDim,          ///< MLA ranks and head widths
    NormsPerLayer,   ///< norms inside one block
    PublishedParams, ///< a parameter count read from safetensors
    GpuMemoryMiB,    ///< a GPU's memory in MiB (presets, scenarios)
    Count
};

struct FieldLimit {
    Limit id;
    std::string_view name; ///< the config.json / scenario key it is best known by
    int64_t min;
    int64_t max;
    std::string_view doc;

    /// The same row with another minimum: 1 where a field must be positive when present
    /// (num_experts), 0 where ModelArch stores 0 for "none" (a dense model's expert width).
    constexpr FieldLimit withMin(int64_t lo) const {
        FieldLimit l = *this;
        l.min = lo;
        return l;
    }
    constexpr bool contains(int64_t v) const { return v >= min && v <= max; }
};

inline constexpr std::array<FieldLimit, static_cast<size_t>(Limit::Count)> kFieldLimits{{
    {Limit::Layers, "num_hidden_layers", 1, 100000, "blocks; the deepest published model has 126"},
    {Limit::Hidden, "hidden_size", 1, int64_t{1} << 24, "model width, 2^24"},
    {Limit::Heads, "num_attention_heads", 1, int64_t{1} << 20, "query or key/value heads, 2^20"},
    {Limit::HeadDim, "head_dim", 1, int64_t{1} << 24, "per-head width, 2^24"},
    {Limit::Intermediate, "intermediate_size", 1, int64_t{1} << 30, "FFN width, 2^30"},
    {Limit::Vocab, "vocab_size", 1, int64_t{1} << 30, "tokens, 2^30"},
    {Limit::Positions, "max_position_embeddings", 0, int64_t{1} << 40,
     "context length in tokens, 2^40; 0 = unknown"},
    {Limit::SlidingWindow, "sliding_window", 0, std::numeric_limits<int32_t>::max(),
     "window in tokens, 2^31 - 1; 0 = none"},
    {Limit::Experts, "num_experts", 0, int64_t{1} << 20, "routed or shared experts, 2^20"},
    {Limit::MlaDim, "kv_lora_rank", 0, int64_t{1} << 24, "MLA rank or head width, 2^24"},
    {Limit::NormsPerLayer, "norms_per_layer", 0, 16, "norms inside one block"},
    {Limit::PublishedParams, "published_params", 0, int64_t{1'000'000'000'000'000},
     "parameters stored in safetensors, 1e15"},
    {Limit::GpuMemoryMiB, "memory_mib", 1, int64_t{1'000'000'000}, "GPU memory in MiB, 1e9"},
}};

constexpr bool limitsInOrder() {
    for (size_t i = 0; i < kFieldLimits.size(); ++i)
        if (static_cast<size_t>(kFieldLimits[i].id) != i ||
            kFieldLimits[i].min > kFieldLimits[i].max)
            return false;
    return true;
}
static_assert(limitsInOrder(), "kFieldLimits rows must follow enum class Limit");

/// The row of @p id.
constexpr const FieldLimit& fieldLimit(Limit id) {
    return kFieldLimits[static_cast<size_t>(id)];
}

} // namespace headroom
