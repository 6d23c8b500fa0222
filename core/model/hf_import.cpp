// hf_import.cpp: Hugging Face config.json, model.safetensors.index.json and .safetensors
// header import.
//
// Each family's keys and defaults follow transformers' configuration_*.py; the tensors that
// exist follow modeling_*.py (see docs/models.md).

#include "core/model/hf_import.h"

#include "core/checked.h"
#include "core/input_limits.h"
#include "core/model/decoder_shape.h"
#include "core/model/weight_storage.h"
#include "core/text_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <set>
#include <system_error>
#include <utility>
#include <vector>

namespace headroom {

namespace {

using json = nlohmann::json;

constexpr std::uintmax_t kMaxConfigBytes = kMaxHfConfigBytes;
constexpr uint64_t kMaxHeaderBytes = 100u * 1024u * 1024u;

Error err(ErrorCode code, std::string field, std::string detail = {}) {
    return Error{code, std::move(field), std::move(detail)};
}

/// Parses @p text after refusing a nesting deeper than kMaxJsonDepth (the DOM recurses).
Result<json> parseJsonText(std::string_view text, std::string_view document) {
    if (auto deep = checkJsonDepth(text, document))
        return *deep;
    try {
        json j = json::parse(text.begin(), text.end());
        return j;
    } catch (const json::parse_error& e) {
        return err(ErrorCode::JsonMalformed, {}, e.what());
    } catch (const std::exception& e) {
        return err(ErrorCode::JsonMalformed, {}, e.what());
    }
}

// ---------------------------------------------------------------------------------------------
// Typed field access. `prefix` is prepended to field names in errors ("text_config.").

class Fields {
public:
    Fields(const json& obj, std::string prefix) : m_obj(obj), m_prefix(std::move(prefix)) {}

    const json* find(std::string_view key) const {
        auto it = m_obj.find(std::string(key));
        if (it == m_obj.end() || it->is_null())
            return nullptr;
        return &*it;
    }
    bool has(std::string_view key) const { return find(key) != nullptr; }
    std::string name(std::string_view key) const { return m_prefix + std::string(key); }

    /// An integer in [lo, hi]. Integral floats (4096.0) are accepted.
    Result<int64_t> integer(std::string_view key, int64_t lo, int64_t hi) const {
        const json* v = find(key);
        if (!v)
            return err(ErrorCode::FieldMissing, name(key));
        return toInteger(*v, key, lo, hi);
    }
    Result<int64_t> integerOr(std::string_view key, int64_t def, int64_t lo, int64_t hi) const {
        const json* v = find(key);
        if (!v)
            return def;
        return toInteger(*v, key, lo, hi);
    }
    /// The same, bounded by a row of the shared table (core/input_limits.h).
    Result<int64_t> integer(std::string_view key, const FieldLimit& l) const {
        return integer(key, l.min, l.max);
    }
    Result<int64_t> integerOr(std::string_view key, int64_t def, const FieldLimit& l) const {
        return integerOr(key, def, l.min, l.max);
    }
    Result<bool> boolean(std::string_view key, bool def) const {
        const json* v = find(key);
        if (!v)
            return def;
        if (!v->is_boolean())
            return err(ErrorCode::FieldWrongType, name(key),
                       "expected boolean, got " + std::string(v->type_name()));
        return v->get<bool>();
    }
    /// Whether a soft-capping style value is on: absent -> @p def (the config class's
    /// default), null -> off, a number > 0 -> on; a number <= 0 or another type is an error.
    Result<bool> positiveOr(std::string_view key, bool def) const {
        const auto it = m_obj.find(std::string(key));
        if (it == m_obj.end())
            return def;
        if (it->is_null())
            return false;
        if (!it->is_number())
            return err(ErrorCode::FieldWrongType, name(key),
                       "expected a number or null, got " + std::string(it->type_name()));
        if (!(it->get<double>() > 0))
            return err(ErrorCode::FieldOutOfRange, name(key), "expected > 0 or null");
        return true;
    }
    Result<std::string> string(std::string_view key, std::string def) const {
        const json* v = find(key);
        if (!v)
            return def;
        if (!v->is_string())
            return err(ErrorCode::FieldWrongType, name(key),
                       "expected string, got " + std::string(v->type_name()));
        return v->get<std::string>();
    }

private:
    Result<int64_t> toInteger(const json& v, std::string_view key, int64_t lo, int64_t hi) const {
        const std::string range = "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
        if (v.is_number_unsigned()) {
            const uint64_t u = v.get<uint64_t>();
            if (u > static_cast<uint64_t>(hi) || (lo > 0 && u < static_cast<uint64_t>(lo)))
                return err(ErrorCode::FieldOutOfRange, name(key),
                           "must be in " + range + " (got " + std::to_string(u) + ")");
            return static_cast<int64_t>(u);
        }
        if (v.is_number_integer()) {
            const int64_t i = v.get<int64_t>();
            if (i < lo || i > hi)
                return err(ErrorCode::FieldOutOfRange, name(key),
                           "must be in " + range + " (got " + std::to_string(i) + ")");
            return i;
        }
        if (v.is_number_float()) {
            const double d = v.get<double>();
            if (!std::isfinite(d))
                return err(ErrorCode::FieldNotFinite, name(key), "must be finite");
            if (d != std::floor(d))
                return err(ErrorCode::FieldWrongType, name(key),
                           "expected integer, got " + v.dump());
            const auto i = checked::toInt64(d, lo, hi);
            if (!i)
                return err(ErrorCode::FieldOutOfRange, name(key),
                           "must be in " + range + " (got " + v.dump() + ")");
            return *i;
        }
        return err(ErrorCode::FieldWrongType, name(key),
                   "expected integer, got " + std::string(v.type_name()));
    }

    const json& m_obj;
    std::string m_prefix;
};

// Bounds per field come from the shared table (core/input_limits.h), so that every architecture
// imported here reopens from a saved scenario; validateArch then refuses anything whose total
// would exceed 1e14 parameters.
constexpr const FieldLimit& kLayers = fieldLimit(Limit::Layers);
constexpr const FieldLimit& kHidden = fieldLimit(Limit::Hidden);
constexpr const FieldLimit& kHeads = fieldLimit(Limit::Heads);
constexpr const FieldLimit& kHeadDim = fieldLimit(Limit::HeadDim);
constexpr const FieldLimit& kFfn = fieldLimit(Limit::Intermediate);
constexpr const FieldLimit& kVocab = fieldLimit(Limit::Vocab);
constexpr const FieldLimit& kPositions = fieldLimit(Limit::Positions);
constexpr const FieldLimit& kWindow = fieldLimit(Limit::SlidingWindow);
constexpr const FieldLimit& kExperts = fieldLimit(Limit::Experts);
constexpr const FieldLimit& kMla = fieldLimit(Limit::MlaDim);

#define HR_TRY(var, expr)                                                                          \
    auto var##_r = (expr);                                                                         \
    if (!var##_r)                                                                                  \
        return var##_r.error();                                                                    \
    auto var = std::move(var##_r).value()

struct FamilyInfo {
    std::string_view modelType;
    std::string_view architecture;
};

constexpr FamilyInfo kFamilies[] = {
    {"llama", "LlamaForCausalLM"},
    {"mistral", "MistralForCausalLM"},
    {"qwen2", "Qwen2ForCausalLM"},
    {"qwen3", "Qwen3ForCausalLM"},
    {"qwen3_moe", "Qwen3MoeForCausalLM"},
    {"qwen2_moe", "Qwen2MoeForCausalLM"},
    {"mixtral", "MixtralForCausalLM"},
    {"gemma", "GemmaForCausalLM"},
    {"gemma2", "Gemma2ForCausalLM"},
    {"gemma3_text", "Gemma3ForCausalLM"},
    {"gemma3", "Gemma3ForConditionalGeneration"},
    {"phi3", "Phi3ForCausalLM"},
    {"deepseek_v2", "DeepseekV2ForCausalLM"},
    {"deepseek_v3", "DeepseekV3ForCausalLM"},
    {"gpt_oss", "GptOssForCausalLM"},
    {"gpt2", "GPT2LMHeadModel"},
    {"gpt2", "GPT2Model"},
    {"llama", "LlamaModel"},
    {"mistral", "MistralModel"},
    {"qwen", "QWenLMHeadModel"}, // Qwen v1 (trust_remote_code modeling_qwen.py)
    {"yi", "YiForCausalLM"},     // early Yi checkpoints: llama shapes
    {"internlm2", "InternLM2ForCausalLM"},
    {"baichuan", "BaichuanForCausalLM"},
    {"baichuan", "BaiChuanForCausalLM"}, // Baichuan-7B (v1) spelling
    {"chatglm", "ChatGLMModel"},
    {"chatglm", "ChatGLMForConditionalGeneration"},
    {"falcon", "FalconForCausalLM"},
    {"falcon", "RWForCausalLM"}, // the original tiiuae remote-code class
    {"olmo", "OlmoForCausalLM"},
    {"olmo2", "Olmo2ForCausalLM"},
    {"cohere", "CohereForCausalLM"},
    {"dbrx", "DbrxForCausalLM"},
};

/// model_type spellings of remote-code checkpoints that name a family above.
constexpr FamilyInfo kModelTypeAliases[] = {
    {"falcon", "RefinedWebModel"},
    {"falcon", "RefinedWeb"},
    {"llama", "Yi"},
};

std::optional<std::string> knownModelType(std::string_view t) {
    for (const FamilyInfo& f : kFamilies)
        if (f.modelType == t)
            return std::string(f.modelType);
    for (const FamilyInfo& f : kModelTypeAliases)
        if (f.architecture == t)
            return std::string(f.modelType);
    return std::nullopt;
}

/// The family of architectures[0], if the array exists and names a known class.
Result<std::optional<std::string>> familyOfArchitecture(const json& j) {
    auto it = j.find("architectures");
    if (it == j.end() || it->is_null())
        return std::optional<std::string>{};
    if (!it->is_array())
        return err(ErrorCode::FieldWrongType, "architectures",
                   "expected array, got " + std::string(it->type_name()));
    if (it->empty())
        return std::optional<std::string>{};
    const json& a = it->front();
    if (!a.is_string())
        return err(ErrorCode::FieldWrongType, "architectures", "expected array of strings");
    const std::string arch = a.get<std::string>();
    for (const FamilyInfo& f : kFamilies)
        if (f.architecture == arch)
            return std::optional<std::string>{std::string(f.modelType)};
    return err(ErrorCode::UnsupportedFamily, "architectures", arch);
}

/// The family of a config: a known model_type; else the class architectures[0] names (with a
/// note when model_type was given but unknown, e.g. DeepseekV3ForCausalLM under a custom
/// model_type); else an error naming the field.
Result<std::string> detectFamily(const json& j, std::vector<ImportNote>& notes) {
    std::optional<std::string> modelType;
    if (auto it = j.find("model_type"); it != j.end() && !it->is_null()) {
        if (!it->is_string())
            return err(ErrorCode::FieldWrongType, "model_type",
                       "expected string, got " + std::string(it->type_name()));
        modelType = it->get<std::string>();
        if (auto known = knownModelType(*modelType))
            return *known;
    }
    auto byArch = familyOfArchitecture(j);
    if (!byArch) {
        if (modelType)
            return err(ErrorCode::UnsupportedFamily, "model_type",
                       *modelType + " (architectures: " + byArch.error().detail + ")");
        return byArch.error();
    }
    if (!byArch.value()) {
        if (modelType)
            return err(ErrorCode::UnsupportedFamily, "model_type", *modelType);
        if (j.contains("architectures"))
            return err(ErrorCode::FieldMissing, "model_type", "architectures is empty");
        return err(ErrorCode::FieldMissing, "model_type");
    }
    const std::string family = *byArch.value();
    if (modelType)
        notes.push_back({ImportNoteCode::ArchitectureFallback, "model_type",
                         "'" + *modelType + "' is not a known model_type; imported as " +
                             j.at("architectures").front().get<std::string>() + " (" + family +
                             ")"});
    return family;
}

Result<DType> parseTorchDType(const Fields& f, DType def) {
    // transformers >= 4.56 writes "dtype"; older files "torch_dtype".
    for (std::string_view key : {"torch_dtype", "dtype"}) {
        const json* v = f.find(key);
        if (!v)
            continue;
        if (!v->is_string())
            return err(ErrorCode::FieldWrongType, f.name(key),
                       "expected string, got " + std::string(v->type_name()));
        const std::string s = v->get<std::string>();
        if (s == "auto")
            return def;
        const auto d = parseDType(s);
        if (!d)
            return err(ErrorCode::UnknownValue, f.name(key), s);
        return *d;
    }
    return def;
}

/// Number of entries equal to @p value in a string array field (layer_types).
Result<std::optional<int>> countLayerTypes(const Fields& f, std::string_view key,
                                           std::string_view value) {
    const json* v = f.find(key);
    if (!v)
        return std::optional<int>{};
    if (!v->is_array())
        return err(ErrorCode::FieldWrongType, f.name(key),
                   "expected array, got " + std::string(v->type_name()));
    int n = 0;
    for (const json& e : *v) {
        if (!e.is_string())
            return err(ErrorCode::FieldWrongType, f.name(key), "expected array of strings");
        if (e.get<std::string>() == value)
            ++n;
    }
    return std::optional<int>{n};
}

bool isFamily(const std::string& fam, std::initializer_list<std::string_view> list) {
    return std::any_of(list.begin(), list.end(), [&](std::string_view s) { return fam == s; });
}

/// Clears the CheckpointQuant flags of the groups @p pattern (a module name or glob from
/// modules_to_not_convert) covers. Embeddings, norms and routers are never quantised, so
/// patterns naming them change nothing.
void excludeModules(CheckpointQuant& q, const std::string& pattern) {
    auto has = [&](std::string_view part) { return pattern.find(part) != std::string::npos; };
    if (has("lm_head"))
        q.lmHead = false;
    if (has("attn") || has("attention"))
        q.attention = false;
    if (has("shared_expert"))
        q.denseMlp = false;
    else if (has("experts"))
        q.experts = false;
    else if ((has("mlp") || has("feed_forward")) && !has("router") && !has("gate"))
        q.denseMlp = q.experts = false;
}

/// The `quantization_config` object of @p top, as storage: fp8 block, mxfp4, gptq, awq.
/// Sources: transformers utils/quantization_config.py (FineGrainedFP8Config
/// weight_block_size, Mxfp4Config, GPTQConfig bits/group_size/desc_act, AwqConfig) and the
/// integrations named in weight_storage.h. Another method leaves the torch_dtype storage
/// and adds a QuantMethodNotModelled note.
Result<CheckpointQuant> parseQuantConfig(const Fields& top, DType torchDtype,
                                         std::vector<ImportNote>& notes) {
    CheckpointQuant q;
    q.other = isQuantized(torchDtype) ? DType::BF16 : torchDtype;
    const json* v = top.find("quantization_config");
    if (!v)
        return q;
    if (!v->is_object())
        return err(ErrorCode::FieldWrongType, "quantization_config",
                   "expected object, got " + std::string(v->type_name()));
    const Fields f(*v, "quantization_config.");
    HR_TRY(method, f.string("quant_method", ""));
    if (method == "fp8") {
        q.method = QuantMethod::Fp8Block;
        q.bits = 8;
        if (const json* b = f.find("weight_block_size")) {
            if (!b->is_array() || b->size() != 2 || !(*b)[0].is_number_integer() ||
                !(*b)[1].is_number_integer() || (*b)[0].get<int64_t>() < 1 ||
                (*b)[1].get<int64_t>() < 1 || (*b)[0].get<int64_t>() > 65536 ||
                (*b)[1].get<int64_t>() > 65536)
                return err(ErrorCode::FieldOutOfRange, f.name("weight_block_size"),
                           "expected [rows, columns], each in [1, 65536]");
            q.blockRows = static_cast<int>((*b)[0].get<int64_t>());
            q.blockCols = static_cast<int>((*b)[1].get<int64_t>());
        }
    } else if (method == "mxfp4") {
        q.method = QuantMethod::Mxfp4;
        q.bits = 4;
        q.groupSize = 32;
    } else if (method == "gptq" || method == "awq") {
        q.method = method == "gptq" ? QuantMethod::Gptq : QuantMethod::Awq;
        HR_TRY(bits, f.integerOr("bits", method == "gptq" ? 4 : 4, 2, 8));
        HR_TRY(group, f.integerOr("group_size", 128, -1, 1 << 20));
        if (group == 0)
            return err(ErrorCode::FieldOutOfRange, f.name("group_size"), "must be -1 or >= 1");
        HR_TRY(descAct, f.boolean("desc_act", false));
        HR_TRY(lmHead, f.boolean("lm_head", false));
        q.bits = static_cast<int>(bits);
        q.groupSize = group < 0 ? 0 : static_cast<int>(group);
        q.descAct = descAct;
        q.lmHead = lmHead;
    } else {
        notes.push_back({ImportNoteCode::QuantMethodNotModelled, "quantization_config.quant_method",
                         "'" + method + "' is not modelled: weights counted at " +
                             std::string(dtypeKey(q.other))});
        return q;
    }
    if (const json* skip = f.find("modules_to_not_convert")) {
        if (!skip->is_array())
            return err(ErrorCode::FieldWrongType, f.name("modules_to_not_convert"),
                       "expected array of strings");
        for (const json& e : *skip) {
            if (!e.is_string())
                return err(ErrorCode::FieldWrongType, f.name("modules_to_not_convert"),
                           "expected array of strings");
            excludeModules(q, e.get<std::string>());
        }
    }
    return q;
}

/// Sets @p m's checkpoint quantisation from `quantization_config`, and the headline dtypes
/// (nativeDType of the linear layers, expertDType of the routed experts) that name it.
std::optional<Error> applyQuantConfig(const Fields& top, ModelArch& m,
                                      std::vector<ImportNote>& notes) {
    auto q = parseQuantConfig(top, m.nativeDType, notes);
    if (!q)
        return q.error();
    m.quant = q.value();
    switch (m.quant.method) {
    case QuantMethod::None:
        break;
    case QuantMethod::Fp8Block:
        m.nativeDType = m.expertDType = DType::FP8;
        break;
    case QuantMethod::Mxfp4:
        m.expertDType = DType::MXFP4; // gpt-oss: experts only; attention/router/embeddings bf16
        break;
    case QuantMethod::Gptq:
    case QuantMethod::Awq: {
        const DType d = m.quant.bits <= 4 ? DType::INT4 : DType::INT8;
        if (m.quant.denseMlp || m.quant.attention)
            m.nativeDType = d;
        if (m.quant.experts)
            m.expertDType = d;
        break;
    }
    }
    return std::nullopt;
}

/// @p m if validateArch accepts it, else an error naming the config field.
Result<ModelArch> checkArch(const Fields& f, ModelArch m) {
    const ArchError ae = validateArch(m);
    if (ae != ArchError::Ok) {
        std::string detail = "invalid architecture";
        if (ae == ArchError::KvHeadsInvalid)
            detail = "num_attention_heads (" + std::to_string(m.numHeads) +
                     ") must be a multiple of num_key_value_heads (" +
                     std::to_string(m.numKvHeads) + ")";
        else if (ae == ArchError::TooLarge)
            detail = "more than 1e14 parameters";
        else if (ae == ArchError::MoeInvalid)
            detail = "num_experts_per_tok must be between 1 and the number of experts";
        return err(ErrorCode::FieldOutOfRange, f.name(archErrorField(ae)), detail);
    }
    return m;
}

Result<ModelArch> parseGpt2(const Fields& f, ModelArch m) {
    HR_TRY(h, f.integer("n_embd", kHidden));
    HR_TRY(layers, f.integer("n_layer", kLayers));
    HR_TRY(heads, f.integer("n_head", kHeads));
    HR_TRY(vocab, f.integer("vocab_size", kVocab));
    HR_TRY(positions, f.integer("n_positions", kPositions.withMin(1)));
    HR_TRY(inner, f.integerOr("n_inner", 4 * h, kFfn));
    HR_TRY(tied, f.boolean("tie_word_embeddings", true));
    // GPT2Config's default; transformers' ACT2FN maps "gelu_new" to NewGELUActivation
    HR_TRY(act, f.string("activation_function", "gelu_new"));
    if (h % heads != 0)
        return err(ErrorCode::FieldOutOfRange, f.name("n_head"),
                   "n_embd (" + std::to_string(h) + ") is not divisible by n_head (" +
                       std::to_string(heads) + ")");
    m.numLayers = static_cast<int>(layers);
    m.hiddenSize = h;
    m.numHeads = static_cast<int>(heads);
    m.numKvHeads = m.numHeads;
    m.headDim = static_cast<int>(h / heads);
    m.intermediateSize = inner;
    m.mlp = MlpKind::Plain;
    m.norm = NormKind::LayerNorm;
    m.vocabSize = vocab;
    m.tiedEmbeddings = tied;
    m.learnedPositions = positions;
    m.qkvBias = m.outBias = m.mlpBias = true;
    m.geluNew = act == "gelu_new";
    m.maxPositions = positions;
    HR_TRY(dt, parseTorchDType(f, DType::FP32)); // the original gpt2 checkpoints are fp32
    m.nativeDType = m.expertDType = dt;
    return m;
}

/// The first of @p keys present in @p f, bounded by @p l; an error names the first key.
Result<int64_t> integerAny(const Fields& f, std::initializer_list<std::string_view> keys,
                           const FieldLimit& l) {
    for (std::string_view k : keys)
        if (f.has(k))
            return f.integer(k, l);
    return err(ErrorCode::FieldMissing, f.name(*keys.begin()));
}

/// head_dim = h / heads, or an error naming @p headsKey when it does not divide.
Result<int64_t> evenHeadDim(const Fields& f, int64_t h, int64_t heads, std::string_view headsKey) {
    if (h % heads != 0)
        return err(ErrorCode::FieldOutOfRange, f.name(headsKey),
                   "hidden size (" + std::to_string(h) + ") is not divisible by the heads (" +
                       std::to_string(heads) + ")");
    return h / heads;
}

/// Qwen v1 (QWenLMHeadModel, remote-code modeling_qwen.py of Qwen/Qwen-7B): wte; per block
/// ln_1 (RMSNorm), attn.c_attn h -> 3 x a x kv_channels with bias, attn.c_proj without bias
/// (no_bias), ln_2, mlp.w1 and mlp.w2 h -> ff/2 each, mlp.c_proj ff/2 -> h; ln_f; an untied
/// lm_head. intermediate_size is w1 and w2 together, so the per-branch width is half of it.
/// Every head has its own K/V (no GQA). Early configs spell the keys n_embd, n_layer, n_head,
/// ffn_hidden_size, padded_vocab_size, n_positions.
Result<ModelArch> parseQwenV1(const Fields& f, ModelArch m) {
    HR_TRY(h, integerAny(f, {"hidden_size", "n_embd"}, kHidden));
    HR_TRY(layers, integerAny(f, {"num_hidden_layers", "n_layer"}, kLayers));
    HR_TRY(heads, integerAny(f, {"num_attention_heads", "n_head"}, kHeads));
    HR_TRY(ff, integerAny(f, {"intermediate_size", "ffn_hidden_size"}, kFfn.withMin(2)));
    HR_TRY(vocab, integerAny(f, {"vocab_size", "padded_vocab_size"}, kVocab));
    HR_TRY(even, evenHeadDim(f, h, heads, "num_attention_heads"));
    HR_TRY(kvChannels, f.integerOr("kv_channels", even, kHeadDim));
    HR_TRY(noBias, f.boolean("no_bias", true));
    HR_TRY(tied, f.boolean("tie_word_embeddings", false));
    int64_t maxPos = 0;
    for (std::string_view k : {"seq_length", "n_positions", "max_position_embeddings"})
        if (f.has(k)) {
            HR_TRY(p, f.integer(k, kPositions));
            maxPos = p;
            break;
        }
    if (ff % 2 != 0)
        return err(ErrorCode::FieldOutOfRange, f.name("intermediate_size"),
                   "must be even (w1 and w2 are half of it each)");
    m.numLayers = static_cast<int>(layers);
    m.hiddenSize = h;
    m.numHeads = m.numKvHeads = static_cast<int>(heads);
    m.headDim = static_cast<int>(kvChannels);
    m.intermediateSize = ff / 2;
    m.vocabSize = vocab;
    m.tiedEmbeddings = tied;
    m.maxPositions = maxPos;
    m.qkvBias = true; // c_attn is nn.Linear(h, 3 x projection_size) with its default bias
    m.outBias = m.mlpBias = !noBias;
    HR_TRY(dt, parseTorchDType(f, DType::BF16));
    // QWenLMHeadModel.__init__ builds the model in the precision its flags name (at most one
    // of bf16/fp16/fp32; none, as published: bf16 where the GPU supports it), whatever the
    // loader's dtype (DecoderFamilyTraits::castsOnLoad)
    HR_TRY(bf16, f.boolean("bf16", false));
    HR_TRY(fp16, f.boolean("fp16", false));
    HR_TRY(fp32, f.boolean("fp32", false));
    if (int(bf16) + int(fp16) + int(fp32) > 1)
        return err(ErrorCode::FieldOutOfRange, f.name("bf16"),
                   "at most one of bf16, fp16 and fp32 may be true (modeling_qwen.py asserts it)");
    m.nativeDType = m.expertDType = fp32   ? DType::FP32
                                    : fp16 ? DType::FP16
                                    : bf16 ? DType::BF16
                                           : dt;
    return checkArch(f, std::move(m));
}

/// ChatGLM2/3 and GLM-4 (remote-code modeling_chatglm.py): embedding.word_embeddings
/// (padded_vocab_size x h); per block input_layernorm, query_key_value h -> a d + 2 g d
/// (bias: add_bias_linear or add_qkv_bias), dense a d -> h (bias: add_bias_linear),
/// post_attention_layernorm, dense_h_to_4h h -> 2 ffn (SwiGLU), dense_4h_to_h ffn -> h;
/// final_layernorm (post_layer_norm); output_layer padded_vocab_size x h, untied. g =
/// multi_query_group_num with multi_query_attention, else a. ChatGLM-6B (v1, GLM blocks) has no
/// padded_vocab_size and is refused by naming it.
Result<ModelArch> parseChatGlm(const Fields& f, ModelArch m) {
    HR_TRY(h, f.integer("hidden_size", kHidden));
    HR_TRY(layers, f.integer("num_layers", kLayers));
    HR_TRY(heads, f.integer("num_attention_heads", kHeads));
    HR_TRY(ffn, f.integer("ffn_hidden_size", kFfn));
    if (!f.has("padded_vocab_size"))
        return err(ErrorCode::FieldMissing, f.name("padded_vocab_size"),
                   "ChatGLM-6B (v1) is not modelled; ChatGLM2/3 and GLM-4 configs have it");
    HR_TRY(vocab, f.integer("padded_vocab_size", kVocab));
    HR_TRY(even, evenHeadDim(f, h, heads, "num_attention_heads"));
    HR_TRY(headDim, f.integerOr("kv_channels", even, kHeadDim));
    HR_TRY(mqa, f.boolean("multi_query_attention", false));
    HR_TRY(groups, f.integerOr("multi_query_group_num", 1, kHeads));
    HR_TRY(biasLinear, f.boolean("add_bias_linear", false));
    HR_TRY(qkvBias, f.boolean("add_qkv_bias", false));
    HR_TRY(rms, f.boolean("rmsnorm", true));
    HR_TRY(postNorm, f.boolean("post_layer_norm", true));
    HR_TRY(tied, f.boolean("tie_word_embeddings", false));
    HR_TRY(maxPos, f.integerOr("seq_length", 0, kPositions));
    m.numLayers = static_cast<int>(layers);
    m.hiddenSize = h;
    m.numHeads = static_cast<int>(heads);
    m.numKvHeads = static_cast<int>(mqa ? groups : heads);
    m.headDim = static_cast<int>(headDim);
    m.intermediateSize = ffn;
    m.vocabSize = vocab;
    m.tiedEmbeddings = tied;
    m.maxPositions = maxPos;
    m.norm = rms ? NormKind::RMSNorm : NormKind::LayerNorm;
    m.finalNorm = postNorm;
    m.qkvBias = biasLinear || qkvBias;
    m.outBias = m.mlpBias = biasLinear;
    HR_TRY(dt, parseTorchDType(f, DType::BF16));
    m.nativeDType = m.expertDType = dt;
    return checkArch(f, std::move(m));
}

/// Falcon (transformers modeling_falcon.py; the RW remote-code configs spell n_head, n_layer,
/// n_head_kv): word_embeddings; per block query_key_value h -> (a + 2 kv) d, dense, MLP
/// dense_h_to_4h / dense_4h_to_h (GELU, ffn_hidden_size = 4h by default), all with biases
/// when `bias`; norms (LayerNorm with bias): ln_attn + ln_mlp with new_decoder_architecture
/// and num_ln_in_parallel_attn 2 (Falcon-40B/180B), else input_layernorm, plus
/// post_attention_layernorm without parallel_attn; ln_f; lm_head tied. kv = num_kv_heads with
/// the new architecture, 1 with multi_query (Falcon-7B), else a.
Result<ModelArch> parseFalcon(const Fields& f, ModelArch m) {
    HR_TRY(h, integerAny(f, {"hidden_size", "n_embed"}, kHidden));
    HR_TRY(layers, integerAny(f, {"num_hidden_layers", "n_layer"}, kLayers));
    HR_TRY(heads, integerAny(f, {"num_attention_heads", "n_head"}, kHeads));
    HR_TRY(vocab, f.integer("vocab_size", kVocab));
    HR_TRY(newArch, f.boolean("new_decoder_architecture", f.has("n_head_kv")));
    HR_TRY(multiQuery, f.boolean("multi_query", true));
    HR_TRY(parallel, f.boolean("parallel_attn", true));
    HR_TRY(bias, f.boolean("bias", false));
    HR_TRY(headDim, evenHeadDim(f, h, heads, "num_attention_heads"));
    HR_TRY(ffn, f.integerOr("ffn_hidden_size", 4 * h, kFfn));
    HR_TRY(lnParallel, f.integerOr("num_ln_in_parallel_attn", 2, 1, 2));
    HR_TRY(tied, f.boolean("tie_word_embeddings", true));
    HR_TRY(maxPos, f.integerOr("max_position_embeddings", 2048, kPositions));
    int64_t kv = heads;
    if (newArch) {
        HR_TRY(k, integerAny(f, {"num_kv_heads", "n_head_kv"}, kHeads));
        kv = k;
    } else if (multiQuery) {
        kv = 1;
    }
    m.numLayers = static_cast<int>(layers);
    m.hiddenSize = h;
    m.numHeads = static_cast<int>(heads);
    m.numKvHeads = static_cast<int>(kv);
    m.headDim = static_cast<int>(headDim);
    m.intermediateSize = ffn;
    m.mlp = MlpKind::Plain;
    m.norm = NormKind::LayerNorm;
    m.vocabSize = vocab;
    m.tiedEmbeddings = tied;
    m.maxPositions = maxPos;
    m.qkvBias = m.outBias = m.mlpBias = bias;
    m.parallelBlock = parallel;
    m.normsPerLayer = (newArch && lnParallel == 2) ? 2 : 1 + (parallel ? 0 : 1);
    HR_TRY(dt, parseTorchDType(f, DType::BF16));
    m.nativeDType = m.expertDType = dt;
    return checkArch(f, std::move(m));
}

/// A nested object of @p f (DBRX attn_config / ffn_config); an empty object when absent.
Result<const json*> subObject(const Fields& f, std::string_view key) {
    static const json empty = json::object();
    const json* v = f.find(key);
    if (!v)
        return &empty;
    if (!v->is_object())
        return err(ErrorCode::FieldWrongType, f.name(key),
                   "expected object, got " + std::string(v->type_name()));
    return v;
}

/// DBRX (transformers modeling_dbrx.py): wte; per block norm_1 and norm_2 (LayerNorm
/// without bias), attn.Wqkv h -> h + 2 kv d and out_proj (no biases), ffn.router.layer h -> E,
/// ffn.experts.mlp w1, v1, w2 (E x ffn x h each); norm_f; untied lm_head. Keys nest in
/// attn_config (kv_n_heads) and ffn_config (ffn_hidden_size, moe_num_experts, moe_top_k).
Result<ModelArch> parseDbrx(const Fields& f, ModelArch m) {
    HR_TRY(h, f.integer("d_model", kHidden));
    HR_TRY(layers, f.integer("n_layers", kLayers));
    HR_TRY(heads, f.integer("n_heads", kHeads));
    HR_TRY(vocab, f.integer("vocab_size", kVocab));
    HR_TRY(maxPos, f.integerOr("max_seq_len", 0, kPositions));
    HR_TRY(tied, f.boolean("tie_word_embeddings", false));
    HR_TRY(headDim, evenHeadDim(f, h, heads, "n_heads"));
    HR_TRY(attnObj, subObject(f, "attn_config"));
    HR_TRY(ffnObj, subObject(f, "ffn_config"));
    const Fields attn(*attnObj, f.name("attn_config."));
    const Fields ffn(*ffnObj, f.name("ffn_config."));
    HR_TRY(kv, attn.integerOr("kv_n_heads", 1, kHeads));
    HR_TRY(width, ffn.integerOr("ffn_hidden_size", 3584, kFfn));
    HR_TRY(experts, ffn.integerOr("moe_num_experts", 4, kExperts.withMin(1)));
    HR_TRY(topk, ffn.integerOr("moe_top_k", 1, kExperts.withMin(1)));
    m.numLayers = static_cast<int>(layers);
    m.hiddenSize = h;
    m.numHeads = static_cast<int>(heads);
    m.numKvHeads = static_cast<int>(kv);
    m.headDim = static_cast<int>(headDim);
    m.intermediateSize = width;
    m.vocabSize = vocab;
    m.tiedEmbeddings = tied;
    m.maxPositions = maxPos;
    m.norm = NormKind::LayerNorm;
    m.normBias = false;
    m.moe.numExperts = static_cast<int>(experts);
    m.moe.expertsPerToken = static_cast<int>(topk);
    m.moe.expertIntermediate = width;
    HR_TRY(dt, parseTorchDType(f, DType::BF16));
    m.nativeDType = m.expertDType = dt;
    return checkArch(f, std::move(m));
}

/// Block details of the llama-shaped families whose keys are llama's (transformers or
/// remote-code modeling files): InternLM2 (wqkv/wo biases = `bias`, default true in
/// InternLM2Config), Baichuan (W_pack, no biases; Baichuan2-13B's ALiBi has no parameters),
/// OLMo (non-parametric LayerNorm), OLMo2 (post-norms, q_norm a x d and k_norm kv x d),
/// Cohere (one weight-only LayerNorm per parallel block, optional per-head q/k LayerNorms
/// [heads, d], tied embeddings).
std::optional<Error> applyLlamaLikeFamily(const Fields& f, const std::string& family,
                                          ModelArch& m) {
    if (family == "internlm2") {
        auto bias = f.boolean("bias", true);
        if (!bias)
            return bias.error();
        m.qkvBias = m.outBias = bias.value();
    } else if (family == "olmo") {
        m.norm = NormKind::LayerNorm;
        m.normAffine = false; // OlmoLayerNorm: no weight, no bias
    } else if (family == "olmo2") {
        m.qkNorm = m.qkNormFullWidth = true;
    } else if (family == "cohere") {
        m.norm = NormKind::LayerNorm;
        m.normBias = false;
        m.parallelBlock = true;
        m.normsPerLayer = 1;
        auto qk = f.boolean("use_qk_norm", false);
        if (!qk)
            return qk.error();
        m.qkNorm = m.qkNormFullWidth = qk.value();
    }
    return std::nullopt;
}

/// head_dim, or hidden_size / num_attention_heads where the key is absent (MLA models set
/// theirs from the rope and nope widths: 0 here).
Result<int64_t> decoderHeadDim(const Fields& f, int64_t h, int64_t heads, bool mla) {
    if (f.has("head_dim"))
        return f.integer("head_dim", kHeadDim);
    if (mla)
        return int64_t{0};
    if (h % heads != 0)
        return err(ErrorCode::FieldOutOfRange, f.name("num_attention_heads"),
                   "hidden_size (" + std::to_string(h) +
                       ") is not divisible by num_attention_heads (" + std::to_string(heads) +
                       ") and head_dim is absent");
    return h / heads;
}

/// The projection biases and the norms of a llama-shaped family (transformers' attention and
/// decoder-layer classes of each).
std::optional<Error> applyDecoderBiasesAndNorms(const Fields& f, const std::string& family,
                                                ModelArch& m) {
    HR_TRY(attnBias, f.boolean("attention_bias", family == "gpt_oss"));
    HR_TRY(mlpBias, f.boolean("mlp_bias", false));
    if (family == "qwen2" || family == "qwen2_moe") {
        m.qkvBias = true; // Qwen2Attention: q/k/v bias=True, o_proj bias=False
        m.outBias = false;
    } else if (isFamily(family, {"llama", "gemma", "gemma2", "gemma3_text", "qwen3", "qwen3_moe",
                                 "gpt_oss", "mistral", "mixtral", "olmo", "olmo2", "cohere"})) {
        // attention_bias switches all four projections (LlamaAttention, GptOssAttention, ...).
        m.qkvBias = m.outBias = attnBias;
    }
    if (family == "llama")
        m.mlpBias = mlpBias;

    // Norms.
    if (family == "gemma2") {
        m.normsPerLayer = 4;
    } else if (family == "gemma3_text") {
        m.normsPerLayer = 4;
        m.qkNorm = true;
    } else if (family == "qwen3" || family == "qwen3_moe") {
        m.qkNorm = true;
    }
    return applyLlamaLikeFamily(f, family, m);
}

/// Sliding-window attention: the window and how many layers use it, by each family's rule
/// (layer_types where the config lists them).
std::optional<Error> applySlidingWindow(const Fields& f, const std::string& family, int64_t layers,
                                        ModelArch& m) {
    const bool gemma3Defaults = family == "gemma3_text";
    const json* sw = f.find("sliding_window");
    int64_t window = 0;
    if (sw) {
        HR_TRY(w, f.integer("sliding_window", kWindow));
        window = w;
    }
    int slidingLayers = 0;
    HR_TRY(slidingCount, countLayerTypes(f, "layer_types", "sliding_attention"));
    if (family == "gpt_oss" || family == "gemma2" || family == "gemma3_text") {
        if (slidingCount) {
            slidingLayers = *slidingCount;
        } else if (family == "gemma2") {
            slidingLayers = (m.numLayers + 1) / 2; // Gemma2DecoderLayer: even layers slide
        } else if (family == "gemma3_text") {
            HR_TRY(pattern, f.integerOr("sliding_window_pattern", 6, kLayers));
            slidingLayers =
                m.numLayers - static_cast<int>(m.numLayers / pattern); // every pattern-th is global
        } else {
            slidingLayers = m.numLayers / 2;
        }
        if (gemma3Defaults && !sw)
            window = 4096;
    } else if (family == "qwen2" || family == "qwen3" || family == "qwen3_moe" ||
               family == "qwen2_moe") {
        HR_TRY(useSw, f.boolean("use_sliding_window", false));
        if (useSw && window > 0) {
            HR_TRY(maxWindowLayers, f.integerOr("max_window_layers", layers, kLayers.withMin(0)));
            slidingLayers = static_cast<int>(std::max<int64_t>(0, layers - maxWindowLayers));
        }
    } else if (isFamily(family, {"mistral", "mixtral", "phi3"})) {
        if (window > 0)
            slidingLayers = m.numLayers; // sliding_window applies to every layer
    }
    if (slidingLayers == 0 || window == 0) {
        slidingLayers = 0;
        window = 0;
    }
    m.slidingWindow = static_cast<int>(window);
    m.slidingLayers = slidingLayers;
    return std::nullopt;
}

/// Mixtral and gpt-oss: num_local_experts experts of intermediate_size @p ffn, top-k routed.
std::optional<Error> applyLocalExperts(const Fields& f, const std::string& family, int64_t ffn,
                                       ModelArch& m) {
    HR_TRY(experts, f.integer("num_local_experts", kExperts.withMin(1)));
    int64_t topk = 0;
    if (f.has("num_experts_per_tok")) {
        HR_TRY(k, f.integer("num_experts_per_tok", kExperts.withMin(1)));
        topk = k;
    } else {
        HR_TRY(k, f.integer("experts_per_token", kExperts.withMin(1)));
        topk = k;
    }
    m.moe.numExperts = static_cast<int>(experts);
    m.moe.expertsPerToken = static_cast<int>(topk);
    m.moe.expertIntermediate = ffn;
    if (family == "gpt_oss") {
        m.moe.routerBias = true;
        m.moe.expertBias = true;
        m.attentionSinks = true;
    }
    return std::nullopt;
}

/// Qwen2-MoE and Qwen3-MoE: num_experts of moe_intermediate_size, leading dense layers, and
/// Qwen2-MoE's gated shared expert.
std::optional<Error> applyQwenExperts(const Fields& f, const std::string& family, int64_t layers,
                                      ModelArch& m) {
    HR_TRY(experts, f.integer("num_experts", kExperts.withMin(1)));
    HR_TRY(topk, f.integer("num_experts_per_tok", kExperts.withMin(1)));
    HR_TRY(moeFfn, f.integer("moe_intermediate_size", kFfn));
    HR_TRY(step, f.integerOr("decoder_sparse_step", 1, kLayers));
    if (step != 1)
        return err(ErrorCode::FieldOutOfRange, f.name("decoder_sparse_step"),
                   "only 1 is supported");
    if (const json* dense = f.find("mlp_only_layers"); dense) {
        if (!dense->is_array())
            return err(ErrorCode::FieldWrongType, f.name("mlp_only_layers"), "expected array");
        if (dense->size() > static_cast<size_t>(layers))
            return err(ErrorCode::FieldOutOfRange, f.name("mlp_only_layers"),
                       std::to_string(dense->size()) + " dense layers, more than the " +
                           std::to_string(layers) + " of num_hidden_layers");
        // Supported when the dense layers are the leading ones (0, 1, ..., k-1).
        for (size_t i = 0; i < dense->size(); ++i)
            if (!(*dense)[i].is_number_integer() ||
                (*dense)[i].get<int64_t>() != static_cast<int64_t>(i))
                return err(ErrorCode::FieldOutOfRange, f.name("mlp_only_layers"),
                           "only leading dense layers are supported");
        m.moe.firstDenseLayers = static_cast<int>(dense->size());
    }
    m.moe.numExperts = static_cast<int>(experts);
    m.moe.expertsPerToken = static_cast<int>(topk);
    m.moe.expertIntermediate = moeFfn;
    if (family == "qwen2_moe") {
        HR_TRY(sharedFfn, f.integer("shared_expert_intermediate_size", kFfn.withMin(0)));
        if (sharedFfn > 0) {
            m.moe.sharedExperts = 1;
            m.moe.sharedIntermediate = sharedFfn;
            m.moe.sharedExpertGate = true;
        }
    }
    return std::nullopt;
}

/// DeepSeek-V2/V3: MLA attention, optional MoE (n_routed_experts null -> dense).
std::optional<Error> applyDeepseekMla(const Fields& f, const std::string& family, int64_t layers,
                                      ModelArch& m) {
    if (f.has("n_routed_experts")) {
        HR_TRY(experts, f.integer("n_routed_experts", kExperts.withMin(1)));
        HR_TRY(topk, f.integer("num_experts_per_tok", kExperts.withMin(1)));
        HR_TRY(moeFfn, f.integer("moe_intermediate_size", kFfn));
        HR_TRY(shared, f.integerOr("n_shared_experts", 0, kExperts));
        HR_TRY(firstDense, f.integerOr("first_k_dense_replace", 0, kLayers.withMin(0)));
        HR_TRY(freq, f.integerOr("moe_layer_freq", 1, kLayers));
        if (freq != 1)
            return err(ErrorCode::FieldOutOfRange, f.name("moe_layer_freq"), "only 1 is supported");
        m.moe.numExperts = static_cast<int>(experts);
        m.moe.expertsPerToken = static_cast<int>(topk);
        m.moe.expertIntermediate = moeFfn;
        m.moe.sharedExperts = static_cast<int>(shared);
        m.moe.firstDenseLayers = static_cast<int>(std::min<int64_t>(firstDense, layers));
        HR_TRY(topkMethod, f.string("topk_method", ""));
        m.moe.routerBias =
            family == "deepseek_v3" || topkMethod == "noaux_tc"; // e_score_correction_bias
    }
    HR_TRY(qLora, f.integerOr("q_lora_rank", 0, kMla));
    HR_TRY(kvLora, f.integer("kv_lora_rank", kMla.withMin(1)));
    HR_TRY(nope, f.integer("qk_nope_head_dim", kMla.withMin(1)));
    HR_TRY(rope, f.integer("qk_rope_head_dim", kMla.withMin(1)));
    HR_TRY(vDim, f.integer("v_head_dim", kMla.withMin(1)));
    m.mla.qLoraRank = static_cast<int>(qLora);
    m.mla.kvLoraRank = static_cast<int>(kvLora);
    m.mla.qkNopeHeadDim = static_cast<int>(nope);
    m.mla.qkRopeHeadDim = static_cast<int>(rope);
    m.mla.vHeadDim = static_cast<int>(vDim);
    m.numKvHeads = m.numHeads; // MLA decompresses keys/values for every head
    m.headDim = static_cast<int>(nope + rope);
    // DeepseekV3Attention / V2: q_a_proj and kv_a_proj_with_mqa carry attention_bias; the
    // published checkpoints set it false.
    m.qkvBias = m.outBias = false;
    return std::nullopt;
}

/// Parses the text-model keys of @p f (a config object, or gemma3's text_config).
Result<ModelArch> parseDecoder(const Fields& f, const Fields& top, std::string family,
                               std::string name) {
    ModelArch m;
    m.name = std::move(name);
    m.family = family;
    if (family == "gpt2")
        return parseGpt2(f, std::move(m));
    if (family == "qwen")
        return parseQwenV1(f, std::move(m));
    if (family == "chatglm")
        return parseChatGlm(f, std::move(m));
    if (family == "falcon")
        return parseFalcon(f, std::move(m));
    if (family == "dbrx")
        return parseDbrx(f, std::move(m));

    const bool gemmaFamily = isFamily(family, {"gemma", "gemma2", "gemma3_text"});
    const bool gemma3Defaults = family == "gemma3_text";
    // Gemma3TextConfig has class defaults that the published gemma-3 configs rely on
    // (vocab_size 262208 is absent from gemma-3-27b-it's text_config).
    HR_TRY(h, f.integer("hidden_size", kHidden));
    HR_TRY(layers, f.integer("num_hidden_layers", kLayers));
    HR_TRY(heads, f.integer("num_attention_heads", kHeads));
    HR_TRY(vocab, gemma3Defaults ? f.integerOr("vocab_size", 262208, kVocab)
                                 : f.integer("vocab_size", kVocab));
    const bool mla = isFamily(family, {"deepseek_v2", "deepseek_v3"});
    HR_TRY(kvHeads, f.integerOr("num_key_value_heads", heads, kHeads));
    HR_TRY(ffn, f.integer("intermediate_size", kFfn));
    HR_TRY(maxPos, f.integerOr("max_position_embeddings", 0, kPositions));

    HR_TRY(headDim, decoderHeadDim(f, h, heads, mla));

    m.numLayers = static_cast<int>(layers);
    m.hiddenSize = h;
    m.numHeads = static_cast<int>(heads);
    m.numKvHeads = static_cast<int>(kvHeads);
    m.headDim = static_cast<int>(headDim);
    m.intermediateSize = ffn;
    m.vocabSize = vocab;
    m.maxPositions = maxPos;
    m.mlp = MlpKind::Gated;
    m.norm = NormKind::RMSNorm;

    // Tied embeddings: the key may sit on the outer config (gemma3) or the text config.
    const bool tiedDefault = gemmaFamily || family == "cohere";
    HR_TRY(tiedOuter, top.boolean("tie_word_embeddings", tiedDefault));
    HR_TRY(tied, f.boolean("tie_word_embeddings", tiedOuter));
    m.tiedEmbeddings = tied;

    if (auto e = applyDecoderBiasesAndNorms(f, family, m))
        return *e;

    // dtype.
    HR_TRY(dtOuter, parseTorchDType(top, DType::BF16));
    HR_TRY(dt, parseTorchDType(f, dtOuter));
    m.nativeDType = dt;
    m.expertDType = dt;

    if (auto e = applySlidingWindow(f, family, layers, m))
        return *e;

    // tanh soft-capping (Gemma2Config defaults: attn_logit_softcapping 50.0,
    // final_logit_softcapping 30.0; null turns it off)
    const bool capped = decoderFamilyTraits(family).softcap;
    HR_TRY(attnCap, f.positiveOr("attn_logit_softcapping", capped));
    HR_TRY(finalCap, f.positiveOr("final_logit_softcapping", capped));
    m.attnSoftcap = attnCap;
    m.finalSoftcap = finalCap;

    // Mixture of experts, MLA.
    std::optional<Error> e;
    if (family == "mixtral" || family == "gpt_oss")
        e = applyLocalExperts(f, family, ffn, m);
    else if (family == "qwen3_moe" || family == "qwen2_moe")
        e = applyQwenExperts(f, family, layers, m);
    else if (mla)
        e = applyDeepseekMla(f, family, layers, m);
    if (e)
        return *e;

    return checkArch(f, std::move(m));
}

Result<ModelArch> parseFamily(const json& j, const std::string& family,
                              const std::string& displayName) {
    const Fields top(j, "");
    if (family == "gemma3") {
        // Gemma3ForConditionalGeneration: the language model is text_config; the SigLIP vision
        // tower (about 0.4B) is not counted.
        auto it = j.find("text_config");
        if (it == j.end() || it->is_null())
            return err(ErrorCode::FieldMissing, "text_config");
        if (!it->is_object())
            return err(ErrorCode::FieldWrongType, "text_config",
                       "expected object, got " + std::string(it->type_name()));
        const Fields text(*it, "text_config.");
        return parseDecoder(text, top, "gemma3_text", displayName);
    }
    return parseDecoder(top, top, family, displayName);
}

Result<ImportedModel> parseConfigJson(const json& j, std::string_view name) {
    if (!j.is_object())
        return err(ErrorCode::FieldWrongType, {},
                   "expected a JSON object, got " + std::string(j.type_name()));
    ImportedModel out;
    HR_TRY(family, detectFamily(j, out.notes));
    std::string displayName(name);
    if (displayName.empty()) {
        if (auto it = j.find("_name_or_path");
            it != j.end() && it->is_string() && !it->get<std::string>().empty())
            displayName = it->get<std::string>();
        else
            displayName = family;
    }
    HR_TRY(arch, parseFamily(j, family, displayName));
    out.arch = std::move(arch);
    if (auto e = applyQuantConfig(Fields(j, ""), out.arch, out.notes))
        return *e;
    return out;
}

/// A non-negative integer from a header or index (sizes, offsets, shape dims).
std::optional<int64_t> nonNegativeInt(const json& v) {
    if (v.is_number_unsigned()) {
        const uint64_t u = v.get<uint64_t>();
        if (u > static_cast<uint64_t>(INT64_MAX))
            return std::nullopt;
        return static_cast<int64_t>(u);
    }
    if (v.is_number_integer()) {
        const int64_t i = v.get<int64_t>();
        if (i < 0)
            return std::nullopt;
        return i;
    }
    if (v.is_number_float())
        return checked::toInt64(v.get<double>(), 0);
    return std::nullopt;
}

/// Bits per element of a safetensors dtype (the Dtype enum of safetensors' lib.rs); 0 when
/// unknown.
int64_t safetensorsDTypeBits(std::string_view dt) {
    struct Bits {
        std::string_view name;
        int64_t bits;
    };
    static constexpr Bits kBits[] = {
        {"BOOL", 8},    {"U8", 8},   {"I8", 8},      {"F8_E5M2", 8}, {"F8_E4M3", 8},
        {"F8_E8M0", 8}, {"F4", 4},   {"F6_E2M3", 6}, {"F6_E3M2", 6}, {"I16", 16},
        {"U16", 16},    {"F16", 16}, {"BF16", 16},   {"I32", 32},    {"U32", 32},
        {"F32", 32},    {"F64", 64}, {"I64", 64},    {"U64", 64},    {"C64", 64},
    };
    for (const Bits& b : kBits)
        if (b.name == dt)
            return b.bits;
    return 0;
}

/// One tensor entry of a header: its dtype, element count and byte range.
struct TensorEntry {
    std::string dtype;
    int64_t elements = 0;
    int64_t begin = 0;
    int64_t end = 0;
};

/// The product of a tensor's shape, in checked arithmetic.
Result<int64_t> shapeElements(const json& shape, const std::string& name) {
    int64_t elements = 1;
    for (const json& d : shape) {
        const auto n = nonNegativeInt(d);
        if (!n)
            return err(ErrorCode::HeaderMalformed, name + ".shape",
                       "dimension is not a non-negative integer below 2^63");
        const auto p = checked::mul(elements, *n);
        if (!p)
            return err(ErrorCode::HeaderMalformed, name + ".shape",
                       "element count overflows 64 bits");
        elements = *p;
    }
    return elements;
}

/// Checks that @p e's byte range holds its shape: exactly ceil(elements x bits / 8) bytes for a
/// known dtype; at least one bit per element for an unknown one (so no count exceeds 8 x the
/// data size).
std::optional<Error> checkTensorBytes(const TensorEntry& e, const std::string& name) {
    const int64_t length = e.end - e.begin;
    const int64_t bits = safetensorsDTypeBits(e.dtype);
    if (bits == 0) {
        const auto capacity = checked::mul(length, 8);
        if (capacity && e.elements > *capacity)
            return err(ErrorCode::HeaderMalformed, name + ".data_offsets",
                       std::to_string(e.elements) + " elements of unknown dtype " + e.dtype +
                           " cannot fit in " + std::to_string(length) + " bytes");
        return std::nullopt;
    }
    const auto totalBits = checked::mul(e.elements, bits);
    if (!totalBits)
        return err(ErrorCode::HeaderMalformed, name + ".shape",
                   "byte size of shape x " + e.dtype + " overflows 64 bits");
    const int64_t bytes = *totalBits / 8 + (*totalBits % 8 != 0 ? 1 : 0);
    if (length != bytes)
        return err(ErrorCode::HeaderMalformed, name + ".data_offsets",
                   "byte length " + std::to_string(length) + " does not match shape x " + e.dtype +
                       " (" + std::to_string(bytes) + " bytes)");
    return std::nullopt;
}

/// Reads and checks one tensor entry @p t named @p name.
Result<TensorEntry> parseTensorEntry(const json& t, const std::string& name, int64_t dataBytes) {
    if (!t.is_object())
        return err(ErrorCode::HeaderMalformed, name, "tensor entry is not an object");
    auto dt = t.find("dtype");
    auto shape = t.find("shape");
    auto offsets = t.find("data_offsets");
    if (dt == t.end() || !dt->is_string())
        return err(ErrorCode::HeaderMalformed, name + ".dtype", "missing or not a string");
    if (shape == t.end() || !shape->is_array())
        return err(ErrorCode::HeaderMalformed, name + ".shape", "missing or not an array");
    if (offsets == t.end() || !offsets->is_array() || offsets->size() != 2)
        return err(ErrorCode::HeaderMalformed, name + ".data_offsets",
                   "missing or not [begin, end]");
    TensorEntry e;
    e.dtype = dt->get<std::string>();
    HR_TRY(elements, shapeElements(*shape, name));
    e.elements = elements;
    const auto begin = nonNegativeInt((*offsets)[0]);
    const auto end = nonNegativeInt((*offsets)[1]);
    if (!begin || !end || *begin > *end || *end > dataBytes)
        return err(ErrorCode::HeaderMalformed, name + ".data_offsets",
                   "offsets outside the data buffer of " + std::to_string(dataBytes) + " bytes");
    e.begin = *begin;
    e.end = *end;
    if (auto bad = checkTensorBytes(e, name))
        return *bad;
    return e;
}

/// Adds @p e to @p st in checked arithmetic; an error names the tensor whose sum overflows.
std::optional<Error> addTensor(TensorStats& st, const TensorEntry& e, const std::string& name) {
    const auto bytes = checked::add(st.totalBytes, e.end - e.begin);
    const auto elements = checked::add(st.totalElements, e.elements);
    const auto byDtype = checked::add(st.elementsByDtype[e.dtype], e.elements);
    if (!bytes || !elements || !byDtype)
        return err(ErrorCode::HeaderMalformed, name + ".shape",
                   "the header's total element or byte count overflows 64 bits");
    st.totalBytes = *bytes;
    st.totalElements = *elements;
    st.elementsByDtype[e.dtype] = *byDtype;
    ++st.tensorCount;
    return std::nullopt;
}

Result<TensorStats> parseSafetensorsHeaderJson(std::string_view text, int64_t dataBytes) {
    auto parsed = parseJsonText(text, "header");
    if (!parsed) {
        const Error& e = parsed.error();
        return err(ErrorCode::HeaderMalformed, e.field.empty() ? "header" : e.field, e.detail);
    }
    const json& j = parsed.value();
    if (!j.is_object())
        return err(ErrorCode::HeaderMalformed, "header", "expected a JSON object");
    TensorStats st;
    std::vector<std::pair<int64_t, int64_t>> ranges;
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (it.key() == "__metadata__")
            continue;
        HR_TRY(entry, parseTensorEntry(it.value(), it.key(), dataBytes));
        if (auto overflow = addTensor(st, entry, it.key()))
            return *overflow;
        ranges.emplace_back(entry.begin, entry.end);
    }
    std::sort(ranges.begin(), ranges.end());
    for (size_t i = 1; i < ranges.size(); ++i)
        if (ranges[i].first < ranges[i - 1].second)
            return err(ErrorCode::HeaderMalformed, "data_offsets", "tensor byte ranges overlap");
    return st;
}

bool endsWith(const std::string& s, std::string_view suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

Result<ImportedModel> importHfConfig(std::string_view jsonText, std::string_view name) {
    auto parsed = parseJsonText(jsonText, "config.json");
    if (!parsed)
        return parsed.error();
    return parseConfigJson(parsed.value(), name);
}

Result<ModelArch> parseHfConfig(std::string_view jsonText, std::string_view name) {
    auto m = importHfConfig(jsonText, name);
    if (!m)
        return m.error();
    return std::move(m).value().arch;
}

namespace {
Result<ImportedModel> importHfConfigFile(const std::filesystem::path& file) {
    auto text = readTextFile(file, kMaxConfigBytes);
    if (!text)
        return text.error();
    std::string name = file.parent_path().filename().string();
    return importHfConfig(text.value(), name);
}
} // namespace

Result<ModelArch> loadHfConfig(const std::filesystem::path& file) {
    auto m = importHfConfigFile(file);
    if (!m)
        return m.error();
    return std::move(m).value().arch;
}

Result<TensorStats> parseSafetensorsIndex(std::string_view jsonText) {
    auto parsed = parseJsonText(jsonText, "model.safetensors.index.json");
    if (!parsed)
        return parsed.error();
    const json& j = parsed.value();
    if (!j.is_object())
        return err(ErrorCode::FieldWrongType, {},
                   "expected a JSON object, got " + std::string(j.type_name()));
    auto meta = j.find("metadata");
    if (meta == j.end() || meta->is_null())
        return err(ErrorCode::FieldMissing, "metadata.total_size");
    if (!meta->is_object())
        return err(ErrorCode::FieldWrongType, "metadata",
                   "expected object, got " + std::string(meta->type_name()));
    const Fields mf(*meta, "metadata.");
    HR_TRY(total, mf.integer("total_size", 1, INT64_MAX / 2));
    auto map = j.find("weight_map");
    if (map == j.end() || map->is_null())
        return err(ErrorCode::FieldMissing, "weight_map");
    if (!map->is_object())
        return err(ErrorCode::FieldWrongType, "weight_map",
                   "expected object, got " + std::string(map->type_name()));
    TensorStats st;
    st.totalBytes = total;
    st.tensorCount = static_cast<int>(map->size());
    return st;
}

Result<TensorStats> loadSafetensorsIndex(const std::filesystem::path& file) {
    auto text = readTextFile(file, 64u * 1024u * 1024u);
    if (!text)
        return text.error();
    return parseSafetensorsIndex(text.value());
}

Result<TensorStats> loadSafetensorsHeader(const std::filesystem::path& file) {
    std::error_code ec;
    const auto status = std::filesystem::status(file, ec);
    if (ec || !std::filesystem::exists(status))
        return err(ErrorCode::FileUnreadable, file.string(), "no such file");
    if (!std::filesystem::is_regular_file(status))
        return err(ErrorCode::FileUnreadable, file.string(), "not a regular file");
    const std::uintmax_t size = std::filesystem::file_size(file, ec);
    if (ec)
        return err(ErrorCode::FileUnreadable, file.string(), ec.message());
    if (size < 8)
        return err(ErrorCode::HeaderMalformed, "header_length",
                   "file shorter than the 8-byte header length");
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return err(ErrorCode::FileUnreadable, file.string(), "cannot open");
    unsigned char lenBytes[8];
    in.read(reinterpret_cast<char*>(lenBytes), 8);
    if (in.gcount() != 8)
        return err(ErrorCode::FileUnreadable, file.string(), "short read");
    uint64_t n = 0;
    for (int i = 7; i >= 0; --i)
        n = (n << 8) | lenBytes[i];
    // Check the claimed length before allocating anything.
    if (n > kMaxHeaderBytes)
        return err(ErrorCode::FileTooLarge, "header_length",
                   std::to_string(n) + " bytes, limit " + std::to_string(kMaxHeaderBytes));
    if (n > size - 8)
        return err(ErrorCode::HeaderMalformed, "header_length",
                   std::to_string(n) + " bytes, beyond the file size " + std::to_string(size));
    if (n == 0)
        return err(ErrorCode::HeaderMalformed, "header_length", "empty header");
    std::string header(static_cast<size_t>(n), '\0');
    in.read(header.data(), static_cast<std::streamsize>(n));
    if (in.gcount() != static_cast<std::streamsize>(n))
        return err(ErrorCode::FileUnreadable, file.string(), "short read");
    const std::uintmax_t data = size - 8 - n;
    if (data > static_cast<std::uintmax_t>(INT64_MAX))
        return err(ErrorCode::FileTooLarge, file.string(), "data section above 2^63 bytes");
    const auto dataBytes = static_cast<int64_t>(data);
    return parseSafetensorsHeaderJson(header, dataBytes);
}

namespace {

/// True when a header dtype is one of the quantised storage types (fp8, packed ints, uint8
/// blocks/scales).
bool quantisedHeaderDType(const std::string& dt) {
    return dt == "F8_E4M3" || dt == "F8_E5M2" || dt == "F8_E8M0" || dt == "U8" || dt == "I8" ||
           dt == "I32" || dt == "F4";
}

/// Compares a header's bytes and dtypes with the config's storage (checkpointStorage) and
/// adds a HeaderDisagreesWithConfig note when they differ by more than 1 % or when one is
/// quantised and the other is not. The header's bytes are what the file holds: they become
/// ModelArch::headerWeightBytes.
void reconcileHeader(const TensorStats& st, ModelArch& m, std::vector<ImportNote>& notes) {
    m.headerWeightBytes = st.totalBytes;
    const double config = configStorage(m).totalBytes();
    bool headerQuantised = false;
    std::string dtypes;
    for (const auto& [dt, n] : st.elementsByDtype) {
        headerQuantised |= quantisedHeaderDType(dt);
        dtypes += (dtypes.empty() ? "" : ", ") + dt;
    }
    const double header = static_cast<double>(st.totalBytes);
    const bool bytesDiffer = config > 0 && std::abs(header - config) > 0.01 * config;
    const bool kindDiffers = headerQuantised != m.quant.enabled();
    if (!bytesDiffer && !kindDiffers)
        return;
    char buf[160];
    std::snprintf(buf, sizeof buf, "header: %.4g bytes (%s); config.json implies %.4g bytes (%s)",
                  header, dtypes.c_str(), config,
                  std::string(quantMethodKey(m.quant.method)).c_str());
    notes.push_back({ImportNoteCode::HeaderDisagreesWithConfig, "header",
                     std::string(buf) + "; the header's bytes are used"});
}

} // namespace

Result<ImportedModel> importModelFile(const std::filesystem::path& file) {
    const std::string fname = file.filename().string();
    const bool isHeader = endsWith(fname, ".safetensors");
    const bool isIndex = endsWith(fname, "index.json");
    if (!isHeader && !isIndex)
        return importHfConfigFile(file);

    Result<TensorStats> stats = isHeader ? loadSafetensorsHeader(file) : loadSafetensorsIndex(file);
    if (!stats)
        return stats.error();
    const std::filesystem::path configPath = file.parent_path() / "config.json";
    HR_TRY(imported, importHfConfigFile(configPath));
    ModelArch& m = imported.arch;
    std::optional<int64_t> published = 0;
    if (isHeader) {
        // Packed storage (fp8 scales, uint8 MXFP4 blocks, int32 GPTQ words) does not count
        // parameters: a quantised header leaves the published count unknown.
        const bool packed =
            std::any_of(stats->elementsByDtype.begin(), stats->elementsByDtype.end(),
                        [](const auto& kv) { return quantisedHeaderDType(kv.first); });
        published = packed ? 0 : stats->totalElements;
        reconcileHeader(stats.value(), m, imported.notes);
    } else {
        // An index only gives bytes; convert when every tensor has one dtype (not for fp8 /
        // mxfp4 checkpoints, which mix block-quantised and bf16 tensors).
        const bool uniform =
            !m.quant.enabled() && !isQuantized(m.nativeDType) && m.expertDType == m.nativeDType;
        if (uniform)
            published = paramsFromBytes(stats->totalBytes, bytesPerElement(m.nativeDType));
    }
    // The same bound as a scenario's published_params, so the import can be saved and reopened.
    const FieldLimit& limit = fieldLimit(Limit::PublishedParams);
    if (!published || !limit.contains(*published))
        return err(ErrorCode::FieldOutOfRange, isHeader ? "header" : "metadata.total_size",
                   "implies more than " + std::to_string(limit.max) + " parameters");
    m.publishedParams = *published;
    return imported;
}

Result<ModelArch> loadModelFile(const std::filesystem::path& file) {
    auto m = importModelFile(file);
    if (!m)
        return m.error();
    return std::move(m).value().arch;
}

} // namespace headroom
