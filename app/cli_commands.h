#pragma once
// headroom-cli subcommands. Each takes its argument list (args[0] = "headroom-cli <command>"),
// writes its result to stdout and returns the exit code; errors are thrown as CliError.

#include <QStringList>

namespace headroom::cli {

int runEstimate(const QStringList& args);
int runSweep(const QStringList& args);
int runMaxBatch(const QStringList& args);
int runLayout(const QStringList& args);
int runModels(const QStringList& args);
int runGpus(const QStringList& args);
int runValidate(const QStringList& args);
int runCalibrate(const QStringList& args);
int runCompare(const QStringList& args);
int runServe(const QStringList& args);

} // namespace headroom::cli
