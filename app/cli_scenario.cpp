// cli_scenario.cpp: scenario options -> core Scenario (no memory arithmetic here).

#include "app/cli_scenario.h"

#include "app/cli_common.h"
#include "core/checked.h"
#include "core/engine/estimator.h"
#include "core/engine/fields.h"
#include "core/engine/memory_terms.h"
#include "core/engine/profiles.h"
#include "core/engine/weight_dtypes.h"
#include "core/model/hf_import.h"
#include "core/model/presets.h"
#include "core/serve/serving_engine.h"
#include "ui/savefile.h"

#include <functional>

namespace headroom::cli {

namespace {

/// "a, b, c" of every key of an enum with @p count values.
template <class E> std::string keyList(int count, std::string_view (*key)(E)) {
    std::string s;
    for (int i = 0; i < count; ++i)
        s += (i ? ", " : "") + std::string(key(static_cast<E>(i)));
    return s;
}

std::string modeList() {
    return "inference, train";
}
std::string finetuneList() {
    return keyList<Finetune>(3, finetuneKey);
}
std::string optimizerList() {
    return keyList<Optimizer>(9, optimizerKey);
}
std::string checkpointingList() {
    return "none, full, selective, first-n";
}
std::string attentionList() {
    return keyList<AttentionImpl>(4, attentionKey);
}
std::string presetList() {
    return keyList<PrecisionPreset>(7, precisionPresetKey);
}
std::string shardingList() {
    return "none, zero1, zero2, zero3, fsdp (= fsdp_full_shard), fsdp-grad-op, hsdp";
}
std::string scheduleList() {
    return "gpipe, 1f1b, interleaved";
}
std::string loadRecipeList() {
    return keyList<LoadRecipe>(4, loadRecipeKey);
}
std::string dataLengthsList() {
    return keyList<DataLengths>(4, dataLengthsKey);
}
std::string dtypeList() {
    return keyList<DType>(kDTypeCount, dtypeKey);
}

/// Parses an enum option with @p parse after CLI aliases; usage error listing @p allowed.
template <class E>
std::optional<E>
enumOption(const QCommandLineParser& p, const QString& name,
           std::optional<E> (*parse)(std::string_view), const std::string& allowed,
           std::initializer_list<std::pair<const char*, const char*>> aliases = {}) {
    if (!p.isSet(name))
        return std::nullopt;
    std::string v = str(p.value(name).trimmed().toLower());
    for (const auto& [from, to] : aliases)
        if (v == from)
            v = to;
    if (auto e = parse(v))
        return e;
    usageError("--" + str(name) + ": unknown value '" + str(p.value(name)) +
               "' (expected one of: " + allowed + ")");
}

std::optional<DType> dtypeOption(const QCommandLineParser& p, const QString& name) {
    return enumOption<DType>(p, name, parseDType, dtypeList());
}

unsigned parseLoraTargets(const QString& text) {
    unsigned bits = 0;
    for (QString part : text.trimmed().toLower().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        part = part.trimmed();
        if (part == QLatin1String("all-linear") || part == QLatin1String("all_linear") ||
            part == QLatin1String("all")) {
            bits |= kLoraAllLinear;
            continue;
        }
        if (part == QLatin1String("attention")) {
            bits |= kLoraAttention;
            continue;
        }
        if (part.endsWith(QLatin1String("_proj")))
            part.chop(5);
        static const std::pair<const char*, LoraTarget> names[] = {
            {"q", LoraTarget::Q},       {"k", LoraTarget::K},           {"v", LoraTarget::V},
            {"o", LoraTarget::O},       {"gate", LoraTarget::Gate},     {"up", LoraTarget::Up},
            {"down", LoraTarget::Down}, {"lm_head", LoraTarget::LmHead}};
        bool found = false;
        for (const auto& [n, bit] : names) {
            if (part == QLatin1String(n)) {
                bits |= static_cast<unsigned>(bit);
                found = true;
            }
        }
        if (!found)
            usageError("--lora-targets: unknown module '" + str(part) +
                       "' (expected q,k,v,o,gate,up,down,lm_head, all-linear or attention)");
    }
    if (bits == 0)
        usageError("--lora-targets: give at least one module");
    return bits;
}

void applyModel(const QCommandLineParser& p, Scenario& s, std::vector<std::string>& notes) {
    const int given = (p.isSet(QStringLiteral("model")) ? 1 : 0) +
                      (p.isSet(QStringLiteral("config")) ? 1 : 0) +
                      (p.isSet(QStringLiteral("params")) ? 1 : 0);
    if (given > 1)
        usageError("give only one of --model, --config and --params");
    if (p.isSet(QStringLiteral("model"))) {
        const std::string key = str(p.value(QStringLiteral("model")));
        const ModelPreset* preset = findModelPreset(key);
        if (!preset)
            usageError("--model: unknown preset '" + key +
                       "' (run 'headroom-cli models' for the list, or use --config / --params)");
        s.modelSource = ModelSource::Preset;
        s.modelPreset = preset->key;
        s.model = preset->arch;
    } else if (p.isSet(QStringLiteral("config"))) {
        const QString file = p.value(QStringLiteral("config"));
        auto m = importModelFile(file.toStdString());
        if (!m)
            dataError(m.error(), "--config " + str(file) + ": ");
        s.modelSource = ModelSource::Inline;
        for (const ImportNote& n : m.value().notes)
            notes.push_back("--config: " + n.field + ": " + n.detail);
        s.model = std::move(m.value().arch);
    } else if (p.isSet(QStringLiteral("params"))) {
        const double n = parseParamCount(p.value(QStringLiteral("params")), "--params");
        s.modelSource = ModelSource::ParamCount;
        s.paramCount = n;
        s.model = denseFromParamCount(n);
    }
    if (const ArchError e = validateArch(s.model); e != ArchError::Ok)
        dataError("model " + s.model.name + ": invalid architecture field '" +
                  std::string(archErrorField(e)) + "'");
}

/// Every flag and integer option of the field table: a flag turns its field on, an integer
/// sets it within the field's range; any rollout option turns the rollout on.
void applyFieldOptions(const QCommandLineParser& p, Workload& w) {
    for (const WorkloadField& f : workloadFields()) {
        const QString name = QString::fromLatin1(f.cliOption.data(), f.cliOption.size());
        if (f.cliOption.empty() || !p.isSet(name))
            continue;
        if (f.type == FieldType::Flag)
            f.flag(w) = true;
        else
            f.set(w, *intOption(p, name, f.min, f.max));
        if (f.group == FieldGroup::Rollout)
            w.rollout.enabled = true;
    }
}

/// --framework: a framework profile, or (as before issue 13) a precision preset's key.
void applyFrameworkOption(const QCommandLineParser& p, Scenario& s,
                          std::vector<std::string>& notes) {
    if (!p.isSet(QStringLiteral("framework")))
        return;
    Workload& w = s.workload;
    const std::string spec = p.value(QStringLiteral("framework")).toStdString();
    if (auto c = parseProfileSpec(spec)) {
        selectProfile(w, *c, &s.model);
    } else if (const auto preset = parsePrecisionPreset(spec)) {
        applyPrecisionPreset(w, *preset); // a key of the dtype-only profiles before issue 13
        notes.push_back("--framework " + spec +
                        ": a precision preset (dtypes only, no framework behaviour); "
                        "--precision-preset names it, --framework takes a profile");
    } else {
        usageError("--framework: " + c.error().detail);
    }
}

/// --weights, --compute, --grads, --optimizer-states, --kv-cache, --adapters and the master
/// weights switches: the dtypes the user states.
void applyDtypeOptions(const QCommandLineParser& p, Workload& w) {
    if (auto d = dtypeOption(p, QStringLiteral("weights"))) {
        w.precision.weights = *d;
        w.precision.checkpointWeights = false; // the user's choice wins over the checkpoint's
    }
    if (auto d = dtypeOption(p, QStringLiteral("compute")))
        w.precision.compute = *d;
    if (auto d = dtypeOption(p, QStringLiteral("grads")))
        w.precision.grads = *d;
    if (auto d = dtypeOption(p, QStringLiteral("optimizer-states")))
        w.precision.optimizerStates = *d;
    if (auto d = dtypeOption(p, QStringLiteral("kv-cache")))
        w.precision.kvCache = *d;
    if (auto d = dtypeOption(p, QStringLiteral("adapters")))
        w.precision.adapters = *d;
    if (p.isSet(QStringLiteral("master-weights")) && p.isSet(QStringLiteral("no-master-weights")))
        usageError("give only one of --master-weights and --no-master-weights");
    if (p.isSet(QStringLiteral("no-master-weights")))
        w.precision.masterWeights = false;
}

/// --memory-utilization, --engine and --engine-version: the serving engine that sizes a server.
void applyServingOptions(const QCommandLineParser& p, Workload& w) {
    if (p.isSet(QStringLiteral("memory-utilization"))) {
        bool ok = false;
        const double u = p.value(QStringLiteral("memory-utilization")).toDouble(&ok);
        if (!ok || !(u > 0 && u <= 1))
            usageError("--memory-utilization: expected a fraction in (0, 1], got '" +
                       str(p.value(QStringLiteral("memory-utilization"))) + "'");
        w.inference.memoryUtilization = u;
    }
    if (p.isSet(QStringLiteral("engine"))) {
        const std::string key = str(p.value(QStringLiteral("engine")));
        const auto e = parseServingEngine(key);
        if (!e)
            usageError("--engine: expected vllm, sglang or trtllm, got '" + key + "'");
        w.inference.engine = *e;
    }
    if (p.isSet(QStringLiteral("engine-version"))) {
        w.inference.engineVersion = str(p.value(QStringLiteral("engine-version")));
        if (!engineProfile(w.inference.engine, w.inference.engineVersion)) {
            std::string known;
            for (const EngineProfile& e : engineProfiles())
                if (e.engine == w.inference.engine)
                    known += (known.empty() ? "" : ", ") + std::string(e.version);
            usageError("--engine-version: " + std::string(servingEngineKey(w.inference.engine)) +
                       " has the versions " + known);
        }
    }
}

void applyWorkload(const QCommandLineParser& p, Scenario& s, std::vector<std::string>& notes) {
    Workload& w = s.workload;
    applyFrameworkOption(p, s, notes);
    if (auto f = enumOption<PrecisionPreset>(p, QStringLiteral("precision-preset"),
                                             parsePrecisionPreset, presetList()))
        applyPrecisionPreset(w, *f);
    if (auto m = enumOption<Mode>(p, QStringLiteral("mode"), parseMode, modeList(),
                                  {{"train", "training"}, {"infer", "inference"}}))
        w.mode = *m;
    if (auto f =
            enumOption<Finetune>(p, QStringLiteral("finetune"), parseFinetune, finetuneList())) {
        w.finetune = *f;
        // QLoRA means a 4-bit base: unless a dtype or profile says otherwise, use the QLoRA
        // paper's NF4 with double quantisation.
        if (*f == Finetune::QLoRA && !p.isSet(QStringLiteral("weights")) &&
            !p.isSet(QStringLiteral("framework")) && !isQuantized(w.precision.weights)) {
            w.precision.weights = DType::NF4DoubleQuant;
            notes.emplace_back("QLoRA: base weights nf4_double_quant (QLoRA paper default; "
                               "--weights to change)");
        }
    }
    applyFieldOptions(p, w);
    if (w.mode == Mode::Inference) {
        // the sequence length is the context: prompt + generated tokens (core's one rule)
        auto given = [&p](const char* option, int64_t value) {
            return p.isSet(QLatin1String(option)) ? std::optional<int64_t>(value) : std::nullopt;
        };
        if (auto e = applyInferenceTokens(w, given("seq-len", w.sequenceLength),
                                          given("prompt-tokens", w.inference.promptTokens),
                                          given("new-tokens", w.inference.newTokens)))
            usageError("--seq-len / --prompt-tokens / --new-tokens: " + describe(*e));
    }
    applyDtypeOptions(p, w);
    if (auto o = enumOption<Optimizer>(p, QStringLiteral("optimizer"), parseOptimizer,
                                       optimizerList(), {{"adamw8bit", "adamw_8bit"}}))
        w.optimizer = *o;
    if (auto c = enumOption<Checkpointing>(p, QStringLiteral("checkpointing"), parseCheckpointing,
                                           checkpointingList()))
        w.checkpointing = *c;
    if (p.isSet(QStringLiteral("checkpoint-layers")) && !p.isSet(QStringLiteral("checkpointing")))
        w.checkpointing = Checkpointing::FirstN;
    if (w.checkpointing == Checkpointing::FirstN && !p.isSet(QStringLiteral("checkpoint-layers")) &&
        p.isSet(QStringLiteral("checkpointing")))
        usageError("--checkpointing first-n needs --checkpoint-layers N");
    if (auto a = enumOption<AttentionImpl>(p, QStringLiteral("attention"), parseAttention,
                                           attentionList(), {{"flash2", "flash"}}))
        w.attention = *a;
    if (p.isSet(QStringLiteral("lora-targets")))
        w.lora.targets = parseLoraTargets(p.value(QStringLiteral("lora-targets")));
    applyServingOptions(p, w);
    if (auto l = enumOption<LoadRecipe>(p, QStringLiteral("load-recipe"), parseLoadRecipe,
                                        loadRecipeList()))
        w.features.loadRecipe = *l;
    if (auto d = enumOption<DataLengths>(p, QStringLiteral("lengths"), parseDataLengths,
                                         dataLengthsList()))
        w.lengths.data = *d;
}

void applyGpu(const QCommandLineParser& p, Scenario& s) {
    if (p.isSet(QStringLiteral("gpu")) && p.isSet(QStringLiteral("gpu-mem")))
        usageError("give only one of --gpu and --gpu-mem");
    if (p.isSet(QStringLiteral("gpu"))) {
        const std::string key = str(p.value(QStringLiteral("gpu")));
        const GpuSpec* g = findGpuPreset(key);
        if (!g)
            usageError("--gpu: unknown preset '" + key +
                       "' (run 'headroom-cli gpus' for the list, or use --gpu-mem 80GiB)");
        s.gpu = *g;
    } else if (p.isSet(QStringLiteral("gpu-mem"))) {
        s.gpu = customGpu(parseByteSize(p.value(QStringLiteral("gpu-mem")), "--gpu-mem"));
    }
}

void applyLayout(const QCommandLineParser& p, Scenario& s) {
    Parallelism& par = s.workload.parallel;
    const bool degreeGiven = p.isSet(QStringLiteral("dp")) || p.isSet(QStringLiteral("tp")) ||
                             p.isSet(QStringLiteral("pp")) || p.isSet(QStringLiteral("cp"));
    // dp x tp x pp x cp is an int in core: bound the product before anything computes
    // it (--gpus and a scenario's GPU count only set dp to a bounded quotient below)
    const auto total = checked::product({par.dp, par.tp, par.pp, par.cp});
    if (!total || *total > kMaxGpus) {
        const std::string why = "dp x tp x pp x cp must be at most " + std::to_string(kMaxGpus) +
                                " GPUs (got " + std::to_string(par.dp) + " x " +
                                std::to_string(par.tp) + " x " + std::to_string(par.pp) + " x " +
                                std::to_string(par.cp) + ")";
        if (degreeGiven)
            usageError("--dp/--tp/--pp/--cp: " + why);
        dataError(why);
    }
    if (auto n = intOption(p, QStringLiteral("gpus"), 1, kMaxGpus)) {
        const int64_t others = int64_t{par.tp} * par.pp * par.cp;
        if (p.isSet(QStringLiteral("dp"))) {
            if (int64_t{par.dp} * others != *n)
                usageError("--gpus " + std::to_string(*n) + " differs from dp x tp x pp x cp = " +
                           std::to_string(int64_t{par.dp} * others));
        } else {
            if (*n % others != 0)
                usageError("--gpus " + std::to_string(*n) +
                           " is not a multiple of tp x pp x cp = " + std::to_string(others));
            par.dp = static_cast<int>(*n / others);
        }
    } else if (!degreeGiven && s.gpuCount > 1 && par.gpus() == 1) {
        par.dp = s.gpuCount; // a scenario that only gave a GPU count
    }
    s.gpuCount = par.gpus();
    if (auto sh = enumOption<Sharding>(p, QStringLiteral("sharding"), parseSharding, shardingList(),
                                       {{"fsdp", "fsdp_full_shard"},
                                        {"fsdp-full-shard", "fsdp_full_shard"},
                                        {"fsdp-grad-op", "fsdp_shard_grad_op"},
                                        {"fsdp_grad_op", "fsdp_shard_grad_op"},
                                        {"ddp", "none"}}))
        par.sharding = *sh;
    if (auto sc = enumOption<PipelineSchedule>(
            p, QStringLiteral("pp-schedule"), parseSchedule, scheduleList(),
            {{"interleaved", "interleaved_1f1b"}, {"interleaved1f1b", "interleaved_1f1b"}}))
        par.schedule = *sc;
}

QCommandLineOption opt(const char* name, const QString& help, const char* valueName = nullptr) {
    if (valueName)
        return QCommandLineOption(QString::fromLatin1(name), help, QString::fromLatin1(valueName));
    return QCommandLineOption(QString::fromLatin1(name), help);
}

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

void addScenarioOptions(QCommandLineParser& p) {
    p.addOptions({
        opt("scenario",
            QStringLiteral("Start from a saved scenario file (options given here "
                           "override it)."),
            "file"),
        opt("save-scenario", QStringLiteral("Write the resulting scenario to a file."), "file"),
        opt("model", QStringLiteral("Model preset key, e.g. llama-3.1-8b (see 'models')."), "key"),
        opt("config",
            QStringLiteral("Hugging Face config.json, model.safetensors.index.json or "
                           ".safetensors file."),
            "path"),
        opt("params",
            QStringLiteral("Bare parameter count (7e9, 7B, 350M): a derived dense "
                           "Llama-style shape."),
            "count"),
        opt("mode", q("Run mode: " + modeList() + "."), "mode"),
        opt("finetune", q("Training kind: " + finetuneList() + "."), "kind"),
        opt("framework",
            q("Framework profile NAME[@VERSION] (dtypes, defaults and the framework's behaviour "
              "facts, docs/profiles.md; no version = the newest): " +
              knownProfileList() +
              ". Without it and without --scenario: torch-loop, a plain PyTorch loop, as the GUI "
              "opens with."),
            "profile"),
        opt("precision-preset",
            q("Dtype accounting only, without behaviour facts: " + presetList() + "."), "preset"),
        opt("weights", q("Weight storage dtype: " + dtypeList() + "."), "dtype"),
        opt("compute", QStringLiteral("Activation / compute dtype."), "dtype"),
        opt("grads", QStringLiteral("Gradient dtype."), "dtype"),
        opt("optimizer-states", QStringLiteral("Optimizer state dtype."), "dtype"),
        QCommandLineOption({QStringLiteral("kv-cache"), QStringLiteral("kv-dtype")},
                           QStringLiteral("KV cache dtype (inference)."), QStringLiteral("dtype")),
        opt("adapters", QStringLiteral("LoRA adapter dtype."), "dtype"),
        opt("no-master-weights", QStringLiteral("No separate fp32 master copy.")),
        opt("optimizer", q("Optimizer: " + optimizerList() + "."), "name"),
        opt("checkpointing", q("Activation checkpointing: " + checkpointingList() + "."), "kind"),
        opt("attention", q("Attention implementation: " + attentionList() + "."), "impl"),
        opt("lora-targets",
            QStringLiteral("LoRA modules: q,k,v,o,gate,up,down,lm_head, "
                           "all-linear or attention."),
            "list"),
        QCommandLineOption(
            {QStringLiteral("memory-utilization"), QStringLiteral("gpu-memory-utilization")},
            QStringLiteral("Inference: the serving engine's memory fraction (vLLM "
                           "gpu_memory_utilization, SGLang mem_fraction_static, TensorRT-LLM "
                           "free_gpu_memory_fraction); estimate then also reports the KV pool, "
                           "max concurrency and max context."),
            QStringLiteral("fraction")),
        opt("engine", QStringLiteral("Serving engine: vllm (default), sglang or trtllm."), "name"),
        opt("engine-version",
            QStringLiteral("Version of the serving engine's profile (default: the newest; "
                           "'headroom-cli serve --help' lists them)."),
            "version"),
        opt("load-recipe",
            q("How the weights are loaded, replayed through a caching-allocator model: " +
              loadRecipeList() + " (docs/metrics.md)."),
            "recipe"),
        opt("lengths",
            q("Training batch lengths: " + dataLengthsList() +
              ". framework (default): as the profile's data pipeline feeds them (real data for "
              "the SFT trainers, fixed windows for pre-training loops); real: a data set padded "
              "per batch, --length-mean etc. or " +
              std::string(kDefaultDatasetLengths.name) +
              " (mean 528, std 658, max 18718 tokens; docs/metrics.md)."),
            "kind"),
        opt("gpu", QStringLiteral("GPU preset key, e.g. h100-sxm-80gb (see 'gpus')."), "key"),
        opt("gpu-mem", QStringLiteral("Custom GPU capacity with unit: 80GiB (2^30) or 80GB (1e9)."),
            "size"),
        opt("gpus", QStringLiteral("Total GPUs; DP = gpus / (tp x pp x cp) unless --dp is given."),
            "n"),
        opt("sharding", q("Sharding: " + shardingList() + "."), "kind"),
        opt("pp-schedule", q("Pipeline schedule: " + scheduleList() + "."), "name"),
    });
    // every flag and integer of the workload's field table (core/engine/fields.h)
    for (const WorkloadField& f : workloadFields()) {
        if (f.cliOption.empty())
            continue;
        const std::string name(f.cliOption);
        std::string help(f.doc);
        if (f.type == FieldType::Integer)
            help += " [" + std::to_string(f.min) + ", " + std::to_string(f.max) + "]";
        p.addOption(opt(name.c_str(), q(help), f.type == FieldType::Integer ? "n" : nullptr));
    }
}

CliScenario buildScenario(const QCommandLineParser& p, std::optional<Scenario> base) {
    CliScenario c;
    if (base) {
        c.scenario = std::move(*base);
    } else if (p.isSet(QStringLiteral("scenario"))) {
        const QString file = p.value(QStringLiteral("scenario"));
        auto s = loadScenario(file.toStdString());
        if (!s)
            dataError(s.error(), "--scenario " + str(file) + ": ");
        c.scenario = std::move(s).value();
    } else {
        c.scenario = defaultScenario();
    }
    Scenario& s = c.scenario;
    applyModel(p, s, c.notes);
    applyWorkload(p, s, c.notes);
    if (terms::checkpointStorageApplies(s.model, s.workload))
        c.notes.push_back("weights stored as the checkpoint holds them (" +
                          weightDtypesKey(residentWeightDtypes(s.model, s.workload)) +
                          (s.model.headerWeightBytes > 0 ? ", safetensors header bytes" : "") +
                          "); --weights overrides");
    applyGpu(p, s);
    applyLayout(p, s);
    // the profile's weight rules read the fine-tune kind, sharding and model given after the
    // pick; dtypes the user gives win
    if (p.isSet(QStringLiteral("framework")) && !p.isSet(QStringLiteral("weights")) &&
        !p.isSet(QStringLiteral("grads")) && !p.isSet(QStringLiteral("optimizer-states")) &&
        !p.isSet(QStringLiteral("precision-preset")))
        if (const auto c = parseProfileSpec(p.value(QStringLiteral("framework")).toStdString()))
            applyLoraBaseRule(s.workload, *c, &s.model);
    if (auto e = validateWorkload(s.model, s.workload))
        dataError(*e);
    if (p.isSet(QStringLiteral("save-scenario"))) {
        const QString file = p.value(QStringLiteral("save-scenario"));
        QString why;
        if (!saveFile(file, QByteArray::fromStdString(toJson(s)), &why))
            dataError("--save-scenario " + str(file) + ": cannot write the file (" + str(why) +
                      ")");
    }
    return c;
}

std::string scenarioSummary(const Scenario& s) {
    const Workload& w = s.workload;
    std::string t = s.model.name.empty() ? std::string("(unnamed model)") : s.model.name;
    t += " | " + std::string(w.mode == Mode::Training ? "training" : "inference");
    if (w.mode == Mode::Training) {
        t += ", " + std::string(finetuneKey(w.finetune));
        if (w.finetune != Finetune::Full)
            t += " r" + std::to_string(w.lora.rank);
        t += ", " + std::string(optimizerKey(w.optimizer));
        t += " | micro-batch " + std::to_string(w.microBatch) + " x seq " +
             std::to_string(w.sequenceLength) + ", grad accum " +
             std::to_string(w.gradAccumulation);
        t += ", checkpointing " + std::string(checkpointingKey(w.checkpointing));
    } else {
        t += " | batch " + std::to_string(w.microBatch) + ", prompt " +
             std::to_string(w.inference.promptTokens) + " + new " +
             std::to_string(w.inference.newTokens) + " tokens";
    }
    t += ", " + std::string(attentionKey(w.attention)) + " attention";
    // the dtypes the weights term counts (the checkpoint's, the QLoRA base's, the pick)
    const WeightDtypes wd = residentWeightDtypes(s.model, w);
    t += " | weights " + weightDtypesKey(wd) + " (" + (wd.fromCheckpoint ? "checkpoint, " : "") +
         fmtNum(wd.bytesPerParam(), 2) + " B/param), compute " +
         std::string(dtypeKey(w.precision.compute));
    if (w.mode == Mode::Training)
        t += ", grads " + std::string(dtypeKey(w.precision.grads)) + ", optimizer states " +
             std::string(dtypeKey(w.precision.optimizerStates)) +
             (w.precision.masterWeights ? ", fp32 master" : "");
    else
        t += ", kv " + std::string(dtypeKey(w.precision.kvCache));
    t += " | profile " + profileSpec(w.profile) + " (dtypes " +
         std::string(precisionPresetKey(w.precisionPreset)) + ")";
    const Parallelism& par = w.parallel;
    t += " | " + std::to_string(par.gpus()) + " GPU" + (par.gpus() == 1 ? "" : "s");
    if (par.gpus() > 1 || par.ep > 1)
        t += " (dp " + std::to_string(par.dp) + ", tp " + std::to_string(par.tp) + ", pp " +
             std::to_string(par.pp) + ", cp " + std::to_string(par.cp) + ", ep " +
             std::to_string(par.ep) + ", " + std::string(shardingKey(par.sharding)) + ")";
    return t;
}

std::string gpuSummary(const GpuSpec& gpu) {
    std::string name = gpu.name.empty() ? (gpu.key.empty() ? "custom GPU" : gpu.key) : gpu.name;
    return name + ": " + std::to_string(gpu.memoryMiB) + " MiB = " + fmtGiB(gpu.bytes()) + " = " +
           fmtGB(gpu.bytes());
}

} // namespace headroom::cli
