// tst_validation: the engine against published measurements (tests/data), and the pieces of
// core/validation: record -> workload mapping, skip reasons, malformed files, statistics and
// the seed baselines. Expected numbers are derived by hand in each row's comment; the
// calibration targets are the issue's (median <= 5 %, p90 <= 12 %, no wrong verdict).

#include "core/engine/profiles.h"
#include "core/validation/validation.h"

#include "testsupport.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>

using namespace headroom;
using json = nlohmann::json;
using headroom::testsupport::compare;

namespace {

/// A complete, valid schema-v1 record: Llama-2-7B LoRA (r=8 on q,v), pure bf16, AdamW, micro-
/// batch 2 x 512, full AC, SDPA, one A100 40GB, measured reserved 15.57e9 bytes (shaped like
/// TTLT-01 in tests/data, with a GPU size added).
json baseRecord() {
    return json::parse(R"({
  "schema": 1, "id": "T-01", "confidence": "complete",
  "source_url": "urn:example:source",
  "model": {"name": "Llama-2-7B", "family": "llama", "num_layers": 32, "hidden_size": 4096,
            "num_attention_heads": 32, "num_kv_heads": 32, "head_dim": 128,
            "intermediate_size": 11008, "mlp": "gated_silu", "vocab_size": 32000,
            "tied_embeddings": false, "param_count": 6738415616},
  "mode": "training", "finetune": "lora",
  "lora": {"rank": 8, "alpha": 16, "targets": ["q_proj", "v_proj"], "dropout": 0.05},
  "weight_dtype": "bf16", "compute_dtype": "bf16", "master_weights_fp32": false,
  "grad_dtype": "bf16", "optimizer": "adamw", "optimizer_state_dtype": "bf16",
  "micro_batch_size": 2, "sequence_length": 512, "gradient_accumulation_steps": 64,
  "inference": null, "activation_checkpointing": "full", "attention": "sdpa", "features": [],
  "parallelism": {"num_gpus": 1, "dp": 1, "tp": 1, "pp": 1, "cp": 1, "sharding": "none",
                  "pp_schedule": null},
  "gpu": {"name": "NVIDIA A100 40GB", "memory_gb": 40},
  "measured": {"metric": "reserved", "bytes": 15570000000, "value": 15.57, "unit": "GB",
               "value_range": null},
  "assumptions": [], "notes": ""
})");
}

/// Applies a patch: an object mapping JSON pointers to values; the value {"$remove": true}
/// deletes the key (a merge patch could not set a value to null).
json patched(const QString& patchText) {
    json r = baseRecord();
    if (patchText.isEmpty())
        return r;
    const json patch = json::parse(patchText.toStdString());
    for (const auto& [ptr, value] : patch.items()) {
        const json::json_pointer p(ptr);
        if (value.is_object() && value.contains("$remove"))
            r.at(p.parent_pointer()).erase(p.back());
        else
            r[p] = value;
    }
    return r;
}

std::string recordsText(const json& record) {
    return json::array({record}).dump();
}

std::string features(const Features& f, const Parallelism& p) {
    std::string s;
    auto add = [&](bool on, const char* name) {
        if (on)
            s += (s.empty() ? "" : ",") + std::string(name);
    };
    add(f.packed, "packed");
    add(f.torchCompile, "torch_compile");
    add(f.chunkedCrossEntropy, "chunked_ce");
    add(f.optimizerInBackward, "opt_in_bwd");
    add(f.activationOffload, "act_offload");
    add(f.fusedOptimizer, "fused");
    add(p.offloadParams, "offload_params");
    add(p.offloadOptimizer, "offload_optimizer");
    // framework facts the mapping derives from the record's source
    add(f.uncompiledLoss, "uncompiled_loss");
    add(f.retainedLogits, "retained_logits");
    add(f.fp32Logits, "fp32_logits");
    add(f.fusedQkvLora, "fused_qkv");
    add(p.mixedFrozenUnits, "mixed_units");
    add(p.noSyncAccumulation, "no_sync");
    add(p.lossParallel, "loss_parallel");
    return s;
}

/// One mapped field of a record, as text.
/// The workload as the engine runs it: the record's own fields plus the facts of the framework
/// profile its source maps to (resources/framework-revisions.json, core/engine/profiles.h).
std::string field(const MeasurementRecord& r, const std::string& key) {
    const Workload w = withProfileApplied(r.workload);
    const ModelArch& m = r.model;
    auto b = [](bool x) { return std::string(x ? "true" : "false"); };
    if (key == "mode")
        return std::string(modeKey(w.mode));
    if (key == "finetune")
        return std::string(finetuneKey(w.finetune));
    if (key == "weights")
        return std::string(dtypeKey(w.precision.weights));
    if (key == "compute")
        return std::string(dtypeKey(w.precision.compute));
    if (key == "grads")
        return std::string(dtypeKey(w.precision.grads));
    if (key == "optimizer_states")
        return std::string(dtypeKey(w.precision.optimizerStates));
    if (key == "adapters")
        return std::string(dtypeKey(w.precision.adapters));
    if (key == "kv_cache")
        return std::string(dtypeKey(w.precision.kvCache));
    if (key == "master")
        return b(w.precision.masterWeights);
    if (key == "optimizer")
        return std::string(optimizerKey(w.optimizer));
    if (key == "lora_targets")
        return std::to_string(w.lora.targets);
    if (key == "lora_rank")
        return std::to_string(w.lora.rank);
    if (key == "lora_dropout")
        return b(w.lora.dropout);
    if (key == "micro_batch")
        return std::to_string(w.microBatch);
    if (key == "seq_len")
        return std::to_string(w.sequenceLength);
    if (key == "grad_accum")
        return std::to_string(w.gradAccumulation);
    if (key == "checkpointing")
        return std::string(checkpointingKey(w.checkpointing));
    if (key == "attention")
        return std::string(attentionKey(w.attention));
    if (key == "features")
        return features(w.features, w.parallel);
    if (key == "sharding")
        return std::string(shardingKey(w.parallel.sharding));
    if (key == "load_recipe")
        return std::string(loadRecipeKey(w.features.loadRecipe));
    if (key == "layout")
        return std::to_string(w.parallel.dp) + "x" + std::to_string(w.parallel.tp) + "x" +
               std::to_string(w.parallel.pp) + "x" + std::to_string(w.parallel.cp);
    if (key == "compared_metric")
        return std::string(metricKey(comparedMetric(r.measured)));
    if (key == "prompt_new")
        return std::to_string(w.inference.promptTokens) + "+" +
               std::to_string(w.inference.newTokens);
    if (key == "mlp")
        return m.mlp == MlpKind::Gated ? "gated" : "plain";
    if (key == "norm")
        return m.norm == NormKind::RMSNorm ? "rmsnorm" : "layernorm";
    if (key == "parallel_block")
        return b(m.parallelBlock);
    if (key == "gelu_new")
        return b(m.geluNew);
    if (key == "biases")
        return b(m.qkvBias) + "," + b(m.outBias) + "," + b(m.mlpBias);
    if (key == "kv_heads")
        return std::to_string(m.numKvHeads);
    if (key == "qk_norm")
        return b(m.qkNorm);
    if (key == "norms_per_layer")
        return std::to_string(m.normsPerLayer);
    if (key == "tied")
        return b(m.tiedEmbeddings);
    if (key == "sinks")
        return b(m.attentionSinks);
    if (key == "experts")
        return std::to_string(m.moe.numExperts) + "/" + std::to_string(m.moe.expertsPerToken);
    if (key == "sliding")
        return std::to_string(m.slidingLayers) + "x" + std::to_string(m.slidingWindow);
    if (key == "positions")
        return std::to_string(m.learnedPositions);
    if (key == "params")
        return std::to_string(countParameters(m).total);
    if (key == "gpu_memory_gb")
        return std::to_string(static_cast<int>(r.gpuMemoryGB));
    if (key == "measured_bytes")
        return std::to_string(static_cast<int64_t>(r.measuredBytes));
    return "unknown key " + key;
}

const std::filesystem::path kCalibration =
    std::filesystem::path(HEADROOM_SOURCE_DIR) / "tests" / "data" / "calibration.records.json";
/// Eleven more rows of the fsdp_qlora benchmark document, transcribed in the third session;
/// no constant is fitted to them (docs/validation-data.md).
const std::filesystem::path kFsdpQloraExtra =
    std::filesystem::path(HEADROOM_SOURCE_DIR) / "tests" / "data" / "fsdp_qlora_extra.records.json";
/// Six published points of torchao (float8 on torchtitan, int8 quantised training), copied from
/// the brief's ground-truth/calibration-2.records.json (tests/data/README.md).
const std::filesystem::path kCalibration2 =
    std::filesystem::path(HEADROOM_SOURCE_DIR) / "tests" / "data" / "calibration-2.records.json";

/// The two sets the workplace released on 2026-11-27 (tests/data/README.md): further points
/// of the calibration sources, and ms-swift + torchao points. Scored, not calibrated on.
const std::filesystem::path kValidation1 =
    std::filesystem::path(HEADROOM_SOURCE_DIR) / "tests" / "data" / "validation-1.records.json";
const std::filesystem::path kValidation2 =
    std::filesystem::path(HEADROOM_SOURCE_DIR) / "tests" / "data" / "validation-2.records.json";
/// GLM-4-9B-Chat's published long-context prefill peaks (tests/data/README.md).
const std::filesystem::path kLongContext =
    std::filesystem::path(HEADROOM_SOURCE_DIR) / "tests" / "data" / "long-context.records.json";

/// tests/data/models/<dir>/config.json as a JSON object (the models' PROVENANCE.md).
json modelConfigJson(const char* dir) {
    QFile f(QString::fromStdString(
        (std::filesystem::path(HEADROOM_MODELS_DIR) / dir / "config.json").string()));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("tests/data/models/%s/config.json is missing", dir);
    return json::parse(f.readAll().toStdString());
}

/// The base record with model.hf_config = tests/data/models/<dir>/config.json and every flat
/// model field null except name and family (which hf_config overrides).
json configRecord(const char* dir, const QString& patch = {}) {
    json r = patched(patch);
    json& m = r["model"];
    for (const char* k :
         {"num_layers", "hidden_size", "num_attention_heads", "num_kv_heads", "head_dim",
          "intermediate_size", "mlp", "vocab_size", "tied_embeddings", "param_count"})
        m[k] = nullptr;
    m["name"] = dir;
    m["hf_config"] = modelConfigJson(dir);
    return r;
}

/// This project's own measurements: transformers 5.17 Trainer on an NVIDIA H200, 2026-11-26
/// (tools/measure/hf_trainer_grid.sh; tests/data/measurements/).
const std::filesystem::path kH200 =
    std::filesystem::path(HEADROOM_SOURCE_DIR) / "tests" / "data" / "h200-2026-11.records.json";

/// The project's revisions table (resources/framework-revisions.json, compiled in): each
/// record's framework profile.
const FrameworkRevisions& revisions() {
    return builtinFrameworkRevisions();
}

/// Parses @p recordsJson (one record), which must be usable, and compares its field @p key
/// (field()) with @p expected.
void verifyOneField(const std::string& recordsJson, const QString& key, const QString& expected) {
    auto entries = parseRecords(recordsJson, revisions());
    QVERIFY2(entries.ok(), entries.ok() ? "" : describe(entries.error()).c_str());
    QCOMPARE(entries->size(), std::size_t{1});
    const RecordEntry& e = entries->front();
    std::string reasons;
    for (const auto& r : e.skipReasons)
        reasons += r + "; ";
    QVERIFY2(e.usable(), reasons.c_str());
    QCOMPARE(QString::fromStdString(field(*e.record, key.toStdString())), expected);
}

/// The scored point @p id of this project's H200 records (validated once).
const PointResult* h200Point(const QString& id) {
    static const ValidationReport rep = [] {
        auto entries = loadRecords(kH200, revisions());
        if (!entries)
            qFatal("%s", describe(entries.error()).c_str());
        return runValidation(entries.value());
    }();
    const auto p = std::find_if(rep.points.begin(), rep.points.end(),
                                [&](const PointResult& r) { return r.id == id.toStdString(); });
    return p == rep.points.end() ? nullptr : &*p;
}

/// The scored point @p id of the project's published records (calibration + calibration-2 +
/// the fsdp_qlora extra rows, validated once).
const PointResult* publishedPoint(const QString& id) {
    static const ValidationReport rep = [] {
        std::vector<RecordEntry> all;
        for (const auto& file : {kCalibration, kCalibration2, kFsdpQloraExtra}) {
            auto entries = loadRecords(file, revisions());
            if (!entries)
                qFatal("%s", describe(entries.error()).c_str());
            for (RecordEntry& e : entries.value())
                all.push_back(std::move(e));
        }
        return runValidation(all);
    }();
    const auto p = std::find_if(rep.points.begin(), rep.points.end(),
                                [&](const PointResult& r) { return r.id == id.toStdString(); });
    return p == rep.points.end() ? nullptr : &*p;
}

} // namespace

class TstValidation : public QObject {
    Q_OBJECT
private slots:
    void measuredH200_data();
    void measuredH200();
    void variableLengthsReserved_data();
    void variableLengthsReserved();
    void replayedFragmentation_data();
    void replayedFragmentation();
    void projectTargets_data();
    void projectTargets();
    void calibrationFileIsTheDocumentedCopy_data();
    void calibrationFileIsTheDocumentedCopy();
    void releasedSets_data();
    void releasedSets();
    void longContextRecordsModel();
    void hfConfigRecords_data();
    void hfConfigRecords();
    void hfConfigParams_data();
    void hfConfigParams();
    void hfConfigMalformed_data();
    void hfConfigMalformed();
    void unknownValueSkipsRecord_data();
    void unknownValueSkipsRecord();
    void duplicateIdScoredOnce();
    void rowsOutsideCalibration();
    void mapping_data();
    void mapping();
    void recordProfiles_data();
    void recordProfiles();
    void revisionsMalformed_data();
    void revisionsMalformed();
    void millionEmptyRecordsLinear();
    void skipReasons_data();
    void skipReasons();
    void filledDefaults_data();
    void filledDefaults();
    void bySource();
    void malformed_data();
    void malformed();
    void statistics_data();
    void statistics();
    void summaryOfSignedErrors();
    void capacityRules();
    void baselines_data();
    void baselines();
    void engineRejectionIsASkip();
    void reportJsonShape();
    void configurationFloor();
};

// The project's accuracy targets (issue 15, docs/accuracy.md) on its records: calibration +
// calibration-2 + the fsdp_qlora extra rows scored as one set: median |error| <= 4 %, p90
// <= 10 %, no wrong fit verdict, >= 80 % of the records scored, and per source repository no
// median above 8 %. CI runs it in tst_validation and, by name, as ctest tst_accuracy_targets.
// Every target is asserted; a target the engine stopped meeting would fail here.
void TstValidation::projectTargets_data() {
    QTest::addColumn<QString>("target");
    QTest::newRow("median") << "median";
    QTest::newRow("p90") << "p90";
    QTest::newRow("wrong-verdicts") << "wrong";
    QTest::newRow("scored-share") << "scored";
    QTest::newRow("per-source-median") << "source";
}

void TstValidation::projectTargets() {
    QFETCH(QString, target);
    std::vector<RecordEntry> all;
    for (const auto& file : {kCalibration, kCalibration2, kFsdpQloraExtra}) {
        auto entries = loadRecords(file, revisions());
        QVERIFY2(entries.ok(), entries.ok() ? "" : describe(entries.error()).c_str());
        for (RecordEntry& e : entries.value())
            all.push_back(std::move(e));
    }
    QCOMPARE(all.size(), std::size_t{73});
    const ValidationReport rep = runValidation(all);
    QCOMPARE(rep.points.size() + rep.skipped.size(), all.size());
    for (const SkippedRecord& s : rep.skipped)
        QVERIFY2(!s.reason.empty(), s.id.c_str());
    char numbers[256];
    std::snprintf(numbers, sizeof numbers,
                  "median %.2f %% (<= 4), p90 %.2f %% (<= 10), wrong verdicts %d, scored %zu "
                  "of %zu (%.1f %%, >= 80)",
                  rep.summary.medianAbsErrorPct, rep.summary.p90AbsErrorPct,
                  rep.summary.wrongFitVerdicts, rep.points.size(), all.size(),
                  100.0 * rep.scoredShare());
    qInfo("%s", numbers);
    // The unslothai/unsloth median (its README's two LLaMA-Factory rows) is met since the
    // llama-factory@2023 profile fills eager attention (transformers 4.36 picks SDPA only with
    // torch >= 2.1.1; resources/profiles.json gives the source): LF-01 +3.2 %, LF-03 -4.3 %,
    // median 3.8 %; with SDPA filled it was 8.2 % (LF-03 -14 %). The p90 is met since the step's
    // fragmentation is replayed through the caching allocator model instead of a fitted 20 % of the
    // transients (12.3 % -> 9.7 %). The scored share is met since litgpt's generate defaults fill
    // the prompt and new-token counts its inference rows leave null (61 of 73; the 12 skipped lack
    // a prompt length, a micro-batch or a sequence length, are BERT encoders, or measure below
    // their stated configuration).
    if (target == "median") {
        QVERIFY2(rep.summary.medianAbsErrorPct <= 4.0, numbers);
    } else if (target == "p90") {
        QVERIFY2(rep.summary.p90AbsErrorPct <= 10.0, numbers);
    } else if (target == "wrong") {
        QCOMPARE(rep.summary.wrongFitVerdicts, 0);
    } else if (target == "scored") {
        QVERIFY2(rep.scoredShare() >= 0.80, numbers);
    } else {
        std::string over;
        for (const SourceSummary& s : rep.bySource)
            if (s.summary.count > 0 && s.summary.medianAbsErrorPct > 8.0)
                over += s.source + " " + std::to_string(s.summary.medianAbsErrorPct) + " %; ";
        qInfo("sources with a median above 8 %%: %s", over.empty() ? "none" : over.c_str());
        QVERIFY2(over.empty(), over.c_str());
    }
}

// This project's H200 measurements (tests/data/h200-2026-11.records.json, torch allocated
// peaks): the engine within 5 % of each. The fp32 rows load the weights in fp32 as
// transformers 4.x does, and autocast's bf16 weight casts (terms::autocastWeightCopies) make
// their difference: before that term H200-21 was -27.6 %, H200-23 -15.7 %, H200-25 -6.0 %,
// H200-27 -18.7 %.
void TstValidation::measuredH200_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("measured"); // bytes, torch.cuda.max_memory_allocated()
    QTest::newRow("qwen25-7b-lora-r64-all-checkpointed-bf16") << "H200-01-A" << 21465951744.0;
    QTest::newRow("qwen25-7b-full-checkpointed-bf16-states") << "H200-02-A" << 61180901376.0;
    QTest::newRow("qwen25-7b-lora-seq-8192-bf16") << "H200-03-A" << 34007928320.0;
    QTest::newRow("qwen25-7b-generate-4096-plus-256") << "H200-04-A" << 16131570176.0;
    QTest::newRow("llama-3b-full-checkpointed-bf16") << "H200-06-A" << 27346923008.0;
    QTest::newRow("llama-1b-full-bf16") << "H200-10-A" << 11010692608.0;
    // gpt2's gelu_new as transformers' NewGELUActivation ops under bf16 autocast: -28.5 %
    // with a fused GELU's saves (Features::geluNewOps); with gpt2's own block (LayerNorm with
    // biases, decoder_shape.h) -3.2 %, +1.9 % as the generic RMSNorm decoder before
    // (model.hf_config with tests/data/models/gpt2-large: -3.2 %)
    QTest::newRow("gpt2-large-full-fp32-autocast-gelu-new") << "H200-07-A" << 29754400768.0;
    QTest::newRow("qwen25-7b-lora-checkpointed-fp32-base") << "H200-20-A" << 38303996416.0;
    QTest::newRow("qwen25-7b-lora-qv-fp32-base-no-checkpointing") << "H200-21-A" << 51789289984.0;
    QTest::newRow("llama-3b-full-fp32-checkpointed") << "H200-22-A" << 53156384768.0;
    QTest::newRow("llama-3b-lora-eager-fp32-base") << "H200-23-A" << 48070857216.0;
    QTest::newRow("llama-1b-full-fp32-no-checkpointing") << "H200-25-A" << 21085308416.0;
    QTest::newRow("llama-1b-full-fp32-checkpointed") << "H200-26-A" << 29273183744.0;
    QTest::newRow("llama-1b-lora-fp32-base") << "H200-27-A" << 14617670144.0;
    QTest::newRow("qwen25-05b-lora-fp32-base-checkpointed") << "H200-31-A" << 17995911168.0;
    // ms-swift-like LoRA (rank 8, dropout 0.05, q/k/v) at a fixed length
    QTest::newRow("qwen25-7b-swift-lora-8192") << "H200-33-A" << 32102551040.0;
    QTest::newRow("llama-1b-swift-lora-no-checkpointing-8192") << "H200-38-A" << 27488461312.0;
}

void TstValidation::measuredH200() {
    QFETCH(QString, id);
    QFETCH(double, measured);
    const PointResult* p = h200Point(id);
    QVERIFY2(p, qPrintable(id + " not scored"));
    QCOMPARE(p->measuredBytes, measured);
    QCOMPARE(p->compared, Metric::Allocated);
    QVERIFY2(std::fabs(p->estimatedBytes - measured) <= 0.05 * measured,
             qPrintable(QStringLiteral("%1: estimated %2, measured %3 (%4 %)")
                            .arg(id)
                            .arg(p->estimatedBytes, 0, 'f', 0)
                            .arg(measured, 0, 'f', 0)
                            .arg(p->errorPct, 0, 'f', 1)));
}

// Reserved memory of this project's H200 runs with variable sample lengths (tests/data/
// h200-2026-11.records.json `sample_lengths`: 60 steps of lengths normal(3234.4, 2547.5)
// clipped to [91, 19548], batch 1, padded to the longest; core/engine/reserve/length_replay.h)
// within 10 % of torch.cuda.max_memory_reserved(). Before the replay the engine read them as a run
// at the longest length: -42 %, -10 %, -2 %, -30 % and -49 % (H200-32, 34, 36, 37, 39).
void TstValidation::variableLengthsReserved_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("measured"); // GiB, as the record gives it
    QTest::newRow("qwen25-7b-swift-lora-60-steps") << "H200-32-R" << 53.60;
    QTest::newRow("llama2-7b-swift-lora-60-steps") << "H200-34-R" << 17.77;
    QTest::newRow("llama2-7b-swift-lora-2048-60-steps") << "H200-36-R" << 14.83;
    QTest::newRow("llama32-1b-lora-no-checkpointing-60-steps") << "H200-37-R" << 39.34;
    QTest::newRow("qwen25-05b-full-60-steps") << "H200-39-R" << 21.87;
    // expandable segments: nothing grows (the replay is off), the fixed-length reading holds
    QTest::newRow("qwen25-7b-expandable-segments") << "H200-41-R" << 30.15;
}

/// The point @p id (this project's H200 records for an "H200-" id, else the published ones)
/// is compared at reserved, reads @p measured GiB as its record gives it, and the engine is
/// within @p tolerance percent of it.
static void verifyReservedPoint(const QString& id, double measured, double tolerance) {
    const PointResult* p =
        id.startsWith(QLatin1String("H200")) ? h200Point(id) : publishedPoint(id);
    QVERIFY2(p, qPrintable(id + " not scored"));
    QCOMPARE(p->compared, Metric::Reserved);
    QVERIFY(std::fabs(p->measuredBytes / double(1ull << 30) - measured) < 0.01);
    QVERIFY2(std::fabs(p->errorPct) <= tolerance,
             qPrintable(QStringLiteral("%1: %2 %").arg(id).arg(p->errorPct, 0, 'f', 1)));
}

void TstValidation::variableLengthsReserved() {
    QFETCH(QString, id);
    QFETCH(double, measured);
    verifyReservedPoint(id, measured, 10.0);
}

// Reserved peaks that the fitted 20 % of the transients misread and the replayed step
// (core/engine/reserve/length_replay.h stepFragmentation) reads within the tolerance.
// Without checkpointing (this project's H200 runs) the saved activations are freed in the
// reverse order of their making and the allocator reuses their segments whole: the 20 % read
// +13.0, +9.2, +8.0 and +12.4 %. Under full checkpointing (fsdp_qlora's benchmark notes,
// torch.cuda.max_memory_reserved per GPU, FSDP1 on 2 x 24 GB; the H200 full fine-tune) the
// recompute and the loss split the segments of the stored block inputs: -7.7, -8.6, -14.8 %.
void TstValidation::replayedFragmentation_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("measured");  // GiB, as the record gives it
    QTest::addColumn<double>("tolerance"); // percent
    QTest::newRow("gpt2-large-full-no-checkpointing") << "H200-07-R" << 28.53 << 6.0;
    QTest::newRow("llama32-3b-lora-eager-no-checkpointing") << "H200-08-R" << 33.99 << 6.0;
    QTest::newRow("llama32-3b-lora-fp32-base-eager") << "H200-23-R" << 45.82 << 6.0;
    QTest::newRow("llama32-1b-lora-8192-no-checkpointing") << "H200-38-R" << 27.84 << 6.0;
    QTest::newRow("yi34b-qlora-cpu-offload-b4") << "FQX-07" << 22.98 << 5.0;
    QTest::newRow("llama2-7b-qlora-ddp-b8") << "FQ-07" << 20.94 << 6.0;
    // a full fine-tune's gradients and optimizer states replayed with the step on one GPU
    // (length_replay.h stepReserve): -10.7, -7.7 and -4.0 % while they were resident bytes;
    // +0.4 % before the norms' fp32 copies were replayed (StepShape::fp32Norm), -6.4 % with
    // them: the reserve at 4,096 tokens, where the loss's vocabulary-wide blocks split the
    // gradients' segments, reads 3.5 GiB instead of 5.6
    QTest::newRow("h200-llama32-3b-full-checkpointed") << "H200-06-R" << 30.12 << 7.0;
    QTest::newRow("h200-llama32-1b-full-no-checkpointing") << "H200-10-R" << 11.5801 << 3.0;
    // eager attention's b x heads x s x s scores and fp32 softmax, replayed with the blocks
    // (-23.3 % and -12.2 % while the replay ran the fused kernel's tensors only); the bf16
    // run's softmax first copies its scores to fp32 (terms::eagerSoftmaxDtypes): -13.7 %
    // without that copy
    QTest::newRow("llama32-1b-lora-eager-checkpointed") << "H200-13-R" << 22.5332 << 8.0;
    QTest::newRow("llama32-1b-lora-fp32-base-eager-checkpointed") << "H200-28-R" << 23.0449 << 5.0;
}

void TstValidation::replayedFragmentation() {
    QFETCH(QString, id);
    QFETCH(double, measured);
    QFETCH(double, tolerance);
    verifyReservedPoint(id, measured, tolerance);
}

// Published measurements the engine was not calibrated on (FQX-*, same document as FQ-*):
// the issue's targets hold there, median <= 5 %, p90 <= 12 %, no wrong fit verdict, every
// row used.
void TstValidation::rowsOutsideCalibration() {
    auto entries = loadRecords(kFsdpQloraExtra, revisions());
    QVERIFY2(entries.ok(), entries.ok() ? "" : describe(entries.error()).c_str());
    QCOMPARE(entries->size(), std::size_t{11});
    const ValidationReport rep = runValidation(entries.value());
    QCOMPARE(rep.summary.count, 11);
    const std::string numbers = "median |error| " + std::to_string(rep.summary.medianAbsErrorPct) +
                                " %, p90 " + std::to_string(rep.summary.p90AbsErrorPct) + " %";
    qInfo("fsdp_qlora rows outside calibration: %s", numbers.c_str());
    QVERIFY2(rep.summary.medianAbsErrorPct <= 5.0, numbers.c_str());
    QVERIFY2(rep.summary.p90AbsErrorPct <= 12.0, numbers.c_str());
    QCOMPARE(rep.summary.wrongFitVerdicts, 0);
}

// The copied records files must stay the byte-identical copies that tests/data/README.md
// documents (SHA-256 of the brief's ground-truth file when it was copied); an edit by hand
// fails here.
void TstValidation::calibrationFileIsTheDocumentedCopy_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("sha256");
    QTest::newRow("calibration") << QString::fromStdString(kCalibration.string())
                                 << QByteArray("9ae9c6166f5ee57f873fd462ee68c9ef25e31f2c161c990b10"
                                               "158a5d40e6547e");
    QTest::newRow("calibration-2") << QString::fromStdString(kCalibration2.string())
                                   << QByteArray("236c69359e0f5f6613264907018264c785fa4f39af7edd8c"
                                                 "64d9124bdf580b68");
    QTest::newRow("validation-1") << QString::fromStdString(kValidation1.string())
                                  << QByteArray("93fc399189be0c61ddfb4265ba7c6fbec043f900a0db76df"
                                                "0faff1b8755a1379");
    QTest::newRow("validation-2") << QString::fromStdString(kValidation2.string())
                                  << QByteArray("f8dc6d561d7bb4d247b17811e8de92f9e675a8c0c4dfa969"
                                                "126a7cd352dfcdd3");
}

void TstValidation::calibrationFileIsTheDocumentedCopy() {
    QFETCH(QString, file);
    QFETCH(QByteArray, sha256);
    QFile f(file);
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
    QCOMPARE(QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex(), sha256);
}

// The released sets (tests/data/validation-1/-2.records.json) scored as they are today, with a
// margin: a regression bound, not the project's targets, which they do not meet yet. Today
// (2026-11-28): validation-1 40 of 49 scored, median 4.2 %, p90 31.1 %, one wrong verdict
// (TT3B at torchtune's README); validation-2 50 of 50, median 12.2 %, p90 28.0 % (ms-swift's
// runs estimated on the real data set its pipeline pads per batch; at fixed lengths, before
// 2026-11-28, median 20.1 %, p90 46.5 %: the bounds below fail there).
void TstValidation::releasedSets_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("records");
    QTest::addColumn<int>("minScored");
    QTest::addColumn<double>("maxMedian");
    QTest::addColumn<double>("maxP90");
    QTest::addColumn<int>("maxWrong");
    // no wrong verdict since the band spans the settings a record leaves unknown: TT31-02
    // (torchtune's README, Llama-3.1-8B full on one RTX A6000, optimizer not stated) was "does
    // not fit" with the profile's AdamW; torchtune's single-device config, PagedAdamW8bit
    // stepped in backward, brings the band's low under 48 GiB: "may not fit"
    QTest::newRow("validation-1") << QString::fromStdString(kValidation1.string()) << 49 << 40
                                  << 5.0 << 34.0 << 0;
    QTest::newRow("validation-2") << QString::fromStdString(kValidation2.string()) << 50 << 50
                                  << 14.0 << 31.0 << 0;
    // GLM-4-9B-Chat's prefill at 1k/8k/32k/128k tokens (2026-11-29: 4 of 4 scored, median
    // 1.1 %, p90 2.7 %, -3.3 % at 128k with the norms' fp32 copies in the prefill replay
    // (StepShape::fp32Norm); 5.7 / 18.0 % without them and 8.3 / 24.5 % with the fitted share
    // before the replay, which these bounds fail)
    QTest::newRow("long-context") << QString::fromStdString(kLongContext.string()) << 4 << 4 << 3.0
                                  << 5.0 << 0;
}

// GLM-4-9B-Chat's records describe the model by its inline config.json (chatglm remote code):
// parameters by hand from modeling_chatglm.py's modules: embedding and output layer 151,552 x
// 4,096 each; per layer query_key_value 4,096 x 4,608 (32 + 2 x 2 heads of 128) + its 4,608
// biases, dense 4,096 x 4,096, dense_h_to_4h 4,096 x 27,392, dense_4h_to_h 13,696 x 4,096, two
// RMSNorms of 4,096; the final RMSNorm: 2 x 620,756,992 + 40 x 203,960,832 + 4,096 =
// 9,399,951,360 (the model card's "9B").
void TstValidation::longContextRecordsModel() {
    auto entries = loadRecords(kLongContext.string(), revisions(), UnknownValuePolicy::RejectFile);
    QVERIFY2(entries.ok(), entries.ok() ? "" : describe(entries.error()).c_str());
    QCOMPARE(entries->size(), std::size_t(4));
    for (const auto& e : entries.value()) {
        QVERIFY(e.usable());
        QCOMPARE(countParameters(e.record->model).total, int64_t{9399951360});
        QCOMPARE(e.record->model.numKvHeads, 2);
    }
}

void TstValidation::releasedSets() {
    QFETCH(QString, file);
    QFETCH(int, records);
    QFETCH(int, minScored);
    QFETCH(double, maxMedian);
    QFETCH(double, maxP90);
    QFETCH(int, maxWrong);
    auto entries = loadRecords(file.toStdString(), revisions(), UnknownValuePolicy::RejectFile);
    QVERIFY2(entries.ok(), entries.ok() ? "" : describe(entries.error()).c_str());
    QCOMPARE(entries->size(), std::size_t(records));
    const ValidationReport rep = runValidation(entries.value());
    char numbers[200];
    std::snprintf(numbers, sizeof numbers, "scored %d of %d, median %.2f %%, p90 %.2f %%, wrong %d",
                  rep.summary.count, records, rep.summary.medianAbsErrorPct,
                  rep.summary.p90AbsErrorPct, rep.summary.wrongFitVerdicts);
    qInfo("%s", numbers);
    QVERIFY2(rep.summary.count >= minScored, numbers);
    QVERIFY2(rep.summary.medianAbsErrorPct <= maxMedian, numbers);
    QVERIFY2(rep.summary.p90AbsErrorPct <= maxP90, numbers);
    QVERIFY2(rep.summary.wrongFitVerdicts <= maxWrong, numbers);
}

// A record's model.hf_config is imported as `estimate --config` imports the file: MoE,
// sliding windows, attention sinks, learned positions and q/k norms come from the config, not
// from the flat fields (all null here but name and family).
void TstValidation::hfConfigRecords_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected");
    // config.json num_local_experts 32, experts_per_token 4
    QTest::newRow("gpt-oss-experts") << "gpt-oss-20b"
                                     << "experts"
                                     << "32/4";
    // layer_types: 12 of 24 sliding_attention, sliding_window 128
    QTest::newRow("gpt-oss-sliding-layers") << "gpt-oss-20b"
                                            << "sliding"
                                            << "12x128";
    QTest::newRow("gpt-oss-sinks") << "gpt-oss-20b"
                                   << "sinks"
                                   << "true";
    // GptOssAttention: q/k/v/o bias=config.attention_bias (true)
    QTest::newRow("gpt-oss-attention-biases") << "gpt-oss-20b"
                                              << "biases"
                                              << "true,true,false";
    // gpt2-large n_positions 1024: the learned position table the flat fields cannot give
    QTest::newRow("gpt2-learned-positions") << "gpt2-large"
                                            << "positions"
                                            << "1024";
    QTest::newRow("gpt2-layernorm") << "gpt2-large"
                                    << "norm"
                                    << "layernorm";
    QTest::newRow("gpt2-tied") << "gpt2-large"
                               << "tied"
                               << "true";
    QTest::newRow("qwen3-qk-norm") << "Qwen3-8B"
                                   << "qk_norm"
                                   << "true";
    QTest::newRow("qwen3-moe-experts") << "Qwen3-30B-A3B"
                                       << "experts"
                                       << "128/8";
}

void TstValidation::hfConfigRecords() {
    QFETCH(QString, dir);
    QFETCH(QString, key);
    QFETCH(QString, expected);
    const std::string d = dir.toStdString();
    verifyOneField(recordsText(configRecord(d.c_str())), key, expected);
}

// A record's count from model.hf_config equals `estimate --config FILE`'s (loadHfConfig of the
// same file) and the published one within the row's tolerance. gpt-oss-20b: 20.91 B total
// parameters (OpenAI, gpt-oss-120b & gpt-oss-20b model card, 2025-08-05, table 1; `estimate
// --config tests/data/models/gpt-oss-20b/config.json --finetune lora` prints 2.09e10 total).
// gpt2-large: 774,030,080 (keras-team/keras-hub gpt2_presets.py gpt2_large_en "params"; 774M
// in the model card), the learned position table included. Qwen3-8B: "Number of Parameters:
// 8.2B" (Qwen/Qwen3-8B model card; rounded to 0.1 B, so within 0.7 %).
void TstValidation::hfConfigParams_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<double>("published");
    QTest::addColumn<double>("tolerancePct");
    QTest::newRow("gpt-oss-20b-20.9b-model-card") << "gpt-oss-20b" << 20.91e9 << 0.1;
    QTest::newRow("gpt2-large-774m") << "gpt2-large" << 774030080.0 << 0.001;
    QTest::newRow("qwen3-8b-8.2b-model-card") << "Qwen3-8B" << 8.2e9 << 0.7;
}

void TstValidation::hfConfigParams() {
    QFETCH(QString, dir);
    QFETCH(double, published);
    QFETCH(double, tolerancePct);
    const std::string d = dir.toStdString();
    auto entries = parseRecords(recordsText(configRecord(d.c_str())), revisions());
    QVERIFY2(entries.ok(), entries.ok() ? "" : describe(entries.error()).c_str());
    QVERIFY(entries->front().usable());
    const auto fromFile =
        loadHfConfig(std::filesystem::path(HEADROOM_MODELS_DIR) / d / "config.json");
    QVERIFY(fromFile.ok());
    const int64_t count = countParameters(entries->front().record->model).total;
    QCOMPARE(count, countParameters(fromFile.value()).total);
    QVERIFY2(std::fabs(double(count) - published) <= tolerancePct / 100.0 * published,
             qPrintable(QStringLiteral("%1: %2 parameters, published %3")
                            .arg(dir)
                            .arg(count)
                            .arg(published, 0, 'f', 0)));
}

// Bad model.hf_config input is an error naming model.hf_config.<field>, in bounded time.
void TstValidation::hfConfigMalformed_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("fieldName");
    const auto rec = [](const std::function<void(json&)>& edit) {
        json r = configRecord("Qwen3-8B");
        edit(r["model"]["hf_config"]);
        return QString::fromStdString(recordsText(r));
    };
    QTest::newRow("not-an-object") << rec([](json& c) {
        c = json::array({1, 2});
    }) << int(ErrorCode::FieldWrongType)
                                   << "[0].model.hf_config";
    QTest::newRow("string") << rec([](json& c) { c = "config.json"; })
                            << int(ErrorCode::FieldWrongType) << "[0].model.hf_config";
    QTest::newRow("layers-as-string")
        << rec([](json& c) { c["num_hidden_layers"] = "36"; }) << int(ErrorCode::FieldWrongType)
        << "[0].model.hf_config.num_hidden_layers";
    QTest::newRow("layers-negative")
        << rec([](json& c) { c["num_hidden_layers"] = -3; }) << int(ErrorCode::FieldOutOfRange)
        << "[0].model.hf_config.num_hidden_layers";
    QTest::newRow("vocab-missing")
        << rec([](json& c) { c.erase("vocab_size"); }) << int(ErrorCode::FieldMissing)
        << "[0].model.hf_config.vocab_size";
    QTest::newRow("hidden-2pow40")
        << rec([](json& c) { c["hidden_size"] = int64_t{1} << 40; })
        << int(ErrorCode::FieldOutOfRange) << "[0].model.hf_config.hidden_size";
    // 5 MiB of padding: a config.json is read up to 4 MiB (hf_import.h kMaxHfConfigBytes)
    QTest::newRow("larger-than-4-mib")
        << rec([](json& c) { c["padding"] = std::string(5u << 20, 'x'); })
        << int(ErrorCode::FileTooLarge) << "[0].model.hf_config";
    // nested past the 64 levels any JSON reader here accepts: the depth check's path names it
    // (model, hf_config and 61 keys "a"), before the DOM parser recurses
    QString deep = rec([](json& c) { c["a"] = "DEEP"; });
    QString nest;
    for (int i = 0; i < 100000; ++i)
        nest += QStringLiteral("{\"a\": ");
    nest += QStringLiteral("1");
    for (int i = 0; i < 100000; ++i)
        nest += QLatin1Char('}');
    QString deepField = QStringLiteral("model.hf_config");
    for (int i = 0; i < 61; ++i)
        deepField += QStringLiteral(".a");
    QTest::newRow("nested-100000-deep") << deep.replace(QStringLiteral("\"DEEP\""), nest)
                                        << int(ErrorCode::JsonMalformed) << deepField;
}

void TstValidation::hfConfigMalformed() {
    QFETCH(QString, text);
    QFETCH(int, code);
    QFETCH(QString, fieldName);
    QElapsedTimer t;
    t.start();
    for (const UnknownValuePolicy policy :
         {UnknownValuePolicy::SkipRecord, UnknownValuePolicy::RejectFile}) {
        const auto r = parseRecords(text.toStdString(), revisions(), policy);
        QVERIFY(!r.ok());
        QCOMPARE(int(r.error().code), code);
        QCOMPARE(QString::fromStdString(r.error().field), fieldName);
    }
    QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed()) + " ms"));
}

// A value this build does not know skips only its record (UnknownValuePolicy::SkipRecord, the
// default and `validate`'s), its reason naming the field and the value; RejectFile (validate
// --strict) fails the whole file with the field, as every unknown value did before.
void TstValidation::unknownValueSkipsRecord_data() {
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("fieldName"); ///< without the "[1]." of the record's index
    QTest::addColumn<QString>("reason");
    QTest::newRow("weight-dtype-fp6") << R"({"/weight_dtype": "fp6"})"
                                      << "weight_dtype"
                                      << "weight_dtype: 'fp6' is not one of";
    QTest::newRow("attention-magic") << R"({"/attention": "magic"})"
                                     << "attention"
                                     << "attention: 'magic' is not one of";
    QTest::newRow("metric-peak") << R"({"/measured/metric": "peak"})"
                                 << "measured.metric"
                                 << "measured.metric: 'peak' is not one of";
    QTest::newRow("sharding-fsdp3") << R"({"/parallelism/sharding": "fsdp3"})"
                                    << "parallelism.sharding"
                                    << "parallelism.sharding: 'fsdp3' is not one of";
    QTest::newRow("mode-serving") << R"({"/mode": "serving"})"
                                  << "mode"
                                  << "mode: 'serving' is not one of";
    // an hf_config whose model_type the importer does not know (UnsupportedFamily)
    QTest::newRow("hf-config-model-type-rwkv")
        << R"({"/model/hf_config": {"model_type": "rwkv", "hidden_size": 2048}})"
        << "model.hf_config.model_type"
        << "model.hf_config.model_type: rwkv";
}

// Two records with one id (a record copied, or two files of one source): the first is scored,
// the second skipped with the reason, so no measurement counts twice (failed before: both were
// scored, count 2, the median weighted twice).
void TstValidation::duplicateIdScoredOnce() {
    json second = baseRecord();
    second["measured"]["bytes"] = 16570000000.0;
    const std::string text = json::array({baseRecord(), second}).dump();
    auto entries = parseRecords(text, revisions());
    QVERIFY2(entries.ok(), entries.ok() ? "" : describe(entries.error()).c_str());
    const ValidationReport rep = runValidation(entries.value());
    QCOMPARE(rep.summary.count, 1);
    QCOMPARE(rep.points.front().measuredBytes, 15570000000.0); // the first record's
    QCOMPARE(rep.skipped.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(rep.skipped.front().id), QStringLiteral("T-01"));
    QVERIFY2(QString::fromStdString(rep.skipped.front().reason).startsWith("duplicate id"),
             rep.skipped.front().reason.c_str());
}

void TstValidation::unknownValueSkipsRecord() {
    QFETCH(QString, patch);
    QFETCH(QString, fieldName);
    QFETCH(QString, reason);
    json bad = patched(patch);
    bad["id"] = "T-BAD";
    bad["source_url"] = "https://github.com/example-org/trainer/blob/abc/README.md";
    const std::string text = json::array({baseRecord(), bad}).dump();
    auto entries = parseRecords(text, revisions());
    QVERIFY2(entries.ok(), entries.ok() ? "" : describe(entries.error()).c_str());
    QCOMPARE(entries->size(), std::size_t{2});
    QVERIFY(entries->at(0).usable());
    const RecordEntry& e = entries->at(1);
    QVERIFY(!e.usable());
    QCOMPARE(QString::fromStdString(e.id), QStringLiteral("T-BAD"));
    QCOMPARE(QString::fromStdString(e.source), QStringLiteral("example-org/trainer"));
    QCOMPARE(e.skipReasons.size(), std::size_t{1});
    QVERIFY2(QString::fromStdString(e.skipReasons.front()).startsWith(reason),
             e.skipReasons.front().c_str());
    const ValidationReport rep = runValidation(entries.value());
    QCOMPARE(rep.summary.count, 1);
    QCOMPARE(rep.skipped.size(), std::size_t{1});
    const auto strict = parseRecords(text, revisions(), UnknownValuePolicy::RejectFile);
    QVERIFY(!strict.ok());
    QCOMPARE(QString::fromStdString(strict.error().field), "[1]." + fieldName);
    QVERIFY2(strict.error().detail.find("T-BAD") != std::string::npos,
             strict.error().detail.c_str());
}

void TstValidation::mapping_data() {
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected");
    // SCHEMA.md: qlora + nf4_double_quant -> QLoRA over an NF4 double-quant base; the adapters
    // of a quantised base live in the compute dtype (bf16).
    QTest::newRow("qlora-record-maps-nf4-double-quant")
        << R"({"/finetune": "qlora", "/weight_dtype": "nf4_double_quant"})"
        << "weights"
        << "nf4_double_quant";
    QTest::newRow("qlora-record-maps-finetune-qlora")
        << R"({"/finetune": "qlora", "/weight_dtype": "nf4_double_quant"})"
        << "finetune"
        << "qlora";
    QTest::newRow("qlora-adapters-in-compute-dtype")
        << R"({"/finetune": "qlora", "/weight_dtype": "nf4"})"
        << "adapters"
        << "bf16";
    QTest::newRow("lora-adapters-in-weight-dtype")
        << R"({"/weight_dtype": "fp32", "/compute_dtype": "fp16", "/grad_dtype": null})"
        << "adapters"
        << "fp32";
    // a stated gradient dtype is the adapters' own (autograd keeps a gradient in its
    // parameter's dtype): PEFT's fp32 adapters on a bf16 base
    QTest::newRow("lora-adapters-follow-stated-grads")
        << R"({"/weight_dtype": "bf16", "/grad_dtype": "fp32"})"
        << "adapters"
        << "fp32";
    // q_proj = bit 0 (1), v_proj = bit 2 (4): 5.
    QTest::newRow("lora-targets-q-v-are-bits-0-and-2") << ""
                                                       << "lora_targets"
                                                       << "5";
    // All seven HF-Llama linear modules: bits 0..6 = 127 (PEFT all-linear).
    QTest::newRow("lora-targets-all-seven-are-all-linear")
        << R"({"/lora/targets": ["q_proj","k_proj","v_proj","o_proj","gate_proj","up_proj","down_proj"]})"
        << "lora_targets"
        << "127";
    QTest::newRow("lora-targets-lm-head-is-bit-7") << R"({"/lora/targets": ["lm_head"]})"
                                                   << "lora_targets"
                                                   << "128";
    QTest::newRow("lora-rank") << R"({"/lora/rank": 64})"
                               << "lora_rank"
                               << "64";
    QTest::newRow("lora-dropout-positive-is-on") << ""
                                                 << "lora_dropout"
                                                 << "true";
    QTest::newRow("lora-dropout-zero-is-off") << R"({"/lora/dropout": 0.0})"
                                              << "lora_dropout"
                                              << "false";
    // SCHEMA.md Dtypes: fp32 weights with master_weights_fp32 are that master copy (HF
    // Trainer, torchtitan): no extra copy. 16-bit weights + master = a separate fp32 copy.
    QTest::newRow("fp32-weights-are-the-master-copy")
        << R"({"/weight_dtype": "fp32", "/master_weights_fp32": true})"
        << "master"
        << "false";
    QTest::newRow("bf16-weights-with-master-get-a-copy") << R"({"/master_weights_fp32": true})"
                                                         << "master"
                                                         << "true";
    QTest::newRow("pure-bf16-has-no-master") << ""
                                             << "master"
                                             << "false";
    QTest::newRow("full-finetune") << R"({"/finetune": "full", "/lora": null})"
                                   << "finetune"
                                   << "full";
    QTest::newRow("pretrain-is-full") << R"({"/finetune": "pretrain", "/lora": null})"
                                      << "finetune"
                                      << "full";
    QTest::newRow("optimizer-state-dtype") << ""
                                           << "optimizer_states"
                                           << "bf16";
    QTest::newRow("paged-adamw-maps-paged")
        << R"({"/optimizer": "paged_adamw", "/optimizer_state_dtype": "fp32", "/features": ["paged_optimizer"]})"
        << "optimizer"
        << "paged_adamw";
    QTest::newRow("adamw-8bit-maps")
        << R"({"/optimizer": "adamw_8bit", "/optimizer_state_dtype": "int8"})"
        << "optimizer"
        << "adamw_8bit";
    QTest::newRow("adafactor-maps")
        << R"({"/optimizer": "adafactor", "/optimizer_state_dtype": "fp32"})"
        << "optimizer"
        << "adafactor";
    QTest::newRow("batch-and-sequence") << ""
                                        << "micro_batch"
                                        << "2";
    QTest::newRow("sequence-length") << ""
                                     << "seq_len"
                                     << "512";
    QTest::newRow("grad-accum") << ""
                                << "grad_accum"
                                << "64";
    QTest::newRow("grad-accum-null-without-pp-is-1") << R"({"/gradient_accumulation_steps": null})"
                                                     << "grad_accum"
                                                     << "1";
    QTest::newRow("checkpointing-full") << ""
                                        << "checkpointing"
                                        << "full";
    QTest::newRow("checkpointing-selective") << R"({"/activation_checkpointing": "selective"})"
                                             << "checkpointing"
                                             << "selective";
    QTest::newRow("attention-flex") << R"({"/attention": "flex"})"
                                    << "attention"
                                    << "flex";
    // float8 maps to nothing: torchao Float8Linear saves the bf16 input and weight
    // (float8_linear.py matmul_with_hp_or_float8_args), so the record is scored, not skipped,
    // with the flags of a bf16 run (core/engine/fields.h featureWithoutMemoryEffect).
    QTest::newRow("features-map-to-flags")
        << R"({"/features": ["packed","torch_compile","chunked_cross_entropy","optimizer_in_backward","activation_offload","fused_optimizer","float8","cpu_offload_params","cpu_offload_optimizer"]})"
        << "features"
        << "packed,torch_compile,chunked_ce,opt_in_bwd,act_offload,fused,offload_params,offload_"
           "optimizer";
    // Framework facts from the source repository (core/validation.cpp, docs/profiles.md).
    const QString fsdp2 =
        R"("/parallelism": {"num_gpus": 2, "dp": 2, "tp": 1, "pp": 1, "cp": 1, "sharding": "fsdp_full_shard", "pp_schedule": null})";
    QTest::newRow("litgpt-single-gpu-fused-qkv-and-retained-chunks")
        << R"({"/source_url": "https://github.com/Lightning-AI/litgpt/blob/0cc02af/tutorials/resource-tables.md", "/features": ["chunked_cross_entropy"]})"
        << "features"
        << "chunked_ce,retained_logits,fused_qkv";
    QTest::newRow("litgpt-fsdp-lora-mixed-units-no-sync")
        << "{\"/source_url\": \"https://github.com/Lightning-AI/litgpt/blob/x/a.md\", " + fsdp2 +
               "}"
        << "features"
        << "retained_logits,fused_qkv,mixed_units,no_sync";
    QTest::newRow("fsdp-qlora-keeps-hf-fp32-logits")
        << R"({"/source_url": "https://github.com/AnswerDotAI/fsdp_qlora/blob/4cd6923/b.md"})"
        << "features"
        << "retained_logits,fp32_logits";
    QTest::newRow("hf-trainer-fp32-logits-not-retained")
        << R"({"/source_url": "https://github.com/huggingface/peft/blob/6008f27/docs/fsdp.md"})"
        << "features"
        << "fp32_logits";
    QTest::newRow("torchtitan-202412-compiles-model-not-loss")
        << R"({"/source_url": "https://github.com/pytorch/torchtitan/blob/820504e/benchmarks/llama3_h100_202412_torchtitan.md", "/features": ["torch_compile"]})"
        << "features"
        << "torch_compile,uncompiled_loss,fp32_logits";
    QTest::newRow("torchtitan-2025-compiles-the-loss")
        << R"({"/source_url": "https://github.com/pytorch/torchtitan/blob/cbccb38/benchmarks/llama3-8b_h200_202506_trainy-whitefiber.md", "/features": ["torch_compile"]})"
        << "features"
        << "torch_compile";
    // torchtune recipes before `del logits` (PR #1046, 2024-06-04; PR #1235, 2024-07-27)
    // kept the shifted fp32 logits referenced through loss.backward()
    QTest::newRow("torchtune-may-2024-compiles-model-not-loss-keeps-logits")
        << R"({"/source_url": "https://github.com/pytorch/torchtune/blob/0217d44c2e1e372b34628767745c1f6538086a81/README.md", "/features": ["torch_compile"]})"
        << "features"
        << "torch_compile,uncompiled_loss,retained_logits,fp32_logits";
    QTest::newRow("torchtune-pr961-keeps-logits")
        << R"({"/source_url": "https://github.com/pytorch/torchtune/pull/961"})"
        << "features"
        << "retained_logits,fp32_logits";
    QTest::newRow("torchtune-lora-tutorial-april-2024-keeps-logits")
        << R"({"/source_url": "https://github.com/pytorch/torchtune/blob/ff594c23113891c99050f730c6be0aeacf511b2f/docs/source/tutorials/lora_finetune.rst"})"
        << "features"
        << "retained_logits,fp32_logits";
    QTest::newRow("torchtune-sept-2024-unchunked-drops-logits")
        << R"({"/source_url": "https://github.com/pytorch/torchtune/blob/30b8519/README.md"})"
        << "features"
        << "fp32_logits";
    // How the weights were loaded (core/engine/reserve/load_replay.h): torchtune QLoRA quantises on
    // the GPU at init and in load_state_dict, with torchao 0.1's unchunked search until torchao 0.2
    // (PR #196, 2024-05-01); fsdp_qlora's low_memory default wraps FSDP1 with
    // sync_module_states.
    const QString qloraPatch = R"("/finetune": "qlora", "/weight_dtype": "nf4_double_quant")";
    QTest::newRow("torchtune-april-2024-qlora-loads-unchunked-nf4")
        << "{" + qloraPatch +
               R"(, "/source_url": "https://github.com/pytorch/torchtune/blob/0914d5cfb5a34bf14a72e36b9ddebc64904763d1/docs/source/tutorials/qlora_finetune.rst"})"
        << "load_recipe"
        << "torchao_nf4_unchunked";
    QTest::newRow("torchtune-sept-2024-qlora-loads-chunked-nf4")
        << "{" + qloraPatch +
               R"(, "/source_url": "https://github.com/pytorch/torchtune/blob/30b8519/README.md"})"
        << "load_recipe"
        << "torchao_nf4";
    QTest::newRow("torchtune-lora-loads-in-place")
        << R"({"/source_url": "https://github.com/pytorch/torchtune/blob/0914d5cfb5a34bf14a72e36b9ddebc64904763d1/x.rst"})"
        << "load_recipe"
        << "in_place";
    QTest::newRow("fsdp-qlora-sharded-wraps-with-sync-module-states")
        << R"({"/source_url": "https://github.com/AnswerDotAI/fsdp_qlora/blob/4cd6923/b.md", )" +
               fsdp2 + "}"
        << "load_recipe"
        << "fsdp1_sync_module_states";
    QTest::newRow("fsdp-qlora-single-gpu-loads-in-place")
        << R"({"/source_url": "https://github.com/AnswerDotAI/fsdp_qlora/blob/4cd6923/b.md"})"
        << "load_recipe"
        << "in_place";
    // torchtitan: loss_parallel() whenever TP > 1 (train.py, disable_loss_parallel false)
    QTest::newRow("torchtitan-tp8-loss-parallel")
        << R"({"/source_url": "https://github.com/pytorch/torchtitan/blob/cbccb38/benchmarks/x.md", "/parallelism": {"num_gpus": 16, "dp": 2, "tp": 8, "pp": 1, "cp": 1, "sharding": "fsdp_full_shard", "pp_schedule": null}})"
        << "features"
        << "loss_parallel";
    QTest::newRow("torchtitan-tp1-no-loss-parallel")
        << R"({"/source_url": "https://github.com/pytorch/torchtitan/blob/cbccb38/benchmarks/x.md"})"
        << "features"
        << "";
    QTest::newRow("torchtune-chunked-loss-bf16-chunks")
        << R"({"/source_url": "https://github.com/pytorch/torchtune/blob/30b8519/README.md", "/features": ["torch_compile","chunked_cross_entropy"]})"
        << "features"
        << "torch_compile,chunked_ce";
    QTest::newRow("cpu-offload-features-map-to-layout")
        << R"({"/features": ["cpu_offload_params","cpu_offload_optimizer"]})"
        << "features"
        << "offload_params,offload_optimizer";
    QTest::newRow("fsdp-full-shard-layout")
        << R"({"/parallelism": {"num_gpus": 8, "dp": 8, "tp": 1, "pp": 1, "cp": 1, "sharding": "fsdp_full_shard", "pp_schedule": null}})"
        << "sharding"
        << "fsdp_full_shard";
    QTest::newRow("fsdp-no-shard-is-replicas")
        << R"({"/parallelism": {"num_gpus": 2, "dp": 2, "tp": 1, "pp": 1, "cp": 1, "sharding": "fsdp_no_shard", "pp_schedule": null}})"
        << "sharding"
        << "none";
    QTest::newRow("degrees-map")
        << R"({"/parallelism": {"num_gpus": 16, "dp": 2, "tp": 2, "pp": 2, "cp": 2, "sharding": "zero3", "pp_schedule": "1F1B"}})"
        << "layout"
        << "2x2x2x2";
    // SCHEMA.md Measured + validation.h: active and allocated are live tensors; unknown is
    // compared with reserved, the middle of the three metrics.
    QTest::newRow("reserved-compares-reserved") << ""
                                                << "compared_metric"
                                                << "reserved";
    QTest::newRow("active-compares-allocated") << R"({"/measured/metric": "active"})"
                                               << "compared_metric"
                                               << "allocated";
    QTest::newRow("allocated-compares-allocated") << R"({"/measured/metric": "allocated"})"
                                                  << "compared_metric"
                                                  << "allocated";
    QTest::newRow("nvidia-smi-compares-nvidia-smi") << R"({"/measured/metric": "nvidia_smi"})"
                                                    << "compared_metric"
                                                    << "nvidia_smi";
    QTest::newRow("unknown-compares-reserved") << R"({"/measured/metric": "unknown"})"
                                               << "compared_metric"
                                               << "reserved";
    QTest::newRow("measured-bytes") << ""
                                    << "measured_bytes"
                                    << "15570000000";
    QTest::newRow("gpu-memory") << ""
                                << "gpu_memory_gb"
                                << "40";
    QTest::newRow("inference-record-maps-prompt-and-new-tokens")
        << R"({"/mode": "inference", "/finetune": null, "/lora": null, "/master_weights_fp32": null, "/grad_dtype": null, "/optimizer": null, "/optimizer_state_dtype": null, "/sequence_length": null, "/gradient_accumulation_steps": null, "/activation_checkpointing": "none", "/inference": {"prompt_tokens": 20, "new_tokens": 60, "kv_cache_dtype": "fp16"}})"
        << "prompt_new"
        << "20+60";
    QTest::newRow("inference-kv-cache-dtype")
        << R"({"/mode": "inference", "/finetune": null, "/lora": null, "/master_weights_fp32": null, "/grad_dtype": null, "/optimizer": null, "/optimizer_state_dtype": null, "/sequence_length": null, "/activation_checkpointing": "none", "/inference": {"prompt_tokens": 20, "new_tokens": 60, "kv_cache_dtype": "fp16"}})"
        << "kv_cache"
        << "fp16";
    QTest::newRow("inference-mode")
        << R"({"/mode": "inference", "/inference": {"prompt_tokens": 1, "new_tokens": 1, "kv_cache_dtype": "bf16"}})"
        << "mode"
        << "inference";
    // Family traits (HF modeling_*.py): llama is gated + RMSNorm; falcon and phi-1.5 are
    // parallel blocks with LayerNorm; gpt_neox carries biases everywhere.
    QTest::newRow("llama-is-gated-rmsnorm") << ""
                                            << "mlp"
                                            << "gated";
    QTest::newRow("gelu-is-plain-mlp") << R"({"/model/family": "phi", "/model/mlp": "gelu"})"
                                       << "mlp"
                                       << "plain";
    QTest::newRow("phi-is-parallel-block") << R"({"/model/family": "phi", "/model/mlp": "gelu"})"
                                           << "parallel_block"
                                           << "true";
    // GPT2Config activation_function and PhiConfig hidden_act default to gelu_new; Falcon's
    // FalconMLP calls nn.GELU() (fused)
    QTest::newRow("gpt2-gelu-new") << R"({"/model/family": "gpt2", "/model/mlp": "gelu"})"
                                   << "gelu_new"
                                   << "true";
    QTest::newRow("phi-gelu-new") << R"({"/model/family": "phi", "/model/mlp": "gelu"})"
                                  << "gelu_new"
                                  << "true";
    QTest::newRow("falcon-fused-gelu") << R"({"/model/family": "falcon", "/model/mlp": "gelu"})"
                                       << "gelu_new"
                                       << "false";
    QTest::newRow("falcon-is-parallel-block")
        << R"({"/model/family": "falcon", "/model/mlp": "gelu", "/model/num_kv_heads": 1})"
        << "parallel_block"
        << "true";
    QTest::newRow("falcon-layernorm") << R"({"/model/family": "falcon", "/model/mlp": "gelu"})"
                                      << "norm"
                                      << "layernorm";
    QTest::newRow("falcon-mqa-one-kv-head")
        << R"({"/model/family": "falcon", "/model/mlp": "gelu", "/model/num_kv_heads": 1})"
        << "kv_heads"
        << "1";
    QTest::newRow("gpt-neox-biases") << R"({"/model/family": "gpt_neox", "/model/mlp": "gelu"})"
                                     << "biases"
                                     << "true,true,true";
    QTest::newRow("llama-no-biases") << ""
                                     << "biases"
                                     << "false,false,false";
    // Qwen v1 modeling_qwen.py: c_attn (q, k, v) bias=True, c_proj and MLP without
    QTest::newRow("qwen-v1-qkv-bias-only") << R"({"/model/family": "qwen"})"
                                           << "biases"
                                           << "true,false,false";
    // Yi ships LlamaForCausalLM: no biases
    QTest::newRow("yi-is-llama") << R"({"/model/family": "yi"})"
                                 << "biases"
                                 << "false,false,false";
    // a family without traits is estimated from its shape as the generic decoder block
    QTest::newRow("unknown-family-generic-decoder") << R"({"/model/family": "rwkv"})"
                                                    << "norm"
                                                    << "rmsnorm";
    // gpt2 (modeling_gpt2.py @ c44b2d99): LayerNorm with biases, biases on every projection,
    // and a tied lm_head when the record leaves tied_embeddings null; before, the generic
    // decoder (RMSNorm, no biases, "has no traits in the mapping")
    const QString gpt2 = R"("/model/family": "gpt2", "/model/mlp": "gelu")";
    QTest::newRow("gpt2-layernorm") << "{" + gpt2 + "}"
                                    << "norm"
                                    << "layernorm";
    QTest::newRow("gpt2-biases") << "{" + gpt2 + "}"
                                 << "biases"
                                 << "true,true,true";
    QTest::newRow("gpt2-tied-when-null") << "{" + gpt2 + R"(, "/model/tied_embeddings": null})"
                                         << "tied"
                                         << "true";
    QTest::newRow("gpt2-untied-when-stated") << "{" + gpt2 + R"(, "/model/tied_embeddings": false})"
                                             << "tied"
                                             << "false";
    // qwen3 (modeling_qwen3.py @ 9ee3f431): per-head q/k RMSNorm, no biases
    QTest::newRow("qwen3-qk-norm") << R"({"/model/family": "qwen3"})"
                                   << "qk_norm"
                                   << "true";
    QTest::newRow("qwen3-no-biases") << R"({"/model/family": "qwen3"})"
                                     << "biases"
                                     << "false,false,false";
    // chatglm (remote modeling_chatglm.py add_qkv_bias), glm / glm4 (modular_glm.py
    // @ ffd4c83e: q/k/v bias, o_proj without; modular_glm4.py @ 08c53278: four RMSNorms)
    QTest::newRow("chatglm-qkv-bias") << R"({"/model/family": "chatglm"})"
                                      << "biases"
                                      << "true,false,false";
    QTest::newRow("glm-qkv-bias") << R"({"/model/family": "glm"})"
                                  << "biases"
                                  << "true,false,false";
    QTest::newRow("glm4-four-norms") << R"({"/model/family": "glm4"})"
                                     << "norms_per_layer"
                                     << "4";
    // fp8 and mxfp4 weights: the engine's FP8 (128 x 128 fp32 block scales) and OCP MXFP4
    QTest::newRow("fp8-weights") << R"({"/weight_dtype": "fp8"})"
                                 << "weights"
                                 << "fp8";
    QTest::newRow("mxfp4-weights") << R"({"/weight_dtype": "mxfp4"})"
                                   << "weights"
                                   << "mxfp4";
    QTest::newRow("fp8-kv-cache")
        << R"({"/mode": "inference", "/inference": {"prompt_tokens": 1, "new_tokens": 1, "kv_cache_dtype": "fp8"}})"
        << "kv_cache"
        << "fp8";
    // the same Llama-2-7B as model.hf_config: the flat fields agree, the record is scored
    QTest::newRow("hf-config-agreeing-with-flat-fields")
        << R"({"/model/hf_config": {"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 32, "intermediate_size": 11008, "vocab_size": 32000}})"
        << "params"
        << "6738415616";
    QTest::newRow("16bit-weights-are-two-bytes") << R"({"/weight_dtype": "16bit"})"
                                                 << "weights"
                                                 << "bf16";
}

void TstValidation::mapping() {
    QFETCH(QString, patch);
    QFETCH(QString, key);
    QFETCH(QString, expected);
    verifyOneField(recordsText(patched(patch)), key, expected);
}

// A record's framework profile comes from its source repository, and where the framework's
// behaviour changed, from the revision (resources/framework-revisions.json); a repository the
// table does not know gets the generic hf-trainer profile, not a skip.
void TstValidation::recordProfiles_data() {
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("profile");
    QTest::newRow("torchtune-spring-2024-readme")
        << "https://github.com/pytorch/torchtune/blob/0217d44c2e1e372b34628767745c1f6538086a81/"
           "README.md"
        << QString() << "torchtune@2024-05";
    QTest::newRow("torchtune-pr-961")
        << "https://github.com/pytorch/torchtune/pull/961" << QString() << "torchtune@2024-05";
    QTest::newRow("torchtune-later-readme")
        << "https://github.com/pytorch/torchtune/blob/30b8519/README.md" << QString()
        << "torchtune@2024-08";
    QTest::newRow("torchtitan-december-2024-benchmark")
        << "https://github.com/pytorch/torchtitan/blob/820504e/benchmarks/"
           "llama3_h100_202412_torchtitan.md"
        << QString() << "torchtitan@2024-12";
    QTest::newRow("torchtitan-2025-benchmark")
        << "https://github.com/pytorch/torchtitan/blob/cbccb38/benchmarks/x.md" << QString()
        << "torchtitan@2025";
    QTest::newRow("lit-gpt-old-name") << "https://github.com/Lightning-AI/lit-gpt/blob/8641822/x.md"
                                      << QString() << "litgpt@2024";
    // PR #588 (2023-09-27), before PR #667 expanded multi-query K/V in training
    QTest::newRow("lit-gpt-september-2023-tutorial")
        << "https://github.com/Lightning-AI/litgpt/blob/29de28285f6334c984a07066731960236b7cb476/"
           "tutorials/prepare_dataset.md"
        << QString() << "litgpt@2023-09";
    QTest::newRow("peft-guide-before-4-45")
        << "https://github.com/huggingface/peft/blob/6008f27/docs/fsdp.md" << QString()
        << "hf-trainer@4.44";
    QTest::newRow("fsdp-qlora") << "https://github.com/AnswerDotAI/fsdp_qlora/blob/4cd6923/b.md"
                                << QString() << "fsdp-qlora@2024-03";
    // a source the table does not list: a plain PyTorch loop, no framework's facts
    QTest::newRow("unknown-repository-torch-loop")
        << "https://github.com/example-org/trainer/blob/374601d/README.md" << QString()
        << "torch-loop@2";
    // a document of one repository reporting another framework's runs (revision "profile")
    QTest::newRow("torchao-float8-readme-is-torchtitan")
        << "https://github.com/pytorch/ao/blob/374601d/torchao/float8/README.md" << QString()
        << "torchtitan@2025";
    // the float8 README's H100 table ran torchtitan 0.0.2 of early 2025 (eager fp32 loss until
    // bbb1b61, 2025-04-02), its MI300X table torchtitan 2c8b594 of August 2025 (revision "gpu")
    QTest::newRow("torchao-float8-h100-table-eager-loss")
        << "https://github.com/pytorch/ao/blob/374601d/torchao/float8/README.md"
        << "NVIDIA H100"
        << "torchtitan@2024-12";
    QTest::newRow("torchao-float8-mi300x-table-compiled-loss")
        << "https://github.com/pytorch/ao/blob/374601d/torchao/float8/README.md"
        << "AMD Instinct MI300X"
        << "torchtitan@2025";
    // the INT8 quantised-training table is benchmarks/quantized_training/pretrain_llama2.py,
    // a plain PyTorch loop
    QTest::newRow("torchao-quantized-training-torch-loop")
        << "https://github.com/pytorch/ao/blob/9acc9a4/torchao/prototype/quantized_training/"
           "README.md"
        << QString() << "torch-loop@2";
    QTest::newRow("torchao-other-page-repository-default")
        << "https://github.com/pytorch/ao/blob/9acc9a4/torchao/quantization/README.md" << QString()
        << "hf-trainer@4.45";
    QTest::newRow("unsloth-readme-llama-factory-table")
        << "https://github.com/unslothai/unsloth/blob/0a2c397393e2f0085e58476887d5e1d5af294cb0/"
           "README.md"
        << QString() << "llama-factory@2023";
    QTest::newRow("ms-swift-benchmark")
        << "https://github.com/modelscope/ms-swift/blob/4312aeb28776/docs/source/LLM/Benchmark.md"
        << "NVIDIA A100"
        << "swift@1.5";
    QTest::newRow("llama-factory-repository")
        << "https://github.com/hiyouga/LLaMA-Factory/blob/abc/README.md" << QString()
        << "llama-factory@2024-10";
    QTest::newRow("not-github-torch-loop")
        << "https://example.org/blog/llm-memory" << QString() << "torch-loop@2";
    // this repository's measurements name the script and the transformers version that ran
    QTest::newRow("local-measurement-transformers-5")
        << "tools/measure/measure_peak.py --trainer hf (local measurement, transformers 5.17.0)"
        << "NVIDIA H200"
        << "hf-trainer@5";
    QTest::newRow("local-measurement-transformers-4")
        << "tools/measure/measure_peak.py --trainer hf (local measurement, transformers 4.46.3)"
        << QString() << "hf-trainer@4.45";
    // the script's own loop is a plain PyTorch loop: dtypes and features as the record gives them
    QTest::newRow("local-measurement-plain-loop")
        << "tools/measure/measure_peak.py (local measurement, transformers 5.17.0, plain "
           "training loop)"
        << QString() << "torch-loop@2";
    QTest::newRow("local-file-not-listed")
        << "scripts/other.py (local measurement)" << QString() << "torch-loop@2";
}

void TstValidation::recordProfiles() {
    QFETCH(QString, url);
    QFETCH(QString, gpu);
    QFETCH(QString, profile);
    QCOMPARE(QString::fromStdString(
                 profileSpec(recordProfile(revisions(), url.toStdString(), gpu.toStdString()))),
             profile);
}

// A malformed revisions table (validate --revisions FILE) is an error naming its JSON path.
void TstValidation::revisionsMalformed_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("fieldName");
    const auto repo = [](const QString& revision) {
        return QStringLiteral(R"({"schema": 1, "repositories": [{"repository": "pytorch/ao",
            "profile": "torchtitan", "revisions": [%1]}]})")
            .arg(revision);
    };
    QTest::newRow("truncated-json")
        << "{\"repositories\": [" << int(ErrorCode::JsonMalformed) << "framework-revisions";
    QTest::newRow("no-repositories")
        << R"({"schema": 1})" << int(ErrorCode::FieldMissing) << "repositories";
    // the table's format version is checked like a records file's (failed before: accepted)
    QTest::newRow("schema-missing")
        << R"({"repositories": []})" << int(ErrorCode::FieldMissing) << "schema";
    QTest::newRow("schema-99") << R"({"schema": 99, "repositories": []})"
                               << int(ErrorCode::UnsupportedVersion) << "schema";
    QTest::newRow("schema-string")
        << R"({"schema": "1", "repositories": []})" << int(ErrorCode::FieldWrongType) << "schema";
    QTest::newRow("schema-fraction")
        << R"({"schema": 1.5, "repositories": []})" << int(ErrorCode::FieldWrongType) << "schema";
    QTest::newRow("unknown-profile")
        << R"({"schema": 1, "repositories": [{"repository": "a/b", "profile": "magic"}]})"
        << int(ErrorCode::UnknownValue) << "repositories[0].profile";
    QTest::newRow("empty-match") << repo(R"({"match": "", "version": "2025"})")
                                 << int(ErrorCode::FieldOutOfRange)
                                 << "repositories[0].revisions[0].match";
    QTest::newRow("unknown-version")
        << repo(R"({"match": "x", "version": "1999"})") << int(ErrorCode::UnknownValue)
        << "repositories[0].revisions[0].version";
    QTest::newRow("gpu-not-a-string")
        << repo(R"({"match": "x", "version": "2025", "gpu": 100})")
        << int(ErrorCode::FieldWrongType) << "repositories[0].revisions[0].gpu";
}

void TstValidation::revisionsMalformed() {
    QFETCH(QString, text);
    QFETCH(int, code);
    QFETCH(QString, fieldName);
    auto r = parseFrameworkRevisions(text.toStdString());
    QVERIFY(!r);
    QCOMPARE(int(r.error().code), code);
    QCOMPARE(QString::fromStdString(r.error().field), fieldName);
}

// A file of 1,000,000 empty records (3 MB) is refused at its first record in bounded time: the
// parse is linear (failed before: nlohmann's callback parser scanned every finished object's
// siblings, 100,000 records took 7.6 s and 200,000 16.5 s; a million about 13 minutes). The
// bound, 10 s (issue 33), is for any build type; Release takes about 0.2 s.
void TstValidation::millionEmptyRecordsLinear() {
    std::string text = "[";
    text.reserve(3000002);
    for (int i = 0; i < 1000000; ++i)
        text += i ? ",{}" : "{}";
    text += "]";
    QElapsedTimer clock;
    clock.start();
    const auto r = parseRecords(text, revisions());
    const qint64 ms = clock.elapsed();
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), int(ErrorCode::FieldMissing));
    QCOMPARE(QString::fromStdString(r.error().field), QStringLiteral("[0].id"));
    QVERIFY2(ms < 10000, qPrintable(QString::number(ms) + " ms"));
}

void TstValidation::skipReasons_data() {
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("reason");
    QTest::newRow("null-sequence-length") << R"({"/sequence_length": null})"
                                          << "sequence_length is null";
    QTest::newRow("value-range-only")
        << R"({"/measured": {"metric": "unknown", "bytes": null, "value": null, "unit": "GB", "value_range": [72, 80]}})"
        << "value_range only ([72, 80] GB)";
    QTest::newRow("null-measured-bytes") << R"({"/measured/bytes": null})"
                                         << "measured.bytes is null";
    QTest::newRow("null-micro-batch") << R"({"/micro_batch_size": null})"
                                      << "micro_batch_size is null";
    QTest::newRow("null-tied-embeddings") << R"({"/model/tied_embeddings": null})"
                                          << "model.tied_embeddings is null";
    QTest::newRow("bert-family-not-modelled")
        << R"({"/model/family": "bert", "/model/mlp": "gelu"})"
        << "family 'bert' is not modelled";
    QTest::newRow("unknown-feature-not-modelled") << R"({"/features": ["async_tp"]})"
                                                  << "feature 'async_tp' is not modelled";
    QTest::newRow("unknown-lora-target") << R"({"/lora/targets": ["fc1"]})"
                                         << "lora.targets 'fc1'";
    // transformers' generate has no default prompt: hf-trainer documents none (HFOPT-*)
    QTest::newRow("null-prompt-tokens")
        << R"({"/mode": "inference", "/inference": {"prompt_tokens": null, "new_tokens": 60, "kv_cache_dtype": "bf16"}})"
        << "inference.prompt_tokens is null: prefill activations and the KV cache scale with it, "
           "and profile torch-loop@2 documents no generate default";
    // a mixture of experts has no flat-field description (gpt_oss: 32 experts; mixtral)
    QTest::newRow("gpt-oss-flat-fields-need-hf-config")
        << R"({"/model/family": "gpt_oss"})"
        << "model.family 'gpt_oss' routes tokens to experts, which the flat model fields cannot "
           "describe: give the model's config.json as model.hf_config";
    QTest::newRow("mixtral-flat-fields-need-hf-config") << R"({"/model/family": "mixtral"})"
                                                        << "model.family 'mixtral' routes tokens";
    // fp8/mxfp4 are accepted values, but no training path of the engine keeps them
    QTest::newRow("compute-fp8-not-modelled") << R"({"/compute_dtype": "fp8"})"
                                              << "compute_dtype 'fp8' is not modelled";
    QTest::newRow("grad-mxfp4-not-modelled") << R"({"/grad_dtype": "mxfp4"})"
                                             << "grad_dtype 'mxfp4' is not modelled";
    QTest::newRow("states-fp8-not-modelled") << R"({"/optimizer_state_dtype": "fp8"})"
                                             << "optimizer_state_dtype 'fp8' is not modelled";
    // the flat fields of a record with model.hf_config are cross-checked against it
    QTest::newRow("flat-layers-disagree-with-hf-config")
        << R"({"/model/hf_config": {"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 30, "num_attention_heads": 32, "num_key_value_heads": 32, "intermediate_size": 11008, "vocab_size": 32000}})"
        << "model.num_layers 32 disagrees with model.hf_config (num_hidden_layers -> 30)";
    QTest::newRow("flat-tied-disagrees-with-hf-config")
        << R"({"/model/hf_config": {"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 32, "intermediate_size": 11008, "vocab_size": 32000, "tie_word_embeddings": true}})"
        << "model.tied_embeddings false disagrees with model.hf_config (tie_word_embeddings -> "
           "true)";
    QTest::newRow("pp-without-grad-accum")
        << R"({"/gradient_accumulation_steps": null, "/parallelism": {"num_gpus": 2, "dp": 1, "tp": 1, "pp": 2, "cp": 1, "sharding": "none", "pp_schedule": "1F1B"}})"
        << "gradient_accumulation_steps is null";
}

void TstValidation::skipReasons() {
    QFETCH(QString, patch);
    QFETCH(QString, reason);
    auto entries = parseRecords(recordsText(patched(patch)), revisions());
    QVERIFY2(entries.ok(), entries.ok() ? "" : describe(entries.error()).c_str());
    const RecordEntry& e = entries->front();
    QVERIFY(!e.usable());
    QCOMPARE(QString::fromStdString(e.id), QStringLiteral("T-01"));
    std::string all;
    for (const auto& r : e.skipReasons)
        all += r + " | ";
    QVERIFY2(all.find(reason.toStdString()) != std::string::npos, all.c_str());
    // And the report lists it with its reason.
    const ValidationReport rep = runValidation(entries.value());
    QCOMPARE(rep.summary.count, 0);
    QCOMPARE(rep.skipped.size(), std::size_t{1});
    QVERIFY(rep.skipped.front().reason.find(reason.toStdString()) != std::string::npos);
}

// A setting the source leaves null is filled from the record's framework profile's documented
// default (resources/profiles.json fill_defaults, core resolveUnknowns) and listed; the record
// is scored. The base record's source is unknown to the revisions table, so it runs under
// hf-trainer; rows with a github source run under that repository's profile.
void TstValidation::filledDefaults_data() {
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("filled"); ///< the FilledField text must start with it
    const QString unsloth = QStringLiteral(
        "\"/source_url\": \"https://github.com/unslothai/unsloth/blob/ffffff/README.md\"");
    const QString litgpt = QStringLiteral(
        "\"/source_url\": \"https://github.com/Lightning-AI/litgpt/blob/ffffff/tutorials/x.md\"");
    // transformers TrainingArguments gradient_checkpointing=False
    QTest::newRow("hf-trainer-checkpointing-none")
        << R"({"/activation_checkpointing": null, "/measured/bytes": 39000000000, "/source_url": "https://github.com/huggingface/peft/blob/main/README.md"})"
        << "checkpointing"
        << "none"
        << "activation_checkpointing = none (hf-trainer: transformers";
    // unsloth get_peft_model use_gradient_checkpointing='unsloth'
    QTest::newRow("unsloth-checkpointing-full")
        << "{" + unsloth + R"(, "/activation_checkpointing": null})"
        << "checkpointing"
        << "full"
        << "activation_checkpointing = full (unsloth:";
    // transformers >= 4.36 attn_implementation 'sdpa'
    QTest::newRow("hf-trainer-attention-sdpa") << R"({"/attention": null})"
                                               << "attention"
                                               << "sdpa"
                                               << "attention = sdpa";
    // TrainingArguments optim 'adamw_torch'
    QTest::newRow("hf-trainer-optimizer-adamw") << R"({"/optimizer": null})"
                                                << "optimizer"
                                                << "adamw"
                                                << "optimizer = adamw";
    // unsloth notebooks optim='adamw_8bit'; its states int8 (bitsandbytes 8-bit)
    QTest::newRow("unsloth-optimizer-8bit")
        << "{" + unsloth + R"(, "/optimizer": null, "/optimizer_state_dtype": null})"
        << "optimizer_states"
        << "int8"
        << "optimizer = adamw_8bit";
    // torch AdamW zeros_like(p): the bf16 adapters (over a bf16 base) keep bf16 states
    QTest::newRow("adamw-states-follow-bf16-adapters") << R"({"/optimizer_state_dtype": null})"
                                                       << "optimizer_states"
                                                       << "bf16"
                                                       << "optimizer_state_dtype = bf16";
    // fp32 adapters (over an fp32 base) -> fp32 states and gradients
    QTest::newRow("adamw-states-follow-fp32-adapters")
        << R"({"/weight_dtype": "fp32", "/optimizer_state_dtype": null, "/grad_dtype": null, "/measured/bytes": 39000000000})"
        << "optimizer_states"
        << "fp32"
        << "grad_dtype = fp32";
    // bitsandbytes PagedAdamW (32-bit): fp32 states whatever the parameter dtype
    QTest::newRow("paged-adamw-states-fp32")
        << R"({"/optimizer": "paged_adamw", "/optimizer_state_dtype": null})"
        << "optimizer_states"
        << "fp32"
        << "optimizer_state_dtype = fp32";
    // torchao Int8QuantizedTrainingLinearWeight presents its scale's dtype (bf16): the full
    // fine-tune's gradients and AdamW states are bf16 (TAOQT-03)
    QTest::newRow("int8-trained-weight-grads-bf16")
        << R"({"/finetune": "pretrain", "/lora": null, "/weight_dtype": "int8", "/grad_dtype": null, "/optimizer_state_dtype": null})"
        << "grads"
        << "bf16"
        << "grad_dtype = bf16";
    // pytorch_amp preset of hf-trainer: the fp32 weights are the master copy, no extra one
    QTest::newRow("hf-trainer-master-false") << R"({"/master_weights_fp32": null})"
                                             << "master"
                                             << "false"
                                             << "master_weights_fp32 = false";
    // PEFT TRANSFORMERS_MODELS_TO_LORA_TARGET_MODULES_MAPPING llama: q_proj, v_proj = bits 0|2
    QTest::newRow("hf-trainer-lora-targets-q-v")
        << R"({"/lora/targets": null, "/source_url": "https://github.com/huggingface/peft/blob/main/README.md"})"
        << "lora_targets"
        << "5"
        << "lora.targets = q_proj,v_proj";
    // unsloth get_peft_model target_modules: the seven linears = 0x7F
    QTest::newRow("unsloth-lora-targets-all")
        << "{" + unsloth + R"(, "/lora/targets": null})"
        << "lora_targets"
        << "127"
        << "lora.targets = q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj";
    // llama-factory@2023 (the unsloth README's LLaMA-Factory table, Dec 2023): lora_target had
    // no default before 5d7d8bd (2024-03-09); the README's 'Default module' for LLaMA-2 is
    // q_proj,v_proj = bits 0|2. From March 2024 the default is 'all', the seven linears = 0x7F
    QTest::newRow("llama-factory-2023-lora-targets-readme-default-module")
        << "{\"/source_url\": \"https://github.com/unslothai/unsloth/blob/"
           "0a2c397393e2f0085e58476887d5e1d5af294cb0/README.md\", \"/lora/targets\": null}"
        << "lora_targets"
        << "5"
        << "lora.targets = q_proj,v_proj (llama-factory: LLaMA-Factory 306a70c";
    QTest::newRow("llama-factory-2024-lora-targets-all")
        << "{\"/source_url\": \"https://github.com/hiyouga/LLaMA-Factory/blob/abc/README.md\", "
           "\"/lora/targets\": null}"
        << "lora_targets"
        << "127"
        << "lora.targets = q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj "
           "(llama-factory: LLaMA-Factory src/llamafactory";
    // LLaMA-Factory loads the frozen base of a LoRA run in the compute dtype (patcher.py
    // torch_dtype = compute_dtype) unless ZeRO-3/FSDP keep it in float32; a generic HF Trainer
    // run keeps transformers' fp32 load (the pytorch_amp preset)
    const QString lf =
        R"("/source_url": "https://github.com/hiyouga/LLaMA-Factory/blob/abc/README.md")";
    QTest::newRow("llama-factory-lora-base-in-compute-dtype")
        << "{" + lf + R"(, "/weight_dtype": null})"
        << "weights"
        << "bf16"
        << "weight_dtype = bf16 (llama-factory: LLaMA-Factory src/llamafactory/model/patcher.py";
    QTest::newRow("llama-factory-lora-base-fp32-under-fsdp")
        << "{" + lf +
               R"(, "/weight_dtype": null, "/parallelism": {"num_gpus": 2, "dp": 2, "tp": 1, "pp": 1, "cp": 1, "sharding": "fsdp_full_shard", "pp_schedule": null}})"
        << "weights"
        << "fp32"
        << "weight_dtype = fp32 (llama-factory: precision pytorch_amp";
    QTest::newRow("llama-factory-2023-lora-base-in-compute-dtype-under-zero3")
        << "{\"/source_url\": \"https://github.com/unslothai/unsloth/blob/"
           "0a2c397393e2f0085e58476887d5e1d5af294cb0/README.md\", \"/weight_dtype\": null, "
           "\"/parallelism\": {\"num_gpus\": 2, \"dp\": 2, \"tp\": 1, \"pp\": 1, \"cp\": 1, "
           "\"sharding\": \"zero3\", \"pp_schedule\": null}}"
        << "weights"
        << "bf16"
        << "weight_dtype = bf16 (llama-factory: LLaMA-Factory 306a70c src/llmtuner/model/loader.py";
    // llama-factory@2023: every README example of 306a70c passes --fp16 (compute fp16), and the
    // LoRA base is loaded in it (loader.py model.to(compute_dtype)); the preset alone says bf16
    QTest::newRow("llama-factory-2023-compute-fp16-readme")
        << "{\"/source_url\": \"https://github.com/unslothai/unsloth/blob/"
           "0a2c397393e2f0085e58476887d5e1d5af294cb0/README.md\", \"/compute_dtype\": null, "
           "\"/weight_dtype\": null}"
        << "compute"
        << "fp16"
        << "compute_dtype = fp16 (llama-factory: LLaMA-Factory 306a70c README.md";
    QTest::newRow("llama-factory-2023-lora-base-in-readme-compute-dtype")
        << "{\"/source_url\": \"https://github.com/unslothai/unsloth/blob/"
           "0a2c397393e2f0085e58476887d5e1d5af294cb0/README.md\", \"/compute_dtype\": null, "
           "\"/weight_dtype\": null}"
        << "weights"
        << "fp16"
        << "weight_dtype = fp16 (llama-factory: LLaMA-Factory 306a70c src/llmtuner/model/loader.py";
    QTest::newRow("llama-factory-2024-compute-bf16-preset")
        << "{\"/source_url\": \"https://github.com/hiyouga/LLaMA-Factory/blob/abc/README.md\", "
           "\"/compute_dtype\": null}"
        << "compute"
        << "bf16"
        << "compute_dtype = bf16 (llama-factory: precision pytorch_amp";
    QTest::newRow("hf-trainer-lora-base-fp32")
        // fp32 weights alone are 26.95 GB: a measurement above them
        << R"({"/weight_dtype": null, "/measured/bytes": 32000000000, "/measured/value": 32, "/source_url": "https://github.com/huggingface/peft/blob/main/README.md"})"
        << "weights"
        << "fp32"
        << "weight_dtype = fp32 (hf-trainer: precision";
    // PEFT LoraConfig lora_dropout 0.0
    QTest::newRow("hf-trainer-lora-dropout-0") << R"({"/lora/dropout": null})"
                                               << "lora_dropout"
                                               << "false"
                                               << "lora.dropout = 0";
    // transformers BitsAndBytesConfig: bnb_4bit_quant_type 'fp4', no double quantisation
    QTest::newRow("hf-trainer-4bit-is-fp4") << R"({"/finetune": "qlora", "/weight_dtype": "4bit"})"
                                            << "weights"
                                            << "fp4"
                                            << "weight_dtype = fp4";
    // unsloth loader: nf4 with double quantisation
    QTest::newRow("unsloth-4bit-is-nf4-dq")
        << "{" + unsloth + R"(, "/finetune": "qlora", "/weight_dtype": "4bit"})"
        << "weights"
        << "nf4_double_quant"
        << "weight_dtype = nf4_double_quant";
    // litgpt GPT keeps lm_head and wte apart: untied in memory
    QTest::newRow("litgpt-untied") << "{" + litgpt + R"(, "/model/tied_embeddings": null})"
                                   << "tied"
                                   << "false"
                                   << "model.tied_embeddings = false";
    // lit-gpt generate/base.py: prompt 'Hello, my name is' (<= 6 tokens), max_new_tokens 50;
    // the context (KV cache length) is their sum, 56 (LITRT-13..17)
    const QString litgptInference =
        "{" + litgpt +
        R"(, "/mode": "inference", "/finetune": null, "/lora": null, "/optimizer": null, )"
        R"("/sequence_length": null, "/activation_checkpointing": "none", )"
        R"("/measured/bytes": 16000000000, "/inference": )";
    QTest::newRow("litgpt-generate-prompt-and-new-tokens")
        << litgptInference +
               R"({"prompt_tokens": null, "new_tokens": null, "kv_cache_dtype": "bf16"}})"
        << "seq_len"
        << "56"
        << "inference.new_tokens = 50 (litgpt: lit-gpt generate/base.py";
    // a stated count stays: max_new_tokens 256 (LITQ-01/03) + the default prompt's 6
    QTest::newRow("litgpt-generate-prompt-only")
        << litgptInference +
               R"({"prompt_tokens": null, "new_tokens": 256, "kv_cache_dtype": "bf16"}})"
        << "prompt_new"
        << "6+256"
        << "inference.prompt_tokens = 6 (litgpt:";
    // unsloth README commit 0a2c397 reports LLaMA-Factory runs: llama-factory@2023 fills
    // gradient checkpointing on (model_args disable_gradient_checkpointing=False)
    QTest::newRow("llama-factory-table-checkpointing-full")
        << "{\"/source_url\": \"https://github.com/unslothai/unsloth/blob/"
           "0a2c397393e2f0085e58476887d5e1d5af294cb0/README.md\", "
           "\"/activation_checkpointing\": null}"
        << "checkpointing"
        << "full"
        << "activation_checkpointing = full (llama-factory:";
    // ms-swift's Benchmark.md runs under the swift profile: dtype AUTO loads bf16 weights
    // (hf-trainer@4.45, what an unlisted repository gets, would load fp32)
    const QString swift =
        QStringLiteral("\"/source_url\": \"https://github.com/modelscope/ms-swift/blob/"
                       "4312aeb28776/docs/source/LLM/Benchmark.md\"");
    QTest::newRow("swift-lora-base-bf16")
        << "{" + swift + R"(, "/weight_dtype": null, "/measured/bytes": 30000000000})"
        << "weights"
        << "bf16"
        << "weight_dtype = bf16 (swift";
    // a full fine-tune's AdamW states follow the bf16 parameters: no fp32 master
    QTest::newRow("swift-full-states-bf16")
        << "{" + swift +
               R"(, "/finetune": "full", "/lora": null, "/weight_dtype": null, "/grad_dtype": null, "/optimizer_state_dtype": null, "/master_weights_fp32": null, "/measured/bytes": 75000000000, "/gpu/memory_gb": 80})"
        << "optimizer_states"
        << "bf16"
        << "optimizer_state_dtype = bf16 (swift";
    // argument.py lora_dropout_p 0.05
    QTest::newRow("swift-lora-dropout") << "{" + swift + R"(, "/lora/dropout": null})"
                                        << "lora_dropout"
                                        << "true"
                                        << "lora.dropout = > 0 (swift";
    // Benchmark.md defaults --use_flash_attn true
    QTest::newRow("swift-attention-flash") << "{" + swift + R"(, "/attention": null})"
                                           << "attention"
                                           << "flash"
                                           << "attention = flash (swift";
}

void TstValidation::filledDefaults() {
    QFETCH(QString, patch);
    QFETCH(QString, key);
    QFETCH(QString, expected);
    QFETCH(QString, filled);
    auto entries = parseRecords(recordsText(patched(patch)), revisions());
    QVERIFY2(entries.ok(), entries.ok() ? "" : describe(entries.error()).c_str());
    const RecordEntry& e = entries->front();
    std::string reasons;
    for (const auto& r : e.skipReasons)
        reasons += r + "; ";
    QVERIFY2(e.usable(), reasons.c_str());
    const std::string value = key == "tied"
                                  ? std::string(e.record->model.tiedEmbeddings ? "true" : "false")
                                  : field(*e.record, key.toStdString());
    QCOMPARE(QString::fromStdString(value), expected);
    std::string all;
    bool found = false;
    for (const FilledField& f : e.record->filled) {
        all += f.text() + " | ";
        found = found || f.text().rfind(filled.toStdString(), 0) == 0;
    }
    QVERIFY2(found, all.c_str());
    // the report carries the list
    const ValidationReport rep = runValidation(entries.value());
    QCOMPARE(rep.points.size(), std::size_t{1});
    QCOMPARE(rep.points.front().filled.size(), e.record->filled.size());
    const json j = json::parse(reportToJson(rep));
    QCOMPARE(j["points"][0]["filled"].size(), e.record->filled.size());
}

// Per-source statistics: two sources, hand-computed median / p90 / scored share.
void TstValidation::bySource() {
    ValidationReport rep;
    auto point = [](std::string source, double err) {
        PointResult p;
        p.source = std::move(source);
        p.errorPct = err;
        return p;
    };
    rep.points = {point("a/x", -2), point("a/x", 4), point("a/x", 10), point("b/y", 6)};
    rep.skipped = {{"S-1", "why", "b/y"}, {"S-2", "why", "c/z"}};
    const std::vector<SourceSummary> by = summarizeBySource(rep);
    QCOMPARE(by.size(), std::size_t{3});
    QCOMPARE(QString::fromStdString(by[0].source), QStringLiteral("a/x"));
    // |errors| 2, 4, 10: median 4; p90 rank 0.9 x 2 = 1.8 -> 4 + 0.8 x 6 = 8.8
    QCOMPARE(by[0].summary.count, 3);
    QVERIFY(std::fabs(by[0].summary.medianAbsErrorPct - 4.0) < 1e-12);
    QVERIFY(std::fabs(by[0].summary.p90AbsErrorPct - 8.8) < 1e-12);
    QCOMPARE(by[0].scoredShare(), 1.0);
    QCOMPARE(by[1].scoredShare(), 0.5); // b/y: 1 scored, 1 skipped
    QCOMPARE(by[2].summary.count, 0);   // c/z: only skipped
    QCOMPARE(by[2].scoredShare(), 0.0);
    QCOMPARE(sourceRepository("https://github.com/Pytorch/TorchTune/blob/abc/README.md"),
             std::string("pytorch/torchtune"));
    QCOMPARE(sourceRepository("https://example.org/page"), std::string("example.org"));
    QCOMPARE(sourceRepository("tools/measure/measure_peak.py --trainer hf (local measurement)"),
             std::string("tools/measure/measure_peak.py"));
}

void TstValidation::malformed_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("fieldName");
    const auto rec = [](const QString& patch) {
        return QString::fromStdString(recordsText(patched(patch)));
    };
    QTest::newRow("not-json") << "[{\"schema\": 1," << int(ErrorCode::JsonMalformed) << "";
    QTest::newRow("schema-version-2")
        << rec(R"({"/schema": 2})") << int(ErrorCode::UnsupportedVersion) << "[0].schema";
    QTest::newRow("schema-as-string")
        << rec(R"({"/schema": "1"})") << int(ErrorCode::FieldWrongType) << "[0].schema";
    QTest::newRow("missing-measured") << rec(R"({"/measured": {"$remove": true}})")
                                      << int(ErrorCode::FieldMissing) << "[0].measured";
    QTest::newRow("missing-model-field") << rec(R"({"/model/num_layers": {"$remove": true}})")
                                         << int(ErrorCode::FieldMissing) << "[0].model.num_layers";
    QTest::newRow("missing-id") << rec(R"({"/id": {"$remove": true}})")
                                << int(ErrorCode::FieldMissing) << "[0].id";
    QTest::newRow("micro-batch-as-string")
        << rec(R"({"/micro_batch_size": "4"})") << int(ErrorCode::FieldWrongType)
        << "[0].micro_batch_size";
    QTest::newRow("layers-as-float") << rec(R"({"/model/num_layers": 32.5})")
                                     << int(ErrorCode::FieldWrongType) << "[0].model.num_layers";
    QTest::newRow("features-not-a-list")
        << rec(R"({"/features": "packed"})") << int(ErrorCode::FieldWrongType) << "[0].features";
    QTest::newRow("negative-micro-batch")
        << rec(R"({"/micro_batch_size": -1})") << int(ErrorCode::FieldOutOfRange)
        << "[0].micro_batch_size";
    QTest::newRow("sample-lengths-not-an-object")
        << rec(R"({"/sample_lengths": "long"})") << int(ErrorCode::FieldWrongType)
        << "[0].sample_lengths";
    QTest::newRow("sample-lengths-negative-mean")
        << rec(R"({"/sample_lengths": {"mean": -3, "std": 1, "min": 1, "max": null, "drop_long": false, "steps": 10}})")
        << int(ErrorCode::FieldOutOfRange) << "[0].sample_lengths.mean";
    QTest::newRow("sample-lengths-missing-steps")
        << rec(R"({"/sample_lengths": {"mean": 300, "std": 1, "min": 1, "max": null, "drop_long": false}})")
        << int(ErrorCode::FieldMissing) << "[0].sample_lengths.steps";
    QTest::newRow("negative-bytes") << rec(R"({"/measured/bytes": -5})")
                                    << int(ErrorCode::FieldOutOfRange) << "[0].measured.bytes";
    QTest::newRow("unknown-attention")
        << rec(R"({"/attention": "magic"})") << int(ErrorCode::UnknownValue) << "[0].attention";
    QTest::newRow("unknown-metric") << rec(R"({"/measured/metric": "peak"})")
                                    << int(ErrorCode::UnknownValue) << "[0].measured.metric";
    QTest::newRow("layout-product-mismatch")
        << rec(R"({"/parallelism/num_gpus": 3})") << int(ErrorCode::InvalidLayout)
        << "[0].parallelism.num_gpus";
    QTest::newRow("record-not-object") << "[1]" << int(ErrorCode::FieldWrongType) << "[0]";
    QTest::newRow("object-without-records") << "{}" << int(ErrorCode::FieldMissing) << "records";
    QTest::newRow("top-level-number") << "42" << int(ErrorCode::FieldWrongType) << "(top level)";

    // Hostile records (issue "hostile input never crashes"): every integer is read within its
    // field's limit (core/engine/workload.h limits, hf_import's model bounds), every product
    // checked. dp 2^20 x tp 2^20 = 2^40 GPUs > limits::kGpus 2^20: tp is where the product passes
    // it
    QTest::newRow("dp-times-tp-2pow40")
        << rec(R"({"/parallelism/num_gpus": null, "/parallelism/dp": 1048576,
                   "/parallelism/tp": 1048576})")
        << int(ErrorCode::TooManyGpus) << "[0].parallelism.tp";
    // each 2^40: the old int64 product 2^160 overflowed (signed overflow, UB)
    QTest::newRow("dp-tp-pp-cp-each-2pow40")
        << rec(R"({"/parallelism/dp": 1099511627776, "/parallelism/tp": 1099511627776,
                   "/parallelism/pp": 1099511627776, "/parallelism/cp": 1099511627776})")
        << int(ErrorCode::FieldOutOfRange) << "[0].parallelism.dp";
    // 2^31 + 2 = 2147483650 was cast to int: -2147483646 ("-2.14748e+09")
    QTest::newRow("dp-2pow31-plus-2")
        << rec(R"({"/parallelism/num_gpus": null, "/parallelism/dp": 2147483650})")
        << int(ErrorCode::FieldOutOfRange) << "[0].parallelism.dp";
    // 4294967297 = 2^32 + 1 was cast to int: 1 layer
    QTest::newRow("num-layers-4294967297")
        << rec(R"({"/model/num_layers": 4294967297})") << int(ErrorCode::FieldOutOfRange)
        << "[0].model.num_layers";
    // 2^31 was cast to int: INT_MIN
    QTest::newRow("lora-rank-2pow31") << rec(R"({"/lora/rank": 2147483648})")
                                      << int(ErrorCode::FieldOutOfRange) << "[0].lora.rank";
    // prompt 2^62 + new 2^62 = 2^63 > INT64_MAX: the old sum overflowed
    QTest::newRow("prompt-plus-new-tokens-2pow62")
        << rec(R"({"/mode": "inference", "/finetune": null, "/lora": null,
                   "/master_weights_fp32": null, "/grad_dtype": null, "/optimizer": null,
                   "/optimizer_state_dtype": null, "/sequence_length": null,
                   "/gradient_accumulation_steps": null, "/activation_checkpointing": "none",
                   "/inference": {"prompt_tokens": 4611686018427387904,
                                  "new_tokens": 4611686018427387904, "kv_cache_dtype": "fp16"}})")
        << int(ErrorCode::FieldOutOfRange) << "[0].inference.prompt_tokens";
    // 1e308 GB x 1e9 = inf bytes: an infinite GPU (inf / 2^20 converted to int64, UB)
    QTest::newRow("memory-gb-1e308") << rec(R"({"/gpu/memory_gb": 1e308})")
                                     << int(ErrorCode::FieldOutOfRange) << "[0].gpu.memory_gb";
    QTest::newRow("measured-bytes-1e308")
        << rec(R"({"/measured/bytes": 1e308})") << int(ErrorCode::FieldOutOfRange)
        << "[0].measured.bytes";
    // 1e400 overflows a double while parsing: nlohmann throws json::out_of_range 406
    // (an uncaught "internal error" before); the parser's path names the field.
    const QString big = rec(R"({"/gpu/memory_gb": 4242424242})");
    QTest::newRow("number-1e400") << QString(big).replace("4242424242", "1e400")
                                  << int(ErrorCode::JsonMalformed) << "[0].gpu.memory_gb";
    QTest::newRow("number-minus-1e400-in-array")
        << rec(R"({"/measured/value_range": [4242424242, 2]})").replace("4242424242", "-1e400")
        << int(ErrorCode::JsonMalformed) << "[0].measured.value_range[0]";
    QTest::newRow("number-1e400-under-records")
        << "{\"records\": " + QString(big).replace("4242424242", "1e400") + "}"
        << int(ErrorCode::JsonMalformed) << "records[0].gpu.memory_gb";
}

void TstValidation::malformed() {
    QFETCH(QString, text);
    QFETCH(int, code);
    QFETCH(QString, fieldName);
    // --strict's policy: an unknown enum string is an error too (unknownValueSkipsRecord has
    // the default, which skips that record)
    const auto r = parseRecords(text.toStdString(), {}, UnknownValuePolicy::RejectFile);
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), code);
    QCOMPARE(QString::fromStdString(r.error().field), fieldName);
    // The message names the record where one is known (the JSON parser knows no records).
    if (fieldName.startsWith(QLatin1String("[0].")) && fieldName != QLatin1String("[0].id") &&
        code != int(ErrorCode::JsonMalformed))
        QVERIFY2(r.error().detail.find("T-01") != std::string::npos, r.error().detail.c_str());
}

void TstValidation::statistics_data() {
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("expectedMedian");
    QTest::addColumn<double>("expectedP90");
    // Sorted {1,2,3}: median 2; p90 rank 0.9 x 2 = 1.8 -> 2 + 0.8 x (3 - 2) = 2.8.
    QTest::newRow("odd-count") << QList<double>{3, 1, 2} << 2.0 << 2.8;
    // Sorted {1,2,3,4}: median (2 + 3) / 2 = 2.5; p90 rank 2.7 -> 3 + 0.7 x 1 = 3.7.
    QTest::newRow("even-count") << QList<double>{4, 1, 3, 2} << 2.5 << 3.7;
    QTest::newRow("single-value") << QList<double>{5} << 5.0 << 5.0;
    // 1..10: median 5.5; p90 rank 8.1 -> 9 + 0.1 x 1 = 9.1.
    QTest::newRow("one-to-ten") << QList<double>{10, 9, 8, 7, 6, 5, 4, 3, 2, 1} << 5.5 << 9.1;
    // {0.5, 20, 3, 7, 1}: sorted {0.5,1,3,7,20}: median 3; p90 rank 3.6 -> 7 + 0.6 x 13 = 14.8.
    QTest::newRow("skewed") << QList<double>{0.5, 20, 3, 7, 1} << 3.0 << 14.8;
    QTest::newRow("empty-is-zero") << QList<double>{} << 0.0 << 0.0;
}

void TstValidation::statistics() {
    QFETCH(QList<double>, values);
    QFETCH(double, expectedMedian);
    QFETCH(double, expectedP90);
    const std::vector<double> v(values.begin(), values.end());
    QVERIFY(std::fabs(median(v) - expectedMedian) < 1e-12);
    QVERIFY(std::fabs(percentile(v, 90) - expectedP90) < 1e-12);
    QVERIFY(std::fabs(percentile(v, 50) - expectedMedian) < 1e-12);
}

void TstValidation::summaryOfSignedErrors() {
    // Signed {-10, +2, -4}: |e| sorted {2, 4, 10}: median 4, p90 rank 1.8 -> 4 + 0.8 x 6 = 8.8,
    // mean signed (-10 + 2 - 4) / 3 = -4, max 10.
    const ErrorSummary s = summarize({-10, 2, -4}, 3, 1);
    QCOMPARE(s.count, 3);
    QVERIFY(std::fabs(s.medianAbsErrorPct - 4.0) < 1e-12);
    QVERIFY(std::fabs(s.p90AbsErrorPct - 8.8) < 1e-12);
    QVERIFY(std::fabs(s.meanSignedErrorPct + 4.0) < 1e-12);
    QVERIFY(std::fabs(s.maxAbsErrorPct - 10.0) < 1e-12);
    QCOMPARE(s.verdictsChecked, 3);
    QCOMPARE(s.wrongFitVerdicts, 1);
    // (110 - 100) / 100 = +10 %; (90 - 100) / 100 = -10 %.
    QVERIFY(std::fabs(signedErrorPct(110, 100) - 10.0) < 1e-12);
    QVERIFY(std::fabs(signedErrorPct(90, 100) + 10.0) < 1e-12);
}

void TstValidation::capacityRules() {
    // 24 GB card: 24 x 2^30 = 25,769,803,776 bytes (GiB rule); 24e9 (GB rule).
    QCOMPARE(capacityBytes(24, CapacityRule::GiB), 25769803776.0);
    QCOMPARE(capacityBytes(24, CapacityRule::GB), 24e9);
    QCOMPARE(capacityBytes(0, CapacityRule::GiB), 0.0);
}

void TstValidation::baselines_data() {
    QTest::addColumn<QString>("patch");
    QTest::addColumn<double>("seed000");
    QTest::addColumn<double>("seed001");
    const double P = 6738415616.0; // Llama-2-7B, the record's param_count
    // Seed 000, training, b = 2 (bf16), Adam o = 8:
    //   (2P + 2P + 8P + 1.5 x 2P) x 1.15 = 15P x 1.15 = 17.25 P.
    // Seed 001, training: 2P + 12P + 2P + 12 h s L b B = 16P + 12 x 4096 x 512 x 32 x 2 x 2
    //   = 16P + 3,221,225,472. LoRA is fed in as a full fine-tune (the seeds have no LoRA).
    QTest::newRow("lora-treated-as-full") << "" << 17.25 * P << 16 * P + 3221225472.0;
    // SGD: o = 4 -> (2P + 2P + 4P + 3P) x 1.15 = 12.65 P; seed 001: 2P + 4P + 2P + act.
    QTest::newRow("sgd") << R"({"/optimizer": "sgd", "/optimizer_state_dtype": null})" << 12.65 * P
                         << 8 * P + 3221225472.0;
    // fp32 weights, b = 4: (4P + 4P + 8P + 6P) x 1.15 = 25.3 P; seed 001: 4P + 12P + 4P +
    // 12 x 4096 x 512 x 32 x 4 x 2 = 20P + 6,442,450,944.
    QTest::newRow("fp32") << R"({"/weight_dtype": "fp32"})" << 25.3 * P << 20 * P + 6442450944.0;
    // QLoRA nf4: the seeds' int4 = 0.5 B: (0.5P + 0.5P + 8P + 0.75P) x 1.15 = 11.2125 P;
    // seed 001: 0.5P + 12P + 0.5P + 12 x 4096 x 512 x 32 x 0.5 x 2 = 13P + 805,306,368.
    QTest::newRow("qlora-as-int4") << R"({"/finetune": "qlora", "/weight_dtype": "nf4"})"
                                   << 11.2125 * P << 13 * P + 805306368.0;
    // Inference, bf16, batch 1, 20 + 60 tokens: seed 000 P x 2; seed 001
    // 2P + 2 x 32 x (4096 // 128 = 32) x 128 x 2 x 1 x 80 = 2P + 41,943,040.
    QTest::newRow("inference")
        << R"({"/mode": "inference", "/micro_batch_size": 1, "/inference": {"prompt_tokens": 20, "new_tokens": 60, "kv_cache_dtype": "bf16"}})"
        << 2 * P << 2 * P + 41943040.0;
}

void TstValidation::baselines() {
    QFETCH(QString, patch);
    QFETCH(double, seed000);
    QFETCH(double, seed001);
    auto entries = parseRecords(recordsText(patched(patch)), revisions());
    QVERIFY(entries.ok());
    QVERIFY(entries->front().usable());
    const MeasurementRecord& r = *entries->front().record;
    QVERIFY2(std::fabs(seed000QuickEstimate(r) - seed000) <= 1e-9 * seed000,
             std::to_string(seed000QuickEstimate(r)).c_str());
    QVERIFY2(std::fabs(seed001WillItFit(r) - seed001) <= 1e-9 * seed001,
             std::to_string(seed001WillItFit(r)).c_str());
}

void TstValidation::engineRejectionIsASkip() {
    // TP 3 cannot split 32 heads: validateWorkload rejects it; the report skips the record
    // with the engine's reason instead of estimating garbage.
    auto entries = parseRecords(recordsText(patched(
        R"({"/parallelism": {"num_gpus": 3, "dp": 1, "tp": 3, "pp": 1, "cp": 1, "sharding": "none", "pp_schedule": null}})")));
    QVERIFY(entries.ok());
    QVERIFY(entries->front().usable());
    const ValidationReport rep = runValidation(entries.value());
    QCOMPARE(rep.summary.count, 0);
    QCOMPARE(rep.skipped.size(), std::size_t{1});
    QVERIFY2(rep.skipped.front().reason.find("rejects the workload") != std::string::npos,
             rep.skipped.front().reason.c_str());
}

void TstValidation::reportJsonShape() {
    auto entries = parseRecords(
        json::array({patched(""), patched(R"({"/id": "T-02", "/sequence_length": null})")}).dump());
    QVERIFY(entries.ok());
    const ValidationReport rep = runValidation(entries.value());
    const json j = json::parse(reportToJson(rep));
    QVERIFY(j.contains("points") && j["points"].is_array());
    QCOMPARE(j["points"].size(), std::size_t{1});
    const json& p = j["points"][0];
    QCOMPARE(QString::fromStdString(p["id"].get<std::string>()), QStringLiteral("T-01"));
    QCOMPARE(p["measured_bytes"].get<double>(), 15570000000.0);
    // error_pct is (estimated - measured) / measured x 100 of the point's own numbers.
    const double est = p["estimated_bytes"].get<double>();
    QVERIFY(std::fabs(p["error_pct"].get<double>() - (est - 15570000000.0) / 15570000000.0 * 100) <
            1e-9);
    const json& s = j["summary"];
    for (const char* k :
         {"count", "skipped", "median_abs_error_pct", "p90_abs_error_pct", "wrong_fit_verdicts"})
        QVERIFY2(s.contains(k), k);
    QCOMPARE(s["count"].get<int>(), 1);
    QCOMPARE(s["skipped"].size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(s["skipped"][0]["id"].get<std::string>()),
             QStringLiteral("T-02"));
    QCOMPARE(j["baselines"].size(), std::size_t{2});
    // The verdict is checked against 40 x 2^30 bytes (GiB rule).
    QCOMPARE(p["capacity_bytes"].get<double>(), 40.0 * 1073741824.0);
}

// A measurement below what its own stated configuration must hold is skipped with both
// numbers (shaped like TTL2-03: Llama-2-7B LoRA, no AC, 4 x 2048 tokens, FSDP over 2 GPUs).
void TstValidation::configurationFloor() {
    const char* patch =
        R"({"/activation_checkpointing": "none", "/micro_batch_size": 4, "/sequence_length": 2048,
            "/parallelism": {"num_gpus": 2, "dp": 2, "tp": 1, "pp": 1, "cp": 1,
                             "sharding": "fsdp_full_shard", "pp_schedule": null},
            "/measured": {"metric": "unknown", "bytes": 16200000000, "value": 16.2, "unit": "GB",
                          "value_range": null}})";
    auto entries = parseRecords(recordsText(patched(QString::fromUtf8(patch))));
    QVERIFY(entries.ok() && entries->front().usable());
    // by hand: bf16 weights 6,738,415,616 x 2 B / 2 shards, plus per block and token the
    // SDPA inputs and output c (2 x 4096 + 2 x 4096) and SwiGLU gate + up c (2 x 11008),
    // c = 2, over 32 blocks x 8192 tokens, plus the lm_head's bf16 output at the end of
    // forward, 8192 tokens x 32000 x 2 B = 524,288,000
    const double weights = 6738415616.0 * 2 / 2;
    const double acts = 32.0 * 8192 * (2 * (2 * 4096 + 2 * 4096) + 2 * 2 * 11008);
    const double logits = 8192.0 * 32000 * 2;
    compare(configurationFloorBytes(*entries->front().record), weights + acts + logits);
    const ValidationReport rep = runValidation(entries.value());
    QCOMPARE(rep.summary.count, 0);
    QCOMPARE(rep.skipped.size(), std::size_t{1});
    // (6,738,415,616 + 26,132,660,224 + 524,288,000) / 2^30 = 25.51 GiB
    QVERIFY2(rep.skipped.front().reason.find("below the 25.51 GiB") != std::string::npos,
             rep.skipped.front().reason.c_str());
    // with full AC the floor is the block inputs only (c h per token and block), and the same
    // measurement is used
    json ok = patched(QString::fromUtf8(patch));
    ok["activation_checkpointing"] = "full";
    auto kept = parseRecords(recordsText(ok));
    QVERIFY(kept.ok());
    compare(configurationFloorBytes(*kept->front().record),
            weights + 32.0 * 8192 * 2 * 4096 + logits);
    QCOMPARE(runValidation(kept.value()).summary.count, 1);
    // activation offloading (torchtune OffloadActivations) moves the block inputs to the host:
    // only the block computing and the one prefetched stay, 2 x 8192 x 2 x 4096 bytes
    ok["features"] = json::array({"activation_offload"});
    auto offloaded = parseRecords(recordsText(ok));
    QVERIFY(offloaded.ok());
    compare(configurationFloorBytes(*offloaded->front().record),
            weights + 2.0 * 8192 * 2 * 4096 + logits);
}

QTEST_APPLESS_MAIN(TstValidation)
#include "tst_validation.moc"
