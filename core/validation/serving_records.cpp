#include "core/validation/serving_records.h"

#include "core/model/presets.h"
#include "core/serve/serve.h"
#include "core/serve/serving_engine.h"
#include "core/text_file.h"
#include "core/units.h"
#include "core/validation/revisions.h"
#include "core/validation/validation.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace headroom {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxRecords = 10000;
constexpr std::uintmax_t kMaxFileBytes = 16u << 20;

/// Reads the fields of one JSON object, the first error kept with its full path.
class FieldReader {
public:
    FieldReader(const json& obj, std::string path, std::optional<Error>& err)
        : m_obj(obj), m_path(std::move(path)), m_err(err) {}

    const json* find(const char* key, bool required) {
        auto it = m_obj.find(key);
        if (it == m_obj.end() || it->is_null()) {
            if (required)
                fail(ErrorCode::FieldMissing, key, "");
            return nullptr;
        }
        return &*it;
    }
    std::string string(const char* key, bool required) {
        const json* j = find(key, required);
        if (!j)
            return {};
        if (!j->is_string()) {
            fail(ErrorCode::FieldWrongType, key, "expected a string");
            return {};
        }
        return j->get<std::string>().substr(0, 4096);
    }
    std::optional<double> number(const char* key, double lo, double hi, bool required = false) {
        const json* j = find(key, required);
        if (!j)
            return std::nullopt;
        if (!j->is_number()) {
            fail(ErrorCode::FieldWrongType, key, "expected a number");
            return std::nullopt;
        }
        const double v = j->get<double>();
        if (!std::isfinite(v)) {
            fail(ErrorCode::FieldNotFinite, key, "");
            return std::nullopt;
        }
        if (v < lo || v > hi) {
            fail(ErrorCode::FieldOutOfRange, key,
                 "must be in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
            return std::nullopt;
        }
        return v;
    }
    std::optional<bool> boolean(const char* key) {
        const json* j = find(key, false);
        if (!j)
            return std::nullopt;
        if (!j->is_boolean()) {
            fail(ErrorCode::FieldWrongType, key, "expected true or false");
            return std::nullopt;
        }
        return j->get<bool>();
    }
    std::optional<DType> dtype(const char* key) {
        const std::string s = string(key, false);
        if (s.empty())
            return std::nullopt;
        const auto d = parseDType(s);
        if (!d)
            fail(ErrorCode::UnknownValue, key, s);
        return d;
    }
    void fail(ErrorCode c, const std::string& key, std::string detail) {
        if (!m_err)
            m_err = Error{c, m_path + "." + key, std::move(detail)};
    }
    const json& raw() const { return m_obj; }

private:
    const json& m_obj;
    std::string m_path;
    std::optional<Error>& m_err;
};

ServingMeasured measuredFrom(FieldReader& m) {
    ServingMeasured x;
    constexpr double kBig = 1e7; // GiB, tokens, requests: far above any GPU
    x.weightsGiB = m.number("weights_gib", 0, kBig);
    x.activationPeakGiB = m.number("activation_peak_gib", 0, kBig);
    x.nonTorchGiB = m.number("non_torch_gib", 0, kBig);
    x.kvCacheGiB = m.number("kv_cache_gib", -kBig, kBig);
    x.kvTokens = m.number("kv_tokens", 0, 1e12);
    x.kvBlocks = m.number("kv_blocks", 0, 1e12);
    x.concurrency = m.number("concurrency", 0, 1e12);
    if (auto c = m.number("concurrency_context", 1, 1e12))
        x.concurrencyContext = static_cast<int64_t>(*c);
    x.started = m.boolean("started");
    return x;
}

/// The engine's settings of the record into @p w.
void settingsFrom(FieldReader& r, Workload& w) {
    const std::string engine = r.string("engine", true);
    if (const auto e = parseServingEngine(engine))
        w.inference.engine = *e;
    else if (!engine.empty())
        r.fail(ErrorCode::UnknownValue, "engine", engine);
    w.inference.engineVersion = r.string("engine_version", false);
    if (!engineProfile(w.inference.engine, w.inference.engineVersion))
        r.fail(ErrorCode::UnknownValue, "engine_version", w.inference.engineVersion);
    w.parallel.tp = static_cast<int>(r.number("tp", 1, 1024).value_or(1));
    w.parallel.pp = static_cast<int>(r.number("pp", 1, 1024).value_or(1));
    w.inference.memoryUtilization = r.number("memory_fraction", 0.01, 1).value_or(0);
    w.inference.maxModelLen =
        static_cast<int64_t>(r.number("max_model_len", 1, 2147483648.0).value_or(0));
    w.inference.maxNumSeqs = static_cast<int>(r.number("max_num_seqs", 1, 1 << 20).value_or(0));
    w.inference.maxNumBatchedTokens =
        static_cast<int64_t>(r.number("max_num_batched_tokens", 1, 2147483648.0).value_or(0));
    w.inference.enforceEager = r.boolean("enforce_eager").value_or(false);
    if (auto d = r.dtype("weights")) {
        w.precision.weights = *d;
        w.precision.checkpointWeights = false;
    }
    if (auto d = r.dtype("compute")) {
        w.precision.compute = *d;
        w.precision.kvCache = *d; // vLLM's kv_cache_dtype "auto": the model's dtype
    }
    if (auto d = r.dtype("kv_cache"))
        w.precision.kvCache = *d;
}

std::optional<ServingRecord> recordFrom(const json& j, std::size_t i, std::optional<Error>& err) {
    const std::string path = "records[" + std::to_string(i) + "]";
    if (!j.is_object()) {
        err = Error{ErrorCode::FieldWrongType, path, "expected an object"};
        return std::nullopt;
    }
    FieldReader r(j, path, err);
    ServingRecord rec;
    rec.id = r.string("id", true);
    rec.sourceUrl = r.string("source_url", true);
    rec.notes = r.string("notes", false);
    rec.modelKey = r.string("model", true);
    if (const ModelPreset* p = findModelPreset(rec.modelKey))
        rec.model = p->arch;
    else if (!err)
        r.fail(ErrorCode::UnknownValue, "model", rec.modelKey);
    const std::string gpu = r.string("gpu", true);
    if (const GpuSpec* g = findGpuPreset(gpu))
        rec.gpu = *g;
    else if (!err)
        r.fail(ErrorCode::UnknownValue, "gpu", gpu);
    rec.workload.mode = Mode::Inference;
    settingsFrom(r, rec.workload);
    const json* m = r.find("measured", true);
    if (m && !m->is_object())
        r.fail(ErrorCode::FieldWrongType, "measured", "expected an object");
    else if (m) {
        FieldReader mr(*m, path + ".measured", err);
        rec.measured = measuredFrom(mr);
    }
    if (err)
        return std::nullopt;
    return rec;
}

double gib(double bytes) {
    return bytes / kGiB;
}

/// The predicted figure of each metric, in the records' units.
void predictedFigures(const ServeReport& p, const ServingMeasured& m, ServingScore& s) {
    s.predicted[static_cast<int>(ServingMetric::Weights)] = gib(p.terms.weights);
    s.predicted[static_cast<int>(ServingMetric::ActivationPeak)] = gib(p.terms.activationPeak);
    s.predicted[static_cast<int>(ServingMetric::NonTorch)] = gib(p.terms.nonTorch);
    s.predicted[static_cast<int>(ServingMetric::KvCache)] = gib(p.budgetBytes - p.nonKvBytes);
    s.predicted[static_cast<int>(ServingMetric::KvTokens)] = static_cast<double>(p.kvTokens);
    const int64_t ctx = m.concurrencyContext.value_or(p.settings.maxModelLen);
    s.predicted[static_cast<int>(ServingMetric::Concurrency)] = concurrencyAt(p, ctx);
}

ServingScore scoreOne(const ServingRecord& rec) {
    ServingScore s;
    s.id = rec.id;
    s.source = sourceRepository(rec.sourceUrl);
    const auto r = serve(rec.model, rec.workload, rec.gpu);
    if (!r) {
        s.error = describe(r.error());
        return s;
    }
    predictedFigures(*r, rec.measured, s);
    const ServingMeasured& m = rec.measured;
    const std::optional<double> given[kServingMetricCount] = {
        m.weightsGiB, m.activationPeakGiB, m.nonTorchGiB, m.kvCacheGiB, m.kvTokens, m.concurrency};
    for (int k = 0; k < kServingMetricCount; ++k) {
        if (!given[k] || *given[k] == 0)
            continue;
        s.measured[k] = *given[k];
        s.errorPct[k] = signedErrorPct(s.predicted[k], *given[k]);
    }
    s.predictedStarts = r->starts;
    s.blocker = std::string(serveBlockerKey(r->blocker));
    if (m.started)
        s.verdictRight = *m.started == r->starts;
    return s;
}

} // namespace

bool isServingRecords(std::string_view jsonText) {
    return jsonText.find(kServingRecordsSchema) != std::string_view::npos;
}

Result<std::vector<ServingRecord>> parseServingRecords(std::string_view jsonText) {
    if (auto e = checkJsonDepth(jsonText, "serving records"))
        return *e;
    const json doc = json::parse(jsonText, nullptr, false);
    if (doc.is_discarded() || !doc.is_object())
        return Error{ErrorCode::JsonMalformed, "", "not a JSON object"};
    const auto schema = doc.find("schema");
    if (schema == doc.end() || !schema->is_string())
        return Error{ErrorCode::FieldMissing, "schema", ""};
    if (schema->get<std::string>() != kServingRecordsSchema)
        return Error{ErrorCode::UnsupportedVersion, "schema", schema->get<std::string>()};
    const auto recs = doc.find("records");
    if (recs == doc.end() || !recs->is_array())
        return Error{ErrorCode::FieldMissing, "records", "expected an array"};
    if (recs->size() > kMaxRecords)
        return Error{ErrorCode::FieldOutOfRange, "records", "at most 10000"};
    std::vector<ServingRecord> out;
    std::optional<Error> err;
    for (std::size_t i = 0; i < recs->size(); ++i) {
        auto r = recordFrom((*recs)[i], i, err);
        if (err)
            return *err;
        out.push_back(std::move(*r));
    }
    return out;
}

Result<std::vector<ServingRecord>> loadServingRecords(const std::filesystem::path& file) {
    auto text = readTextFile(file, kMaxFileBytes);
    if (!text)
        return text.error();
    return parseServingRecords(text.value());
}

std::string_view servingMetricKey(ServingMetric m) {
    switch (m) {
    case ServingMetric::Weights:
        return "weights";
    case ServingMetric::ActivationPeak:
        return "activation_peak";
    case ServingMetric::NonTorch:
        return "non_torch";
    case ServingMetric::KvCache:
        return "kv_cache";
    case ServingMetric::KvTokens:
        return "kv_tokens";
    case ServingMetric::Concurrency:
        return "concurrency";
    }
    return "";
}

ServingValidation scoreServing(const std::vector<ServingRecord>& records) {
    ServingValidation v;
    std::vector<double> abs[kServingMetricCount];
    for (const ServingRecord& rec : records) {
        ServingScore s = scoreOne(rec);
        for (int k = 0; k < kServingMetricCount; ++k)
            if (s.errorPct[k])
                abs[k].push_back(std::abs(*s.errorPct[k]));
        if (s.verdictRight) {
            ++v.verdictsChecked;
            v.wrongVerdicts += *s.verdictRight ? 0 : 1;
        }
        v.scores.push_back(std::move(s));
    }
    for (int k = 0; k < kServingMetricCount; ++k) {
        ServingMetricSummary& m = v.metrics[k];
        m.count = static_cast<int>(abs[k].size());
        if (m.count == 0)
            continue;
        m.medianAbsPct = median(abs[k]);
        m.p90AbsPct = percentile(abs[k], 90);
        m.maxAbsPct = *std::max_element(abs[k].begin(), abs[k].end());
    }
    return v;
}

} // namespace headroom
