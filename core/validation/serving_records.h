#pragma once
// Published serving-engine start-ups (tests/data/serving/*.records.json, schema in
// tests/data/SCHEMA.md "Serving records") and their scoring against serve(): per term (weights,
// activation peak, non-torch, KV pool, KV tokens, concurrency) and the start-up verdict.

#include "core/engine/workload.h"
#include "core/error.h"
#include "core/model/gpu.h"
#include "core/model/model.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// The figures an engine's start-up log gives; absent ones are nullopt. GiB = 2^30 bytes.
struct ServingMeasured {
    std::optional<double> weightsGiB, activationPeakGiB, nonTorchGiB, kvCacheGiB;
    std::optional<double> kvTokens, kvBlocks, concurrency;
    std::optional<int64_t> concurrencyContext; ///< tokens per request of `concurrency`
    std::optional<bool> started;
};

/// One published start-up, mapped to a model preset, a GPU preset and a workload.
struct ServingRecord {
    std::string id;
    std::string sourceUrl;
    std::string notes;
    std::string modelKey; ///< the model preset
    ModelArch model;
    GpuSpec gpu;
    Workload workload; ///< inference, with the engine's settings in workload.inference
    ServingMeasured measured;
};

/// Schema key of the records file ("schema": "headroom-serving-records/1").
inline constexpr std::string_view kServingRecordsSchema = "headroom-serving-records/1";

/// Parses a records file. Errors name the field ("records[3].measured.kv_cache_gib"):
/// JsonMalformed, FieldMissing, FieldWrongType, FieldOutOfRange, UnknownValue (engine, version,
/// model or GPU preset, dtype), UnsupportedVersion (another schema). At most 10,000 records.
Result<std::vector<ServingRecord>> parseServingRecords(std::string_view jsonText);
/// The same from a file (at most 16 MiB).
Result<std::vector<ServingRecord>> loadServingRecords(const std::filesystem::path& file);
/// Whether @p jsonText declares the serving-records schema (cheap: a search for the key).
bool isServingRecords(std::string_view jsonText);

/// The metrics scored, in report order.
enum class ServingMetric { Weights, ActivationPeak, NonTorch, KvCache, KvTokens, Concurrency };
inline constexpr int kServingMetricCount = 6;
std::string_view servingMetricKey(ServingMetric m); ///< "weights", ..., "concurrency"

/// One record scored.
struct ServingScore {
    std::string id;
    std::string source; ///< repository of the source URL
    /// signed error % of each metric ((predicted - measured) / measured), nullopt: not given
    std::optional<double> errorPct[kServingMetricCount];
    double predicted[kServingMetricCount] = {}; ///< GiB, tokens or requests
    double measured[kServingMetricCount] = {};
    std::optional<bool> verdictRight; ///< predicted starts == measured started
    bool predictedStarts = false;
    std::string blocker; ///< serveBlockerKey of the prediction
    std::string error;   ///< serve() refused the record (an error, counted as not scored)
};

/// Median / p90 / max |error| of one metric over the records that give it.
struct ServingMetricSummary {
    int count = 0;
    double medianAbsPct = 0, p90AbsPct = 0, maxAbsPct = 0;
};

struct ServingValidation {
    std::vector<ServingScore> scores;
    ServingMetricSummary metrics[kServingMetricCount];
    int verdictsChecked = 0, wrongVerdicts = 0;
};

/// Scores every record with serve(); cost: one serve() per record.
ServingValidation scoreServing(const std::vector<ServingRecord>& records);

} // namespace headroom
