#include "core/text_file.h"

#include <fstream>
#include <vector>

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

std::optional<Error> checkJsonDepth(std::string_view text, std::string_view document,
                                    int maxDepth) {
    // keys[d]: the last object key read at depth d (1 = inside the root), empty in arrays.
    std::vector<std::string_view> keys(static_cast<size_t>(maxDepth) + 2);
    std::string_view lastString;
    int depth = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            const size_t begin = i + 1;
            for (++i; i < text.size() && text[i] != '"'; ++i)
                if (text[i] == '\\')
                    ++i; // skip the escaped character (\" or \\)
            lastString = text.substr(begin, std::min(i, text.size()) - begin);
        } else if (c == ':') {
            if (depth > 0)
                keys[static_cast<size_t>(depth)] = lastString;
        } else if (c == '[' || c == '{') {
            if (depth == maxDepth) {
                std::string path;
                for (int d = 1; d <= depth; ++d)
                    if (!keys[static_cast<size_t>(d)].empty())
                        path +=
                            (path.empty() ? "" : ".") + std::string(keys[static_cast<size_t>(d)]);
                return Error{ErrorCode::JsonMalformed, path.empty() ? std::string(document) : path,
                             std::string(document) + ": nested deeper than " +
                                 std::to_string(maxDepth) + " levels at byte " + std::to_string(i)};
            }
            ++depth;
            keys[static_cast<size_t>(depth)] = {};
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::nullopt;
}

} // namespace headroom
