#pragma once
// "Calibrate from a measured run...": the peak the user measured at the scenario's current
// micro-batch and sequence length (typed in with its unit, or read from the JSON of
// torch.cuda.memory_stats() / tools/measure), the metric it is, and whether the run ran out of
// memory. Core fits the correction (calibrateScenario, core/plan/calibration.h); the dialog
// shows what it will do before it is applied. Works offscreen: no nested modal dialog except
// the optional file picker behind the "Load JSON..." button.

#include "core/io/scenario.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace headroom::ui {

class CalibrationDialog : public QDialog {
    Q_OBJECT

public:
    /// What the user chose: apply the fitted calibration, clear the scenario's, or nothing.
    enum class Choice { Cancel, Apply, Clear };

    explicit CalibrationDialog(const Scenario& scenario, QWidget* parent = nullptr);

    /// Sets the inputs (also for tests): a value in @p unitKey ("GiB", "GB", "MiB").
    void setMeasured(Metric metric, double value, const QString& unitKey, bool oom);
    /// Reads the measured peak for the chosen metric from a JSON file; false (and the reason
    /// shown) when it cannot.
    bool loadJsonFile(const QString& path);

    /// The calibration the inputs give, or nothing when they are not valid (see problem()).
    const std::optional<Calibration>& calibration() const { return m_fitted; }
    /// The translated reason the inputs do not give a calibration ("" when they do).
    QString problem() const { return m_problem; }
    /// The preview line: estimate here, fitted offset, clamp.
    QString preview() const;
    Choice choice() const { return m_choice; }

private:
    void refit();
    void retranslateUi();
    void chooseFile();
    Measurement measurement(std::optional<Error>& err) const;

    Scenario m_scenario;
    QComboBox* m_metric;
    QDoubleSpinBox* m_value;
    QComboBox* m_unit;
    QCheckBox* m_oom;
    QPushButton* m_load;
    QLabel* m_point;
    QLabel* m_info;
    QDialogButtonBox* m_buttons;
    QPushButton* m_clear;
    std::optional<Calibration> m_fitted;
    std::optional<Measurement> m_fromJson; ///< a measurement read from a file, until edited
    QString m_problem;
    Choice m_choice = Choice::Cancel;
};

} // namespace headroom::ui
