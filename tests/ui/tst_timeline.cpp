// The step timeline (ui/timelinechart.h) offscreen: the phases core says one step has, one
// line per pipeline stage, the after-load value derived by hand, the change labels and the
// peak marker on the tightest rank.
#include "core/units.h"
#include "ui/dashboard.h"
#include "ui/mainwindow.h"
#include "ui/scenariocontroller.h"
#include "ui/timelinechart.h"

#include <QApplication>
#include <QLineSeries>
#include <QScatterSeries>
#include <QtTest>

using namespace headroom;
using namespace headroom::ui;

namespace {} // namespace

class TstTimeline : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("headroom-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_timeline"));
    }
    void phasesAndLines_data();
    void phasesAndLines();
    void afterLoadByHand();
    void screenshotTab();
};

void TstTimeline::phasesAndLines_data() {
    QTest::addColumn<bool>("inference");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("phases"); // core phaseApplies: inference has no backward/step
    QTest::addColumn<int>("lines");  // one per stage, at most kMaxStageLines
    QTest::newRow("training-one-gpu") << false << 1 << 4 << 1;
    QTest::newRow("inference-one-gpu") << true << 1 << 2 << 1;
    QTest::newRow("training-pp-4") << false << 4 << 4 << 4;
    QTest::newRow("training-pp-16-capped") << false << 16 << 4 << 8;
}

void TstTimeline::phasesAndLines() {
    QFETCH(bool, inference);
    QFETCH(int, pp);
    QFETCH(int, phases);
    QFETCH(int, lines);
    MainWindowOptions mo;
    mo.useSettings = false;
    MainWindow w(mo);
    Scenario s = defaultScenario(); // Llama-3.1-8B (32 layers), one H100
    s.workload.mode = inference ? Mode::Inference : Mode::Training;
    s.workload.parallel.pp = pp;
    s.gpuCount = pp;
    w.controller()->resetScenario(s);
    w.controller()->flush();
    w.dashboard()->refreshTables();
    const Results& r = w.controller()->results();
    QVERIFY(r.valid);
    TimelineChart* t = w.dashboard()->timeline();
    QCOMPARE(int(t->phases().size()), phases);
    QCOMPARE(int(t->stageSeries().size()), lines);
    // the tightest rank is drawn, its points are core's phase peaks, and the peak is marked
    const RankEstimate& tight = r.estimate.stages[size_t(r.tightestStage)];
    QLineSeries* tl = nullptr;
    for (QLineSeries* l : t->stageSeries())
        if (pp == 1 || l->name().endsWith(QString::number(r.tightestStage + 1)))
            tl = l;
    QVERIFY(tl);
    for (int i = 0; i < phases; ++i)
        QCOMPARE(tl->at(i).y(), tight.phaseAllocated[size_t(t->phases()[size_t(i)])] / kGiB);
    QCOMPARE(t->peakSeries()->count(), 1);
    QCOMPARE(t->peakSeries()->at(0).y(), tight.phaseAllocated[size_t(tight.peakPhase)] / kGiB);
    // the peak names its metric, allocated, not the headline's nvidia-smi (the GUI review: a
    // bare "peak: 110.9 GiB" under "needs 114.1 GiB")
    QVERIFY2(t->peakLabelText().startsWith(QStringLiteral("allocated peak: ")),
             qPrintable(t->peakLabelText()));
}

// Llama-3.1-8B full fine-tune in pure bf16: after the load only the weights are live,
// 8,030,261,248 params x 2 B = 16,060,522,496 B = 14.96 GiB (the parameter count from the
// model card / config: tests/core/tst_params). The forward label carries the change from it.
void TstTimeline::afterLoadByHand() {
    MainWindowOptions mo;
    mo.useSettings = false;
    MainWindow w(mo);
    Scenario s = defaultScenario();
    s.workload.mode = Mode::Training;
    s.workload.finetune = Finetune::Full;
    s.workload.parallel.pp = 1;
    s.gpuCount = 1;
    w.controller()->resetScenario(s);
    w.controller()->flush();
    w.dashboard()->refreshTables();
    TimelineChart* t = w.dashboard()->timeline();
    QVERIFY(!t->stageSeries().empty());
    QVERIFY(qAbs(t->stageSeries().front()->at(0).y() - 16060522496.0 / kGiB) < 0.05 * 14.96);
    QCOMPARE(t->phaseLabelText(0), QStringLiteral("15.0\u00a0GiB"));
    QVERIFY2(t->phaseLabelText(1).contains(QLatin1Char('(')), qPrintable(t->phaseLabelText(1)));
}

// `headroom --screenshot --tab timeline` shows the tab; an unknown key is refused.
void TstTimeline::screenshotTab() {
    MainWindowOptions mo;
    mo.useSettings = false;
    MainWindow w(mo);
    QVERIFY(w.dashboard()->tabKeys().contains(QStringLiteral("timeline")));
    QVERIFY(w.dashboard()->showTab(QStringLiteral("timeline")));
    QVERIFY(!w.dashboard()->showTab(QStringLiteral("no-such-tab")));
}

QTEST_MAIN(TstTimeline)
#include "tst_timeline.moc"
