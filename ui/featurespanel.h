#pragma once
// Memory features and framework facts of a training run (chunked cross-entropy,
// torch.compile, offloading, whether the loop keeps the logits, ...): one check box per flag
// of core's field table (core/engine/fields.h: which flags, when each applies, which are
// framework facts), each toggle one undo step through ScenarioController::edit(). What each
// flag does to the estimate is core's (docs/profiles.md); this panel only words and sets it.

#include "core/engine/fields.h"
#include "ui/scenariocontroller.h"

#include <QGroupBox>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;

namespace headroom::ui {

class FeaturesPanel : public QGroupBox {
    Q_OBJECT

public:
    explicit FeaturesPanel(ScenarioController* controller, QWidget* parent = nullptr);

    /// The check box of one flag, by its scenario-file key ("chunked_cross_entropy",
    /// "loss_parallel", ...; the same string is the box's object name); nullptr when unknown.
    QCheckBox* toggle(const QString& key) const;
    /// How the weights are loaded (LoadRecipe, in its enum order; object name "load_recipe").
    QComboBox* loadRecipeBox() const { return m_load; }
    /// The translated label of a flag of the field table.
    static QString labelOf(const WorkloadField& f);
    /// Whether the panel has a label and tool tip for @p f (every Feature/Fact flag must).
    static bool hasWords(const WorkloadField& f);
    /// The translated name of a way of loading the weights (the load box's entry).
    static QString loadRecipeName(LoadRecipe r);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslateUi();
    void syncFromScenario();

    ScenarioController* m_controller;
    QLabel* m_featuresHeading = nullptr;
    QLabel* m_factsHeading = nullptr;
    QLabel* m_loadLabel = nullptr;
    QComboBox* m_load = nullptr;
    std::vector<const WorkloadField*> m_fields; ///< the field table's features, then its facts
    std::vector<QCheckBox*> m_boxes;            ///< one per m_fields entry
};

} // namespace headroom::ui
