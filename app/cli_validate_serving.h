#pragma once
// headroom-cli validate on serving-engine start-up records (core/validation/serving_records.h).

#include <QStringList>

#include <filesystem>

namespace headroom::cli {

/// Whether @p file declares the serving-records schema (unreadable files: false; the regular
/// loader reports them).
bool servingRecordsFile(const std::filesystem::path& file);

/// Scores every record of @p files (all serving records) and prints the report.
int runValidateServing(const QStringList& files, bool json);

} // namespace headroom::cli
