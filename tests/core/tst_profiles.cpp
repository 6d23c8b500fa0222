// Framework profiles (core/engine/profiles.h, resources/profiles.json, docs/profiles.md): each
// profile against `custom` with the number derived by hand from the framework source named in the
// row; the facts as rules on the run (changing TP, sharding, the loss after the pick); the lookup
// errors; scenario files' framework key, old dtype-preset keys included.

#include "core/engine/estimator.h"
#include "core/engine/profiles.h"
#include "core/io/scenario.h"
#include "core/model/presets.h"

#include "testsupport.h"

#include <QtTest>
#include <algorithm>
#include <nlohmann/json.hpp>

using namespace headroom;

namespace {

/// llama-3.1-8b, training, micro-batch 1 x 512 tokens, bf16 compute, one GPU; the profile
/// @p spec picked first, then the finetune kind (as the CLI applies --framework first).
Workload pickedRun(const char* spec, Finetune ft) {
    Workload w = testsupport::training(PrecisionPreset::Custom, 1, 512);
    const auto c = parseProfileSpec(spec);
    if (c)
        selectProfile(w, *c);
    w.finetune = ft;
    if (ft == Finetune::QLoRA && !isQuantized(w.precision.weights))
        w.precision.weights = DType::NF4DoubleQuant;
    return w;
}

const ModelArch& llama8b() {
    static const ModelArch m = findModelPreset("llama-3.1-8b")->arch;
    return m;
}

} // namespace

class TestProfiles : public QObject {
    Q_OBJECT
private slots:
    void versusCustom_data();
    void versusCustom();
    void factsFollowTheRun_data();
    void factsFollowTheRun();
    void megatronGradBuffer_data();
    void megatronGradBuffer();
    void lookup_data();
    void lookup();
    void everyProfileEstimates();
    void scenarioFrameworkKey_data();
    void scenarioFrameworkKey();
    void fillDefaultsTable_data();
    void fillDefaultsTable();
    void versionFillDefaults_data();
    void versionFillDefaults();
    void loraBaseRulePick_data();
    void loraBaseRulePick();
    void checkpointDtypePick_data();
    void checkpointDtypePick();
    void checkpointDtypeFill_data();
    void statedGradsAreTheAdapters_data();
    void statedGradsAreTheAdapters();
    void checkpointDtypeFill();
    void modelCastsItself_data();
    void modelCastsItself();
    void generateDefaultsFillTheContext_data();
    void generateDefaultsFillTheContext();
    void litgptBitsandbytesPrecision_data();
    void litgptBitsandbytesPrecision();
    void litgptUnexpandedMqa();
    void geluNewFollowsTheModel();
    void deepspeedGradientBucket_data();
    void deepspeedGradientBucket();
};

// One term of the worst rank (or its pageable bytes, term -1) per parameter of the base
// (perTrainable false) or per trainable parameter, for the profile and for `custom` (whose
// defaults are bf16 weights and gradients, no master copy, fp32 AdamW states).
void TestProfiles::versusCustom_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("finetune");
    QTest::addColumn<int>("term");
    QTest::addColumn<bool>("perTrainable");
    QTest::addColumn<double>("profileBytes");
    QTest::addColumn<double>("customBytes");
    const int full = int(Finetune::Full), qlora = int(Finetune::QLoRA), lora = int(Finetune::LoRA);
    // torchtune recipes dtype=bf16; torch/optim/adamw.py keeps exp_avg, exp_avg_sq in the
    // parameter dtype: 2 x 2 B against custom's 2 x 4 B.
    QTest::newRow("torchtune-bf16-adamw-states")
        << "torchtune" << full << int(Term::OptimizerStates) << false << 4.0 << 8.0;
    // litgpt precision=bf16-true: the same 2 x 2 B (torch/optim/adamw.py).
    QTest::newRow("litgpt-bf16-true-adamw-states")
        << "litgpt" << full << int(Term::OptimizerStates) << false << 4.0 << 8.0;
    // torchtitan MixedPrecisionPolicy(param=bf16, reduce=fp32): fp32 sharded gradients (one
    // GPU: shard of 1), 4 B against bf16's 2 B.
    QTest::newRow("torchtitan-fp32-gradients")
        << "torchtitan" << full << int(Term::Gradients) << false << 4.0 << 2.0;
    // transformers Trainer bf16=True keeps the model in fp32 (autocast): 4 B weights.
    QTest::newRow("hf-trainer-fp32-weights")
        << "hf-trainer" << full << int(Term::Weights) << false << 4.0 << 2.0;
    // DeepSpeed bf16 (stage_1_and_2.py): fp32 master copy, 4 B per parameter; custom none.
    QTest::newRow("deepspeed-fp32-master")
        << "deepspeed" << full << int(Term::MasterWeights) << false << 4.0 << 0.0;
    // Megatron distributed optimizer: fp32 main grads (distrib_optimizer.py), 4 B.
    QTest::newRow("megatron-fp32-main-grads")
        << "megatron" << full << int(Term::Gradients) << false << 4.0 << 2.0;
    // fsdp_qlora / QLoRA: bitsandbytes PagedAdamW32bit, fp32 m and v of the adapters in
    // unified memory: 8 B per trainable parameter pageable; custom's AdamW pages nothing.
    QTest::newRow("fsdp-qlora-paged-adamw") << "fsdp-qlora" << qlora << -1 << true << 8.0 << 0.0;
    // Unsloth notebooks optim="adamw_8bit": bitsandbytes blockwise 8-bit states, 2 x (1 B +
    // 4 B absmax / 2048) = 2.00390625 B per trainable parameter against 2 x 4 B.
    QTest::newRow("unsloth-adamw-8bit-states")
        << "unsloth" << lora << int(Term::OptimizerStates) << true << 2.00390625 << 8.0;
}

void TestProfiles::versusCustom() {
    QFETCH(QString, spec);
    QFETCH(int, finetune);
    QFETCH(int, term);
    QFETCH(bool, perTrainable);
    QFETCH(double, profileBytes);
    QFETCH(double, customBytes);
    const auto ft = static_cast<Finetune>(finetune);
    const QByteArray s = spec.toUtf8();
    const Estimate ep = estimate(llama8b(), pickedRun(s.constData(), ft));
    const Estimate ec = estimate(llama8b(), pickedRun("custom", ft));
    auto value = [term](const Estimate& e) {
        return term < 0 ? e.worst.pageable : testsupport::term(e.worst, static_cast<Term>(term));
    };
    auto per = [perTrainable](const Estimate& e) {
        return static_cast<double>(perTrainable ? e.trainableParams : e.totalParams);
    };
    testsupport::compare(value(ep), profileBytes * per(ep));
    testsupport::compare(value(ec), customBytes * per(ec));
}

// The facts are rules on the run, evaluated by estimate(): the same pick with a different TP,
// sharding, loss or finetune kind gets the framework's behaviour for that run.
void TestProfiles::factsFollowTheRun_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("sharding");
    QTest::addColumn<int>("finetune");
    QTest::addColumn<bool>("chunked");
    QTest::addColumn<QString>("expected"); ///< flags set, in a fixed order
    const int none = int(Sharding::None), fsdp = int(Sharding::FsdpFullShard);
    const int full = int(Finetune::Full), lora = int(Finetune::LoRA), qlora = int(Finetune::QLoRA);
    // torchtitan train.py: loss_parallel() and SequenceParallel norms only with TP > 1.
    QTest::newRow("torchtitan-tp1") << "torchtitan" << 1 << fsdp << full << false << "";
    QTest::newRow("torchtitan-tp8")
        << "torchtitan" << 8 << fsdp << full << false << "sequence_parallel loss_parallel";
    // torchtitan 9dec370 (Dec 2024) models/llama/model.py: output(h).float().
    QTest::newRow("torchtitan-2024-12-tp8") << "torchtitan@2024-12" << 8 << fsdp << full << false
                                            << "fp32_logits sequence_parallel loss_parallel";
    // torchtune TransformerDecoder: .float() only on the unchunked output.
    QTest::newRow("torchtune-unchunked")
        << "torchtune" << 1 << none << full << false << "torchao_nf4 fp32_logits";
    QTest::newRow("torchtune-chunked") << "torchtune" << 1 << none << full << true << "torchao_nf4";
    // torchtune before `del logits` (PRs #1046/#1235): logits kept through backward.
    QTest::newRow("torchtune-2024-05-chunked")
        << "torchtune@2024-05" << 1 << none << full << true << "torchao_nf4 retained_logits";
    // torchtune QLoRA load recipes: chunked to_nf4 (torchao >= 0.2) vs torchao 0.1.
    QTest::newRow("torchtune-qlora-load")
        << "torchtune" << 1 << none << qlora << false << "torchao_nf4 fp32_logits load=torchao_nf4";
    QTest::newRow("torchtune-2024-05-qlora-load")
        << "torchtune@2024-05" << 1 << none << qlora << false
        << "torchao_nf4 fp32_logits retained_logits load=torchao_nf4_unchunked";
    // litgpt: no_sync accumulation only when sharded; mixed frozen units only for LoRA.
    QTest::newRow("litgpt-single")
        << "litgpt" << 1 << none << lora << true << "retained_logits fused_qkv_lora";
    QTest::newRow("litgpt-fsdp-full") << "litgpt" << 1 << fsdp << full << true
                                      << "retained_logits fused_qkv_lora no_sync_accumulation";
    QTest::newRow("litgpt-fsdp-lora")
        << "litgpt" << 1 << fsdp << lora << true
        << "retained_logits fused_qkv_lora mixed_frozen_units no_sync_accumulation";
    // fsdp_qlora train.py low_memory: the FSDP1 load recipe only when sharded.
    QTest::newRow("fsdp-qlora-single")
        << "fsdp-qlora" << 1 << none << qlora << false << "fp32_logits retained_logits";
    QTest::newRow("fsdp-qlora-fsdp") << "fsdp-qlora" << 1 << fsdp << qlora << false
                                     << "fp32_logits retained_logits load=fsdp1_sync_module_states";
    // transformers before 4.45 (modeling_llama.py logits.float()), and after.
    QTest::newRow("hf-trainer-4.44")
        << "hf-trainer@4.44" << 1 << none << lora << false << "fp32_logits gelu_new_ops";
    QTest::newRow("hf-trainer-4.45")
        << "hf-trainer@4.45" << 1 << none << lora << false << "gelu_new_ops";
    // transformers 5.17 Trainer ran adamw_torch_fused (the H200 runs' logs)
    QTest::newRow("hf-trainer-5") << "hf-trainer@5" << 1 << none << full << false
                                  << "fused_optimizer gelu_new_ops";
    // transformers' NewGELUActivation (activations.py) in every profile that trains through
    // transformers' modelling code; litgpt and torchtune call the fused F.gelu
    QTest::newRow("llama-factory-2024-10")
        << "llama-factory@2024-10" << 1 << none << lora << false << "gelu_new_ops";
    QTest::newRow("swift-1.5") << "swift@1.5" << 1 << none << lora << false << "gelu_new_ops";
    QTest::newRow("custom") << "custom" << 8 << fsdp << lora << false << "";
    // Megatron-Core: the main-grad buffer in any training; Megatron SP's sharded linear
    // inputs only with TP > 1 (param_and_grad_buffer.py; tensor_parallel/layers.py).
    QTest::newRow("megatron-tp1") << "megatron" << 1 << none << full << false
                                  << "persistent_grad_buffer";
    QTest::newRow("megatron-tp4") << "megatron" << 4 << none << lora << false
                                  << "persistent_grad_buffer sp_sharded_inputs";
    // the precision preset alone is dtypes only: no Megatron behaviour
    QTest::newRow("megatron-preset-only") << "custom" << 4 << none << full << false << "";
}

void TestProfiles::factsFollowTheRun() {
    QFETCH(QString, spec);
    QFETCH(int, tp);
    QFETCH(int, sharding);
    QFETCH(int, finetune);
    QFETCH(bool, chunked);
    QFETCH(QString, expected);
    const QByteArray s = spec.toUtf8();
    Workload w = pickedRun(s.constData(), static_cast<Finetune>(finetune));
    // changed after the pick
    w.parallel.tp = tp;
    w.parallel.sharding = static_cast<Sharding>(sharding);
    w.features.chunkedCrossEntropy = chunked;
    const Workload a = withProfileApplied(w);
    QStringList got;
    auto add = [&got](bool on, const char* key) {
        if (on)
            got << QString::fromLatin1(key);
    };
    add(a.features.torchaoNf4, "torchao_nf4");
    add(a.features.fp32Logits, "fp32_logits");
    add(a.features.retainedLogits, "retained_logits");
    add(a.features.fusedQkvLora, "fused_qkv_lora");
    add(a.parallel.mixedFrozenUnits, "mixed_frozen_units");
    add(a.parallel.noSyncAccumulation, "no_sync_accumulation");
    add(a.parallel.sequenceParallel, "sequence_parallel");
    add(a.parallel.lossParallel, "loss_parallel");
    add(a.features.persistentGradBuffer, "persistent_grad_buffer");
    add(a.parallel.spShardedInputs, "sp_sharded_inputs");
    add(a.features.fusedOptimizer, "fused_optimizer");
    add(a.features.geluNewOps, "gelu_new_ops");
    if (a.features.loadRecipe != LoadRecipe::InPlace)
        got << QStringLiteral("load=") + QString::fromLatin1(loadRecipeKey(a.features.loadRecipe));
    QCOMPARE(got.join(QLatin1Char(' ')), expected);
}

// Megatron-Core DDP's main-grad buffer (megatron/core/distributed/param_and_grad_buffer.py)
// is allocated when the model is wrapped, so the gradients are resident in the forward pass
// of the first micro-batch too. The megatron profile against its own precision preset alone
// (same dtypes, no facts), one GPU, no accumulation: the forward phase differs by exactly
// the fp32 main grads, 4 B per trainable parameter (all 8,030,261,248 for full training,
// the LoRA adapters' for LoRA); every other term is the same.
void TestProfiles::megatronGradBuffer_data() {
    QTest::addColumn<int>("finetune");
    QTest::newRow("megatron-grad-buffer-full") << int(Finetune::Full);
    QTest::newRow("megatron-grad-buffer-lora") << int(Finetune::LoRA);
}

void TestProfiles::megatronGradBuffer() {
    QFETCH(int, finetune);
    const auto ft = static_cast<Finetune>(finetune);
    const Workload profile = pickedRun("megatron", ft);
    Workload presetOnly = pickedRun("custom", ft);
    applyPrecisionPreset(presetOnly, PrecisionPreset::Megatron);
    QCOMPARE(presetOnly.precision.grads, profile.precision.grads);
    QCOMPARE(presetOnly.parallel.sharding, profile.parallel.sharding);
    const Estimate ep = estimate(llama8b(), profile);
    const Estimate ec = estimate(llama8b(), presetOnly);
    const auto fwd = static_cast<std::size_t>(Phase::Forward);
    const double mainGrads = 4.0 * static_cast<double>(ep.trainableParams);
    if (ft == Finetune::Full)
        QCOMPARE(ep.trainableParams, int64_t{8030261248});
    testsupport::compare(ep.worst.phaseAllocated[fwd] - ec.worst.phaseAllocated[fwd], mainGrads);
}

void TestProfiles::lookup_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("resolved"); ///< "" = error
    QTest::newRow("newest-torchtune") << "torchtune"
                                      << "torchtune@2024-08";
    QTest::newRow("explicit-version") << "torchtune@2024-05"
                                      << "torchtune@2024-05";
    QTest::newRow("case-and-underscore") << "HF_Trainer"
                                         << "hf-trainer@5";
    QTest::newRow("unknown-name") << "pytorch_amp"
                                  << "";
    QTest::newRow("unknown-version") << "torchtitan@2023"
                                     << "";
    QTest::newRow("empty-version") << "litgpt@"
                                   << "";
}

void TestProfiles::lookup() {
    QFETCH(QString, spec);
    QFETCH(QString, resolved);
    const auto c = parseProfileSpec(spec.toStdString());
    if (resolved.isEmpty()) {
        QVERIFY(!c);
        QCOMPARE(c.error().code, ErrorCode::UnknownValue);
        QCOMPARE(QString::fromStdString(c.error().field), QStringLiteral("framework"));
        QVERIFY(c.error().detail.find("torchtune@2024-08") != std::string::npos); // lists them
        return;
    }
    QVERIFY(c);
    QCOMPARE(QString::fromStdString(profileSpec(c->ref())), resolved);
}

// Every profile and version of the table estimates a LoRA run of llama-3.1-8b, and every fact
// names its source.
void TestProfiles::everyProfileEstimates() {
    QVERIFY(frameworkProfiles().size() >= 9);
    for (const FrameworkProfile& p : frameworkProfiles()) {
        for (const ProfileVersion& v : p.versions) {
            Workload w = pickedRun((p.name + "@" + v.version).c_str(), Finetune::LoRA);
            QCOMPARE(QString::fromStdString(profileSpec(w.profile)),
                     QString::fromStdString(p.name + "@" + v.version));
            const auto e = estimateChecked(llama8b(), w, nullptr);
            QVERIFY2(e.ok(), (p.name + "@" + v.version).c_str());
            for (const ProfileFact& f : v.facts)
                QVERIFY(!f.source.empty() && !f.fact.empty());
        }
    }
}

void TestProfiles::scenarioFrameworkKey_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("profile");
    QTest::addColumn<QString>("preset");
    QTest::newRow("profile-with-version") << "torchtitan@2024-12"
                                          << "torchtitan@2024-12"
                                          << "custom";
    QTest::newRow("profile-newest") << "litgpt"
                                    << "litgpt@2024"
                                    << "custom";
    // files written before the profiles: the dtype preset, profile custom (same estimate)
    QTest::newRow("old-pure-bf16") << "pure_bf16"
                                   << "custom@any"
                                   << "pure_bf16";
    QTest::newRow("old-pytorch-amp") << "pytorch_amp"
                                     << "custom@any"
                                     << "pytorch_amp";
}

void TestProfiles::scenarioFrameworkKey() {
    QFETCH(QString, key);
    QFETCH(QString, profile);
    QFETCH(QString, preset);
    Scenario s = defaultScenario();
    nlohmann::json j = nlohmann::json::parse(toJson(s));
    j["workload"]["framework"] = key.toStdString();
    j["workload"].erase("precision_preset");
    const auto r = scenarioFromJson(j.dump());
    QVERIFY2(r.ok(), r.ok() ? "" : describe(r.error()).c_str());
    QCOMPARE(QString::fromStdString(profileSpec(r->workload.profile)), profile);
    QCOMPARE(QString::fromLatin1(precisionPresetKey(r->workload.precisionPreset)), preset);
    // written back: the profile and the preset, read again unchanged
    const auto again = scenarioFromJson(toJson(*r));
    QVERIFY(again.ok());
    QCOMPARE(QString::fromStdString(profileSpec(again->workload.profile)), profile);
    QCOMPARE(again->workload.precisionPreset, r->workload.precisionPreset);
}

// A profile table's fill_defaults: the generate token counts parse into FillDefaults; a count
// out of its range (prompt >= 1, new >= 0, both <= limits::kSequenceLength = 2^26) or not an
// integer is an error naming the JSON path.
void TestProfiles::fillDefaultsTable_data() {
    QTest::addColumn<QString>("defaults");
    QTest::addColumn<QString>("error"); ///< "" = parses
    QTest::newRow("prompt-and-new-tokens")
        << R"({"prompt_tokens": {"value": 6, "source": "s"}, "new_tokens": {"value": 0, "source": "s"}})"
        << "";
    QTest::newRow("prompt-tokens-zero") << R"({"prompt_tokens": {"value": 0, "source": "s"}})"
                                        << "profiles[0].fill_defaults.prompt_tokens.value";
    QTest::newRow("new-tokens-negative") << R"({"new_tokens": {"value": -1, "source": "s"}})"
                                         << "profiles[0].fill_defaults.new_tokens.value";
    QTest::newRow("prompt-tokens-above-limit")
        << R"({"prompt_tokens": {"value": 67108865, "source": "s"}})"
        << "profiles[0].fill_defaults.prompt_tokens.value";
    QTest::newRow("prompt-tokens-fraction") << R"({"prompt_tokens": {"value": 6.5, "source": "s"}})"
                                            << "profiles[0].fill_defaults.prompt_tokens.value";
    QTest::newRow("new-tokens-string") << R"({"new_tokens": {"value": "50", "source": "s"}})"
                                       << "profiles[0].fill_defaults.new_tokens.value";
    QTest::newRow("unknown-key") << R"({"prompt": {"value": 6, "source": "s"}})"
                                 << "profiles[0].fill_defaults.prompt";
}

void TestProfiles::fillDefaultsTable() {
    QFETCH(QString, defaults);
    QFETCH(QString, error);
    const std::string table =
        R"({"profiles": [{"name": "gen", "label": "Gen", "summary": "s", )"
        R"("precision_preset": "pure_bf16", "precision_source": "s", "fill_defaults": )" +
        defaults.toStdString() +
        R"(, "versions": [{"version": "1", "summary": "s", "facts": []}]}]})";
    const auto parsed = parseProfileTable(table);
    if (error.isEmpty()) {
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : describe(parsed.error()).c_str());
        QCOMPARE(parsed->front().fill.promptTokens.value_or(-1), int64_t{6});
        QCOMPARE(parsed->front().fill.newTokens.value_or(-1), int64_t{0});
        return;
    }
    QVERIFY(!parsed.ok());
    QCOMPARE(QString::fromStdString(parsed.error().field), error);
}

// A version's own fill_defaults take the place of the profile's entries for that version
// only (value and source; LLaMA-Factory changed --lora_target's default in March 2024); its
// keys are checked like the profile's, an error naming the version's JSON path. The profile
// fills prompt_tokens 6 (source "p"); version "1" may override, version "2" never does.
void TestProfiles::versionFillDefaults_data() {
    QTest::addColumn<QString>("versionDefaults");
    QTest::addColumn<QString>("error");    ///< "" = parses
    QTest::addColumn<qint64>("prompt");    ///< version 1's prompt_tokens
    QTest::addColumn<QString>("source");   ///< version 1's prompt_tokens source
    QTest::addColumn<qint64>("newTokens"); ///< version 1's new_tokens (-1 = none)
    QTest::newRow("version-replaces-value-and-source")
        << R"({"prompt_tokens": {"value": 7, "source": "v1"}})"
        << "" << qint64{7} << "v1" << qint64{-1};
    QTest::newRow("version-adds-a-key") << R"({"new_tokens": {"value": 3, "source": "v1"}})"
                                        << "" << qint64{6} << "p" << qint64{3};
    QTest::newRow("version-unknown-key")
        << R"({"prompt": {"value": 7, "source": "v1"}})"
        << "profiles[0].versions[0].fill_defaults.prompt" << qint64{0} << "" << qint64{-1};
    QTest::newRow("version-value-out-of-range")
        << R"({"prompt_tokens": {"value": 0, "source": "v1"}})"
        << "profiles[0].versions[0].fill_defaults.prompt_tokens.value" << qint64{0} << ""
        << qint64{-1};
    QTest::newRow("version-weight-dtype-not-a-rule")
        << R"({"weight_dtype": {"value": "bf16", "source": "v1"}})"
        << "profiles[0].versions[0].fill_defaults.weight_dtype.value" << qint64{0} << ""
        << qint64{-1};
    QTest::newRow("version-compute-dtype-quantised")
        << R"({"compute_dtype": {"value": "nf4", "source": "v1"}})"
        << "profiles[0].versions[0].fill_defaults.compute_dtype.value" << qint64{0} << ""
        << qint64{-1};
    QTest::newRow("version-compute-dtype-unknown")
        << R"({"compute_dtype": {"value": "float17", "source": "v1"}})"
        << "profiles[0].versions[0].fill_defaults.compute_dtype.value" << qint64{0} << ""
        << qint64{-1};
    QTest::newRow("version-not-an-object")
        << R"([1])"
        << "profiles[0].versions[0].fill_defaults" << qint64{0} << "" << qint64{-1};
}

void TestProfiles::versionFillDefaults() {
    QFETCH(QString, versionDefaults);
    QFETCH(QString, error);
    QFETCH(qint64, prompt);
    QFETCH(QString, source);
    QFETCH(qint64, newTokens);
    const std::string table =
        R"({"profiles": [{"name": "gen", "label": "Gen", "summary": "s", )"
        R"("precision_preset": "pure_bf16", "precision_source": "s", "fill_defaults": )"
        R"({"prompt_tokens": {"value": 6, "source": "p"}}, "versions": [)"
        R"({"version": "1", "summary": "s", "facts": [], "fill_defaults": )" +
        versionDefaults.toStdString() + R"(}, {"version": "2", "summary": "s", "facts": []}]}]})";
    const auto parsed = parseProfileTable(table);
    if (!error.isEmpty()) {
        QVERIFY(!parsed.ok());
        QCOMPARE(QString::fromStdString(parsed.error().field), error);
        return;
    }
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : describe(parsed.error()).c_str());
    const FrameworkProfile& p = parsed->front();
    const FillDefaults& v1 = p.versions.at(0).fill;
    QCOMPARE(v1.promptTokens.value_or(-1), int64_t{prompt});
    QCOMPARE(QString::fromStdString(v1.source("prompt_tokens")), source);
    QCOMPARE(v1.newTokens.value_or(-1), int64_t{newTokens});
    // one source per key: the replaced entry is gone
    QCOMPARE(std::count_if(v1.sources.begin(), v1.sources.end(),
                           [](const auto& s) { return s.first == "prompt_tokens"; }),
             std::ptrdiff_t{1});
    // the other version and the profile keep the profile's entry
    for (const FillDefaults* f : {&p.versions.at(1).fill, &p.fill}) {
        QCOMPARE(f->promptTokens.value_or(-1), int64_t{6});
        QCOMPARE(QString::fromStdString(f->source("prompt_tokens")), QStringLiteral("p"));
        QVERIFY(!f->newTokens.has_value());
    }
}

// A pick applies the profile's LoRA base rule to the run as it is (the GUI's path): LLaMA-Factory
// loads a LoRA run's frozen base in the compute dtype (bf16) where the pytorch_amp preset alone
// says fp32; from March 2024 ZeRO-3/FSDP (any strategy) keep fp32, the 2023 loader casts
// always; a full fine-tune and hf-trainer keep the preset's fp32. LLaMA-Factory also turns
// gradient checkpointing on when picked (its default).
void TestProfiles::loraBaseRulePick_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("finetune"); ///< Finetune
    QTest::addColumn<int>("sharding"); ///< Sharding
    QTest::addColumn<QString>("weights");
    const int lora = static_cast<int>(Finetune::LoRA), full = static_cast<int>(Finetune::Full);
    const int none = static_cast<int>(Sharding::None);
    QTest::newRow("llama-factory-lora") << "llama-factory" << lora << none << "bf16";
    QTest::newRow("llama-factory-lora-zero2")
        << "llama-factory" << lora << static_cast<int>(Sharding::Zero2) << "bf16";
    QTest::newRow("llama-factory-lora-zero3")
        << "llama-factory" << lora << static_cast<int>(Sharding::Zero3) << "fp32";
    QTest::newRow("llama-factory-lora-fsdp-grad-op")
        << "llama-factory@2024" << lora << static_cast<int>(Sharding::FsdpGradOp) << "fp32";
    QTest::newRow("llama-factory-2023-lora-zero3")
        << "llama-factory@2023" << lora << static_cast<int>(Sharding::Zero3) << "bf16";
    QTest::newRow("llama-factory-full") << "llama-factory" << full << none << "fp32";
    QTest::newRow("hf-trainer-4-45-lora") << "hf-trainer@4.45" << lora << none << "fp32";
    // ms-swift dtype AUTO: bf16 weights for LoRA and full fine-tunes (argument.py
    // select_dtype, model.py torch_dtype=bfloat16); gradient checkpointing on when picked
    QTest::newRow("swift-lora") << "swift" << lora << none << "bf16";
    QTest::newRow("swift-full") << "swift@1.5" << full << none << "bf16";
}

void TestProfiles::loraBaseRulePick() {
    QFETCH(QString, spec);
    QFETCH(int, finetune);
    QFETCH(int, sharding);
    QFETCH(QString, weights);
    Workload w = testsupport::training(PrecisionPreset::Custom, 1, 512);
    w.finetune = static_cast<Finetune>(finetune);
    w.parallel.sharding = static_cast<Sharding>(sharding);
    const auto c = parseProfileSpec(spec.toStdString());
    QVERIFY(c.ok());
    w.checkpointing = Checkpointing::None;
    selectProfile(w, *c);
    QCOMPARE(QString::fromLatin1(dtypeKey(w.precision.weights)), weights);
    QCOMPARE(w.precision.compute, DType::BF16);
    // LLaMA-Factory and SWIFT checkpoint by default (set when picked); hf-trainer leaves it
    QCOMPARE(w.checkpointing, spec.startsWith("llama-factory") || spec.startsWith("swift")
                                  ? Checkpointing::Full
                                  : Checkpointing::None);
}

// hf-trainer@5 (transformers 5: from_pretrained dtype="auto", PR #42805): a pick loads the
// non-quantised weights in the model's own dtype, inference included, and a full fine-tune's
// gradients and AdamW states follow the parameters (torch.zeros_like(p); no fp32 master); LoRA
// adapters stay fp32 (PEFT autocast_adapter_dtype). 4.45 keeps the preset's fp32; a QLoRA run
// keeps its quantised base under any pick (before: the preset's fp32 replaced it).
void TestProfiles::checkpointDtypePick_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("finetune"); ///< Finetune; -1 = inference
    QTest::addColumn<int>("modelDType");
    QTest::addColumn<QString>("weights");
    QTest::addColumn<QString>("grads"); ///< full fine-tune: also the Adam states' dtype
    QTest::addColumn<QString>("adapters");
    const int lora = static_cast<int>(Finetune::LoRA), full = static_cast<int>(Finetune::Full);
    const int qlora = static_cast<int>(Finetune::QLoRA);
    const int bf16 = static_cast<int>(DType::BF16), fp16 = static_cast<int>(DType::FP16);
    const int fp32 = static_cast<int>(DType::FP32);
    QTest::newRow("v5-full-bf16-checkpoint") << "hf-trainer@5" << full << bf16 << "bf16"
                                             << "bf16"
                                             << "fp32";
    QTest::newRow("v5-full-fp16-checkpoint") << "hf-trainer@5" << full << fp16 << "fp16"
                                             << "fp16"
                                             << "fp32";
    QTest::newRow("v5-full-fp32-checkpoint") << "hf-trainer@5" << full << fp32 << "fp32"
                                             << "fp32"
                                             << "fp32";
    QTest::newRow("v5-lora-bf16-base-fp32-adapters") << "hf-trainer@5" << lora << bf16 << "bf16"
                                                     << "fp32"
                                                     << "fp32";
    QTest::newRow("v5-qlora-base-stays-nf4")
        << "hf-trainer@5" << qlora << bf16 << "nf4_double_quant"
        << "fp32"
        << "fp32";
    QTest::newRow("v5-inference-bf16") << "hf-trainer@5" << -1 << bf16 << "bf16"
                                       << "fp32"
                                       << "fp32";
    QTest::newRow("v4-45-qlora-base-stays-nf4")
        << "hf-trainer@4.45" << qlora << bf16 << "nf4_double_quant"
        << "fp32"
        << "fp32";
    QTest::newRow("v4-45-full-fp32-load") << "hf-trainer@4.45" << full << bf16 << "fp32"
                                          << "fp32"
                                          << "fp32";
}

void TestProfiles::checkpointDtypePick() {
    QFETCH(QString, spec);
    QFETCH(int, finetune);
    QFETCH(int, modelDType);
    QFETCH(QString, weights);
    QFETCH(QString, grads);
    QFETCH(QString, adapters);
    Workload w = testsupport::training(PrecisionPreset::Custom, 1, 512);
    if (finetune < 0)
        w.mode = Mode::Inference;
    else
        w.finetune = static_cast<Finetune>(finetune);
    if (w.finetune == Finetune::QLoRA)
        w.precision.weights = DType::NF4DoubleQuant;
    const auto c = parseProfileSpec(spec.toStdString());
    QVERIFY(c.ok());
    ModelArch model = llama8b();
    model.nativeDType = static_cast<DType>(modelDType);
    selectProfile(w, *c, &model);
    QCOMPARE(QString::fromLatin1(dtypeKey(w.precision.weights)), weights);
    QCOMPARE(QString::fromLatin1(dtypeKey(w.precision.grads)), grads);
    QCOMPARE(QString::fromLatin1(dtypeKey(w.precision.adapters)), adapters);
    if (finetune == static_cast<int>(Finetune::Full)) {
        QCOMPARE(QString::fromLatin1(dtypeKey(w.precision.optimizerStates)), grads);
        QVERIFY(!w.precision.masterWeights);
    }
}

// Qwen v1's remote code casts the model to bf16 when built (modeling_qwen.py QWenLMHeadModel:
// autoset_precision -> config.bf16, self.transformer.bfloat16()), whatever from_pretrained's
// dtype: under HF Trainer 4.x (fp32 load, no master copy) a Qwen v1 run holds bf16 weights, and
// a full fine-tune bf16 gradients and AdamW states. A DeepSpeed ZeRO stage keeps its fp32
// masters (pytorch_amp's fp32 accounting stays), the deepspeed profile its own bf16 + master,
// a Llama model the fp32 load.
void TestProfiles::modelCastsItself_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("family");
    QTest::addColumn<int>("finetune"); ///< Finetune
    QTest::addColumn<int>("sharding"); ///< Sharding
    QTest::addColumn<QString>("weights");
    QTest::addColumn<QString>("states");
    QTest::addColumn<bool>("master");
    const int lora = static_cast<int>(Finetune::LoRA), full = static_cast<int>(Finetune::Full);
    const int none = static_cast<int>(Sharding::None), zero3 = static_cast<int>(Sharding::Zero3);
    const int fsdp = static_cast<int>(Sharding::FsdpFullShard);
    QTest::newRow("qwen-v1-hf-trainer-full") << "hf-trainer@4.45"
                                             << "qwen" << full << none << "bf16"
                                             << "bf16" << false;
    QTest::newRow("qwen-v1-hf-trainer-full-fsdp") << "hf-trainer@4.45"
                                                  << "qwen" << full << fsdp << "bf16"
                                                  << "bf16" << false;
    QTest::newRow("qwen-v1-hf-trainer-lora-base") << "hf-trainer@4.45"
                                                  << "qwen" << lora << none << "bf16"
                                                  << "fp32" << false;
    QTest::newRow("qwen-v1-hf-trainer-zero3-keeps-fp32") << "hf-trainer@4.45"
                                                         << "qwen" << full << zero3 << "fp32"
                                                         << "fp32" << false;
    QTest::newRow("qwen-v1-deepspeed-master") << "deepspeed"
                                              << "qwen" << full << zero3 << "bf16"
                                              << "fp32" << true;
    QTest::newRow("llama-hf-trainer-full-fp32") << "hf-trainer@4.45"
                                                << "llama" << full << none << "fp32"
                                                << "fp32" << false;
}

void TestProfiles::modelCastsItself() {
    QFETCH(QString, spec);
    QFETCH(QString, family);
    QFETCH(int, finetune);
    QFETCH(int, sharding);
    QFETCH(QString, weights);
    QFETCH(QString, states);
    QFETCH(bool, master);
    ModelArch m = llama8b();
    m.family = family.toStdString();
    Workload w = testsupport::training(PrecisionPreset::Custom, 1, 512);
    w.finetune = static_cast<Finetune>(finetune);
    w.parallel.sharding = static_cast<Sharding>(sharding);
    const auto c = parseProfileSpec(spec.toStdString());
    QVERIFY(c.ok());
    selectProfile(w, *c, &m);
    QCOMPARE(QString::fromLatin1(dtypeKey(w.precision.weights)), weights);
    QCOMPARE(QString::fromLatin1(dtypeKey(w.precision.optimizerStates)), states);
    QCOMPARE(w.precision.masterWeights, master);
    // a record leaving the weight dtype unknown gets the same, named with the model's code
    Workload r = testsupport::training(PrecisionPreset::Custom, 1, 512);
    r.finetune = static_cast<Finetune>(finetune);
    r.parallel.sharding = static_cast<Sharding>(sharding);
    UnknownSettings unknown;
    unknown.weights = unknown.compute = unknown.masterWeights = unknown.grads = true;
    unknown.optimizerStates = true;
    const std::vector<FilledField> filled = resolveUnknowns(m, r, unknown, *c);
    QCOMPARE(QString::fromLatin1(dtypeKey(r.precision.weights)), weights);
    if (weights == "bf16" && spec.startsWith("hf-trainer")) {
        const auto it = std::find_if(filled.begin(), filled.end(), [](const FilledField& f) {
            return f.field == "weight_dtype";
        });
        QVERIFY(it != filled.end());
        QVERIFY2(it->source.find("modeling_qwen.py") != std::string::npos, it->source.c_str());
    }
}

// A record that leaves the weight dtype unknown, under hf-trainer@5: the model's own dtype
// (here fp16) fills it, named with its source; the gradients and Adam states follow it. Under
// 4.45 the pytorch_amp preset's fp32.
void TestProfiles::checkpointDtypeFill_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("weights");
    QTest::addColumn<QString>("sourceHas");
    QTest::newRow("v5-checkpoint-fp16") << "hf-trainer@5"
                                        << "fp16"
                                        << "PR #42805";
    QTest::newRow("v4-45-preset-fp32") << "hf-trainer@4.45"
                                       << "fp32"
                                       << "pytorch_amp";
}

void TestProfiles::checkpointDtypeFill() {
    QFETCH(QString, spec);
    QFETCH(QString, weights);
    QFETCH(QString, sourceHas);
    ModelArch m = llama8b();
    m.nativeDType = DType::FP16;
    Workload w = testsupport::training(PrecisionPreset::Custom, 1, 512);
    w.finetune = Finetune::Full;
    UnknownSettings unknown;
    unknown.weights = unknown.compute = unknown.masterWeights = unknown.grads = true;
    unknown.optimizerStates = unknown.optimizer = true;
    const auto c = parseProfileSpec(spec.toStdString());
    QVERIFY(c.ok());
    const std::vector<FilledField> filled = resolveUnknowns(m, w, unknown, *c);
    QCOMPARE(QString::fromLatin1(dtypeKey(w.precision.weights)), weights);
    QCOMPARE(QString::fromLatin1(dtypeKey(w.precision.grads)), weights);
    QCOMPARE(QString::fromLatin1(dtypeKey(w.precision.optimizerStates)), weights);
    QVERIFY(!w.precision.masterWeights);
    const auto it = std::find_if(filled.begin(), filled.end(),
                                 [](const FilledField& f) { return f.field == "weight_dtype"; });
    QVERIFY(it != filled.end());
    QCOMPARE(QString::fromStdString(it->value), weights);
    QVERIFY2(QString::fromStdString(it->source).contains(sourceHas), it->source.c_str());
}

// A LoRA record that states its gradient dtype states its adapters' dtype: autograd stores a
// parameter's gradient in the parameter's own dtype, so fp32 gradients on a bf16 base are PEFT's
// fp32 adapters (autocast_adapter_dtype=True), not bf16 adapters with an fp32 master copy.
void TestProfiles::statedGradsAreTheAdapters_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("grads");    // as the record states it
    QTest::addColumn<QString>("adapters"); // the dtype the run's adapters then have
    QTest::newRow("hf-trainer-fp32-grads") << "hf-trainer@5"
                                           << "fp32"
                                           << "fp32";
    QTest::newRow("hf-trainer-bf16-grads") << "hf-trainer@5"
                                           << "bf16"
                                           << "bf16";
    QTest::newRow("torchtune-fp32-grads") << "torchtune"
                                          << "fp32"
                                          << "fp32";
    QTest::newRow("swift-bf16-grads") << "swift"
                                      << "bf16"
                                      << "bf16";
}

void TestProfiles::statedGradsAreTheAdapters() {
    QFETCH(QString, spec);
    QFETCH(QString, grads);
    QFETCH(QString, adapters);
    ModelArch m = llama8b();
    Workload w = testsupport::training(PrecisionPreset::Custom, 1, 512);
    w.finetune = Finetune::LoRA;
    w.precision.weights = DType::BF16;
    w.precision.grads = grads == "fp32" ? DType::FP32 : DType::BF16;
    UnknownSettings unknown;
    unknown.masterWeights = unknown.optimizerStates = unknown.optimizer = true;
    const auto c = parseProfileSpec(spec.toStdString());
    QVERIFY(c.ok());
    resolveUnknowns(m, w, unknown, *c);
    QCOMPARE(QString::fromLatin1(dtypeKey(w.precision.adapters)), adapters);
}

// litgpt's generate defaults (prompt 6 tokens, max_new_tokens 50) fill an inference run's
// unknown counts; the sequence length is the context they make (inferenceContext): 6 + 50 =
// 56 tokens, or the prompt alone, 6, for a prefill-only run.
void TestProfiles::generateDefaultsFillTheContext_data() {
    QTest::addColumn<bool>("prefillOnly");
    QTest::addColumn<qint64>("context");
    QTest::newRow("prompt-plus-generated") << false << qint64{56};
    QTest::newRow("prefill-only-prompt-alone") << true << qint64{6};
}

void TestProfiles::generateDefaultsFillTheContext() {
    QFETCH(bool, prefillOnly);
    QFETCH(qint64, context);
    ModelArch m = llama8b();
    Workload w = testsupport::training(PrecisionPreset::Custom, 1, 512);
    w.mode = Mode::Inference;
    w.finetune = Finetune::Full;
    w.inference.prefillOnly = prefillOnly;
    UnknownSettings unknown;
    unknown.promptTokens = unknown.newTokens = true;
    const auto c = parseProfileSpec("litgpt");
    QVERIFY(c.ok());
    const std::vector<FilledField> filled = resolveUnknowns(m, w, unknown, *c);
    QVERIFY(!unknown.promptTokens && !unknown.newTokens);
    QCOMPARE(w.inference.promptTokens, int64_t{6});
    QCOMPARE(w.inference.newTokens, int64_t{50});
    QCOMPARE(w.sequenceLength, int64_t{context});
    QCOMPARE(filled.size(), std::size_t{2});
}

// litgpt --quantize bnb.nf4 runs under Lightning's BitsandbytesPrecision: every nn.Linear
// becomes a 4-bit layer, lm_head included, each quantised from an fp16 copy, so bitsandbytes'
// MatMul4Bit dequantises to fp16 and casts to bf16 (two copies of the widest linear in flight:
// lm_head). Llama 3.1 8B, inference, prefill of 6 tokens, NF4 (0.5 + 4/64 B/param), bf16:
//   block linears 32 x (2 x 4096^2 + 2 x 4096 x 1024 + 3 x 4096 x 14336) = 6,979,321,856
//   embedding and lm_head 128,256 x 4096 = 525,336,576 each; norms 65 x 4096 = 266,240
//   litgpt: (6,979,321,856 + 525,336,576) x 0.5625 + (525,336,576 + 266,240) x 2 B
//           = 5,272,576,000 B; dequantised lm_head 525,336,576 x (2 + 2) B = 2,101,346,304 B
//   custom: 6,979,321,856 x 0.5625 + (2 x 525,336,576 + 266,240) x 2 B = 6,027,747,328 B;
//           the widest block linear 4096 x 14336 x 2 B = 117,440,512 B
// Sources: lightning/fabric/plugins/precision/bitsandbytes.py (BitsandbytesPrecision,
// _Linear4bit.quantize: weight.to(dtype=torch.half)); bitsandbytes MatMul4Bit.forward.
void TestProfiles::litgptBitsandbytesPrecision_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<double>("weights");
    QTest::addColumn<double>("workspace");
    QTest::newRow("litgpt-lm-head-nf4-two-copies") << "litgpt" << 5272576000.0 << 2101346304.0;
    QTest::newRow("custom-lm-head-bf16-one-copy") << "custom" << 6027747328.0 << 117440512.0;
}

void TestProfiles::litgptBitsandbytesPrecision() {
    QFETCH(QString, spec);
    QFETCH(double, weights);
    QFETCH(double, workspace);
    Workload w = testsupport::training(PrecisionPreset::Custom, 1, 512);
    const auto c = parseProfileSpec(spec.toStdString());
    QVERIFY(c.ok());
    selectProfile(w, *c);
    testsupport::prefillOnly(w, 6);
    w.precision.weights = DType::NF4;
    w.precision.compute = DType::BF16;
    const Estimate e = estimate(llama8b(), w);
    const auto& t = e.worst.atPeak;
    QCOMPARE(t[static_cast<size_t>(Term::Weights)], weights);
    QCOMPARE(t[static_cast<size_t>(Term::Workspace)], workspace);
}

// lit-gpt before PR #667 (litgpt@2023-09) hands SDPA a multi-query model's single K/V head
// un-expanded in training, so torch runs the math kernel, which saves per token and block the
// softmax probabilities a x T x c and the scaled query a x d x c (attention.cpp
// _scaled_dot_product_attention_math). Llama 3.1 8B made multi-query (1 KV head), LoRA,
// micro-batch 1 x 512 tokens, bf16, no checkpointing: the activations at the peak grow by
//   32 blocks x 512 tokens x 32 heads x (512 + 128) x 2 B = 671,088,640 B
// against litgpt@2024 (K/V expanded: flash); a model with 8 KV heads does not change.
void TestProfiles::litgptUnexpandedMqa() {
    auto acts = [](const char* spec, int kvHeads) {
        ModelArch m = llama8b();
        m.numKvHeads = kvHeads;
        Workload w = pickedRun(spec, Finetune::LoRA);
        w.attention = AttentionImpl::SDPA;
        w.checkpointing = Checkpointing::None;
        return estimate(m, w).worst.atPeak[static_cast<size_t>(Term::Activations)];
    };
    QCOMPARE(acts("litgpt@2023-09", 1) - acts("litgpt@2024", 1), 671088640.0);
    QCOMPARE(acts("litgpt@2023-09", 8), acts("litgpt@2024", 8));
}

// transformers' NewGELUActivation (fact gelu_new_ops of the transformers-based profiles): the
// gpt2-large preset (activation_function gelu_new) full fine-tune, bf16 compute, micro-batch
// 1 x 1024, no checkpointing: every block keeps 12 + c bytes per FFN element instead of a
// fused GELU's c (pow's fp32 input 4, tanh's fp32 output 4, 0.5 x c, the fp32 1 + tanh 4), so
// the flag adds 36 blocks x 1024 tokens x 5120 elements x 12 B = 2,264,924,160 B of saved
// activations at the backward peak. A Llama model has no gelu_new: nothing differs, and the
// fact is not listed for it.
void TestProfiles::geluNewFollowsTheModel() {
    const ModelArch gpt2 = findModelPreset("gpt2-large")->arch;
    QVERIFY(gpt2.geluNew);
    QVERIFY(!llama8b().geluNew);
    auto acts = [](const ModelArch& m, bool geluNewOps) {
        Workload w = pickedRun("hf-trainer@4.45", Finetune::Full);
        w.microBatch = 1;
        w.sequenceLength = 1024;
        w.checkpointing = Checkpointing::None;
        w.profile = {"custom", ""}; // the flag alone, not the profile's other facts
        w.features.geluNewOps = geluNewOps;
        return estimate(m, w).worst.atPeak[static_cast<size_t>(Term::Activations)];
    };
    QCOMPARE(acts(gpt2, true) - acts(gpt2, false), 36.0 * 1024 * 5120 * 12);
    QCOMPARE(acts(llama8b(), true), acts(llama8b(), false));
    const auto c = parseProfileSpec("hf-trainer@4.45");
    QVERIFY(c.ok());
    const Workload w = pickedRun("hf-trainer@4.45", Finetune::Full);
    auto listed = [&](const ModelArch& m) {
        for (const ProfileFact* f : activeFacts(*c->version, w, &m))
            if (f->behaviour == Behaviour::GeluNewOps)
                return true;
        return false;
    };
    QVERIFY(listed(gpt2));
    QVERIFY(!listed(llama8b()));
}

// DeepSpeed's ZeRO optimizer (hf-trainer and deepspeed profiles: fact deepspeed_zero) copies
// gradients into a contiguous bucket of reduce_bucket_size elements in the trainable
// parameters' dtype: ZeRO-3 allocates it with the optimizer and keeps it (stage3.py
// __ipg_bucket_flat_buffer), ZeRO-1/2 allocate it at each backward and free it at its end
// (stage_1_and_2.py backward / _release_ipg_buffers); ZeRO-3's gradient partitions are one flat
// buffer zeroed with the optimizer (grad_partitions_flat_buffer), so they are live in the first
// forward too. Llama 3.1 8B full fine-tune, bf16 gradients, 2 GPUs, micro-batch 1 x 512:
// hf-trainer@4.45 against its own precision preset alone (same dtypes, no facts), per phase.
//   bucket 5e8 elements x 2 B = 1,000,000,000 B; 2e8 x 2 B = 400,000,000 B
//   ZeRO-3 partitions without accumulation: 8,030,261,248 params x 2 B / 2 = 8,030,261,248 B
// With 2 accumulation steps both runs hold the partitions in the forward already, so only the
// bucket differs; FSDP is not DeepSpeed (the fact's zero_stage condition): nothing differs.
// (backward -1: not asserted; without accumulation the partitions also move which moment of
// backward peaks, which the accumulation rows keep fixed.)
void TestProfiles::deepspeedGradientBucket_data() {
    QTest::addColumn<int>("sharding");
    QTest::addColumn<qlonglong>("bucketElements");
    QTest::addColumn<int>("gradAccum");
    QTest::addColumn<double>("forward");
    QTest::addColumn<double>("backward");
    QTest::addColumn<double>("step");
    const int z3 = int(Sharding::Zero3), z2 = int(Sharding::Zero2);
    QTest::newRow("zero3-default-bucket-resident") << z3 << 500000000LL << 2 << 1e9 << 1e9 << 1e9;
    QTest::newRow("zero3-200m-bucket") << z3 << 200000000LL << 2 << 4e8 << 4e8 << 4e8;
    QTest::newRow("zero3-partitions-live-in-first-forward")
        << z3 << 500000000LL << 1 << 1e9 + 8030261248.0 << -1.0 << 1e9;
    QTest::newRow("zero2-bucket-during-backward-only")
        << z2 << 500000000LL << 2 << 0.0 << 1e9 << 0.0;
    QTest::newRow("fsdp-is-not-deepspeed")
        << int(Sharding::FsdpFullShard) << 500000000LL << 2 << 0.0 << 0.0 << 0.0;
}

void TestProfiles::deepspeedGradientBucket() {
    QFETCH(int, sharding);
    QFETCH(qlonglong, bucketElements);
    QFETCH(int, gradAccum);
    QFETCH(double, forward);
    QFETCH(double, backward);
    QFETCH(double, step);
    auto run = [&](const char* spec) {
        Workload w = pickedRun(spec, Finetune::Full);
        if (QString::fromLatin1(spec) == "custom")
            applyPrecisionPreset(
                w, PrecisionPreset::PytorchAmp); // hf-trainer's dtypes without its facts
        w.precision.grads = DType::BF16;
        w.parallel.dp = 2;
        w.parallel.sharding = static_cast<Sharding>(sharding);
        w.parallel.reduceBucketElements = bucketElements;
        w.gradAccumulation = gradAccum;
        return estimate(llama8b(), w).worst.phaseAllocated;
    };
    const auto ds = run("hf-trainer@4.45");
    const auto plain = run("custom");
    auto delta = [&](Phase p) {
        const auto i = static_cast<std::size_t>(p);
        return ds[i] - plain[i];
    };
    testsupport::compare(delta(Phase::AfterLoad), 0.0);
    testsupport::compare(delta(Phase::Forward), forward);
    if (backward >= 0)
        testsupport::compare(delta(Phase::Backward), backward);
    testsupport::compare(delta(Phase::OptimizerStep), step);
}

QTEST_APPLESS_MAIN(TestProfiles)
#include "tst_profiles.moc"
