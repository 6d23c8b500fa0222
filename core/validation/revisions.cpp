#include "core/validation/revisions.h"

#include "core/engine/profiles.h"
#include "core/text_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace headroom {

namespace embedded {
extern const std::string_view frameworkRevisionsJson; // core/embed.cmake
} // namespace embedded

namespace {
using json = nlohmann::json;

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::optional<Error> stringAt(const json& o, const char* key, const std::string& path,
                              std::string& out, bool required = true) {
    if (!o.is_object() || !o.contains(key)) {
        if (!required)
            return std::nullopt;
        return Error{ErrorCode::FieldMissing, path + "." + key, "required"};
    }
    if (!o.at(key).is_string())
        return Error{ErrorCode::FieldWrongType, path + "." + key, "expected a string"};
    out = o.at(key).get<std::string>();
    return std::nullopt;
}

/// The optional "lengths" of a repository or revision at @p path: fixed, packed or real.
std::optional<Error> lengthsAt(const json& o, const std::string& path, DataLengths& out) {
    std::string text;
    if (auto e = stringAt(o, "lengths", path, text, false))
        return e;
    if (text.empty())
        return std::nullopt;
    const auto d = parseDataLengths(text);
    if (!d || *d == DataLengths::Framework)
        return Error{ErrorCode::UnknownValue, path + ".lengths",
                     "'" + text + "' (known: fixed, packed, real)"};
    out = *d;
    return std::nullopt;
}

/// @p ref must name a profile (and version) of the table.
std::optional<Error> checkProfile(const ProfileRef& ref, const std::string& path) {
    if (auto c = findProfile(ref); !c)
        return Error{ErrorCode::UnknownValue, path, c.error().detail};
    return std::nullopt;
}

Result<FrameworkRevisions::Repository> parseRepository(const json& r, const std::string& path) {
    FrameworkRevisions::Repository repo;
    if (auto e = stringAt(r, "repository", path, repo.repository))
        return *e;
    if (auto e = stringAt(r, "profile", path, repo.profile.name))
        return *e;
    if (auto e = stringAt(r, "version", path, repo.profile.version, false))
        return *e;
    if (auto e = checkProfile(repo.profile, path + ".profile"))
        return *e;
    if (auto e = lengthsAt(r, path, repo.lengths))
        return *e;
    const json revs = r.value("revisions", json::array());
    if (!revs.is_array())
        return Error{ErrorCode::FieldWrongType, path + ".revisions", "expected an array"};
    for (std::size_t k = 0; k < revs.size(); ++k) {
        const std::string rp = path + ".revisions[" + std::to_string(k) + "]";
        FrameworkRevisions::Revision rev;
        if (auto e = stringAt(revs[k], "match", rp, rev.match))
            return *e;
        if (rev.match.empty())
            return Error{ErrorCode::FieldOutOfRange, rp + ".match", "must not be empty"};
        if (auto e = stringAt(revs[k], "version", rp, rev.version))
            return *e;
        if (auto e = stringAt(revs[k], "note", rp, rev.note, false))
            return *e;
        if (auto e = stringAt(revs[k], "profile", rp, rev.profile, false))
            return *e;
        if (auto e = stringAt(revs[k], "gpu", rp, rev.gpu, false))
            return *e;
        if (auto e = lengthsAt(revs[k], rp, rev.lengths))
            return *e;
        if (auto e =
                checkProfile({rev.profile.empty() ? repo.profile.name : rev.profile, rev.version},
                             rp + ".version"))
            return *e;
        repo.revisions.push_back(std::move(rev));
    }
    return repo;
}
} // namespace

Result<FrameworkRevisions> parseFrameworkRevisions(std::string_view jsonText) {
    if (auto deep = checkJsonDepth(jsonText, "framework-revisions"))
        return *deep;
    const json j = json::parse(jsonText, nullptr, false);
    if (j.is_discarded())
        return Error{ErrorCode::JsonMalformed, "framework-revisions", "not valid JSON"};
    if (!j.is_object() || !j.contains("schema"))
        return Error{ErrorCode::FieldMissing, "schema", "required (this build reads schema 1)"};
    if (!j.at("schema").is_number_integer())
        return Error{ErrorCode::FieldWrongType, "schema", "expected the integer 1"};
    if (j.at("schema").get<int64_t>() != kFrameworkRevisionsSchema)
        return Error{ErrorCode::UnsupportedVersion, "schema",
                     "this build reads schema 1 (got " + j.at("schema").dump() + ")"};
    if (!j.contains("repositories") || !j.at("repositories").is_array())
        return Error{ErrorCode::FieldMissing, "repositories", "expected an array"};
    FrameworkRevisions t;
    if (j.contains("unknown_repository")) {
        const json& u = j.at("unknown_repository");
        if (auto e = stringAt(u, "profile", "unknown_repository", t.unknown.name))
            return *e;
        if (auto e = stringAt(u, "version", "unknown_repository", t.unknown.version, false))
            return *e;
        if (auto e = checkProfile(t.unknown, "unknown_repository.profile"))
            return *e;
    }
    const json& repos = j.at("repositories");
    for (std::size_t i = 0; i < repos.size(); ++i) {
        auto r = parseRepository(repos[i], "repositories[" + std::to_string(i) + "]");
        if (!r)
            return r.error();
        t.repositories.push_back(std::move(r).value());
    }
    return t;
}

Result<FrameworkRevisions> loadFrameworkRevisions(const std::filesystem::path& file) {
    auto text = readTextFile(file, 4u << 20);
    if (!text)
        return text.error();
    return parseFrameworkRevisions(*text);
}

std::filesystem::path defaultRevisionsFile(const std::filesystem::path& recordsFile) {
    return recordsFile.parent_path() / "framework-revisions.json";
}

const FrameworkRevisions& builtinFrameworkRevisions() {
    static const FrameworkRevisions table = [] {
        auto r = parseFrameworkRevisions(embedded::frameworkRevisionsJson);
        if (!r)
            throw std::logic_error("resources/framework-revisions.json: " + describe(r.error()));
        return std::move(r).value();
    }();
    return table;
}

namespace {

/// A source split into its repository and the rest: "owner/name" and what follows it for a
/// github.com URL; the host and the path for another URL; for a file of this repository (no
/// "://", e.g. "tools/measure/measure_peak.py --trainer hf (...)") the path up to the first
/// space and what follows it.
struct SourceParts {
    std::string repository; ///< lower case
    std::string_view rest;
};

SourceParts splitSource(std::string_view url) {
    constexpr std::string_view kHost = "github.com/";
    if (const std::size_t host = url.find(kHost); host != std::string_view::npos) {
        const std::string_view path = url.substr(host + kHost.size());
        const std::size_t owner = path.find('/');
        const std::size_t name =
            owner == std::string_view::npos ? owner : path.find('/', owner + 1);
        return {lower(path.substr(0, name)),
                name == std::string_view::npos ? std::string_view() : path.substr(name + 1)};
    }
    if (const std::size_t scheme = url.find("://"); scheme != std::string_view::npos) {
        const std::string_view rest = url.substr(scheme + 3);
        const std::size_t slash = rest.find('/');
        return {lower(rest.substr(0, slash)),
                slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1)};
    }
    const std::size_t space = url.find(' ');
    return {lower(url.substr(0, space)),
            space == std::string_view::npos ? std::string_view() : url.substr(space + 1)};
}

} // namespace

std::string sourceRepository(std::string_view sourceUrl) {
    return splitSource(sourceUrl).repository;
}

namespace {

/// The table's entry for @p sourceUrl measured on @p gpuName: its repository (nullptr: not
/// listed) and the first revision whose match is in the rest of the source and whose gpu (if
/// any) is in the GPU's name (nullptr: none).
struct SourceEntry {
    const FrameworkRevisions::Repository* repository = nullptr;
    const FrameworkRevisions::Revision* revision = nullptr;
};

SourceEntry findSource(const FrameworkRevisions& table, std::string_view sourceUrl,
                       std::string_view gpuName) {
    const SourceParts source = splitSource(sourceUrl);
    const std::string gpu = lower(gpuName);
    for (const FrameworkRevisions::Repository& r : table.repositories) {
        if (lower(r.repository) != source.repository)
            continue;
        for (const FrameworkRevisions::Revision& rev : r.revisions)
            if (source.rest.find(rev.match) != std::string_view::npos &&
                gpu.find(lower(rev.gpu)) != std::string::npos)
                return {&r, &rev};
        return {&r, nullptr};
    }
    return {};
}

} // namespace

DataLengths recordDataLengths(const FrameworkRevisions& table, std::string_view sourceUrl,
                              std::string_view gpuName) {
    const SourceEntry e = findSource(table, sourceUrl, gpuName);
    if (e.revision && e.revision->lengths != DataLengths::Framework)
        return e.revision->lengths;
    return e.repository ? e.repository->lengths : DataLengths::Framework;
}

ProfileRef recordProfile(const FrameworkRevisions& table, std::string_view sourceUrl,
                         std::string_view gpuName) {
    const SourceEntry e = findSource(table, sourceUrl, gpuName);
    ProfileRef out = e.repository ? e.repository->profile : table.unknown;
    if (e.revision) {
        if (!e.revision->profile.empty())
            out.name = e.revision->profile;
        out.version = e.revision->version;
    }
    if (const auto c = findProfile(out))
        return c->ref(); // explicit version (the newest when none was given)
    return out;
}

} // namespace headroom
