// tst_stalestate: what the window shows belongs to the current scenario (issue 31). The
// weights slider's label and the scenario line name the dtypes the engine counts (the
// checkpoint's own fp8 / MXFP4 storage, not the bf16 of the precision slider), the Multi-GPU
// tab forgets its answer when the scenario is edited, and File > New resets the bar chart to
// the worst rank.
#include "core/io/scenario.h"
#include "quietdialogs.h"
#include "ui/dashboard.h"
#include "ui/dialogservice.h"
#include "ui/layoutpanel.h"
#include "ui/mainwindow.h"
#include "ui/scenariocontroller.h"
#include "ui/scenarioedits.h"
#include "ui/texts.h"
#include "ui/vrambarchart.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QUndoStack>
#include <QtTest>

using namespace headroom;
using namespace headroom::ui;

namespace {

QString modelConfig(const QString& dir) {
    return QStringLiteral(HEADROOM_MODELS_DIR) + QLatin1Char('/') + dir +
           QStringLiteral("/config.json");
}

} // namespace

class TstStaleState : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("headroom-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_stalestate"));
    }
    void init() {
        m_dialogs = std::make_unique<QuietDialogs>();
        MainWindowOptions mo;
        mo.useSettings = false;
        mo.dialogs = m_dialogs.get();
        m_win = std::make_unique<MainWindow>(mo);
        m_win->controller()->flush();
    }
    void cleanup() {
        m_win.reset();
        m_dialogs.reset();
    }
    void weightsLabel_data();
    void weightsLabel();
    void layoutAnswerCleared_data();
    void layoutAnswerCleared();
    void newResetsBarView();

private:
    ScenarioController* ctl() const { return m_win->controller(); }
    /// Imports tests/data/models/<dir>/config.json as File > Import does.
    void importModel(const QString& dir) {
        QVERIFY(m_win->openModelFile(modelConfig(dir)));
        ctl()->flush();
        QVERIFY2(m_dialogs->errors.isEmpty(), qPrintable(m_dialogs->errors.join('\n')));
    }
    std::unique_ptr<QuietDialogs> m_dialogs;
    std::unique_ptr<MainWindow> m_win;
};

// The label next to the weights slider: the dtypes and bytes per parameter the weights term
// counts (core residentWeightDtypes; its hand derivation is tst_terms residentDtypes).
//  DeepSeek-V3, inference: fp8 block linears (669,065,609,216 params, 669,228,962,144 B with
//   the fp32 block scales) + bf16 rest (1,960,809,984 params, 3,921,619,968 B):
//   673,150,582,112 / 671,026,419,200 = 1.003 B/param.
//  gpt-oss-20b, inference: MXFP4 experts (19,110,297,600 params, 10,152,345,600 B) + bf16
//   rest (1,804,459,584 params, 3,608,919,168 B): 13,761,264,768 / 20,914,757,184 = 0.658.
//  A weight precision the user picks wins over the checkpoint: bf16, 2 B.
//  Full fine-tuning never keeps fp8 storage (it trains 16-bit weights): bf16, 2 B.
void TstStaleState::weightsLabel_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<int>("mode");       // RunMode
    QTest::addColumn<int>("pick");       // precision slider position the user picks, -1 none
    QTest::addColumn<QString>("dtypes"); // also in the scenario line (exported summary)
    QTest::addColumn<QString>("label");
    QTest::newRow("deepseek-v3-fp8-checkpoint")
        << "DeepSeek-V3" << int(RunMode::Inference) << -1 << "fp8 + bf16 (checkpoint)"
        << "fp8 + bf16 (checkpoint) · 1.00 B/param";
    QTest::newRow("gpt-oss-20b-mxfp4-checkpoint")
        << "gpt-oss-20b" << int(RunMode::Inference) << -1 << "MXFP4 experts + bf16 (checkpoint)"
        << "MXFP4 experts + bf16 (checkpoint) · 0.66 B/param";
    QTest::newRow("gpt-oss-20b-user-bf16")
        << "gpt-oss-20b" << int(RunMode::Inference) << 1 << "bf16"
        << "bf16 · 2.00 B/param";
    QTest::newRow("deepseek-v3-full-finetune")
        << "DeepSeek-V3" << int(RunMode::Full) << -1 << "bf16"
        << "bf16 · 2.00 B/param";
}

void TstStaleState::weightsLabel() {
    QFETCH(QString, dir);
    QFETCH(int, mode);
    QFETCH(int, pick);
    QFETCH(QString, dtypes);
    QFETCH(QString, label);
    importModel(dir);
    ctl()->edit(Field::Mode, QStringLiteral("mode"),
                [mode](Scenario& s) { edits::setRunMode(s, static_cast<RunMode>(mode)); });
    auto* slider = m_win->findChild<QSlider*>(QStringLiteral("precisionSlider"));
    QVERIFY(slider);
    if (pick >= 0) {
        QVERIFY(slider->value() != pick);
        slider->setValue(pick);
    }
    ctl()->flush();
    QCOMPARE(m_win->findChild<QLabel*>(QStringLiteral("precisionValue"))->text(), label);
    const QString summary = ctl()->summary();
    QVERIFY2(summary.contains(QStringLiteral(" · %1 · ").arg(dtypes)), qPrintable(summary));
}

void TstStaleState::layoutAnswerCleared_data() {
    QTest::addColumn<int>("change");
    QTest::newRow("import-gpt-oss-20b") << 0;
    QTest::newRow("undo-applied-layout") << 1;
    QTest::newRow("edit-micro-batch") << 2;
}

// The Multi-GPU tab's "Smallest layout ... Tightest rank: pipeline stage N (layers a-b)" is
// the answer for the scenario it searched: an imported model (gpt-oss-20b has 24 layers, the
// answer named another model's layers), undoing the applied layout or any other edit clears
// it. The layout's own apply keeps it.
void TstStaleState::layoutAnswerCleared() {
    QFETCH(int, change);
    ctl()->edit(Field::SequenceLength, QStringLiteral("long"),
                [](Scenario& s) { s.workload.sequenceLength = 8192; }); // > one H100
    ctl()->flush();
    LayoutPanel* panel = m_win->dashboard()->layoutPanel();
    QSignalSpy applied(panel, &LayoutPanel::layoutApplied);
    panel->findSmallestLayout();
    QVERIFY(applied.wait(120000));
    ctl()->flush();
    QVERIFY2(panel->resultText().contains(QLatin1String("Tightest rank")),
             qPrintable(panel->resultText()));
    switch (change) {
    case 0:
        importModel(QStringLiteral("gpt-oss-20b"));
        QCOMPARE(ctl()->scenario().model.numLayers, 24);
        break;
    case 1:
        ctl()->undoStack()->undo();
        break;
    default:
        ctl()->edit(Field::MicroBatch, QStringLiteral("mb"),
                    [](Scenario& s) { s.workload.microBatch = 1; });
        break;
    }
    ctl()->flush();
    QVERIFY2(panel->resultText().isEmpty(), qPrintable(panel->resultText()));
    QVERIFY(m_win->findChild<QLabel*>(QStringLiteral("layoutResult"))->text().isEmpty());
}

// File > New starts at the worst-rank bar, whatever view the scenario before had.
void TstStaleState::newResetsBarView() {
    m_win->dashboard()->setBarView(VramBarChart::View::PerStage);
    QCOMPARE(m_win->dashboard()->barChart()->view(), VramBarChart::View::PerStage);
    m_win->findChild<QAction*>(QStringLiteral("actionNew"))->trigger();
    ctl()->flush();
    QCOMPARE(m_win->dashboard()->barChart()->view(), VramBarChart::View::WorstRank);
    QCOMPARE(m_win->dashboard()->barViewCombo()->currentIndex(), 0);
    QVERIFY(!m_win->findChild<QAction*>(QStringLiteral("actionPerStage"))->isChecked());
}

QTEST_MAIN(TstStaleState)
#include "tst_stalestate.moc"
