#pragma once
// headroom-cli: shared helpers (errors with exit codes, value parsing, unit formatting).

#include "core/engine/workload.h"
#include "core/error.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace headroom::cli {

/// Exit codes: 0 success, 1 data error (file, model, layout), 2 usage error.
inline constexpr int kExitOk = 0;
inline constexpr int kExitData = 1;
inline constexpr int kExitUsage = 2;

/// Thrown by the subcommands; main() prints it to stderr and exits with its code.
class CliError : public std::runtime_error {
public:
    CliError(int exitCode, const std::string& message)
        : std::runtime_error(message), m_exitCode(exitCode) {}
    int exitCode() const { return m_exitCode; }

private:
    int m_exitCode;
};

[[noreturn]] void usageError(const std::string& message);
[[noreturn]] void dataError(const std::string& message);
/// A core Error as a data error (exit 1), prefixed with @p context ("--config: ").
[[noreturn]] void dataError(const Error& e, const std::string& context = {});

/// Parses @p args (args[0] is the program name) or throws a usage error. Returns false when
/// --help was given (help text already printed to stdout).
bool parseOrThrow(QCommandLineParser& parser, const QStringList& args);

std::string str(const QString& s);

/// The engine's input limits (core/engine/workload.h, namespace limits, checked by
/// validateWorkload): an option beyond them is a usage error naming the option, not a data error
/// naming the core field.
inline constexpr int64_t kMaxMicroBatch = limits::kMicroBatch;
inline constexpr int64_t kMaxSequenceLength = limits::kSequenceLength; ///< and prompt / new tokens
inline constexpr int64_t kMaxGradAccumulation = limits::kGradAccumulation;
inline constexpr int64_t kMaxGpus = limits::kGpus; ///< each degree and their product
/// Most values one sweep computes (--points, --values).
inline constexpr int64_t kMaxSweepPoints = 10000;

/// @p text as an integer in [min, max], or a usage error naming @p option: the one parse of
/// every integer option (no overflow: values beyond int64 are rejected like any other).
int64_t parseInt(const QString& text, const std::string& option, int64_t min, int64_t max);

/// Integer option value in [min, max]; std::nullopt when the option is not set.
std::optional<int64_t> intOption(const QCommandLineParser& p, const QString& name, int64_t min,
                                 int64_t max);
/// Comma-separated list of integers ("1,2,4"), each in [min, max], at most @p maxCount.
std::vector<int64_t> intListOption(const QCommandLineParser& p, const QString& name, int64_t min,
                                   int64_t max, int64_t maxCount = kMaxSweepPoints);

/// "80GiB", "80 GB", "24576MiB", "1.5TB" -> bytes. The unit is required (GB = 1e9,
/// GiB = 2^30), from 1 MiB (a GPU's memory is whole MiB) to 1e15. Throws a usage error naming
/// @p option.
double parseByteSize(const QString& text, const std::string& option);
/// "7e9", "7B", "1.5T", "350M", "7000000000" -> parameters. Throws a usage error.
double parseParamCount(const QString& text, const std::string& option);

/// Unit formatting: always labelled.
std::string fmtGiB(double bytes, int decimals = 2); ///< "14.96 GiB"
std::string fmtGB(double bytes, int decimals = 2);  ///< "16.06 GB"
std::string fmtNum(double x, int decimals);         ///< fixed notation
std::string fmtInt(double bytes);                   ///< "16,060,522,496"
std::string fmtCount(double n);                     ///< "8.03e9"

/// Writes to stdout / stderr (UTF-8).
void out(const std::string& text);
void err(const std::string& text);

} // namespace headroom::cli
