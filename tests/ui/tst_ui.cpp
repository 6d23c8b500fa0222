// GUI tests: run offscreen; every dialog goes through an injected DialogService, and a
// watchdog fails any test that leaves a modal dialog open.

#include "core/engine/estimator.h"
#include "core/engine/profiles.h"
#include "core/io/scenario.h"
#include "core/model/presets.h"
#include "core/plan/solvers.h"
#include "ui/breakdowntable.h"
#include "ui/chartstyle.h"
#include "ui/cliffchart.h"
#include "ui/cliffpanel.h"
#include "ui/controlspanel.h"
#include "ui/dashboard.h"
#include "ui/dialogservice.h"
#include "ui/exporter.h"
#include "ui/featurespanel.h"
#include "ui/formulatext.h"
#include "ui/layoutpanel.h"
#include "ui/mainwindow.h"
#include "ui/planwaterfallchart.h"
#include "ui/playbookview.h"
#include "ui/presentationmode.h"
#include "ui/scaledslider.h"
#include "ui/scenariocontroller.h"
#include "ui/scenarioedits.h"
#include "ui/screenshot.h"
#include "ui/servingpanel.h"
#include "ui/sliderfield.h"
#include "ui/texts.h"
#include "ui/units.h"
#include "ui/verdictview.h"
#include "ui/vrambarchart.h"

#include <QAction>
#include <QApplication>
#include <QAreaSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QGraphicsTextItem>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QMenuBar>
#include <QMimeData>
#include <QPointer>
#include <QPushButton>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>
#include <QStyleOptionButton>
#include <QStyleOptionComboBox>
#include <QStyleOptionSlider>
#include <QStyleOptionSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextLayout>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>
#include <QValueAxis>
#include <QtTest>

#include <limits>

#include <cmath>
#include <memory>

using namespace headroom;
using namespace headroom::ui;

using Edit = std::function<void(Scenario&)>;
Q_DECLARE_METATYPE(Edit)

namespace {

/// Records what the app would have shown; never blocks.
class FakeDialogs : public DialogService {
public:
    QStringList errors;
    QStringList infos;
    int unsavedAsked = 0;
    UnsavedChoice unsavedAnswer = UnsavedChoice::Discard;
    QString nextOpen;
    QString nextSave;
    ExportAction exportAnswer = ExportAction::Cancel;
    ExportOptions exportChoice;

    void showError(QWidget*, const QString&, const QString& message) override { errors << message; }
    UnsavedChoice askUnsaved(QWidget*, const QString&) override {
        ++unsavedAsked;
        return unsavedAnswer;
    }
    QString openFile(QWidget*, const QString&, const QString&) override { return nextOpen; }
    QString saveFile(QWidget*, const QString&, const QString&, const QString&) override {
        return nextSave;
    }
    ExportAction exportOptions(QWidget*, const Exporter*, ExportOptions& o) override {
        o = exportChoice;
        return exportAnswer;
    }
    void showInfo(QWidget*, const QString&, const QString& text) override { infos << text; }
};

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

int distinctColours(const QImage& img) {
    QSet<QRgb> colours;
    for (int y = 0; y < img.height(); y += 3) {
        for (int x = 0; x < img.width(); x += 3) {
            colours.insert(img.pixel(x, y));
            if (colours.size() > 200) {
                return static_cast<int>(colours.size());
            }
        }
    }
    return static_cast<int>(colours.size());
}

void writeFile(const QString& path, const QByteArray& data) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

const char* kSmallLlamaConfig = R"({
  "architectures": ["LlamaForCausalLM"],
  "model_type": "llama",
  "hidden_size": 2048,
  "intermediate_size": 8192,
  "num_hidden_layers": 16,
  "num_attention_heads": 32,
  "num_key_value_heads": 8,
  "head_dim": 64,
  "vocab_size": 128256,
  "max_position_embeddings": 131072,
  "rms_norm_eps": 1e-05,
  "tie_word_embeddings": true,
  "torch_dtype": "bfloat16"
})";

} // namespace

class TstUi : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<FakeDialogs> m_dialogs;
    std::unique_ptr<MainWindow> m_win;
    QTemporaryDir m_tmp;
    QTimer m_watchdog;
    QStringList m_modalsSeen;

    ScenarioController* ctl() const { return m_win->controller(); }
    const Scenario& scn() const { return m_win->controller()->scenario(); }
    void settle() {
        QCoreApplication::processEvents();
        ctl()->flush();
    }
    QAction* action(const char* name) const {
        return m_win->findChild<QAction*>(QString::fromLatin1(name));
    }
    QSlider* slider(const QString& name) const { return m_win->findChild<QSlider*>(name); }

    /// The bar and the cliff show exactly what core computes for the current scenario.
    void verifyChartsMatchCore() {
        settle();
        const Scenario& s = scn();
        const Estimate est = estimate(s.model, s.workload, &s.gpu);
        VramBarChart* bar = m_win->dashboard()->barChart();
        QCOMPARE(bar->view(), VramBarChart::View::WorstRank);
        for (int t = 0; t < kTermCount; ++t) {
            const double shown = bar->barSet(static_cast<Term>(t))->at(0) * bar->bytesPerUnit();
            QVERIFY2(near(shown, est.worst.atPeak[static_cast<size_t>(t)]),
                     qPrintable(QStringLiteral("term %1: bar %2 vs core %3")
                                    .arg(t)
                                    .arg(shown)
                                    .arg(est.worst.atPeak[static_cast<size_t>(t)])));
        }
        QVERIFY(near(bar->capacityValue() * bar->bytesPerUnit(), s.gpu.bytes()));
        CliffChart* cliff = m_win->dashboard()->cliffChart();
        QCOMPARE(cliff->maxFitMarker(), maxMicroBatch(s.model, s.workload, s.gpu));
        QCOMPARE(cliff->currentX(), s.workload.microBatch);
        QVERIFY(near(cliff->currentY() * cliff->bytesPerUnit(), est.worst.nvidiaSmi));
        // the total line is core's sweep at the plotted x values
        const auto pts = cliff->totalSeries()->points();
        QVERIFY(!pts.isEmpty());
        std::vector<int64_t> xs;
        for (const QPointF& p : pts) {
            xs.push_back(static_cast<int64_t>(std::llround(std::exp2(p.x()))));
        }
        const auto sw = sweep(s.model, s.workload, &s.gpu, SweepAxis::MicroBatch, xs);
        for (size_t i = 0; i < sw.size(); ++i) {
            QVERIFY(
                near(pts[static_cast<qsizetype>(i)].y() * cliff->bytesPerUnit(), sw[i].nvidiaSmi));
        }
        QCOMPARE(m_win->dashboard()->verdict()->headline(),
                 VerdictView::headlineFor(ctl()->results(), ctl()->unit()));
    }

private slots:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_tmp.filePath("settings"));
        QCoreApplication::setOrganizationName(QStringLiteral("HeadroomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui"));
        // Watchdog: a modal dialog would block the test; close it and fail the test.
        m_watchdog.setInterval(50);
        connect(&m_watchdog, &QTimer::timeout, this, [this] {
            if (QWidget* w = QApplication::activeModalWidget()) {
                m_modalsSeen << (w->objectName().isEmpty()
                                     ? QString::fromLatin1(w->metaObject()->className())
                                     : w->objectName());
                w->close();
            }
        });
        m_watchdog.start();
    }

    void init() {
        m_modalsSeen.clear();
        m_dialogs = std::make_unique<FakeDialogs>();
        MainWindowOptions o;
        o.useSettings = false;
        o.dialogs = m_dialogs.get();
        m_win = std::make_unique<MainWindow>(o);
        m_win->resize(1400, 900);
        m_win->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_win.get()));
        settle();
    }

    void cleanup() {
        QCoreApplication::processEvents();
        const bool modalOpen = QApplication::activeModalWidget() != nullptr;
        if (m_win) {
            m_win->controller()->undoStack()->setClean(); // no unsaved prompt on close
            m_win.reset();
        }
        QVERIFY2(!modalOpen && m_modalsSeen.isEmpty(),
                 qPrintable(QStringLiteral("modal dialog left open: %1")
                                .arg(m_modalsSeen.join(QStringLiteral(", ")))));
    }

    void defaultScenarioShown() {
        const Scenario d = defaultScenario();
        QCOMPARE(scn().modelPreset, d.modelPreset);
        QCOMPARE(scn().workload.microBatch, int64_t{4});
        QCOMPARE(scn().workload.sequenceLength, int64_t{2048});
        QCOMPARE(m_win->controls()->modelCombo()->currentData().toString(),
                 QStringLiteral("llama-3.1-8b"));
        QCOMPARE(m_win->controls()->microBatchField()->spinBox()->value(), 4.0);
        verifyChartsMatchCore();
    }

    void sliderDrivesEngineAndCharts_data() {
        QTest::addColumn<QString>("sliderName");
        QTest::addColumn<double>("target");
        QTest::addColumn<bool>("customModel");
        QTest::addColumn<bool>("inference");
        QTest::newRow("micro-batch-to-1") << "microBatchSlider" << 1.0 << false << false;
        QTest::newRow("micro-batch-to-24") << "microBatchSlider" << 24.0 << false << false;
        QTest::newRow("micro-batch-to-1024") << "microBatchSlider" << 1024.0 << false << false;
        QTest::newRow("sequence-to-512") << "sequenceSlider" << 512.0 << false << false;
        QTest::newRow("sequence-to-32k") << "sequenceSlider" << 32768.0 << false << false;
        QTest::newRow("model-size-to-1b") << "modelSizeSlider" << 1e9 << true << false;
        QTest::newRow("model-size-to-70b") << "modelSizeSlider" << 70e9 << true << false;
        QTest::newRow("precision-to-fp32") << "precisionSlider" << 0.0 << false << false;
        QTest::newRow("precision-to-fp16") << "precisionSlider" << 2.0 << false << false;
        QTest::newRow("inference-batch-to-64") << "microBatchSlider" << 64.0 << false << true;
        QTest::newRow("inference-context-to-8k") << "sequenceSlider" << 8192.0 << false << true;
    }

    void sliderDrivesEngineAndCharts() {
        QFETCH(QString, sliderName);
        QFETCH(double, target);
        QFETCH(bool, customModel);
        QFETCH(bool, inference);
        ControlsPanel* c = m_win->controls();
        if (inference) {
            auto* mode = c->findChild<QComboBox*>(QStringLiteral("modeCombo"));
            mode->setCurrentIndex(static_cast<int>(RunMode::Inference));
            emit mode->activated(static_cast<int>(RunMode::Inference));
            settle();
            QCOMPARE(scn().workload.mode, Mode::Inference);
        }
        if (customModel) {
            QComboBox* combo = c->modelCombo();
            const int idx = combo->findData(ControlsPanel::customModelKey());
            QVERIFY(idx >= 0);
            combo->setCurrentIndex(idx);
            emit combo->activated(idx);
            settle();
            QCOMPARE(scn().modelSource, ModelSource::ParamCount);
            QVERIFY(c->modelSizeField()->isEnabled());
        }
        QSlider* s = slider(sliderName);
        QVERIFY2(s, qPrintable(sliderName));
        const std::string before = toJson(scn());
        int pos = 0; // (converting 7e10 parameters to an int position is undefined)
        if (sliderName == QLatin1String("microBatchSlider")) {
            pos = c->microBatchField()->positionOf(target);
        } else if (sliderName == QLatin1String("sequenceSlider")) {
            pos = c->sequenceField()->positionOf(target);
        } else if (sliderName == QLatin1String("modelSizeSlider")) {
            pos = c->modelSizeField()->positionOf(target);
        } else { // the precision slider: the position is the preset's index
            pos = static_cast<int>(target);
        }
        s->setValue(pos);
        settle();
        QVERIFY2(toJson(scn()) != before, "the slider did not change the engine input");
        if (sliderName == QLatin1String("microBatchSlider")) {
            QCOMPARE(scn().workload.microBatch, static_cast<int64_t>(target));
            QCOMPARE(c->microBatchField()->spinBox()->value(), target);
        } else if (sliderName == QLatin1String("sequenceSlider")) {
            QCOMPARE(scn().workload.sequenceLength, static_cast<int64_t>(target));
            if (inference) { // the context: prompt + generated tokens
                QCOMPARE(scn().workload.inference.promptTokens + scn().workload.inference.newTokens,
                         static_cast<int64_t>(target));
            }
        } else if (sliderName == QLatin1String("modelSizeSlider")) {
            QVERIFY(std::abs(scn().paramCount / target - 1.0) < 0.03);
            const ParamCount pc = countParameters(scn().model);
            QVERIFY(std::abs(static_cast<double>(pc.total) / scn().paramCount - 1.0) < 0.05);
        } else {
            QCOMPARE(scn().workload.precision.weights, target == 0.0 ? DType::FP32 : DType::FP16);
        }
        verifyChartsMatchCore();
    }

    void spinBoxShowsExactValue() {
        QDoubleSpinBox* spin = m_win->controls()->sequenceField()->spinBox();
        spin->setValue(3000);
        settle();
        QCOMPARE(scn().workload.sequenceLength, int64_t{3000});
        QVERIFY(spin->suffix().contains(QStringLiteral("tokens")));
        verifyChartsMatchCore();
    }

    void dragIsOneUndoStep_data() {
        QTest::addColumn<QString>("sliderName");
        QTest::newRow("micro-batch-drag") << "microBatchSlider";
        QTest::newRow("sequence-drag") << "sequenceSlider";
        QTest::newRow("precision-drag") << "precisionSlider";
    }

    void dragIsOneUndoStep() {
        QFETCH(QString, sliderName);
        QSlider* s = slider(sliderName);
        QVERIFY(s);
        QUndoStack* undo = ctl()->undoStack();
        const int steps = undo->count();
        const int startPos = s->value();
        const std::string before = toJson(scn());
        s->setSliderDown(true);
        for (int i = 1; i <= 5; ++i) {
            s->setValue(std::min(s->maximum(), startPos + i) == startPos
                            ? startPos - i
                            : std::min(s->maximum(), startPos + i));
            settle(); // the charts redraw during the drag
        }
        s->setSliderDown(false);
        settle();
        QVERIFY(toJson(scn()) != before);
        QCOMPARE(undo->count(), steps + 1);
        undo->undo();
        settle();
        QCOMPARE(toJson(scn()), before);
        QCOMPARE(s->value(), startPos);
        QVERIFY(!ctl()->isModified());
        verifyChartsMatchCore();
    }

    /// While a slider is held the memory axes only grow (heldAxisMax): the scale stays put
    /// between frames and QtCharts does not re-lay out every tick label per step. On release
    /// each axis takes its exact range again. Default scenario: Llama 3.1 8B full fine-tune on
    /// an H100 (80 GiB): at micro-batch 16 the bar's axis tops 200 GiB and more; at micro-batch
    /// 1 it is well below that.
    void memoryAxesHeldDuringDrag() {
        QSlider* s = slider(QStringLiteral("microBatchSlider"));
        SliderField* field = m_win->controls()->microBatchField();
        s->setValue(field->positionOf(16));
        settle();
        auto axisMax = [](QChartView* v) {
            const auto axes = v->chart()->axes(Qt::Vertical);
            return axes.isEmpty() ? 0.0 : static_cast<QValueAxis*>(axes.first())->max();
        };
        QChartView* bar = m_win->dashboard()->barChart();
        QChartView* cliff = m_win->dashboard()->cliffChart();
        const double barHigh = axisMax(bar), cliffHigh = axisMax(cliff);
        // the cliff's x range (core sweepUpper: the current micro-batch or the largest that
        // fits, rounded up to a power of two, at least 16) is held the same way
        const int64_t sweepHigh = ctl()->results().sweepMax;
        QCOMPARE(sweepHigh,
                 sweepUpper(16, ctl()->results().maxFit, 16, ScenarioController::kMaxMicroBatch));
        s->setSliderDown(true);
        for (int pos = s->value(); pos >= field->positionOf(1); --pos) {
            s->setValue(pos);
            settle();
            QCOMPARE(axisMax(bar), barHigh);
            QCOMPARE(axisMax(cliff), cliffHigh);
            QCOMPARE(ctl()->results().sweepMax, sweepHigh);
        }
        QCOMPARE(scn().workload.microBatch, int64_t{1});
        // A resize during the drag changes how many ticks the plots hold (ticksForHeight, 2 to
        // 5): the held range keeps its top, and its step follows that top, never the smaller
        // current data (a step from the data put hundreds or, for a huge held top, millions
        // of tick items on the axis: QtCharts hung laying them out).
        auto intervals = [](QChartView* v) {
            const auto axes = v->chart()->axes(Qt::Vertical);
            const auto* a = axes.isEmpty() ? nullptr : static_cast<QValueAxis*>(axes.first());
            return a && a->tickInterval() > 0 ? a->max() / a->tickInterval() : 0.0;
        };
        const QSize size = m_win->size();
        for (const int h : {size.height() - 300, size.height()}) {
            m_win->resize(size.width(), h);
            settle();
            QCOMPARE(axisMax(bar), barHigh);
            QVERIFY2(intervals(bar) <= 5.0 + 1e-9, qPrintable(QString::number(intervals(bar))));
            QVERIFY2(intervals(cliff) <= 5.0 + 1e-9, qPrintable(QString::number(intervals(cliff))));
        }
        s->setSliderDown(false);
        settle();
        QVERIFY2(axisMax(bar) < barHigh, qPrintable(QString::number(axisMax(bar))));
        QVERIFY2(axisMax(cliff) <= cliffHigh, qPrintable(QString::number(axisMax(cliff))));
        QCOMPARE(ctl()->results().sweepMax,
                 sweepUpper(1, ctl()->results().maxFit, 16, ScenarioController::kMaxMicroBatch));
        verifyChartsMatchCore();
        ctl()->undoStack()->undo();
        ctl()->undoStack()->undo();
        settle();
    }

    /// While a slider is held only the detail tab on screen follows the drag (when it pauses
    /// for kTablePauseMs), its content-sized columns keep their widths, and a tab shown during
    /// the drag or any tab after release shows the current results: each compared with a view
    /// of the same class given the controller's results directly.
    void detailTabsFollowADrag() {
        Dashboard* d = m_win->dashboard();
        QVERIFY(d->showTab(QStringLiteral("breakdown")));
        settle();
        BreakdownTable fresh;
        fresh.setFormulaProvider(
            [this](Term t, int stage) { return FormulaText::translate(ctl()->formula(t, stage)); });
        auto breakdownIsCurrent = [&] {
            fresh.setResults(ctl()->results(), ctl()->unit());
            return d->breakdown()->toText(BreakdownTable::TextFormat::Csv) ==
                   fresh.toText(BreakdownTable::TextFormat::Csv);
        };
        ServingPanel freshServing(ctl());
        auto servingIsCurrent = [&] {
            freshServing.setResults(ctl()->results(), ctl()->unit());
            return d->servingPanel()->figuresText() == freshServing.figuresText();
        };
        QHeaderView* columns = d->breakdown()->horizontalHeader();
        QCOMPARE(columns->sectionResizeMode(0), QHeaderView::ResizeToContents);
        QSlider* s = slider(QStringLiteral("microBatchSlider"));
        const int start = s->value();
        s->setSliderDown(true);
        s->setValue(start + 3);
        settle();
        QTest::qWait(Dashboard::kTablePauseMs + 100);
        settle();
        QVERIFY(breakdownIsCurrent());
        QCOMPARE(columns->sectionResizeMode(0), QHeaderView::Interactive);
        QVERIFY(d->showTab(QStringLiteral("serving")));
        settle();
        QVERIFY(servingIsCurrent());
        s->setValue(start + 5);
        settle();
        QVERIFY(d->showTab(QStringLiteral("breakdown")));
        settle();
        QVERIFY(breakdownIsCurrent());
        s->setSliderDown(false);
        settle();
        QCOMPARE(columns->sectionResizeMode(0), QHeaderView::ResizeToContents);
        QVERIFY(breakdownIsCurrent());
        QVERIFY(servingIsCurrent());
        ctl()->undoStack()->undo();
        settle();
        QVERIFY(breakdownIsCurrent());
        QVERIFY(servingIsCurrent());
    }

    void separateEditsAreSeparateSteps() {
        QUndoStack* undo = ctl()->undoStack();
        QSlider* s = slider(QStringLiteral("microBatchSlider"));
        s->setValue(s->value() + 1);
        s->setValue(s->value() + 1);
        settle();
        QCOMPARE(undo->count(), 2);
        action("actionUndo")->trigger();
        action("actionUndo")->trigger();
        settle();
        QCOMPARE(scn().workload.microBatch, int64_t{4});
        action("actionRedo")->trigger();
        settle();
        QVERIFY(scn().workload.microBatch != 4);
    }

    void exportPngSize_data() {
        QTest::addColumn<int>("target");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("scale");
        QTest::newRow("cliff-800x450-at-2x")
            << int(ExportTarget::CliffChart) << QSize(800, 450) << 2;
        QTest::newRow("bar-800x450-at-2x") << int(ExportTarget::VramBar) << QSize(800, 450) << 2;
        QTest::newRow("dashboard-640x360-at-3x")
            << int(ExportTarget::Dashboard) << QSize(640, 360) << 3;
        QTest::newRow("cliff-1200x675-at-1x")
            << int(ExportTarget::CliffChart) << QSize(1200, 675) << 1;
    }

    void exportPngSize() {
        QFETCH(int, target);
        QFETCH(QSize, size);
        QFETCH(int, scale);
        const QString path =
            m_tmp.filePath(QStringLiteral("export-%1.png").arg(QTest::currentDataTag()));
        m_dialogs->exportAnswer = DialogService::ExportAction::Save;
        m_dialogs->exportChoice.target = static_cast<ExportTarget>(target);
        m_dialogs->exportChoice.size = size;
        m_dialogs->exportChoice.scale = scale;
        m_dialogs->exportChoice.title = QStringLiteral("Export test");
        m_dialogs->nextSave = path;
        action("actionExport")->trigger();
        QVERIFY2(m_dialogs->errors.isEmpty(), qPrintable(m_dialogs->errors.join('\n')));
        QImage img(path);
        QVERIFY(!img.isNull());
        QCOMPARE(img.size(), size * scale);
        QVERIFY2(distinctColours(img) > 20, "exported image looks blank");
    }

    void exportSvg() {
        const QString path = m_tmp.filePath(QStringLiteral("export.svg"));
        ExportOptions o;
        o.format = ExportFormat::Svg;
        o.title = QStringLiteral("SVG test");
        QString error;
        QVERIFY2(m_win->exporter()->save(path, o, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray svg = f.readAll();
        QVERIFY(svg.contains("<svg"));
        QVERIFY(svg.contains("SVG test"));
        QVERIFY(svg.size() > 2000);
    }

    // Axis texts are pixmap-cached only while a slider is held (a drag frame blits them);
    // released, they are text again, so an SVG export carries the tick labels as text.
    void axisTextsCachedOnlyDuringADrag() {
        CliffChart* cliff = m_win->dashboard()->cliffChart();
        const auto cachedTexts = [&] {
            int cached = 0, texts = 0;
            for (QGraphicsItem* item : cliff->scene()->items()) {
                if (item->type() != QGraphicsTextItem::Type || !item->isVisible())
                    continue;
                ++texts;
                cached += item->cacheMode() == QGraphicsItem::DeviceCoordinateCache;
            }
            return std::make_pair(cached, texts);
        };
        QSlider* slider = m_win->findChild<QSlider*>(QStringLiteral("sequenceSlider"));
        QVERIFY(slider);
        slider->setSliderDown(true);
        slider->setValue(slider->value() + 1);
        settle();
        const auto held = cachedTexts();
        QVERIFY(held.second >= 5); // tick labels and titles
        QCOMPARE(held.first, held.second);
        slider->setSliderDown(false);
        settle();
        QCOMPARE(cachedTexts().first, 0);
        // and the export has the labels as text
        const QString path = m_tmp.filePath(QStringLiteral("labels.svg"));
        ExportOptions o;
        o.format = ExportFormat::Svg;
        QString error;
        QVERIFY2(m_win->exporter()->save(path, o, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("<text"));
    }

    void copyImageToClipboard() {
        action("actionCopyImage")->trigger();
        const QImage img = QApplication::clipboard()->image();
        QVERIFY(!img.isNull());
        QVERIFY(distinctColours(img) > 20);
    }

    void malformedFileKeepsScenario_data() {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<bool>("asScenario");
        QTest::newRow("scenario-not-json")
            << "broken.json" << QByteArray("{\"schema_version\": 1, ") << true;
        QTest::newRow("scenario-wrong-type")
            << "wrong.json"
            << QByteArray("{\"schema_version\": 1, \"model\": {\"preset\": \"llama-3.1-8b\"}, "
                          "\"workload\": {\"micro_batch_size\": \"four\"}}")
            << true;
        QTest::newRow("scenario-future-version")
            << "future.json" << QByteArray("{\"schema_version\": 99, \"workload\": {}}") << true;
        QTest::newRow("config-missing-hidden-size")
            << "config.json"
            << QByteArray("{\"model_type\": \"llama\", \"num_hidden_layers\": 4, "
                          "\"num_attention_heads\": 4, \"vocab_size\": 1000, "
                          "\"intermediate_size\": 64}")
            << false;
        QTest::newRow("config-not-json") << "config.json" << QByteArray("not json at all") << false;
        QTest::newRow("config-unknown-family")
            << "config.json" << QByteArray("{\"model_type\": \"no_such_family\"}") << false;
        QTest::newRow("safetensors-bad-header")
            << "model.safetensors" << QByteArray("\xff\xff\xff\xff\xff\xff\xff\x7f{}", 10) << false;
    }

    void malformedFileKeepsScenario() {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, content);
        QFETCH(bool, asScenario);
        // a non-default scenario with history, so "kept" is meaningful
        slider(QStringLiteral("microBatchSlider"))
            ->setValue(m_win->controls()->microBatchField()->positionOf(8));
        settle();
        const std::string before = toJson(scn());
        const int steps = ctl()->undoStack()->count();
        QDir(m_tmp.path()).mkpath(QTest::currentDataTag());
        const QString path =
            m_tmp.filePath(QStringLiteral("%1/%2").arg(QTest::currentDataTag(), fileName));
        writeFile(path, content);
        const bool ok = asScenario ? m_win->openScenarioFile(path) : m_win->openModelFile(path);
        QVERIFY(!ok);
        QCOMPARE(m_dialogs->errors.size(), 1);
        QVERIFY(m_dialogs->errors.front().contains(fileName));
        settle();
        QCOMPARE(toJson(scn()), before);
        QCOMPARE(ctl()->undoStack()->count(), steps);
        verifyChartsMatchCore();
    }

    void importModelConfig() {
        QDir(m_tmp.path()).mkpath(QStringLiteral("small-llama"));
        const QString path = m_tmp.filePath(QStringLiteral("small-llama/config.json"));
        writeFile(path, kSmallLlamaConfig);
        QVERIFY(m_win->openAnyFile(path));
        settle();
        QCOMPARE(scn().modelSource, ModelSource::Inline);
        QCOMPARE(scn().model.numLayers, 16);
        QVERIFY(
            m_win->controls()->modelCombo()->currentText().contains(QStringLiteral("small-llama")));
        QVERIFY(m_dialogs->errors.isEmpty());
        verifyChartsMatchCore();
        ctl()->undoStack()->undo();
        settle();
        QCOMPARE(scn().modelSource, ModelSource::Preset);
    }

    void saveAndReopenScenario() {
        slider(QStringLiteral("sequenceSlider"))
            ->setValue(m_win->controls()->sequenceField()->positionOf(8192));
        settle();
        QVERIFY(ctl()->isModified());
        QVERIFY(m_win->windowTitle().contains(QStringLiteral("Untitled")));
        const QString path = m_tmp.filePath(QStringLiteral("saved.json"));
        m_dialogs->nextSave = path;
        action("actionSaveAs")->trigger();
        QVERIFY(!ctl()->isModified());
        QCOMPARE(ctl()->filePath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(m_win->windowTitle().contains(QStringLiteral("saved.json")));
        const std::string saved = toJson(scn());

        action("actionNew")->trigger();
        settle();
        QCOMPARE(scn().workload.sequenceLength, int64_t{2048});
        m_dialogs->nextOpen = path;
        action("actionOpen")->trigger();
        settle();
        QCOMPARE(toJson(scn()), saved);
        QCOMPARE(scn().workload.sequenceLength, int64_t{8192});
        QCOMPARE(m_win->controls()->sequenceField()->spinBox()->value(), 8192.0);
        QVERIFY(
            m_win->menuBar()->findChild<QMenu*>(QStringLiteral("recentMenu"))->actions().size() >=
            2);
    }

    void dropScenarioFile() {
        Scenario s = defaultScenario();
        s.workload.microBatch = 2;
        const QString path = m_tmp.filePath(QStringLiteral("dropped.json"));
        const std::string json = toJson(s);
        writeFile(path, QByteArray::fromStdString(json));
        QMimeData md;
        md.setUrls({QUrl::fromLocalFile(path)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &md, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_win.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &md, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_win.get(), &drop);
        QTRY_COMPARE(scn().workload.microBatch, int64_t{2});
        QCOMPARE(ctl()->filePath(), QFileInfo(path).absoluteFilePath());
    }

    void unsavedChangesPrompt_data() {
        QTest::addColumn<int>("answer");
        QTest::addColumn<bool>("replaced");
        QTest::newRow("cancel-keeps-edits") << int(DialogService::UnsavedChoice::Cancel) << false;
        QTest::newRow("discard-replaces") << int(DialogService::UnsavedChoice::Discard) << true;
    }

    void unsavedChangesPrompt() {
        QFETCH(int, answer);
        QFETCH(bool, replaced);
        slider(QStringLiteral("microBatchSlider"))
            ->setValue(m_win->controls()->microBatchField()->positionOf(16));
        settle();
        m_dialogs->unsavedAnswer = static_cast<DialogService::UnsavedChoice>(answer);
        action("actionNew")->trigger();
        settle();
        QCOMPARE(m_dialogs->unsavedAsked, 1);
        QCOMPARE(scn().workload.microBatch, replaced ? int64_t{4} : int64_t{16});
    }

    void presentationModeToggles() {
        QAction* act = action("actionPresentation");
        QVERIFY(act);
        QVERIFY(!m_win->presentation()->isActive());
        QVERIFY(m_win->dashboard()->tabs()->isVisible());
        act->trigger();
        QCoreApplication::processEvents();
        QVERIFY(m_win->presentation()->isActive());
        QVERIFY(act->isChecked());
        QVERIFY(!m_win->menuBar()->isVisible());
        // issue 31: on stage the detail tabs stay, and so do the GPU, its count and the
        // parallel degrees ("and on 4 GPUs?" without leaving the mode)
        QVERIFY(m_win->dashboard()->tabs()->isVisible());
        QVERIFY(m_win->dashboard()->cliffChart()->isVisible());
        QVERIFY(m_win->dashboard()->barChart()->isVisible());
        QVERIFY(m_win->dashboard()->verdict()->isVisible());
        QVERIFY(m_win->controls()->isCompact());
        QVERIFY(m_win->controls()->microBatchField()->isVisible());
        QVERIFY(
            m_win->controls()->findChild<QGroupBox*>(QStringLiteral("hardwareBox"))->isVisible());
        QVERIFY(
            m_win->controls()->findChild<QSpinBox*>(QStringLiteral("gpuCountSpin"))->isVisible());
        QVERIFY(m_win->controls()->findChild<QSpinBox*>(QStringLiteral("tpSpin"))->isVisible());
        QTRY_VERIFY(m_win->isFullScreen());
        // type scales with the screen: 12 pt x height / 1080 (at least 0.8)
        QTRY_COMPARE(m_win->controls()->font().pointSizeF(),
                     12.0 * PresentationMode::scaleFor(m_win->height()));
        // sliders still drive the charts in presentation mode
        slider(QStringLiteral("microBatchSlider"))
            ->setValue(m_win->controls()->microBatchField()->positionOf(2));
        verifyChartsMatchCore();
        action("actionLeavePresentation")->trigger(); // Esc
        QCoreApplication::processEvents();
        QVERIFY(!m_win->presentation()->isActive());
        QVERIFY(!act->isChecked());
        QVERIFY(m_win->menuBar()->isVisible());
        QVERIFY(m_win->dashboard()->tabs()->isVisible());
        QVERIFY(!m_win->controls()->isCompact());
        QTRY_VERIFY(!m_win->isFullScreen());
    }

    // The detail tabs' type grows on stage at every height: on a 1920x1080 stage (scale 1)
    // it stayed the desk's (setStageScale returned early at an unchanged scale; the GUI
    // review's 14-px playbook rows), and after a 1280x720 stage it stayed 1.25x at the desk.
    void stageTabsTypeFollowsTheStage_data() {
        QTest::addColumn<int>("height");
        QTest::newRow("stage-720") << 720;
        QTest::newRow("stage-1080") << 1080;
        QTest::newRow("stage-2160") << 2160;
    }
    void stageTabsTypeFollowsTheStage() {
        QFETCH(int, height);
        Dashboard* d = m_win->dashboard();
        const double app = QApplication::font().pointSizeF();
        const double desk = d->tabs()->font().pointSizeF();
        QCOMPARE(desk, app);
        d->setPresentation(true);
        d->setStageScale(PresentationMode::scaleFor(height));
        QCOMPARE(d->tabs()->font().pointSizeF(), app * 1.25 * PresentationMode::scaleFor(height));
        d->setStageScale(1.0); // leaving the stage, as PresentationMode does
        d->setPresentation(false);
        QCOMPARE(d->tabs()->font().pointSizeF(), app);
    }

    void layoutValidationMessage_data() {
        QTest::addColumn<QString>("spin");
        QTest::addColumn<int>("value");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("tp-3-does-not-divide-heads") << "tpSpin" << 3 << "32 attention heads";
        QTest::newRow("pp-64-exceeds-layers") << "ppSpin" << 64 << "32 layers";
        QTest::newRow("ep-2-on-dense-model") << "epSpin" << 2 << "EP = 2";
        QTest::newRow("tp-2-without-enough-gpus") << "tpSpin" << 2 << "GPU count is 1";
    }

    void layoutValidationMessage() {
        QFETCH(QString, spin);
        QFETCH(int, value);
        QFETCH(QString, mentions);
        auto* box = m_win->controls()->findChild<QSpinBox*>(spin);
        QVERIFY(box);
        box->setValue(value);
        settle();
        const Results& r = ctl()->results();
        QVERIFY(!r.valid);
        QVERIFY2(r.problem.contains(mentions), qPrintable(r.problem));
        auto* label = m_win->controls()->findChild<QLabel*>(QStringLiteral("layoutProblem"));
        QVERIFY(label->isVisibleTo(m_win.get()));
        QCOMPARE(label->text(), r.problem);
        QCOMPARE(m_win->dashboard()->verdict()->headline(), r.problem);
        ctl()->undoStack()->undo();
        settle();
        QVERIFY(ctl()->results().valid);
        QVERIFY(!label->isVisibleTo(m_win.get()));
    }

    void gpuCountDrivesDataParallel() {
        m_win->controls()->findChild<QSpinBox*>(QStringLiteral("gpuCountSpin"))->setValue(8);
        settle();
        QCOMPARE(scn().gpuCount, 8);
        QCOMPARE(scn().workload.parallel.dp, 8);
        m_win->controls()->findChild<QSpinBox*>(QStringLiteral("tpSpin"))->setValue(2);
        settle();
        QCOMPARE(scn().workload.parallel.dp, 4);
        QVERIFY(ctl()->results().valid);
        verifyChartsMatchCore();
    }

    void findSmallestLayoutFor70B() {
        // "What is the smallest H100 layout that trains Llama-3.1-70B with full fine-tuning at
        // seq 8192, and which rank is the tightest?"
        ctl()->edit(Field::Model, QStringLiteral("setup"), [](Scenario& s) {
            QVERIFY(edits::setModelPreset(s, "llama-3.1-70b"));
            edits::setRunMode(s, RunMode::Full);
            s.workload.sequenceLength = 8192;
            QVERIFY(edits::setGpuPreset(s, "h100-sxm-80gb"));
        });
        settle();
        const Scenario before = scn();
        const auto expected = smallestLayout(before.model, before.workload, before.gpu, 1024);
        QVERIFY2(expected.has_value(), "core finds no layout");

        LayoutPanel* panel = m_win->dashboard()->layoutPanel();
        QSignalSpy applied(panel, &LayoutPanel::layoutApplied);
        m_win->findChild<QPushButton*>(QStringLiteral("findLayoutButton"))->click();
        QVERIFY(applied.wait(120000));
        settle();
        const Parallelism& p = scn().workload.parallel;
        QCOMPARE(p.dp, expected->layout.dp);
        QCOMPARE(p.tp, expected->layout.tp);
        QCOMPARE(p.pp, expected->layout.pp);
        QCOMPARE(scn().gpuCount, expected->layout.gpus());
        QVERIFY(ctl()->results().valid);
        QVERIFY(ctl()->results().estimate.fits);

        // per-stage bars with the tightest rank highlighted
        VramBarChart* bar = m_win->dashboard()->barChart();
        QCOMPARE(bar->view(), VramBarChart::View::PerStage);
        const Estimate est = estimate(scn().model, scn().workload, &scn().gpu);
        QCOMPARE(bar->barCount(), static_cast<int>(est.stages.size()));
        int tightest = 0;
        for (size_t i = 0; i < est.stages.size(); ++i) {
            if (est.stages[i].nvidiaSmi > est.stages[static_cast<size_t>(tightest)].nvidiaSmi) {
                tightest = static_cast<int>(i);
            }
            for (int t = 0; t < kTermCount; ++t) {
                QVERIFY(near(bar->barSet(static_cast<Term>(t))->at(static_cast<int>(i)) *
                                 bar->bytesPerUnit(),
                             est.stages[i].atPeak[static_cast<size_t>(t)]));
            }
        }
        QCOMPARE(applied.front().at(0).toInt(), tightest);
        if (est.stages.size() > 1) {
            QCOMPARE(bar->highlightedBar(), tightest);
        }
        QVERIFY(panel->resultText().contains(QStringLiteral("Tightest rank")));
        // one undo step restores the single-GPU layout
        ctl()->undoStack()->undo();
        settle();
        QCOMPARE(scn().gpuCount, before.gpuCount);
    }

    void playbookRendersAndApplies() {
        settle();
        const Scenario& s = scn();
        const auto items = playbook(s.model, s.workload, s.gpu);
        PlaybookView* view = m_win->dashboard()->playbook();
        QCOMPARE(view->tree()->topLevelItemCount(), static_cast<int>(items.size()));
        if (items.empty()) {
            QSKIP("core playbook is empty for the default scenario");
        }
        QCOMPARE(view->tree()->topLevelItem(0)->text(1), Texts::playbookAction(items.front()));
        const std::string before = toJson(scn());
        view->applyRow(0);
        settle();
        QVERIFY(toJson(scn()) != before);
        // newTotal is what the fits verdict counts: nvidia-smi less the releasable cache
        const Estimate& applied = ctl()->results().estimate;
        QVERIFY(near(applied.capacity - applied.headroom, items.front().newTotal));
        ctl()->undoStack()->undo();
        settle();
        QCOMPARE(toJson(scn()), before);
    }

    void planWaterfallAndApplyPlan() {
        // issue 16: Llama-3.1-70B LoRA, micro-batch 4 x 4096 on 2x H100 with plain DP does not
        // fit and no single change fits; the playbook's combined plan does, and Apply plan
        // applies all of its steps as one undo step
        const ModelPreset* p = findModelPreset("llama-3.1-70b");
        QVERIFY(p);
        Scenario s = defaultScenario();
        s.modelPreset = "llama-3.1-70b";
        s.model = p->arch;
        s.workload.finetune = Finetune::LoRA;
        s.workload.microBatch = 4;
        s.workload.sequenceLength = 4096;
        s.workload.parallel.dp = 2;
        s.gpuCount = 2;
        ctl()->resetScenario(s);
        settle();
        m_win->dashboard()->refreshTables();
        QVERIFY(!ctl()->results().estimate.fits);
        PlaybookView* view = m_win->dashboard()->playbook();
        const int row = view->planRow();
        QVERIFY(row >= 0);
        QVERIFY(view->planBox()->isVisibleTo(view));
        const PlaybookItem item = ctl()->results().playbook[static_cast<size_t>(row)];
        QCOMPARE(item.action, PlaybookAction::Combined);
        QVERIFY(item.fits);
        // the waterfall: today, each step's cumulative total, the total with the plan
        PlanWaterfallChart* chart = view->planChart();
        const int n = static_cast<int>(item.plan.steps.size());
        QVERIFY(n >= 2);
        QCOMPARE(chart->barCount(), n + 2);
        QCOMPARE(chart->categories().size(), n + 2);
        QCOMPARE(chart->barTotal(0), item.plan.before);
        for (int i = 0; i < n; ++i) {
            QCOMPARE(chart->barTotal(i + 1), item.plan.steps[static_cast<size_t>(i)].total);
        }
        QCOMPARE(chart->barTotal(n + 1), item.newTotal);
        QVERIFY(chart->barToolTip(1).contains(
            Texts::planStep(item.plan.steps[0].option, item.plan.steps[0].after)));
        const std::string before = toJson(scn());
        const int undoBefore = ctl()->undoStack()->count();
        view->applyPlanButton()->click();
        settle();
        QCOMPARE(ctl()->undoStack()->count(), undoBefore + 1); // one undo step
        QVERIFY(ctl()->results().estimate.fits);
        const Estimate& now = ctl()->results().estimate;
        QVERIFY(near(now.capacity - now.headroom, item.newTotal));
        QCOMPARE(scn().gpuCount, 2);
        QCOMPARE(scn().workload.globalBatch(), s.workload.globalBatch());
        m_win->dashboard()->refreshTables();
        QCOMPARE(view->planRow(), -1); // it fits: no plan to offer
        QVERIFY(!view->planBox()->isVisibleTo(view));
        ctl()->undoStack()->undo();
        settle();
        QCOMPARE(toJson(scn()), before);
    }

    void unitsAreConsistent_data() {
        QTest::addColumn<QString>("actionName");
        QTest::addColumn<double>("bytesPerUnit");
        QTest::addColumn<QString>("symbol");
        QTest::newRow("gib") << "actionUnitGiB" << 1073741824.0 << "GiB";
        QTest::newRow("gb") << "actionUnitGB" << 1e9 << "GB";
    }

    void unitsAreConsistent() {
        QFETCH(QString, actionName);
        QFETCH(double, bytesPerUnit);
        QFETCH(QString, symbol);
        action(actionName.toLatin1().constData())->trigger();
        settle();
        VramBarChart* bar = m_win->dashboard()->barChart();
        QCOMPARE(bar->bytesPerUnit(), bytesPerUnit);
        QVERIFY(
            m_win->dashboard()->verdict()->headline().contains(QStringLiteral("\u00a0") + symbol));
        // the number and its unit stay on one line (a no-break space, Units::format)
        QVERIFY(m_win->dashboard()->breakdown()->item(0, 1)->text().endsWith(symbol));
        verifyChartsMatchCore();
    }

    void hoverShowsBytesShareAndFormula() {
        settle();
        const Scenario& s = scn();
        VramBarChart* bar = m_win->dashboard()->barChart();
        const QString tip = bar->segmentToolTip(Term::Weights, 0);
        // core's formula as the window words it (FormulaText: the language, figures held)
        const QString formula = FormulaText::translate(
            QString::fromStdString(termFormula(Term::Weights, s.model, s.workload)));
        QVERIFY(!formula.isEmpty());
        QVERIFY2(tip.contains(formula.toHtmlEscaped()), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("GiB")));
        QVERIFY(tip.contains(QStringLiteral("nvidia-smi")));
        QVERIFY(tip.contains(QStringLiteral(" %")));
    }

    void featureToggles_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("group"); // where the scenario file keeps the flag
        QTest::addColumn<int>("phase");     // the phase whose peak the flag moves
        const int step = static_cast<int>(Phase::OptimizerStep);
        const int bwd = static_cast<int>(Phase::Backward);
        // default scenario (Llama-3.1-8B full fine-tune, 4 x 2048 tokens): the loss sets the
        // backward peak, gradients + AdamW states the step's
        QTest::newRow("chunked-cross-entropy") << "chunked_cross_entropy"
                                               << "features" << bwd;
        QTest::newRow("torch-compile") << "torch_compile"
                                       << "features" << bwd;
        QTest::newRow("activation-offload") << "activation_offload"
                                            << "features" << bwd;
        QTest::newRow("optimizer-in-backward") << "optimizer_in_backward"
                                               << "features" << step;
        QTest::newRow("retained-logits") << "retained_logits"
                                         << "features" << bwd;
        QTest::newRow("offload-optimizer") << "offload_optimizer"
                                           << "parallelism" << step;
        // Megatron-Core DDP grad buffer: the gradients are live in forward too (bf16 here: 2 B x P)
        QTest::newRow("persistent-grad-buffer") << "persistent_grad_buffer"
                                                << "features" << static_cast<int>(Phase::Forward);
    }

    // One ErrorCode per layout rule (core/error.h): the text names the rule core found, with
    // the run's numbers. Before, texts.cpp guessed the rule from the field name, so a GPU
    // count over the limit named at parallel.tp read "TP must divide the heads".
    void layoutErrorTexts_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("ep");
        QTest::addColumn<int>("cp");
        QTest::addColumn<QString>("text");
        // Llama-3.1-8B: 32 heads, 8 KV heads, 32 layers; Llama-3.2-3B: 24 heads, 8 KV heads;
        // Mixtral: 8 experts.
        QTest::newRow("tp-heads") << "llama-3.1-8b" << 1 << 3 << 1 << 1 << 1
                                  << "TP = 3 must divide the 32 attention heads";
        QTest::newRow("tp-kv-heads")
            << "llama-3.2-3b" << 1 << 3 << 1 << 1 << 1
            << "TP = 3 must divide the 8 KV heads (or be at least as many)";
        QTest::newRow("pp-layers")
            << "llama-3.1-8b" << 1 << 1 << 33 << 1 << 1 << "PP = 33 must not exceed the 32 layers";
        QTest::newRow("ep-dense") << "llama-3.1-8b" << 2 << 1 << 1 << 2 << 1
                                  << "EP = 2 needs a mixture-of-experts model (this one is dense)";
        QTest::newRow("ep-experts")
            << "mixtral-8x7b" << 3 << 1 << 1 << 3 << 1 << "EP = 3 must divide the 8 experts";
        QTest::newRow("ep-dp-tp") << "mixtral-8x7b" << 2 << 1 << 1 << 4 << 1
                                  << "EP = 4 must divide DP × TP = 2";
        QTest::newRow("cp-sequence") << "llama-3.1-8b" << 1 << 1 << 1 << 1 << 3
                                     << "CP = 3 must divide the sequence length 2048";
        // 2^16 x 2^16 GPUs: the product passes 2^20 at tp (validateDegrees names tp)
        QTest::newRow("too-many-gpus-at-tp")
            << "llama-3.1-8b" << 65536 << 65536 << 1 << 1 << 1
            << "DP × TP × PP × CP = 65536 × 65536 × 1 × 1 is more than 1048576 GPUs";
    }
    void layoutErrorTexts() {
        QFETCH(QString, model);
        QFETCH(int, dp);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, ep);
        QFETCH(int, cp);
        QFETCH(QString, text);
        const ModelPreset* preset = findModelPreset(model.toStdString());
        QVERIFY(preset);
        Workload w;
        w.sequenceLength = 2048;
        w.parallel.dp = dp;
        w.parallel.tp = tp;
        w.parallel.pp = pp;
        w.parallel.ep = ep;
        w.parallel.cp = cp;
        const auto err = validateWorkload(preset->arch, w);
        QVERIFY(err.has_value());
        QVERIFY(isLayoutError(err->code));
        QCOMPARE(Texts::errorText(*err, &preset->arch, &w), text);
    }

    // Issue 16: "tooltip 5.13 GiB vs formula 5.12 GiB for the same bytes". The formula text
    // (core formatGiB) and the tooltip (Units::format, QLocale) round a byte count alike;
    // 5.125 and 0.375 GiB are exact binary ties, printf's "%.2f" rounded them to even.
    void formulaAndTooltipRoundAlike_data() {
        QTest::addColumn<double>("gib");
        QTest::newRow("tie-5.125") << 5.125;
        QTest::newRow("tie-0.375") << 0.375;
        QTest::newRow("tie-14.995") << 14.995; // not exact in binary: whichever side, alike
        QTest::newRow("plain-2.1144") << 2.1144;
    }
    void formulaAndTooltipRoundAlike() {
        QFETCH(double, gib);
        const QLocale saved;
        QLocale::setDefault(QLocale::c());
        const QString ui = Units::format(gib * 1073741824.0, ByteUnit::GiB, 2);
        QLocale::setDefault(saved);
        // the rounding is the question: the UI joins number and unit with a no-break space
        QCOMPARE(QString::fromStdString(formatGiB(gib * 1073741824.0)),
                 QString(ui).replace(QChar(0x00a0), QLatin1Char(' ')));
    }

    // Per-stage view: a bar's tooltip shows the formula of that bar's rank, not the worst
    // rank's (before: stage 1's 2.11 GiB of weights beside stage 4's formula). Llama-3.1-8B,
    // PP 4, TP 2: stage 1 holds layers 0-7 and the embedding.
    void perStageTooltipFormulaIsTheBarsRank() {
        const ModelPreset* preset = findModelPreset("llama-3.1-8b");
        QVERIFY(preset);
        Workload w;
        w.sequenceLength = 1024;
        w.parallel.tp = 2;
        w.parallel.pp = 4;
        QVERIFY(!validateWorkload(preset->arch, w));
        Results res;
        res.valid = res.hasEstimate = true;
        res.estimate = estimate(preset->arch, w, nullptr);
        VramBarChart chart;
        chart.resize(600, 400);
        chart.setFormulaProvider([&](Term t, int stage) {
            return QString::fromStdString(termFormula(t, preset->arch, w, nullptr, stage));
        });
        chart.setResults(res, ByteUnit::GiB);
        chart.setView(VramBarChart::View::PerStage);
        for (int bar = 0; bar < 4; ++bar) {
            const QString tip = chart.segmentToolTip(Term::Weights, bar);
            QVERIFY2(tip.contains(QStringLiteral("stage %1 of 4").arg(bar + 1)), qPrintable(tip));
            const RankEstimate& r = res.estimate.stages[static_cast<size_t>(bar)];
            const QString bytes =
                QString::fromStdString(formatGiB(r.atPeak[static_cast<int>(Term::Weights)]));
            QVERIFY2(tip.contains(QStringLiteral("= ") + bytes), qPrintable(tip));
        }
    }

    // PlotGrid draws the lines QtCharts' own grid draws (the oracle: QtCharts' grid rendered
    // without antialiasing in the same chart, its pixel rows and columns read back), as 1-px
    // filled rectangles. Rows: a dynamic-tick value axis, a fixed-tick one, a category axis.
    void plotGridMatchesQtChartsGrid_data() {
        QTest::addColumn<bool>("categories");
        QTest::addColumn<double>("yMax");
        QTest::addColumn<double>("interval"); // 0: fixed ticks (tickCount 5)
        QTest::newRow("dynamic-ticks-0-200-by-50") << false << 200.0 << 50.0;
        QTest::newRow("dynamic-ticks-0-7-by-2") << false << 7.0 << 2.0;
        QTest::newRow("fixed-ticks-0-8") << false << 8.0 << 0.0;
        QTest::newRow("category-axis-log2") << true << 150.0 << 25.0;
    }
    void plotGridMatchesQtChartsGrid() {
        QFETCH(bool, categories);
        QFETCH(double, yMax);
        QFETCH(double, interval);
        QChartView view;
        view.setRenderHint(QPainter::Antialiasing, false);
        QChart* chart = view.chart();
        chart->legend()->hide();
        chart->setBackgroundBrush(Qt::white);
        chart->setPlotAreaBackgroundVisible(false);
        auto* y = new QValueAxis;
        y->setRange(0, yMax);
        if (interval > 0) {
            y->setTickType(QValueAxis::TicksDynamic);
            y->setTickAnchor(0);
            y->setTickInterval(interval);
        } else {
            y->setTickCount(5);
        }
        QAbstractAxis* x = nullptr;
        if (categories) {
            auto* c = new QCategoryAxis;
            c->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
            for (int i = 1; i <= 4; ++i)
                c->append(QString::number(1 << i), i);
            c->setRange(0, 4.5);
            x = c;
        } else {
            auto* v = new QValueAxis;
            v->setRange(0, 10);
            v->setTickCount(6);
            x = v;
        }
        auto* series = new QLineSeries;
        series->setPen(Qt::NoPen);
        chart->addSeries(series);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        series->attachAxis(x);
        series->attachAxis(y);
        for (QAbstractAxis* a : {x, static_cast<QAbstractAxis*>(y)}) {
            a->setLineVisible(false);
            a->setLabelsVisible(false);
            a->setGridLinePen(QPen(Qt::black, 0));
        }
        view.resize(640, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTest::qWait(20);
        // the oracle: QtCharts' grid, read back along one column and one row inside the plot
        const QImage img = view.grab().toImage();
        const QRect plot = chart->plotArea().toAlignedRect();
        const auto dark = [&](int px, int py) { return qGray(img.pixel(px, py)) < 128; };
        QList<double> wantYs, wantXs;
        const int probeX = plot.left() + 3, probeY = plot.top() + 3; // off the x grid lines
        for (int py = plot.top() - 1; py <= plot.bottom() + 1; ++py)
            if (dark(probeX, py) && dark(probeX + 7, py))
                wantYs << py;
        for (int px = plot.left() - 1; px <= plot.right() + 1; ++px)
            if (dark(px, probeY) && dark(px, probeY + 7))
                wantXs << px;
        QVERIFY(wantYs.size() >= 3);
        PlotGrid grid(chart, true, true);
        grid.place();
        QList<double> ys = grid.ys(), xs = grid.xs();
        std::sort(ys.begin(), ys.end());
        std::sort(xs.begin(), xs.end());
        QCOMPARE(ys, wantYs);
        QCOMPARE(xs, wantXs);
    }

    // Per-stage bars changed in place (one layout of the bars for all changed values, the
    // others' layouts held back) draw exactly what a chart given the new results at once draws.
    // Llama-3.1-70B on PP 8: the micro-batch changes activations and reserve on all 8 stages;
    // rows whose memory axis keeps its range (200 GiB, or 150) lay the bars out only through
    // the changed values, rows with another range also through the axis.
    void perStageBarsFollowEveryChangedValue_data() {
        QTest::addColumn<int>("before");
        QTest::addColumn<int>("after");
        QTest::newRow("micro-batch-1-to-2-same-axis") << 1 << 2;
        QTest::newRow("micro-batch-2-to-1-same-axis") << 2 << 1;
        QTest::newRow("micro-batch-4-to-5-same-axis") << 4 << 5;
        QTest::newRow("micro-batch-1-to-4-new-axis") << 1 << 4;
        QTest::newRow("micro-batch-4-to-1-new-axis") << 4 << 1;
    }
    void perStageBarsFollowEveryChangedValue() {
        QFETCH(int, before);
        QFETCH(int, after);
        const ModelPreset* preset = findModelPreset("llama-3.1-70b");
        QVERIFY(preset);
        const auto results = [&](int microBatch) {
            Workload w;
            w.microBatch = microBatch;
            w.sequenceLength = 2048;
            w.parallel.pp = 8;
            Results res;
            res.valid = res.hasEstimate = true;
            res.estimate = estimate(preset->arch, w, findGpuPreset("h100-sxm-80gb"));
            return res;
        };
        const auto draw = [](VramBarChart& chart) {
            chart.resize(700, 400);
            chart.setView(VramBarChart::View::PerStage);
            chart.show();
            if (!QTest::qWaitForWindowExposed(&chart))
                return QImage();
            QTest::qWait(20); // the chart's posted layout
            return chart.grab().toImage();
        };
        VramBarChart changed;
        changed.setResults(results(before), ByteUnit::GiB);
        draw(changed);
        changed.setResults(results(after), ByteUnit::GiB);
        VramBarChart fresh;
        fresh.setResults(results(after), ByteUnit::GiB);
        const QImage a = draw(changed);
        const QImage b = draw(fresh);
        QVERIFY(!a.isNull());
        a.save("/tmp/cg/a.png");
        b.save("/tmp/cg/b.png");
        QVERIFY(a == b);
    }

    // The bar chart marks a rank out of memory by core's rankFits, the headline's rule:
    // nvidia-smi less the paged optimizer states (and releasable cache) against the card.
    // Llama-3.1-8B QLoRA with paged AdamW (fp32 states of the adapters, 8 B per trainable
    // parameter, in CUDA unified memory) on a card half a pageable-state above what the run
    // needs: nvidia-smi shows more than the card, the run fits. Before, the chart coloured
    // the total by nvidiaSmi > capacity (out of memory) under a "fits" headline.
    void rankColourFollowsVerdict_data() {
        QTest::addColumn<double>("pageableShare"); // capacity = needed + share x pageable
        QTest::addColumn<bool>("fits");
        QTest::newRow("paged-states-over-the-card-fits") << 0.5 << true;
        QTest::newRow("needed-over-the-card-oom") << -0.5 << false;
    }
    void rankColourFollowsVerdict() {
        QFETCH(double, pageableShare);
        QFETCH(bool, fits);
        const ModelPreset* preset = findModelPreset("llama-3.1-8b");
        QVERIFY(preset);
        Workload w;
        w.finetune = Finetune::QLoRA;
        w.precision.weights = DType::NF4DoubleQuant;
        w.optimizer = Optimizer::PagedAdamW;
        w.microBatch = 1;
        w.sequenceLength = 1024;
        const Estimate free = estimate(preset->arch, w, nullptr);
        const RankEstimate& r0 = free.worst;
        QVERIFY(r0.pageable > 100.0 * 1048576); // 8 B x 42M adapter parameters = 335 MB
        // what the run needs: nvidia-smi less the paged states and the releasable cache
        const double needed = r0.nvidiaSmi - r0.pageable - r0.releasable;
        GpuSpec card{"", "test card", "nvidia", 0, 0};
        card.memoryMiB = static_cast<int64_t>((needed + pageableShare * r0.pageable) / 1048576.0);
        Results res;
        res.valid = res.hasEstimate = true;
        res.estimate = estimate(preset->arch, w, &card);
        const Estimate& e = res.estimate;
        QVERIFY(e.worst.nvidiaSmi > e.capacity); // nvidia-smi shows more than the card
        QCOMPARE(e.fits, fits);
        QCOMPARE(rankFits(e.worst, e.capacity), e.fits);
        VramBarChart chart;
        chart.resize(600, 400);
        chart.setResults(res, ByteUnit::GiB);
        QCOMPARE(chart.totalShownOverCapacity(0), !fits);
    }

    // The panel's boxes are the field table's flags (core/engine/fields.h): one box per
    // memory feature and framework fact, each with its own words.
    void everyTableFlagHasABox() {
        int boxes = 0;
        for (const WorkloadField& f : workloadFields()) {
            if (f.type != FieldType::Flag || f.role == FieldRole::Setting)
                continue;
            const QString key = QString::fromLatin1(f.key.data(), f.key.size());
            QVERIFY2(FeaturesPanel::hasWords(f), qPrintable(key));
            QVERIFY2(m_win->controls()->findChild<QCheckBox*>(key), qPrintable(key));
            ++boxes;
        }
        QVERIFY(boxes >= 19);
    }

    // Each memory-feature box sets its flag in the scenario as one undo step; the charts
    // redraw from core; undo clears it again.
    void featureToggles() {
        QFETCH(QString, key);
        QFETCH(QString, group);
        QFETCH(int, phase);
        auto peak = [&] { return ctl()->results().estimate.worst.phaseAllocated[phase]; };
        auto flag = [&] {
            const QJsonObject w = QJsonDocument::fromJson(QByteArray::fromStdString(toJson(scn())))
                                      .object()
                                      .value(QStringLiteral("workload"))
                                      .toObject();
            return w.value(group).toObject().value(key).toBool();
        };
        QCheckBox* box = m_win->controls()->findChild<QCheckBox*>(key);
        QVERIFY2(box, qPrintable(key));
        QVERIFY(box->isVisible() && box->isEnabled());
        QVERIFY(!flag());
        const double before = peak();
        box->click();
        settle();
        QVERIFY(flag());
        QCOMPARE(ctl()->undoStack()->count(), 1);
        verifyChartsMatchCore();
        // every flag in this table moves that phase's peak in the default scenario
        QVERIFY(peak() != before);
        action("actionUndo")->trigger();
        settle();
        QVERIFY(!flag());
        QVERIFY(!box->isChecked());
        QCOMPARE(peak(), before);
    }

    // The framework combo lists the custom profile with each precision preset, then every
    // name@version of core's profile table; a pick is one undo step and changes the engine's
    // numbers as the profile says. torchtitan's precision is fsdp2_mixed: fp32 sharded
    // weights (resources/profiles.json; torchtitan parallelize_llama MixedPrecisionPolicy),
    // so Llama-3.1-8B's 8,030,261,248 parameters weigh 4 B each = 32,121,044,992 bytes
    // on one GPU, against 2 B each = 16,060,522,496 for the default torch-loop (pure bf16).
    void frameworkComboPicksProfiles() {
        auto* box = m_win->controls()->findChild<QComboBox*>(QStringLiteral("frameworkCombo"));
        QVERIFY(box);
        int versions = 0;
        for (const FrameworkProfile& p : frameworkProfiles())
            versions += p.name == "custom" ? 0 : static_cast<int>(p.versions.size());
        QCOMPARE(box->count(), 7 + versions);
        const int row = box->findText(QStringLiteral("torchtitan 2024-12"));
        QVERIFY(row >= 7);
        ctl()->undoStack()->clear();
        QCOMPARE(ctl()->results().estimate.worst.atPeak[static_cast<int>(Term::Weights)],
                 16060522496.0);
        box->setCurrentIndex(row);
        emit box->activated(row);
        settle();
        QCOMPARE(QString::fromStdString(scn().workload.profile.name), QStringLiteral("torchtitan"));
        QCOMPARE(QString::fromStdString(scn().workload.profile.version), QStringLiteral("2024-12"));
        QCOMPARE(ctl()->results().estimate.worst.atPeak[static_cast<int>(Term::Weights)],
                 32121044992.0);
        QCOMPARE(ctl()->undoStack()->count(), 1);
        action("actionUndo")->trigger();
        settle();
        // the GUI opens on the plain PyTorch loop profile (pure bf16 dtypes, no facts)
        QCOMPARE(QString::fromStdString(scn().workload.profile.name), QStringLiteral("torch-loop"));
        QCOMPARE(box->currentIndex(), box->findText(QStringLiteral("Plain PyTorch 2")));
    }

    // LLaMA-Factory loads a LoRA run's frozen base in the compute dtype and upcasts a full
    // fine-tune's trainable parameters to fp32 (resources/profiles.json lora_base_weights;
    // LLaMA-Factory patcher.py, adapter.py): picked on the default Llama-3.1-8B full
    // fine-tune, the Mode box's LoRA gives 8,030,261,248 x 2 + 41,943,040 LoRA x 4 =
    // 16,228,294,656 B of weights, Full again 8,030,261,248 x 4 = 32,121,044,992 B.
    void llamaFactoryModeFollowsLoraBaseRule() {
        auto* box = m_win->controls()->findChild<QComboBox*>(QStringLiteral("frameworkCombo"));
        auto* mode = m_win->controls()->findChild<QComboBox*>(QStringLiteral("modeCombo"));
        QVERIFY(box && mode);
        const int row = box->findText(QStringLiteral("LLaMA-Factory 2024-10"));
        QVERIFY(row >= 7);
        box->setCurrentIndex(row);
        emit box->activated(row);
        settle();
        auto weights = [this] {
            return ctl()->results().estimate.worst.atPeak[static_cast<int>(Term::Weights)];
        };
        QCOMPARE(weights(), 32121044992.0);
        for (const auto& [kind, bytes] :
             {std::pair{RunMode::LoRA, 16228294656.0}, std::pair{RunMode::Full, 32121044992.0}}) {
            mode->setCurrentIndex(static_cast<int>(kind));
            emit mode->activated(static_cast<int>(kind));
            settle();
            QCOMPARE(weights(), bytes);
        }
    }

    // HF Trainer 5 (transformers 5's from_pretrained loads the checkpoint's dtype, PR #42805),
    // picked in the Framework box: the default full fine-tune of Llama 3.1 8B holds bf16 weights
    // and bf16 AdamW states, 8,030,261,248 x 2 = 16,060,522,496 B and x 4 = 32,121,044,992 B
    // (4.45: fp32, 32,121,044,992 B and 64,242,089,984 B); a model published in fp32 then
    // loads in fp32 (weights 32,121,044,992 B).
    void hfTrainer5LoadsCheckpointDtype() {
        auto* box = m_win->controls()->findChild<QComboBox*>(QStringLiteral("frameworkCombo"));
        QVERIFY(box);
        auto term = [this](Term t) {
            return ctl()->results().estimate.worst.atPeak[static_cast<int>(t)];
        };
        for (const auto& [version, weights, states] :
             {std::tuple{QStringLiteral("4.45"), 32121044992.0, 64242089984.0},
              std::tuple{QStringLiteral("5"), 16060522496.0, 32121044992.0}}) {
            const int row =
                box->findText(QStringLiteral("HF Trainer + PEFT + Accelerate ") + version);
            QVERIFY2(row >= 1, qPrintable(version));
            box->setCurrentIndex(row);
            emit box->activated(row);
            settle();
            QCOMPARE(scn().workload.profile.version, version.toStdString());
            QCOMPARE(term(Term::Weights), weights);
            QCOMPARE(term(Term::OptimizerStates), states);
        }
        ctl()->edit(Field::Model, QStringLiteral("fp32 checkpoint"), [](Scenario& s) {
            ModelArch a = s.model;
            a.nativeDType = DType::FP32;
            edits::setInlineModel(s, a);
        });
        settle();
        QCOMPARE(term(Term::Weights), 32121044992.0);
    }

    // Under HF Trainer 4.45 (fp32 load) the weights follow a model whose own code casts it:
    // the Llama 3.1 8B shape as Qwen v1 (modeling_qwen.py casts to bf16 when built) holds
    // 8,030,261,248 x 2 = 16,060,522,496 B, and back as Llama 32,121,044,992 B; a weight dtype
    // the user picked stays.
    void weightsFollowAModelThatCastsItself() {
        bool picked = false;
        ctl()->edit(Field::Framework, QStringLiteral("hf-trainer 4.45"), [&picked](Scenario& s) {
            picked = edits::setProfile(s, ProfileRef{"hf-trainer", "4.45"});
        });
        QVERIFY(picked);
        settle();
        auto weights = [this] {
            return ctl()->results().estimate.worst.atPeak[static_cast<int>(Term::Weights)];
        };
        QCOMPARE(weights(), 32121044992.0);
        auto setFamily = [this](const char* family) {
            ctl()->edit(Field::Model, QStringLiteral("family"), [family](Scenario& s) {
                ModelArch a = s.model;
                a.family = family;
                edits::setInlineModel(s, a);
            });
            settle();
        };
        setFamily("qwen");
        QCOMPARE(weights(), 16060522496.0);
        setFamily("llama");
        QCOMPARE(weights(), 32121044992.0);
        ctl()->edit(Field::Precision, QStringLiteral("fp16"),
                    [](Scenario& s) { edits::setWeightsDType(s, DType::FP16); });
        settle();
        setFamily("qwen");
        QCOMPARE(scn().workload.precision.weights, DType::FP16);
    }

    // The load-recipe box sets features.load_recipe as one undo step; for a QLoRA run the
    // load's cached segments then set the reserved peak (core/engine/reserve/load_replay.h).
    void loadRecipeCombo() {
        ctl()->edit(Field::Features, QStringLiteral("qlora"), [](Scenario& s) {
            s.workload.finetune = Finetune::QLoRA;
            s.workload.precision.weights = DType::NF4DoubleQuant;
            s.workload.microBatch = 1;
            s.workload.sequenceLength = 512;
            s.workload.checkpointing = Checkpointing::Full;
        });
        settle();
        ctl()->undoStack()->clear();
        auto* box = m_win->controls()->findChild<QComboBox*>(QStringLiteral("load_recipe"));
        QVERIFY(box);
        QVERIFY(box->isVisible() && box->isEnabled());
        QCOMPARE(box->count(), 4);
        QCOMPARE(box->currentIndex(), 0);
        const double before = ctl()->results().estimate.worst.reserved;
        box->setCurrentIndex(2);
        emit box->activated(2);
        settle();
        QCOMPARE(scn().workload.features.loadRecipe, LoadRecipe::TorchaoNf4Unchunked);
        const QJsonObject f = QJsonDocument::fromJson(QByteArray::fromStdString(toJson(scn())))
                                  .object()
                                  .value(QStringLiteral("workload"))
                                  .toObject()
                                  .value(QStringLiteral("features"))
                                  .toObject();
        QCOMPARE(f.value(QStringLiteral("load_recipe")).toString(),
                 QStringLiteral("torchao_nf4_unchunked"));
        QCOMPARE(ctl()->undoStack()->count(), 1);
        const RankEstimate& r = ctl()->results().estimate.worst;
        QVERIFY(r.reserved > before);
        QCOMPARE(r.reserved, r.loadReserved);
        verifyChartsMatchCore();
        action("actionUndo")->trigger();
        settle();
        QCOMPARE(box->currentIndex(), 0);
        QCOMPARE(ctl()->results().estimate.worst.reserved, before);
    }

    // A flag that needs TP > 1 is shown disabled until the layout has TP.
    void featureNeedsTensorParallel() {
        QCheckBox* box = m_win->controls()->findChild<QCheckBox*>(QStringLiteral("loss_parallel"));
        QVERIFY(box);
        QVERIFY(!box->isEnabled());
        ctl()->edit(Field::TP, QStringLiteral("tp"), [](Scenario& s) {
            s.workload.parallel.tp = 2;
            s.workload.parallel.dp = 1;
        });
        settle();
        QVERIFY(box->isEnabled());
        // training-only: the whole box hides for inference
        ctl()->edit(Field::Mode, QStringLiteral("mode"),
                    [](Scenario& s) { edits::setRunMode(s, RunMode::Inference); });
        settle();
        QVERIFY(!box->isVisible());
    }

    // The DeepSpeed reduce bucket counts when the run's ZeRO stage is DeepSpeed's: the
    // hf-trainer profile's fact deepspeed_zero turns that on without the user's toggle, so the
    // Run details spin box is shown then (it stayed greyed before: the panel judged the
    // field on the scenario without the profile's facts). Setting it to 2e8 elements lowers
    // every phase of ZeRO-3 by (5e8 - 2e8) x 2 B = 600,000,000 B (bf16 gradients; tst_profiles
    // deepspeedGradientBucket). FSDP, or ZeRO-3 under the custom profile, hides it again.
    void deepspeedBucketFollowsProfile() {
        auto* spin = m_win->findChild<QSpinBox*>(QStringLiteral("parallelism.reduce_bucket_size"));
        QVERIFY(spin);
        ctl()->edit(Field::Features, QStringLiteral("deepspeed"), [](Scenario& s) {
            selectProfile(s.workload, *parseProfileSpec("hf-trainer@4.45"));
            s.workload.precision.grads = DType::BF16;
            s.workload.parallel.dp = 2;
            s.gpuCount = 2;
            s.workload.parallel.sharding = Sharding::Zero3;
            s.workload.gradAccumulation = 2;
        });
        settle();
        QVERIFY(ctl()->results().valid);
        QVERIFY(spin->isVisibleTo(m_win.get()));
        QCOMPARE(spin->value(), 500000000);
        const auto fwd = static_cast<std::size_t>(Phase::Forward);
        const double before = ctl()->results().estimate.worst.phaseAllocated[fwd];
        spin->setValue(200000000);
        settle();
        QCOMPARE(scn().workload.parallel.reduceBucketElements, int64_t{200000000});
        QCOMPARE(before - ctl()->results().estimate.worst.phaseAllocated[fwd], 600000000.0);
        ctl()->edit(Field::Features, QStringLiteral("fsdp"),
                    [](Scenario& s) { s.workload.parallel.sharding = Sharding::FsdpFullShard; });
        settle();
        QVERIFY(!spin->isVisibleTo(m_win.get()));
        ctl()->edit(Field::Features, QStringLiteral("custom zero3"), [](Scenario& s) {
            selectProfile(s.workload, *parseProfileSpec("custom"));
            s.workload.parallel.sharding = Sharding::Zero3;
        });
        settle();
        QVERIFY(!spin->isVisibleTo(m_win.get()));
    }

    void perStageToggle() {
        action("actionPerStage")->trigger();
        settle();
        QCOMPARE(m_win->dashboard()->barChart()->view(), VramBarChart::View::PerStage);
        QCOMPARE(m_win->dashboard()->barChart()->barCount(), 1);
        action("actionPerStage")->trigger();
        QCOMPARE(m_win->dashboard()->barChart()->view(), VramBarChart::View::WorstRank);
    }

    void sweepSequenceLength() {
        m_win->dashboard()->cliffPanel()->axisCombo()->setCurrentIndex(1);
        settle();
        const Scenario& s = scn();
        CliffChart* cliff = m_win->dashboard()->cliffChart();
        QCOMPARE(cliff->maxFitMarker(), maxSequenceLength(s.model, s.workload, s.gpu));
        QCOMPARE(cliff->currentX(), s.workload.sequenceLength);
    }

    void animateSweepsAndLeavesNoUndoStep() {
        CliffPanel* panel = m_win->dashboard()->cliffPanel();
        panel->setAnimationDuration(400);
        const std::string before = toJson(scn());
        QSet<int64_t> seen;
        connect(ctl(), &ScenarioController::resultsChanged, this,
                [&] { seen.insert(ctl()->results().current); });
        QSignalSpy done(panel, &CliffPanel::animationFinished);
        action("actionAnimate")->trigger();
        QVERIFY(panel->isAnimating());
        QVERIFY(done.wait(5000));
        settle();
        QVERIFY2(seen.size() >= 3, "the animation did not move the micro-batch");
        QCOMPARE(toJson(scn()), before);
        QCOMPARE(ctl()->undoStack()->count(), 0);
        QVERIFY(!ctl()->isModified());
        verifyChartsMatchCore();
    }

    void languageSwitchesAtRunTime_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("modelBoxTitle");
        QTest::newRow("german") << "de"
                                << "Modell";
        QTest::newRow("chinese") << "zh_CN" << QString::fromUtf8("模型");
        QTest::newRow("english") << "en"
                                 << "Model";
    }

    void languageSwitchesAtRunTime() {
        QFETCH(QString, code);
        QFETCH(QString, modelBoxTitle);
        m_win->findChild<QAction*>(QStringLiteral("actionLanguage_%1").arg(code))->trigger();
        QCoreApplication::processEvents();
        auto* box = m_win->controls()->findChild<QGroupBox*>(QStringLiteral("modelBox"));
        QCOMPARE(box->title(), modelBoxTitle);
        // numbers and charts are unaffected by the language
        verifyChartsMatchCore();
        m_win->setLanguage(QStringLiteral("en"));
        QCoreApplication::processEvents();
        QCOMPARE(box->title(), QStringLiteral("Model"));
    }

    // Check boxes read on the dark theme and on a 4K stage (ui/readablestyle.h): the box's
    // edge differs from the panel behind it by at least 60 of 255 in grey (Fusion's own edge,
    // the window colour darkened, differed by about 10), and the indicator grows with the font
    // (a 36 pt stage font: 4 x the desk's 9 pt).
    void checkBoxesReadOnEveryTheme_data() {
        QTest::addColumn<int>("theme");
        QTest::newRow("dark") << static_cast<int>(ThemeKind::Dark);
        QTest::newRow("light") << static_cast<int>(ThemeKind::Light);
    }
    void checkBoxesReadOnEveryTheme() {
        QFETCH(int, theme);
        const auto kind = static_cast<ThemeKind>(theme);
        Theme::apply(kind);
        QCheckBox box(QStringLiteral("torch.compile"));
        box.setPalette(Theme::palette(kind));
        box.resize(box.sizeHint());
        const QImage img = box.grab().toImage();
        QStyleOptionButton opt;
        opt.initFrom(&box);
        const QRect ind = box.style()->subElementRect(QStyle::SE_CheckBoxIndicator, &opt, &box);
        const int y = ind.center().y();
        int edge = 0; // the strongest contrast along the indicator's left edge
        for (int x = ind.left(); x <= ind.left() + 2; ++x)
            edge =
                std::max(edge, std::abs(qGray(img.pixel(x * img.width() / box.width(),
                                                        y * img.height() / box.height())) -
                                        qGray(Theme::palette(kind).color(QPalette::Window).rgb())));
        QVERIFY2(edge >= 60, qPrintable(QStringLiteral("edge contrast %1").arg(edge)));
        const int desk = box.style()->pixelMetric(QStyle::PM_IndicatorWidth, nullptr, &box);
        QFont stage = box.font();
        stage.setPointSizeF(36);
        box.setFont(stage);
        QCOMPARE(box.style()->pixelMetric(QStyle::PM_IndicatorWidth, nullptr, &box),
                 static_cast<int>(std::lround(desk * 36.0 / std::max(9.0, QFont().pointSizeF()))));
        Theme::apply(ThemeKind::Light);
    }

    // Combo and spin boxes grow their buttons and arrows with the font on a 4K stage (the GUI
    // review: Fusion's 18 px drop-down button and 14 x 8 px arrow stayed specks beside 36 pt
    // text). At a 36 pt font (4 x the desk's 9 pt) the drop-down button and the spin buttons
    // are 4 x their desk width (within a pixel of rounding), the arrow is drawn inside that
    // button, and a click on the button's centre hits it.
    void comboAndSpinButtonsGrowWithTheFont_data() {
        QTest::addColumn<bool>("combo");
        QTest::newRow("combo-box") << true;
        QTest::newRow("spin-box") << false;
    }
    void comboAndSpinButtonsGrowWithTheFont() {
        QFETCH(bool, combo);
        QComboBox comboBox;
        comboBox.addItem(QStringLiteral("Full fine-tune / training"));
        QSpinBox spinBox;
        spinBox.setRange(1, 4096);
        QWidget& w = combo ? static_cast<QWidget&>(comboBox) : static_cast<QWidget&>(spinBox);
        const QStyle::ComplexControl cc = combo ? QStyle::CC_ComboBox : QStyle::CC_SpinBox;
        const QStyle::SubControl button = combo ? QStyle::SC_ComboBoxArrow : QStyle::SC_SpinBoxUp;
        QStyleOptionComboBox comboOption;
        QStyleOptionSpinBox spinOption;
        // the option the widget paints and hit-tests with, at its size hint
        const auto option = [&]() -> const QStyleOptionComplex* {
            w.resize(w.sizeHint());
            QStyleOptionComplex* o = &spinOption;
            if (combo) {
                comboOption = QStyleOptionComboBox();
                comboOption.initFrom(&comboBox);
                o = &comboOption;
            } else {
                spinOption = QStyleOptionSpinBox();
                spinOption.initFrom(&spinBox);
                spinOption.buttonSymbols = QAbstractSpinBox::UpDownArrows;
            }
            o->subControls = QStyle::SC_All;
            return o;
        };
        const double deskPt = std::max(9.0, QFont().pointSizeF());
        const QRect desk = w.style()->subControlRect(cc, option(), button, &w);
        QFont stage = w.font();
        stage.setPointSizeF(36);
        w.setFont(stage);
        const QStyleOptionComplex* o = option();
        const QRect big = w.style()->subControlRect(cc, o, button, &w);
        const double scale = 36.0 / deskPt;
        QVERIFY2(std::abs(big.width() - desk.width() * scale) <= scale + 1,
                 qPrintable(QStringLiteral("button %1 px at desk, %2 px at 36 pt")
                                .arg(desk.width())
                                .arg(big.width())));
        QVERIFY(w.rect().intersected(big).width() >= big.width() - 2 * scale);
        QCOMPARE(w.style()->hitTestComplexControl(cc, o, big.center(), &w), button);
        // the button is painted where it is hit: the arrow's pixels lie inside it
        const QImage img = w.grab().toImage();
        const QRect inside = big.intersected(w.rect());
        const QColor background = img.pixelColor(inside.center().x(), inside.top() + 2);
        int arrowPixels = 0;
        for (int y = inside.top(); y <= inside.bottom(); ++y)
            for (int x = inside.left(); x <= inside.right(); ++x)
                if (std::abs(qGray(img.pixel(x * img.width() / w.width(),
                                             y * img.height() / w.height())) -
                             qGray(background.rgb())) > 40)
                    ++arrowPixels;
        QVERIFY2(arrowPixels >= 4 * scale * scale,
                 qPrintable(QStringLiteral("%1 arrow pixels").arg(arrowPixels)));
    }

    // Slider handles grow with their panel's font (the GUI review: 16 px handles on a 4K wall):
    // under a 36 pt panel the handle is at least three times as wide as under a 9 pt one, and
    // back at 9 pt it is the desk's again.
    void sliderHandlesGrowWithTheFont() {
        QWidget panel; // the controls' box, whose font presentation mode scales
        auto* slider = new ScaledSlider(Qt::Horizontal, &panel);
        slider->setTheme(ThemeKind::Light);
        const auto handleWidth = [&] {
            panel.resize(400, 200);
            slider->resize(400, slider->sizeHint().height());
            const QImage img = slider->grab().toImage();
            // the handle is the widest run of its white fill along the middle row
            const int y = img.height() / 2;
            int run = 0, widest = 0;
            for (int x = 0; x < img.width(); ++x) {
                run = qGray(img.pixel(x, y)) >= 250 ? run + 1 : 0;
                widest = std::max(widest, run);
            }
            return widest * slider->width() / std::max(1, img.width());
        };
        QFont desk = panel.font();
        desk.setPointSizeF(9);
        panel.setFont(desk);
        const int small = handleWidth();
        QFont stage = desk;
        stage.setPointSizeF(36);
        panel.setFont(stage);
        const int big = handleWidth();
        QVERIFY(small > 4);
        QVERIFY2(big >= 3 * small,
                 qPrintable(QStringLiteral("%1 px at 9 pt, %2 px at 36 pt").arg(small).arg(big)));
        panel.setFont(desk); // leaving the stage: the desk's handle again
        QCOMPARE(handleWidth(), small);
    }

    // The breakdown's colour swatches grow with its font (the GUI review: 14 px specks beside
    // the 4K stage's text): at 36 pt a swatch is at least a capital letter tall.
    void breakdownSwatchesGrowWithTheFont() {
        BreakdownTable table;
        QFont stage = table.font();
        stage.setPointSizeF(36);
        table.setFont(stage);
        QVERIFY2(table.iconSize().height() >= QFontMetrics(stage).capHeight(),
                 qPrintable(QStringLiteral("%1 px").arg(table.iconSize().height())));
    }

    // The scenario line breaks only between its parts (the GUI review: a 4K Chinese stage split
    // "原生 PyTorch" from its "2", and CJK words between any two characters): laid out at widths
    // that need two or three lines, every line but the last ends with a separator's "· ".
    void scenarioLineBreaksBetweenParts_data() {
        QTest::addColumn<QString>("line");
        QTest::newRow("en") << QStringLiteral("Llama 3.1 8B · Full fine-tune / training · bf16 · "
                                              "4 × 2,048 tokens · 1 × NVIDIA H100 SXM 80GB · "
                                              "Plain PyTorch 2");
        QTest::newRow("zh-CN") << QStringLiteral("Llama 3.1 8B · 全量微调 / 训练 · bf16 · "
                                                 "4 × 2,048 个 token · 1 × NVIDIA H100 SXM "
                                                 "80GB · 原生 PyTorch 2");
    }
    void scenarioLineBreaksBetweenParts() {
        QFETCH(QString, line);
        const QString shown = VerdictView::breakOnlyBetweenParts(line);
        QFont f;
        f.setPointSizeF(14);
        const double whole = QFontMetricsF(f).horizontalAdvance(shown);
        for (const double share : {0.45, 0.6, 0.8}) {
            QTextLayout layout(shown, f);
            QTextOption o;
            o.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
            layout.setTextOption(o);
            layout.beginLayout();
            QStringList lines;
            for (QTextLine l = layout.createLine(); l.isValid(); l = layout.createLine()) {
                l.setLineWidth(whole * share);
                lines << shown.mid(l.textStart(), l.textLength());
            }
            layout.endLayout();
            QVERIFY(lines.size() >= 2);
            for (qsizetype i = 0; i + 1 < lines.size(); ++i)
                QVERIFY2(lines[i].endsWith(QStringLiteral("· ")), qPrintable(lines[i]));
        }
        // the text a person reads is the line itself, joiners aside
        QString read = shown;
        read.remove(QChar(0x2060));
        read.replace(QChar(0x00A0), QLatin1Char(' '));
        QCOMPARE(read, line);
    }

    void themeSwitch() {
        settle();
        m_win->dashboard()->refreshTables();
        QTreeWidget* playbook = m_win->dashboard()->playbook()->tree();
        QVERIFY(playbook->topLevelItemCount() > 0);
        // the playbook's verdict column is drawn in the theme's verdict colours (the light
        // theme's green and red were about 2:1 on the dark table)
        const auto verdictColour = [&](ThemeKind k) {
            const ChartColors c = Theme::chartColors(k);
            const bool fits = ctl()->results().playbook.front().fits;
            return fits ? c.fits : c.oom;
        };
        QCOMPARE(playbook->topLevelItem(0)->foreground(4).color(), verdictColour(ThemeKind::Light));
        action("actionThemeDark")->trigger();
        QCOMPARE(m_win->theme(), ThemeKind::Dark);
        QCOMPARE(m_win->dashboard()->chartStyle().theme, ThemeKind::Dark);
        QCOMPARE(playbook->topLevelItem(0)->foreground(4).color(), verdictColour(ThemeKind::Dark));
        action("actionToggleTheme")->trigger();
        QCOMPARE(m_win->theme(), ThemeKind::Light);
        QCOMPARE(playbook->topLevelItem(0)->foreground(4).color(), verdictColour(ThemeKind::Light));
    }

    void settingsRestoreLastScenario() {
        m_win.reset();
        {
            FakeDialogs d;
            MainWindowOptions o;
            o.useSettings = true;
            o.dialogs = &d;
            MainWindow w(o);
            w.show();
            w.controller()->edit(Field::MicroBatch, QStringLiteral("mb"),
                                 [](Scenario& s) { s.workload.microBatch = 6; });
            w.setUnit(ByteUnit::GB);
            w.controller()->undoStack()->setClean();
            QVERIFY(w.close());
        }
        FakeDialogs d;
        MainWindowOptions o;
        o.useSettings = true;
        o.dialogs = &d;
        MainWindow w(o);
        QCOMPARE(w.controller()->scenario().workload.microBatch, int64_t{6});
        QCOMPARE(w.controller()->unit(), ByteUnit::GB);
        w.setUnit(ByteUnit::GiB);
        w.controller()->undoStack()->setClean();
        w.close();
        QSettings().clear();
    }

    void screenshotOptionWritesPng_data() {
        QTest::addColumn<bool>("presentation");
        QTest::addColumn<QSize>("size");
        QTest::newRow("normal-view-1000x640") << false << QSize(1000, 640);
        QTest::newRow("presentation-view-1366x768") << true << QSize(1366, 768);
        QTest::newRow("presentation-view-1920x1080") << true << QSize(1920, 1080);
    }

    void screenshotOptionWritesPng() {
        QFETCH(bool, presentation);
        QFETCH(QSize, size);
        ScreenshotOptions o;
        o.output = m_tmp.filePath(QStringLiteral("shot-%1.png").arg(QTest::currentDataTag()));
        o.size = size;
        o.presentation = presentation;
        QCOMPARE(runScreenshot(o), 0);
        QImage img(o.output);
        QCOMPARE(img.size(), size);
        QVERIFY(distinctColours(img) > 20);
        QCOMPARE(parseSize(QStringLiteral("1600x1000")), QSize(1600, 1000));
        QVERIFY(!parseSize(QStringLiteral("big")).isValid());
    }

    void everyControlHasTooltipAndName() {
        const auto widgets = m_win->controls()->findChildren<QWidget*>();
        int checked = 0;
        for (QWidget* w : widgets) {
            if (qobject_cast<QScrollBar*>(w)) {
                continue; // scroll bars of popups
            }
            if (!(qobject_cast<QAbstractSlider*>(w) || qobject_cast<QComboBox*>(w) ||
                  qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QAbstractButton*>(w))) {
                continue;
            }
            if (w->parentWidget() && qobject_cast<QAbstractSpinBox*>(w->parentWidget())) {
                continue; // the spin box's own line edit
            }
            QVERIFY2(!w->toolTip().isEmpty(),
                     qPrintable(w->objectName() + QLatin1Char(' ') + w->metaObject()->className()));
            QVERIFY2(!w->accessibleName().isEmpty(), qPrintable(w->objectName()));
            ++checked;
        }
        QVERIFY(checked >= 20);
    }

    void verdictCountsWhatTheRunNeeds() {
        // Llama-3.1-70B, torchtitan FSDP2 over dp 8 x tp 2, seq 4096, full AC on H100s
        // (docs/parallelism.md): the step peaks at the end of backward; at the loss the fp32
        // gradient shards are cached on the reduce-scatter stream, more than the card holds
        // beside the tensors. PyTorch frees such empty segments before an OOM, so the headline
        // shows what the run needs (nvidia-smi less that cache), not a full card.
        const ModelPreset* preset = findModelPreset("llama-3.1-70b");
        const GpuSpec* h100 = findGpuPreset("h100-sxm-80gb");
        QVERIFY(preset && h100);
        Workload w = m_win->controller()->scenario().workload;
        w.mode = Mode::Training;
        w.finetune = Finetune::Full;
        applyPrecisionPreset(w, PrecisionPreset::Fsdp2Mixed);
        w.microBatch = 1;
        w.sequenceLength = 4096;
        w.gradAccumulation = 1;
        w.checkpointing = Checkpointing::Full;
        w.attention = AttentionImpl::SDPA;
        w.parallel = Parallelism{};
        w.parallel.dp = 8;
        w.parallel.tp = 2;
        w.parallel.sequenceParallel = true;
        w.parallel.sharding = Sharding::FsdpFullShard;
        Results r;
        r.valid = r.hasEstimate = true;
        r.estimate = estimate(preset->arch, w, h100);
        const Estimate& e = r.estimate;
        QVERIFY(e.fits);
        QVERIFY(e.worst.releasable > 0);
        const double needed = e.worst.nvidiaSmi - e.worst.releasable;
        QVERIFY(std::abs((e.capacity - e.headroom) - needed) < 1.0);
        const QString headline = VerdictView::headlineFor(r, ByteUnit::GiB);
        QVERIFY2(headline.startsWith(Units::format(needed, ByteUnit::GiB)), qPrintable(headline));
        QVERIFY2(headline.contains(Units::format(e.headroom, ByteUnit::GiB)), qPrintable(headline));
        QVERIFY(VerdictView::detailsFor(r, ByteUnit::GiB)
                    .contains(Units::format(e.worst.releasable, ByteUnit::GiB)));
    }

    // TP x PP x CP is checked: 54161 x 6344 x 25 = 2^33 + 8 wrapped to 8 in int, so a
    // count of 16 GPUs set DP = 2 for a layout of 8.6e9 GPUs.
    void degreeProductOverflowLeavesDp() {
        Scenario s;
        s.gpuCount = 16;
        s.workload.parallel = Parallelism{};
        edits::setDegree(s, edits::Degree::TP, 54161);
        edits::setDegree(s, edits::Degree::PP, 6344);
        edits::setDegree(s, edits::Degree::CP, 25);
        QCOMPARE(s.workload.parallel.dp, 1);
        edits::setGpuCount(s, 16);
        QCOMPARE(s.workload.parallel.dp, 1);
        QVERIFY(!edits::gpuCountMatches(s));
        edits::setDegree(s, edits::Degree::DP, 65536);
        QCOMPARE(s.gpuCount, std::numeric_limits<int>::max());
        QVERIFY(!edits::gpuCountMatches(s));
    }

    // Issue 14 defect 8: DeepSeek-V3 QLoRA with the torchao load took 0.38 s per estimate
    // (the load replay), and one recompute (estimate, sweep, solvers, playbook) estimated it
    // dozens of times: 18.9 s. Now a recompute replays the load once, and an edit the load
    // never reads (micro-batch, sequence length) replays it not at all.
    // The micro-batch sweep is reused while only the micro-batch changes and made anew when
    // anything else does: after each edit the cliff's sweep is core's sweep() of the scenario
    // at the same points (by hand: the same call), and the largest fitting micro-batch core's.
    void microBatchSweepFollowsEveryOtherEdit_data() {
        QTest::addColumn<Edit>("change");
        QTest::newRow("micro-batch-only") << Edit([](Scenario& s) { s.workload.microBatch += 1; });
        QTest::newRow("sequence-length")
            << Edit([](Scenario& s) { s.workload.sequenceLength *= 2; });
        QTest::newRow("gpu") << Edit([](Scenario& s) { s.gpu = *findGpuPreset("a100-40gb"); });
        QTest::newRow("model-layers") << Edit([](Scenario& s) { s.model.numLayers -= 4; });
        QTest::newRow("checkpointing")
            << Edit([](Scenario& s) { s.workload.checkpointing = Checkpointing::Full; });
    }
    void microBatchSweepFollowsEveryOtherEdit() {
        QFETCH(Edit, change);
        ctl()->setSweepAxis(SweepAxis::MicroBatch);
        ctl()->edit(Field::MicroBatch, QStringLiteral("mb"),
                    [](Scenario& s) { s.workload.microBatch = 2; });
        settle();
        QVERIFY(ctl()->results().hasEstimate);
        ctl()->edit(Field::Model, QStringLiteral("change"), change);
        settle();
        const Results& r = ctl()->results();
        QVERIFY(r.valid && !r.sweep.empty());
        const Scenario& s = ctl()->scenario();
        std::vector<int64_t> xs;
        for (const SweepPoint& p : r.sweep)
            xs.push_back(p.x);
        const auto want = sweep(s.model, s.workload, &s.gpu, SweepAxis::MicroBatch, xs, nullptr);
        QCOMPARE(r.sweep.size(), want.size());
        for (size_t i = 0; i < want.size(); ++i)
            QCOMPARE(r.sweep[i].nvidiaSmi, want[i].nvidiaSmi);
        QCOMPARE(r.maxFit, maxMicroBatch(s.model, s.workload, s.gpu, 1 << 20, nullptr));
    }

    void recomputeReplaysTheLoadOnce() {
        const int before = ctl()->loadReplays().loadReplays();
        QElapsedTimer clock;
        clock.start();
        ctl()->edit(Field::Model, QStringLiteral("setup"), [](Scenario& s) {
            QVERIFY(edits::setModelPreset(s, "deepseek-v3"));
            edits::setRunMode(s, RunMode::QLoRA);
            s.workload.features.loadRecipe = LoadRecipe::TorchaoNf4;
        });
        settle();
        QVERIFY(ctl()->results().hasEstimate);
        QVERIFY(ctl()->results().estimate.worst.loadReserved > 0);
        // one replay per shard degree the estimate, solvers and playbook try: torchtune's FSDP
        // recipe loads shard by shard (core/engine/reserve/load_replay.h), so each FSDP layout the
        // playbook offers has a load of its own
        const int first = ctl()->loadReplays().loadReplays();
        QVERIFY(first > before);
        ctl()->edit(Field::MicroBatch, QStringLiteral("mb"),
                    [](Scenario& s) { s.workload.microBatch += 1; });
        settle();
        ctl()->edit(Field::SequenceLength, QStringLiteral("seq"),
                    [](Scenario& s) { s.workload.sequenceLength *= 2; });
        settle();
        QCOMPARE(ctl()->loadReplays().loadReplays(), first);
        qInfo("deepseek-v3 QLoRA torchao: 3 recomputes in %lld ms, %d load replays",
              clock.elapsed(), first - before);
    }

    // Defect 8, the stall: the estimate, sweep, solvers and playbook of a recompute run as a
    // job on a pool thread (bench_ui: DeepSeek-V3 QLoRA torchao renders in ~0.5 s with the
    // longest event-loop stall ~15 ms, was 0.5 s). Here the 0 ms recompute timer fires, the
    // event loop returns while the load replay (~0.4 s) runs, the old numbers stay on screen,
    // and the event loop then delivers the new ones.
    void recomputeRunsOffTheUiThread() {
        ctl()->flush();
        const uint64_t shown = ctl()->results().generation;
        ctl()->edit(Field::Model, QStringLiteral("setup"), [](Scenario& s) {
            QVERIFY(edits::setModelPreset(s, "deepseek-v3"));
            edits::setRunMode(s, RunMode::QLoRA);
            s.workload.features.loadRecipe = LoadRecipe::TorchaoNf4;
        });
        QCoreApplication::processEvents(); // the recompute timer: validated, job started
        QVERIFY(ctl()->recomputePending());
        QCOMPARE(ctl()->results().generation, shown);
        // a second edit while the job runs: its scenario follows, the first job's is dropped
        ctl()->edit(Field::MicroBatch, QStringLiteral("mb"),
                    [](Scenario& s) { s.workload.microBatch = 3; });
        // the wait is for the job's end, not a speed limit: the recompute takes about 1 s in
        // Release and up to 95 s under ASan on 2 busy cores (its load replay)
        QTRY_VERIFY_WITH_TIMEOUT(!ctl()->recomputePending(), 300000);
        QVERIFY(ctl()->results().generation > shown);
        QCOMPARE(ctl()->results().current, int64_t{3});
        QVERIFY(ctl()->results().estimate.worst.loadReserved > 0);
        // the breakdown's formula texts came with the results, for the numbers on screen
        QVERIFY(ctl()->formula(Term::Weights).contains(QStringLiteral("GiB")));
    }

    // Every series a chart draws is owned by the window: QAreaSeries does not own its
    // boundary line series, so they need a parent of their own (LeakSanitizer found the bar
    // chart's highlight band leaking two QLineSeries per chart).
    void chartSeriesDieWithTheWindow_data() {
        QTest::addColumn<bool>("barChart");
        QTest::newRow("vram-bar-chart") << true;
        QTest::newRow("cliff-chart") << false;
    }
    void chartSeriesDieWithTheWindow() {
        QFETCH(bool, barChart);
        Dashboard* d = m_win->dashboard();
        QChartView* view = barChart ? static_cast<QChartView*>(d->barChart()) : d->cliffChart();
        const QChart* chart = view->chart();
        QList<QPointer<QAbstractSeries>> series;
        for (QAbstractSeries* s : chart->series()) {
            series << s;
            if (auto* area = qobject_cast<QAreaSeries*>(s)) {
                series << area->upperSeries();
                if (area->lowerSeries()) {
                    series << area->lowerSeries();
                }
            }
        }
        QVERIFY(series.size() > 1);
        m_win->controller()->undoStack()->setClean();
        m_win.reset();
        for (const QPointer<QAbstractSeries>& s : series) {
            QVERIFY2(s.isNull(), qPrintable(s ? s->metaObject()->className() : QString()));
        }
    }

    void watchdogCatchesModalDialogs() {
        // The watchdog itself: a modal dialog opened here is closed and recorded.
        QDialog dlg(m_win.get());
        dlg.setObjectName(QStringLiteral("probeDialog"));
        QTimer::singleShot(0, &dlg, [] {});
        dlg.open();
        QTRY_VERIFY(m_modalsSeen.contains(QStringLiteral("probeDialog")));
        QVERIFY(!dlg.isVisible());
        m_modalsSeen.clear(); // expected here; any other test leaving one fails in cleanup()
    }
};

QTEST_MAIN(TstUi)
#include "tst_ui.moc"
