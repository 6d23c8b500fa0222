#pragma once
// The ranked OOM playbook from core::playbook(): one row per concrete change with the memory
// it saves, rendered in the UI's own translated words. A row can be applied (undoable).

#include "ui/scenariocontroller.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace headroom::ui {

class PlaybookView : public QWidget {
    Q_OBJECT

public:
    explicit PlaybookView(ScenarioController* controller, QWidget* parent = nullptr);

    void setResults(const Results& r, ByteUnit unit);
    QTreeWidget* tree() const { return m_tree; }
    /// Applies playbook row @p row to the scenario (one undo step).
    void applyRow(int row);

protected:
    void changeEvent(QEvent* e) override;

private:
    void refresh();
    void retranslateUi();

    ScenarioController* m_controller;
    QLabel* m_intro;
    QTreeWidget* m_tree;
    QPushButton* m_apply;
    Results m_results;
    ByteUnit m_unit = ByteUnit::GiB;
};

} // namespace headroom::ui
