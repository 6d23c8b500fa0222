// "Calibrate from a measured run..." (ui/calibrationdialog.h) offscreen: the dialog's fit and
// its errors, and the main window's action as one undo step that the verdict, the cliff chart's
// measured-point series and the breakdown show, and that undo and "Clear Calibration" remove.
#include "core/units.h"
#include "ui/calibrationdialog.h"
#include "ui/cliffchart.h"
#include "ui/dashboard.h"
#include "ui/dialogservice.h"
#include "ui/mainwindow.h"
#include "ui/scenariocontroller.h"
#include "ui/verdictview.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QScatterSeries>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace headroom;
using namespace headroom::ui;

namespace {

/// Llama-3.1-8B LoRA, checkpointing full, micro-batch 8 x 2048 on one H100 80GB: fits.
Scenario loraScenario() {
    Scenario s = defaultScenario();
    s.workload.finetune = Finetune::LoRA;
    s.workload.checkpointing = Checkpointing::Full;
    s.workload.microBatch = 8;
    return s;
}

/// Answers the calibration dialog with a fixed choice; never blocks.
class FakeDialogs : public SilentDialogs {
public:
    CalibrationChoice next;
    int calibrateAsked = 0;
    CalibrationChoice calibrate(QWidget*, const Scenario&) override {
        ++calibrateAsked;
        return next;
    }
};

} // namespace

class TstCalibrationDialog : public QObject {
    Q_OBJECT
private slots:
    void fitsWhatCoreFits_data();
    void fitsWhatCoreFits();
    void badInputDisablesCalibrate_data();
    void badInputDisablesCalibrate();
    void loadsTorchStats();
    void oneUndoStep();
};

void TstCalibrationDialog::fitsWhatCoreFits_data() {
    QTest::addColumn<int>("metric");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<double>("bytes"); // the value in bytes, by hand
    QTest::newRow("reserved-gib") << int(Metric::Reserved) << 51.5 << "GiB" << 51.5 * kGiB;
    QTest::newRow("smi-gb") << int(Metric::NvidiaSmi) << 55.0 << "GB" << 55e9;
    QTest::newRow("allocated-mib")
        << int(Metric::Allocated) << 44000.0 << "MiB" << 44000.0 * 1048576.0;
}

// The dialog's calibration is core's calibrateScenario of the same measurement, and its
// preview names the fitted overhead.
void TstCalibrationDialog::fitsWhatCoreFits() {
    QFETCH(int, metric);
    QFETCH(double, value);
    QFETCH(QString, unit);
    QFETCH(double, bytes);
    const Scenario s = loraScenario();
    CalibrationDialog dlg(s);
    dlg.setMeasured(static_cast<Metric>(metric), value, unit, false);
    QVERIFY2(dlg.calibration().has_value(), qPrintable(dlg.problem()));
    auto core = calibrateScenario(
        s, Measurement{static_cast<Metric>(metric), bytes, false, CalibrationSource::Manual, {}},
        "");
    QVERIFY(core.ok());
    QVERIFY(std::abs(dlg.calibration()->offsetBytes - core->offsetBytes) < 1.0);
    QVERIFY(std::abs(dlg.calibration()->measured.bytes - bytes) < 1.0);
    QCOMPARE(dlg.calibration()->setup, calibrationSetup(s));
    QVERIFY(dlg.preview().contains(QStringLiteral("Fixed overhead")));
    QVERIFY(dlg.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled());
}

void TstCalibrationDialog::badInputDisablesCalibrate_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected"); // in the shown problem
    QTest::newRow("zero") << 0.0 << "Enter the peak";
    QTest::newRow("huge") << 9e6 << "measured";
}

void TstCalibrationDialog::badInputDisablesCalibrate() {
    QFETCH(double, value);
    QFETCH(QString, expected);
    CalibrationDialog dlg(loraScenario());
    // 9e6 GiB is above the 1e15-byte limit: core's error names the field ("measured")
    dlg.setMeasured(Metric::Reserved, value, QStringLiteral("GiB"), false);
    QVERIFY(!dlg.calibration());
    QVERIFY2(dlg.problem().contains(expected), qPrintable(dlg.problem()));
    QVERIFY(!dlg.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled());
    // "ran out of memory" with no peak is a valid measurement
    dlg.setMeasured(Metric::Reserved, 0, QStringLiteral("GiB"), true);
    QVERIFY2(dlg.calibration().has_value(), qPrintable(dlg.problem()));
    QVERIFY(dlg.calibration()->oomRun());
}

void TstCalibrationDialog::loadsTorchStats() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("stats.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"allocated_bytes.all.peak": 45000000000, "reserved_bytes.all.peak": 52000000000})");
    }
    CalibrationDialog dlg(loraScenario());
    dlg.setMeasured(Metric::Reserved, 1, QStringLiteral("GiB"), false);
    QVERIFY(dlg.loadJsonFile(path));
    QVERIFY(dlg.calibration());
    QCOMPARE(dlg.calibration()->measured.bytes, 52e9); // exact: not rounded through the spin box
    QCOMPARE(dlg.calibration()->measured.source, CalibrationSource::TorchStats);
    const QString missing = dir.filePath(QStringLiteral("none.json"));
    QVERIFY(!dlg.loadJsonFile(missing));
    QVERIFY(!dlg.calibration());
}

// Tools > Calibrate...: one undo step; the verdict says "Calibrated to your run", the cliff
// chart draws the measured point; undo restores the uncalibrated numbers; Clear is one more step.
void TstCalibrationDialog::oneUndoStep() {
    FakeDialogs dialogs;
    MainWindowOptions o;
    o.useSettings = false;
    o.dialogs = &dialogs;
    MainWindow win(o);
    win.resize(1400, 900);
    win.show();
    QVERIFY(QTest::qWaitForWindowExposed(&win));
    ScenarioController* ctl = win.controller();
    ctl->resetScenario(loraScenario());
    ctl->flush();
    const double before = ctl->results().estimate.worst.nvidiaSmi;
    const int steps = ctl->undoStack()->count();

    auto fitted = calibrateScenario(
        ctl->scenario(),
        Measurement{Metric::NvidiaSmi, before + 2 * kGiB, false, CalibrationSource::Manual, {}},
        "2026-11-24T22:00:00Z");
    QVERIFY(fitted.ok());
    dialogs.next.action = DialogService::CalibrationChoice::Action::Apply;
    dialogs.next.calibration = fitted.value();
    auto* act = win.findChild<QAction*>(QStringLiteral("actionCalibrate"));
    QVERIFY(act);
    act->trigger();
    ctl->flush();
    QCoreApplication::processEvents();
    QCOMPARE(dialogs.calibrateAsked, 1);
    QCOMPARE(ctl->undoStack()->count(), steps + 1);
    QVERIFY(ctl->scenario().calibration);
    QVERIFY(ctl->results().calibration);
    // the measured point: 2 GiB above the estimate there, now the estimate
    QVERIFY(std::abs(ctl->results().estimate.worst.nvidiaSmi - (before + 2 * kGiB)) < 1.0);
    auto* verdict = win.findChild<VerdictView*>();
    QVERIFY(verdict);
    QVERIFY2(verdict->details().contains(QStringLiteral("Calibrated to your run")),
             qPrintable(verdict->details()));
    CliffChart* cliff = win.dashboard()->cliffChart();
    QCOMPARE(cliff->measuredSeries()->count(), 1);
    QCOMPARE(cliff->measuredSeries()->at(0).x(), CliffChart::xCoord(8));
    QVERIFY(std::abs(cliff->measuredSeries()->at(0).y() * cliff->bytesPerUnit() -
                     (before + 2 * kGiB)) < 1.0);
    QVERIFY(cliff->measuredLabelText().contains(QStringLiteral("calibrated to your run")));
    auto* clear = win.findChild<QAction*>(QStringLiteral("actionClearCalibration"));
    QVERIFY(clear && clear->isEnabled());

    ctl->undoStack()->undo();
    ctl->flush();
    QVERIFY(!ctl->scenario().calibration);
    QCOMPARE(ctl->results().estimate.worst.nvidiaSmi, before);
    QCOMPARE(cliff->measuredSeries()->count(), 0);
    QVERIFY(!verdict->details().contains(QStringLiteral("Calibrated")));
    QVERIFY(!clear->isEnabled());

    ctl->undoStack()->redo();
    ctl->flush();
    QVERIFY(ctl->scenario().calibration);
    clear->trigger();
    ctl->flush();
    QVERIFY(!ctl->scenario().calibration);
    QCOMPARE(ctl->undoStack()->count(), steps + 2);
    QCOMPARE(ctl->results().estimate.worst.nvidiaSmi, before);
    ctl->undoStack()->setClean();
}

QTEST_MAIN(TstCalibrationDialog)
#include "tst_calibrationdialog.moc"
