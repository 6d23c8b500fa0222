// The Measured tab (ui/measuredpanel.h) offscreen: a captured H200 run opens with its
// scenario, the predicted column is the estimate the bar shows (one answer), the measured
// column is the file's (read off it by hand), "what differs" names the variable-length cache,
// calibrating from the run is one undo step, and a bad file leaves the scenario unchanged.
#include "core/io/scenario.h"
#include "quietdialogs.h"
#include "ui/dashboard.h"
#include "ui/dialogservice.h"
#include "ui/mainwindow.h"
#include "ui/measuredpanel.h"
#include "ui/scenariocontroller.h"

#include <QApplication>
#include <QComboBox>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <fstream>
#include <memory>

using namespace headroom;
using namespace headroom::ui;

namespace {
QString capture(const char* name) {
    return QStringLiteral(HEADROOM_SOURCE_DIR "/tests/data/measured-runs/") +
           QString::fromLatin1(name);
}
MainWindowOptions offscreenOptions(DialogService* dialogs = nullptr) {
    MainWindowOptions mo;
    mo.useSettings = false;
    mo.dialogs = dialogs;
    return mo;
}
} // namespace

class TstMeasuredPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("headroom-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_measuredpanel"));
    }
    void opensWithItsScenario();
    void calibrateIsOneUndoStep();
    void badFileKeepsScenario();
    void snapshotKeepsScenario();
    void droppedFileOpensAsRun();
};

void TstMeasuredPanel::opensWithItsScenario() {
    MainWindow w(offscreenOptions());
    QVERIFY(w.openMeasuredFile(capture("qwen2.5-0.5b-lora-varlen.headroom.json")));
    w.controller()->flush();
    w.dashboard()->refreshTables();
    const Scenario& s = w.controller()->scenario();
    // the file's workload: LoRA r16, 8 x 2023 tokens (its longest step), one H200 with the
    // 143,155 MiB torch.cuda.mem_get_info() reported as its total
    QCOMPARE(s.workload.finetune, Finetune::LoRA);
    QCOMPARE(s.workload.lora.rank, 16);
    QCOMPARE(s.workload.microBatch, 8);
    QCOMPARE(s.workload.sequenceLength, 2023);
    QCOMPARE(s.gpu.memoryMiB, 143155);
    QCOMPARE(w.dashboard()->tabs()->currentWidget(), w.dashboard()->measuredPanel());
    MeasuredPanel* p = w.dashboard()->measuredPanel();
    QVERIFY(p->comparison());
    const auto& m = p->comparison()->metrics;
    const RankEstimate& shown = w.controller()->results().estimate.worst;
    QCOMPARE(m[size_t(Metric::NvidiaSmi)].predicted, shown.nvidiaSmi); // the bar's number
    QCOMPARE(m[size_t(Metric::Reserved)].predicted, shown.reserved);
    QCOMPARE(m[size_t(Metric::Reserved)].measured, 97291075584.0); // measured.peaks, by hand
    QCOMPARE(m[size_t(Metric::NvidiaSmi)].measured, 98087993344.0);
    QVERIFY(p->differencesText().contains(QStringLiteral("expandable_segments:True")));
    QVERIFY(p->table()->rowCount() >= 3 + 4 + 4 + 3); // rows + section titles
}

void TstMeasuredPanel::calibrateIsOneUndoStep() {
    MainWindow w(offscreenOptions());
    QVERIFY(w.openMeasuredFile(capture("llama-3.2-1b-full-bf16.headroom.json")));
    w.controller()->flush();
    w.dashboard()->refreshTables();
    QVERIFY(!w.controller()->scenario().calibration);
    MeasuredPanel* p = w.dashboard()->measuredPanel();
    p->calibrateMetricCombo()->setCurrentIndex(int(Metric::Reserved));
    QUndoStack* undo = w.controller()->undoStack();
    const int before = undo->count();
    p->findChild<QPushButton*>(QStringLiteral("measuredCalibrate"))->click();
    w.controller()->flush();
    QCOMPARE(undo->count(), before + 1);
    const auto& cal = w.controller()->scenario().calibration;
    QVERIFY(cal);
    QCOMPARE(cal->measured.bytes, 21349007360.0); // the run's reserved peak
    QCOMPARE(cal->measured.source, CalibrationSource::Capture);
    // core's rule (core/plan/calibration.h): raw offset = M - E; the estimate's reserved is
    // above the run's by more than its allocator reserve, so the offset is clamped to take
    // that whole term away and the calibrated reserved is the allocated peak
    QCOMPARE(cal->rawOffsetBytes, 21349007360.0 - cal->estimatedBytes);
    QVERIFY(cal->clamped);
    w.dashboard()->refreshTables();
    const MeasuredComparison& c = *p->comparison();
    QCOMPARE(c.metrics[size_t(Metric::Reserved)].predicted, cal->estimatedBytes + cal->offsetBytes);
    QCOMPARE(c.metrics[size_t(Metric::Reserved)].predicted,
             c.metrics[size_t(Metric::Allocated)].predicted);
    undo->undo();
    w.controller()->flush();
    QVERIFY(!w.controller()->scenario().calibration);
}

void TstMeasuredPanel::badFileKeepsScenario() {
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.headroom.json"));
    std::ofstream(bad.toStdString()) << R"({"schema_version": 1, "model": {"source": "preset",
        "preset": "llama-3.1-8b"}, "measured": {"format": "headroom-measured/7"}})";
    QuietDialogs dialogs;
    MainWindow w(offscreenOptions(&dialogs));
    const Scenario before = w.controller()->scenario();
    QVERIFY(!w.openMeasuredFile(bad));
    QCOMPARE(dialogs.errors.size(), 1);
    QVERIFY2(dialogs.errors.front().contains(QStringLiteral("headroom-measured/1")),
             qPrintable(dialogs.errors.front()));
    QCOMPARE(toJson(w.controller()->scenario()), toJson(before));
    QVERIFY(!w.dashboard()->measuredPanel()->hasRun());
}

// PyTorch's own snapshot of the eager LoRA run: compared with the scenario on screen, which
// stays; no nvidia-smi row (a snapshot has none) and no nvidia-smi calibration offered.
void TstMeasuredPanel::snapshotKeepsScenario() {
    MainWindow w(offscreenOptions());
    const Scenario before = w.controller()->scenario();
    QVERIFY(w.openMeasuredFile(capture("qwen2.5-0.5b-lora-eager.headroom.pickle")));
    w.controller()->flush();
    w.dashboard()->refreshTables();
    QCOMPARE(toJson(w.controller()->scenario()), toJson(before));
    MeasuredPanel* p = w.dashboard()->measuredPanel();
    QVERIFY(p->comparison());
    QVERIFY(!p->comparison()->hasMetric[size_t(Metric::NvidiaSmi)]);
    // the trace's reserved peak equals the capture's memory_stats peak, by hand from the file
    QCOMPARE(p->comparison()->metrics[size_t(Metric::Reserved)].measured, 26910654464.0);
    QCOMPARE(p->calibrateMetricCombo()->currentIndex(), int(Metric::Reserved));
    QCOMPARE(p->table()->rowCount(), 3); // "Peaks" + allocated + reserved
}

// A capture dropped on the window (openAnyFile) opens as a measured run, not as a plain scenario.
void TstMeasuredPanel::droppedFileOpensAsRun() {
    MainWindow w(offscreenOptions());
    QVERIFY(w.openAnyFile(capture("llama-3.2-1b-full-bf16.headroom.json")));
    QVERIFY(w.dashboard()->measuredPanel()->hasRun());
    QCOMPARE(w.dashboard()->tabs()->currentWidget(), w.dashboard()->measuredPanel());
    QCOMPARE(w.controller()->scenario().workload.sequenceLength, 1024);
}

QTEST_MAIN(TstMeasuredPanel)
#include "tst_measuredpanel.moc"
