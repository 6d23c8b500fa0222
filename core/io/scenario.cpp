#include "core/io/scenario.h"

#include "core/checked.h"
#include "core/engine/estimator.h"
#include "core/engine/fields.h"
#include "core/engine/profiles.h"
#include "core/input_limits.h"
#include "core/io/json_reader.h"
#include "core/model/hf_import.h"
#include "core/model/presets.h"
#include "core/serve/serving_engine.h"
#include "core/text_file.h"

#include <nlohmann/json.hpp>

#include <climits>
#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <optional>
#include <sstream>

namespace headroom {

using nlohmann::json;

namespace {

constexpr std::uintmax_t kMaxScenarioBytes = 4u << 20;

// ---- writing ------------------------------------------------------------------------------

json archToJson(const ModelArch& m) {
    return json{{"name", m.name},
                {"family", m.family},
                {"num_layers", m.numLayers},
                {"hidden_size", m.hiddenSize},
                {"num_attention_heads", m.numHeads},
                {"num_kv_heads", m.numKvHeads},
                {"head_dim", m.headDim},
                {"intermediate_size", m.intermediateSize},
                {"mlp", m.mlp == MlpKind::Gated ? "gated" : "plain"},
                {"norm", m.norm == NormKind::RMSNorm ? "rmsnorm" : "layernorm"},
                {"vocab_size", m.vocabSize},
                {"tied_embeddings", m.tiedEmbeddings},
                {"learned_positions", m.learnedPositions},
                {"qkv_bias", m.qkvBias},
                {"out_bias", m.outBias},
                {"mlp_bias", m.mlpBias},
                {"qk_norm", m.qkNorm},
                {"qk_norm_full_width", m.qkNormFullWidth},
                {"norm_bias", m.normBias},
                {"norm_affine", m.normAffine},
                {"norms_per_layer", m.normsPerLayer},
                {"final_norm", m.finalNorm},
                {"parallel_block", m.parallelBlock},
                {"gelu_new", m.geluNew},
                {"attention_sinks", m.attentionSinks},
                {"attention_softcapping", m.attnSoftcap},
                {"final_logit_softcapping", m.finalSoftcap},
                {"sliding_window", m.slidingWindow},
                {"sliding_layers", m.slidingLayers},
                {"moe",
                 {{"num_experts", m.moe.numExperts},
                  {"experts_per_token", m.moe.expertsPerToken},
                  {"shared_experts", m.moe.sharedExperts},
                  {"expert_intermediate_size", m.moe.expertIntermediate},
                  {"shared_intermediate_size", m.moe.sharedIntermediate},
                  {"first_dense_layers", m.moe.firstDenseLayers},
                  {"router_bias", m.moe.routerBias},
                  {"expert_bias", m.moe.expertBias}}},
                {"mla",
                 {{"q_lora_rank", m.mla.qLoraRank},
                  {"kv_lora_rank", m.mla.kvLoraRank},
                  {"qk_nope_head_dim", m.mla.qkNopeHeadDim},
                  {"qk_rope_head_dim", m.mla.qkRopeHeadDim},
                  {"v_head_dim", m.mla.vHeadDim}}},
                {"native_dtype", dtypeKey(m.nativeDType)},
                {"expert_dtype", dtypeKey(m.expertDType)},
                {"quantization",
                 {{"method", quantMethodKey(m.quant.method)},
                  {"bits", m.quant.bits},
                  {"block_rows", m.quant.blockRows},
                  {"block_cols", m.quant.blockCols},
                  {"group_size", m.quant.groupSize},
                  {"desc_act", m.quant.descAct},
                  {"attention", m.quant.attention},
                  {"dense_mlp", m.quant.denseMlp},
                  {"experts", m.quant.experts},
                  {"lm_head", m.quant.lmHead},
                  {"other_dtype", dtypeKey(m.quant.other)}}},
                {"header_weight_bytes", m.headerWeightBytes},
                {"max_position_embeddings", m.maxPositions},
                {"published_params", m.publishedParams}};
}

json loraTargetsToJson(unsigned t) {
    static const std::pair<LoraTarget, const char*> names[] = {
        {LoraTarget::Q, "q_proj"},       {LoraTarget::K, "k_proj"},
        {LoraTarget::V, "v_proj"},       {LoraTarget::O, "o_proj"},
        {LoraTarget::Gate, "gate_proj"}, {LoraTarget::Up, "up_proj"},
        {LoraTarget::Down, "down_proj"}, {LoraTarget::LmHead, "lm_head"}};
    json a = json::array();
    for (const auto& [bit, name] : names)
        if (t & static_cast<unsigned>(bit))
            a.push_back(name);
    return a;
}

/// The workload's enumerations, dtypes, targets and fractions; the flags and integers of the
/// field table (core/engine/fields.h) are added by workloadToJson.
json workloadEnumsToJson(const Workload& w) {
    const Precision& p = w.precision;
    return json{{"mode", modeKey(w.mode)},
                {"finetune", finetuneKey(w.finetune)},
                {"framework", profileSpec(w.profile)},
                {"precision_preset", precisionPresetKey(w.precisionPreset)},
                {"precision",
                 {{"weights", dtypeKey(p.weights)},
                  {"compute", dtypeKey(p.compute)},
                  {"gradients", dtypeKey(p.grads)},
                  {"optimizer_states", dtypeKey(p.optimizerStates)},
                  {"kv_cache", dtypeKey(p.kvCache)},
                  {"adapters", dtypeKey(p.adapters)},
                  {"weights_from_checkpoint", p.checkpointWeights}}},
                {"optimizer", optimizerKey(w.optimizer)},
                {"activation_checkpointing", checkpointingKey(w.checkpointing)},
                {"attention", attentionKey(w.attention)},
                {"lora", {{"targets", loraTargetsToJson(w.lora.targets)}}},
                {"inference",
                 {{"memory_utilization", w.inference.memoryUtilization},
                  {"engine", servingEngineKey(w.inference.engine)},
                  {"engine_version", w.inference.engineVersion}}},
                {"rollout", {{"framework_overhead_bytes", w.rollout.frameworkOverheadBytes}}},
                {"features", {{"load_recipe", std::string(loadRecipeKey(w.features.loadRecipe))}}},
                {"lengths", {{"data", dataLengthsKey(w.lengths.data)}}},
                {"parallelism",
                 {{"sharding", shardingKey(w.parallel.sharding)},
                  {"pp_schedule", scheduleKey(w.parallel.schedule)}}}};
}

json workloadToJson(const Workload& w) {
    json j = workloadEnumsToJson(w);
    for (const WorkloadField& f : workloadFields()) {
        const std::string_view group = fieldGroupKey(f.group);
        json& target = group.empty() ? j : j[std::string(group)];
        if (f.type == FieldType::Flag)
            target[std::string(f.key)] = f.value(w) != 0;
        else
            target[std::string(f.key)] = f.value(w);
    }
    return j;
}

const char* sourceKey(ModelSource s) {
    switch (s) {
    case ModelSource::Preset:
        return "preset";
    case ModelSource::ParamCount:
        return "param_count";
    case ModelSource::Inline:
        return "inline";
    }
    return "preset";
}

/// The setup object of a calibration (calibrationSetup): what the correction holds for.
json setupJson(const Scenario& s) {
    json w = workloadToJson(s.workload);
    for (const char* key : {"micro_batch_size", "sequence_length", "gradient_accumulation_steps"})
        w.erase(key);
    w["inference"].erase("prompt_tokens");
    w["inference"].erase("new_tokens");
    return json{{"model", archToJson(s.model)},
                {"workload", std::move(w)},
                {"gpu_memory_mib", s.gpu.memoryMiB},
                {"gpu_count", s.gpuCount}};
}

/// Every key of @p stored has the same value in @p now (objects compared key by key, so a
/// key a later version adds to the setup does not make an older calibration stale).
bool setupContains(const json& now, const json& stored) {
    if (!stored.is_object() || !now.is_object())
        return stored == now;
    for (const auto& [key, value] : stored.items()) {
        auto it = now.find(key);
        if (it == now.end() || !setupContains(*it, value))
            return false;
    }
    return true;
}

json calibrationToJson(const Calibration& c) {
    json setup = c.setup.empty() ? json::object() : json::parse(c.setup, nullptr, false);
    if (setup.is_discarded())
        setup = json::object();
    return json{{"correction", "fixed_overhead"},
                {"metric", metricKey(c.measured.metric)},
                {"measured_bytes", c.measured.bytes},
                {"oom", c.measured.oom},
                {"source", calibrationSourceKey(c.measured.source)},
                {"source_detail", c.measured.sourceDetail},
                {"date", c.date},
                {"micro_batch_size", c.microBatch},
                {"sequence_length", c.sequenceLength},
                {"estimated_bytes", c.estimatedBytes},
                {"raw_offset_bytes", c.rawOffsetBytes},
                {"offset_bytes", c.offsetBytes},
                {"clamped", c.clamped},
                {"setup", std::move(setup)}};
}

// ---- reading ------------------------------------------------------------------------------

using Reader = JsonReader;

constexpr double kBig = 1e15;

/// The architecture object; every bound comes from the shared table (core/input_limits.h), the same
/// the config.json importer uses, so an imported model always reopens. Counts and widths
/// that ModelArch stores as 0 for "none" (a dense model's experts) start at 0.
ModelArch archFromJson(Reader& r) {
    const FieldLimit layers0 = fieldLimit(Limit::Layers).withMin(0);
    const FieldLimit ffn0 = fieldLimit(Limit::Intermediate).withMin(0);
    const FieldLimit& experts = fieldLimit(Limit::Experts);
    const FieldLimit& mlaDim = fieldLimit(Limit::MlaDim);
    ModelArch m;
    r.string("name", m.name);
    r.string("family", m.family);
    r.integer("num_layers", m.numLayers, fieldLimit(Limit::Layers), true);
    r.integer("hidden_size", m.hiddenSize, fieldLimit(Limit::Hidden), true);
    r.integer("num_attention_heads", m.numHeads, fieldLimit(Limit::Heads), true);
    m.numKvHeads = m.numHeads;
    r.integer("num_kv_heads", m.numKvHeads, fieldLimit(Limit::Heads));
    m.headDim = m.numHeads > 0 ? static_cast<int>(m.hiddenSize / m.numHeads) : 0;
    r.integer("head_dim", m.headDim, fieldLimit(Limit::HeadDim));
    r.integer("intermediate_size", m.intermediateSize, fieldLimit(Limit::Intermediate), true);
    std::string mlp = "gated", norm = "rmsnorm";
    r.string("mlp", mlp);
    r.string("norm", norm);
    if (mlp != "gated" && mlp != "plain")
        r.fail(ErrorCode::UnknownValue, "mlp", mlp);
    if (norm != "rmsnorm" && norm != "layernorm")
        r.fail(ErrorCode::UnknownValue, "norm", norm);
    m.mlp = mlp == "plain" ? MlpKind::Plain : MlpKind::Gated;
    m.norm = norm == "layernorm" ? NormKind::LayerNorm : NormKind::RMSNorm;
    r.integer("vocab_size", m.vocabSize, fieldLimit(Limit::Vocab), true);
    r.boolean("tied_embeddings", m.tiedEmbeddings);
    r.integer("learned_positions", m.learnedPositions, fieldLimit(Limit::Positions));
    r.boolean("qkv_bias", m.qkvBias);
    r.boolean("out_bias", m.outBias);
    r.boolean("mlp_bias", m.mlpBias);
    r.boolean("qk_norm", m.qkNorm);
    r.boolean("qk_norm_full_width", m.qkNormFullWidth);
    r.boolean("norm_bias", m.normBias);
    r.boolean("norm_affine", m.normAffine);
    r.integer("norms_per_layer", m.normsPerLayer, fieldLimit(Limit::NormsPerLayer));
    r.boolean("final_norm", m.finalNorm);
    r.boolean("parallel_block", m.parallelBlock);
    r.boolean("gelu_new", m.geluNew);
    r.boolean("attention_sinks", m.attentionSinks);
    r.boolean("attention_softcapping", m.attnSoftcap);
    r.boolean("final_logit_softcapping", m.finalSoftcap);
    r.integer("sliding_window", m.slidingWindow, fieldLimit(Limit::SlidingWindow));
    r.integer("sliding_layers", m.slidingLayers, layers0);
    if (auto moe = r.object("moe", false)) {
        moe->integer("num_experts", m.moe.numExperts, experts);
        moe->integer("experts_per_token", m.moe.expertsPerToken, experts);
        moe->integer("shared_experts", m.moe.sharedExperts, experts);
        moe->integer("expert_intermediate_size", m.moe.expertIntermediate, ffn0);
        moe->integer("shared_intermediate_size", m.moe.sharedIntermediate, ffn0);
        moe->integer("first_dense_layers", m.moe.firstDenseLayers, layers0);
        moe->boolean("router_bias", m.moe.routerBias);
        moe->boolean("expert_bias", m.moe.expertBias);
    }
    if (auto mla = r.object("mla", false)) {
        mla->integer("q_lora_rank", m.mla.qLoraRank, mlaDim);
        mla->integer("kv_lora_rank", m.mla.kvLoraRank, mlaDim);
        mla->integer("qk_nope_head_dim", m.mla.qkNopeHeadDim, mlaDim);
        mla->integer("qk_rope_head_dim", m.mla.qkRopeHeadDim, mlaDim);
        mla->integer("v_head_dim", m.mla.vHeadDim, mlaDim);
    }
    r.enumeration("native_dtype", m.nativeDType, &parseDType);
    r.enumeration("expert_dtype", m.expertDType, &parseDType);
    r.integer("max_position_embeddings", m.maxPositions, fieldLimit(Limit::Positions));
    r.integer("published_params", m.publishedParams, fieldLimit(Limit::PublishedParams));
    if (auto q = r.object("quantization", false)) {
        q->enumeration("method", m.quant.method, &parseQuantMethod);
        q->integer("bits", m.quant.bits, 2, 16);
        q->integer("block_rows", m.quant.blockRows, 1, 65536);
        q->integer("block_cols", m.quant.blockCols, 1, 65536);
        q->integer("group_size", m.quant.groupSize, 0, 1 << 20);
        q->boolean("desc_act", m.quant.descAct);
        q->boolean("attention", m.quant.attention);
        q->boolean("dense_mlp", m.quant.denseMlp);
        q->boolean("experts", m.quant.experts);
        q->boolean("lm_head", m.quant.lmHead);
        q->enumeration("other_dtype", m.quant.other, &parseDType);
    }
    r.integer("header_weight_bytes", m.headerWeightBytes, 0, INT64_MAX / 2);
    return m;
}

unsigned loraTargetsFromJson(Reader& r) {
    const json* j = r.find("targets", false);
    if (!j)
        return kLoraAllLinear;
    if (j->is_string() && j->get<std::string>() == "all-linear")
        return kLoraAllLinear;
    if (!j->is_array()) {
        r.fail(ErrorCode::FieldWrongType, "targets", "expected a list of module names");
        return 0;
    }
    static const std::pair<const char*, LoraTarget> names[] = {
        {"q_proj", LoraTarget::Q},       {"k_proj", LoraTarget::K},
        {"v_proj", LoraTarget::V},       {"o_proj", LoraTarget::O},
        {"gate_proj", LoraTarget::Gate}, {"up_proj", LoraTarget::Up},
        {"down_proj", LoraTarget::Down}, {"lm_head", LoraTarget::LmHead}};
    unsigned bits = 0;
    for (const json& e : *j) {
        bool known = false;
        for (const auto& [name, bit] : names)
            if (e.is_string() && e.get<std::string>() == name) {
                bits |= static_cast<unsigned>(bit);
                known = true;
            }
        if (!known) {
            std::string shown = e.dump(); // bounded: the document is at most kMaxJsonDepth deep
            if (shown.size() > 80)
                shown = shown.substr(0, 77) + "...";
            r.fail(ErrorCode::UnknownValue, "targets", shown);
            return 0;
        }
    }
    return bits;
}

/// "framework": a profile "name[@version]" (core/engine/profiles.h). Files written before the
/// profiles named a dtype preset there (pytorch_amp, pure_bf16, ...): read as the precision preset
/// with the custom profile, so they estimate as they did.
void frameworkFromJson(Reader& r, Workload& w) {
    std::string spec;
    r.string("framework", spec);
    if (spec.empty() || r.failed())
        return;
    if (const auto c = parseProfileSpec(spec)) {
        w.profile = c->ref();
    } else if (const auto preset = parsePrecisionPreset(spec)) {
        w.profile = ProfileRef{};
        w.precisionPreset = *preset;
    } else {
        r.fail(ErrorCode::UnknownValue, "framework", c.error().detail);
    }
}

/// One field of the table from @p in (its group's object), bounded by its range.
void fieldFromJson(Reader& in, const WorkloadField& f, Workload& w) {
    if (f.type == FieldType::Flag) {
        in.boolean(std::string(f.key), f.flag(w));
    } else {
        int64_t v = f.get(w);
        in.integer(std::string(f.key), v, f.min, f.max, f.requiredInFile);
        f.set(w, v);
    }
}

/// Every flag and integer of the field table (core/engine/fields.h); a file written before a
/// field existed keeps its default, and keys no longer in the table (float8) are ignored.
void fieldsFromJson(Reader& r, Workload& w) {
    for (const WorkloadField& f : workloadFields()) {
        const std::string group(fieldGroupKey(f.group));
        if (group.empty()) {
            fieldFromJson(r, f, w);
        } else if (auto in = r.object(group, false)) {
            fieldFromJson(*in, f, w);
        }
    }
}

Workload workloadFromJson(Reader& r) {
    Workload w;
    r.enumeration("mode", w.mode, &parseMode, true);
    r.enumeration("finetune", w.finetune, &parseFinetune);
    frameworkFromJson(r, w);
    r.enumeration("precision_preset", w.precisionPreset, &parsePrecisionPreset);
    if (auto p = r.object("precision", false)) {
        Precision& pr = w.precision;
        p->enumeration("weights", pr.weights, &parseDType);
        p->enumeration("compute", pr.compute, &parseDType);
        p->enumeration("gradients", pr.grads, &parseDType);
        p->enumeration("optimizer_states", pr.optimizerStates, &parseDType);
        p->enumeration("kv_cache", pr.kvCache, &parseDType);
        p->enumeration("adapters", pr.adapters, &parseDType);
        p->boolean("weights_from_checkpoint", pr.checkpointWeights);
    }
    r.enumeration("optimizer", w.optimizer, &parseOptimizer);
    r.enumeration("activation_checkpointing", w.checkpointing, &parseCheckpointing);
    r.enumeration("attention", w.attention, &parseAttention);
    if (auto l = r.object("lora", false))
        w.lora.targets = loraTargetsFromJson(*l);
    if (auto i = r.object("inference", false)) {
        i->number("memory_utilization", w.inference.memoryUtilization, 0, 1);
        i->enumeration("engine", w.inference.engine, &parseServingEngine);
        i->string("engine_version", w.inference.engineVersion);
        if (!i->failed() && !engineProfile(w.inference.engine, w.inference.engineVersion))
            i->fail(ErrorCode::UnknownValue, "engine_version",
                    w.inference.engineVersion.substr(0, 64));
    }
    if (auto o = r.object("rollout", false))
        o->number("framework_overhead_bytes", w.rollout.frameworkOverheadBytes, 0, kBig);
    if (auto f = r.object("features", false))
        f->enumeration("load_recipe", w.features.loadRecipe, &parseLoadRecipe);
    if (auto l = r.object("lengths", false)) // framework, fixed, packed, real; absent: framework
        l->enumeration("data", w.lengths.data, &parseDataLengths);
    if (auto p = r.object("parallelism", false)) {
        p->enumeration("sharding", w.parallel.sharding, &parseSharding);
        p->enumeration("pp_schedule", w.parallel.schedule, &parseSchedule);
    }
    fieldsFromJson(r, w);
    return w;
}

/// The calibration object; the offset must lie within the documented clamp of its estimate
/// (core/plan/calibration.h), so a hand-edited file cannot smuggle in any correction.
Calibration calibrationFromJson(Reader& r) {
    Calibration c;
    std::string correction = "fixed_overhead";
    r.string("correction", correction);
    if (correction != "fixed_overhead")
        r.fail(ErrorCode::UnknownValue, "correction", correction);
    r.enumeration("metric", c.measured.metric, &parseMetric, true);
    r.number("measured_bytes", c.measured.bytes, 0, kMaxMeasuredBytes, true);
    r.boolean("oom", c.measured.oom);
    if (!r.failed() && !c.measured.oom && c.measured.bytes <= 0)
        r.fail(ErrorCode::FieldOutOfRange, "measured_bytes", "must be > 0 unless oom is true");
    r.enumeration("source", c.measured.source, &parseCalibrationSource);
    r.string("source_detail", c.measured.sourceDetail);
    r.string("date", c.date);
    r.integer("micro_batch_size", c.microBatch, 1, limits::kMicroBatch, true);
    r.integer("sequence_length", c.sequenceLength, 1, limits::kSequenceLength * 2, true);
    r.number("estimated_bytes", c.estimatedBytes, 0, kMaxMeasuredBytes, true);
    r.number("raw_offset_bytes", c.rawOffsetBytes, -kMaxMeasuredBytes, kMaxMeasuredBytes);
    const double hi = kCalibrationRelativeBound * c.estimatedBytes + kCalibrationFixedBound;
    const double lo = -kCalibrationRelativeBound * c.estimatedBytes;
    r.number("offset_bytes", c.offsetBytes, lo, hi, true);
    r.boolean("clamped", c.clamped);
    if (const json* setup = r.find("setup", false)) {
        if (setup->is_object())
            c.setup = setup->dump();
        else
            r.fail(ErrorCode::FieldWrongType, "setup", "expected an object");
    }
    return c;
}

} // namespace

std::string calibrationSetup(const Scenario& s) {
    return setupJson(s).dump();
}

const Calibration* activeCalibration(const Scenario& s) {
    if (!s.calibration)
        return nullptr;
    if (s.calibration->setup.empty())
        return &*s.calibration;
    const json stored = json::parse(s.calibration->setup, nullptr, false);
    if (stored.is_discarded() || !setupContains(setupJson(s), stored))
        return nullptr;
    return &*s.calibration;
}

Result<Calibration> calibrateScenario(const Scenario& s, const Measurement& m, std::string date) {
    auto c = fitCalibration(s.model, s.workload, s.gpu, m, std::move(date));
    if (!c)
        return c.error();
    c->setup = calibrationSetup(s);
    return c;
}

Scenario defaultScenario() {
    Scenario s;
    s.modelSource = ModelSource::Preset;
    s.modelPreset = "llama-3.1-8b";
    if (const ModelPreset* p = findModelPreset(s.modelPreset))
        s.model = p->arch;
    else
        s.model = denseFromParamCount(8e9);
    s.workload.mode = Mode::Training;
    s.workload.finetune = Finetune::Full;
    applyPrecisionPreset(s.workload, PrecisionPreset::PureBf16);
    s.workload.optimizer = Optimizer::AdamW;
    s.workload.microBatch = 4;
    s.workload.sequenceLength = 2048;
    s.workload.attention = AttentionImpl::SDPA;
    if (const GpuSpec* g = findGpuPreset("h100-sxm-80gb"))
        s.gpu = *g;
    else
        s.gpu = GpuSpec{"h100-sxm-80gb", "NVIDIA H100 SXM 80GB", "nvidia", 81559, 80};
    // a run nobody has said more about is a hand-written loop with the dtypes above, not any
    // framework's code: the plain PyTorch loop profile, its newest version
    if (const auto c = findProfile(ProfileRef{"torch-loop", ""}))
        selectProfile(s.workload, *c, &s.model);
    return s;
}

std::string toJson(const Scenario& s) {
    json j{{"schema_version", s.calibration ? 2 : 1},
           {"model",
            {{"source", sourceKey(s.modelSource)},
             {"preset", s.modelPreset},
             {"param_count", s.paramCount},
             {"architecture", archToJson(s.model)}}},
           {"workload", workloadToJson(s.workload)},
           {"gpu",
            {{"preset", s.gpu.key},
             {"name", s.gpu.name},
             {"vendor", s.gpu.vendor},
             {"memory_mib", s.gpu.memoryMiB},
             {"vendor_gb", s.gpu.vendorGB}}},
           {"gpu_count", s.gpuCount}};
    if (s.modelSource == ModelSource::Inline && !s.derivedFrom.empty())
        j["model"]["derived_from"] = s.derivedFrom;
    if (s.calibration)
        j["calibration"] = calibrationToJson(*s.calibration);
    return j.dump(2) + "\n";
}

Result<Scenario> scenarioFromJson(std::string_view text) {
    if (auto deep = checkJsonDepth(text, "scenario"))
        return *deep;
    const json root = json::parse(text, nullptr, false);
    if (root.is_discarded())
        return Error{ErrorCode::JsonMalformed, "", "the scenario is not valid JSON"};
    return scenarioFromDocument(root);
}

/// model.hf_config: a whole Hugging Face config.json embedded in the file (a measured run's
/// capture, tools/capture/headroom_capture.py), read by the config.json importer; its error
/// keeps the importer's key under "model.hf_config".
void readHfConfigModel(Reader& model, ModelArch& out) {
    auto cfg = model.object("hf_config");
    if (!cfg)
        return;
    std::string name;
    if (auto n = cfg->raw().find("_name_or_path"); n != cfg->raw().end() && n->is_string())
        name = n->get<std::string>().substr(n->get<std::string>().rfind('/') + 1);
    auto imported = importHfConfig(cfg->raw().dump(), name);
    if (!imported) {
        const Error& e = imported.error();
        if (e.field.empty())
            model.fail(e.code, "hf_config", e.detail);
        else
            cfg->fail(e.code, e.field, e.detail);
        return;
    }
    out = imported.value().arch;
}

Result<Scenario> scenarioFromDocument(const nlohmann::json& root) {
    if (!root.is_object())
        return Error{ErrorCode::FieldWrongType, "", "expected a JSON object"};
    std::optional<Error> err;
    Reader top(root, "", err);
    int version = 0;
    top.integer("schema_version", version, 1, 1000000, true);
    if (err)
        return *err;
    if (version > kScenarioVersion)
        return Error{ErrorCode::UnsupportedVersion, "schema_version",
                     "file version " + std::to_string(version) + ", this build reads up to " +
                         std::to_string(kScenarioVersion)};
    Scenario s;
    if (auto model = top.object("model")) {
        std::string source = "preset";
        model->string("source", source, true);
        if (source == "preset") {
            s.modelSource = ModelSource::Preset;
            model->string("preset", s.modelPreset, true);
            if (!err) {
                if (const ModelPreset* p = findModelPreset(s.modelPreset))
                    s.model = p->arch;
                else
                    model->fail(ErrorCode::UnknownValue, "preset", s.modelPreset);
            }
        } else if (source == "param_count") {
            s.modelSource = ModelSource::ParamCount;
            model->number("param_count", s.paramCount, 1e6, 1e13, true);
            if (!err)
                s.model = denseFromParamCount(s.paramCount);
        } else if (source == "inline") {
            s.modelSource = ModelSource::Inline;
            model->string("derived_from", s.derivedFrom, false);
            if (!err && !s.derivedFrom.empty() && !findModelPreset(s.derivedFrom))
                model->fail(ErrorCode::UnknownValue, "derived_from", s.derivedFrom);
            if (auto a = model->object("architecture")) {
                s.model = archFromJson(*a);
                if (!err) {
                    if (ArchError ae = validateArch(s.model); ae != ArchError::Ok)
                        a->fail(ErrorCode::FieldOutOfRange, std::string(archErrorField(ae)),
                                "invalid architecture");
                }
            }
        } else if (source == "hf_config") {
            s.modelSource = ModelSource::Inline; // written back as its architecture
            readHfConfigModel(*model, s.model);
        } else {
            model->fail(ErrorCode::UnknownValue, "source", source);
        }
    }
    if (auto w = top.object("workload"))
        s.workload = workloadFromJson(*w);
    if (auto g = top.object("gpu")) {
        std::string key;
        g->string("preset", key);
        const GpuSpec* preset = key.empty() ? nullptr : findGpuPreset(key);
        if (preset)
            s.gpu = *preset;
        s.gpu.key = key;
        g->string("name", s.gpu.name);
        g->string("vendor", s.gpu.vendor);
        g->integer("memory_mib", s.gpu.memoryMiB, fieldLimit(Limit::GpuMemoryMiB),
                   preset == nullptr);
        g->number("vendor_gb", s.gpu.vendorGB, 0, 1e6);
    }
    top.integer("gpu_count", s.gpuCount, 1, limits::kGpus);
    if (version >= 2)
        if (auto c = top.object("calibration", false))
            s.calibration = calibrationFromJson(*c);
    if (err)
        return *err;
    if (auto e = validateWorkload(s.model, s.workload))
        return Error{e->code, "workload." + e->field, e->detail};
    return s;
}

Result<Scenario> loadScenario(const std::filesystem::path& file) {
    auto text = readTextFile(file, kMaxScenarioBytes);
    if (!text)
        return text.error();
    return scenarioFromJson(text.value());
}

} // namespace headroom
