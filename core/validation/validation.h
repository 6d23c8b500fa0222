#pragma once
// Validation of the estimator against measured peaks (ground-truth records, schema v1).
// API owned by the validation work (issue 4); see docs/accuracy.md and docs/validation-data.md.
//
// Flow: parseRecords() reads a file of measurement records (tests/data/SCHEMA.md,
// version 1) and maps each one to a ModelArch + Workload, or to the reasons it cannot be used;
// runValidation() runs the engine on the usable ones, compares the metric each record measured
// and summarises the errors. The same records are also put through two shortcut formulas from
// the project's seed articles (baselines, never engine terms) for comparison.

#include "core/engine/estimator.h"
#include "core/engine/profiles.h"
#include "core/engine/workload.h"
#include "core/error.h"
#include "core/model/model.h"
#include "core/validation/revisions.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// The record schema version this build reads.
inline constexpr int kRecordSchemaVersion = 1;

/// What a record's source measured (SCHEMA.md, measured.metric).
enum class MeasuredMetric {
    Allocated, ///< torch.cuda.max_memory_allocated
    Active,    ///< torch active_bytes.all.peak (torchtune peak_memory_active)
    Reserved,  ///< torch.cuda.max_memory_reserved
    NvidiaSmi, ///< NVML / nvidia-smi used memory, CUDA context included
    Unknown,   ///< the source does not say
};

std::string_view measuredMetricKey(MeasuredMetric m); ///< "allocated", ..., "nvidia_smi", "unknown"

/// The engine metric a measurement is compared with: allocated and active -> Allocated
/// (active is allocated minus fragmentation-free blocks, the same live-tensor quantity),
/// reserved -> Reserved, nvidia_smi -> NvidiaSmi, unknown -> Reserved. Reserved is the honest
/// middle for an unnamed "peak memory": it lies between allocated and nvidia-smi, so the error
/// to either neighbour is at most the allocator (or context) overhead.
Metric comparedMetric(MeasuredMetric m);

/// One usable measurement, mapped onto the engine's inputs.
struct MeasurementRecord {
    std::string id;
    std::string confidence; ///< "complete" | "partial"
    std::string sourceUrl;
    int64_t recordParams = 0; ///< the record's model.param_count, 0 when null
    ModelArch model;
    Workload workload;
    std::string gpuName;    ///< as the source names it ("" when null)
    double gpuMemoryGB = 0; ///< record gpu.memory_gb, 0 when null (no verdict check)
    MeasuredMetric measured = MeasuredMetric::Unknown;
    double measuredBytes = 0;
    /// Mapping notes a reader should know: documented family defaults used, record fields the
    /// engine cannot express (e.g. which layers litgpt quantises). Never a guessed number.
    std::vector<std::string> caveats;
    /// Settings the source left null, filled from the framework profile's documented defaults.
    std::vector<FilledField> filled;
    /// Which settings the source left null (before the fill): the band spans their
    /// alternatives (estimateBand's leftUnknown).
    UnknownSettings leftUnknown;
};

/// A record of the file: either usable, or skipped with every reason found.
struct RecordEntry {
    std::string id;
    std::optional<MeasurementRecord> record; ///< empty when skipped
    std::vector<std::string> skipReasons;    ///< non-empty exactly when record is empty
    ProfileRef profile;              ///< the framework profile its source ran under (recordProfile)
    std::vector<FilledField> filled; ///< null settings filled from the profile's defaults
    std::string source;              ///< source repository of its source_url (sourceRepository)
    bool usable() const { return record.has_value(); }
};

/// What a value this build does not know does to a records file: an enum string outside the
/// schema's set, or a model.hf_config whose model_type the importer does not know.
enum class UnknownValuePolicy {
    SkipRecord, ///< that record is skipped, its reason naming the field and the value
    RejectFile, ///< the whole file is an error naming the field (validate --strict)
};

/// Parses a records file: a JSON array of schema-v1 records (or an object whose "records" key
/// is that array). Structural problems (not JSON, schema version other than 1, a missing key,
/// a wrong JSON type, a negative size, a model.hf_config the importer rejects) are an Error
/// whose field is the JSON path, e.g. "[3].model.num_layers" or
/// "[3].model.hf_config.num_hidden_layers"; the detail names the record id. An unknown enum
/// string (or hf_config model_type) skips its record under UnknownValuePolicy::SkipRecord and
/// is such an Error under RejectFile. Values the source left null that the engine needs,
/// value_range-only measurements and families or formats the engine does not model make that
/// record skipped, with the reason; nothing is guessed.
/// A record's optional model.hf_config (the model's config.json object, this project's
/// extension) is imported as `estimate --config` imports the file and defines the model; its
/// flat model fields are then only cross-checked (a disagreement skips the record).
/// Each record's framework profile comes from @p revisions (recordProfile of its source_url)
/// and is stored in its Workload::profile: the engine evaluates the profile's facts against
/// the mapped run. With the empty table every record gets the generic hf-trainer profile.
Result<std::vector<RecordEntry>>
parseRecords(std::string_view jsonText, const FrameworkRevisions& revisions = {},
             UnknownValuePolicy policy = UnknownValuePolicy::SkipRecord);
/// Reads (at most 64 MiB) and parses a records file.
Result<std::vector<RecordEntry>>
loadRecords(const std::filesystem::path& file, const FrameworkRevisions& revisions = {},
            UnknownValuePolicy policy = UnknownValuePolicy::SkipRecord);

/// How a record's nominal gpu.memory_gb becomes a capacity in bytes for the verdict check.
enum class CapacityRule {
    GiB, ///< memory_gb x 2^30: GPU memory is sold in binary units (a "24 GB" RTX 3090/4090
         ///< reports 24576 MiB); the default
    GB,  ///< memory_gb x 1e9: the strict decimal reading (FQ-09 measured 24.75e9 reserved
         ///< bytes on a "24 GB" card, so this reading contradicts the data itself)
};
std::string_view capacityRuleKey(CapacityRule r); ///< "gib" | "gb"

struct ValidationOptions {
    CapacityRule capacity = CapacityRule::GiB;
};

/// Capacity in bytes of @p memoryGB under @p rule (0 when memoryGB <= 0).
double capacityBytes(double memoryGB, CapacityRule rule);

/// Signed relative error in percent: (estimated - measured) / measured x 100.
double signedErrorPct(double estimated, double measured);

/// Median of @p values (mean of the two middle values for an even count); 0 when empty.
double median(std::vector<double> values);
/// Percentile @p p in [0, 100] with linear interpolation between closest ranks (numpy's
/// default, "type 7"): rank = p/100 x (n - 1). percentile(v, 50) == median(v). 0 when empty.
double percentile(std::vector<double> values, double p);

/// The engine's result for one record.
struct PointResult {
    std::string id;
    std::string profile; ///< framework profile name@version the record was run with
    MeasuredMetric measured = MeasuredMetric::Unknown;
    Metric compared = Metric::Reserved;
    double measuredBytes = 0;
    double estimatedBytes = 0; ///< the engine's value of metric `compared`
    double errorPct = 0;       ///< signed, see signedErrorPct
    double allocated = 0;      ///< all three engine metrics of the worst rank
    double reserved = 0;
    double nvidiaSmi = 0;
    TermBytes terms{}; ///< the worst rank's terms at its peak (for diagnosis)
    Phase peakPhase = Phase::AfterLoad;
    double capacity = 0;         ///< bytes; 0 when the record's GPU memory is not stated
    bool verdictChecked = false; ///< capacity known
    bool estimateFits = true;    ///< engine verdict: nvidia-smi estimate <= capacity
    /// checked, and the verdict with the band (bandVerdict) says "does not fit" (even the
    /// band's low bound is over the capacity), but the run ran; "may not fit" is not wrong
    bool wrongVerdict = false;
    double bandLow = 0;  ///< the band's bounds of metric `compared` (core/engine/band.h)
    double bandHigh = 0; ///< bytes
    bool inBand = false; ///< bandLow <= measuredBytes <= bandHigh
    std::vector<std::string> caveats;
    std::vector<FilledField> filled; ///< null settings filled from the profile's defaults
    std::string source;              ///< the record's source repository ("owner/name")
};

struct SkippedRecord {
    std::string id;
    std::string reason; ///< all reasons, "; "-separated
    std::string source; ///< source repository
};

/// Error statistics over a set of points.
struct ErrorSummary {
    int count = 0;
    double medianAbsErrorPct = 0;
    double p90AbsErrorPct = 0;
    double meanSignedErrorPct = 0; ///< bias: > 0 over-estimates on average
    double maxAbsErrorPct = 0;
    int verdictsChecked = 0;       ///< points whose GPU memory is stated
    int wrongFitVerdicts = 0;      ///< of those, "does not fit" verdicts on runs that ran
    double bandCoverage = 0;       ///< share of the measurements inside their band, [0, 1]
    double medianBandWidthPct = 0; ///< median of (high - low) / estimate x 100
};

/// Sets @p s's band statistics from the points' (bandLow, bandHigh, estimatedBytes, inBand).
void summarizeBand(ErrorSummary& s, const std::vector<const PointResult*>& points);

/// One shortcut formula of the seeds on one record (a baseline, not an engine term).
struct BaselinePoint {
    std::string id;
    double measuredBytes = 0;
    double estimatedBytes = 0;
    double errorPct = 0;
    bool verdictChecked = false;
    bool estimateFits = true;
    bool wrongVerdict = false;
};

struct BaselineReport {
    std::string key;     ///< "seed000_quick_estimate" | "seed001_will_it_fit"
    std::string name;    ///< human label
    std::string formula; ///< the formula as applied
    std::string note;    ///< how records were fed to it (LoRA treated as full, ...)
    std::vector<BaselinePoint> points;
    ErrorSummary summary;
};

/// The error statistics of the records of one source repository.
struct SourceSummary {
    std::string source;   ///< "owner/name"
    ErrorSummary summary; ///< over its scored records
    int skipped = 0;      ///< its records not scored
    /// scored / (scored + skipped), in [0, 1]
    double scoredShare() const {
        const int all = summary.count + skipped;
        return all == 0 ? 0.0 : static_cast<double>(summary.count) / all;
    }
};

struct ValidationReport {
    ValidationOptions options;
    std::vector<PointResult> points;
    std::vector<SkippedRecord> skipped;
    ErrorSummary summary;
    std::vector<BaselineReport> baselines;
    /// One row per source repository (sorted by name), see summarizeBySource.
    std::vector<SourceSummary> bySource;
    /// Share of all records scored, in [0, 1].
    double scoredShare() const {
        const std::size_t all = points.size() + skipped.size();
        return all == 0 ? 0.0 : static_cast<double>(points.size()) / static_cast<double>(all);
    }
};

/// The report's points and skipped records grouped by source repository: median, p90, wrong
/// verdicts and the scored share of each source.
std::vector<SourceSummary> summarizeBySource(const ValidationReport& report);

/// Statistics of @p signedErrorsPct (absolute values for median/p90/max) plus verdict counts.
ErrorSummary summarize(const std::vector<double>& signedErrorsPct, int verdictsChecked,
                       int wrongFitVerdicts);

/// Seed 000 ("A Practical Guide to LLM GPU Memory Estimation", quick estimation shortcut),
/// bytes: training (P b + P b + P o + 1.5 P b) x 1.15 with o = 8 (Adam) or 4 (SGD);
/// inference P b. P = record param_count (the engine's architecture count when null),
/// b = the seed's bytes per parameter of the record's weight dtype (fp32 4, 16-bit 2, int8 1,
/// 4-bit 0.5). Not an engine term: a baseline only.
double seed000QuickEstimate(const MeasurementRecord& r);
/// Seed 001 (will_it_fit), bytes: training P b + 12 P (Adam; SGD 4 P) + P b + 12 h s L b B;
/// inference P b + 2 L (h div 128) 128 b B s with s = prompt + new tokens. Baseline only.
double seed001WillItFit(const MeasurementRecord& r);

/// A floor under any honest measurement of @p r, bytes per GPU: tensors that must be
/// resident whatever the implementation, from the record's stated configuration only:
///   base weights P x bytes(weight dtype) (/ the sharding degree when sharded, 0 when
///   offloaded; quantised layers at their packed size), plus, in training, the saved
///   activations every implementation keeps: with no checkpointing the attention kernel's
///   q, k, v and output and the MLP's gate and up outputs (gated; the up output for a
///   plain MLP) per block, c (2 a d + 2 kv d) + c i (or 2 c i) per token; with any
///   checkpointing each block's input, c h per token; with activation offloading only the
///   two blocks on the GPU (the one computing and the one prefetched) count. At the end of
///   forward those saves live together with the lm_head's output, the logits in the compute
///   dtype, tokens x V / TP x c (no source here fuses the lm_head into the loss; chunked
///   losses compute every chunk before the loss runs; under PP only for a single stage).
///   Layers split by PP, widths by TP, tokens by CP. 0 for MoE models or inference (no floor
///   computed).
/// A measurement below this floor cannot come from the stated configuration (the source's
/// unstated settings differ); runValidation skips it with both numbers.
double configurationFloorBytes(const MeasurementRecord& r);

/// Runs the engine on every usable entry; skipped entries (and records the engine rejects
/// through validateArch/validateWorkload) are listed with their reasons. Baselines are run on
/// exactly the records the engine was run on.
ValidationReport runValidation(const std::vector<RecordEntry>& entries,
                               const ValidationOptions& options = {});

/// The report as JSON: {"points": [...], "summary": {count, skipped, median_abs_error_pct,
/// p90_abs_error_pct, wrong_fit_verdicts, ...}, "baselines": [...], "rules": {...}}.
/// Every byte value is a number of bytes.
std::string reportToJson(const ValidationReport& report, int indent = 2);

} // namespace headroom
