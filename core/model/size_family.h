#pragma once
// A model family's sizes, for the model-size slider: the real sizes of the family (the presets
// resources/models.json marks with the same "size_family", e.g. Llama 3.x 1B/3B/8B/70B/405B),
// and between or beyond them a derived shape of the same family.

#include "core/model/presets.h"

#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// The presets of family @p family ("llama-3", "qwen2.5", ...), ascending by total parameters
/// (countParameters). A preset without "size_family" is a family of one under its own key.
/// Empty for an unknown key.
std::vector<const ModelPreset*> familyMembers(std::string_view family);

/// The family key of preset @p presetKey (its "size_family", else its own key); empty when
/// the preset is unknown.
std::string familyOfPreset(std::string_view presetKey);

/// The model of a family at a size.
struct FamilySize {
    ModelArch arch;        ///< the preset's architecture, or the derived shape
    std::string presetKey; ///< the real size's preset key; for a derived shape, the member
                           ///< it was derived from (the nearest in log size)
    bool derived = false;  ///< true: not a published model, a shape derived from the family
};

/// The family's model with about @p params parameters (clamped to [1e8, 2e12]).
/// A real size within 2 % (in log size) of @p params is returned as is. Otherwise the shape is
/// derived: layers L and width h are interpolated geometrically in log size between the two
/// neighbouring real sizes (beyond the smallest or largest, both scale as params^(1/3) from it,
/// keeping its depth-to-width ratio, as the Chinchilla/Kaplan families grow), h rounded to a
/// multiple of head_dim x KV heads (whole heads, whole GQA groups), the FFN widths kept at the
/// template's ratio to h (multiples of 128), every other trait (vocab, tying, head_dim, KV heads,
/// norms, MoE experts and top-k, MLA ranks) from the nearest real size; then L is corrected so
/// the exact count (countParameters) is as near @p params as whole layers allow. Its name is
/// "<family name> ~20.1B (derived)". Precondition: familyMembers(family) is not empty.
FamilySize familySizeAt(std::string_view family, double params);

} // namespace headroom
