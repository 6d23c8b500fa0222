// The data-set lengths setting (Workload::lengths.data, docs/metrics.md "Variable sample
// lengths"): which lengths each profile's documented data pipeline feeds, the named default
// distribution (llama-nemotron-post-training-v1's published statistics) and what it adds to
// reserved memory against fixed lengths, the scenario key and its bad values, the CLI option,
// and the plain PyTorch loop profile that unlisted sources of validation records get.

#include "core/engine/estimator.h"
#include "core/engine/profiles.h"
#include "core/engine/reserve/length_replay.h"
#include "core/io/scenario.h"
#include "core/model/presets.h"
#include "core/validation/revisions.h"

#include "testsupport.h"

#include <QProcess>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace headroom;
using json = nlohmann::json;

Q_DECLARE_METATYPE(std::vector<int64_t>)

class TstDataLengths : public QObject {
    Q_OBJECT
private slots:
    void resolve_data();
    void resolve();
    void namedDefaultBatches_data();
    void namedDefaultBatches();
    void realDataReservesMore_data();
    void realDataReservesMore();
    void scenarioRoundTrip_data();
    void scenarioRoundTrip();
    void badScenarioValue();
    void badTableValues_data();
    void badTableValues();
    void unlistedSourceIsTorchLoop_data();
    void unlistedSourceIsTorchLoop();
    void sourceLengths_data();
    void sourceLengths();
    void cliOption_data();
    void cliOption();
};

namespace {

/// llama-3.2-1b LoRA (all linear), micro-batch 1 x @p seq, bf16, full checkpointing, SDPA,
/// under profile @p spec, lengths @p data.
Workload loraRun(const char* spec, DataLengths data, int64_t seq) {
    Workload w = testsupport::training(PrecisionPreset::PureBf16, 1, seq);
    if (const auto c = parseProfileSpec(spec))
        selectProfile(w, *c);
    w.finetune = Finetune::LoRA;
    w.checkpointing = Checkpointing::Full;
    w.lengths.data = data;
    return w;
}

const ModelArch& llama1b() {
    static const ModelArch m = findModelPreset("llama-3.2-1b")->arch;
    return m;
}

} // namespace

void TstDataLengths::resolve_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("data");
    QTest::addColumn<bool>("packedFeature");
    QTest::addColumn<qlonglong>("mean"); // given by hand (0: none)
    QTest::addColumn<int>("expected");
    QTest::addColumn<qlonglong>("expectedMean");
    QTest::addColumn<bool>("expectedDrop");
    const int fw = int(DataLengths::Framework), fixed = int(DataLengths::Fixed),
              packed = int(DataLengths::Packed), real = int(DataLengths::Real);
    // custom documents no data pipeline: every batch the sequence length (as before)
    QTest::newRow("custom-framework-fixed")
        << "custom" << fw << false << 0LL << fixed << 0LL << false;
    // torch-loop: a pre-training loop's fixed windows (nanoGPT get_batch)
    QTest::newRow("torch-loop-framework-fixed")
        << "torch-loop" << fw << false << 0LL << fixed << 0LL << false;
    // a profile's documented pipeline is the point (profiles.h resolveDataLengths):
    // transformers' per-batch padding (DataCollatorWithPadding, truncating) and ms-swift's
    // pad_sequence with truncation_strategy 'delete' (profiles.json drop_long) feed the named
    // real data set; the band's sample-lengths contributor holds fixed lengths (tst_band
    // sampleLengthsOpen); torchtitan's packed rows are every batch the sequence length
    QTest::newRow("hf-trainer-framework-real-point")
        << "hf-trainer" << fw << false << 0LL << real << 528LL << false;
    QTest::newRow("swift-framework-real-point-drops-long")
        << "swift" << fw << false << 0LL << real << 528LL << true;
    QTest::newRow("torchtitan-framework-fixed-point")
        << "torchtitan" << fw << false << 0LL << fixed << 0LL << false;
    // litgpt puts the longest sample first: later batches fit its segments
    QTest::newRow("litgpt-framework-fixed")
        << "litgpt" << fw << false << 0LL << fixed << 0LL << false;
    // a distribution given by hand is a real data set whatever the profile says
    QTest::newRow("torch-loop-given-mean-real")
        << "torch-loop" << fw << false << 3000LL << real << 3000LL << false;
    // an explicit fixed wins over a given mean and over the profile
    QTest::newRow("hf-trainer-fixed-wins")
        << "hf-trainer" << fixed << false << 3000LL << fixed << 0LL << false;
    // the packed feature (a record's `packed`) wins over real data
    QTest::newRow("packed-feature-wins")
        << "hf-trainer" << real << true << 0LL << packed << 0LL << false;
    // real data without a mean: the named default, whatever the profile
    QTest::newRow("custom-real-named")
        << "custom" << real << false << 0LL << real << 528LL << false;
}

void TstDataLengths::resolve() {
    QFETCH(QString, spec);
    QFETCH(int, data);
    QFETCH(bool, packedFeature);
    QFETCH(qlonglong, mean);
    QFETCH(int, expected);
    QFETCH(qlonglong, expectedMean);
    QFETCH(bool, expectedDrop);
    Workload w = loraRun(spec.toUtf8().constData(), static_cast<DataLengths>(data), 2048);
    w.features.packed = packedFeature;
    w.lengths.mean = mean;
    w.lengths.std = mean > 0 ? 100 : 0;
    const Workload run = withProfileApplied(w);
    QCOMPARE(int(run.lengths.data), expected);
    QCOMPARE(qlonglong(run.lengths.mean), expectedMean);
    QCOMPARE(run.lengths.dropLong, expectedDrop);
    if (expectedMean == 528) { // kDefaultDatasetLengths: the data set card's numbers
        QCOMPARE(qlonglong(run.lengths.std), 658LL);
        QCOMPARE(qlonglong(run.lengths.min), 14LL);
        QCOMPARE(qlonglong(run.lengths.max), 18718LL);
    }
    // resolving is idempotent: an estimate that resolves again sees the same lengths
    const Workload again = withProfileApplied(run);
    QCOMPARE(int(again.lengths.data), expected);
    QCOMPARE(qlonglong(again.lengths.mean), expectedMean);
}

void TstDataLengths::namedDefaultBatches_data() {
    QTest::addColumn<qlonglong>("seq");
    QTest::addColumn<std::vector<int64_t>>("expected");
    // 1,000 micro-batches of 1: new longest batches at n = 1, 4, 11, 31, 83, 227, 616, each
    // the quantile n / (n + 1) of normal(528, 658): 528 + 658 x (0, 0.841621, 1.382994,
    // 1.862732, 2.260189, 2.620817, 2.943858) = 528, 1081.8, 1438.0, 1753.7, 2015.2, 2252.5,
    // 2465.1 tokens, truncated to the sequence length
    QTest::newRow("seq-4096") << 4096LL
                              << std::vector<int64_t>{528, 1082, 1438, 1754, 2015, 2252, 2465};
    QTest::newRow("seq-2048") << 2048LL
                              << std::vector<int64_t>{528, 1082, 1438, 1754, 2015, 2048, 2048};
    // the median (528) is already past 512: every batch is truncated to the sequence length
    QTest::newRow("seq-512") << 512LL << std::vector<int64_t>{512, 512, 512, 512, 512, 512, 512};
}

void TstDataLengths::namedDefaultBatches() {
    QFETCH(qlonglong, seq);
    QFETCH(std::vector<int64_t>, expected);
    QCOMPARE(batchLengths(kDefaultDatasetLengths.lengths, seq, 1), expected);
}

void TstDataLengths::realDataReservesMore_data() {
    QTest::addColumn<qlonglong>("seq");
    QTest::addColumn<bool>("grows");
    // batches of 528 ... 2465 tokens before the first at 4096 is never met: the loss chain's
    // vocabulary-wide blocks (tokens x 128256 x 4 B) are cudaMalloc'ed anew at each new longest
    // batch while the smaller ones stay cached (docs/metrics.md), so reserved grows
    QTest::newRow("seq-4096-grows") << 4096LL << true;
    // every batch truncated to 512 tokens (namedDefaultBatches seq-512): nothing to cache
    QTest::newRow("seq-512-same") << 512LL << false;
}

void TstDataLengths::realDataReservesMore() {
    QFETCH(qlonglong, seq);
    QFETCH(bool, grows);
    const Estimate fixed = estimate(llama1b(), loraRun("custom", DataLengths::Fixed, seq));
    const Estimate real = estimate(llama1b(), loraRun("custom", DataLengths::Real, seq));
    // the same distribution given by hand: the replay of the named default, byte for byte
    Workload byHand = loraRun("custom", DataLengths::Framework, seq);
    byHand.lengths.mean = 528;
    byHand.lengths.std = 658;
    byHand.lengths.min = 14;
    byHand.lengths.max = 18718;
    const Estimate given = estimate(llama1b(), byHand);
    QCOMPARE(real.worst.allocated, fixed.worst.allocated); // set by the longest batch alike
    QCOMPARE(real.worst.reserved, given.worst.reserved);
    QCOMPARE(fixed.worst.lengthsCache, 0.0);
    testsupport::compare(real.worst.reserved - fixed.worst.reserved, real.worst.lengthsCache,
                         1e-12);
    QCOMPARE(real.worst.lengthsCache > 0, grows);
}

void TstDataLengths::scenarioRoundTrip_data() {
    QTest::addColumn<int>("data");
    QTest::newRow("framework") << int(DataLengths::Framework);
    QTest::newRow("fixed") << int(DataLengths::Fixed);
    QTest::newRow("packed") << int(DataLengths::Packed);
    QTest::newRow("real") << int(DataLengths::Real);
}

void TstDataLengths::scenarioRoundTrip() {
    QFETCH(int, data);
    Scenario s = defaultScenario();
    s.workload.lengths.data = static_cast<DataLengths>(data);
    const std::string text = toJson(s);
    QCOMPARE(QString::fromStdString(json::parse(text)["workload"]["lengths"]["data"]),
             QString::fromLatin1(dataLengthsKey(s.workload.lengths.data).data()));
    const auto back = scenarioFromJson(text);
    QVERIFY2(back.ok(), back.ok() ? "" : describe(back.error()).c_str());
    QCOMPARE(int(back->workload.lengths.data), data);
    // a file written before the key existed reads as framework (the profile decides)
    json old = json::parse(text);
    old["workload"]["lengths"].erase("data");
    QCOMPARE(int(scenarioFromJson(old.dump())->workload.lengths.data), int(DataLengths::Framework));
}

void TstDataLengths::badScenarioValue() {
    json j = json::parse(toJson(defaultScenario()));
    j["workload"]["lengths"]["data"] = "sometimes";
    auto r = scenarioFromJson(j.dump());
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), int(ErrorCode::UnknownValue));
    QCOMPARE(QString::fromStdString(r.error().field), QStringLiteral("workload.lengths.data"));
    j["workload"]["lengths"]["data"] = 3;
    r = scenarioFromJson(j.dump());
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), int(ErrorCode::FieldWrongType));
    QCOMPARE(QString::fromStdString(r.error().field), QStringLiteral("workload.lengths.data"));
}

void TstDataLengths::badTableValues_data() {
    QTest::addColumn<QString>("table"); // "profiles" or "revisions"
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");
    QTest::newRow("profile-lengths-unknown")
        << "profiles"
        << R"({"profiles": [{"name": "p", "label": "P", "summary": "", "precision_preset": "custom", "precision_source": "", "fill_defaults": {"lengths": {"value": "sometimes", "source": "s"}}, "versions": [{"version": "1", "summary": "", "facts": []}]}]})"
        << "profiles[0].fill_defaults.lengths.value";
    // "framework" is what a profile's pipeline resolves, not a pipeline itself
    QTest::newRow("profile-lengths-framework")
        << "profiles"
        << R"({"profiles": [{"name": "p", "label": "P", "summary": "", "precision_preset": "custom", "precision_source": "", "fill_defaults": {"lengths": {"value": "framework", "source": "s"}}, "versions": [{"version": "1", "summary": "", "facts": []}]}]})"
        << "profiles[0].fill_defaults.lengths.value";
    QTest::newRow("profile-drop-long-string")
        << "profiles"
        << R"({"profiles": [{"name": "p", "label": "P", "summary": "", "precision_preset": "custom", "precision_source": "", "fill_defaults": {"drop_long": {"value": "yes", "source": "s"}}, "versions": [{"version": "1", "summary": "", "facts": []}]}]})"
        << "profiles[0].fill_defaults.drop_long.value";
    QTest::newRow("repository-lengths-unknown")
        << "revisions"
        << R"({"schema": 1, "repositories": [{"repository": "a/b", "profile": "custom", "lengths": "dummy"}]})"
        << "repositories[0].lengths";
    QTest::newRow("revision-lengths-unknown")
        << "revisions"
        << R"({"schema": 1, "repositories": [{"repository": "a/b", "profile": "custom", "revisions": [{"match": "x", "version": "any", "lengths": "framework"}]}]})"
        << "repositories[0].revisions[0].lengths";
}

void TstDataLengths::badTableValues() {
    QFETCH(QString, table);
    QFETCH(QString, text);
    QFETCH(QString, field);
    const std::string t = text.toStdString();
    QString got;
    if (table == "profiles") {
        const auto r = parseProfileTable(t);
        QVERIFY(!r.ok());
        got = QString::fromStdString(r.error().field);
    } else {
        const auto r = parseFrameworkRevisions(t);
        QVERIFY(!r.ok());
        got = QString::fromStdString(r.error().field);
    }
    QCOMPARE(got, field);
}

void TstDataLengths::unlistedSourceIsTorchLoop_data() {
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("expected");
    // a source the table does not list: a plain PyTorch loop, no framework's facts
    QTest::newRow("unlisted-github") << "https://github.com/someone/pretrain/blob/abc/train.py"
                                     << "torch-loop@2";
    QTest::newRow("unlisted-url") << "urn:example:source"
                                  << "torch-loop@2";
    // torchao's int8 quantised-training table: benchmarks/quantized_training/pretrain_llama2.py
    QTest::newRow("torchao-quantized-training")
        << "https://github.com/pytorch/ao/blob/9acc9a4/torchao/prototype/quantized_training/"
           "README.md"
        << "torch-loop@2";
    // listed sources keep their profile
    QTest::newRow("listed-ms-swift")
        << "https://github.com/modelscope/ms-swift/blob/4312aeb/docs/source/LLM/Benchmark.md"
        << "swift@1.5";
}

void TstDataLengths::unlistedSourceIsTorchLoop() {
    QFETCH(QString, url);
    QFETCH(QString, expected);
    const ProfileRef p = recordProfile(builtinFrameworkRevisions(), url.toStdString());
    QCOMPARE(QString::fromStdString(profileSpec(p)), expected);
    // the GUI opens on the same profile
    const auto c = findProfile({"torch-loop", ""});
    QVERIFY(c.ok());
    QCOMPARE(c->profile->precision, PrecisionPreset::PureBf16);
    QVERIFY(c->version->facts.empty()); // no HF Trainer extras: the run's own switches hold
}

void TstDataLengths::sourceLengths_data() {
    QTest::addColumn<QString>("url");
    QTest::addColumn<int>("expected");
    // fsdp_qlora's benchmarks: train.py --dataset dummy, every sample context_length tokens
    QTest::newRow("fsdp-qlora-dummy-fixed")
        << "https://github.com/AnswerDotAI/fsdp_qlora/blob/4cd6923/benchmarks_03_2024.md"
        << int(DataLengths::Fixed);
    // perf_train_gpu_one: 512 samples of exactly 512 random tokens
    QTest::newRow("hf-guide-dummy-fixed")
        << "https://github.com/huggingface/transformers/blob/0016acf/docs/perf_train_gpu_one.md"
        << int(DataLengths::Fixed);
    // this project's measure_peak.py: random tokens of exactly the sequence length
    QTest::newRow("measure-peak-fixed")
        << "tools/measure/measure_peak.py --trainer hf (transformers 5.17.0)"
        << int(DataLengths::Fixed);
    // torchtune's spring-2024 README table (PR #955): "for a BS of 4 and Seq Length of 2048"
    QTest::newRow("torchtune-readme-benchmark-fixed")
        << "https://github.com/pytorch/torchtune/blob/0217d44c2e1e372b34628767745c1f6538086a81/"
           "README.md"
        << int(DataLengths::Fixed);
    // the source says nothing: the profile's pipeline decides
    QTest::newRow("ms-swift-framework")
        << "https://github.com/modelscope/ms-swift/blob/4312aeb/docs/source/LLM/Benchmark.md"
        << int(DataLengths::Framework);
    QTest::newRow("unlisted-framework") << "urn:example:source" << int(DataLengths::Framework);
}

void TstDataLengths::sourceLengths() {
    QFETCH(QString, url);
    QFETCH(int, expected);
    QCOMPARE(int(recordDataLengths(builtinFrameworkRevisions(), url.toStdString())), expected);
}

void TstDataLengths::cliOption_data() {
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<bool>("cacheExpected");
    QTest::newRow("real-caches") << "real" << 0 << true;
    QTest::newRow("fixed-none") << "fixed" << 0 << false;
    QTest::newRow("unknown-usage-error") << "sometimes" << 2 << false;
}

void TstDataLengths::cliOption() {
    QFETCH(QString, value);
    QFETCH(int, exitCode);
    QFETCH(bool, cacheExpected);
    QProcess p;
    p.start(QStringLiteral(HEADROOM_CLI),
            {"estimate", "--model", "llama-3.2-1b", "--finetune", "lora", "--seq-len", "4096",
             "--micro-batch", "1", "--checkpointing", "full", "--lengths", value, "--json"});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), exitCode);
    if (exitCode != 0) {
        QVERIFY(p.readAllStandardError().contains("--lengths")); // names the option
        return;
    }
    const json j = json::parse(p.readAllStandardOutput().toStdString());
    QCOMPARE(QString::fromStdString(j["scenario"]["workload"]["lengths"]["data"]), value);
    const std::string text = j.dump();
    QCOMPARE(text.find("cached for the run's other batch lengths") != std::string::npos ||
                 text.find("lengths_cache") != std::string::npos,
             cacheExpected);
}

QTEST_GUILESS_MAIN(TstDataLengths)
#include "tst_datalengths.moc"
