#pragma once
// Multi-GPU: "Find smallest layout" runs core smallestLayout() off the GUI thread, applies the
// layout (one undo step) and reports the tightest rank, which the per-stage bar highlights.

#include "core/plan/solvers.h"
#include "ui/scenariocontroller.h"

#include <QFutureWatcher>
#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QSpinBox;

namespace headroom::ui {

class LayoutPanel : public QWidget {
    Q_OBJECT

public:
    explicit LayoutPanel(ScenarioController* controller, QWidget* parent = nullptr);

    /// Starts the search (same as clicking the button).
    void findSmallestLayout();
    bool isSearching() const { return m_watcher.isRunning(); }
    QString resultText() const;
    QPushButton* findButton() const { return m_find; }

signals:
    /// A layout was found and applied; @p tightestStage is the stage with the most memory.
    void layoutApplied(int tightestStage);
    /// The search finished without a layout.
    void layoutNotFound();

protected:
    void changeEvent(QEvent* e) override;

private:
    void onFinished();
    /// Forgets the answer (another scenario was opened, or this one edited).
    void clearResult();
    void retranslateUi();

    ScenarioController* m_controller;
    QLabel* m_intro;
    QPushButton* m_find;
    QSpinBox* m_maxGpus;
    QLabel* m_maxLabel;
    QLabel* m_result;
    QFutureWatcher<std::optional<LayoutResult>> m_watcher;
    QString m_gpuName;
    std::optional<LayoutResult> m_last;
    bool m_searched = false;
    int m_search = 0;        ///< increases when the answer is dropped (replaced, edited)
    int m_runningSearch = 0; ///< m_search when the running search started
    bool m_applying = false; ///< applying the found layout (its edit keeps the answer)
};

} // namespace headroom::ui
