// validation.cpp: measurement records (schema v1) -> engine inputs, error statistics and the
// seeds' shortcut formulas as baselines. See core/validation.h and docs/accuracy.md.

#include "core/validation/validation.h"
#include "core/units.h"

#include "core/engine/band.h"

#include "core/input_limits.h"

#include "core/text_file.h"

#include "core/checked.h"
#include "core/engine/fields.h"
#include "core/engine/profiles.h"
#include "core/model/decoder_shape.h"
#include "core/model/gpu.h"
#include "core/model/hf_import.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <limits>
#include <map>
#include <sstream>
#include <unordered_set>
#include <utility>

namespace headroom {

namespace {

using json = nlohmann::json;

// ---------------------------------------------------------------------------------------------
// Reading JSON with errors that name the field

/// Thrown inside the parser only; parseRecords() turns it into Result's Error.
struct FieldError {
    Error error;
};

/// A JSON object being read, with its path for error messages.
class Node {
public:
    Node(const json& j, std::string path, std::string id)
        : m_j(j), m_path(std::move(path)), m_id(std::move(id)) {}

    std::string fieldPath(std::string_view key) const { return m_path + "." + std::string(key); }

    [[noreturn]] void fail(ErrorCode code, std::string_view key, const std::string& what) const {
        std::string detail = what;
        if (!m_id.empty())
            detail += " (record " + m_id + ")";
        throw FieldError{Error{code, fieldPath(key), detail}};
    }

    /// Whether the key is present (for this project's optional extension keys).
    bool has(std::string_view key) const { return m_j.contains(key); }

    const json& at(std::string_view key) const {
        const auto it = m_j.find(key);
        if (it == m_j.end())
            fail(ErrorCode::FieldMissing, key, "required key is missing");
        return *it;
    }

    /// Integer or null. Rejects floats, strings, ...; rejects values outside [@p min, @p max]
    /// (the field's limit, so that the value fits the engine's type and no product of
    /// accepted values overflows).
    std::optional<int64_t> optInt(std::string_view key, int64_t min, int64_t max) const {
        const json& v = at(key);
        if (v.is_null())
            return std::nullopt;
        if (!v.is_number_integer())
            fail(ErrorCode::FieldWrongType, key,
                 "expected an integer or null, got " + std::string(v.type_name()));
        const auto range = [&] {
            return "must be in [" + std::to_string(min) + ", " + std::to_string(max) + "] (got " +
                   v.dump() + ")";
        };
        if (v.is_number_unsigned() && v.get<uint64_t>() > static_cast<uint64_t>(max))
            fail(ErrorCode::FieldOutOfRange, key, range());
        const int64_t x = v.get<int64_t>();
        if (x < min || x > max)
            fail(ErrorCode::FieldOutOfRange, key, range());
        return x;
    }

    /// Number (integer or float) or null; must be finite and in [0, @p max].
    std::optional<double> optNumber(std::string_view key,
                                    double max = std::numeric_limits<double>::max()) const {
        const json& v = at(key);
        if (v.is_null())
            return std::nullopt;
        if (!v.is_number())
            fail(ErrorCode::FieldWrongType, key,
                 "expected a number or null, got " + std::string(v.type_name()));
        const double x = v.get<double>();
        if (!std::isfinite(x))
            fail(ErrorCode::FieldNotFinite, key, "must be finite");
        if (x < 0 || x > max) {
            std::ostringstream os;
            os << "must be in [0, " << max << "] (got " << x << ")";
            fail(ErrorCode::FieldOutOfRange, key, os.str());
        }
        return x;
    }

    std::optional<std::string> optString(std::string_view key) const {
        const json& v = at(key);
        if (v.is_null())
            return std::nullopt;
        if (!v.is_string())
            fail(ErrorCode::FieldWrongType, key,
                 "expected a string or null, got " + std::string(v.type_name()));
        return v.get<std::string>();
    }
    std::string reqString(std::string_view key) const {
        const json& v = at(key);
        if (!v.is_string())
            fail(ErrorCode::FieldWrongType, key,
                 "expected a string, got " + std::string(v.type_name()));
        return v.get<std::string>();
    }

    std::optional<bool> optBool(std::string_view key) const {
        const json& v = at(key);
        if (v.is_null())
            return std::nullopt;
        if (!v.is_boolean())
            fail(ErrorCode::FieldWrongType, key,
                 "expected true, false or null, got " + std::string(v.type_name()));
        return v.get<bool>();
    }

    /// A nested object; @p nullable allows null (returns nullopt).
    std::optional<Node> optObject(std::string_view key) const {
        const json& v = at(key);
        if (v.is_null())
            return std::nullopt;
        if (!v.is_object())
            fail(ErrorCode::FieldWrongType, key,
                 "expected an object or null, got " + std::string(v.type_name()));
        return Node(v, fieldPath(key), m_id);
    }
    Node reqObject(std::string_view key) const {
        const json& v = at(key);
        if (!v.is_object())
            fail(ErrorCode::FieldWrongType, key,
                 "expected an object, got " + std::string(v.type_name()));
        return Node(v, fieldPath(key), m_id);
    }

    /// Array of strings, or null (nullopt) when @p nullable.
    std::optional<std::vector<std::string>> optStringList(std::string_view key,
                                                          bool nullable) const {
        const json& v = at(key);
        if (v.is_null() && nullable)
            return std::nullopt;
        if (!v.is_array())
            fail(ErrorCode::FieldWrongType, key,
                 std::string("expected an array of strings") + (nullable ? " or null" : "") +
                     ", got " + std::string(v.type_name()));
        std::vector<std::string> out;
        for (const json& e : v) {
            if (!e.is_string())
                fail(ErrorCode::FieldWrongType, key,
                     "expected an array of strings, found an element of type " +
                         std::string(e.type_name()));
            out.push_back(e.get<std::string>());
        }
        return out;
    }

    /// An enum string (or null) that must be one of @p allowed.
    std::optional<std::string> optEnum(std::string_view key,
                                       std::initializer_list<std::string_view> allowed) const {
        auto s = optString(key);
        if (!s)
            return s;
        for (std::string_view a : allowed)
            if (*s == a)
                return s;
        std::string list;
        for (std::string_view a : allowed)
            list += (list.empty() ? "" : ", ") + std::string(a);
        fail(ErrorCode::UnknownValue, key, "'" + *s + "' is not one of " + list);
    }

    std::string reqEnum(std::string_view key,
                        std::initializer_list<std::string_view> allowed) const {
        const auto s = optEnum(key, allowed);
        if (!s)
            fail(ErrorCode::FieldWrongType, key, "expected a string, got null");
        return *s;
    }

    const json& raw() const { return m_j; }
    const std::string& path() const { return m_path; }

private:
    const json& m_j;
    std::string m_path;
    std::string m_id;
};

/// Where a document that json::parse refused goes wrong: a SAX pass (no DOM, linear) that keeps
/// the path of the value being read ("[3].gpu.memory_gb") and stops at the parser's error, so
/// that an error inside a value names the field: a number that overflows a double (1e400) is
/// json::out_of_range 406, not a syntax error. Run only after the plain parse failed (nlohmann's
/// parser-callback DOM scans every finished object's siblings: quadratic in an array's length).
class PathSax : public nlohmann::json_sax<json> {
public:
    bool null() override { return next(); }
    bool boolean(bool) override { return next(); }
    bool number_integer(number_integer_t) override { return next(); }
    bool number_unsigned(number_unsigned_t) override { return next(); }
    bool number_float(number_float_t, const string_t&) override { return next(); }
    bool string(string_t&) override { return next(); }
    bool binary(binary_t&) override { return next(); }
    bool start_object(std::size_t) override { return open(false); }
    bool key(string_t& k) override {
        m_frames.back().key = k;
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(true); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&,
                     const nlohmann::detail::exception& e) override {
        m_outOfRange = e.id == 406;
        m_message = e.what();
        return false;
    }

    /// The key path down to the failing value; "" at the top level.
    std::string path() const {
        std::string s;
        for (const Frame& f : m_frames)
            s += f.array ? "[" + std::to_string(f.index) + "]" : (s.empty() ? "" : ".") + f.key;
        return s;
    }
    bool outOfRange() const { return m_outOfRange; } ///< a number beyond a double's range
    const std::string& message() const { return m_message; }

private:
    struct Frame {
        bool array = false;
        std::size_t index = 0; ///< array: elements read so far
        std::string key;       ///< object: the key whose value is being read
    };
    bool next() {
        if (!m_frames.empty() && m_frames.back().array)
            ++m_frames.back().index;
        return true;
    }
    bool open(bool array) {
        m_frames.push_back(Frame{array, 0, {}});
        return true;
    }
    bool close() {
        m_frames.pop_back();
        return next();
    }
    std::vector<Frame> m_frames;
    bool m_outOfRange = false;
    std::string m_message;
};

// ---------------------------------------------------------------------------------------------
// Enumerations of SCHEMA.md

/// Storage dtypes of weight_dtype. "16bit" maps to BF16 (byte-identical to fp16); "4bit" is
/// not mapped (quant type and double quantisation unknown: 4.5 vs 4.13 bits per weight).
/// "fp8" is the engine's FP8 storage (e4m3 with fp32 128 x 128 block scales, dtype.h) and
/// "mxfp4" OCP MXFP4 (4 bits + one E8M0 scale per 32 weights): frozen quantised weights.
std::optional<DType> schemaDType(std::string_view s) {
    static const std::map<std::string_view, DType> k = {
        {"fp32", DType::FP32},  {"bf16", DType::BF16},  {"fp16", DType::FP16},
        {"int8", DType::INT8},  {"nf4", DType::NF4},    {"nf4_double_quant", DType::NF4DoubleQuant},
        {"fp4", DType::FP4},    {"16bit", DType::BF16}, {"fp8", DType::FP8},
        {"mxfp4", DType::MXFP4}};
    const auto it = k.find(s);
    if (it == k.end())
        return std::nullopt;
    return it->second;
}

std::optional<Sharding> schemaSharding(std::string_view s, bool& noShard) {
    noShard = false;
    if (s == "none")
        return Sharding::None;
    if (s == "fsdp_no_shard") {
        noShard = true;
        return Sharding::None;
    }
    if (s == "fsdp_full_shard")
        return Sharding::FsdpFullShard;
    if (s == "fsdp_shard_grad_op")
        return Sharding::FsdpGradOp;
    if (s == "zero1")
        return Sharding::Zero1;
    if (s == "zero2")
        return Sharding::Zero2;
    if (s == "zero3")
        return Sharding::Zero3;
    if (s == "hsdp")
        return Sharding::Hsdp;
    return std::nullopt;
}

const char* const kRecordKeys[] = {"schema",
                                   "id",
                                   "confidence",
                                   "source_url",
                                   "model",
                                   "mode",
                                   "finetune",
                                   "lora",
                                   "weight_dtype",
                                   "compute_dtype",
                                   "master_weights_fp32",
                                   "grad_dtype",
                                   "optimizer",
                                   "optimizer_state_dtype",
                                   "micro_batch_size",
                                   "sequence_length",
                                   "gradient_accumulation_steps",
                                   "inference",
                                   "activation_checkpointing",
                                   "attention",
                                   "features",
                                   "parallelism",
                                   "gpu",
                                   "measured",
                                   "assumptions",
                                   "notes"};

// Limits of the model fields: the one table every reader uses (core/input_limits.h).
constexpr int64_t kMaxLayers = fieldLimit(Limit::Layers).max;
constexpr int64_t kMaxWidth = fieldLimit(Limit::Hidden).max;
constexpr int64_t kMaxHeadDim = fieldLimit(Limit::HeadDim).max;
constexpr int64_t kMaxHeads = fieldLimit(Limit::Heads).max;
constexpr int64_t kMaxFfn = fieldLimit(Limit::Intermediate).max;
constexpr int64_t kMaxVocab = fieldLimit(Limit::Vocab).max;
constexpr int64_t kMaxParams = fieldLimit(Limit::PublishedParams).max;
/// gpu.memory_gb and measured.bytes / 1e9: a million GB per GPU, beyond any device, so that
/// the capacity in bytes stays a finite double that converts to MiB without overflow.
constexpr double kMaxGpuMemoryGB = 1e6;

/// dp x tp x pp x cp of the record (absent degrees count 1) in checked arithmetic; fails
/// with TooManyGpus naming the degree at which the product passes limits::kGpus.
int64_t checkedGpuProduct(const Node& p,
                          std::initializer_list<std::pair<const char*, std::optional<int64_t>>> d) {
    int64_t product = 1;
    for (const auto& [key, degree] : d) {
        const auto next = checked::mul(product, degree.value_or(1));
        if (!next || *next > limits::kGpus)
            p.fail(ErrorCode::TooManyGpus, key,
                   "dp x tp x pp x cp must be at most " + std::to_string(limits::kGpus) + " GPUs");
        product = *next;
    }
    return product;
}

// ---------------------------------------------------------------------------------------------
// One record

/// Qwen v1's config.intermediate_size is twice the width of each MLP matrix (modeling_qwen.py
/// QWenMLP: ff_dim_in = config.intermediate_size // 2; Qwen-7B: 22016 -> w1, w2 of 11008).
/// A record that copied the config value is halved; one whose param_count matches the
/// unhalved width (already the matrix width) is kept.
void qwenV1MlpWidth(ModelArch& a, MeasurementRecord& rec) {
    ModelArch halved = a;
    halved.intermediateSize = a.intermediateSize / 2;
    const double asGiven = static_cast<double>(countParameters(a).total);
    const double half = static_cast<double>(countParameters(halved).total);
    const double published = static_cast<double>(rec.recordParams);
    if (rec.recordParams > 0 && std::fabs(asGiven - published) < std::fabs(half - published))
        return;
    a.intermediateSize = halved.intermediateSize;
    rec.caveats.push_back("qwen (v1): intermediate_size " +
                          std::to_string(halved.intermediateSize * 2) +
                          " is the config value, twice each MLP matrix's width "
                          "(modeling_qwen.py QWenMLP: intermediate_size // 2)");
}

/// compute_dtype, grad_dtype and optimizer_state_dtype accept the schema's fp8 and mxfp4, but
/// the engine sizes activations, gradients and optimizer states by one element dtype and has
/// no fp8/mxfp4 training path (torchao float8 keeps bf16 saves: the `float8` feature): such a
/// record is skipped with the field and value named, and the value cleared.
void floatOnly(std::string_view field, std::optional<std::string>& value,
               std::vector<std::string>& skip) {
    if (value != "fp8" && value != "mxfp4")
        return;
    skip.push_back(std::string(field) + " '" + *value +
                   "' is not modelled: the engine keeps activations, gradients and optimizer "
                   "states in fp32, bf16 or fp16 (int8 states for 8-bit optimizers)");
    value.reset();
}

/// The block traits of a record's family from the one family table (core/model/
/// decoder_shape.h decoderFamilyTraits, each row from the family's modelling code), applied
/// to the shape the record's flat fields give. A family the table lists as an encoder or as a
/// mixture of experts is a skip (a dense shape cannot describe its experts); one the table
/// does not know is the generic pre-norm decoder, with a caveat saying so.
void applyFamilyTraits(const std::string& family, ModelArch& a, MeasurementRecord& rec,
                       std::vector<std::string>& skip) {
    const DecoderFamilyTraits t = decoderFamilyTraits(family);
    if (!t.known) {
        // every size term follows from layers, widths, heads, MLP kind and vocab
        rec.caveats.push_back("family '" + family +
                              "' has no traits in the mapping: estimated from its shape as a "
                              "generic pre-norm decoder (RMSNorm, sequential block, no biases)");
        return;
    }
    if (!t.decoder) {
        skip.push_back("family '" + family + "' is not modelled: " + std::string(t.source) +
                       " (the engine describes decoder LMs whose logits span the vocabulary)");
        return;
    }
    if (t.routedExperts) {
        skip.push_back("model.family '" + family +
                       "' routes tokens to experts, which the flat model fields cannot "
                       "describe: give the model's config.json as model.hf_config");
        return;
    }
    a.norm = t.norm;
    a.normBias = t.normBias;
    a.normAffine = t.normAffine;
    a.qkvBias = t.qkvBias;
    a.outBias = t.outBias;
    a.mlpBias = t.mlpBias;
    a.qkNorm = t.qkNorm;
    a.qkNormFullWidth = t.qkNormFullWidth;
    a.parallelBlock = t.parallelBlock;
    a.normsPerLayer = t.normsPerLayer;
    a.attnSoftcap = a.finalSoftcap = t.softcap;
    a.attentionSinks = t.attentionSinks;
    // the record's "gelu" MLP is the family's own GELU: gpt2 and phi configs name gelu_new
    a.geluNew = a.mlp == MlpKind::Plain && t.geluNew;
    rec.caveats.push_back("family '" + family + "': " + std::string(t.source));
    if (t.learnedPositions)
        rec.caveats.push_back("family '" + family +
                              "': the learned position table (n_positions x hidden) is not "
                              "counted: its size is not in the flat model fields (model.hf_config "
                              "gives it)");
}

/// The flat model fields of a record that also gives model.hf_config: each one present must
/// agree with the imported architecture; a disagreement is a skip naming the field and both
/// values (the record describes two models). Qwen v1's intermediate_size may be the config
/// value, twice each MLP matrix (modeling_qwen.py QWenMLP: intermediate_size // 2).
void crossCheckFlatFields(const Node& m, const ModelArch& a, std::vector<std::string>& skip) {
    const auto check = [&](std::string_view key, std::optional<int64_t> flat, int64_t imported,
                           std::string_view configKey) {
        if (flat && *flat != imported)
            skip.push_back("model." + std::string(key) + " " + std::to_string(*flat) +
                           " disagrees with model.hf_config (" + std::string(configKey) + " -> " +
                           std::to_string(imported) + ")");
    };
    check("num_layers", m.optInt("num_layers", 1, kMaxLayers), a.numLayers, "num_hidden_layers");
    check("hidden_size", m.optInt("hidden_size", 1, kMaxWidth), a.hiddenSize, "hidden_size");
    check("num_attention_heads", m.optInt("num_attention_heads", 1, kMaxHeads), a.numHeads,
          "num_attention_heads");
    check("num_kv_heads", m.optInt("num_kv_heads", 1, kMaxHeads), a.numKvHeads,
          "num_key_value_heads");
    check("head_dim", m.optInt("head_dim", 1, kMaxHeadDim), a.headDim, "head_dim");
    auto inter = m.optInt("intermediate_size", 1, kMaxFfn);
    if (inter && a.family == "qwen" && *inter == 2 * a.intermediateSize)
        inter = a.intermediateSize;
    check("intermediate_size", inter, a.intermediateSize, "intermediate_size");
    check("vocab_size", m.optInt("vocab_size", 1, kMaxVocab), a.vocabSize, "vocab_size");
    const auto mlp = m.optEnum("mlp", {"gated_silu", "gelu"});
    const std::string importedMlp = a.mlp == MlpKind::Plain ? "gelu" : "gated_silu";
    if (mlp && *mlp != importedMlp)
        skip.push_back("model.mlp '" + *mlp + "' disagrees with model.hf_config ('" + importedMlp +
                       "')");
    const auto tied = m.optBool("tied_embeddings");
    if (tied && *tied != a.tiedEmbeddings)
        skip.push_back(std::string("model.tied_embeddings ") + (*tied ? "true" : "false") +
                       " disagrees with model.hf_config (tie_word_embeddings -> " +
                       (a.tiedEmbeddings ? "true" : "false") + ")");
}

/// The record's model from its flat fields (SCHEMA.md Model) and its family's traits.
void parseFlatModel(const Node& m, const std::string& family, MeasurementRecord& rec,
                    UnknownSettings& unknown, std::vector<std::string>& skip) {
    auto need = [&](bool present, const std::string& field) {
        if (!present)
            skip.push_back(field + " is null");
    };
    ModelArch& a = rec.model;
    const auto layers = m.optInt("num_layers", 1, kMaxLayers);
    const auto hidden = m.optInt("hidden_size", 1, kMaxWidth);
    const auto heads = m.optInt("num_attention_heads", 1, kMaxHeads);
    const auto kvHeads = m.optInt("num_kv_heads", 1, kMaxHeads);
    const auto headDim = m.optInt("head_dim", 1, kMaxHeadDim);
    const auto inter = m.optInt("intermediate_size", 1, kMaxFfn);
    const auto mlp = m.optEnum("mlp", {"gated_silu", "gelu"});
    const auto vocab = m.optInt("vocab_size", 1, kMaxVocab);
    const auto tied = m.optBool("tied_embeddings");
    need(layers.has_value(), "model.num_layers");
    need(hidden.has_value(), "model.hidden_size");
    need(heads.has_value(), "model.num_attention_heads");
    need(kvHeads.has_value(), "model.num_kv_heads");
    need(headDim.has_value(), "model.head_dim");
    need(inter.has_value(), "model.intermediate_size");
    need(mlp.has_value(), "model.mlp");
    need(vocab.has_value(), "model.vocab_size");
    a.family = family;
    a.numLayers = static_cast<int>(layers.value_or(0));
    a.hiddenSize = hidden.value_or(0);
    a.numHeads = static_cast<int>(heads.value_or(0));
    a.numKvHeads = static_cast<int>(kvHeads.value_or(0));
    a.headDim = static_cast<int>(headDim.value_or(0));
    a.intermediateSize = inter.value_or(0);
    a.mlp = (mlp && *mlp == "gelu") ? MlpKind::Plain : MlpKind::Gated;
    a.vocabSize = vocab.value_or(0);
    a.tiedEmbeddings = tied.value_or(false);
    unknown.tiedEmbeddings = !tied.has_value();
    applyFamilyTraits(family, a, rec, skip);
    const DecoderFamilyTraits t = decoderFamilyTraits(family);
    if (!tied && t.tiedByDefault) {
        a.tiedEmbeddings = true;
        unknown.tiedEmbeddings = false;
        rec.caveats.push_back("model.tied_embeddings null: family '" + family +
                              "' ties the lm_head to the token embedding unless its config "
                              "says otherwise (" +
                              std::string(t.source) + ")");
    }
}

/// The architecture from model.hf_config, imported exactly as `estimate --config FILE`
/// imports a config.json (core/model/hf_import.h importHfConfig, the same 4 MiB bound). An
/// importer error fails with the field under model.hf_config; an unknown model_type is
/// UnsupportedFamily (a skip unless strict, see parseRecords).
ModelArch importRecordConfig(const Node& m, const json& config, const std::string& name,
                             MeasurementRecord& rec) {
    if (!config.is_object())
        m.fail(ErrorCode::FieldWrongType, "hf_config",
               "expected a config.json object, got " + std::string(config.type_name()));
    const std::string text = config.dump();
    if (text.size() > kMaxHfConfigBytes)
        m.fail(ErrorCode::FileTooLarge, "hf_config",
               std::to_string(text.size()) + " bytes; a config.json is read up to " +
                   std::to_string(kMaxHfConfigBytes) + " bytes");
    auto imported = importHfConfig(text, name);
    if (!imported) {
        const Error& e = imported.error();
        m.fail(e.code, e.field.empty() ? "hf_config" : "hf_config." + e.field, e.detail);
    }
    for (const ImportNote& n : imported.value().notes)
        rec.caveats.push_back("model.hf_config." + n.field + ": " + n.detail);
    return imported.value().arch;
}

/// Where a record's model came from.
struct ModelSource {
    std::string family;      ///< the family used (model.hf_config's when given)
    bool fromConfig = false; ///< model.hf_config defined it
};

/// The record's model: from model.hf_config when present (the flat fields only cross-checked),
/// else from the flat fields and the family's traits.
ModelSource parseModel(const Node& m, const std::string& id, MeasurementRecord& rec,
                       UnknownSettings& unknown, std::vector<std::string>& skip) {
    ModelArch& a = rec.model;
    const std::string name = m.optString("name").value_or(id);
    const std::string family = m.reqString("family");
    const auto params = m.optInt("param_count", 1, kMaxParams);
    rec.recordParams = params.value_or(0);
    const json* config = m.has("hf_config") && !m.raw().at("hf_config").is_null()
                             ? &m.raw().at("hf_config")
                             : nullptr;
    if (config) {
        a = importRecordConfig(m, *config, name, rec);
        crossCheckFlatFields(m, a, skip);
        if (a.family != family)
            rec.caveats.push_back("model.family '" + family + "' differs from model.hf_config's '" +
                                  a.family + "': the config's family is used");
        a.publishedParams = params.value_or(0);
        return {a.family, true};
    }
    a.name = name;
    a.publishedParams = params.value_or(0);
    parseFlatModel(m, family, rec, unknown, skip);
    return {family, false};
}

/// The sample lengths a training record is estimated with (resolveDataLengths under profile
/// @p c), as a filled setting: "sample_lengths = fixed (record: packed)", "= real mean 528 ..."
FilledField lengthsFilled(const Workload& w, const ProfileChoice& c) {
    const FillDefaults& fill = c.version->fill;
    const SampleLengths l = resolveDataLengths(w, &fill);
    std::string value(dataLengthsKey(l.data));
    if (l.data == DataLengths::Real)
        value += " (mean " + std::to_string(l.mean) + ", std " + std::to_string(l.std) + ", min " +
                 std::to_string(l.min) + ", max " + std::to_string(l.max) +
                 (l.dropLong ? ", longer ones dropped" : ", longer ones truncated") + ")";
    std::string source;
    if (w.features.packed)
        source = "record: feature packed";
    else if (w.lengths.variable())
        source = "record: sample_lengths";
    else if (w.lengths.data != DataLengths::Framework)
        source = "framework-revisions.json: what the source's runs fed";
    else if (fill.lengths)
        source = c.profile->name + ": " + fill.source("lengths") +
                 (l.data == DataLengths::Real && !w.lengths.variable()
                      ? "; lengths " + std::string(kDefaultDatasetLengths.name) + " (" +
                            std::string(kDefaultDatasetLengths.source) + ")"
                      : "");
    else
        source = c.profile->name + ": no documented data pipeline; every batch the sequence length";
    return {"sample_lengths", std::move(value), std::move(source)};
}

/// One record as its sections are read: the record's node, what the reading fills (the
/// entry, its measurement record and workload, the settings left unknown) and the reasons to
/// skip it.
struct RecordReader {
    const Node& r;
    RecordEntry& entry;
    MeasurementRecord& rec;
    Workload& w;
    UnknownSettings& unknown;
    std::vector<std::string>& skip;
    bool training = false;
    /// A null field the estimate cannot do without skips the record, naming it (and why).
    void need(bool present, const std::string& field, std::string_view why = {}) const {
        if (!present)
            skip.push_back(field + " is null" + (why.empty() ? "" : ": " + std::string(why)));
    }
    void readDtypes();
    void readLora(const std::optional<std::string>& finetune);
    std::optional<int64_t> readBatch();
    void readInference();
    void readFeatures();
    void readParallelism(const std::optional<int64_t>& accum);
    void readGpuAndMeasured(const FrameworkRevisions& revisions);
    void fillUnknowns(ModelArch& a);
};

/// weight, compute, gradient and optimizer-state dtypes, the master copy, the optimizer and
/// the adapters' dtype.
void RecordReader::readDtypes() {
    const auto weightDtype =
        r.optEnum("weight_dtype", {"fp32", "bf16", "fp16", "int8", "nf4", "nf4_double_quant", "fp4",
                                   "16bit", "4bit", "fp8", "mxfp4"});
    unknown.weights = !weightDtype.has_value();
    if (weightDtype) {
        if (const auto d = schemaDType(*weightDtype)) {
            w.precision.weights = *d;
            if (*weightDtype == "16bit")
                rec.caveats.emplace_back("weight_dtype '16bit' mapped to bf16 (fp16 and bf16 "
                                         "are both 2 bytes)");
        } else {
            unknown.weights4bit = true; // '4bit': NF4/FP4, with or without double quantisation
        }
    }
    auto computeDtype = r.optEnum("compute_dtype", {"fp32", "bf16", "fp16", "fp8", "mxfp4"});
    floatOnly("compute_dtype", computeDtype, skip);
    unknown.compute = !computeDtype.has_value();
    if (computeDtype)
        w.precision.compute = *schemaDType(*computeDtype);

    const auto master = r.optBool("master_weights_fp32");
    auto gradDtype = r.optEnum("grad_dtype", {"fp32", "bf16", "fp16", "fp8", "mxfp4"});
    floatOnly("grad_dtype", gradDtype, skip);
    const auto optimizer = r.optEnum("optimizer", {"adamw", "adamw_8bit", "paged_adamw",
                                                   "paged_adamw_8bit", "sgd", "adafactor"});
    auto stateDtype = r.optEnum("optimizer_state_dtype", {"fp32", "bf16", "int8", "fp8", "mxfp4"});
    floatOnly("optimizer_state_dtype", stateDtype, skip);
    if (training) {
        unknown.masterWeights = !master.has_value();
        unknown.grads = !gradDtype.has_value();
        unknown.optimizer = !optimizer.has_value();
        if (gradDtype)
            w.precision.grads = *schemaDType(*gradDtype);
        // A separate fp32 copy exists only when the stored weights are not fp32 themselves.
        w.precision.masterWeights = master.value_or(false) && w.precision.weights != DType::FP32;
        if (optimizer) {
            static const std::map<std::string_view, Optimizer> k = {
                {"adamw", Optimizer::AdamW},
                {"adamw_8bit", Optimizer::AdamW8bit},
                {"paged_adamw", Optimizer::PagedAdamW},
                {"paged_adamw_8bit", Optimizer::PagedAdamW8bit},
                {"sgd", Optimizer::SGD},
                {"adafactor", Optimizer::Adafactor}};
            w.optimizer = k.at(*optimizer);
        }
        unknown.optimizerStates = !stateDtype.has_value();
        if (stateDtype)
            w.precision.optimizerStates =
                (*stateDtype == "int8") ? DType::INT8 : *schemaDType(*stateDtype);
        // Adapters: stored like the base when it is a float type; for a quantised base they
        // are in the compute dtype (torchtune, litgpt bf16-true, fsdp_qlora, PEFT quant_storage).
        w.precision.adapters =
            isQuantized(w.precision.weights) ? w.precision.compute : w.precision.weights;
    }
}

/// lora: rank, targets, dropout (a LoRA or QLoRA training record needs it).
void RecordReader::readLora(const std::optional<std::string>& finetune) {
    const auto lora = r.optObject("lora");
    if (training && (w.finetune == Finetune::LoRA || w.finetune == Finetune::QLoRA)) {
        if (!lora) {
            skip.emplace_back("lora is null for a " + *finetune + " record");
        } else {
            const auto rank = lora->optInt("rank", 1, limits::kLoraRank);
            (void)lora->optNumber("alpha");
            const auto targets = lora->optStringList("targets", true);
            const auto dropout = lora->optNumber("dropout");
            need(rank.has_value(), "lora.rank");
            unknown.loraTargets = !targets.has_value();
            unknown.loraDropout = !dropout.has_value();
            w.lora.rank = static_cast<int>(rank.value_or(1));
            w.lora.dropout = dropout.value_or(0) > 0;
            unsigned bits = 0;
            for (const std::string& t : targets.value_or(std::vector<std::string>{})) {
                if (const auto b = parseLoraTarget(t))
                    bits |= static_cast<unsigned>(*b);
                else
                    skip.push_back("lora.targets '" + t + "' is not a module the engine knows");
            }
            if (targets && targets->empty())
                skip.emplace_back("lora.targets is empty");
            w.lora.targets = bits;
        }
    } else if (lora) {
        (void)lora->optInt("rank", 1, limits::kLoraRank);
        (void)lora->optStringList("targets", true);
    }
}

/// micro-batch, sequence length, gradient accumulation; returns the accumulation as given.
std::optional<int64_t> RecordReader::readBatch() {
    const auto micro = r.optInt("micro_batch_size", 1, limits::kMicroBatch);
    const auto seq = r.optInt("sequence_length", 1, limits::kSequenceLength);
    const auto accum = r.optInt("gradient_accumulation_steps", 1, limits::kGradAccumulation);
    need(micro.has_value(), "micro_batch_size");
    w.microBatch = micro.value_or(1);
    if (training) {
        need(seq.has_value(), "sequence_length", "the activations and logits scale with it");
        w.sequenceLength = seq.value_or(1);
    }
    w.gradAccumulation = accum.value_or(1);
    return accum;
}

/// inference: prompt and generated tokens, the KV cache dtype.
void RecordReader::readInference() {
    const auto inf = r.optObject("inference");
    if (!training) {
        if (!inf) {
            skip.emplace_back("inference is null for an inference record");
        } else {
            const auto prompt = inf->optInt("prompt_tokens", 1, limits::kSequenceLength);
            const auto fresh = inf->optInt("new_tokens", 0, limits::kSequenceLength);
            auto kv =
                inf->optEnum("kv_cache_dtype", {"fp32", "bf16", "fp16", "fp8", "int8", "mxfp4"});
            if (kv == "mxfp4") {
                skip.emplace_back("inference.kv_cache_dtype 'mxfp4' is not modelled: the engine's "
                                  "KV cache is fp32, bf16, fp16, fp8 or int8");
                kv = "bf16"; // the record is skipped; keeps the mapping below total
            }
            // unknown counts: the profile's generate defaults (resolveUnknowns), else a skip
            unknown.promptTokens = !prompt.has_value();
            unknown.newTokens = !fresh.has_value();
            need(kv.has_value(), "inference.kv_cache_dtype");
            w.inference.promptTokens = prompt.value_or(1);
            w.inference.newTokens = fresh.value_or(0);
            if (kv)
                w.precision.kvCache = *parseDType(*kv);
            // both <= 2^26, so the sum cannot overflow; checked all the same
            w.sequenceLength =
                checked::add(w.inference.promptTokens, w.inference.newTokens).value_or(0);
        }
    } else if (inf) {
        (void)inf->optInt("prompt_tokens", 1, limits::kSequenceLength);
    }
}

/// activation checkpointing, attention, the features list, and the sample lengths (optional;
/// this project's extension of the schema).
void RecordReader::readFeatures() {
    const auto ac = r.optEnum("activation_checkpointing", {"none", "full", "selective"});
    unknown.checkpointing = training && !ac.has_value();
    if (ac)
        w.checkpointing = *parseCheckpointing(*ac);
    const auto attn = r.optEnum("attention", {"eager", "sdpa", "flash", "flex"});
    unknown.attention = !attn.has_value();
    if (attn)
        w.attention = *parseAttention(*attn);

    const auto features = *r.optStringList("features", false);
    bool pagedFeature = false;
    for (const std::string& f : features) {
        if (const WorkloadField* field = fieldOfRecordFeature(f))
            field->flag(w) = true; // the field table names each record feature it models
        else if (f == "paged_optimizer")
            pagedFeature = true;
        else if (!featureWithoutMemoryEffect(f).empty())
            continue; // known, and nothing in memory changes (core/engine/fields.h)
        else
            skip.push_back("feature '" + f + "' is not modelled by the engine");
    }
    if (pagedFeature && w.optimizer != Optimizer::PagedAdamW &&
        w.optimizer != Optimizer::PagedAdamW8bit)
        skip.emplace_back("feature 'paged_optimizer' with a non-paged optimizer");

    if (const auto sl = r.has("sample_lengths") ? r.optObject("sample_lengths") : std::nullopt) {
        w.lengths.mean = sl->optInt("mean", 1, limits::kSequenceLength).value_or(0);
        w.lengths.std = sl->optInt("std", 0, limits::kSequenceLength).value_or(0);
        w.lengths.min = sl->optInt("min", 1, limits::kSequenceLength).value_or(1);
        w.lengths.max = sl->optInt("max", 1, limits::kSequenceLength).value_or(0);
        w.lengths.dropLong = sl->optBool("drop_long").value_or(false);
        w.lengths.steps = sl->optInt("steps", 1, limits::kTrainSteps).value_or(w.lengths.steps);
        w.lengths.data = DataLengths::Real; // the record's own lengths win
    }
}

/// parallelism: the degrees (their product checked against num_gpus), sharding, the pipeline
/// schedule; @p accum the gradient accumulation as given.
void RecordReader::readParallelism(const std::optional<int64_t>& accum) {
    const Node p = r.reqObject("parallelism");
    const auto gpus = p.optInt("num_gpus", 1, limits::kGpus);
    const auto dp = p.optInt("dp", 1, limits::kDegree);
    const auto tp = p.optInt("tp", 1, limits::kDegree);
    const auto pp = p.optInt("pp", 1, limits::kDegree);
    const auto cp = p.optInt("cp", 1, limits::kDegree);
    const auto sharding =
        p.optEnum("sharding", {"none", "fsdp_full_shard", "fsdp_no_shard", "fsdp_shard_grad_op",
                               "zero1", "zero2", "zero3", "hsdp"});
    const auto schedule = p.optEnum("pp_schedule", {"1F1B", "Interleaved1F1B", "GPipe"});
    need(dp.has_value(), "parallelism.dp");
    need(tp.has_value(), "parallelism.tp");
    need(pp.has_value(), "parallelism.pp");
    need(cp.has_value(), "parallelism.cp");
    need(sharding.has_value(), "parallelism.sharding");
    w.parallel.dp = static_cast<int>(dp.value_or(1));
    w.parallel.tp = static_cast<int>(tp.value_or(1));
    w.parallel.pp = static_cast<int>(pp.value_or(1));
    w.parallel.cp = static_cast<int>(cp.value_or(1));
    const int64_t product = checkedGpuProduct(p, {{"dp", dp}, {"tp", tp}, {"pp", pp}, {"cp", cp}});
    if (gpus && dp && tp && pp && cp && *gpus != product)
        p.fail(ErrorCode::InvalidLayout, "num_gpus",
               "dp x tp x pp x cp = " + std::to_string(product) + " differs from num_gpus " +
                   std::to_string(*gpus));
    if (sharding) {
        bool noShard = false;
        w.parallel.sharding = *schemaSharding(*sharding, noShard);
        if (noShard)
            rec.caveats.emplace_back("sharding fsdp_no_shard mapped to none: full replicas on "
                                     "each GPU (DDP-like)");
    }
    if (schedule) {
        w.parallel.schedule = *schedule == "GPipe"             ? PipelineSchedule::GPipe
                              : *schedule == "Interleaved1F1B" ? PipelineSchedule::Interleaved
                                                               : PipelineSchedule::OneFOneB;
    }
    if (training && w.parallel.pp > 1 && !accum)
        skip.emplace_back("gradient_accumulation_steps is null: with pipeline parallelism the "
                          "micro-batches in flight depend on it");
    else if (training && !accum)
        rec.caveats.emplace_back("gradient_accumulation_steps null: set to 1 (it does not "
                                 "change the peak without pipeline parallelism)");
    if (w.parallel.cp > 1 && w.parallel.sharding != Sharding::None)
        rec.caveats.emplace_back("context parallel with FSDP: torchtitan shards parameters over "
                                 "dp x cp GPUs");
}

/// gpu and measured: the machine, the framework profile the source ran under, the metric and
/// its bytes.
void RecordReader::readGpuAndMeasured(const FrameworkRevisions& revisions) {
    const Node g = r.reqObject("gpu");
    rec.gpuName = g.optString("name").value_or("");
    // The framework profile the source ran under (resources/framework-revisions.json; a
    // document reporting runs on several machines names each machine's software): its facts are
    // evaluated against the mapped run by the engine itself (core/engine/profiles.h).
    entry.profile = recordProfile(revisions, rec.sourceUrl, rec.gpuName);
    // What data the source fed, where the record does not say (packed, sample_lengths): the
    // source document's (the revisions table), else the profile's pipeline (resolveDataLengths).
    if (training && !w.features.packed && w.lengths.data == DataLengths::Framework)
        w.lengths.data = recordDataLengths(revisions, rec.sourceUrl, rec.gpuName);
    rec.gpuMemoryGB = g.optNumber("memory_gb", kMaxGpuMemoryGB).value_or(0);

    const Node ms = r.reqObject("measured");
    const std::string metric =
        ms.reqEnum("metric", {"allocated", "active", "reserved", "nvidia_smi", "unknown"});
    rec.measured = metric == "allocated"    ? MeasuredMetric::Allocated
                   : metric == "active"     ? MeasuredMetric::Active
                   : metric == "reserved"   ? MeasuredMetric::Reserved
                   : metric == "nvidia_smi" ? MeasuredMetric::NvidiaSmi
                                            : MeasuredMetric::Unknown;
    const auto bytes = ms.optNumber("bytes", kMaxGpuMemoryGB * 1e9);
    (void)ms.optNumber("value");
    (void)ms.optString("unit");
    const json& range = ms.at("value_range");
    if (!range.is_null() &&
        !(range.is_array() && range.size() == 2 && range[0].is_number() && range[1].is_number()))
        ms.fail(ErrorCode::FieldWrongType, "value_range",
                "expected [low, high] numbers or null, got " + std::string(range.type_name()));
    if (!bytes) {
        if (!range.is_null()) {
            std::ostringstream os;
            os << "measured.value_range only ([" << range[0].get<double>() << ", "
               << range[1].get<double>() << "] " << ms.optString("unit").value_or("")
               << "): no single value to compare";
            skip.push_back(os.str());
        } else {
            skip.emplace_back("measured.bytes is null");
        }
    } else if (*bytes <= 0) {
        ms.fail(ErrorCode::FieldOutOfRange, "bytes", "must be > 0");
    } else {
        rec.measuredBytes = *bytes;
    }
}

/// Settings the source left unknown: the profile's documented defaults (resolveUnknowns), or
/// a reason to skip where it documents none.
void RecordReader::fillUnknowns(ModelArch& a) {
    rec.leftUnknown = unknown;
    if (const auto c = findProfile(entry.profile)) {
        for (FilledField& f : resolveUnknowns(a, w, unknown, *c))
            entry.filled.push_back(std::move(f));
        if (training && !w.features.packed && !w.lengths.variable())
            entry.filled.push_back(lengthsFilled(w, *c)); // the record does not say
        if (unknown.tiedEmbeddings)
            skip.emplace_back("model.tied_embeddings is null: the lm_head's size (vocab x "
                              "hidden) depends on it, and profile " +
                              profileSpec(entry.profile) + " documents no default");
        if (unknown.loraTargets)
            skip.emplace_back("lora.targets is null: adapter size depends on them, and profile " +
                              profileSpec(entry.profile) + " documents no default");
        if (unknown.promptTokens)
            skip.emplace_back("inference.prompt_tokens is null: prefill activations and the KV "
                              "cache scale with it, and profile " +
                              profileSpec(entry.profile) + " documents no generate default");
        if (unknown.newTokens)
            skip.emplace_back("inference.new_tokens is null: the KV cache scales with it, and "
                              "profile " +
                              profileSpec(entry.profile) + " documents no generate default");
    } else {
        skip.push_back("framework profile " + profileSpec(entry.profile) + " is not in the table");
    }
}

RecordEntry parseOne(const json& j, std::size_t index, const FrameworkRevisions& revisions) {
    const std::string path = "[" + std::to_string(index) + "]";
    if (!j.is_object())
        throw FieldError{Error{ErrorCode::FieldWrongType, path,
                               "expected a record object, got " + std::string(j.type_name())}};

    // id first, so every later error can name the record.
    std::string id;
    {
        Node pre(j, path, "");
        id = pre.reqString("id");
    }
    Node r(j, path, id);

    const json& schema = r.at("schema");
    if (!schema.is_number_integer())
        r.fail(ErrorCode::FieldWrongType, "schema",
               "expected the integer 1, got " + std::string(schema.type_name()));
    if (schema.get<int64_t>() != kRecordSchemaVersion)
        r.fail(ErrorCode::UnsupportedVersion, "schema",
               "schema version " + std::to_string(schema.get<int64_t>()) +
                   "; this build reads version " + std::to_string(kRecordSchemaVersion));
    for (const char* key : kRecordKeys)
        (void)r.at(key);

    RecordEntry entry;
    entry.id = id;
    MeasurementRecord rec;
    rec.id = id;
    std::vector<std::string> skip;
    UnknownSettings unknown;
    rec.confidence = r.reqEnum("confidence", {"complete", "partial"});
    rec.sourceUrl = r.reqString("source_url");
    entry.source = sourceRepository(rec.sourceUrl);
    (void)r.optStringList("assumptions", false);
    (void)r.reqString("notes");

    // --- model ---
    const Node m = r.reqObject("model");
    const ModelSource source = parseModel(m, id, rec, unknown, skip);
    const std::string& family = source.family;
    ModelArch& a = rec.model;

    // --- mode and dtypes ---
    const std::string mode = r.reqEnum("mode", {"training", "inference"});
    const bool training = mode == "training";
    Workload& w = rec.workload;
    RecordReader x{r, entry, rec, w, unknown, skip, training};
    w.mode = training ? Mode::Training : Mode::Inference;
    w.precisionPreset = PrecisionPreset::Custom;

    const auto finetune = r.optEnum("finetune", {"full", "lora", "qlora", "pretrain"});
    if (training) {
        x.need(finetune.has_value(), "finetune");
        if (finetune == "lora")
            w.finetune = Finetune::LoRA;
        else if (finetune == "qlora")
            w.finetune = Finetune::QLoRA;
        else
            w.finetune = Finetune::Full;
    }

    x.readDtypes();
    x.readLora(finetune);
    const std::optional<int64_t> accum = x.readBatch();
    x.readInference();
    x.readFeatures();
    x.readParallelism(accum);
    x.readGpuAndMeasured(revisions);
    x.fillUnknowns(a);
    if (family == "qwen" && !source.fromConfig && skip.empty())
        qwenV1MlpWidth(a, rec);
    if (!skip.empty()) {
        entry.skipReasons = std::move(skip);
        return entry;
    }
    rec.filled = entry.filled;
    w.profile = entry.profile;
    if (const auto c = findProfile(w.profile)) {
        std::string facts;
        for (const ProfileFact* f : activeFacts(*c->version, w, &rec.model))
            facts += (facts.empty() ? "" : ", ") + std::string(behaviourKey(f->behaviour)) +
                     (f->behaviour == Behaviour::LoadRecipe
                          ? " " + std::string(loadRecipeKey(f->loadRecipe))
                          : std::string());
        rec.caveats.push_back("framework profile " + profileSpec(w.profile) +
                              (facts.empty() ? "" : ": " + facts));
    }
    entry.record = std::move(rec);
    return entry;
}

/// Errors that say a value is not one this build knows (an enum string, an hf_config
/// model_type), not that the record is malformed: under UnknownValuePolicy::SkipRecord they
/// skip the one record.
bool skippable(ErrorCode c) {
    return c == ErrorCode::UnknownValue || c == ErrorCode::UnsupportedFamily;
}

/// Record @p index skipped for @p e: its id and source as far as they can be read, and the
/// reason naming the field (without the "[index]." prefix) and the value.
RecordEntry skippedForValue(const json& j, std::size_t index, const Error& e) {
    RecordEntry entry;
    const std::string prefix = "[" + std::to_string(index) + "].";
    const auto id = j.find("id");
    entry.id = id != j.end() && id->is_string() ? id->get<std::string>()
                                                : "[" + std::to_string(index) + "]";
    const auto url = j.find("source_url");
    if (url != j.end() && url->is_string())
        entry.source = sourceRepository(url->get<std::string>());
    std::string field = e.field.rfind(prefix, 0) == 0 ? e.field.substr(prefix.size()) : e.field;
    std::string detail = e.detail;
    const std::string suffix = " (record " + entry.id + ")";
    if (detail.size() >= suffix.size() &&
        detail.compare(detail.size() - suffix.size(), suffix.size(), suffix) == 0)
        detail.resize(detail.size() - suffix.size());
    entry.skipReasons.push_back(field + ": " + detail);
    return entry;
}

std::string joined(const std::vector<std::string>& v, std::string_view sep) {
    std::string s;
    for (const std::string& x : v)
        s += (s.empty() ? "" : std::string(sep)) + x;
    return s;
}

// ---------------------------------------------------------------------------------------------
// Baselines

/// The seeds' bytes per parameter table (fp32 4, fp16/bf16 2, int8 1, int4 0.5).
double seedBytesPerParam(DType d) {
    switch (d) {
    case DType::FP32:
        return 4.0;
    case DType::BF16:
    case DType::FP16:
        return 2.0;
    case DType::INT8:
    case DType::FP8:
        return 1.0;
    default:
        return 0.5;
    }
}

double baselineParams(const MeasurementRecord& r) {
    if (r.recordParams > 0)
        return static_cast<double>(r.recordParams);
    return static_cast<double>(countParameters(r.model).total);
}

bool seedSgd(Optimizer o) {
    return o == Optimizer::SGD || o == Optimizer::SGDMomentum;
}

json filledJson(const std::vector<FilledField>& filled) {
    json out = json::array();
    for (const FilledField& f : filled)
        out.push_back({{"field", f.field}, {"value", f.value}, {"source", f.source}});
    return out;
}

json summaryJson(const ErrorSummary& s) {
    return json{{"count", s.count},
                {"median_abs_error_pct", s.medianAbsErrorPct},
                {"p90_abs_error_pct", s.p90AbsErrorPct},
                {"mean_signed_error_pct", s.meanSignedErrorPct},
                {"max_abs_error_pct", s.maxAbsErrorPct},
                {"verdicts_checked", s.verdictsChecked},
                {"wrong_fit_verdicts", s.wrongFitVerdicts},
                {"band_coverage", s.bandCoverage},
                {"median_band_width_pct", s.medianBandWidthPct}};
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Public API

std::string_view measuredMetricKey(MeasuredMetric m) {
    switch (m) {
    case MeasuredMetric::Allocated:
        return "allocated";
    case MeasuredMetric::Active:
        return "active";
    case MeasuredMetric::Reserved:
        return "reserved";
    case MeasuredMetric::NvidiaSmi:
        return "nvidia_smi";
    case MeasuredMetric::Unknown:
        return "unknown";
    }
    return "unknown";
}

Metric comparedMetric(MeasuredMetric m) {
    switch (m) {
    case MeasuredMetric::Allocated:
    case MeasuredMetric::Active:
        return Metric::Allocated;
    case MeasuredMetric::NvidiaSmi:
        return Metric::NvidiaSmi;
    case MeasuredMetric::Reserved:
    case MeasuredMetric::Unknown:
        return Metric::Reserved;
    }
    return Metric::Reserved;
}

std::string_view capacityRuleKey(CapacityRule r) {
    return r == CapacityRule::GB ? "gb" : "gib";
}

double capacityBytes(double memoryGB, CapacityRule rule) {
    if (!(memoryGB > 0))
        return 0;
    return memoryGB * (rule == CapacityRule::GB ? 1e9 : kGiB);
}

double signedErrorPct(double estimated, double measured) {
    if (!(measured > 0))
        return 0;
    return (estimated - measured) / measured * 100.0;
}

double median(std::vector<double> values) {
    return percentile(std::move(values), 50.0);
}

double percentile(std::vector<double> values, double p) {
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    p = std::clamp(p, 0.0, 100.0);
    const double rank = p / 100.0 * static_cast<double>(values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(rank));
    const auto hi = std::min(lo + 1, values.size() - 1);
    const double frac = rank - static_cast<double>(lo);
    return values[lo] + (values[hi] - values[lo]) * frac;
}

ErrorSummary summarize(const std::vector<double>& signedErrorsPct, int verdictsChecked,
                       int wrongFitVerdicts) {
    ErrorSummary s;
    s.count = static_cast<int>(signedErrorsPct.size());
    std::vector<double> abs;
    double sum = 0;
    for (double e : signedErrorsPct) {
        abs.push_back(std::fabs(e));
        sum += e;
    }
    s.medianAbsErrorPct = median(abs);
    s.p90AbsErrorPct = percentile(abs, 90.0);
    s.meanSignedErrorPct = s.count > 0 ? sum / s.count : 0;
    s.maxAbsErrorPct = abs.empty() ? 0 : *std::max_element(abs.begin(), abs.end());
    s.verdictsChecked = verdictsChecked;
    s.wrongFitVerdicts = wrongFitVerdicts;
    return s;
}

void summarizeBand(ErrorSummary& s, const std::vector<const PointResult*>& points) {
    std::vector<double> widths;
    int inside = 0;
    for (const PointResult* p : points) {
        if (p->estimatedBytes > 0)
            widths.push_back((p->bandHigh - p->bandLow) / p->estimatedBytes * 100.0);
        inside += p->inBand ? 1 : 0;
    }
    s.bandCoverage = points.empty() ? 0.0 : static_cast<double>(inside) / points.size();
    s.medianBandWidthPct = median(widths);
}

Result<std::vector<RecordEntry>> parseRecords(std::string_view jsonText,
                                              const FrameworkRevisions& revisions,
                                              UnknownValuePolicy policy) {
    if (auto deep = checkJsonDepth(jsonText, "records")) // the DOM recurses per level
        return *deep;
    const json doc = json::parse(jsonText.begin(), jsonText.end(), nullptr, false);
    if (doc.is_discarded()) {
        PathSax at;
        json::sax_parse(jsonText.begin(), jsonText.end(), &at);
        return Error{ErrorCode::JsonMalformed, at.outOfRange() ? at.path() : "", at.message()};
    }
    const json* list = &doc;
    std::string prefix;
    if (doc.is_object()) {
        const auto it = doc.find("records");
        if (it == doc.end())
            return Error{ErrorCode::FieldMissing, "records",
                         "expected a JSON array of records or an object with a \"records\" array"};
        list = &*it;
        prefix = "records";
    }
    if (!list->is_array())
        return Error{ErrorCode::FieldWrongType, prefix.empty() ? "(top level)" : prefix,
                     "expected an array of records, got " + std::string(list->type_name())};
    std::vector<RecordEntry> out;
    try {
        for (std::size_t i = 0; i < list->size(); ++i) {
            try {
                out.push_back(parseOne((*list)[i], i, revisions));
            } catch (const FieldError& fe) {
                if (policy == UnknownValuePolicy::RejectFile || !skippable(fe.error.code))
                    throw;
                out.push_back(skippedForValue((*list)[i], i, fe.error));
            }
        }
    } catch (FieldError& fe) {
        fe.error.field = prefix + fe.error.field;
        return fe.error;
    } catch (const json::exception& e) {
        return Error{ErrorCode::FieldWrongType, prefix, e.what()};
    }
    return out;
}

Result<std::vector<RecordEntry>> loadRecords(const std::filesystem::path& file,
                                             const FrameworkRevisions& revisions,
                                             UnknownValuePolicy policy) {
    auto text = readTextFile(file, 64ull * 1024 * 1024);
    if (!text)
        return text.error();
    return parseRecords(text.value(), revisions, policy);
}

double seed000QuickEstimate(const MeasurementRecord& r) {
    const double P = baselineParams(r);
    const double b = seedBytesPerParam(r.workload.precision.weights);
    if (r.workload.mode == Mode::Inference)
        return P * b;
    const double o = seedSgd(r.workload.optimizer) ? 4.0 : 8.0;
    return (P * b + P * b + P * o + 1.5 * P * b) * 1.15;
}

double seed001WillItFit(const MeasurementRecord& r) {
    const double P = baselineParams(r);
    const double b = seedBytesPerParam(r.workload.precision.weights);
    const double h = static_cast<double>(r.model.hiddenSize);
    const double L = r.model.numLayers;
    const double B = static_cast<double>(r.workload.microBatch);
    if (r.workload.mode == Mode::Inference) {
        const double s =
            static_cast<double>(r.workload.inference.promptTokens + r.workload.inference.newTokens);
        const double heads = static_cast<double>(r.model.hiddenSize / 128); // hidden_dim // 128
        return P * b + 2.0 * L * heads * 128.0 * b * B * s;
    }
    const double s = static_cast<double>(r.workload.sequenceLength);
    const double opt = seedSgd(r.workload.optimizer) ? 4.0 * P : 12.0 * P;
    return P * b + opt + P * b + 12.0 * h * s * L * b * B;
}

namespace {} // namespace

double configurationFloorBytes(const MeasurementRecord& r) {
    const ModelArch& m = r.model;
    const Workload w = withProfileApplied(r.workload); // the profile's facts hold for the floor
    if (m.moe.enabled() || w.mode != Mode::Training)
        return 0.0;
    const Parallelism& par = w.parallel;
    const double pp = std::max(1, par.pp), tp = std::max(1, par.tp), cp = std::max(1, par.cp);
    const DType wd = w.finetune == Finetune::QLoRA && !isQuantized(w.precision.weights)
                         ? DType::NF4DoubleQuant
                         : w.precision.weights;
    double weights = static_cast<double>(countParameters(m).total) * bytesPerElement(wd) /
                     (tp * pp * (shardsParams(par.sharding) ? shardDegree(par) : 1.0));
    if (par.offloadParams)
        weights = 0;
    const double c = bytesPerElement(w.precision.compute);
    const double tokens =
        static_cast<double>(w.microBatch) * static_cast<double>(w.sequenceLength) / cp;
    const double layers = std::floor(m.numLayers / pp);
    const double h = static_cast<double>(m.hiddenSize);
    double perTokenBlock = 0;
    if (w.checkpointing == Checkpointing::None) {
        const double q = static_cast<double>(m.numHeads) * m.headDim;
        const double kv = static_cast<double>(m.numKvHeads) * m.headDim;
        const double i = static_cast<double>(m.intermediateSize);
        perTokenBlock = c * (2 * q + 2 * kv) / tp + c * i * (m.mlp == MlpKind::Gated ? 2 : 1) / tp;
    } else {
        perTokenBlock = c * h / (par.sequenceParallel ? tp : 1.0);
    }
    const double savedBlocks =
        w.features.activationOffload ? std::min(layers, 2.0) : layers; // torchtune offload
    const double logits = pp == 1 ? tokens * static_cast<double>(m.vocabSize) / tp * c : 0.0;
    return weights + savedBlocks * tokens * perTokenBlock + logits;
}

namespace {

/// The two seeds' shortcut formulas, scored beside the engine (no points yet).
std::pair<BaselineReport, BaselineReport> seedBaselines() {
    BaselineReport s0;
    s0.key = "seed000_quick_estimate";
    s0.name = "Seed 000 quick estimate (estimate_training_memory_gb)";
    s0.formula = "training: (P*b + P*b + P*o + 1.5*P*b) * 1.15, o = 8 (adam) or 4 (sgd); "
                 "inference: P*b";
    s0.note = "P = record param_count (the architecture count when null); b = the seed's bytes "
              "per parameter of the record's weight dtype (fp32 4, 16-bit 2, int8 1, 4-bit 0.5). "
              "The seed has no LoRA/QLoRA, no sharding and no metric distinction: LoRA and QLoRA "
              "records go in as full fine-tunes, every optimizer except SGD as 'adam'.";
    BaselineReport s1;
    s1.key = "seed001_will_it_fit";
    s1.name = "Seed 001 will_it_fit";
    s1.formula = "training: P*b + 12*P (adam; sgd 4*P) + P*b + 12*h*s*L*b*B; "
                 "inference: P*b + 2*L*(h//128)*128*b*B*s";
    s1.note = s0.note;
    return {std::move(s0), std::move(s1)};
}

/// Why a parsed record @p r is not scored (the engine rejects its model or workload, or it
/// measured less than its stated configuration must hold); nullopt when it is.
std::optional<std::string> unscoredReason(const MeasurementRecord& r) {
    if (const ArchError ae = validateArch(r.model); ae != ArchError::Ok)
        return "the engine rejects the model: " + std::string(archErrorField(ae));
    if (const auto we = validateWorkload(r.model, r.workload))
        return "the engine rejects the workload: " + describe(*we);
    if (const double floor = configurationFloorBytes(r); r.measuredBytes < floor) {
        std::ostringstream os;
        os << std::fixed << std::setprecision(2) << "measured " << r.measuredBytes / kGiB
           << " GiB is below the " << floor / kGiB
           << " GiB that its stated configuration must hold (resident weights, the "
              "activations every implementation saves and the lm_head's output): the "
              "source's unstated settings differ from the record's";
        return os.str();
    }
    return std::nullopt;
}

/// A caveat when the engine's parameter count differs from the record's by more than 0.5 %.
std::optional<std::string> parameterCountCaveat(const MeasurementRecord& r) {
    if (r.recordParams <= 0)
        return std::nullopt;
    const double counted = static_cast<double>(countParameters(r.model).total);
    const double diff = (counted - static_cast<double>(r.recordParams)) /
                        static_cast<double>(r.recordParams) * 100.0;
    if (std::fabs(diff) <= 0.5)
        return std::nullopt;
    std::ostringstream os;
    os.precision(3);
    os << "engine parameter count " << counted << " differs from the record's "
       << static_cast<double>(r.recordParams) << " by " << diff << " %";
    return os.str();
}

/// The engine's estimate of @p r beside its measurement: error, band and fit verdict.
PointResult scorePoint(const MeasurementRecord& r, const std::string& source,
                       const ValidationOptions& options) {
    PointResult pt;
    pt.id = r.id;
    pt.measured = r.measured;
    pt.compared = comparedMetric(r.measured);
    pt.measuredBytes = r.measuredBytes;
    pt.caveats = r.caveats;
    pt.filled = r.filled;
    pt.source = source;
    pt.profile = profileSpec(r.workload.profile);
    pt.capacity = capacityBytes(r.gpuMemoryGB, options.capacity);
    const GpuSpec gpu = customGpu(pt.capacity);
    const Estimate est = estimate(r.model, r.workload, pt.capacity > 0 ? &gpu : nullptr);
    pt.allocated = est.worst.allocated;
    pt.reserved = est.worst.reserved;
    pt.nvidiaSmi = est.worst.nvidiaSmi;
    pt.terms = est.worst.atPeak;
    pt.peakPhase = est.worst.peakPhase;
    pt.estimatedBytes = pt.compared == Metric::Allocated   ? pt.allocated
                        : pt.compared == Metric::NvidiaSmi ? pt.nvidiaSmi
                                                           : pt.reserved;
    pt.errorPct = signedErrorPct(pt.estimatedBytes, pt.measuredBytes);
    const Band band =
        estimateBand(r.model, r.workload, pt.capacity > 0 ? &gpu : nullptr, est, &r.leftUnknown);
    pt.bandLow = band.low[static_cast<size_t>(pt.compared)];
    pt.bandHigh = band.high[static_cast<size_t>(pt.compared)];
    if (r.measured == MeasuredMetric::Unknown) {
        // the source does not say which of the three it read: any of them, from the
        // allocated low bound to the nvidia-smi high bound (the point stays `reserved`)
        pt.bandLow = band.low[static_cast<size_t>(Metric::Allocated)];
        pt.bandHigh = band.high[static_cast<size_t>(Metric::NvidiaSmi)];
    }
    // a byte of slack: the band's bounds are sums of doubles
    pt.inBand = pt.measuredBytes >= pt.bandLow - 1 && pt.measuredBytes <= pt.bandHigh + 1;
    if (auto caveat = parameterCountCaveat(r))
        pt.caveats.push_back(std::move(*caveat));
    if (pt.capacity > 0) {
        pt.verdictChecked = true;
        // the engine's own verdict rule: paged optimizer states are evicted and empty
        // cached segments released, neither is an OOM
        pt.estimateFits = est.fits;
        // every record ran, so it fitted: "does not fit" even at the band's low bound is
        // wrong; "may not fit" (the band straddles the capacity) is not
        pt.wrongVerdict = bandVerdict(band, pt.capacity) == BandVerdict::DoesNotFit;
    }
    return pt;
}

/// A seed's shortcut (@p seed 0 or 1) on record @p r, with the verdict on @p capacity bytes.
BaselinePoint seedPoint(int seed, const MeasurementRecord& r, double capacity) {
    BaselinePoint bp;
    bp.id = r.id;
    bp.measuredBytes = r.measuredBytes;
    bp.estimatedBytes = seed == 0 ? seed000QuickEstimate(r) : seed001WillItFit(r);
    bp.errorPct = signedErrorPct(bp.estimatedBytes, bp.measuredBytes);
    if (capacity > 0) {
        bp.verdictChecked = true;
        bp.estimateFits = bp.estimatedBytes <= capacity;
        bp.wrongVerdict = !bp.estimateFits;
    }
    return bp;
}

/// The summary of the points of @p b (errors and verdicts).
ErrorSummary summarizeBaseline(const BaselineReport& b) {
    std::vector<double> errors;
    int checked = 0, wrong = 0;
    for (const BaselinePoint& p : b.points) {
        errors.push_back(p.errorPct);
        checked += p.verdictChecked ? 1 : 0;
        wrong += p.wrongVerdict ? 1 : 0;
    }
    return summarize(errors, checked, wrong);
}

} // namespace

ValidationReport runValidation(const std::vector<RecordEntry>& entries,
                               const ValidationOptions& options) {
    ValidationReport rep;
    rep.options = options;
    auto [s0, s1] = seedBaselines();
    std::unordered_set<std::string> seen; // ids of the records scored so far
    for (const RecordEntry& entry : entries) {
        if (!entry.record) {
            rep.skipped.push_back({entry.id, joined(entry.skipReasons, "; "), entry.source});
            continue;
        }
        const MeasurementRecord& r = *entry.record;
        // one id, one measurement: a repeated id (two files of one source, a copied record)
        // would count its point twice in every statistic
        if (!seen.insert(r.id).second) {
            rep.skipped.push_back(
                {r.id, "duplicate id: a record with this id is already scored", entry.source});
            continue;
        }
        if (auto why = unscoredReason(r)) {
            rep.skipped.push_back({r.id, std::move(*why), entry.source});
            continue;
        }
        PointResult pt = scorePoint(r, entry.source, options);
        s0.points.push_back(seedPoint(0, r, pt.capacity));
        s1.points.push_back(seedPoint(1, r, pt.capacity));
        rep.points.push_back(std::move(pt));
    }
    std::vector<double> errors;
    int checked = 0, wrong = 0;
    std::vector<const PointResult*> all;
    for (const PointResult& p : rep.points) {
        errors.push_back(p.errorPct);
        checked += p.verdictChecked ? 1 : 0;
        wrong += p.wrongVerdict ? 1 : 0;
        all.push_back(&p);
    }
    rep.summary = summarize(errors, checked, wrong);
    summarizeBand(rep.summary, all);
    s0.summary = summarizeBaseline(s0);
    s1.summary = summarizeBaseline(s1);
    rep.baselines = {std::move(s0), std::move(s1)};
    rep.bySource = summarizeBySource(rep);
    return rep;
}

std::vector<SourceSummary> summarizeBySource(const ValidationReport& report) {
    struct Acc {
        std::vector<double> errors;
        std::vector<const PointResult*> points;
        int checked = 0, wrong = 0, skipped = 0;
    };
    std::map<std::string, Acc> by;
    for (const PointResult& p : report.points) {
        Acc& a = by[p.source];
        a.errors.push_back(p.errorPct);
        a.points.push_back(&p);
        a.checked += p.verdictChecked ? 1 : 0;
        a.wrong += p.wrongVerdict ? 1 : 0;
    }
    for (const SkippedRecord& s : report.skipped)
        ++by[s.source].skipped;
    std::vector<SourceSummary> out;
    for (const auto& [source, a] : by) {
        out.push_back({source, summarize(a.errors, a.checked, a.wrong), a.skipped});
        summarizeBand(out.back().summary, a.points);
    }
    return out;
}

std::string reportToJson(const ValidationReport& report, int indent) {
    json points = json::array();
    for (const PointResult& p : report.points) {
        json terms = json::object();
        for (int i = 0; i < kTermCount; ++i)
            terms[std::string(termKey(static_cast<Term>(i)))] =
                p.terms[static_cast<std::size_t>(i)];
        json v{{"id", p.id},
               {"profile", p.profile},
               {"measured_metric", measuredMetricKey(p.measured)},
               {"compared_metric", metricKey(p.compared)},
               {"measured_bytes", p.measuredBytes},
               {"estimated_bytes", p.estimatedBytes},
               {"error_pct", p.errorPct},
               {"allocated_bytes", p.allocated},
               {"reserved_bytes", p.reserved},
               {"nvidia_smi_bytes", p.nvidiaSmi},
               {"terms", terms},
               {"peak_phase", std::string(phaseKey(p.peakPhase))},
               {"capacity_bytes", p.verdictChecked ? json(p.capacity) : json(nullptr)},
               {"verdict",
                p.verdictChecked ? json(p.estimateFits ? "fits" : "does_not_fit") : json(nullptr)},
               {"wrong_verdict", p.wrongVerdict},
               {"band_low_bytes", p.bandLow},
               {"band_high_bytes", p.bandHigh},
               {"in_band", p.inBand},
               {"source", p.source},
               {"filled", filledJson(p.filled)},
               {"caveats", p.caveats}};
        points.push_back(std::move(v));
    }
    json skipped = json::array();
    for (const SkippedRecord& s : report.skipped)
        skipped.push_back({{"id", s.id}, {"reason", s.reason}, {"source", s.source}});
    json summary = summaryJson(report.summary);
    summary["skipped"] = skipped;
    summary["skipped_count"] = report.skipped.size();
    summary["scored_share"] = report.scoredShare();
    json bySource = json::array();
    for (const SourceSummary& s : report.bySource) {
        json row = summaryJson(s.summary);
        row["source"] = s.source;
        row["skipped_count"] = s.skipped;
        row["scored_share"] = s.scoredShare();
        bySource.push_back(std::move(row));
    }

    json baselines = json::array();
    for (const BaselineReport& b : report.baselines) {
        json bpts = json::array();
        for (const BaselinePoint& p : b.points)
            bpts.push_back(
                {{"id", p.id},
                 {"measured_bytes", p.measuredBytes},
                 {"estimated_bytes", p.estimatedBytes},
                 {"error_pct", p.errorPct},
                 {"verdict", p.verdictChecked ? json(p.estimateFits ? "fits" : "does_not_fit")
                                              : json(nullptr)},
                 {"wrong_verdict", p.wrongVerdict}});
        baselines.push_back({{"key", b.key},
                             {"name", b.name},
                             {"formula", b.formula},
                             {"note", b.note},
                             {"points", bpts},
                             {"summary", summaryJson(b.summary)}});
    }
    json rules{
        {"metric",
         "allocated and active -> allocated; reserved -> reserved; nvidia_smi -> nvidia_smi; "
         "unknown -> reserved (between allocated and nvidia-smi)"},
        {"error_pct", "(estimated - measured) / measured x 100"},
        {"percentile", "linear interpolation between closest ranks (numpy default)"},
        {"capacity", std::string(capacityRuleKey(report.options.capacity))},
        {"capacity_detail", report.options.capacity == CapacityRule::GiB
                                ? "gpu.memory_gb x 2^30 bytes"
                                : "gpu.memory_gb x 1e9 bytes"},
        {"verdict", "The engine's verdict (nvidia-smi estimate, less paged optimizer states and "
                    "empty cached segments PyTorch frees before an OOM, <= capacity); every "
                    "record ran, so a 'does_not_fit' verdict is wrong"}};
    json out{{"points", points},
             {"summary", summary},
             {"by_source", bySource},
             {"baselines", baselines},
             {"rules", rules}};
    return out.dump(indent);
}

} // namespace headroom
