#pragma once
// All scenario inputs: model, run, precision, batch/sequence sliders, GPU and parallel layout.
// Reads the scenario from the controller and edits it through ScenarioController::edit().

#include "ui/scenariocontroller.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace headroom::ui {

class FeaturesPanel;
class SliderField;
class RunDetailsPanel;

class ControlsPanel : public QWidget {
    Q_OBJECT

public:
    explicit ControlsPanel(ScenarioController* controller, QWidget* parent = nullptr);

    /// Presentation mode: only the model picker and the key sliders stay visible.
    void setCompact(bool compact);
    bool isCompact() const { return m_compact; }

    SliderField* modelSizeField() const { return m_modelSize; }
    SliderField* microBatchField() const { return m_microBatch; }
    SliderField* sequenceField() const { return m_sequence; }
    QSlider* precisionSlider() const { return m_precision; }
    RunDetailsPanel* runDetails() const { return m_details; }
    QComboBox* modelCombo() const { return m_model; }
    QComboBox* gpuCombo() const { return m_gpu; }

    /// Model combo entry that selects the "Custom size" slider model.
    static QString customModelKey() { return QStringLiteral("__custom__"); }

signals:
    /// "Open config.json / safetensors index…" was clicked.
    void openModelFileRequested();

protected:
    void changeEvent(QEvent* e) override;

private:
    void build();
    void newForm(QGroupBox*& box, QFormLayout*& form, const QString& name);
    void buildModelBox();
    void buildRunBox();
    void buildTrainingBox();
    void buildHardwareBox();
    void setUpLabels();
    void retranslateModelBox();
    void retranslateRunBox();
    void retranslateTrainingBox();
    void retranslateHardwareBox();
    void syncModelBox(const Scenario& s);
    void syncRunBox(const Scenario& s);
    void syncHardwareBox(const Scenario& s);
    void retranslateUi();
    void populateModels();
    void populateGpus();
    void syncFromScenario();
    void showProblem();
    void connectDrag(SliderField* f);
    void connectDrag(QSlider* s);

    void onModelActivated(int index);
    void onGpuActivated(int index);
    void onPrecisionMoved(int pos);

    ScenarioController* m_controller;
    bool m_compact = false;

    QGroupBox* m_modelBox = nullptr;
    QGroupBox* m_runBox = nullptr;
    QGroupBox* m_trainBox = nullptr;
    QGroupBox* m_hwBox = nullptr;
    RunDetailsPanel* m_details = nullptr;
    FeaturesPanel* m_features = nullptr;
    QFormLayout* m_modelForm = nullptr;
    QFormLayout* m_runForm = nullptr;
    QFormLayout* m_trainForm = nullptr;
    QFormLayout* m_hwForm = nullptr;

    QComboBox* m_model = nullptr;
    QPushButton* m_openModel = nullptr;
    SliderField* m_modelSize = nullptr;
    QLabel* m_modelInfo = nullptr;

    QComboBox* m_mode = nullptr;
    QComboBox* m_framework = nullptr;
    QSlider* m_precision = nullptr;
    QLabel* m_precisionLabel = nullptr;
    SliderField* m_microBatch = nullptr;
    SliderField* m_sequence = nullptr;
    QSpinBox* m_newTokens = nullptr;

    QComboBox* m_optimizer = nullptr;
    QComboBox* m_checkpointing = nullptr;
    QSpinBox* m_checkpointLayers = nullptr;
    QComboBox* m_attention = nullptr;
    QSpinBox* m_loraRank = nullptr;

    QComboBox* m_gpu = nullptr;
    QDoubleSpinBox* m_capacity = nullptr;
    QSpinBox* m_gpuCount = nullptr;
    QSpinBox* m_dp = nullptr;
    QSpinBox* m_tp = nullptr;
    QSpinBox* m_pp = nullptr;
    QSpinBox* m_cp = nullptr;
    QSpinBox* m_ep = nullptr;
    QComboBox* m_sharding = nullptr;
    QLabel* m_problem = nullptr;
    QWidget* m_degreesRow = nullptr;

    // form labels, retranslated
    QLabel* m_lModel = nullptr;
    QLabel* m_lSize = nullptr;
    QLabel* m_lMode = nullptr;
    QLabel* m_lFramework = nullptr;
    QLabel* m_lPrecision = nullptr;
    QLabel* m_lMicroBatch = nullptr;
    QLabel* m_lSequence = nullptr;
    QLabel* m_lNewTokens = nullptr;
    QLabel* m_lOptimizer = nullptr;
    QLabel* m_lCheckpointing = nullptr;
    QLabel* m_lCheckpointLayers = nullptr;
    QLabel* m_lAttention = nullptr;
    QLabel* m_lLoraRank = nullptr;
    QLabel* m_lGpu = nullptr;
    QLabel* m_lCapacity = nullptr;
    QLabel* m_lGpuCount = nullptr;
    QLabel* m_lDegrees = nullptr;
    QLabel* m_lSharding = nullptr;
    QLabel* m_lDp = nullptr;
    QLabel* m_lTp = nullptr;
    QLabel* m_lPp = nullptr;
    QLabel* m_lCp = nullptr;
    QLabel* m_lEp = nullptr;
};

} // namespace headroom::ui
