// A/B comparison (core/io/compare.h): the changes found (typed: field and values), per-term
// deltas by hand, and the Shapley attribution checked against the four estimates of a
// two-change game computed here.
#include "core/io/compare.h"
#include "core/model/presets.h"

#include <QtTest>

#include <array>
#include <functional>

#include <algorithm>
#include <cmath>

using namespace headroom;

namespace {

constexpr double kParams8b = 8030261248.0; // Llama-3.1-8B, tst_params

double total(const Scenario& s) {
    return estimate(s.model, s.workload, &s.gpu).worst.nvidiaSmi;
}

Scenario base() {
    Scenario s = defaultScenario(); // Llama-3.1-8B full, bf16, mb 4 x 2048, one H100
    return s;
}

} // namespace

class TstCompare : public QObject {
    Q_OBJECT
private slots:
    void sameScenarioNoChange();
    void singleChangeByHand_data();
    void singleChangeByHand();
    void twoChangesShapleyByHand();
    void coupledPartsAreOneChange();
    void manyChangesSampledStillAddUp();
    void sampledWorkIsBounded_data();
    void sampledWorkIsBounded();
    void typedChanges_data();
    void typedChanges();
    void typedValues();
    void effectsPullBothWays_data();
    void effectsPullBothWays();
};

void TstCompare::sameScenarioNoChange() {
    const auto c = compareScenarios(base(), base());
    QVERIFY(c.ok());
    QVERIFY(c->changes.empty());
    QCOMPARE(c->deltaTotal, 0.0);
}

// One change: its share is the whole difference (Shapley with one player), and the term it
// moves moves by the bytes derived by hand.
void TstCompare::singleChangeByHand_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("term");
    QTest::addColumn<double>("delta"); // B - A of that term, bytes, by hand
    // micro-batch 4 -> 2: fp32 logits + loss buffers 12 B per logit (docs/activations.md):
    // (2 - 4) x 2048 tokens x 128,256 vocab x 12 B
    QTest::newRow("micro-batch-logits")
        << "workload.micro_batch_size" << int(Term::Logits) << -2.0 * 2048 * 128256 * 12;
    // weights bf16 -> fp32: 8,030,261,248 x (4 - 2) B
    QTest::newRow("weights-dtype")
        << "workload.precision.weights" << int(Term::Weights) << kParams8b * 2;
}

void TstCompare::singleChangeByHand() {
    QFETCH(QString, key);
    QFETCH(int, term);
    QFETCH(double, delta);
    Scenario a = base();
    Scenario b = base();
    if (key == QLatin1String("workload.micro_batch_size"))
        b.workload.microBatch = 2;
    else
        b.workload.precision.weights = DType::FP32;
    const auto c = compareScenarios(a, b);
    QVERIFY(c.ok());
    QCOMPARE(int(c->changes.size()), 1);
    QCOMPARE(QString::fromStdString(c->changes[0].key), key);
    QCOMPARE(c->deltaTerms[size_t(term)], delta);
    double sum = 0;
    for (double d : c->deltaTerms)
        sum += d;
    QVERIFY(std::abs(sum - c->deltaTotal) < 1.0); // the terms add up to the total
    QCOMPARE(c->saved[0], total(a) - total(b));
}

// Two changes 1 (checkpointing full) and 2 (micro-batch 2): phi_1 = 1/2 [(v(1) - v(0)) +
// (v(12) - v(2))], phi_2 likewise, computed here from four estimates.
void TstCompare::twoChangesShapleyByHand() {
    Scenario a = base();
    Scenario s1 = a, s2 = a, b = a;
    s1.workload.checkpointing = Checkpointing::Full;
    s2.workload.microBatch = 2;
    b.workload.checkpointing = Checkpointing::Full;
    b.workload.microBatch = 2;
    const double v0 = total(a), v1 = total(s1), v2 = total(s2), v12 = total(b);
    const double saveCkpt = -0.5 * ((v1 - v0) + (v12 - v2));
    const double saveMb = -0.5 * ((v2 - v0) + (v12 - v1));
    const auto c = compareScenarios(a, b);
    QVERIFY(c.ok());
    QVERIFY(c->exact);
    QCOMPARE(int(c->changes.size()), 2);
    for (size_t i = 0; i < 2; ++i) {
        const bool ckpt = c->changes[i].key == "workload.activation_checkpointing";
        QVERIFY(std::abs(c->saved[i] - (ckpt ? saveCkpt : saveMb)) < 1.0);
    }
    QVERIFY(std::abs(c->saved[0] + c->saved[1] - (v0 - v12)) < 1.0);
    QCOMPARE(c->evaluations, 4);
}

// TP 2 needs 2 GPUs: the layout and the GPU count are two changes (parallelism, gpu), each
// of whose parts only make sense together.
void TstCompare::coupledPartsAreOneChange() {
    Scenario a = base();
    Scenario b = base();
    b.workload.parallel.tp = 2;
    b.workload.parallel.sequenceParallel = true;
    b.gpuCount = 2;
    const auto c = compareScenarios(a, b);
    QVERIFY(c.ok());
    QCOMPARE(int(c->changes.size()), 2);
    QCOMPARE(QString::fromStdString(c->changes[0].key), QStringLiteral("gpu"));
    QCOMPARE(QString::fromStdString(c->changes[1].key), QStringLiteral("workload.parallelism"));
    QVERIFY(std::abs(c->saved[0] + c->saved[1] + c->deltaTotal) < 1.0);
}

// Eleven changes: above kExactChanges the orders are sampled, and every order's marginals
// add up to the total, so the shares still do.
void TstCompare::manyChangesSampledStillAddUp() {
    Scenario a = base();
    Scenario b = base();
    Workload& w = b.workload;
    w.microBatch = 2;
    w.sequenceLength = 4096;
    w.checkpointing = Checkpointing::Full;
    w.gradAccumulation = 4;
    w.features.chunkedCrossEntropy = true;
    w.features.fusedOptimizer = true;
    w.features.torchCompile = true;
    w.features.packed = true;
    w.precision.masterWeights = true;
    w.precision.optimizerStates = DType::FP32;
    w.optimizer = Optimizer::AdamW8bit;
    const auto c = compareScenarios(a, b);
    QVERIFY(c.ok());
    QVERIFY2(c->changes.size() > size_t(kExactChanges), "the test needs more changes");
    QVERIFY(!c->exact);
    double sum = 0;
    for (double s : c->saved)
        sum += s;
    QVERIFY(std::abs(sum + c->deltaTotal) <= 1e-6 * std::abs(c->deltaTotal) + 1.0);
}

// The sampled attribution's work is bounded by construction: sampledOrders(n) orders of n
// changes, kSampledEvaluations / n rounded down to an even count (antithetic pairs), within
// [16, 200]; each order costs at most n estimates (plus the empty set once). Before the bound,
// 200 orders were sampled for any n: 23 changes took 3,893 estimates (16 s with no replay
// cache). Orders by hand: 2048 / 11 = 186.2 -> 186; 2048 / 23 = 89.0 -> 88.
void TstCompare::sampledWorkIsBounded_data() {
    QTest::addColumn<int>("edits");
    QTest::addColumn<int>("changes");
    QTest::addColumn<int>("orders");
    QTest::newRow("eleven-changes") << 11 << 11 << 186;
    QTest::newRow("twenty-three-changes") << 23 << 23 << 88;
}

void TstCompare::sampledWorkIsBounded() {
    QFETCH(int, edits);
    QFETCH(int, changes);
    QFETCH(int, orders);
    // each edit changes one scenario key (the lengths' data, mean and std are three)
    const std::array<std::function<void(Workload&)>, 23> edit{
        [](Workload& w) { w.microBatch = 8; },
        [](Workload& w) { w.sequenceLength = 4096; },
        [](Workload& w) { w.checkpointing = Checkpointing::Full; },
        [](Workload& w) { w.gradAccumulation = 4; },
        [](Workload& w) { w.features.chunkedCrossEntropy = true; },
        [](Workload& w) { w.features.fusedOptimizer = true; },
        [](Workload& w) { w.features.torchCompile = true; },
        [](Workload& w) { w.features.packed = true; },
        [](Workload& w) { w.precision.masterWeights = true; },
        [](Workload& w) { w.precision.optimizerStates = DType::FP32; },
        [](Workload& w) { w.optimizer = Optimizer::SGD; },
        [](Workload& w) { w.attention = AttentionImpl::Eager; },
        [](Workload& w) { w.features.fp32Logits = true; },
        [](Workload& w) { w.features.retainedLogits = true; },
        [](Workload& w) { w.features.uncompiledLoss = true; },
        [](Workload& w) { w.features.activationOffload = true; },
        [](Workload& w) { w.precision.grads = DType::FP32; },
        [](Workload& w) { w.precision.compute = DType::FP16; },
        [](Workload& w) { w.finetune = Finetune::LoRA; },
        [](Workload& w) { w.lora.rank = 64; },
        [](Workload& w) { w.lengths.mean = 600; },
        [](Workload& w) { w.lengths.std = 500; },
        [](Workload& w) { w.lengths.data = DataLengths::Real; },
    };
    Scenario a = base();
    Scenario b = base();
    for (int i = 0; i < edits; ++i)
        edit[static_cast<size_t>(i)](b.workload);
    const auto c = compareScenarios(a, b);
    QVERIFY(c.ok());
    const int n = static_cast<int>(c->changes.size());
    QCOMPARE(n, changes);
    QVERIFY(!c->exact);
    QCOMPARE(c->orders, orders);
    QCOMPARE(sampledOrders(static_cast<size_t>(n)), orders);
    QVERIFY2(c->evaluations <= 1 + orders * n,
             qPrintable(QStringLiteral("%1 estimates").arg(c->evaluations)));
    double sum = 0;
    for (double v : c->saved)
        sum += v;
    QVERIFY(std::abs(sum + c->deltaTotal) <= 1e-6 * std::abs(c->deltaTotal) + 1.0);
}

// Each change names its field and carries A's and B's values typed; changeSideText spells them
// as the scenario file does (the CLI's English). Expected values from the edit made in the row
// and the defaults of defaultScenario() (Llama-3.1-8B full, pure bf16, mb 4, one H100 SXM).
void TstCompare::typedChanges_data() {
    QTest::addColumn<QString>("edit");
    QTest::addColumn<int>("field");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::newRow("checkpointing-none-full")
        << "ckpt" << int(ChangeField::Checkpointing) << "workload.activation_checkpointing"
        << "none"
        << "full";
    QTest::newRow("micro-batch-4-8")
        << "mb" << int(ChangeField::WorkloadField) << "workload.micro_batch_size"
        << "4"
        << "8";
    // resources/gpus.json: h100-sxm-80gb "NVIDIA H100 SXM 80GB", a100-40gb "NVIDIA A100 40GB"
    QTest::newRow("gpu-h100-a100") << "gpu" << int(ChangeField::Gpu) << "gpu"
                                   << "NVIDIA H100 SXM 80GB x 1"
                                   << "NVIDIA A100 40GB x 1";
    QTest::newRow("precision-preset")
        << "preset" << int(ChangeField::PrecisionPreset) << "workload.precision_preset"
        << "pure_bf16"
        << "pytorch_amp";
    // the framework profile (JSON "framework"; the default scenario runs the plain loop)
    QTest::newRow("framework-profile")
        << "profile" << int(ChangeField::Profile) << "workload.framework"
        << "torch-loop@2"
        << "hf-trainer@4.45";
    // a row of the field table without a name of its own (rollout default 8 samples)
    QTest::newRow("samples-per-prompt")
        << "samples" << int(ChangeField::WorkloadField) << "workload.rollout.samples_per_prompt"
        << "8"
        << "4";
    // the JSON array of target modules (default all-linear: the seven projections)
    QTest::newRow("lora-targets") << "targets" << int(ChangeField::LoraTargets)
                                  << "workload.lora.targets"
                                  << "q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj, down_proj"
                                  << "q_proj, v_proj";
    // a group: its differing parts, in key order
    QTest::newRow("parallel-layout")
        << "tp" << int(ChangeField::Parallelism) << "workload.parallelism"
        << "sequence_parallel false, tp 1"
        << "sequence_parallel true, tp 2";
}

void TstCompare::typedChanges() {
    QFETCH(QString, edit);
    QFETCH(int, field);
    QFETCH(QString, key);
    QFETCH(QString, before);
    QFETCH(QString, after);
    const Scenario a = base();
    Scenario b = base();
    Workload& w = b.workload;
    if (edit == QLatin1String("ckpt")) {
        w.checkpointing = Checkpointing::Full;
    } else if (edit == QLatin1String("mb")) {
        w.microBatch = 8;
    } else if (edit == QLatin1String("gpu")) {
        b.gpu = *findGpuPreset("a100-40gb");
    } else if (edit == QLatin1String("preset")) {
        applyPrecisionPreset(w, PrecisionPreset::PytorchAmp);
    } else if (edit == QLatin1String("profile")) {
        w.profile = ProfileRef{"hf-trainer", "4.45"};
    } else if (edit == QLatin1String("samples")) {
        w.rollout.samplesPerPrompt = 4;
    } else if (edit == QLatin1String("targets")) {
        w.lora.targets = kLoraQV;
    } else {
        w.parallel.tp = 2;
        w.parallel.sequenceParallel = true;
    }
    const auto changes = scenarioChanges(a, b);
    const auto it = std::find_if(changes.begin(), changes.end(), [&](const ScenarioChange& c) {
        return c.key == key.toStdString();
    });
    QVERIFY2(it != changes.end(), qPrintable(key));
    QCOMPARE(int(it->field), field);
    QCOMPARE(QString::fromStdString(changeSideText(*it, false)), before);
    QCOMPARE(QString::fromStdString(changeSideText(*it, true)), after);
    if (it->field == ChangeField::WorkloadField) {
        QVERIFY(it->row);
        QCOMPARE(QString::fromStdString("workload." + it->row->path()), key);
    }
}

// The values are the Scenario's own types, not text: the GUI words them from these.
void TstCompare::typedValues() {
    const Scenario a = base();
    Scenario b = base();
    b.workload.checkpointing = Checkpointing::Full;
    b.workload.microBatch = 8;
    b.gpu = *findGpuPreset("a100-40gb");
    b.gpuCount = 1;
    const auto changes = scenarioChanges(a, b);
    QCOMPARE(int(changes.size()), 3); // gpu, activation_checkpointing, micro_batch_size
    QCOMPARE(changes[0].field, ChangeField::Gpu);
    QCOMPARE(std::get<GpuChoice>(changes[0].after).memoryMiB, int64_t{40960});
    QCOMPARE(std::get<GpuChoice>(changes[0].before).count, 1);
    QCOMPARE(changes[1].field, ChangeField::Checkpointing);
    QCOMPARE(std::get<Checkpointing>(changes[1].before), Checkpointing::None);
    QCOMPARE(std::get<Checkpointing>(changes[1].after), Checkpointing::Full);
    QCOMPARE(changes[2].field, ChangeField::WorkloadField);
    QCOMPARE(std::get<int64_t>(changes[2].before), int64_t{4});
    QCOMPARE(std::get<int64_t>(changes[2].after), int64_t{8});
    QCOMPARE(int(changes[2].parts.size()), 1);
}

// A change that saves memory beside one that costs some: each one's share of the net
// difference lies outside 0..100 % (the shares still add up to 100 %), which the CLI and the
// Compare tab then say. Checkpointing saves, a larger micro-batch costs.
void TstCompare::effectsPullBothWays_data() {
    QTest::addColumn<int>("microBatch");
    QTest::addColumn<bool>("checkpointing");
    QTest::addColumn<bool>("bothWays");
    QTest::newRow("checkpointing-saves-batch-costs") << 8 << true << true;
    QTest::newRow("both-save") << 2 << true << false;
    QTest::newRow("one-change") << 4 << true << false;
}

void TstCompare::effectsPullBothWays() {
    QFETCH(int, microBatch);
    QFETCH(bool, checkpointing);
    QFETCH(bool, bothWays);
    const Scenario a = base();
    Scenario b = a;
    b.workload.microBatch = microBatch;
    if (checkpointing)
        b.workload.checkpointing = Checkpointing::Full;
    const auto c = compareScenarios(a, b);
    QVERIFY(c.ok());
    QCOMPARE(headroom::effectsPullBothWays(*c), bothWays);
    if (!bothWays)
        return;
    const double net = -c->deltaTotal;
    double sum = 0;
    bool outside = false;
    for (const double v : c->saved) {
        sum += 100.0 * v / net;
        outside = outside || v / net > 1.0 || v / net < 0.0;
    }
    QVERIFY(outside);
    QVERIFY(std::abs(sum - 100.0) < 1e-6);
}

QTEST_APPLESS_MAIN(TstCompare)
#include "tst_compare.moc"
