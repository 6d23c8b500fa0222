// The Compare tab (ui/comparepanel.h) offscreen: Tools → Pin as A, an edit into B, the
// comparison core computes (one change whose share is the whole difference) on a pool thread,
// the changes in words, costs and savings signed, both cliffs inside the chart's range, and the
// PNG / SVG / Markdown exports.
#include "core/engine/fields.h"
#include "core/model/presets.h"
#include "core/plan/solvers.h"
#include "ui/comparepanel.h"
#include "ui/dashboard.h"
#include "ui/mainwindow.h"
#include "ui/scenariocontroller.h"
#include "ui/texts.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QFileInfo>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QValueAxis>
#include <QtTest>

#include <functional>

using namespace headroom;
using namespace headroom::ui;

namespace {

using Edit = std::function<void(Scenario&)>;

constexpr double kParams8b = 8030261248.0; // Llama-3.1-8B, tst_params

/// A window with the default scenario pinned as A and @p edit applied as B, compared.
struct Fixture {
    MainWindow w{[] {
        MainWindowOptions mo;
        mo.useSettings = false;
        return mo;
    }()};
    ComparePanel* c = w.dashboard()->comparePanel();

    explicit Fixture(const Edit& edit) {
        w.controller()->flush();
        c->pin();
        w.controller()->edit(Field::Features, QStringLiteral("edit"), edit);
        w.controller()->flush();
        c->refresh();
        c->flush();
    }
    /// The change table's row whose name is @p name (-1: none).
    int row(const QString& name) const {
        for (int r = 0; r < c->changeTable()->rowCount(); ++r)
            if (c->changeTable()->item(r, 0)->text() == name)
                return r;
        return -1;
    }
    QString text(int r, int col) const { return c->changeTable()->item(r, col)->text(); }
    QString header() const {
        return c->findChild<QLabel*>(QStringLiteral("compareHeader"))->text();
    }
};

QLineSeries* series(QChart* chart, const QString& name) {
    for (QAbstractSeries* s : chart->series())
        if (s->objectName() == name)
            return qobject_cast<QLineSeries*>(s);
    return nullptr;
}

} // namespace

Q_DECLARE_METATYPE(Edit)

class TstComparePanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("headroom-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_comparepanel"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); // "14.96 GiB"
    }
    void pinEditCompare();
    void wording_data();
    void wording();
    void everyFieldHasWords();
    void effectWords_data();
    void effectWords();
    void effectSigns_data();
    void effectSigns();
    void estimatesPlural_data();
    void estimatesPlural();
    void sharesBeyondTheWholeSaySo_data();
    void sharesBeyondTheWholeSaySo();
    void cliffUpper_data();
    void cliffUpper();
    void cliffTop_data();
    void cliffTop();
    void cliffRangeHoldsBothLimits();
    void computesOffTheUiThread();
    void onlyLatestRequestShown();
    void exports_data();
    void exports();
};

void TstComparePanel::pinEditCompare() {
    MainWindowOptions mo;
    mo.useSettings = false;
    MainWindow w(mo);
    ComparePanel* c = w.dashboard()->comparePanel();
    QVERIFY(!c->hasPinned() && !c->comparison());
    auto* pin = w.findChild<QAction*>(QStringLiteral("actionPinAsA"));
    QVERIFY(pin);
    w.controller()->flush();
    pin->trigger();
    QVERIFY(c->hasPinned());
    const double a = w.controller()->results().estimate.worst.nvidiaSmi;
    w.controller()->edit(Field::MicroBatch, QStringLiteral("mb"),
                         [](Scenario& s) { s.workload.microBatch = 2; });
    w.controller()->flush();
    c->refresh();
    c->flush();
    const Comparison* cmp = c->comparison();
    QVERIFY(cmp);
    QCOMPARE(int(cmp->changes.size()), 1);
    const double b = w.controller()->results().estimate.worst.nvidiaSmi;
    QCOMPARE(cmp->saved[0], a - b); // one change: its share is the whole difference
    const QString md = c->toMarkdown();
    QVERIFY2(md.contains(QStringLiteral("| Micro-batch | 4 → 2 | Saves ")), qPrintable(md));
    QVERIFY(!md.contains(QStringLiteral("workload.")));
}

// Each change in words (English: no translator loaded), never a JSON path or literal; the
// names are Texts' (checkpointing modes, precision presets) and the field table's.
void TstComparePanel::wording_data() {
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("values");
    QTest::newRow("checkpointing-none-full")
        << Edit([](Scenario& s) { s.workload.checkpointing = Checkpointing::Full; })
        << "Activation checkpointing"
        << "None → Full (every block)";
    QTest::newRow("micro-batch-4-8")
        << Edit([](Scenario& s) { s.workload.microBatch = 8; }) << "Micro-batch"
        << "4 → 8";
    // resources/gpus.json names
    QTest::newRow("gpu-h100-a100")
        << Edit([](Scenario& s) { s.gpu = *findGpuPreset("a100-40gb"); }) << "GPU"
        << "NVIDIA H100 SXM 80GB → NVIDIA A100 40GB";
    QTest::newRow("precision-preset")
        << Edit([](Scenario& s) { applyPrecisionPreset(s.workload, PrecisionPreset::PytorchAmp); })
        << "Precision preset"
        << "Pure bf16 (torchtune, LitGPT) → PyTorch AMP / HF Trainer";
    // a run without a framework profile is named by its precision preset, as the Framework
    // box and the headline name it (the table said "Custom (no framework)" under a headline
    // "Pure bf16 (torchtune, LitGPT)": the GUI review)
    QTest::newRow("framework-to-none-named-as-the-box")
        << Edit([](Scenario& s) {
               s.workload.profile = ProfileRef{};
               s.workload.precisionPreset = PrecisionPreset::PureBf16;
           })
        << "Framework profile"
        << "Plain PyTorch 2 → Pure bf16 (torchtune, LitGPT)";
    QTest::newRow("feature-flag") << Edit([](Scenario& s) {
        s.workload.features.chunkedCrossEntropy = true;
    }) << "Chunked cross-entropy"
                                  << "off → on";
    // a run-details row: the panel's label without its colon (rollout default: 8 samples;
    // was "Rollout samples per prompt", the key made readable, in every language)
    QTest::newRow("run-details-label")
        << Edit([](Scenario& s) { s.workload.rollout.samplesPerPrompt = 4; })
        << "Samples per prompt"
        << "8 → 4";
    QTest::newRow("parallel-group") << Edit([](Scenario& s) {
        s.workload.parallel.tp = 2;
        s.workload.parallel.dp = 1;
        s.gpuCount = 2;
    }) << "Parallel layout"
                                    << "TP: 1 → 2";
}

void TstComparePanel::wording() {
    QFETCH(Edit, edit);
    QFETCH(QString, name);
    QFETCH(QString, values);
    Fixture f(edit);
    QVERIFY(f.c->comparison());
    const int r = f.row(name);
    QVERIFY2(r >= 0, qPrintable(name));
    QCOMPARE(f.text(r, 1), values);
    for (int i = 0; i < f.c->changeTable()->rowCount(); ++i)
        QVERIFY2(!f.text(i, 0).contains(QLatin1Char('.')) &&
                     !f.text(i, 0).contains(QLatin1Char('_')),
                 qPrintable(f.text(i, 0)));
}

// Texts::changeEffect from a saving (A − B) in bytes, GiB with two decimals.
// Every field of the workload table is named in words in a comparison, never by its JSON
// key ("Inference max model len" was the serving fields' name in every language).
void TstComparePanel::everyFieldHasWords() {
    QStringList bare;
    for (const WorkloadField& f : workloadFields())
        if (!Texts::hasFieldWords(f))
            bare << QString::fromStdString(f.path());
    QVERIFY2(bare.isEmpty(), qPrintable(bare.join(QStringLiteral(", "))));
    // a run-details row is named by its label, without the form's colon
    const auto mean =
        std::find_if(workloadFields().begin(), workloadFields().end(),
                     [](const WorkloadField& f) { return f.path() == "lengths.mean"; });
    QVERIFY(mean != workloadFields().end());
    const ScenarioChange c{"workload.lengths.mean", ChangeField::WorkloadField, &*mean, {}, {}, {}};
    QCOMPARE(Texts::changeName(c), QStringLiteral("Mean sample length"));
}

void TstComparePanel::effectWords_data() {
    QTest::addColumn<double>("saved");
    QTest::addColumn<QString>("words");
    // weights bf16 -> fp32 costs 8,030,261,248 x 2 B = 16,060,522,496 B = 14.957 GiB
    QTest::newRow("cost-weights-fp32")
        << -2.0 * kParams8b << QStringLiteral("Costs 14.96\u00a0GiB");
    // micro-batch 4 -> 2 saves 2 x 2048 x 128,256 x 12 B = 6,304,038,912 B = 5.871 GiB
    QTest::newRow("saving-logits")
        << 2.0 * 2048 * 128256 * 12 << QStringLiteral("Saves 5.87\u00a0GiB");
    QTest::newRow("no-change") << 0.0 << "No memory change";
    // 1,000 B rounds to 0.00 GiB: bounded, not "Costs 0.00 GiB"
    QTest::newRow("tiny-cost") << -1000.0 << QStringLiteral("Costs under 0.01\u00a0GiB");
}

void TstComparePanel::effectWords() {
    QFETCH(double, saved);
    QFETCH(QString, words);
    QCOMPARE(Texts::changeEffect(saved, ByteUnit::GiB), words);
}

// In the panel: a cost says Costs, a saving Saves, with the bytes of its Shapley share (one
// change: the whole difference, whose moved term is checked by hand).
void TstComparePanel::effectSigns_data() {
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("term");
    QTest::addColumn<double>("termDelta"); // B - A of that term, bytes, by hand
    QTest::addColumn<QString>("verb");
    // weights bf16 -> fp32: + 8,030,261,248 x (4 - 2) B
    QTest::newRow("cost-weights-fp32")
        << Edit([](Scenario& s) { s.workload.precision.weights = DType::FP32; }) << "Weights dtype"
        << int(Term::Weights) << 2.0 * kParams8b << "Costs ";
    // micro-batch 4 -> 2: fp32 logits + loss buffers, (2 - 4) x 2048 x 128,256 x 12 B
    QTest::newRow("saving-micro-batch")
        << Edit([](Scenario& s) { s.workload.microBatch = 2; }) << "Micro-batch"
        << int(Term::Logits) << -2.0 * 2048 * 128256 * 12 << "Saves ";
}

void TstComparePanel::effectSigns() {
    QFETCH(Edit, edit);
    QFETCH(QString, name);
    QFETCH(int, term);
    QFETCH(double, termDelta);
    QFETCH(QString, verb);
    Fixture f(edit);
    const Comparison* cmp = f.c->comparison();
    QVERIFY(cmp);
    QCOMPARE(cmp->deltaTerms[size_t(term)], termDelta);
    QCOMPARE(int(cmp->changes.size()), 1);
    QCOMPARE(cmp->saved[0], -cmp->deltaTotal);
    const int r = f.row(name);
    QVERIFY(r >= 0);
    QCOMPARE(f.text(r, 2), verb + Units::format(std::abs(cmp->saved[0]), ByteUnit::GiB, 2));
    QVERIFY(!f.text(r, 2).contains(QLatin1Char('-')) && !f.text(r, 2).contains(u'−'));
    // the header words the total the same way
    QVERIFY2(f.header().contains(verb == QLatin1String("Costs ") ? QStringLiteral("more")
                                                                 : QStringLiteral("less")),
             qPrintable(f.header()));
}

// "(%n estimate(s))" through Qt's plural forms: n changes evaluate 2^n subsets exactly.
void TstComparePanel::estimatesPlural_data() {
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QString>("words");
    QTest::newRow("no-change-1-estimate") << Edit([](Scenario&) {}) << "(1 estimate)";
    QTest::newRow("one-change-2-estimates")
        << Edit([](Scenario& s) { s.workload.microBatch = 2; }) << "(2 estimates)";
    QTest::newRow("two-changes-4-estimates") << Edit([](Scenario& s) {
        s.workload.microBatch = 2;
        s.workload.checkpointing = Checkpointing::Full;
    }) << "(4 estimates)";
}

void TstComparePanel::estimatesPlural() {
    QFETCH(Edit, edit);
    QFETCH(QString, words);
    Fixture f(edit);
    QVERIFY2(f.header().contains(words), qPrintable(f.header()));
    QVERIFY(!f.header().contains(QStringLiteral("(1 estimates)")));
}

// Checkpointing saves while a larger micro-batch costs: one share is above 100 % and one below
// 0 (of the net difference); the header says why (the review: "shares above 100 %
// unexplained"). Changes that pull one way get no such sentence.
void TstComparePanel::sharesBeyondTheWholeSaySo_data() {
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<bool>("bothWays");
    QTest::newRow("checkpointing-saves-batch-costs") << Edit([](Scenario& s) {
        s.workload.microBatch = 8;
        s.workload.checkpointing = Checkpointing::Full;
    }) << true;
    QTest::newRow("both-save") << Edit([](Scenario& s) {
        s.workload.microBatch = 2;
        s.workload.checkpointing = Checkpointing::Full;
    }) << false;
}

void TstComparePanel::sharesBeyondTheWholeSaySo() {
    QFETCH(Edit, edit);
    QFETCH(bool, bothWays);
    Fixture f(edit);
    bool beyond = false;
    for (int r = 0; r < f.c->changeTable()->rowCount(); ++r) {
        QString share = f.text(r, 3);
        share.chop(2); // " %"
        // a negative share has the minus sign of every other signed number in the tab
        // ("−121.1 %"; it read "-121.1 %", the GUI review)
        QVERIFY2(!share.contains(QLatin1Char('-')), qPrintable(share));
        const bool negative = share.startsWith(QStringLiteral("−"));
        const double v =
            (negative ? -1.0 : 1.0) * QLocale().toDouble(share.remove(QStringLiteral("−")));
        beyond = beyond || v > 100.0 || v < 0.0;
    }
    QCOMPARE(beyond, bothWays);
    QCOMPARE(f.header().contains(QStringLiteral("pull both ways")), bothWays);
}

// The cliff chart's last micro-batch: 2 x the largest current or fitting micro-batch, up to a
// power of two, at least 16.
void TstComparePanel::cliffUpper_data() {
    QTest::addColumn<qint64>("curA");
    QTest::addColumn<qint64>("curB");
    QTest::addColumn<qint64>("fitA");
    QTest::addColumn<qint64>("fitB");
    QTest::addColumn<qint64>("upper");
    QTest::newRow("b-limit-20") << qint64(4) << qint64(8) << qint64(3) << qint64(20) << qint64(64);
    QTest::newRow("nothing-fits-floor-16")
        << qint64(4) << qint64(4) << qint64(0) << qint64(0) << qint64(16);
    QTest::newRow("a-limit-5000") << qint64(1000) << qint64(1) << qint64(5000) << qint64(2)
                                  << qint64(16384);
}

void TstComparePanel::cliffUpper() {
    QFETCH(qint64, curA);
    QFETCH(qint64, curB);
    QFETCH(qint64, fitA);
    QFETCH(qint64, fitB);
    QFETCH(qint64, upper);
    QCOMPARE(qint64(compareCliffUpper(curA, curB, fitA, fitB)), upper);
}

// The memory axis' top (GiB here; capacity 80 GiB on both sides): it always holds each curve
// up to its current micro-batch and its first point past its limit, and clips the rest at
// 2.5 x 80 = 200 GiB.
void TstComparePanel::cliffTop_data() {
    QTest::addColumn<QList<double>>("a"); // GiB at micro-batch 1, 2, 4, 8, 16
    QTest::addColumn<qint64>("fitA");
    QTest::addColumn<qint64>("curA");
    QTest::addColumn<QList<double>>("b");
    QTest::addColumn<qint64>("fitB");
    QTest::addColumn<qint64>("curB");
    QTest::addColumn<double>("top");
    // A must show up to 4 (current; first past its limit 2): 110; B up to 16 (first past its
    // limit 8): 115; A's tail (190, 350) is clipped at 200
    QTest::newRow("tail-clipped-at-2.5-capacities")
        << QList<double>{50, 70, 110, 190, 350} << qint64(2) << qint64(4)
        << QList<double>{40, 45, 55, 75, 115} << qint64(8) << qint64(8) << 200.0;
    // nothing of B fits: its curve up to its current micro-batch 8 (1000 GiB) is shown whole
    QTest::newRow("b-never-fits-shown-whole")
        << QList<double>{50, 70, 110, 190, 350} << qint64(2) << qint64(4)
        << QList<double>{900, 920, 950, 1000, 1100} << qint64(0) << qint64(8) << 1000.0;
    // everything below the capacity: the capacity line is the top
    QTest::newRow("all-below-capacity")
        << QList<double>{10, 20, 30, 40, 60} << qint64(16) << qint64(4)
        << QList<double>{10, 15, 20, 25, 30} << qint64(16) << qint64(4) << 80.0;
}

void TstComparePanel::cliffTop() {
    QFETCH(QList<double>, a);
    QFETCH(qint64, fitA);
    QFETCH(qint64, curA);
    QFETCH(QList<double>, b);
    QFETCH(qint64, fitB);
    QFETCH(qint64, curB);
    QFETCH(double, top);
    constexpr double GiB = 1073741824.0;
    CompareOutcome o;
    const auto points = [GiB](const QList<double>& ys) {
        std::vector<SweepPoint> out;
        int64_t x = 1;
        for (double y : ys) {
            SweepPoint p;
            p.x = x;
            p.nvidiaSmi = y * GiB;
            out.push_back(p);
            x *= 2;
        }
        return out;
    };
    o.cliffA = points(a);
    o.cliffB = points(b);
    o.fitA = fitA;
    o.fitB = fitB;
    o.currentA = curA;
    o.currentB = curB;
    Comparison c;
    c.a.capacity = c.b.capacity = 80 * GiB;
    const auto at = [](const std::vector<SweepPoint>& ps, int64_t x) {
        for (const SweepPoint& p : ps)
            if (p.x == x)
                return p.nvidiaSmi;
        return 0.0;
    };
    c.a.worst.nvidiaSmi = at(o.cliffA, curA);
    c.b.worst.nvidiaSmi = at(o.cliffB, curB);
    QCOMPARE(compareCliffTop(o, c) / GiB, top);
}

// Both cliffs on the chart: the x axis reaches past A's and B's largest fitting micro-batch
// (core maxMicroBatch) and both current values, each curve has a point past its limit, and the
// y axis holds the capacity and each curve up to its current value and its first point past
// its limit.
void TstComparePanel::cliffRangeHoldsBothLimits() {
    const Edit edit = [](Scenario& s) {
        s.workload.checkpointing = Checkpointing::Full;
        s.workload.microBatch = 8;
    };
    Fixture f(edit);
    const Scenario a = defaultScenario();
    Scenario b = a;
    edit(b);
    const int64_t fitA = maxMicroBatch(a.model, a.workload, a.gpu);
    const int64_t fitB = maxMicroBatch(b.model, b.workload, b.gpu);
    QVERIFY(fitB > fitA); // full checkpointing fits more
    QChart* chart = f.c->cliffChart();
    QLineSeries* sa = series(chart, QStringLiteral("compareCliffA"));
    QLineSeries* sb = series(chart, QStringLiteral("compareCliffB"));
    QVERIFY(sa && sb);
    const auto* x = qobject_cast<QLogValueAxis*>(chart->axes(Qt::Horizontal).front());
    const auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).front());
    QVERIFY(x && y);
    for (int64_t v : {fitA, fitB, a.workload.microBatch, b.workload.microBatch})
        QVERIFY2(x->max() > static_cast<double>(v), qPrintable(QString::number(v)));
    const std::pair<QLineSeries*, int64_t> sides[] = {{sa, fitA}, {sb, fitB}};
    const int64_t current[] = {a.workload.microBatch, b.workload.microBatch};
    for (int i = 0; i < 2; ++i) {
        const auto [s, fit] = sides[i];
        QVERIFY(s->count() > 0);
        QVERIFY(s->points().back().x() > static_cast<double>(fit));
        double past = 0; // the first point past the limit
        for (const QPointF& p : s->points())
            if (past == 0 && p.x() > static_cast<double>(fit))
                past = p.x();
        for (const QPointF& p : s->points())
            if (p.x() <= std::max(past, static_cast<double>(current[i])))
                QVERIFY2(p.y() <= y->max(), qPrintable(QString::number(p.x())));
    }
    const double cap = f.c->comparison()->b.capacity / Units::bytesPerUnit(ByteUnit::GiB);
    QVERIFY(cap <= y->max());
}

// refresh() returns before the result; the result arrives through the watcher from a pool
// thread, not the UI thread.
void TstComparePanel::computesOffTheUiThread() {
    MainWindowOptions mo;
    mo.useSettings = false;
    MainWindow w(mo);
    ComparePanel* c = w.dashboard()->comparePanel();
    w.controller()->flush();
    c->setPinned(w.controller()->scenario());
    c->flush();
    w.controller()->edit(Field::MicroBatch, QStringLiteral("mb"),
                         [](Scenario& s) { s.workload.microBatch = 2; });
    w.controller()->flush();
    QSignalSpy shown(c, &ComparePanel::updated);
    c->refresh();
    QVERIFY(c->pending()); // returned before the result
    QCOMPARE(shown.count(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!c->pending(), 30000); // the event loop delivers it, no flush
    QCOMPARE(shown.count(), 1);
    QVERIFY(c->comparison());
    QCOMPARE(std::get<int64_t>(c->comparison()->changes.at(0).after), int64_t{2});
    QVERIFY(c->computeThread() != nullptr);
    QVERIFY(c->computeThread() != QThread::currentThreadId());
}

// Three requests while the first runs: only the last one's comparison is shown (the first
// job's result is dropped, the second never starts).
void TstComparePanel::onlyLatestRequestShown() {
    MainWindowOptions mo;
    mo.useSettings = false;
    MainWindow w(mo);
    ComparePanel* c = w.dashboard()->comparePanel();
    w.controller()->flush();
    c->setPinned(w.controller()->scenario());
    c->flush();
    QSignalSpy shown(c, &ComparePanel::updated);
    for (int mb : {2, 3, 5}) {
        w.controller()->edit(Field::MicroBatch, QStringLiteral("mb"),
                             [mb](Scenario& s) { s.workload.microBatch = mb; });
        c->refresh();
    }
    c->flush();
    QCOMPARE(shown.count(), 1);
    QVERIFY(c->comparison());
    QCOMPARE(std::get<int64_t>(c->comparison()->changes.at(0).after), int64_t{5});
}

void TstComparePanel::exports_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("png") << "cmp.png";
    QTest::newRow("svg") << "cmp.svg";
    QTest::newRow("markdown") << "cmp.md";
}

void TstComparePanel::exports() {
    QFETCH(QString, file);
    MainWindowOptions mo;
    mo.useSettings = false;
    MainWindow w(mo);
    w.resize(1400, 1000);
    ComparePanel* c = w.dashboard()->comparePanel();
    c->pin();
    w.controller()->edit(Field::Features, QStringLiteral("ckpt"),
                         [](Scenario& s) { s.workload.checkpointing = Checkpointing::Full; });
    w.controller()->flush();
    QTemporaryDir dir;
    QString error;
    QVERIFY2(c->saveAs(dir.filePath(file), &error), qPrintable(error));
    QVERIFY(QFileInfo(dir.filePath(file)).size() > 100);
    QVERIFY(!c->saveAs(dir.filePath(QStringLiteral("no/dir/") + file), &error));
}

QTEST_MAIN(TstComparePanel)
#include "tst_comparepanel.moc"
