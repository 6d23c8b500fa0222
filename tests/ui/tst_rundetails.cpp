// "Run details" (ui/rundetailspanel.h) and the breakdown table's CSV / Markdown export
// (issue 16 item 6) offscreen: each control changes the engine input as one undo step and the
// term it drives moves by the hand-derived bytes; the exports hold what the table shows.
#include "ui/breakdowntable.h"
#include "ui/controlspanel.h"
#include "ui/dashboard.h"
#include "ui/mainwindow.h"
#include "ui/rundetailspanel.h"
#include "ui/scenariocontroller.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace headroom;
using namespace headroom::ui;

namespace {
constexpr double kLlama8bParams = 8030261248.0; // tst_params: Llama-3.1-8B exact count
} // namespace

class TstRunDetails : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("headroom-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_rundetails"));
    }
    void init() {
        MainWindowOptions mo;
        mo.useSettings = false;
        m_win = std::make_unique<MainWindow>(mo);
        m_win->controller()->resetScenario(defaultScenario()); // 8B full, mb 4 x 2048, 1 GPU
        settle();
    }
    void cleanup() { m_win.reset(); }
    void gradAccumulationAndGlobalBatch();
    void globalBatchFollowsDragEnd();
    void masterWeightsByHand();
    void kvCacheDType();
    void sampleLengthsBox();
    void loraTargetsByHand_data();
    void loraTargetsByHand();
    void rolloutEnablesItsCounts();
    void onlyFieldsThatCountShow_data();
    void onlyFieldsThatCountShow();
    void breakdownExports_data();
    void breakdownExports();
    void hostRamRow();

private:
    void settle() {
        QCoreApplication::processEvents();
        m_win->controller()->flush();
        m_win->dashboard()->refreshTables();
    }
    RunDetailsPanel* panel() const { return m_win->controls()->runDetails(); }
    /// The field's row is shown in the panel (a field that does not count is hidden).
    bool shown(const QWidget* field) const { return field->isVisibleTo(panel()); }
    const Scenario& scn() const { return m_win->controller()->scenario(); }
    double term(Term t) const {
        return m_win->controller()->results().estimate.worst.atPeak[size_t(t)];
    }
    void editScenario(const std::function<void(Scenario&)>& f) {
        m_win->controller()->edit(Field::Features, QStringLiteral("test"), f);
        settle();
    }
    std::unique_ptr<MainWindow> m_win;
};

void TstRunDetails::gradAccumulationAndGlobalBatch() {
    auto* spin = qobject_cast<QSpinBox*>(panel()->fieldWidget("gradient_accumulation_steps"));
    QVERIFY(spin && shown(spin));
    const int steps = m_win->controller()->undoStack()->count();
    spin->setValue(8);
    settle();
    QCOMPARE(scn().workload.gradAccumulation, int64_t(8));
    QCOMPARE(m_win->controller()->undoStack()->count(), steps + 1);
    // global batch = micro-batch 4 x accumulation 8 x DP 1 = 32 samples
    auto* label = panel()->findChild<QLabel*>(QStringLiteral("globalBatchLabel"));
    QVERIFY2(label->text().contains(QStringLiteral("32 ")), qPrintable(label->text()));
}

// During a slider drag the panel does not relay out; the global batch catches up at its end:
// micro-batch 16 x accumulation 1 x DP 1 = 16 samples.
void TstRunDetails::globalBatchFollowsDragEnd() {
    auto* label = panel()->findChild<QLabel*>(QStringLiteral("globalBatchLabel"));
    const QString before = label->text();
    m_win->controller()->beginDrag();
    m_win->controller()->edit(Field::MicroBatch, QStringLiteral("drag"),
                              [](Scenario& s) { s.workload.microBatch = 16; });
    settle();
    QCOMPARE(label->text(), before);
    m_win->controller()->endDrag();
    settle();
    QVERIFY2(label->text().contains(QStringLiteral("16 ")), qPrintable(label->text()));
}

// Full fine-tune: the fp32 master copy is 4 B x 8,030,261,248 trainable parameters
// = 32,121,044,992 B (mixed-precision master weights, seed 001).
void TstRunDetails::masterWeightsByHand() {
    auto* box = qobject_cast<QCheckBox*>(panel()->fieldWidget("precision.master_weights_fp32"));
    QVERIFY(box && shown(box));
    QCOMPARE(term(Term::MasterWeights), 0.0);
    box->setChecked(true);
    settle();
    QVERIFY(scn().workload.precision.masterWeights);
    QVERIFY(qAbs(term(Term::MasterWeights) / (4.0 * kLlama8bParams) - 1) < 1e-6);
}

// Inference KV cache = 2 (K, V) x 32 layers x 8 KV heads x 128 x context x batch x bytes:
// fp8 holds half of bf16's bytes (per-tensor scale negligible, within 0.1 %).
void TstRunDetails::kvCacheDType() {
    editScenario([](Scenario& s) { s.workload.mode = Mode::Inference; });
    QComboBox* kv = panel()->kvCacheBox();
    QVERIFY(shown(kv));
    const Workload& w = scn().workload;
    const double tokens =
        double(w.inference.promptTokens + w.inference.newTokens) * double(w.microBatch);
    QVERIFY(qAbs(term(Term::KvCache) / (2.0 * 32 * 8 * 128 * tokens * 2) - 1) < 1e-6);
    const double bf16 = term(Term::KvCache);
    const int i = kv->findData(int(DType::FP8));
    kv->setCurrentIndex(i);
    emit kv->activated(i);
    settle();
    QCOMPARE(scn().workload.precision.kvCache, DType::FP8);
    QVERIFY(qAbs(term(Term::KvCache) / bf16 - 0.5) < 0.001);
}

// "Sample lengths" sets Workload::lengths.data as one undo step; on the 8B as LoRA, mb 1 x
// 2048 on the H100 (custom profile: fixed; it fits, so no cached segment is given back) Real
// data replays the named default's new longest batches and the allocator reserve grows by
// exactly the lengths cache core reports, allocated unchanged (tst_datalengths derives the
// batches by hand).
void TstRunDetails::sampleLengthsBox() {
    editScenario([](Scenario& s) {
        s.workload.finetune = Finetune::LoRA;
        s.workload.microBatch = 1;
    });
    QComboBox* box = panel()->lengthsBox();
    QVERIFY(box && shown(box));
    QCOMPARE(box->currentData().toInt(), int(DataLengths::Framework));
    const auto& before = m_win->controller()->results().estimate.worst;
    const double allocated = before.allocated, reserve = term(Term::AllocatorReserve);
    QCOMPARE(before.lengthsCache, 0.0);
    const int steps = m_win->controller()->undoStack()->count();
    const int i = box->findData(int(DataLengths::Real));
    box->setCurrentIndex(i);
    emit box->activated(i);
    settle();
    QCOMPARE(scn().workload.lengths.data, DataLengths::Real);
    QCOMPARE(m_win->controller()->undoStack()->count(), steps + 1);
    const auto& after = m_win->controller()->results().estimate.worst;
    QCOMPARE(after.allocated, allocated);
    QVERIFY(after.lengthsCache > 0);
    QVERIFY(qAbs(term(Term::AllocatorReserve) - reserve - after.lengthsCache) <= 1.0);
    // the distribution's own rows count now (the named default until a mean is given)
    QVERIFY(shown(panel()->fieldWidget("lengths.std")));
    editScenario([](Scenario& s) { s.workload.mode = Mode::Inference; });
    QVERIFY(!shown(box));
}

// LoRA r 16 on Llama-3.1-8B (h 4096, KV width 1024, FFN 14336, 32 layers): an adapter on a
// d_in x d_out projection holds r x (d_in + d_out) parameters.
void TstRunDetails::loraTargetsByHand_data() {
    QTest::addColumn<int>("target");
    QTest::addColumn<double>("params"); // adapter parameters the target holds, by hand
    QTest::newRow("q") << int(LoraTarget::Q) << 16.0 * (4096 + 4096) * 32;
    QTest::newRow("k") << int(LoraTarget::K) << 16.0 * (4096 + 1024) * 32;
    QTest::newRow("down") << int(LoraTarget::Down) << 16.0 * (14336 + 4096) * 32;
}

void TstRunDetails::loraTargetsByHand() {
    QFETCH(int, target);
    QFETCH(double, params);
    editScenario([](Scenario& s) { s.workload.finetune = Finetune::LoRA; });
    QCheckBox* box = panel()->loraTargetBox(static_cast<LoraTarget>(target));
    QVERIFY(box && shown(box) && box->isChecked()); // PEFT all-linear by default
    const auto before = m_win->controller()->results().estimate.trainableParams;
    box->setChecked(false);
    settle();
    QCOMPARE(scn().workload.lora.targets & unsigned(target), 0u);
    const auto after = m_win->controller()->results().estimate.trainableParams;
    QCOMPARE(double(before - after), params);
}

// A field that does not count for the run is not shown: greyed, a sized server's panel
// still read "Training micro-batches 1,000" and "DeepSpeed reduce bucket 500,000,000", and a
// full fine-tune's LoRA targets stayed ticked (the GUI review). Each row: a run and fields
// (core fields.h paths, or the panel's own boxes) shown and hidden for it.
void TstRunDetails::onlyFieldsThatCountShow_data() {
    QTest::addColumn<int>("mode");
    QTest::addColumn<int>("finetune");
    QTest::addColumn<QStringList>("shownFields");
    QTest::addColumn<QStringList>("hiddenFields");
    const QStringList training{QStringLiteral("gradient_accumulation_steps"),
                               QStringLiteral("optimizer_states"), QStringLiteral("lengths")};
    QTest::newRow("inference-hides-training")
        << int(Mode::Inference) << int(Finetune::Full) << QStringList{QStringLiteral("kv_cache")}
        << training + QStringList{QStringLiteral("lora_targets"), QStringLiteral("lengths.steps")};
    QTest::newRow("full-fine-tune-hides-lora-targets")
        << int(Mode::Training) << int(Finetune::Full) << training
        << QStringList{QStringLiteral("lora_targets"), QStringLiteral("kv_cache"),
                       QStringLiteral("rollout.samples_per_prompt")};
    QTest::newRow("lora-shows-its-targets")
        << int(Mode::Training) << int(Finetune::LoRA)
        << training + QStringList{QStringLiteral("lora_targets")}
        << QStringList{QStringLiteral("kv_cache")};
}

void TstRunDetails::onlyFieldsThatCountShow() {
    QFETCH(int, mode);
    QFETCH(int, finetune);
    QFETCH(QStringList, shownFields);
    QFETCH(QStringList, hiddenFields);
    editScenario([&](Scenario& s) {
        s.workload.mode = static_cast<Mode>(mode);
        s.workload.finetune = static_cast<Finetune>(finetune);
    });
    const auto widget = [this](const QString& name) -> QWidget* {
        if (name == QStringLiteral("optimizer_states"))
            return panel()->findChild<QWidget*>(QStringLiteral("optimizerStatesCombo"));
        if (name == QStringLiteral("kv_cache"))
            return panel()->kvCacheBox();
        if (name == QStringLiteral("lengths"))
            return panel()->findChild<QWidget*>(QStringLiteral("lengthsDataCombo"));
        if (name == QStringLiteral("lora_targets"))
            return panel()->loraTargetBox(LoraTarget::Q);
        return panel()->fieldWidget(name);
    };
    for (const QString& name : shownFields) {
        QWidget* w = widget(name);
        QVERIFY2(w && shown(w), qPrintable(name));
    }
    for (const QString& name : hiddenFields) {
        QWidget* w = widget(name);
        QVERIFY2(w && !shown(w), qPrintable(name));
    }
}

void TstRunDetails::rolloutEnablesItsCounts() {
    QWidget* samples = panel()->fieldWidget("rollout.samples_per_prompt");
    QVERIFY(samples && !shown(samples));
    auto* on = qobject_cast<QCheckBox*>(panel()->fieldWidget("rollout.enabled"));
    on->setChecked(true);
    settle();
    QVERIFY(scn().workload.rollout.enabled);
    QVERIFY(shown(samples));
    qobject_cast<QSpinBox*>(samples)->setValue(4);
    settle();
    QCOMPARE(scn().workload.rollout.samplesPerPrompt, 4);
    QVERIFY(term(Term::KvCache) > 0); // the rollout engine's KV cache
}

void TstRunDetails::breakdownExports_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("csv") << "table.csv";
    QTest::newRow("markdown") << "table.md";
}

void TstRunDetails::breakdownExports() {
    QFETCH(QString, file);
    QTemporaryDir dir;
    const QString path = dir.filePath(file);
    BreakdownTable* t = m_win->dashboard()->breakdown();
    QString error;
    QVERIFY2(t->saveAs(path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    const double weights = term(Term::Weights); // 8,030,261,248 x 2 B in bf16
    QCOMPARE(weights, 2.0 * kLlama8bParams);
    QVERIFY(text.contains(QString::number(qlonglong(weights))));
    if (file.endsWith(QLatin1String(".md"))) {
        QVERIFY(text.startsWith(QStringLiteral("| Term | Bytes | Memory (GiB) |")));
        QVERIFY(text.contains(QStringLiteral("|---|---:|---:|---:|---|")));
    } else {
        QVERIFY(text.startsWith(QStringLiteral("Term,Bytes,Memory (GiB),Share,Formula\r\n")));
        // a formula with a comma is one quoted field (RFC 4180)
        for (const QString& line : text.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts))
            if (line.startsWith(QStringLiteral("Activations,")))
                QVERIFY2(line.endsWith(QLatin1Char('"')), qPrintable(line));
    }
    // a failed save reports it and writes nothing
    QVERIFY(!t->saveAs(dir.filePath(QStringLiteral("no/such/dir/t.csv")), &error));
    QVERIFY(!error.isEmpty());
}

void TstRunDetails::hostRamRow() {
    BreakdownTable* t = m_win->dashboard()->breakdown();
    QVERIFY(!t->toText(BreakdownTable::TextFormat::Csv).contains(QStringLiteral("Host RAM")));
    editScenario([](Scenario& s) { s.workload.parallel.offloadOptimizer = true; });
    QVERIFY(m_win->controller()->results().estimate.hostBytes > 0);
    QVERIFY(t->toText(BreakdownTable::TextFormat::Csv).contains(QStringLiteral("Host RAM")));
}

QTEST_MAIN(TstRunDetails)
#include "tst_rundetails.moc"
