#pragma once
// The right-hand side of the window: verdict, stacked VRAM bar, OOM-cliff chart, and the
// breakdown / playbook / multi-GPU tabs. Redraws from the controller's coalesced results.

#include "ui/chartstyle.h"
#include "ui/scenariocontroller.h"
#include "ui/vrambarchart.h"

#include <QTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QSplitter;
class QTabWidget;

namespace headroom::ui {

class BreakdownTable;
class CliffChart;
class CliffPanel;
class LayoutPanel;
class PlaybookView;
class ComparePanel;
class MeasuredPanel;
class ServingPanel;
class TermLegend;
class TimelineChart;
class VerdictView;

class Dashboard : public QWidget {
    Q_OBJECT

public:
    explicit Dashboard(ScenarioController* controller, QWidget* parent = nullptr);

    VerdictView* verdict() const { return m_verdict; }
    VramBarChart* barChart() const { return m_bar; }
    TermLegend* termLegend() const { return m_legend; }
    CliffChart* cliffChart() const;
    CliffPanel* cliffPanel() const { return m_cliff; }
    BreakdownTable* breakdown() const { return m_breakdown; }
    PlaybookView* playbook() const { return m_playbook; }
    LayoutPanel* layoutPanel() const { return m_layout; }
    TimelineChart* timeline() const { return m_timeline; }
    ServingPanel* servingPanel() const { return m_serving; }
    ComparePanel* comparePanel() const { return m_compare; }
    MeasuredPanel* measuredPanel() const { return m_measured; }
    QTabWidget* tabs() const { return m_tabs; }
    QComboBox* barViewCombo() const { return m_barView; }
    /// The verdict and both charts (the part presentation mode and dashboard export show).
    QWidget* chartsArea() const { return m_chartsArea; }

    /// Stable keys of the detail tabs ("breakdown", "playbook", "layout", "timeline",
    /// "serving", "compare", and "measured" while a measured run is open), for
    /// `headroom --screenshot --tab KEY`.
    QStringList tabKeys() const;
    /// Shows the detail tab with @p key; false when no tab has it.
    bool showTab(const QString& key);
    /// Adds or removes the Measured tab (key "measured"): it exists while a measured run is
    /// open.
    void setMeasuredTabShown(bool on);

    void setChartStyle(const ChartStyle& style);
    const ChartStyle& chartStyle() const { return m_style; }
    /// Presentation mode: larger type, thicker lines.
    void setPresentation(bool on);
    /// Presentation mode's type scale (PresentationMode::scaleFor): charts, verdict and tabs.
    void setStageScale(double scale);
    void setBarView(VramBarChart::View v);

    /// Pushes the controller's current results into every view. The verdict and both charts
    /// update at once; while a slider is dragged the tab on screen follows when the drag pauses
    /// for kTablePauseMs (tables are text, not charts: laying out their wrapped formulas costs
    /// a frame's budget, and done every few frames it set the drag's p99; bench_ui), the other
    /// tabs when shown or on release, and all at once otherwise.
    void refresh();
    /// Brings the detail tabs up to date now: all of them, or while a slider is held only the
    /// tab on screen (the others follow when shown or on release).
    void refreshTables();
    static constexpr int kTablePauseMs = 150;

protected:
    void changeEvent(QEvent* e) override;

private:
    /// The detail tabs' type: the application's, x 1.25 x the stage scale on stage (the
    /// tables and texts of a tab are read from the back of the room too).
    void applyTabFont();
    /// The verdict, the bar with its view box, the cliff and the legend (the charts area).
    void buildCharts();
    /// The detail tabs under the charts and the splitter between them.
    void buildTabs();
    /// Formula providers, the controller's results and drags, the table timer, the tab switch.
    void connectSignals();
    void addDetailTab(QWidget* w, const QString& key);
    void retranslateUi();
    /// While a slider is held, table columns sized to their contents keep their widths.
    void holdColumns(bool dragging);

    ScenarioController* m_controller;
    ChartStyle m_style;
    VerdictView* m_verdict;
    QWidget* m_chartsArea;
    QSplitter* m_vsplit;
    QSplitter* m_hsplit;
    QLabel* m_barTitle;
    QComboBox* m_barView;
    VramBarChart* m_bar;
    TermLegend* m_legend;
    CliffPanel* m_cliff;
    QTabWidget* m_tabs;
    BreakdownTable* m_breakdown;
    PlaybookView* m_playbook;
    LayoutPanel* m_layout;
    TimelineChart* m_timeline;
    ServingPanel* m_serving;
    ComparePanel* m_compare;
    MeasuredPanel* m_measured;
    QTimer m_tableTimer;
    bool m_tablesStale = false; ///< a detail tab skipped during a drag
};

} // namespace headroom::ui
