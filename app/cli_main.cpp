// headroom-cli: command-line front end of the Headroom memory planner. See docs/cli.md.
// Dispatches to one subcommand; each lives in its own app/cli_*.cpp.

#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/engine/reserve/replay_cache.h"

#include <QCoreApplication>

#include <csignal>
#include <exception>

namespace {

const char* const kUsage =
    "Usage: headroom-cli <command> [options]\n"
    "\n"
    "GPU memory planner for LLM training and inference.\n"
    "\n"
    "Commands:\n"
    "  estimate    peak memory term by term, the three metrics and the fit verdict\n"
    "  sweep       memory against micro-batch or sequence length (CSV or JSON)\n"
    "  max-batch   largest micro-batch (or --axis seq-len: sequence) that fits\n"
    "  layout      fewest GPUs (dp x tp x pp) that fit, and the tightest rank\n"
    "  models      list model presets\n"
    "  gpus        list GPU presets\n"
    "  validate    compare the engine with measured peaks (ground-truth records)\n"
    "  calibrate   fit a correction from a measured run and store it in the scenario\n"
    "  compare     two scenarios term by term, and what each change between them saved\n"
    "  serve       will vLLM / SGLang / TensorRT-LLM start, KV pool, max concurrency\n"
    "\n"
    "Run 'headroom-cli <command> --help' for the options of a command.\n"
    "Units: GB = 1e9 bytes, GiB = 2^30 bytes. Exit codes: 0 ok, 1 data error, 2 usage error.\n";

} // namespace

int main(int argc, char** argv) {
    using namespace headroom::cli;
    // A file-size limit makes write() fail with EFBIG instead of killing the process, so a
    // failed --save-scenario is reported (and the old file kept) like a full disk.
    std::signal(SIGXFSZ, SIG_IGN);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("headroom-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    const QStringList all = QCoreApplication::arguments();
    if (all.size() < 2) {
        err(kUsage);
        return kExitUsage;
    }
    const QString cmd = all.at(1);
    if (cmd == QLatin1String("--help") || cmd == QLatin1String("-h") ||
        cmd == QLatin1String("help")) {
        out(kUsage);
        return kExitOk;
    }
    if (cmd == QLatin1String("--version")) {
        out("headroom-cli 0.1.0");
        return kExitOk;
    }
    QStringList args = all.mid(2);
    args.prepend(QStringLiteral("headroom-cli ") + cmd);
    // one replay cache for the whole command: its estimates (the scenario, the band's
    // alternatives, the playbook's levers, each term's formula) share every allocator replay
    // of one shape instead of each opening its own (estimate() does when no scope is active)
    headroom::ReplayCache replays;
    const headroom::ReplayCache::Scope replayScope(replays);
    try {
        if (cmd == QLatin1String("estimate"))
            return runEstimate(args);
        if (cmd == QLatin1String("sweep"))
            return runSweep(args);
        if (cmd == QLatin1String("max-batch"))
            return runMaxBatch(args);
        if (cmd == QLatin1String("layout"))
            return runLayout(args);
        if (cmd == QLatin1String("models"))
            return runModels(args);
        if (cmd == QLatin1String("gpus"))
            return runGpus(args);
        if (cmd == QLatin1String("validate"))
            return runValidate(args);
        if (cmd == QLatin1String("calibrate"))
            return runCalibrate(args);
        if (cmd == QLatin1String("compare"))
            return runCompare(args);
        if (cmd == QLatin1String("serve"))
            return runServe(args);
        err("headroom-cli: unknown command '" + str(cmd) + "'\n\n" + kUsage);
        return kExitUsage;
    } catch (const CliError& e) {
        err("headroom-cli " + str(cmd) + ": error: " + e.what());
        return e.exitCode();
    } catch (const std::exception& e) {
        err("headroom-cli " + str(cmd) + ": internal error: " + e.what());
        return kExitData;
    }
}
