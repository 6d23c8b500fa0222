#pragma once
// Measured run: a run captured by tools/capture/headroom_capture.py beside the estimate the app
// shows for the scenario it describes (core compareMeasured on the results' estimate, so the
// predicted column is the bar's number): the three metrics, the allocated peak of each phase,
// parameters / gradients / optimizer states / the rest at the peak, and "what differs" in the
// UI's own words. "Calibrate from this run" fits core's calibration to the run's peak in the
// chosen metric (one undo step, MainWindow).
#include "core/measured/comparison.h"
#include "ui/results.h"
#include "ui/units.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace headroom::ui {

class MeasuredPanel : public QWidget {
    Q_OBJECT

public:
    explicit MeasuredPanel(QWidget* parent = nullptr);
    /// The run to show (nullopt: none; the panel says how to capture one). @p fileName is shown.
    void setMeasuredRun(std::optional<MeasuredFile> run, const QString& fileName);
    bool hasRun() const { return m_run.has_value(); }
    void setResults(const Results& r, ByteUnit unit);

    // Introspection for tests.
    QTableWidget* table() const { return m_table; }
    /// The "what differs" list as shown, one finding a line.
    QString differencesText() const;
    const std::optional<MeasuredComparison>& comparison() const { return m_cmp; }
    QComboBox* calibrateMetricCombo() const { return m_metric; }
    /// One finding in the UI's words (translated).
    static QString differenceText(const Difference& d, const MeasuredRun& run, ByteUnit unit);

signals:
    /// The user asked to calibrate the scenario to @p m (MainWindow fits and applies it).
    void calibrateRequested(const headroom::Measurement& m);

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();
    void retranslateUi();
    void addSection(const QString& title);
    void addPair(const QString& name, const MeasuredPair& p);

    QLabel* m_header;
    QTableWidget* m_table;
    QLabel* m_diffTitle;
    QLabel* m_diffs;
    QLabel* m_metricLabel;
    QComboBox* m_metric;
    QPushButton* m_calibrate;
    std::optional<MeasuredFile> m_run;
    QString m_fileName;
    std::optional<MeasuredComparison> m_cmp;
    ByteUnit m_unit = ByteUnit::GiB;
    bool m_smiOffered = true; ///< the nvidia-smi metric was offered at the last rebuild
};

} // namespace headroom::ui
