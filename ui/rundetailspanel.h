#pragma once
// "Run details": the settings the engine models that the main controls leave out — gradient
// accumulation (with the global batch it gives), the fp32 master copy, the optimizer-state and
// KV-cache dtypes, LoRA target modules and dropout, and the RL rollout (prompts, samples per
// prompt, response length, prompt tokens, rollout TP). Flags and counts come from core's field
// table (core/engine/fields.h: range, when each applies); each edit is one undo step through
// ScenarioController::edit(), a spin box's steps while it has focus merging into one.

#include "core/engine/fields.h"
#include "ui/scenariocontroller.h"

#include <QGroupBox>

#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace headroom::ui {

class RunDetailsPanel : public QGroupBox {
    Q_OBJECT

public:
    explicit RunDetailsPanel(ScenarioController* controller, QWidget* parent = nullptr);

    /// The widget of a field-table row by its path ("gradient_accumulation_steps",
    /// "rollout.samples_per_prompt"; also its object name): a QCheckBox or a QSpinBox.
    QWidget* fieldWidget(const QString& path) const;
    /// The panel's words for a field-table row ("Mean sample length"), translated, without
    /// the label's colon; empty for a row the panel does not show.
    static QString labelOf(const WorkloadField& f);
    QComboBox* kvCacheBox() const { return m_kvCache; }
    QComboBox* optimizerStatesBox() const { return m_optStates; }
    /// Where the batch lengths come from (Workload::lengths.data), items in DataLengths order.
    QComboBox* lengthsBox() const { return m_lengths; }
    /// The LoRA target check box of @p t (object name "lora_target_q", ...).
    QCheckBox* loraTargetBox(LoraTarget t) const;

protected:
    void changeEvent(QEvent* e) override;

private:
    void addField(QFormLayout* form, const WorkloadField* f);
    void addDTypeBoxes(QFormLayout* form);
    void addLoraTargets(QFormLayout* form);
    void addLengthsBox(QFormLayout* form);
    void retranslateUi();
    void syncFromScenario();
    /// Shows or hides the form row of @p field (with its label).
    void showRow(QWidget* field, bool shown);

    ScenarioController* m_controller;
    std::vector<const WorkloadField*> m_fields;
    std::vector<QWidget*> m_widgets; ///< one per m_fields entry
    std::vector<QLabel*> m_labels;   ///< one per m_fields entry (nullptr for check boxes)
    QLabel* m_globalBatch = nullptr;
    QLabel* m_kvLabel = nullptr;
    QLabel* m_optLabel = nullptr;
    QLabel* m_targetsLabel = nullptr;
    QComboBox* m_kvCache = nullptr;
    QComboBox* m_optStates = nullptr;
    QLabel* m_lengthsLabel = nullptr;
    QComboBox* m_lengths = nullptr;    ///< DataLengths: framework, fixed, packed, real
    std::vector<QCheckBox*> m_targets; ///< one per LoraTarget bit, in bit order
};

} // namespace headroom::ui
