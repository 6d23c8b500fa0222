#include "core/engine/profiles.h"

#include "core/model/decoder_shape.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <utility>

namespace headroom::embedded {
extern const std::string_view profilesJson;
} // namespace headroom::embedded

namespace headroom {

namespace {
using json = nlohmann::json;

constexpr std::array kBehaviours{
    std::pair{Behaviour::TorchaoNf4, std::string_view("torchao_nf4")},
    std::pair{Behaviour::Fp32Logits, std::string_view("fp32_logits")},
    std::pair{Behaviour::RetainedLogits, std::string_view("retained_logits")},
    std::pair{Behaviour::UncompiledLoss, std::string_view("uncompiled_loss")},
    std::pair{Behaviour::FusedQkvLora, std::string_view("fused_qkv_lora")},
    std::pair{Behaviour::ChunkedCrossEntropy, std::string_view("chunked_cross_entropy")},
    std::pair{Behaviour::ActivationOffload, std::string_view("activation_offload")},
    std::pair{Behaviour::FusedOptimizer, std::string_view("fused_optimizer")},
    std::pair{Behaviour::LoadRecipe, std::string_view("load_recipe")},
    std::pair{Behaviour::SequenceParallel, std::string_view("sequence_parallel")},
    std::pair{Behaviour::LossParallel, std::string_view("loss_parallel")},
    std::pair{Behaviour::NoSyncAccumulation, std::string_view("no_sync_accumulation")},
    std::pair{Behaviour::MixedFrozenUnits, std::string_view("mixed_frozen_units")},
    std::pair{Behaviour::PersistentGradBuffer, std::string_view("persistent_grad_buffer")},
    std::pair{Behaviour::SpShardedInputs, std::string_view("sp_sharded_inputs")},
    std::pair{Behaviour::QuantizedLmHead, std::string_view("quantized_lm_head")},
    std::pair{Behaviour::Fp16QuantState, std::string_view("fp16_quant_state")},
    std::pair{Behaviour::UnexpandedMqaSdpa, std::string_view("unexpanded_mqa_sdpa")},
    std::pair{Behaviour::DeepspeedZero, std::string_view("deepspeed_zero")},
    std::pair{Behaviour::GeluNewOps, std::string_view("gelu_new_ops")}};

constexpr std::array kConditions{
    std::pair{RunCondition::Training, std::string_view("training")},
    std::pair{RunCondition::Sharded, std::string_view("sharded")},
    std::pair{RunCondition::TensorParallel, std::string_view("tensor_parallel")},
    std::pair{RunCondition::UnchunkedLoss, std::string_view("unchunked_loss")},
    std::pair{RunCondition::Adapters, std::string_view("adapters")},
    std::pair{RunCondition::QLoRA, std::string_view("qlora")},
    std::pair{RunCondition::TorchCompile, std::string_view("torch_compile")},
    std::pair{RunCondition::Checkpointing, std::string_view("checkpointing")},
    std::pair{RunCondition::GpuOptimizer, std::string_view("gpu_optimizer")},
    std::pair{RunCondition::QuantizedWeights, std::string_view("quantized_weights")},
    std::pair{RunCondition::ZeroStage, std::string_view("zero_stage")}};

template <class E, std::size_t N>
std::optional<E> byKey(const std::array<std::pair<E, std::string_view>, N>& t, std::string_view s) {
    for (const auto& [e, k] : t)
        if (k == s)
            return e;
    return std::nullopt;
}

/// Lower case, '_' as '-': "HF_Trainer" and "hf-trainer" name the same profile. ASCII only,
/// whatever the C locale (profile names are ASCII; std::tolower read the locale per call).
char normalChar(char c) {
    if (c == '_')
        return '-';
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string normalName(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), normalChar);
    return out;
}

struct TableError {
    Error error;
};
[[noreturn]] void fail(const std::string& path, const std::string& detail) {
    throw TableError{Error{ErrorCode::FieldWrongType, path, detail}};
}
std::string str(const json& o, const char* key, const std::string& path) {
    if (!o.is_object() || !o.contains(key) || !o.at(key).is_string())
        fail(path + "." + key, "expected a string");
    return o.at(key).get<std::string>();
}

ProfileFact parseFact(const json& j, const std::string& path) {
    ProfileFact f;
    const std::string b = str(j, "behaviour", path);
    const auto behaviour = byKey(kBehaviours, b);
    if (!behaviour)
        fail(path + ".behaviour", "unknown behaviour '" + b + "'");
    f.behaviour = *behaviour;
    if (f.behaviour == Behaviour::LoadRecipe) {
        const auto r = parseLoadRecipe(str(j, "value", path));
        if (!r)
            fail(path + ".value", "unknown load recipe");
        f.loadRecipe = *r;
    }
    if (!j.contains("when") || !j.at("when").is_array())
        fail(path + ".when", "expected an array of run conditions");
    for (const json& c : j.at("when")) {
        const auto cond = c.is_string() ? byKey(kConditions, c.get<std::string>()) : std::nullopt;
        if (!cond)
            fail(path + ".when", "unknown run condition " + c.dump());
        f.when |= static_cast<unsigned>(*cond);
    }
    f.fact = str(j, "fact", path);
    f.source = str(j, "source", path);
    return f;
}

void parseDefaults(const json& j, FrameworkProfile& p, const std::string& path) {
    if (!j.contains("defaults"))
        return;
    const json& d = j.at("defaults");
    if (d.contains("optimizer") && !(p.optimizer = parseOptimizer(str(d, "optimizer", path))))
        fail(path + ".defaults.optimizer", "unknown optimizer");
    if (d.contains("sharding") && !(p.sharding = parseSharding(str(d, "sharding", path))))
        fail(path + ".defaults.sharding", "unknown sharding");
    if (d.contains("checkpointing") &&
        !(p.checkpointing = parseCheckpointing(str(d, "checkpointing", path))))
        fail(path + ".defaults.checkpointing", "unknown checkpointing");
}

/// "fill_defaults": {"<key>": {"value": ..., "source": "..."}, ...} (FillDefaults) of the
/// profile or of one version at @p path, into @p f: a key @p f holds already takes the new
/// value and source.
void parseFillDefaults(const json& j, FillDefaults& f, const std::string& path) {
    if (!j.contains("fill_defaults"))
        return;
    const json& d = j.at("fill_defaults");
    const std::string dp = path + ".fill_defaults";
    if (!d.is_object())
        fail(dp, "expected an object");
    for (const auto& [key, entry] : d.items()) {
        const std::string kp = dp + "." + key;
        if (!entry.is_object() || !entry.contains("value"))
            fail(kp, "expected {\"value\": ..., \"source\": \"...\"}");
        const json& v = entry.at("value");
        const std::string text = v.is_string() ? v.get<std::string>() : std::string();
        bool ok = true;
        if (key == "optimizer")
            ok = (f.optimizer = parseOptimizer(text)).has_value();
        else if (key == "checkpointing")
            ok = (f.checkpointing = parseCheckpointing(text)).has_value();
        else if (key == "attention")
            ok = (f.attention = parseAttention(text)).has_value();
        else if (key == "quant_4bit")
            ok = (f.quant4bit = parseDType(text)).has_value() && isQuantized(*f.quant4bit);
        else if (key == "compute_dtype")
            ok = (f.computeDtype = parseDType(text)).has_value() && !isQuantized(*f.computeDtype);
        else if (key == "tied_embeddings")
            ok = v.is_boolean() && (f.tiedEmbeddings = v.get<bool>(), true);
        else if (key == "prompt_tokens" || key == "new_tokens") {
            const int64_t lo = key == "prompt_tokens" ? 1 : 0;
            ok = v.is_number_integer() && v.get<int64_t>() >= lo &&
                 v.get<int64_t>() <= limits::kSequenceLength;
            (key == "prompt_tokens" ? f.promptTokens : f.newTokens) =
                ok ? std::optional<int64_t>(v.get<int64_t>()) : std::nullopt;
        } else if (key == "lora_base_weights") {
            ok = text == "compute_dtype" || text == "compute_dtype_unless_sharded";
            if (ok)
                f.loraBaseWeights = text == "compute_dtype"
                                        ? LoraBaseRule::ComputeDtype
                                        : LoraBaseRule::ComputeDtypeUnlessSharded;
        } else if (key == "weight_dtype") {
            ok = text == "checkpoint_dtype";
            f.checkpointDtypeWeights = ok;
        } else if (key == "lengths") {
            const auto d = parseDataLengths(text);
            ok = d && *d != DataLengths::Framework;
            f.lengths = ok ? d : std::nullopt;
        } else if (key == "drop_long")
            ok = v.is_boolean() && (f.dropLong = v.get<bool>(), true);
        else if (key == "lora_dropout")
            ok = v.is_number() && (f.loraDropout = v.get<double>(), *f.loraDropout >= 0);
        else if (key == "lora_targets") {
            unsigned bits = 0;
            ok = v.is_array() && !v.empty();
            for (const json& t : ok ? v : json::array()) {
                const auto b = t.is_string() ? parseLoraTarget(t.get<std::string>()) : std::nullopt;
                ok = ok && b.has_value();
                bits |= b ? static_cast<unsigned>(*b) : 0u;
            }
            f.loraTargets = bits;
        } else
            fail(kp, "unknown default (optimizer, checkpointing, attention, quant_4bit, "
                     "lora_targets, lora_dropout, lora_base_weights, weight_dtype, "
                     "compute_dtype, tied_embeddings, prompt_tokens, new_tokens, lengths, "
                     "drop_long)");
        if (!ok)
            fail(kp + ".value", "not a valid " + key);
        const std::string name = key; // a named object: clang < 16 cannot capture bindings
        std::erase_if(f.sources, [&name](const auto& s) { return s.first == name; });
        f.sources.emplace_back(key, str(entry, "source", kp));
    }
}

FrameworkProfile parseProfile(const json& j, const std::string& path) {
    FrameworkProfile p;
    p.name = str(j, "name", path);
    if (p.name != normalName(p.name))
        fail(path + ".name", "profile names are lower case with '-'");
    p.label = str(j, "label", path);
    p.summary = str(j, "summary", path);
    const auto preset = parsePrecisionPreset(str(j, "precision_preset", path));
    if (!preset)
        fail(path + ".precision_preset", "unknown precision preset");
    p.precision = *preset;
    p.precisionSource = str(j, "precision_source", path);
    parseDefaults(j, p, path);
    parseFillDefaults(j, p.fill, path);
    if (!j.contains("versions") || !j.at("versions").is_array() || j.at("versions").empty())
        fail(path + ".versions", "expected a non-empty array");
    for (std::size_t i = 0; i < j.at("versions").size(); ++i) {
        const json& v = j.at("versions")[i];
        const std::string vp = path + ".versions[" + std::to_string(i) + "]";
        ProfileVersion pv;
        pv.version = str(v, "version", vp);
        pv.summary = str(v, "summary", vp);
        if (!v.contains("facts") || !v.at("facts").is_array())
            fail(vp + ".facts", "expected an array");
        for (std::size_t k = 0; k < v.at("facts").size(); ++k)
            pv.facts.push_back(
                parseFact(v.at("facts")[k], vp + ".facts[" + std::to_string(k) + "]"));
        pv.fill = p.fill;
        parseFillDefaults(v, pv.fill, vp);
        p.versions.push_back(std::move(pv));
    }
    return p;
}

Error unknownProfile(const std::string& what) {
    return Error{ErrorCode::UnknownValue, "framework",
                 what + " (known: " + knownProfileList() + ")"};
}
} // namespace

std::string_view behaviourKey(Behaviour b) {
    for (const auto& [e, k] : kBehaviours)
        if (e == b)
            return k;
    return "unknown";
}

std::string_view runConditionKey(RunCondition c) {
    for (const auto& [e, k] : kConditions)
        if (e == c)
            return k;
    return "unknown";
}

Result<std::vector<FrameworkProfile>> parseProfileTable(std::string_view jsonText) {
    const json j = json::parse(jsonText, nullptr, false);
    if (j.is_discarded())
        return Error{ErrorCode::JsonMalformed, "profiles", "not valid JSON"};
    try {
        if (!j.is_object() || !j.contains("profiles") || !j.at("profiles").is_array())
            fail("profiles", "expected an array");
        std::vector<FrameworkProfile> out;
        for (std::size_t i = 0; i < j.at("profiles").size(); ++i)
            out.push_back(parseProfile(j.at("profiles")[i], "profiles[" + std::to_string(i) + "]"));
        return out;
    } catch (const TableError& e) {
        return e.error;
    }
}

const std::vector<FrameworkProfile>& frameworkProfiles() {
    static const std::vector<FrameworkProfile> table = [] {
        auto r = parseProfileTable(embedded::profilesJson);
        if (!r)
            throw std::logic_error("resources/profiles.json: " + describe(r.error()));
        return std::move(r).value();
    }();
    return table;
}

std::string knownProfileList() {
    std::string out;
    for (const FrameworkProfile& p : frameworkProfiles())
        for (const ProfileVersion& v : p.versions)
            out += (out.empty() ? "" : ", ") + p.name + "@" + v.version;
    return out;
}

Result<ProfileChoice> findProfile(const ProfileRef& ref) {
    // the table's names are normal (parseProfile checks), so ref.name is compared as
    // normalName would write it, character by character: no string is made per estimate
    const auto sameName = [&ref](const std::string& normal) {
        return normal.size() == ref.name.size() &&
               std::equal(normal.begin(), normal.end(), ref.name.begin(),
                          [](char n, char c) { return n == normalChar(c); });
    };
    for (const FrameworkProfile& p : frameworkProfiles()) {
        if (!sameName(p.name))
            continue;
        if (ref.version.empty())
            return ProfileChoice{&p, &p.newest()};
        for (const ProfileVersion& v : p.versions)
            if (v.version == ref.version)
                return ProfileChoice{&p, &v};
        return unknownProfile("profile '" + p.name + "' has no version '" + ref.version + "'");
    }
    return unknownProfile("unknown framework profile '" + ref.name + "'");
}

Result<ProfileChoice> parseProfileSpec(std::string_view spec) {
    const std::size_t at = spec.find('@');
    ProfileRef ref{std::string(spec.substr(0, at)),
                   at == std::string_view::npos ? std::string() : std::string(spec.substr(at + 1))};
    if (at != std::string_view::npos && ref.version.empty())
        return unknownProfile("empty version in '" + std::string(spec) + "'");
    return findProfile(ref);
}

std::string profileSpec(const ProfileRef& ref) {
    if (const auto c = findProfile(ref))
        return c->profile->name + "@" + c->version->version;
    return ref.name + (ref.version.empty() ? "" : "@" + ref.version);
}

namespace {

/// Whether @p f's LoRA base rule stores the frozen base of @p w in the compute dtype.
bool loraBaseInCompute(const Workload& w, const FillDefaults& f) {
    if (w.mode != Mode::Training || w.finetune != Finetune::LoRA || !f.loraBaseWeights)
        return false;
    // LLaMA-Factory patcher.py: "keep zero3 or fsdp in float32" (any FSDP strategy)
    const Sharding s = w.parallel.sharding;
    const bool sharded = s == Sharding::Zero3 || s == Sharding::FsdpFullShard ||
                         s == Sharding::FsdpGradOp || s == Sharding::Hsdp;
    return *f.loraBaseWeights == LoraBaseRule::ComputeDtype || !sharded;
}

/// A float dtype a checkpoint's dense weights can be published in.
bool isFloatCheckpoint(DType d) {
    return d == DType::FP32 || d == DType::BF16 || d == DType::FP16;
}

/// Whether @p m's own code casts it when built (DecoderFamilyTraits::castsOnLoad) where the
/// preset @p preset would hold @p run's weights in fp32 and train them directly: no master
/// copy, no ZeRO stage; never under the custom profile, whose dtypes are the user's.
bool modelCastsItself(const ModelArch& m, const Workload& run, PrecisionPreset preset) {
    return preset != PrecisionPreset::Custom &&
           !decoderFamilyTraits(m.family).castsOnLoad.empty() &&
           run.precision.weights == DType::FP32 && !run.precision.masterWeights &&
           !isZeroStage(run.parallel.sharding) && isFloatCheckpoint(m.nativeDType);
}

/// transformers 5 (from_pretrained dtype="auto"): the weights in the model's own dtype; a full
/// fine-tune's gradients and optimizer states follow the parameters (see applyLoraBaseRule).
void applyCheckpointDtype(Workload& w, std::optional<DType> modelDType) {
    if (!modelDType || !isFloatCheckpoint(*modelDType) || isQuantized(w.precision.weights))
        return;
    w.precision.weights = *modelDType;
    if (w.mode != Mode::Training || w.finetune != Finetune::Full)
        return;
    w.precision.masterWeights = false;
    w.precision.grads = *modelDType;
    w.precision.optimizerStates = optimizerStateDtype(w);
}

} // namespace

void selectProfile(Workload& w, const ProfileChoice& c, const ModelArch* model) {
    // the preset's dtypes describe float storage: a QLoRA run keeps its quantised base
    const bool qloraBase = w.mode == Mode::Training && w.finetune == Finetune::QLoRA &&
                           isQuantized(w.precision.weights);
    const DType base = w.precision.weights;
    w.profile = c.ref();
    applyPrecisionPreset(w, c.profile->precision);
    if (qloraBase)
        w.precision.weights = base;
    if (c.profile->optimizer)
        w.optimizer = *c.profile->optimizer;
    if (c.profile->sharding && w.parallel.sharding == Sharding::None)
        w.parallel.sharding = *c.profile->sharding;
    if (c.profile->checkpointing)
        w.checkpointing = *c.profile->checkpointing;
    applyLoraBaseRule(w, c, model);
}

void applyLoraBaseRule(Workload& w, const ProfileChoice& c, const ModelArch* model) {
    if (c.version->fill.checkpointDtypeWeights) {
        applyCheckpointDtype(w, model ? std::optional(model->nativeDType) : std::nullopt);
        return;
    }
    const bool casts = model && !decoderFamilyTraits(model->family).castsOnLoad.empty();
    if ((!c.version->fill.loraBaseWeights && !casts) || isQuantized(w.precision.weights))
        return;
    if (loraBaseInCompute(w, c.version->fill)) {
        w.precision.weights = w.precision.compute; // the frozen base, as the framework loads it
        return;
    }
    // from the preset's dtypes, whatever an earlier application left (the CLI applies the
    // rules at the pick and again after every option)
    Workload preset = w;
    applyPrecisionPreset(preset, c.profile->precision);
    if (casts && modelCastsItself(*model, preset, c.profile->precision)) {
        applyCheckpointDtype(w, model->nativeDType); // the model's code casts it when built
        return;
    }
    if (w.mode != Mode::Training || isQuantized(preset.precision.weights))
        return;
    // a full fine-tune, or a LoRA base the rule keeps: the preset's dtypes
    w.precision.weights = preset.precision.weights;
    if (casts && w.finetune == Finetune::Full) {
        w.precision.grads = preset.precision.grads;
        w.precision.optimizerStates = preset.precision.optimizerStates;
        w.precision.masterWeights = preset.precision.masterWeights;
    }
}

std::string FillDefaults::source(std::string_view key) const {
    for (const auto& [k, src] : sources)
        if (k == key)
            return src;
    return {};
}

std::string FilledField::text() const {
    return field + " = " + value + " (" + source + ")";
}

namespace {

/// The dtype the trainable parameters present: the adapters' under LoRA/QLoRA, else the
/// weights' own float dtype, or the compute dtype for a quantised trained weight (torchao
/// Int8QuantizedTrainingLinearWeight: "will appear to have the same dtype as scale.dtype").
DType trainableDtype(const Workload& w) {
    if (w.finetune == Finetune::LoRA || w.finetune == Finetune::QLoRA)
        return w.precision.adapters;
    return isQuantized(w.precision.weights) ? w.precision.compute : w.precision.weights;
}

std::string loraTargetNames(unsigned bits) {
    static constexpr std::string_view kNames[] = {"q_proj",    "k_proj",  "v_proj",    "o_proj",
                                                  "gate_proj", "up_proj", "down_proj", "lm_head"};
    std::string s;
    for (unsigned i = 0; i < 8; ++i)
        if (bits & (1u << i))
            s += (s.empty() ? "" : ",") + std::string(kNames[i]);
    return s;
}

/// Inference: the generate script's own prompt and generated-token counts for those a record
/// leaves unknown (FillDefaults::promptTokens/newTokens); the sequence length is the context
/// they make (inferenceContext: their sum, the prompt alone when prefill-only).
template <typename Note>
void fillGenerationTokens(Workload& w, UnknownSettings& unknown, const FillDefaults& f,
                          const Note& note) {
    if (unknown.promptTokens && f.promptTokens) {
        w.inference.promptTokens = *f.promptTokens;
        unknown.promptTokens = false;
        note("inference.prompt_tokens", std::to_string(*f.promptTokens), "prompt_tokens");
    }
    if (unknown.newTokens && f.newTokens) {
        w.inference.newTokens = *f.newTokens;
        unknown.newTokens = false;
        note("inference.new_tokens", std::to_string(*f.newTokens), "new_tokens");
    }
    w.sequenceLength = inferenceContext(w); // both counts <= limits::kSequenceLength
}

} // namespace

DType optimizerStateDtype(const Workload& w) {
    switch (w.optimizer) {
    case Optimizer::AdamW8bit:
    case Optimizer::PagedAdamW8bit:
        return DType::INT8; // bitsandbytes Optimizer2State(optim_bits=8): uint8 states
    case Optimizer::PagedAdamW:
    case Optimizer::Adafactor:
        return DType::FP32; // bitsandbytes 32-bit states; Adafactor factored stats in fp32
    default:
        break;
    }
    const bool master = w.precision.masterWeights && w.precision.weights != DType::FP32;
    return master ? DType::FP32 : trainableDtype(w);
}

namespace {

/// The weight dtype a record left unknown: a bitsandbytes 4-bit load's format, the
/// checkpoint's own dtype (transformers 5, or a model whose code casts itself), the compute
/// dtype for a LoRA base loaded in it, else the profile's precision preset (@p pre).
template <typename Note>
void fillWeightDtype(const ModelArch& m, Workload& w, const UnknownSettings& unknown,
                     const FillDefaults& f, const Precision& pre, DType compute, bool castsItself,
                     std::vector<FilledField>& out, const Note& note) {
    const bool qlora = w.finetune == Finetune::QLoRA;
    if (unknown.weights4bit || (unknown.weights && qlora)) {
        // a bitsandbytes 4-bit load whose format the user left at the library's default
        w.precision.weights = f.quant4bit.value_or(DType::FP4);
        note("weight_dtype", std::string(dtypeKey(w.precision.weights)),
             f.quant4bit ? "quant_4bit" : "");
    } else if (unknown.weights && f.checkpointDtypeWeights && isFloatCheckpoint(m.nativeDType)) {
        // transformers 5: from_pretrained loads the checkpoint's own dtype (dtype="auto")
        w.precision.weights = m.nativeDType;
        note("weight_dtype", std::string(dtypeKey(w.precision.weights)), "weight_dtype");
    } else if (unknown.weights && !loraBaseInCompute(w, f) && castsItself) {
        // the model's own code casts it when built (Qwen v1 remote code)
        w.precision.weights = m.nativeDType;
        out.push_back({"weight_dtype", std::string(dtypeKey(m.nativeDType)),
                       "model code: " + std::string(decoderFamilyTraits(m.family).castsOnLoad)});
    } else if (unknown.weights && loraBaseInCompute(w, f)) {
        // the frozen base loaded in the compute dtype (LLaMA-Factory: torch_dtype=compute_dtype)
        w.precision.weights = compute;
        note("weight_dtype", std::string(dtypeKey(w.precision.weights)), "lora_base_weights");
    } else if (unknown.weights) {
        w.precision.weights = pre.weights;
        note("weight_dtype", std::string(dtypeKey(pre.weights)), "");
    }
}

/// A training record's trainable dtypes left unknown: master weights, the adapters', the
/// optimizer, the gradients' (autograd's rule, or a preset's fp32 main grads) and the
/// optimizer states'.
template <typename Note>
void fillTrainableDtypes(Workload& w, const UnknownSettings& unknown, const ProfileChoice& c,
                         const Precision& pre, const std::string& presetSrc,
                         std::vector<FilledField>& out, const Note& note) {
    const FrameworkProfile& p = *c.profile;
    const FillDefaults& f = c.version->fill;
    if (unknown.masterWeights) {
        w.precision.masterWeights = pre.masterWeights;
        note("master_weights_fp32", pre.masterWeights ? "true" : "false", "");
    }
    // adapters: stored like a float base, in the compute dtype over a quantised base; when the
    // record leaves the gradient (= trainable) dtype unknown, a preset that keeps trainable
    // parameters in fp32 decides (HF Trainer AMP; PEFT autocast_adapter_dtype; LLaMA-Factory
    // cast_trainable_params_to_fp32)
    w.precision.adapters =
        isQuantized(w.precision.weights) ? w.precision.compute : w.precision.weights;
    if (unknown.grads && pre.adapters == DType::FP32)
        w.precision.adapters = DType::FP32;
    // a stated gradient dtype is the adapters' own (autograd stores a parameter's gradient in
    // the parameter's dtype) unless the preset keeps separate fp32 main grads (Megatron)
    if (!unknown.grads && !(pre.grads != pre.weights && pre.masterWeights) &&
        !isQuantized(w.precision.grads))
        w.precision.adapters = w.precision.grads;
    if (unknown.optimizer) {
        w.optimizer = f.optimizer.value_or(p.optimizer.value_or(Optimizer::AdamW));
        note("optimizer", std::string(optimizerKey(w.optimizer)), "optimizer");
    }
    const std::string trainableRule =
        p.name +
        ": autograd stores a parameter's gradient in the dtype the parameter presents "
        "(" +
        std::string(dtypeKey(trainableDtype(w))) +
        " here; a quantised trained weight such as torchao Int8QuantizedTrainingLinearWeight "
        "presents its scale's dtype)";
    if (unknown.grads) {
        // a preset whose gradients differ from its weights keeps fp32 main grads (Megatron)
        const bool mainGrads = pre.grads != pre.weights && pre.masterWeights;
        w.precision.grads = mainGrads ? pre.grads : trainableDtype(w);
        out.push_back({"grad_dtype", std::string(dtypeKey(w.precision.grads)),
                       mainGrads ? presetSrc : trainableRule});
    }
    if (unknown.optimizerStates) {
        w.precision.optimizerStates = optimizerStateDtype(w);
        out.push_back({"optimizer_state_dtype", std::string(dtypeKey(w.precision.optimizerStates)),
                       p.name + ": " + std::string(optimizerKey(w.optimizer)) +
                           " states by its code: torch/optim/adamw.py torch.zeros_like(p) (the "
                           "parameter's dtype; fp32 with a separate fp32 master copy), "
                           "bitsandbytes 32-bit paged optimizers fp32, 8-bit optimizers int8"});
    }
}

/// A training record's LoRA targets and dropout, checkpointing and attention left unknown:
/// the profile's documented defaults.
template <typename Note>
void fillTrainingSettings(Workload& w, UnknownSettings& unknown, const ProfileChoice& c,
                          const Note& note) {
    const FrameworkProfile& p = *c.profile;
    const FillDefaults& f = c.version->fill;
    if (unknown.loraTargets && f.loraTargets) {
        w.lora.targets = *f.loraTargets;
        unknown.loraTargets = false;
        note("lora.targets", loraTargetNames(w.lora.targets), "lora_targets");
    }
    if (unknown.loraDropout) {
        w.lora.dropout = f.loraDropout.value_or(0.0) > 0;
        note("lora.dropout", f.loraDropout && *f.loraDropout > 0 ? "> 0" : "0", "lora_dropout");
    }
    if (unknown.checkpointing) {
        w.checkpointing = f.checkpointing.value_or(p.checkpointing.value_or(Checkpointing::None));
        note("activation_checkpointing", std::string(checkpointingKey(w.checkpointing)),
             "checkpointing");
    }
    if (unknown.attention) {
        w.attention = f.attention.value_or(AttentionImpl::SDPA);
        note("attention", std::string(attentionKey(w.attention)), "attention");
    }
}

} // namespace

std::vector<FilledField> resolveUnknowns(ModelArch& m, Workload& w, UnknownSettings& unknown,
                                         const ProfileChoice& c) {
    std::vector<FilledField> out;
    const FrameworkProfile& p = *c.profile;
    const FillDefaults& f = c.version->fill;
    Workload preset = w;
    applyPrecisionPreset(preset, p.precision);
    const Precision& pre = preset.precision;
    const std::string presetSrc = p.name + ": precision " +
                                  std::string(precisionPresetKey(p.precision)) + " (" +
                                  p.precisionSource + ")";
    auto note = [&](std::string field, std::string value, const std::string& key) {
        const std::string src = key.empty() ? std::string() : f.source(key);
        out.push_back({std::move(field), std::move(value),
                       key.empty()   ? presetSrc
                       : src.empty() ? p.name + ": no documented default; the engine's default"
                                     : p.name + ": " + src});
    };
    if (unknown.tiedEmbeddings && f.tiedEmbeddings) {
        m.tiedEmbeddings = *f.tiedEmbeddings;
        unknown.tiedEmbeddings = false;
        note("model.tied_embeddings", m.tiedEmbeddings ? "true" : "false", "tied_embeddings");
    }
    const bool training = w.mode == Mode::Training;
    // the model's own code casts it when built, where the preset would load fp32 (Qwen v1)
    Workload loaded = w;
    loaded.precision.weights = pre.weights;
    loaded.precision.masterWeights =
        unknown.masterWeights ? pre.masterWeights : w.precision.masterWeights;
    const bool castsItself = modelCastsItself(m, loaded, p.precision);
    // the compute dtype the framework documents where it differs from its preset's
    const DType compute =
        unknown.compute ? f.computeDtype.value_or(pre.compute) : w.precision.compute;
    fillWeightDtype(m, w, unknown, f, pre, compute, castsItself, out, note);
    if (unknown.compute) {
        w.precision.compute = compute;
        note("compute_dtype", std::string(dtypeKey(compute)),
             f.computeDtype ? "compute_dtype" : "");
    }
    if (!training) {
        fillGenerationTokens(w, unknown, f, note);
        return out;
    }
    fillTrainableDtypes(w, unknown, c, pre, presetSrc, out, note);
    fillTrainingSettings(w, unknown, c, note);
    const bool tied = unknown.tiedEmbeddings, targets = unknown.loraTargets;
    unknown = UnknownSettings{}; // every other unknown has a default above
    unknown.tiedEmbeddings = tied;
    unknown.loraTargets = targets;
    return out;
}

bool runConditionsHold(unsigned when, const Workload& w) {
    auto needs = [when](RunCondition c) { return (when & static_cast<unsigned>(c)) != 0; };
    const bool training = w.mode == Mode::Training;
    if (needs(RunCondition::Training) && !training)
        return false;
    if (needs(RunCondition::Sharded) && w.parallel.sharding == Sharding::None)
        return false;
    if (needs(RunCondition::TensorParallel) && w.parallel.tp <= 1)
        return false;
    if (needs(RunCondition::UnchunkedLoss) && w.features.chunkedCrossEntropy)
        return false;
    if (needs(RunCondition::Adapters) && w.finetune == Finetune::Full)
        return false;
    if (needs(RunCondition::QLoRA) && w.finetune != Finetune::QLoRA)
        return false;
    if (needs(RunCondition::TorchCompile) && !w.features.torchCompile)
        return false;
    if (needs(RunCondition::Checkpointing) && w.checkpointing == Checkpointing::None)
        return false;
    if (needs(RunCondition::GpuOptimizer) && w.parallel.offloadOptimizer)
        return false;
    if (needs(RunCondition::QuantizedWeights) && !isQuantized(w.precision.weights))
        return false;
    if (needs(RunCondition::ZeroStage) && !isZeroStage(w.parallel.sharding))
        return false;
    return true;
}

std::vector<const ProfileFact*> activeFacts(const ProfileVersion& v, const Workload& w,
                                            const ModelArch* model) {
    std::vector<const ProfileFact*> out;
    for (const ProfileFact& f : v.facts) {
        // gelu_new_ops changes nothing for a model without a gelu_new FFN
        const bool exercised = !model || f.behaviour != Behaviour::GeluNewOps || model->geluNew;
        if (exercised && runConditionsHold(f.when, w))
            out.push_back(&f);
    }
    return out;
}

void applyProfile(Workload& w, const ProfileVersion& v) {
    Features& f = w.features;
    Parallelism& p = w.parallel;
    for (const ProfileFact* fact : activeFacts(v, w)) {
        switch (fact->behaviour) {
        case Behaviour::TorchaoNf4:
            f.torchaoNf4 = true;
            break;
        case Behaviour::Fp32Logits:
            f.fp32Logits = true;
            break;
        case Behaviour::RetainedLogits:
            f.retainedLogits = true;
            break;
        case Behaviour::UncompiledLoss:
            f.uncompiledLoss = true;
            break;
        case Behaviour::FusedQkvLora:
            f.fusedQkvLora = true;
            break;
        case Behaviour::ChunkedCrossEntropy:
            f.chunkedCrossEntropy = true;
            break;
        case Behaviour::ActivationOffload:
            f.activationOffload = true;
            break;
        case Behaviour::FusedOptimizer:
            f.fusedOptimizer = true;
            break;
        case Behaviour::LoadRecipe:
            if (f.loadRecipe == LoadRecipe::InPlace)
                f.loadRecipe = fact->loadRecipe;
            break;
        case Behaviour::SequenceParallel:
            p.sequenceParallel = true;
            break;
        case Behaviour::LossParallel:
            p.lossParallel = true;
            break;
        case Behaviour::NoSyncAccumulation:
            p.noSyncAccumulation = true;
            break;
        case Behaviour::MixedFrozenUnits:
            p.mixedFrozenUnits = true;
            break;
        case Behaviour::PersistentGradBuffer:
            f.persistentGradBuffer = true;
            break;
        case Behaviour::SpShardedInputs:
            p.spShardedInputs = true;
            break;
        case Behaviour::QuantizedLmHead:
            f.quantizedLmHead = true;
            break;
        case Behaviour::Fp16QuantState:
            f.fp16QuantState = true;
            break;
        case Behaviour::UnexpandedMqaSdpa:
            f.unexpandedMqaSdpa = true;
            break;
        case Behaviour::GeluNewOps:
            f.geluNewOps = true;
            break;
        case Behaviour::DeepspeedZero:
            f.deepspeedZero = true;
            break;
        }
    }
}

SampleLengths resolveDataLengths(const Workload& w, const FillDefaults* fill) {
    SampleLengths out = w.lengths;
    DataLengths data = w.lengths.data;
    // left to the framework: a distribution given by hand is a real data set; otherwise the
    // profile's documented pipeline (fill->lengths: real for a trainer that pads each batch to
    // its longest sample), and every batch the sequence length where none is documented. The
    // band's sample-lengths contributor (core/engine/band.h) holds the other alternative.
    if (data == DataLengths::Framework)
        data = w.lengths.variable() || (fill && fill->lengths == DataLengths::Real)
                   ? DataLengths::Real
                   : DataLengths::Fixed;
    if (w.features.packed)
        data = DataLengths::Packed; // packed rows are sequenceLength tokens whatever the data
    out.data = data;
    if (data != DataLengths::Real) {
        out.mean = 0; // every batch sequenceLength: nothing cached for other lengths
        return out;
    }
    if (out.mean > 0)
        return out; // the run's own distribution
    const SampleLengths& named = kDefaultDatasetLengths.lengths;
    out.mean = named.mean;
    out.std = named.std;
    out.min = named.min;
    out.max = named.max;
    out.dropLong = w.lengths.dropLong || (fill && fill->dropLong.value_or(false));
    return out;
}

Workload withProfileApplied(const Workload& w) {
    Workload out = w;
    const auto c = findProfile(w.profile);
    if (c)
        applyProfile(out, *c->version);
    out.lengths = resolveDataLengths(w, c ? &c->version->fill : nullptr);
    return out;
}

} // namespace headroom
