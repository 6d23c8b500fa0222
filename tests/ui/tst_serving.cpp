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
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSignalSpy>
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
    void playbookIsCore();
    void trainingHasNoServing();
    void generatedRowBeforeShow();
    void layoutForgottenOnOpen();
    void stageTotalsDoNotOverlap();
    void positionsWarningInVerdict();
};

// Llama-3.1-8B, bf16 KV: 2 x 32 layers x 8 KV heads x 128 x 2 B = 131,072 B per token; the
// panel's figures and curve are core's serve() / concurrencyAt.
void TstServing::panelShowsCore() {
    MainWindow w(offscreenOptions());
    const Scenario s = inferenceScenario(8192);
    w.controller()->resetScenario(s);
    w.controller()->flush();
    w.dashboard()->refreshTables();
    const Results& r = w.controller()->results();
    QVERIFY(r.serving);
    QCOMPARE(r.serving->kvBytesPerToken, 131072.0);
    const auto core = serve(s.model, s.workload, s.gpu);
    QVERIFY(core.ok());
    QCOMPARE(r.serving->kvBlocks, core->kvBlocks);
    QCOMPARE(r.serving->maxConcurrency, core->kvBlocks / 512); // 8192 tokens = 512 blocks
    ServingPanel* p = w.dashboard()->servingPanel();
    QVERIFY(p->figuresText().contains(QLocale().toString(qlonglong(core->kvBlocks))));
    QVERIFY(p->curveSeries()->count() > 4);
    for (const QPointF& pt : p->curveSeries()->points())
        QCOMPARE(pt.y(), double(requestsAt(*core, int64_t(pt.x()))));
    QCOMPARE(p->currentSeries()->count(), 1);
    QCOMPARE(p->currentSeries()->at(0), QPointF(8192, double(core->maxConcurrency)));
    // vLLM's default when the scenario has none: 0.92 since v0.21 (vllm/config/cache.py,
    // vllm-project/vllm#38284), the newest profile
    QCOMPARE(p->utilizationSpin()->value(), 0.92);
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
    // vLLM: ceil(utilisation x the total CUDA reports), 81,093 MiB on this H100 80GB
    QCOMPARE(r.serving->budgetBytes, std::ceil(0.5 * 81093 * 1048576.0));
    // fp8 KV: one byte per element instead of two (vLLM keeps one k/v scale per layer)
    const int fp8 = p->kvDtypeCombo()->findText(QStringLiteral("fp8"), Qt::MatchStartsWith);
    QVERIFY(fp8 >= 0);
    p->kvDtypeCombo()->setCurrentIndex(fp8);
    emit p->kvDtypeCombo()->activated(fp8);
    QCOMPARE(undo->count(), before + 2);
    w.controller()->flush();
    QCOMPARE(w.controller()->results().serving->kvBytesPerToken, 65536.0);
    undo->undo();
    w.controller()->flush();
    QCOMPARE(w.controller()->results().serving->kvBytesPerToken, 131072.0);
    // the engine: one item per core profile; SGLang's pool is the fraction of the memory free
    // at start less the weights (no profile run taken out): one undo step
    const int sglang = p->engineCombo()->findText(QStringLiteral("SGLang"), Qt::MatchStartsWith);
    QVERIFY(sglang >= 0);
    QCOMPARE(p->engineCombo()->count(), static_cast<int>(engineProfiles().size()));
    p->engineCombo()->setCurrentIndex(sglang);
    emit p->engineCombo()->activated(sglang);
    QCOMPARE(undo->count(), before + 2); // the fp8 step was undone, the engine step pushed
    w.controller()->flush();
    const ServeReport& s = *w.controller()->results().serving;
    QCOMPARE(s.profile->engine, ServingEngine::Sglang);
    QCOMPARE(s.nonKvBytes, s.terms.weights);
    QVERIFY(p->introText().startsWith(QLatin1String("SGLang")));
    undo->undo();
    w.controller()->flush();
    QCOMPARE(w.controller()->results().serving->profile->engine, ServingEngine::Vllm);
}

// The tab's "each change alone" list is core's servePlaybook, lever by lever: Llama-3.1-8B on an
// RTX 3090 refusing at max_model_len 131,072 (tst_serve playbookForARefusal derives it).
void TstServing::playbookIsCore() {
    MainWindow w(offscreenOptions());
    Scenario s = inferenceScenario(1024);
    s.gpu = *findGpuPreset("rtx-3090");
    s.workload.inference.memoryUtilization = 0.9;
    s.workload.inference.maxModelLen = 131072;
    s.workload.inference.engineVersion = "0.19";
    w.controller()->resetScenario(s);
    w.controller()->flush();
    w.dashboard()->refreshTables();
    const Results& r = w.controller()->results();
    QVERIFY(r.serving && !r.serving->starts);
    const auto core = servePlaybook(s.model, s.workload, s.gpu);
    QCOMPARE(r.servingPlaybook.size(), core.size());
    for (std::size_t i = 0; i < core.size(); ++i) {
        QCOMPARE(r.servingPlaybook[i].lever, core[i].lever);
        QCOMPARE(r.servingPlaybook[i].after.maxConcurrency, core[i].after.maxConcurrency);
    }
    const QString figures = w.dashboard()->servingPanel()->figuresText();
    QVERIFY2(figures.contains(QStringLiteral("TP 2: ")), qPrintable(figures));
    QVERIFY(figures.contains(QStringLiteral("vLLM 0.19 starts</b>: no (")));
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

// The Multi-GPU tab's answer belongs to the scenario it was found for: opening another one
// clears it (it stayed, naming a layout the new scenario never had).
void TstServing::layoutForgottenOnOpen() {
    MainWindow w(offscreenOptions());
    Scenario big = defaultScenario(); // Llama-3.1-8B full fine-tune: more than one H100
    big.workload.sequenceLength = 8192;
    w.controller()->resetScenario(big);
    w.controller()->flush();
    LayoutPanel* panel = w.dashboard()->layoutPanel();
    QSignalSpy applied(panel, &LayoutPanel::layoutApplied);
    panel->findSmallestLayout();
    QVERIFY(applied.wait(120000));
    QVERIFY(panel->resultText().contains(QLatin1String("Smallest layout")));
    w.controller()->resetScenario(inferenceScenario(4096)); // File > Open of another one
    QVERIFY(panel->resultText().isEmpty());
    QVERIFY(w.findChild<QLabel*>(QStringLiteral("layoutResult"))->text().isEmpty());
}

// Eight pipeline stages on the window's bar chart: the totals above the bars must not run
// into each other; the tightest rank's total is always shown.
void TstServing::stageTotalsDoNotOverlap() {
    MainWindow w(offscreenOptions());
    w.setAttribute(Qt::WA_DontShowOnScreen, true);
    w.resize(1600, 1000);
    w.show();
    Scenario s = defaultScenario();
    s.workload.checkpointing = Checkpointing::Full;
    s.workload.parallel.pp = 8;
    s.gpuCount = 8;
    w.controller()->resetScenario(s);
    w.controller()->flush();
    w.dashboard()->setBarView(VramBarChart::View::PerStage);
    QCoreApplication::processEvents();
    VramBarChart* bar = w.dashboard()->barChart();
    QCOMPARE(bar->barCount(), 8);
    const std::vector<QRectF> rects = bar->shownTotalRects();
    QVERIFY(!rects.empty());
    for (size_t i = 1; i < rects.size(); ++i)
        QVERIFY2(!rects[i - 1].intersects(rects[i]), qPrintable(QString::number(i)));
}

// Llama-2-7B (max_position_embeddings 4096) at 32,768 tokens: estimated, with core's typed
// warning in the verdict.
void TstServing::positionsWarningInVerdict() {
    MainWindow w(offscreenOptions());
    Scenario s = defaultScenario();
    s.modelSource = ModelSource::Preset;
    s.modelPreset = "llama-2-7b";
    s.model = findModelPreset("llama-2-7b")->arch;
    s.workload.sequenceLength = 32768;
    w.controller()->resetScenario(s);
    w.controller()->flush();
    QCOMPARE(w.controller()->results().warnings.size(), size_t{1});
    const QString details = w.dashboard()->verdict()->details();
    QVERIFY2(details.contains(QLatin1String("32,768")) && details.contains(QLatin1String("4,096")),
             qPrintable(details));
    s.workload.sequenceLength = 4096;
    w.controller()->resetScenario(s);
    w.controller()->flush();
    QVERIFY(w.controller()->results().warnings.empty());
    QVERIFY(!w.dashboard()->verdict()->details().contains(QLatin1String("max_position")));
}

QTEST_MAIN(TstServing)
#include "tst_serving.moc"
