#include "core/text_file.h"

#include <fstream>

namespace headroom {

/// Reads a whole (small) file: refuses directories, missing files and files above @p limit.
Result<std::string> readTextFile(const std::filesystem::path& file, std::uintmax_t limit) {
    std::error_code ec;
    const auto st = std::filesystem::status(file, ec);
    if (ec || !std::filesystem::exists(st))
        return Error{ErrorCode::FileUnreadable, file.string(), "no such file"};
    if (!std::filesystem::is_regular_file(st))
        return Error{ErrorCode::FileUnreadable, file.string(), "not a regular file"};
    const std::uintmax_t size = std::filesystem::file_size(file, ec);
    if (ec)
        return Error{ErrorCode::FileUnreadable, file.string(), ec.message()};
    if (size > limit)
        return Error{ErrorCode::FileTooLarge, file.string(),
                     std::to_string(size) + " bytes, limit " + std::to_string(limit)};
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return Error{ErrorCode::FileUnreadable, file.string(), "cannot open"};
    std::string text(static_cast<size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    if (in.gcount() != static_cast<std::streamsize>(size))
        return Error{ErrorCode::FileUnreadable, file.string(), "short read"};
    return text;
}

} // namespace headroom
