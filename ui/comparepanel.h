#pragma once
// A/B compare (the "Compare" tab): the scenario pinned as A against the current one as B —
// side-by-side stacked bars of the worst rank, both OOM cliffs on one chart, the per-term delta
// table and what each change between A and B saved (core compareScenarios: Shapley
// attribution). Recomputed when B changes, never during a slider drag. Exports the view as PNG
// or SVG and the tables as Markdown.

#include "core/engine/load_phase.h"
#include "core/io/compare.h"
#include "ui/chartstyle.h"
#include "ui/units.h"

#include <QWidget>

#include <optional>

class QBarCategoryAxis;
class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QStackedBarSeries;
class QTableWidget;
class QValueAxis;

namespace headroom::ui {

class ScenarioController;

class ComparePanel : public QWidget {
    Q_OBJECT

public:
    explicit ComparePanel(ScenarioController* controller, QWidget* parent = nullptr);

    /// Pins the current scenario as A.
    void pin();
    void setPinned(const Scenario& a);
    void clearPinned();
    bool hasPinned() const { return m_pinned.has_value(); }
    /// The last comparison (null without a pinned A or when B is not a valid run).
    const Comparison* comparison() const { return m_comparison ? &*m_comparison : nullptr; }

    /// The delta and attribution tables as Markdown (bytes exact, GiB labelled).
    QString toMarkdown() const;
    /// Saves the panel as PNG or SVG (by suffix), or toMarkdown() for ".md", via saveFile().
    bool saveAs(const QString& path, QString* error = nullptr);

    /// Recomputes now (a pending debounced refresh included).
    void refresh();

signals:
    void pinnedChanged(bool pinned);

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuildBars();
    void rebuildCliffs();
    void rebuildTables();
    void retranslateUi();

    ScenarioController* m_controller;
    std::optional<Scenario> m_pinned;
    std::optional<Comparison> m_comparison;
    QLabel* m_header;
    QChart* m_barChart;
    QChartView* m_barView;
    QStackedBarSeries* m_bars;
    QBarCategoryAxis* m_barX;
    QValueAxis* m_barY;
    QChart* m_cliffChart;
    QChartView* m_cliffView;
    QLineSeries* m_cliffA;
    QLineSeries* m_cliffB;
    QLineSeries* m_capacity;
    QLogValueAxis* m_cliffX;
    QValueAxis* m_cliffY;
    QTableWidget* m_terms;
    QTableWidget* m_changes;
    QTimer* m_timer;
    ByteUnit m_unit = ByteUnit::GiB;
    LoadReplayCache m_loads; ///< load replays of A and B across refreshes
};

} // namespace headroom::ui
