#pragma once
// The ranked OOM playbook from core::playbook(): one row per concrete change with the memory
// it saves, rendered in the UI's own translated words. A row can be applied (undoable). When
// the playbook holds a combined plan that fits (core searchPlan), its waterfall is drawn beside
// the list and "Apply plan" applies all of its steps as one undo step.

#include "ui/chartstyle.h"
#include "ui/scenariocontroller.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QTreeWidget;

namespace headroom::ui {

class PlanWaterfallChart;

class PlaybookView : public QWidget {
    Q_OBJECT

public:
    explicit PlaybookView(ScenarioController* controller, QWidget* parent = nullptr);

    void setResults(const Results& r, ByteUnit unit);
    QTreeWidget* tree() const { return m_tree; }
    /// The sentence above the table (what the rows are for, in the verdict's words).
    QString introText() const;
    /// Applies playbook row @p row to the scenario (one undo step).
    void applyRow(int row);
    /// The row of the combined plan that fits, -1 when there is none.
    int planRow() const;
    /// Applies every step of the combined plan at once (one undo step); no-op without a plan.
    void applyPlan();
    PlanWaterfallChart* planChart() const { return m_planChart; }
    QPushButton* applyPlanButton() const { return m_applyPlan; }
    QWidget* planBox() const { return m_planBox; }
    /// "Plan against the band's high bound" (Workload::planAgainstBandHigh; one undo step).
    QCheckBox* highBoundBox() const { return m_highBound; }
    void setChartStyle(const ChartStyle& style);

protected:
    void changeEvent(QEvent* e) override;

private:
    /// The playbook shown: the results' one, none for a sized server (its levers are the
    /// Serving tab's).
    const std::vector<PlaybookItem>& items() const;
    void refresh();
    void refreshPlan();
    /// " More accumulation keeps the gradients ..." where a row lowers the
    /// micro-batch of a full fine-tune and raises its accumulation from 1, else "".
    QString accumulationNote() const;
    void retranslateUi();

    ScenarioController* m_controller;
    QLabel* m_intro;
    QTreeWidget* m_tree;
    QPushButton* m_apply;
    QCheckBox* m_highBound;
    QWidget* m_planBox;
    QLabel* m_planTitle;
    PlanWaterfallChart* m_planChart;
    QPushButton* m_applyPlan;
    Results m_results;
    ByteUnit m_unit = ByteUnit::GiB;
    ThemeKind m_theme = ThemeKind::Light; ///< the verdict column's colours follow it
};

} // namespace headroom::ui
