#pragma once
// Bounded whole-file reads and the JSON nesting-depth check shared by every loader in core
// (configs, safetensors indexes and headers, scenarios, presets, measurement records).

#include "core/error.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace headroom {

/// Reads @p file whole. Errors (field = the path): FileUnreadable for a missing file, a
/// directory or other non-regular file, or a failed/short read; FileTooLarge above @p limit
/// bytes (checked before anything is allocated).
Result<std::string> readTextFile(const std::filesystem::path& file, std::uintmax_t limit);

/// The deepest nesting of arrays and objects any JSON document of Headroom's may have. Real
/// documents stay under 8 (a scenario's lora.targets is at depth 4); nlohmann::json's DOM
/// recurses once per level in dump(), comparisons and copies, so a deeper document could
/// overflow the stack.
inline constexpr int kMaxJsonDepth = 64;

/// Nothing when no `[` or `{` of @p text (outside strings, escapes honoured) is nested deeper
/// than @p maxDepth; otherwise JsonMalformed whose field is the key path down to the first
/// too-deep bracket ("workload.lora.targets"; array levels add nothing; @p document when
/// there is no key) and whose detail names the limit, the byte offset and @p document.
/// One iterative pass, run before json::parse builds a DOM.
std::optional<Error> checkJsonDepth(std::string_view text, std::string_view document,
                                    int maxDepth = kMaxJsonDepth);

} // namespace headroom
