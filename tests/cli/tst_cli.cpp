// tst_cli: headroom-cli end to end (QProcess): exit codes and error messages, the issue's
// example, unit handling, JSON shape and the contracts between subcommands (max-batch and
// layout answers fit, scenario files round-trip). Expected numbers are derived by hand in the
// row comments or are properties (allocated <= reserved <= nvidia-smi, terms sum to the total);
// no engine output is copied back.

#include "core/engine/fields.h"

#include "tests/sanitized.h"

#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <cmath>
#include <csignal>

#include <sys/resource.h>

namespace {

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run cli(const QStringList& args) {
    QProcess p;
    p.setProgram(QStringLiteral(HEADROOM_CLI));
    p.setArguments(args);
    p.start();
    Run r;
    if (!p.waitForFinished(120000)) {
        p.kill();
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2; // -2: crashed
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QJsonObject jsonOf(const Run& r) {
    QJsonParseError e{};
    const QJsonDocument d = QJsonDocument::fromJson(r.out.toUtf8(), &e);
    if (e.error != QJsonParseError::NoError)
        qWarning("not JSON: %s\nstdout: %s\nstderr: %s", qPrintable(e.errorString()),
                 qPrintable(r.out.left(400)), qPrintable(r.err));
    return d.object();
}

QString modelConfig(const char* dir) {
    return QStringLiteral(HEADROOM_MODELS_DIR) + QStringLiteral("/") + QString::fromLatin1(dir) +
           QStringLiteral("/config.json");
}

QString dataFile() {
    return QStringLiteral(HEADROOM_SOURCE_DIR) +
           QStringLiteral("/tests/data/calibration.records.json");
}

bool writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

// Qwen-7B's config.json (tst_params qwen-7b-v1) with the precision flags in @p trueFlags set.
QByteArray qwen7bConfig(const QStringList& trueFlags) {
    QString text = R"({"architectures": ["QWenLMHeadModel"], "model_type": "qwen",
        "hidden_size": 4096, "intermediate_size": 22016, "num_attention_heads": 32,
        "num_hidden_layers": 32, "kv_channels": 128, "vocab_size": 151936, "seq_length": 8192,
        "no_bias": true, "tie_word_embeddings": false, "bf16": false, "fp16": false,
        "fp32": false})";
    for (const QString& flag : trueFlags)
        text.replace("\"" + flag + "\": false", "\"" + flag + "\": true");
    return text.toUtf8();
}

const char* const kTermKeys[] = {
    "weights",  "master_weights", "optimizer_states", "gradients",         "activations",
    "kv_cache", "logits",         "workspace",        "allocator_reserve", "cuda_context"};

#define VERIFY_RUN(r, expectedCode)                                                                \
    QVERIFY2((r).code == (expectedCode),                                                           \
             qPrintable(QStringLiteral("exit %1, stderr: %2").arg((r).code).arg((r).err)))

} // namespace

class TstCli : public QObject {
    Q_OBJECT
private slots:
    void compareJson();
    void compareErrors_data();
    void compareErrors();
    void everyFieldOption_data();
    void everyFieldOption();
    void errors_data();
    void errors();
    void help();
    void issueExample();
    void issueExampleJson();
    void defaultIsThePlainLoop();
    void inferenceWeightsArePublishedBytes();
    void checkpointWeights_data();
    void checkpointWeights();
    void loraBaseRule_data();
    void loraBaseRule();
    void checkpointDtypeRule_data();
    void checkpointDtypeRule();
    void qwenV1CastsItself_data();
    void qwenV1CastsItself();
    void qwenV1PrecisionFlagsConflict();
    void gpuMemUnits_data();
    void gpuMemUnits();
    void paramsOption();
    void lossOptions_data();
    void lossOptions();
    void loadRecipeFloor();
    void perRank();
    void subcommandHelpNamesCommand_data();
    void subcommandHelpNamesCommand();
    void sweepCsv();
    void sweepRange();
    void sweepJson();
    void maxBatchAnswerFits();
    void inferenceSeqLenIsContext_data();
    void inferenceSeqLenIsContext();
    void inferenceJsonPhases();
    void maxBatchSeqLenInference();
    void positionsWarning_data();
    void positionsWarning();
    void layoutAnswerFits();
    void servingCapacityJson();
    void scenarioRoundTrip();
    void failedSaveKeepsOldFile_data();
    void failedSaveKeepsOldFile();
    void presetLists();
    void validateCalibration();
    void calibrateRoundTrip_data();
    void calibrateRoundTrip();
    void calibrateOomStaysOom();
    void calibrateErrors_data();
    void calibrateErrors();
    void validateText();
    void validateCapacityUnit();
    void validateBuiltInRevisions();
    void validateUnknownValueSkipsRecord();
};

// Every option of the field table (core/engine/fields.h) reaches its field: the scenario the
// CLI echoes (estimate --json "scenario") has the flag on, or the integer given, at the
// field's path. Integers are hand-chosen values valid for llama-3.1-8b (EP: Mixtral, 8
// experts, on dp 2).
void TstCli::everyFieldOption_data() {
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<qlonglong>("expected");
    const QMap<QString, qlonglong> values{{"micro-batch", 3},
                                          {"seq-len", 4096},
                                          {"grad-accum", 8},
                                          {"checkpoint-layers", 5},
                                          {"lora-rank", 64},
                                          {"prompt-tokens", 1000},
                                          {"new-tokens", 300},
                                          {"rollout-batch", 16},
                                          {"samples-per-prompt", 2},
                                          {"max-response-len", 1024},
                                          {"rollout-prompt-tokens", 256},
                                          {"rollout-tp", 2},
                                          {"dp", 4},
                                          {"tp", 2},
                                          {"pp", 2},
                                          {"cp", 2},
                                          {"ep", 2},
                                          {"shard-group", 2},
                                          {"reduce-bucket-size", 200000000},
                                          {"virtual-stages", 2},
                                          {"pp-micro-batches", 4},
                                          {"length-mean", 512},
                                          {"length-std", 300},
                                          {"length-min", 16},
                                          {"length-max", 8192},
                                          {"train-steps", 200},
                                          {"max-model-len", 32768},
                                          {"max-num-seqs", 256},
                                          {"max-num-batched-tokens", 4096},
                                          {"block-size", 32}};
    int rows = 0;
    for (const headroom::WorkloadField& f : headroom::workloadFields()) {
        if (f.cliOption.empty())
            continue;
        const QString option = QString::fromLatin1(f.cliOption.data(), f.cliOption.size());
        QStringList args{"estimate", "--json", "--model",
                         option == "ep" ? "mixtral-8x7b" : "llama-3.1-8b", "--" + option};
        qlonglong expected = 1;
        if (f.type == headroom::FieldType::Integer) {
            QVERIFY2(values.contains(option), qPrintable(option));
            expected = values.value(option);
            args << QString::number(expected);
        }
        if (option == "ep")
            args << "--dp"
                 << "2";
        // every value's field is checked (the QVERIFY above); under ASan every third runs
        if (headroom::test::rowRuns(rows++, 3))
            QTest::newRow(qPrintable(option))
                << option << QString::fromStdString(f.path()) << args << expected;
    }
    QVERIFY(rows >= 40);
}

void TstCli::everyFieldOption() {
    QFETCH(QString, option);
    QFETCH(QString, path);
    QFETCH(QStringList, args);
    QFETCH(qlonglong, expected);
    const Run r = cli(args);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonValue v = jsonOf(r).value("scenario").toObject().value("workload");
    for (const QString& part : path.split('.'))
        v = v.toObject().value(part);
    const qlonglong got = v.isBool() ? qlonglong(v.toBool()) : qlonglong(v.toDouble());
    QVERIFY2(!v.isUndefined(), qPrintable(path));
    QCOMPARE(got, expected);
}

void TstCli::errors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    // Usage errors exit 2 and name the option.
    QTest::newRow("no-arguments") << QStringList{} << 2 << "Usage";
    QTest::newRow("unknown-command") << QStringList{"frobnicate"} << 2 << "unknown command";
    QTest::newRow("unknown-option") << QStringList{"estimate", "--bogus"} << 2 << "bogus";
    QTest::newRow("memory-utilization-above-one")
        << QStringList{"estimate", "--mode", "inference", "--memory-utilization", "1.5"} << 2
        << "memory-utilization";
    QTest::newRow("gpu-mem-without-unit")
        << QStringList{"estimate", "--gpu-mem", "80"} << 2 << "--gpu-mem: give a unit";
    QTest::newRow("gpu-mem-unknown-unit")
        << QStringList{"estimate", "--gpu-mem", "80GX"} << 2 << "--gpu-mem: unknown unit";
    QTest::newRow("gpu-and-gpu-mem")
        << QStringList{"estimate", "--gpu-mem", "80GB", "--gpu", "x"} << 2 << "--gpu";
    QTest::newRow("micro-batch-not-a-number")
        << QStringList{"estimate", "--micro-batch", "four"} << 2 << "--micro-batch";
    QTest::newRow("micro-batch-zero")
        << QStringList{"estimate", "--micro-batch", "0"} << 2 << "--micro-batch";
    QTest::newRow("unknown-attention")
        << QStringList{"estimate", "--attention", "magic"} << 2 << "--attention";
    QTest::newRow("unknown-dtype")
        << QStringList{"estimate", "--weights", "fp5"} << 2 << "--weights";
    QTest::newRow("unknown-sharding")
        << QStringList{"estimate", "--sharding", "zero9"} << 2 << "--sharding";
    QTest::newRow("unknown-load-recipe")
        << QStringList{"estimate", "--load-recipe", "from-disk"} << 2 << "--load-recipe";
    QTest::newRow("unknown-lora-target")
        << QStringList{"estimate", "--lora-targets", "q,fc1"} << 2 << "--lora-targets";
    QTest::newRow("unknown-model-preset")
        << QStringList{"estimate", "--model", "no-such-model"} << 2 << "--model";
    QTest::newRow("unknown-gpu-preset")
        << QStringList{"estimate", "--gpu", "no-such-gpu"} << 2 << "--gpu";
    QTest::newRow("two-model-sources")
        << QStringList{"estimate", "--params", "7B", "--model", "llama-3.1-8b"} << 2
        << "only one of";
    QTest::newRow("params-garbage")
        << QStringList{"estimate", "--params", "lots"} << 2 << "--params";
    QTest::newRow("gpus-not-a-multiple-of-tp")
        << QStringList{"estimate", "--gpus", "3", "--tp", "2"} << 2 << "--gpus";
    QTest::newRow("gpus-differs-from-degrees")
        << QStringList{"estimate", "--gpus", "4", "--dp", "2"} << 2 << "--gpus";
    // inference: --seq-len is the context, prompt + generated tokens; they must agree
    QTest::newRow("seq-len-prompt-new-disagree")
        << QStringList{"estimate",        "--mode", "inference",    "--seq-len", "100",
                       "--prompt-tokens", "20",     "--new-tokens", "30"}
        << 2 << "prompt 20 + new 30 = 50";
    QTest::newRow("seq-len-below-prompt")
        << QStringList{"estimate", "--mode",          "inference", "--seq-len",
                       "100",      "--prompt-tokens", "200"}
        << 2 << "inference.prompt_tokens";
    QTest::newRow("seq-len-below-new-tokens")
        << QStringList{"estimate", "--mode", "inference", "--seq-len", "100", "--new-tokens", "100"}
        << 2 << "inference.new_tokens";
    QTest::newRow("first-n-without-layers")
        << QStringList{"estimate", "--checkpointing", "first-n"} << 2 << "--checkpoint-layers";
    QTest::newRow("sweep-values-and-range")
        << QStringList{"sweep", "--values", "1,2", "--from", "1"} << 2 << "--values";
    QTest::newRow("sweep-to-below-from")
        << QStringList{"sweep", "--from", "8", "--to", "2"} << 2 << "--to";
    QTest::newRow("sweep-unknown-axis") << QStringList{"sweep", "--axis", "heads"} << 2 << "--axis";
    QTest::newRow("validate-without-file") << QStringList{"validate"} << 2 << "records file";
    QTest::newRow("validate-bad-capacity-unit")
        << QStringList{"validate", "x.json", "--capacity-unit", "tb"} << 2 << "--capacity-unit";
    QTest::newRow("estimate-positional") << QStringList{"estimate", "extra"} << 2 << "extra";
    // Data errors exit 1.
    QTest::newRow("missing-config-file")
        << QStringList{"estimate", "--config", "/nonexistent/config.json"} << 1 << "--config";
    QTest::newRow("missing-scenario-file")
        << QStringList{"estimate", "--scenario", "/nonexistent/s.json"} << 1 << "--scenario";
    QTest::newRow("validate-missing-file")
        << QStringList{"validate", "/nonexistent/records.json"} << 1 << "/nonexistent";
    // 32 query heads of the 7B derived shape cannot be split over TP 3.
    QTest::newRow("tp-does-not-divide-heads")
        << QStringList{"estimate", "--params", "7B", "--tp", "3"} << 1 << "error";
    QTest::newRow("save-scenario-unwritable")
        << QStringList{"estimate", "--save-scenario", "/nonexistent/dir/s.json"} << 1
        << "--save-scenario";
    // A full device: the write error is reported, not swallowed (exit 0 before).
    QTest::newRow("save-scenario-dev-full")
        << QStringList{"estimate", "--save-scenario", "/dev/full"} << 1
        << "--save-scenario /dev/full: cannot write the file (No space left on device)";
    // Integer options are bounded by the engine's limits (estimator.cpp validateWorkload) and
    // rejected as usage errors naming the option, never as a data error naming a core field.
    QTest::newRow("sweep-to-int64-max")
        << QStringList{"sweep", "--to", "9223372036854775807"} << 2 << "--to";
    QTest::newRow("sweep-to-above-micro-batch-limit")
        << QStringList{"sweep", "--to", "16777217"} << 2 << "--to";
    QTest::newRow("sweep-from-above-seq-len-limit")
        << QStringList{"sweep", "--axis", "seq-len", "--from", "67108865", "--to", "67108866"} << 2
        << "--from";
    QTest::newRow("sweep-to-beyond-int64")
        << QStringList{"sweep", "--to", "99999999999999999999"} << 2 << "--to";
    QTest::newRow("sweep-values-above-micro-batch-limit")
        << QStringList{"sweep", "--values", "1,99999999999"} << 2 << "--values";
    QTest::newRow("sweep-values-above-seq-len-limit")
        << QStringList{"sweep", "--axis", "seq-len", "--values", "512,67108865"} << 2 << "--values";
    QTest::newRow("sweep-values-too-many")
        << QStringList{"sweep", "--values", QStringLiteral("1,").repeated(10001) + "1"} << 2
        << "--values";
    QTest::newRow("max-batch-limit-above-micro-batch-limit")
        << QStringList{"max-batch", "--limit", "9223372036854775807"} << 2 << "--limit";
    QTest::newRow("gpu-mem-below-one-mib")
        << QStringList{"estimate", "--gpu-mem", "1e-300GB"} << 2 << "--gpu-mem";
    QTest::newRow("gpu-mem-half-a-mib")
        << QStringList{"estimate", "--gpu-mem", "512KiB"} << 2 << "--gpu-mem";
    QTest::newRow("seq-len-above-engine-limit")
        << QStringList{"estimate", "--seq-len", "67108865"} << 2 << "--seq-len";
    QTest::newRow("prompt-tokens-above-engine-limit")
        << QStringList{"estimate", "--mode", "inference", "--prompt-tokens", "67108865"} << 2
        << "--prompt-tokens";
    QTest::newRow("new-tokens-above-engine-limit")
        << QStringList{"estimate", "--mode", "inference", "--new-tokens", "67108865"} << 2
        << "--new-tokens";
    QTest::newRow("degree-product-above-int")
        << QStringList{"estimate", "--dp", "1048576", "--tp", "4096", "--pp", "4096"} << 2
        << "--dp/--tp/--pp/--cp";
    QTest::newRow("grad-accum-above-engine-limit")
        << QStringList{"estimate", "--grad-accum", "1048577"} << 2 << "--grad-accum";
}

void TstCli::errors() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Run r = cli(args);
    VERIFY_RUN(r, code);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(r.out.isEmpty() || code == 2);
}

void TstCli::help() {
    Run r = cli({"--help"});
    VERIFY_RUN(r, 0);
    for (const char* cmd :
         {"estimate", "sweep", "max-batch", "layout", "models", "gpus", "validate"})
        QVERIFY2(r.out.contains(QLatin1String(cmd)), cmd);
    r = cli({"estimate", "--help"});
    VERIFY_RUN(r, 0);
    for (const char* opt : {"--micro-batch", "--seq-len", "--finetune", "--gpu-mem", "--sharding",
                            "--lora-targets", "--scenario", "--json", "--per-rank"})
        QVERIFY2(r.out.contains(QLatin1String(opt)), opt);
    r = cli({"validate", "--help"});
    VERIFY_RUN(r, 0);
    QVERIFY(r.out.contains(QLatin1String("--json")));
}

// The issue's example command.
void TstCli::issueExample() {
    const QString config = modelConfig("Llama-3.1-8B");
    QVERIFY2(QFile::exists(config), qPrintable(config));
    const Run r = cli({"estimate", "--config", config, "--finetune", "lora", "--micro-batch", "4",
                       "--seq-len", "2048", "--gpu", "rtx-4090"});
    VERIFY_RUN(r, 0);
    for (const char* s :
         {"weights", "activations", "logits", "GiB", "GB", "share", "allocated", "reserved",
          "nvidia-smi", "Verdict", "after_load", "backward", "GB = 1e9 bytes, GiB = 2^30 bytes"})
        QVERIFY2(r.out.contains(QLatin1String(s)), s);
    QVERIFY(r.out.contains(QLatin1String("FITS")) || r.out.contains(QLatin1String("DOES NOT FIT")));
    // An RTX 4090 is 24 GB: a LoRA of an 8B model at 4 x 2048 without checkpointing is far
    // above 90 % of it (16 GB of bf16 weights alone), so the playbook is shown.
    QVERIFY2(r.out.contains(QLatin1String("OOM playbook")), qPrintable(r.out));
}

// With no --scenario and no --framework the CLI estimates what the GUI opens with (core's
// defaultScenario): the plain PyTorch loop profile. It estimated the same bytes under the
// custom profile, but named another profile and drew another band (a sample-lengths
// contributor the plain loop's fixed windows do not have): two answers to one question.
void TstCli::defaultIsThePlainLoop() {
    const Run plain = cli({"estimate", "--json"});
    VERIFY_RUN(plain, 0);
    const Run loop = cli({"estimate", "--json", "--framework", "torch-loop"});
    VERIFY_RUN(loop, 0);
    QCOMPARE(jsonOf(plain).value("framework").toObject().value("name").toString(),
             QStringLiteral("torch-loop"));
    QCOMPARE(plain.out, loop.out);
}

void TstCli::issueExampleJson() {
    const QString config = modelConfig("Llama-3.1-8B");
    QVERIFY2(QFile::exists(config), qPrintable(config));
    const Run r = cli({"estimate", "--config", config, "--finetune", "lora", "--micro-batch", "4",
                       "--seq-len", "2048", "--gpu", "rtx-4090", "--json"});
    VERIFY_RUN(r, 0);
    const QJsonObject j = jsonOf(r);
    QCOMPARE(j.value("units").toString(), QStringLiteral("bytes"));
    const QJsonObject terms = j.value("terms").toObject();
    double sum = 0;
    for (const char* k : kTermKeys) {
        QVERIFY2(terms.contains(QLatin1String(k)), k);
        QVERIFY(terms.value(QLatin1String(k)).toDouble() >= 0);
        sum += terms.value(QLatin1String(k)).toDouble();
    }
    const QJsonObject m = j.value("metrics").toObject();
    const double alloc = m.value("allocated").toDouble();
    const double res = m.value("reserved").toDouble();
    const double smi = m.value("nvidia_smi").toDouble();
    // Properties of the three metrics (estimator.h): allocated <= reserved <= nvidia-smi and
    // the terms at the peak sum to nvidia-smi.
    QVERIFY(alloc > 0 && alloc <= res && res <= smi);
    QVERIFY2(std::fabs(sum - smi) <= 1e-6 * smi, qPrintable(QString::number(sum - smi)));
    QCOMPARE(j.value("verdict_metric").toString(), QStringLiteral("nvidia_smi"));
    QVERIFY(j.value("fits").isBool());
    // headroom = capacity - nvidia-smi (estimator.h).
    const double cap = j.value("gpu").toObject().value("capacity_bytes").toDouble();
    QVERIFY(std::fabs(j.value("headroom_bytes").toDouble() - (cap - smi)) <= 1.0);
    QCOMPARE(j.value("fits").toBool(), smi <= cap);
    QCOMPARE(j.value("per_rank").toArray().size(), 1);
    QVERIFY(j.value("phases_allocated").toObject().contains(QLatin1String("optimizer_step")));
    QVERIFY(j.value("formulas").toObject().value("weights").toString().size() > 0);
    // LoRA trains far fewer parameters than the 8.03e9 of the model.
    const QJsonObject model = j.value("model").toObject();
    QVERIFY(model.value("trainable_params").toDouble() <
            0.05 * model.value("total_params").toDouble());
}

// Llama-3.1-8B has 8,030,261,248 parameters (model.param_count of the torchtitan records in
// tests/data, = safetensors total_size 16,060,522,496 / 2). In bf16 for inference the weights
// term is exactly 2 bytes each: 16,060,522,496 bytes.
void TstCli::inferenceWeightsArePublishedBytes() {
    const QString config = modelConfig("Llama-3.1-8B");
    QVERIFY2(QFile::exists(config), qPrintable(config));
    const Run r =
        cli({"estimate", "--config", config, "--mode", "inference", "--weights", "bf16", "--json"});
    VERIFY_RUN(r, 0);
    const QJsonObject j = jsonOf(r);
    QCOMPARE(j.value("model").toObject().value("total_params").toDouble(), 8030261248.0);
    QCOMPARE(j.value("terms").toObject().value("weights").toDouble(), 16060522496.0);
}

// A checkpoint's own storage sets the inference weights when no --weights is given (issue 15
// item 2). Each row's bytes are derived by hand, group by group, from the config's shapes and
// the storage layout of the format (core/model/weight_storage.h names each loader's file):
//
// DeepSeek-V3 (h 7168, 61 layers, 3 dense, 256 experts of 2048, q_lora 1536, kv_lora 512,
// nope 128, rope 64, v 128, V 129280), fp8 with 128x128 blocks: a Linear out x in is
// out*in + 4*ceil(out/128)*ceil(in/128) bytes.
//   attention per layer: q_a 1536x7168 (11,010,048 + 2,688 scale bytes), q_b 24576x1536
//     (37,748,736 + 9,216), kv_a 576x7168 (4,128,768 + 1,120), kv_b 32768x512
//     (16,777,216 + 4,096), o 7168x16384 (117,440,512 + 28,672), q_a/kv_a layernorms
//     2048 x 2 B = 187,155,168 B; x 61 = 11,416,465,248
//   dense MLP (3 layers) 2 x 18432x7168 + 7168x18432 = 396,361,728 + 96,768 = 396,458,496 x 3
//     = 1,189,375,488
//   MoE layers (58): 257 gated FFNs of 2048 (shared + 256 routed) 44,040,192 + 10,752 each
//     = 11,321,092,608; router 7168x256 + 256 bias, x 2 B = 3,670,528; x 58
//     = 656,836,261,888
//   norms (2 x 61 + 1) x 7168 x 2 B = 1,763,328; embed + lm_head 2 x 129280 x 7168 x 2 B
//     = 3,706,716,160
//   total 673,150,582,112 B (673.15 GB; the issue's "about 680 GB", range 650-720 GB).
// gpt-oss-20b (h 2880, 24 layers, 32 experts of 2880, 64 heads, 8 KV heads of 64, V 201088),
// MXFP4 experts (out*in/2 + out*in/32 B; biases bf16), everything else bf16:
//   experts per layer 32 x (5760x2880 + 2880x2880) x 17/32 + 32 x 8640 bias x 2 B
//     = 423,567,360
//   attention per layer (q/k/v/o + biases + sinks) 26,550,144 params x 2 B = 53,100,288
//   router (2880 x 32 + 32) x 2 B = 184,384; x 24 layers = 11,444,448,768
//   norms 49 x 2880 x 2 B = 282,240; embed + unembed 2 x 201088 x 2880 x 2 B = 2,316,533,760
//   total 13,761,264,768 B (the issue: about 13.8 GB).
// Llama-2-7b GPTQ/AWQ (synthetic configs, tests/data/models/PROVENANCE.md), 4 bit, group 128,
// fp16 rest: GPTQ Linear out x in = in*out/2 + G*out/2 + 2*G*out + 4*in (G = ceil(in/128));
// AWQ the same without the 4*in g_idx.
//   GPTQ per layer: 4 x 8,732,672 (q,k,v,o) + 2 x 23,441,408 (gate, up) + 23,469,056 (down)
//     + 2 norms 16,384 = 105,298,944; x 32 + 2 x 32000 x 4096 x 2 + 8,192 = 3,893,862,400 B
//   AWQ per layer: 4 x 8,716,288 + 2 x 23,425,024 + 23,425,024 + 16,384 = 105,156,608;
//     x 32 + 524,288,000 + 8,192 = 3,889,307,648 B
// Explicit --weights bf16 wins: gpt-oss-20b's 20,914,757,184 params x 2 B = 41,829,514,368.
// The text output's scenario line names the dtypes these bytes are counted in, with bytes /
// params (tst_terms residentDtypes derives the split): DeepSeek-V3 673,150,582,112 B /
// 671,026,419,200 = 1.003; gpt-oss-20b 13,761,264,768 / 20,914,757,184 = 0.658; Llama-2-7B
// (6,738,415,616 params) GPTQ 3,893,862,400 B = 0.578, AWQ 3,889,307,648 B = 0.577.
void TstCli::checkpointWeights_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::addColumn<QString>("summary");
    QTest::newRow("deepseek-v3-fp8")
        << "DeepSeek-V3" << QStringList{} << 673150582112.0 << 650e9 << 720e9
        << "| weights fp8 + bf16 (checkpoint, 1.00 B/param), compute bf16";
    QTest::newRow("gpt-oss-20b-mxfp4")
        << "gpt-oss-20b" << QStringList{} << 13761264768.0 << 12.5e9 << 15.5e9
        << "| weights mxfp4 experts + bf16 (checkpoint, 0.66 B/param), compute bf16";
    QTest::newRow("llama-2-7b-gptq")
        << "Llama-2-7b-GPTQ-synthetic" << QStringList{} << 3893862400.0 << 3.8e9 << 4.0e9
        << "| weights int4 (gptq) + fp16 (checkpoint, 0.58 B/param), compute";
    QTest::newRow("llama-2-7b-awq")
        << "Llama-2-7b-AWQ-synthetic" << QStringList{} << 3889307648.0 << 3.8e9 << 4.0e9
        << "| weights int4 (awq) + fp16 (checkpoint, 0.58 B/param), compute";
    QTest::newRow("explicit-weights-win")
        << "gpt-oss-20b" << QStringList{"--weights", "bf16"} << 41829514368.0 << 41e9 << 42e9
        << "| weights bf16 (2.00 B/param), compute bf16";
}

void TstCli::checkpointWeights() {
    QFETCH(QString, dir);
    QFETCH(QStringList, extra);
    QFETCH(double, bytes);
    QFETCH(double, low);
    QFETCH(double, high);
    const QString config = modelConfig(dir.toUtf8().constData());
    QVERIFY2(QFile::exists(config), qPrintable(config));
    const Run r =
        cli(QStringList{"estimate", "--config", config, "--mode", "inference", "--json"} + extra);
    VERIFY_RUN(r, 0);
    const double w = jsonOf(r).value("terms").toObject().value("weights").toDouble();
    QVERIFY2(w >= low && w <= high, qPrintable(QString::number(w, 'f', 0)));
    QCOMPARE(w, bytes);
    QFETCH(QString, summary);
    const Run t = cli(QStringList{"estimate", "--config", config, "--mode", "inference"} + extra);
    VERIFY_RUN(t, 0);
    QVERIFY2(t.out.contains(summary), qPrintable(t.out.left(600)));
}

// --framework llama-factory with --finetune lora: the frozen base in the compute dtype, as
// LLaMA-Factory loads it (patcher.py torch_dtype = compute_dtype), also when --finetune and
// --sharding come after the pick on the command line; ZeRO-3/FSDP keep fp32 (and so does
// hf-trainer: transformers' fp32 load), --weights and --precision-preset win. Llama 3.1 8B, the
// default scenario's LoRA r16 on the seven linears (41,943,040 adapters, fp32 under pytorch_amp):
//   bf16 base: 8,030,261,248 x 2 + 41,943,040 x 4 = 16,228,294,656 B
//   fp32 base: 8,030,261,248 x 4 + 41,943,040 x 4 = 32,288,817,152 B (one GPU)
//   FSDP over 2: 32,288,817,152 / 2 = 16,144,408,576 B
void TstCli::loraBaseRule_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<double>("weights");
    QTest::newRow("llama-factory-lora-bf16-base")
        << QStringList{"--finetune", "lora", "--framework", "llama-factory"} << 16228294656.0;
    QTest::newRow("llama-factory-2023-lora-bf16-base")
        << QStringList{"--framework", "llama-factory@2023", "--finetune", "lora"} << 16228294656.0;
    QTest::newRow("llama-factory-lora-fsdp-fp32-base")
        << QStringList{"--framework", "llama-factory", "--finetune", "lora", "--gpus",
                       "2",           "--sharding",    "fsdp"}
        << 16144408576.0;
    QTest::newRow("hf-trainer-4-45-lora-fp32-base")
        << QStringList{"--framework", "hf-trainer@4.45", "--finetune", "lora"} << 32288817152.0;
    // transformers 5 loads the checkpoint's dtype (Llama 3.1 8B config.json: bfloat16)
    QTest::newRow("hf-trainer-5-lora-bf16-base")
        << QStringList{"--framework", "hf-trainer", "--finetune", "lora"} << 16228294656.0;
    // a full fine-tune under --precision-preset pure_bf16: its bf16, 8,030,261,248 x 2 B
    QTest::newRow("precision-preset-wins")
        << QStringList{"--framework", "llama-factory", "--precision-preset", "pure_bf16"}
        << 16060522496.0;
    QTest::newRow("weights-option-wins")
        << QStringList{"--framework", "llama-factory", "--finetune", "lora", "--weights", "fp32"}
        << 32288817152.0;
}

void TstCli::loraBaseRule() {
    QFETCH(QStringList, args);
    QFETCH(double, weights);
    const Run r = cli(QStringList{"estimate", "--model", "llama-3.1-8b", "--json"} + args);
    VERIFY_RUN(r, 0);
    QCOMPARE(jsonOf(r).value("terms").toObject().value("weights").toDouble(), weights);
}

// hf-trainer@5 (transformers 5: from_pretrained dtype="auto"): a full fine-tune of Llama 3.1 8B
// (config.json torch_dtype bfloat16) holds bf16 weights and AdamW's two states in the
// parameters' dtype, torch.zeros_like(p): 8,030,261,248 x 2 = 16,060,522,496 B of weights and
// 8,030,261,248 x 2 x 2 = 32,121,044,992 B of states; under 4.45 (fp32 load) 32,121,044,992 B
// and 64,242,089,984 B. A dtype the user gives wins (--weights fp32 --grads fp32
// --optimizer-states fp32: the 4.45 numbers).
void TstCli::checkpointDtypeRule_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<double>("weights");
    QTest::addColumn<double>("states");
    QTest::newRow("hf-trainer-5-full-bf16")
        << QStringList{"--framework", "hf-trainer"} << 16060522496.0 << 32121044992.0;
    QTest::newRow("hf-trainer-5-full-after-finetune-option")
        << QStringList{"--finetune", "lora", "--framework", "hf-trainer@5", "--finetune", "full"}
        << 16060522496.0 << 32121044992.0;
    QTest::newRow("hf-trainer-4-45-full-fp32")
        << QStringList{"--framework", "hf-trainer@4.45"} << 32121044992.0 << 64242089984.0;
    QTest::newRow("hf-trainer-5-user-dtypes-win")
        << QStringList{"--framework", "hf-trainer", "--weights",          "fp32",
                       "--grads",     "fp32",       "--optimizer-states", "fp32"}
        << 32121044992.0 << 64242089984.0;
}

void TstCli::checkpointDtypeRule() {
    QFETCH(QStringList, args);
    QFETCH(double, weights);
    QFETCH(double, states);
    const Run r = cli(QStringList{"estimate", "--model", "llama-3.1-8b", "--json"} + args);
    VERIFY_RUN(r, 0);
    const QJsonObject terms = jsonOf(r).value("terms").toObject();
    QCOMPARE(terms.value("weights").toDouble(), weights);
    QCOMPARE(terms.value("optimizer_states").toDouble(), states);
}

// Qwen v1's remote code casts the model to bf16 when built (modeling_qwen.py
// QWenLMHeadModel.__init__): under HF Trainer 4.x a full fine-tune of Qwen-7B (7,721,324,544
// parameters, tst_params qwen-7b-v1) holds 7,721,324,544 x 2 = 15,442,649,088 B of weights and
// x 4 = 30,885,298,176 B of bf16 AdamW states; under DeepSpeed ZeRO-3 over 4 GPUs the fp32
// accounting stays: 7,721,324,544 x 4 / 4 = 7,721,324,544 B and x 8 / 4 = 15,442,649,088 B.
void TstCli::qwenV1CastsItself_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("flag"); ///< the config's precision flag set true ("" = none)
    QTest::addColumn<double>("weights");
    QTest::addColumn<double>("states");
    QTest::newRow("hf-trainer-4-45-full-bf16")
        << QStringList{"--framework", "hf-trainer@4.45"} << "" << 15442649088.0 << 30885298176.0;
    QTest::newRow("hf-trainer-4-45-zero3-fp32")
        << QStringList{"--framework", "hf-trainer@4.45", "--sharding", "zero3", "--gpus", "4"} << ""
        << 7721324544.0 << 15442649088.0;
    // config "fp32": true: the model stays fp32 (x 4 = 30,885,298,176 B, states x 8)
    QTest::newRow("config-fp32-flag-keeps-fp32") << QStringList{"--framework", "hf-trainer@4.45"}
                                                 << "fp32" << 30885298176.0 << 61770596352.0;
    QTest::newRow("config-fp16-flag-casts-fp16") << QStringList{"--framework", "hf-trainer@4.45"}
                                                 << "fp16" << 15442649088.0 << 30885298176.0;
}

void TstCli::qwenV1CastsItself() {
    QFETCH(QStringList, args);
    QFETCH(QString, flag);
    QFETCH(double, weights);
    QFETCH(double, states);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString config = dir.filePath(QStringLiteral("config.json"));
    QVERIFY(writeFile(config, qwen7bConfig(flag.isEmpty() ? QStringList{} : QStringList{flag})));
    const Run r = cli(QStringList{"estimate", "--config", config, "--json"} + args);
    VERIFY_RUN(r, 0);
    const QJsonObject terms = jsonOf(r).value("terms").toObject();
    QCOMPARE(terms.value("weights").toDouble(), weights);
    QCOMPARE(terms.value("optimizer_states").toDouble(), states);
}

// modeling_qwen.py asserts at most one precision flag: two set is an error naming the field.
void TstCli::qwenV1PrecisionFlagsConflict() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString config = dir.filePath(QStringLiteral("config.json"));
    QVERIFY(writeFile(config, qwen7bConfig({"bf16", "fp16"})));
    const Run r = cli({"estimate", "--config", config});
    QVERIFY(r.code != 0);
    QVERIFY2(r.err.contains(QLatin1String("bf16")), qPrintable(r.err));
}

void TstCli::gpuMemUnits_data() {
    QTest::addColumn<QString>("size");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("tolerance");
    QTest::newRow("80-gib") << "80GiB" << 80.0 * 1073741824.0 << 0.0; // 85,899,345,920
    QTest::newRow("24576-mib") << "24576MiB" << 24576.0 * 1048576.0 << 0.0;
    // 80 GB = 8e10 bytes = 76,293.95 MiB: a GPU is described in whole MiB, so allow 1 MiB.
    QTest::newRow("80-gb") << "80GB" << 8e10 << 1048576.0;
    QTest::newRow("with-space-and-lowercase") << "40 gib" << 40.0 * 1073741824.0 << 0.0;
}

void TstCli::gpuMemUnits() {
    QFETCH(QString, size);
    QFETCH(double, bytes);
    QFETCH(double, tolerance);
    const Run r = cli({"estimate", "--params", "1B", "--gpu-mem", size, "--json"});
    VERIFY_RUN(r, 0);
    const double cap = jsonOf(r).value("gpu").toObject().value("capacity_bytes").toDouble();
    QVERIFY2(std::fabs(cap - bytes) <= tolerance, qPrintable(QString::number(cap, 'f', 0)));
}

// model.h: denseFromParamCount is within 5 % of the requested count.
void TstCli::paramsOption() {
    for (const char* p : {"7B", "7e9", "7000000000"}) {
        const Run r = cli({"estimate", "--params", QLatin1String(p), "--json"});
        VERIFY_RUN(r, 0);
        const double n = jsonOf(r).value("model").toObject().value("total_params").toDouble();
        QVERIFY2(std::fabs(n - 7e9) <= 0.05 * 7e9, p);
    }
}

void TstCli::lossOptions_data() {
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<double>("bytesPerLogit");
    // Llama-3.1-8B LoRA, micro-batch 2 x 2048 tokens, full AC: the peak is at the loss, with
    // 4096 x 128,256 logits
    // (docs/activations.md "Logits"): eager fp32 work 12 B; compiled loss on bf16 logits
    // saved input + gradient 2 + 2; on fp32 logits the model returns 4 + 4
    QTest::newRow("eager-loss") << QStringList{} << 12.0;
    QTest::newRow("compiled-loss") << QStringList{"--torch-compile"} << 4.0;
    QTest::newRow("compiled-model-eager-loss")
        << QStringList{"--torch-compile", "--uncompiled-loss"} << 12.0;
    QTest::newRow("compiled-loss-fp32-logits")
        << QStringList{"--torch-compile", "--fp32-logits"} << 8.0;
    // the loop keeps the model's fp32 logits: + 4 B at the loss
    QTest::newRow("eager-loss-retained-fp32")
        << QStringList{"--retained-logits", "--fp32-logits"} << 16.0;
    // TP 2: each rank holds the 64,128-column vocabulary shard, so per full-vocabulary logit
    // the fused eager loss is 12 / 2 and torch's loss_parallel() decomposition 16 / 2
    QTest::newRow("tp2-vocab-shard") << QStringList{"--tp", "2"} << 6.0;
    QTest::newRow("tp2-loss-parallel") << QStringList{"--tp", "2", "--loss-parallel"} << 8.0;
}

void TstCli::lossOptions() {
    QFETCH(QStringList, options);
    QFETCH(double, bytesPerLogit);
    const QString config = modelConfig("Llama-3.1-8B");
    QVERIFY2(QFile::exists(config), qPrintable(config));
    const Run r =
        cli(QStringList{"estimate", "--config", config, "--finetune", "lora", "--micro-batch", "2",
                        "--seq-len", "2048", "--checkpointing", "full", "--json"} +
            options);
    VERIFY_RUN(r, 0);
    const double logits = jsonOf(r).value("terms").toObject().value("logits").toDouble();
    QCOMPARE(logits, 4096.0 * 128256 * bytesPerLogit);
}

// --load-recipe: the JSON metrics carry the load's reserved bytes, and reserved is at least
// that (core/engine/reserve/load_replay.h). Llama-2-7B QLoRA, 2 x 512 tokens with full AC, torchao
// 0.1: the load leaves more cached than the step needs (TTLT-05's configuration).
void TstCli::loadRecipeFloor() {
    const QString config = modelConfig("Llama-2-7b-hf");
    QVERIFY2(QFile::exists(config), qPrintable(config));
    const QStringList base{
        "estimate",  "--config",         config,          "--finetune", "qlora",
        "--weights", "nf4_double_quant", "--micro-batch", "2",          "--seq-len",
        "512",       "--checkpointing",  "full",          "--json"};
    const Run plain = cli(base);
    VERIFY_RUN(plain, 0);
    const Run loaded = cli(base + QStringList{"--load-recipe", "torchao-nf4-unchunked"});
    VERIFY_RUN(loaded, 0);
    const QJsonObject m0 = jsonOf(plain).value("metrics").toObject();
    const QJsonObject m1 = jsonOf(loaded).value("metrics").toObject();
    QVERIFY(!m0.contains("load_reserved"));
    QCOMPARE(m1.value("allocated").toDouble(), m0.value("allocated").toDouble());
    QVERIFY(m1.value("load_reserved").toDouble() > m0.value("reserved").toDouble());
    QCOMPARE(m1.value("reserved").toDouble(), m1.value("load_reserved").toDouble());
    QVERIFY(m1.value("load_peak_allocated").toDouble() > m1.value("allocated").toDouble());
}

void TstCli::perRank() {
    const QStringList base{"estimate", "--params", "7B",           "--pp", "2",
                           "--gpus",   "2",        "--grad-accum", "4"};
    Run r = cli(base + QStringList{"--json"});
    VERIFY_RUN(r, 0);
    const QJsonArray ranks = jsonOf(r).value("per_rank").toArray();
    QCOMPARE(ranks.size(), 2);
    // The two stages split the blocks with no gap: stage 1 starts where stage 0 ends.
    const QJsonObject s0 = ranks.at(0).toObject();
    const QJsonObject s1 = ranks.at(1).toObject();
    QCOMPARE(s1.value("first_layer").toInt(),
             s0.value("first_layer").toInt() + s0.value("num_layers").toInt());
    // Stages count from 1 in the CLI's JSON and text, as in the GUI ("stage 1 (layers 0-15)");
    // layers count from 0 (block indices). Before, the CLI said stage 0 and 1.
    QCOMPARE(s0.value("stage").toInt(), 1);
    QCOMPARE(s1.value("stage").toInt(), 2);
    QCOMPARE(s0.value("first_layer").toInt(), 0);
    const int worst = jsonOf(r).value("worst_stage").toInt();
    const auto smi = [](const QJsonObject& s) {
        return s.value("metrics").toObject().value("nvidia_smi").toDouble();
    };
    QCOMPARE(worst, smi(s1) > smi(s0) ? 2 : 1);
    r = cli(base + QStringList{"--per-rank"});
    VERIFY_RUN(r, 0);
    QVERIFY(r.out.contains(QLatin1String("Per pipeline stage")));
    QVERIFY2(r.out.contains(QStringLiteral("worst rank (pipeline stage %1, layers").arg(worst)),
             qPrintable(r.out));
}

// Issue 16: "sub-command --help says 'headroom-cli [options]' without the command". Qt's
// usage line named the executable as started (its path), not the subcommand.
void TstCli::subcommandHelpNamesCommand_data() {
    QTest::addColumn<QString>("command");
    for (const char* c :
         {"estimate", "sweep", "max-batch", "layout", "models", "gpus", "validate", "calibrate"})
        QTest::newRow(c) << QString::fromLatin1(c);
}

void TstCli::subcommandHelpNamesCommand() {
    QFETCH(QString, command);
    const Run r = cli({command, "--help"});
    VERIFY_RUN(r, 0);
    const QString first = r.out.section(QLatin1Char('\n'), 0, 0);
    QVERIFY2(first.startsWith(QStringLiteral("Usage: headroom-cli %1 [options]").arg(command)),
             qPrintable(first));
}

void TstCli::sweepCsv() {
    const Run r = cli({"sweep", "--params", "1B", "--values", "1,2,4", "--gpu-mem", "80GiB"});
    VERIFY_RUN(r, 0);
    const QStringList lines = r.out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 4);
    QVERIFY(lines.at(0).startsWith(QLatin1String(
        "micro_batch,allocated_bytes,reserved_bytes,nvidia_smi_bytes,fits,weights_bytes")));
    double last = 0;
    const int xs[] = {1, 2, 4};
    for (int i = 1; i < 4; ++i) {
        const QStringList c = lines.at(i).split(QLatin1Char(','));
        QCOMPARE(c.size(), 15); // x, 3 metrics, fits, 10 terms
        QCOMPARE(c.at(0).toInt(), xs[i - 1]);
        const double smi = c.at(3).toDouble();
        QVERIFY(smi >= last); // more samples never need less memory
        last = smi;
    }
}

// Evenly spaced from 1 to 10 in 4 points: 1 + 9 x {0, 1/3, 2/3, 1} = 1, 4, 7, 10.
void TstCli::sweepRange() {
    const Run r = cli({"sweep", "--params", "1B", "--axis", "seq-len", "--from", "1", "--to", "10",
                       "--points", "4"});
    VERIFY_RUN(r, 0);
    const QStringList lines = r.out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 5);
    QVERIFY(lines.at(0).startsWith(QLatin1String("seq_len,")));
    QStringList xs;
    for (int i = 1; i < lines.size(); ++i)
        xs << lines.at(i).section(QLatin1Char(','), 0, 0);
    QCOMPARE(xs, (QStringList{"1", "4", "7", "10"}));
}

void TstCli::sweepJson() {
    const Run r = cli({"sweep", "--params", "1B", "--values", "2,8", "--json"});
    VERIFY_RUN(r, 0);
    const QJsonObject j = jsonOf(r);
    QCOMPARE(j.value("axis").toString(), QStringLiteral("micro_batch"));
    const QJsonArray pts = j.value("points").toArray();
    QCOMPARE(pts.size(), 2);
    QCOMPARE(pts.at(1).toObject().value("micro_batch").toInt(), 8);
    QVERIFY(pts.at(1).toObject().value("terms").toObject().contains(QLatin1String("activations")));
}

// max-batch's answer N fits and N + 1 does not (checked through estimate).
void TstCli::maxBatchAnswerFits() {
    const QStringList scenario{"--params", "1B", "--gpu-mem", "24GiB", "--seq-len", "4096"};
    Run r = cli(QStringList{"max-batch"} + scenario + QStringList{"--json"});
    VERIFY_RUN(r, 0);
    const int n = jsonOf(r).value("max").toInt();
    QVERIFY2(n >= 1, qPrintable(r.out));
    r = cli(QStringList{"estimate"} + scenario +
            QStringList{"--micro-batch", QString::number(n), "--json"});
    VERIFY_RUN(r, 0);
    QVERIFY(jsonOf(r).value("fits").toBool());
    r = cli(QStringList{"estimate"} + scenario +
            QStringList{"--micro-batch", QString::number(n + 1), "--json"});
    VERIFY_RUN(r, 0);
    QVERIFY(!jsonOf(r).value("fits").toBool());
    r = cli(QStringList{"max-batch"} + scenario);
    VERIFY_RUN(r, 0);
    QVERIFY(r.out.contains(QStringLiteral("Largest micro-batch that fits: %1").arg(n)));
}

// Inference: --seq-len is the context (prompt + generated tokens), as the GUI's sequence
// slider treats it. Llama-3.1-8B's KV cache is 2 x 32 layers x 8 KV heads x 128 x 2 B (bf16)
// = 131,072 B per token per sequence, so 8192 tokens give 1,073,741,824 B (issue 16 item 3;
// before, --seq-len was ignored and the default 512 + 512 tokens gave 134,217,728 B).
void TstCli::inferenceSeqLenIsContext_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<double>("kvBytes");
    QTest::addColumn<int>("prompt");
    QTest::addColumn<int>("fresh");
    QTest::newRow("seq-len-8192") << QStringList{"--seq-len", "8192"} << 131072.0 * 8192 << 7680
                                  << 512; // the default 512 generated tokens are kept
    QTest::newRow("seq-len-and-new-tokens")
        << QStringList{"--seq-len", "4096", "--new-tokens", "1000"} << 131072.0 * 4096 << 3096
        << 1000;
    QTest::newRow("seq-len-and-prompt")
        << QStringList{"--seq-len", "4096", "--prompt-tokens", "4000"} << 131072.0 * 4096 << 4000
        << 96;
    QTest::newRow("seq-len-below-default-new-tokens")
        << QStringList{"--seq-len", "300"} << 131072.0 * 300 << 1 << 299;
    QTest::newRow("prompt-and-new-only")
        << QStringList{"--prompt-tokens", "3000", "--new-tokens", "1000"} << 131072.0 * 4000 << 3000
        << 1000;
}

void TstCli::inferenceSeqLenIsContext() {
    QFETCH(QStringList, args);
    QFETCH(double, kvBytes);
    QFETCH(int, prompt);
    QFETCH(int, fresh);
    const Run r = cli(QStringList{"estimate", "--model", "llama-3.1-8b", "--mode", "inference",
                                  "--micro-batch", "1", "--json"} +
                      args);
    VERIFY_RUN(r, 0);
    const QJsonObject j = jsonOf(r);
    QCOMPARE(j.value("terms").toObject().value("kv_cache").toDouble(), kvBytes);
    const QJsonObject w = j.value("scenario").toObject().value("workload").toObject();
    QCOMPARE(w.value("inference").toObject().value("prompt_tokens").toInt(), prompt);
    QCOMPARE(w.value("inference").toObject().value("new_tokens").toInt(), fresh);
    QCOMPARE(w.value("sequence_length").toInt(), prompt + fresh); // the saved context agrees
}

// Inference JSON lists only the phases one inference step has (core phaseApplies: after load
// and forward; no backward, no optimizer step), for the worst rank and every rank.
void TstCli::inferenceJsonPhases() {
    const Run r = cli({"estimate", "--model", "llama-3.1-8b", "--mode", "inference", "--pp", "2",
                       "--gpus", "2", "--json"});
    VERIFY_RUN(r, 0);
    const QJsonObject j = jsonOf(r);
    const QStringList want{"after_load", "forward"};
    QCOMPARE(j.value("phases_allocated").toObject().keys(), want);
    const QJsonArray ranks = j.value("per_rank").toArray();
    QCOMPARE(ranks.size(), 2);
    for (const QJsonValue& rank : ranks)
        QCOMPARE(rank.toObject().value("phases_allocated").toObject().keys(), want);
}

// max-batch --axis seq-len in inference reports the metrics at the longest context found,
// not at the starting point: the KV term there is 131,072 B x that context (Llama-3.1-8B,
// bf16, one sequence), and estimate at that --seq-len gives the same nvidia-smi bytes.
void TstCli::maxBatchSeqLenInference() {
    const QStringList scenario{"--model", "llama-3.1-8b", "--mode",        "inference",
                               "--gpu",   "h100",         "--micro-batch", "1"};
    Run r = cli(QStringList{"max-batch", "--axis", "seq-len", "--json"} + scenario);
    VERIFY_RUN(r, 0);
    const QJsonObject mb = jsonOf(r);
    const qint64 n = mb.value("max").toInteger();
    QVERIFY2(n > 1024, qPrintable(r.out)); // far beyond the default 512 + 512 tokens
    const double smiAtMax = mb.value("metrics_at_max").toObject().value("nvidia_smi").toDouble();
    // past Llama-3.1-8B's max_position_embeddings (131,072) the maximum carries core's warning
    QCOMPARE(mb.contains("warnings"), n > 131072);
    r = cli(QStringList{"estimate", "--seq-len", QString::number(n), "--json"} + scenario);
    VERIFY_RUN(r, 0);
    const QJsonObject at = jsonOf(r);
    QVERIFY(at.value("fits").toBool());
    QCOMPARE(at.value("terms").toObject().value("kv_cache").toDouble(), 131072.0 * double(n));
    QCOMPARE(at.value("metrics").toObject().value("nvidia_smi").toDouble(), smiAtMax);
    r = cli(QStringList{"estimate", "--seq-len", QString::number(n + 1), "--json"} + scenario);
    VERIFY_RUN(r, 0);
    QVERIFY(!jsonOf(r).value("fits").toBool());
}

// A sequence beyond max_position_embeddings (Llama-2-7B: 4096) is estimated with a typed
// warning in the text report and in the JSON "warnings" array (absent without one).
void TstCli::positionsWarning_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("value"); // 0: no warning
    QTest::newRow("llama2-7b-32768") << QStringList{"--seq-len", "32768"} << 32768;
    QTest::newRow("llama2-7b-4096") << QStringList{"--seq-len", "4096"} << 0;
    QTest::newRow("llama2-7b-inference-8192")
        << QStringList{"--mode", "inference", "--seq-len", "8192"} << 8192;
}

void TstCli::positionsWarning() {
    QFETCH(QStringList, args);
    QFETCH(int, value);
    Run r = cli(QStringList{"estimate", "--model", "llama-2-7b", "--json"} + args);
    VERIFY_RUN(r, 0);
    const QJsonObject j = jsonOf(r);
    QCOMPARE(j.contains("warnings"), value > 0);
    if (value > 0) {
        const QJsonObject w = j.value("warnings").toArray().first().toObject();
        QCOMPARE(w.value("code").toString(), QStringLiteral("sequence_beyond_positions"));
        QCOMPARE(w.value("field").toString(), QStringLiteral("sequence_length"));
        QCOMPARE(w.value("value").toInt(), value);
        QCOMPARE(w.value("limit").toInt(), 4096);
    }
    r = cli(QStringList{"estimate", "--model", "llama-2-7b"} + args);
    VERIFY_RUN(r, 0);
    QCOMPARE(r.out.contains(QLatin1String("Warning: sequence_length: ")), value > 0);
    QCOMPARE(r.out.contains(QLatin1String("max_position_embeddings (4096)")), value > 0);
}

// --memory-utilization adds the vLLM-style serving block: slots x bytes per token fill the
// KV budget, and Llama-3.1-8B's KV is 2 x 32 layers x 8 heads x 128 x 2 B = 131,072 B/token.
void TstCli::servingCapacityJson() {
    Run r = cli({"estimate", "--model", "llama-3.1-8b", "--mode", "inference", "--prompt-tokens",
                 "3000", "--new-tokens", "1000", "--gpu", "h100", "--memory-utilization", "0.9",
                 "--json"});
    VERIFY_RUN(r, 0);
    const QJsonObject sv = jsonOf(r).value("serving").toObject();
    QCOMPARE(sv.value("kv_bytes_per_token").toDouble(), 131072.0);
    const double slotCount = sv.value("kv_tokens").toDouble();
    QVERIFY(slotCount * 131072.0 <= sv.value("kv_cache_bytes").toDouble());
    QCOMPARE(sv.value("max_concurrency").toDouble(), std::floor(slotCount / 4000));
    // vLLM's requested memory: ceil(0.9 x the total CUDA reports), 81,093 MiB on an H100 80GB
    // (vLLM's log: total_memory=79.19GiB)
    QCOMPARE(sv.value("budget_bytes").toDouble(), std::ceil(0.9 * 81093 * 1048576.0));
}

// layout's answer fits when given back to estimate; one GPU fewer in DP does not.
void TstCli::layoutAnswerFits() {
    const QStringList scenario{"--params",      "70B", "--gpu-mem",       "80GiB",
                               "--micro-batch", "1",   "--checkpointing", "full"};
    Run r = cli(QStringList{"layout"} + scenario + QStringList{"--json"});
    VERIFY_RUN(r, 0);
    const QJsonObject j = jsonOf(r);
    const int gpus = j.value("gpus").toInt();
    // 70e9 parameters of AdamW training need far more than one 80 GiB GPU.
    QVERIFY2(gpus > 1, qPrintable(r.out));
    QCOMPARE(gpus, j.value("dp").toInt() * j.value("tp").toInt() * j.value("pp").toInt() *
                       j.value("cp").toInt());
    r = cli(QStringList{"estimate"} + scenario +
            QStringList{"--dp", QString::number(j.value("dp").toInt()), "--tp",
                        QString::number(j.value("tp").toInt()), "--pp",
                        QString::number(j.value("pp").toInt()), "--cp",
                        QString::number(j.value("cp").toInt()), "--sharding",
                        j.value("sharding").toString(), "--json"});
    VERIFY_RUN(r, 0);
    QVERIFY(jsonOf(r).value("fits").toBool());
    r = cli(QStringList{"layout"} + scenario);
    VERIFY_RUN(r, 0);
    QVERIFY(r.out.contains(QLatin1String("Smallest layout that fits")));
    QVERIFY(r.out.contains(QLatin1String("Tightest rank")));
}

void TstCli::scenarioRoundTrip() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("s.json"));
    Run a = cli({"estimate", "--params", "3B", "--micro-batch", "3", "--seq-len", "1024",
                 "--finetune", "lora", "--lora-rank", "32", "--save-scenario", file, "--json"});
    VERIFY_RUN(a, 0);
    QVERIFY(QFile::exists(file));
    Run b = cli({"estimate", "--scenario", file, "--json"});
    VERIFY_RUN(b, 0);
    QCOMPARE(jsonOf(b).value("terms").toObject(), jsonOf(a).value("terms").toObject());
    // Options given with --scenario override it: twice the micro-batch needs more memory.
    Run c = cli({"estimate", "--scenario", file, "--micro-batch", "6", "--json"});
    VERIFY_RUN(c, 0);
    QVERIFY(jsonOf(c).value("terms").toObject().value("activations").toDouble() >
            jsonOf(a).value("terms").toObject().value("activations").toDouble());
    // A scenario file that is not JSON is a data error naming the file.
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    QVERIFY(writeFile(bad, "{ not json"));
    Run d = cli({"estimate", "--scenario", bad});
    VERIFY_RUN(d, 1);
    QVERIFY(d.err.contains(bad));
}

void TstCli::calibrateRoundTrip_data() {
    QTest::addColumn<QString>("metric");  // --metric
    QTest::addColumn<QString>("jsonKey"); // the estimate's metrics key
    QTest::addColumn<QString>("source");  // "text", "torch" or "measure"
    QTest::addColumn<double>("gapGiB");   // measured - estimate
    QTest::newRow("reserved-text") << "reserved"
                                   << "reserved"
                                   << "text" << 1.25;
    QTest::newRow("smi-text") << "nvidia-smi"
                              << "nvidia_smi"
                              << "text" << -0.25;
    QTest::newRow("allocated-torch") << "allocated"
                                     << "allocated"
                                     << "torch" << 0.5;
    QTest::newRow("reserved-torch") << "reserved"
                                    << "reserved"
                                    << "torch" << -1.0;
    QTest::newRow("smi-measure") << "nvidia-smi"
                                 << "nvidia_smi"
                                 << "measure" << 0.75;
}

// calibrate -> the file -> estimate at the measured point equals the measurement; at
// micro-batch 2 the estimate is the uncalibrated one plus the same fixed offset (hand-derived:
// offset = measured - estimate at micro-batch 1); --clear restores the uncalibrated numbers.
void TstCli::calibrateRoundTrip() {
    QFETCH(QString, metric);
    QFETCH(QString, jsonKey);
    QFETCH(QString, source);
    QFETCH(double, gapGiB);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("s.json"));
    const QStringList setup{"--finetune", "lora", "--micro-batch", "1"};
    Run a = cli(QStringList{"estimate", "--json", "--save-scenario", file} + setup);
    VERIFY_RUN(a, 0);
    const double e1 = jsonOf(a).value("metrics").toObject().value(jsonKey).toDouble();
    Run a2 = cli(QStringList{"estimate", "--json", "--finetune", "lora", "--micro-batch", "2"});
    const double e2 = jsonOf(a2).value("metrics").toObject().value(jsonKey).toDouble();
    const double gib = 1073741824.0;
    const double measured = std::round(e1 + gapGiB * gib); // whole bytes
    QStringList args{"calibrate", "--scenario", file, "--metric", metric};
    if (source == "text") {
        args << "--measured" << QString::number(measured / gib, 'f', 9) + "GiB";
    } else {
        const QString stats = dir.filePath(QStringLiteral("stats.json"));
        const QString key = source == "measure"      ? jsonKey
                            : jsonKey == "allocated" ? "allocated_bytes.all.peak"
                                                     : "reserved_bytes.all.peak";
        QVERIFY(writeFile(stats, QStringLiteral("{\"%1\": %2}")
                                     .arg(key)
                                     .arg(QString::number(measured, 'f', 0))
                                     .toUtf8()));
        args << "--measured-json" << stats;
    }
    Run c = cli(args);
    VERIFY_RUN(c, 0);
    QVERIFY2(c.out.contains("Calibrated to your run"), qPrintable(c.out));
    Run b = cli({"estimate", "--scenario", file, "--json"});
    VERIFY_RUN(b, 0);
    const QJsonObject cal = jsonOf(b).value("calibration").toObject();
    QCOMPARE(cal.value("label").toString(), QStringLiteral("calibrated to your run"));
    QCOMPARE(cal.value("applied").toBool(), true);
    const double at1 = jsonOf(b).value("metrics").toObject().value(jsonKey).toDouble();
    QVERIFY2(std::fabs(at1 - measured) < 1.0, qPrintable(QString::number(at1 - measured)));
    Run bt = cli({"estimate", "--scenario", file});
    QVERIFY(bt.out.contains("Calibrated to your run"));
    Run d = cli({"estimate", "--scenario", file, "--micro-batch", "2", "--json"});
    VERIFY_RUN(d, 0);
    const double at2 = jsonOf(d).value("metrics").toObject().value(jsonKey).toDouble();
    QVERIFY2(std::fabs(at2 - (e2 + (measured - e1))) < 1.0,
             qPrintable(QString::number(at2 - (e2 + (measured - e1)))));
    Run clear = cli({"calibrate", "--scenario", file, "--clear"});
    VERIFY_RUN(clear, 0);
    Run f = cli({"estimate", "--scenario", file, "--json"});
    QVERIFY(jsonOf(f).value("calibration").isUndefined()); // absent without a calibration
    QCOMPARE(jsonOf(f).value("metrics").toObject().value(jsonKey).toDouble(), e1);
}

// A measured OOM keeps the verdict at OOM, in estimate and in max-batch, though the engine
// alone says the point fits.
void TstCli::calibrateOomStaysOom() {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("s.json"));
    Run a = cli({"estimate", "--json", "--finetune", "lora", "--micro-batch", "1",
                 "--save-scenario", file});
    VERIFY_RUN(a, 0);
    QCOMPARE(jsonOf(a).value("fits").toBool(), true);
    for (const QStringList& m : {QStringList{"--measured", "oom"},
                                 QStringList{"--measured", "81GiB", "--metric", "reserved"}}) {
        Run c = cli(QStringList{"calibrate", "--scenario", file} + m);
        VERIFY_RUN(c, 0);
        QVERIFY2(c.out.contains("DOES NOT FIT"), qPrintable(c.out));
        Run b = cli({"estimate", "--scenario", file, "--json"});
        QCOMPARE(jsonOf(b).value("fits").toBool(), false);
        QVERIFY(jsonOf(b).value("headroom_bytes").toDouble() < 0);
        Run mb = cli({"max-batch", "--scenario", file, "--json"});
        QCOMPARE(jsonOf(mb).value("max").toInt(), 0);
    }
}

void TstCli::calibrateErrors_data() {
    QTest::addColumn<QStringList>("args"); // %S = a valid scenario file
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("no-scenario") << QStringList{"calibrate", "--measured", "60GiB"} << 2
                                 << "--scenario";
    QTest::newRow("no-measurement")
        << QStringList{"calibrate", "--scenario", "%S"} << 2 << "--measured";
    QTest::newRow("both-measurements")
        << QStringList{"calibrate", "--scenario",      "%S",    "--measured",
                       "1GiB",      "--measured-json", "x.json"}
        << 2 << "--measured";
    QTest::newRow("nan") << QStringList{"calibrate", "--scenario", "%S", "--measured", "nanGiB"}
                         << 2 << "--measured: not a finite number";
    QTest::newRow("negative") << QStringList{"calibrate", "--scenario", "%S", "--measured", "-3GiB"}
                              << 2 << "--measured";
    QTest::newRow("zero") << QStringList{"calibrate", "--scenario", "%S", "--measured", "0GB"} << 2
                          << "--measured";
    QTest::newRow("huge") << QStringList{"calibrate", "--scenario", "%S", "--measured", "5000000TB"}
                          << 2 << "--measured";
    QTest::newRow("no-unit") << QStringList{"calibrate", "--scenario", "%S", "--measured", "61.2"}
                             << 2 << "--measured";
    // a peak below the default scenario's 14.96 GiB of bf16 weights is not of this run: refused,
    // not clamped into a correction (failed before: accepted, "fixed overhead -9.34 GiB")
    QTest::newRow("below-weights")
        << QStringList{"calibrate", "--scenario", "%S", "--measured", "1e-300GiB"} << 1
        << "measured: out of range (below the 14.96 GiB of weights";
    QTest::newRow("unknown-metric")
        << QStringList{"calibrate", "--scenario", "%S", "--measured", "60GiB", "--metric", "vram"}
        << 2 << "--metric";
    QTest::newRow("missing-json-file")
        << QStringList{"calibrate", "--scenario", "%S", "--measured-json", "/nonexistent.json"} << 1
        << "--measured-json";
}

void TstCli::calibrateErrors() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("s.json"));
    VERIFY_RUN(cli({"estimate", "--save-scenario", file}), 0);
    args.replaceInStrings(QStringLiteral("%S"), file);
    const Run r = cli(args);
    VERIFY_RUN(r, code);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

void TstCli::failedSaveKeepsOldFile_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("estimate-over-larger-file") << QStringList{"estimate", "--params", "7B"};
    QTest::newRow("sweep-over-larger-file") << QStringList{"sweep", "--values", "1,2"};
}

// A save that fails half-way (here: RLIMIT_FSIZE of 64 bytes, SIGXFSZ ignored so write()
// returns EFBIG, as on a full disk) must leave the file it replaces byte for byte intact and
// exit 1 naming the option and the reason.
void TstCli::failedSaveKeepsOldFile() {
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("old.json"));
    QByteArray old = "{\"old\": \"scenario\"}\n";
    old += QByteArray(4096, 'x'); // larger than the new scenario and than the limit
    QVERIFY(writeFile(file, old));
    QProcess p;
    p.setProgram(QStringLiteral(HEADROOM_CLI));
    p.setArguments(args + QStringList{"--save-scenario", file});
    p.setChildProcessModifier([] {
        const rlimit limit{64, 64};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        ::signal(SIGXFSZ, SIG_IGN);
    });
    p.start();
    QVERIFY(p.waitForFinished(120000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == 1,
             qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(err)));
    QVERIFY2(err.contains(QStringLiteral("--save-scenario ") + file), qPrintable(err));
    QVERIFY2(err.contains(QLatin1String("File too large")), qPrintable(err));
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), old);
    // no temporary file is left behind
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"old.json"});
}

void TstCli::presetLists() {
    Run r = cli({"gpus", "--json"});
    VERIFY_RUN(r, 0);
    const QJsonArray gpus = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QVERIFY(gpus.size() >= 25);
    bool has4090 = false;
    for (const auto& v : gpus) {
        const QJsonObject g = v.toObject();
        // capacity is the driver's MiB x 2^20.
        QCOMPARE(g.value("capacity_bytes").toDouble(),
                 g.value("memory_mib").toDouble() * 1048576.0);
        has4090 |= g.value("key").toString() == QLatin1String("rtx-4090");
    }
    QVERIFY2(has4090, "the issue's example uses --gpu rtx-4090");
    r = cli({"models", "--json"});
    VERIFY_RUN(r, 0);
    const QJsonArray models = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QVERIFY(models.size() >= 25);
    bool has8b = false;
    for (const auto& v : models)
        has8b |= v.toObject().value("key").toString() == QLatin1String("llama-3.1-8b");
    QVERIFY(has8b);
    r = cli({"models"});
    VERIFY_RUN(r, 0);
    QVERIFY(r.out.contains(QLatin1String("llama-3.1-8b")));
    r = cli({"gpus"});
    VERIFY_RUN(r, 0);
    QVERIFY(r.out.contains(QLatin1String("GiB")) && r.out.contains(QLatin1String("MiB")));
}

void TstCli::validateCalibration() {
    const Run r = cli({"validate", dataFile(), "--json"});
    VERIFY_RUN(r, 0);
    const QJsonObject j = jsonOf(r);
    const QJsonObject s = j.value("summary").toObject();
    for (const char* k :
         {"count", "skipped", "median_abs_error_pct", "p90_abs_error_pct", "wrong_fit_verdicts"})
        QVERIFY2(s.contains(QLatin1String(k)), k);
    const QJsonArray points = j.value("points").toArray();
    const QJsonArray skipped = s.value("skipped").toArray();
    QCOMPARE(s.value("count").toInt(), points.size());
    QCOMPARE(points.size() + skipped.size(), 56); // every record is used or skipped
    for (const auto& v : skipped)
        QVERIFY(!v.toObject().value("reason").toString().isEmpty());
    for (const auto& v : points) {
        const QJsonObject p = v.toObject();
        const double m = p.value("measured_bytes").toDouble();
        const double e = p.value("estimated_bytes").toDouble();
        QVERIFY(m > 0);
        QVERIFY(std::fabs(p.value("error_pct").toDouble() - (e - m) / m * 100.0) < 1e-6);
    }
    QCOMPARE(j.value("baselines").toArray().size(), 2);
}

void TstCli::validateText() {
    const Run r = cli({"validate", dataFile()});
    VERIFY_RUN(r, 0);
    for (const char* s : {"TTLT-01", "Summary", "median", "p90", "Skipped", "TT3B-01",
                          "sequence_length is null", "Baselines", "Seed 000", "Seed 001"})
        QVERIFY2(r.out.contains(QLatin1String(s)), s);
}

// --capacity-unit gb reads gpu.memory_gb = 40 as 40e9 bytes; the default gib as 40 x 2^30.
void TstCli::validateCapacityUnit() {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("r.json"));
    QFile src(dataFile());
    QVERIFY(src.open(QIODevice::ReadOnly));
    QJsonArray all = QJsonDocument::fromJson(src.readAll()).array();
    QJsonArray one;
    for (const auto& v : all)
        if (v.toObject().value("id").toString() == QLatin1String("LITRT-05")) // A100 40GB
            one.append(v);
    QCOMPARE(one.size(), 1);
    QVERIFY(writeFile(file, QJsonDocument(one).toJson()));
    Run r = cli({"validate", file, "--json", "--capacity-unit", "gb"});
    VERIFY_RUN(r, 0);
    QCOMPARE(
        jsonOf(r).value("points").toArray().at(0).toObject().value("capacity_bytes").toDouble(),
        40e9);
    r = cli({"validate", file, "--json"});
    VERIFY_RUN(r, 0);
    QCOMPARE(
        jsonOf(r).value("points").toArray().at(0).toObject().value("capacity_bytes").toDouble(),
        40.0 * 1073741824.0);
    // A malformed file is a data error naming the field.
    QVERIFY(writeFile(file, R"([{"schema": 2, "id": "X-1"}])"));
    r = cli({"validate", file});
    VERIFY_RUN(r, 1);
    QVERIFY2(r.err.contains(QLatin1String("schema")), qPrintable(r.err));
    QVERIFY(writeFile(file, "not json"));
    r = cli({"validate", file});
    VERIFY_RUN(r, 1);
}

// A records file alone in a folder is scored with the project's revisions table, compiled in
// (resources/framework-revisions.json): LF-01 (unslothai/unsloth README, the LLaMA-Factory
// benchmark) under llama-factory@2023, LITRT-05 under litgpt; before, every record of such a
// file fell back to hf-trainer@4.45. A framework-revisions.json beside the records replaces it.
void TstCli::validateBuiltInRevisions() {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("records.json"));
    QFile src(dataFile());
    QVERIFY(src.open(QIODevice::ReadOnly));
    QJsonArray picked;
    for (const auto& v : QJsonDocument::fromJson(src.readAll()).array()) {
        const QString id = v.toObject().value("id").toString();
        if (id == QLatin1String("LF-01") || id == QLatin1String("LITRT-05"))
            picked.append(v);
    }
    QCOMPARE(picked.size(), 2);
    QVERIFY(writeFile(file, QJsonDocument(picked).toJson()));
    const auto profiles = [&] {
        const Run r = cli({"validate", file, "--json"});
        QMap<QString, QString> out;
        for (const auto& v : jsonOf(r).value("points").toArray())
            out[v.toObject().value("id").toString()] = v.toObject().value("profile").toString();
        return out;
    };
    QMap<QString, QString> p = profiles();
    QCOMPARE(p.value("LF-01"), QStringLiteral("llama-factory@2023"));
    QVERIFY2(p.value("LITRT-05").startsWith(QLatin1String("litgpt@")),
             qPrintable(p.value("LITRT-05")));
    Run r = cli({"validate", file, "--show-profile"});
    VERIFY_RUN(r, 0);
    QVERIFY(r.out.contains(QLatin1String("built in: resources/framework-revisions.json")));
    // a table beside the records wins
    QVERIFY(
        writeFile(dir.filePath(QStringLiteral("framework-revisions.json")),
                  R"({"schema": 1, "unknown_repository": {"profile": "hf-trainer", "version": "5"},
                          "repositories": []})"));
    p = profiles();
    QCOMPARE(p.value("LITRT-05"), QStringLiteral("hf-trainer@5"));
}

// An enum value the schema does not know skips only its record (listed with the field and the
// value, exit 0); --strict rejects the whole file (exit 1, the field named), as every unknown
// value did before.
void TstCli::validateUnknownValueSkipsRecord() {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("records.json"));
    QFile src(dataFile());
    QVERIFY(src.open(QIODevice::ReadOnly));
    QJsonArray picked;
    for (const auto& v : QJsonDocument::fromJson(src.readAll()).array()) {
        QJsonObject o = v.toObject();
        const QString id = o.value("id").toString();
        if (id == QLatin1String("LITRT-05")) {
            picked.append(o);
        } else if (id == QLatin1String("LF-01")) {
            o.insert(QStringLiteral("weight_dtype"), QStringLiteral("fp6"));
            picked.append(o);
        }
    }
    QCOMPARE(picked.size(), 2);
    QVERIFY(writeFile(file, QJsonDocument(picked).toJson()));
    Run r = cli({"validate", file});
    VERIFY_RUN(r, 0);
    QVERIFY2(r.out.contains(QLatin1String("LF-01: weight_dtype: 'fp6' is not one of")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("LITRT-05")), qPrintable(r.out));
    r = cli({"validate", file, "--json"});
    VERIFY_RUN(r, 0);
    QCOMPARE(jsonOf(r).value("summary").toObject().value("count").toInt(), 1);
    r = cli({"validate", file, "--strict"});
    VERIFY_RUN(r, 1);
    QVERIFY2(r.err.contains(QLatin1String("[0].weight_dtype")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("fp6")), qPrintable(r.err));
}

// `compare A B --json` (issue 16): per-term deltas add up to the total, the attribution adds
// up to A - B within 1 %, and micro-batch 4 -> 2 alone moves the logits by (2 - 4) x 2048 x
// 128,256 x 12 B (fp32 logits and loss buffers, docs/activations.md).
void TstCli::compareJson() {
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.json"));
    const QString b = dir.filePath(QStringLiteral("b.json"));
    VERIFY_RUN(cli({"estimate", "--model", "llama-3.1-8b", "--save-scenario", a}), 0);
    VERIFY_RUN(cli({"estimate", "--model", "llama-3.1-8b", "--micro-batch", "2", "--checkpointing",
                    "full", "--save-scenario", b}),
               0);
    const Run r = cli({"compare", a, b, "--json"});
    VERIFY_RUN(r, 0);
    const QJsonObject j = jsonOf(r);
    QVERIFY(j.contains("a") && j.contains("b"));
    const QJsonObject delta = j["delta"].toObject();
    double sum = 0;
    const QJsonObject terms = delta["terms"].toObject();
    for (const char* k : kTermKeys)
        sum += terms[QLatin1String(k)].toDouble();
    const double total = delta["total_bytes"].toDouble();
    QVERIFY(std::abs(sum - total) <= 10); // ten terms, each rounded to whole bytes
    const double aTotal = j["a"].toObject()["total_bytes"].toDouble();
    const double bTotal = j["b"].toObject()["total_bytes"].toDouble();
    QVERIFY(std::abs(total - (bTotal - aTotal)) <= 1.0);
    double saved = 0;
    for (const auto& v : j["attribution"].toArray())
        saved += v.toObject()["saved_bytes"].toDouble();
    QCOMPARE(j["attribution"].toArray().size(), 2);
    QVERIFY(std::abs(saved + total) <= 0.01 * std::abs(total));
    QCOMPARE(j["method"].toString(), QStringLiteral("shapley-exact"));
    const Run text = cli({"compare", a, b});
    VERIFY_RUN(text, 0);
    QVERIFY(text.out.contains(QStringLiteral("workload.activation_checkpointing")));
    // micro-batch alone (the peak stays in backward, where the logits are live)
    const QString c = dir.filePath(QStringLiteral("c.json"));
    VERIFY_RUN(
        cli({"estimate", "--model", "llama-3.1-8b", "--micro-batch", "2", "--save-scenario", c}),
        0);
    const QJsonObject mb = jsonOf(cli({"compare", a, c, "--json"}));
    QCOMPARE(mb["delta"].toObject()["terms"].toObject()["logits"].toDouble(),
             -2.0 * 2048 * 128256 * 12);
    QCOMPARE(mb["attribution"].toArray().size(), 1);
}

void TstCli::compareErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("one-file") << QStringList{"compare", "x.json"} << 2 << "give two scenario files";
    QTest::newRow("missing-file") << QStringList{"compare", "/nonexistent/a.json",
                                                 "/nonexistent/b.json"}
                                  << 1 << "A /nonexistent/a.json";
}

void TstCli::compareErrors() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Run r = cli(args);
    VERIFY_RUN(r, code);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
