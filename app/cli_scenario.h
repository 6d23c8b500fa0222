#pragma once
// headroom-cli: the options that describe a scenario (model, workload, GPU, layout), shared by
// estimate, sweep, max-batch and layout, and their conversion into a core Scenario.

#include "core/io/scenario.h"

#include <QCommandLineParser>

#include <optional>
#include <string>
#include <vector>

namespace headroom::cli {

/// Adds --scenario, --save-scenario, the model options, every workload option and the GPU /
/// parallel layout options to @p parser.
void addScenarioOptions(QCommandLineParser& parser);

struct CliScenario {
    Scenario scenario;
    std::vector<std::string> notes; ///< defaults the CLI filled in, shown to the user
};

/// Builds the scenario: the --scenario file (or the default scenario), then every option given
/// on the command line on top of it, then checks it with the core validators. Writes
/// --save-scenario when given. Throws CliError: usage (2) for malformed option values, data (1)
/// for unreadable files, invalid models and layouts the engine rejects.
/// With @p base (a measured run's scenario, `estimate --measured`) that scenario replaces the
/// --scenario file and the default.
CliScenario buildScenario(const QCommandLineParser& parser,
                          std::optional<Scenario> base = std::nullopt);

/// One line describing the scenario ("Llama-3.1-8B | training, LoRA r16 | ...").
std::string scenarioSummary(const Scenario& s);

/// "NVIDIA RTX 4090: 24564 MiB = 23.99 GiB = 25.76 GB".
std::string gpuSummary(const GpuSpec& gpu);

} // namespace headroom::cli
