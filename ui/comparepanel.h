#pragma once
// A/B compare (the "Compare" tab): the scenario pinned as A against the current one as B —
// side-by-side stacked bars of the worst rank, both OOM cliffs on one chart (the x range holds
// both largest fitting micro-batches), the per-term delta table and what each change between A
// and B saved or cost, in words (core compareScenarios: typed changes, Shapley attribution;
// Texts words them). Recomputed when B changes, never during a slider drag, as a job on a pool
// thread (DeepSeek-V3: 0.3-0.6 s): one job at a time, only the latest request's result is
// shown, a stale one is dropped. Exports the view as PNG or SVG and the tables as Markdown.

#include "core/engine/reserve/replay_cache.h"
#include "core/io/compare.h"
#include "core/plan/solvers.h"
#include "ui/chartstyle.h"
#include "ui/units.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QWidget>

#include <array>

#include <cstdint>
#include <optional>
#include <vector>

class QBarCategoryAxis;
class QBoxLayout;
class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QStackedBarSeries;
class QTableWidget;
class QValueAxis;

namespace headroom::ui {

/// One comparison as the job computes it off the UI thread: the comparison, both cliffs over
/// one range and each side's largest fitting micro-batch.
struct CompareOutcome {
    uint64_t generation = 0;
    std::optional<Comparison> comparison;
    std::vector<SweepPoint> cliffA; ///< A's memory vs micro-batch at the points of cliffUpper
    std::vector<SweepPoint> cliffB;
    int64_t fitA = 0; ///< A's largest micro-batch that fits (0: none)
    int64_t fitB = 0;
    int64_t currentA = 0; ///< A's micro-batch
    int64_t currentB = 0;
    int64_t cliffUpper = 1; ///< the cliff chart's last micro-batch
    QString frameworkA;     ///< A's framework as the Framework box names it (Texts)
    QString frameworkB;
    Qt::HANDLE thread = nullptr; ///< the thread that computed it
};

/// The cliff chart's last micro-batch: twice the largest of A's and B's micro-batch and largest
/// fitting micro-batch, rounded up to a power of two (sweepUpper), at least 16, so both cliffs
/// and both current values lie inside the range.
int64_t compareCliffUpper(int64_t currentA, int64_t currentB, int64_t fitA, int64_t fitB);

/// The cliff chart's memory axis may clip a curve above this many times the larger capacity.
inline constexpr double kCliffCapacities = 2.5;

/// The top of the cliff chart's memory axis, bytes: always both capacities and totals of @p c,
/// and each curve of @p o up to its current micro-batch and its first point past its largest
/// fitting one (so both cliffs show); the rest of the curves up to kCliffCapacities x the
/// larger capacity.
double compareCliffTop(const CompareOutcome& o, const Comparison& c);

class ScenarioController;

class ComparePanel : public QWidget {
    Q_OBJECT

public:
    explicit ComparePanel(ScenarioController* controller, QWidget* parent = nullptr);
    /// Waits for a running job (it uses m_loads).
    ~ComparePanel() override;

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

    /// Starts a recompute for the current A and B on a pool thread and returns at once; while
    /// one runs, the latest request follows it and the result in between is dropped.
    void refresh();
    /// refresh() when one is pending (the debounce timer), then waits until the latest
    /// request's result is shown (screenshots, exports, tests).
    void flush();
    /// A recompute is scheduled or running (what is shown is not yet the latest request's).
    bool pending() const;
    /// The thread that computed the comparison shown (a pool thread, never the UI thread).
    Qt::HANDLE computeThread() const { return m_shown.thread; }
    /// The OOM-cliff chart (tests read its series and axes).
    QChart* cliffChart() const { return m_cliffChart; }
    /// The change table (tests read its words).
    QTableWidget* changeTable() const { return m_changes; }

signals:
    void pinnedChanged(bool pinned);
    /// A request's result is on screen (the latest one's; a stale one is dropped unseen).
    void updated();

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    /// The cliff chart's pens for a style line width of @p width px (ChartStyle::lineWidth).
    void setCliffPens(double width);
    /// The tables, and the header, charts and tables in a scroll area (the constructor's rest).
    void setUpTablesAndLayout();
    /// Takes the finished job's outcome: shown when it is the latest request's, else dropped.
    void finishJob();
    void startJob();
    void applyOutcome(CompareOutcome o);
    void rebuildBars();
    void rebuildCliffs();
    void rebuildTables();
    /// Change @p i's "A → B" words: Texts::changeValues, but a framework profile named as the
    /// Framework box and the headline name it (a run without one by its precision preset).
    QString changeValues(std::size_t i) const;
    /// The change table's columns: names, effects and shares as wide as they need, the values
    /// the rest.
    void layoutChangeColumns();
    /// The change and effect columns' widths for the table's width (fitChangeColumns).
    void fitChangeColumns();
    /// The two tables side by side where the panel is wide enough, else one above the other,
    /// the changes (the answer) first: side by side on a 1280x720 stage the change table's
    /// values wrapped a word a line and were cut ("Reines bf16 (torcht…").
    void arrangeTables();
    QBoxLayout* m_tables = nullptr;
    int m_valueWord = 0; ///< the widest word of the change table's values, px
    /// A column of the changes table that wraps its texts: its widths for its contents
    /// unwrapped and for its longest word (px, with the cell's margins).
    struct WrapColumn {
        int column = 0;
        int contents = 0;
        int word = 0;
    };
    bool m_refitQueued = false; ///< a fit of the settled layout is queued (FitGuard tripped)
    int m_refits = 0;           ///< such fits in a row (bounded)
    std::array<WrapColumn, 2> m_wrapColumns{{{0, 0, 0}, {2, 0, 0}}};
    /// The memory axes' ranges and ticks for the charts' current heights.
    void applyTicks();
    void retranslateUi();
    void fitTitles();

public:
    /// The dashboard's chart style (theme, presentation scale): fonts and colours of both
    /// charts, so Compare reads like the rest on stage.
    void setChartStyle(const ChartStyle& style);

private:
    QString headerText() const;

    ScenarioController* m_controller;
    std::optional<Scenario> m_pinned;
    std::optional<Comparison> m_comparison;
    QLabel* m_header;
    FitGuard m_fitGuard;
    QChart* m_barChart;
    QChartView* m_barView;
    QStackedBarSeries* m_bars;
    QBarCategoryAxis* m_barX;
    QValueAxis* m_barY;
    QChart* m_cliffChart;
    QChartView* m_cliffView;
    QLineSeries* m_cliffA;
    QLineSeries* m_cliffB;
    QLineSeries* m_capacity;  ///< B's GPU capacity
    QLineSeries* m_capacityA; ///< A's, when its GPU differs
    QLogValueAxis* m_cliffX;
    QValueAxis* m_cliffY;
    QTableWidget* m_terms;
    QTableWidget* m_changes;
    QTimer* m_timer;
    QWidget* m_content; ///< everything, in a scroll area
    ByteUnit m_unit = ByteUnit::GiB;
    double m_barTop = 0;      ///< the bar chart's data top (display unit), before rounding
    double m_cliffTop = 0;    ///< the cliff chart's
    ReplayCache m_loads;      ///< load replays of A and B across refreshes (the job's)
    CompareOutcome m_shown;   ///< the cliffs on screen (its comparison moved to m_comparison)
    uint64_t m_requested = 0; ///< generation of the latest request
    QFuture<CompareOutcome> m_job;
    QFutureWatcher<CompareOutcome> m_watcher; ///< finished -> finishJob()
    bool m_jobTaken = true;                   ///< no job, or its outcome taken
    bool m_restart = false;                   ///< a request came while the job ran
};

} // namespace headroom::ui
