#pragma once
// Bounded whole-file reads shared by every loader in core (configs, indexes, scenarios,
// measurement records).

#include "core/error.h"

#include <cstdint>
#include <filesystem>
#include <string>

namespace headroom {

/// Reads @p file whole. Errors (field = the path): FileUnreadable for a missing file, a
/// directory or other non-regular file, or a failed/short read; FileTooLarge above @p limit
/// bytes (checked before anything is allocated).
Result<std::string> readTextFile(const std::filesystem::path& file, std::uintmax_t limit);

} // namespace headroom
