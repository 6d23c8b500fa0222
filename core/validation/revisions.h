#pragma once
// Which framework profile a measurement record ran under, from its source: a data table
// (resources/framework-revisions.json, compiled in) maps a source repository to a profile
// and, where the framework's behaviour changed between releases, a commit, pull request or
// document of it to a profile version. A source the table does not know gets the plain PyTorch
// loop profile `torch-loop` (or the table's unknown_repository entry). No commit is named in
// code.

#include "core/engine/workload.h"
#include "core/error.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

struct FrameworkRevisions {
    struct Revision {
        /// a substring of the source after owner/repo/ (commit, pull/N, document), or after a
        /// local file's path (its options, the framework version it names)
        std::string match;
        std::string version; ///< the profile version it ran
        std::string note;    ///< why (dates, PRs)
        /// another framework's profile for this document ("" = the repository's): a page of
        /// one repository that reports runs made with another framework
        std::string profile;
        /// "" = any machine; else a substring of the record's gpu.name (case-insensitive) that
        /// must match too: one document reporting runs made on different machines with
        /// different software (the torchao float8 README's H100 and MI300X tables)
        std::string gpu;
        /// What data the document's runs fed ("lengths": fixed, packed, real), when the document
        /// says; Framework = the repository's, else the profile's documented pipeline.
        DataLengths lengths = DataLengths::Framework;
    };
    struct Repository {
        /// "owner/name" on GitHub, or a file of this repository such as
        /// "tools/measure/measure_peak.py" (compared case-insensitively)
        std::string repository;
        ProfileRef profile; ///< version "" = the newest unless a revision matches
        std::vector<Revision> revisions;
        /// What data the repository's published runs fed ("lengths"; Framework: the profile's
        /// documented data pipeline decides, core/engine/profiles.h resolveDataLengths). A source
        /// fact like the profile: fsdp_qlora's benchmarks and this project's measure_peak.py feed
        /// random tokens of exactly the sequence length.
        DataLengths lengths = DataLengths::Framework;
    };
    std::vector<Repository> repositories;
    /// For sources the table does not list: a plain PyTorch loop (torch-loop), the least a
    /// published measurement can assume; a table's unknown_repository entry replaces it.
    ProfileRef unknown{"torch-loop", ""};
};

/// The revisions table's format version ("schema"); another is UnsupportedVersion.
inline constexpr int64_t kFrameworkRevisionsSchema = 1;

/// Parses the table; "schema" must be kFrameworkRevisionsSchema (missing: FieldMissing, not an
/// integer: FieldWrongType, another: UnsupportedVersion). Profile names and versions are
/// checked against core/engine/profiles.h (an unknown one is UnknownValue naming its JSON path).
Result<FrameworkRevisions> parseFrameworkRevisions(std::string_view jsonText);
/// Reads (at most 4 MiB) and parses a revisions file.
Result<FrameworkRevisions> loadFrameworkRevisions(const std::filesystem::path& file);
/// The default revisions file of a records file: framework-revisions.json in its folder.
std::filesystem::path defaultRevisionsFile(const std::filesystem::path& recordsFile);
/// This project's table, resources/framework-revisions.json, compiled in: what
/// `headroom-cli validate` uses unless --revisions or a records file's own table replaces it.
/// Parsed once; a table that does not parse is a build defect (std::logic_error).
const FrameworkRevisions& builtinFrameworkRevisions();

/// The source repository of @p sourceUrl, lower case: "owner/name" for a github.com URL, the
/// host for another URL, and for a source without "://" (a file of this repository, such as
/// "tools/measure/measure_peak.py --trainer hf (...)") the text up to its first space ("" when
/// empty). Used to group results by source and to find the source in the revisions table.
std::string sourceRepository(std::string_view sourceUrl);

/// The profile (name and explicit version) a record with source @p sourceUrl, measured on
/// @p gpuName (the record's gpu.name; "" when unknown), ran under: the first revision of its
/// repository (sourceRepository) whose match is in the rest of the source (after owner/name/,
/// the host, or a local file's path) and whose gpu (if any) is in @p gpuName.
ProfileRef recordProfile(const FrameworkRevisions& table, std::string_view sourceUrl,
                         std::string_view gpuName = {});

/// What data a record's source fed its runs, by the same lookup as recordProfile: the matching
/// revision's `lengths`, else its repository's, else DataLengths::Framework (the profile's
/// documented pipeline decides). A record's own `features` (packed) and `sample_lengths` win.
DataLengths recordDataLengths(const FrameworkRevisions& table, std::string_view sourceUrl,
                              std::string_view gpuName = {});

} // namespace headroom
