// cli_presets.cpp: `headroom-cli models` and `headroom-cli gpus`.

#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "app/cli_format.h"
#include "core/units.h"

#include "core/model/presets.h"

namespace headroom::cli {

namespace {
using json = nlohmann::json;

bool parseListArgs(QCommandLineParser& p, const QStringList& args, const char* cmd,
                   const QString& description) {
    p.setApplicationDescription(description);
    p.addHelpOption();
    p.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("JSON output.")));
    if (!parseOrThrow(p, args))
        return false;
    if (!p.positionalArguments().isEmpty())
        usageError(std::string(cmd) + ": unexpected argument '" +
                   str(p.positionalArguments().first()) + "'");
    return true;
}
} // namespace

int runModels(const QStringList& args) {
    QCommandLineParser p;
    if (!parseListArgs(p, args, "models", QStringLiteral("List the built-in model presets.")))
        return kExitOk;
    const auto& presets = modelPresets();
    if (p.isSet(QStringLiteral("json"))) {
        json arr = json::array();
        for (const ModelPreset& m : presets) {
            const ParamCount pc = countParameters(m.arch);
            arr.push_back({{"key", m.key},
                           {"name", m.displayName},
                           {"traits", m.traits},
                           {"family", m.arch.family},
                           {"total_params", pc.total},
                           {"active_params", pc.active},
                           {"layers", m.arch.numLayers},
                           {"hidden_size", m.arch.hiddenSize}});
        }
        out(arr.dump(2));
        return kExitOk;
    }
    TextTable t({"key", "name", "traits", "params", "active"}, {false, false, false, true, true});
    for (const ModelPreset& m : presets) {
        const ParamCount pc = countParameters(m.arch);
        t.addRow({m.key, m.displayName, m.traits, fmtCount(static_cast<double>(pc.total)),
                  fmtCount(static_cast<double>(pc.active))});
    }
    out(t.render() + std::to_string(presets.size()) + " model presets (use --model KEY)\n");
    return kExitOk;
}

int runGpus(const QStringList& args) {
    QCommandLineParser p;
    if (!parseListArgs(p, args, "gpus", QStringLiteral("List the built-in GPU presets.")))
        return kExitOk;
    const auto& gpus = gpuPresets();
    if (p.isSet(QStringLiteral("json"))) {
        json arr = json::array();
        for (const GpuSpec& g : gpus)
            arr.push_back({{"key", g.key},
                           {"name", g.name},
                           {"vendor", g.vendor},
                           {"memory_mib", g.memoryMiB},
                           {"capacity_bytes", g.bytes()},
                           {"vendor_gb", g.vendorGB}});
        out(arr.dump(2));
        return kExitOk;
    }
    TextTable t({"key", "name", "vendor", "MiB", "GiB", "GB", "sold as"},
                {false, false, false, true, true, true, true});
    for (const GpuSpec& g : gpus)
        t.addRow({g.key, g.name, g.vendor, std::to_string(g.memoryMiB), fmtNum(g.bytes() / kGiB, 2),
                  fmtNum(g.bytes() / 1e9, 2), fmtNum(g.vendorGB, 0) + " GB"});
    out(t.render() + std::to_string(gpus.size()) +
        " GPU presets (use --gpu KEY; capacity as the driver reports it)\n");
    return kExitOk;
}

} // namespace headroom::cli
