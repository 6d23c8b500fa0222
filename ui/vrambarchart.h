#pragma once
// Stacked VRAM bar: one segment per core Term, either one bar for the worst rank or one bar
// per pipeline stage (Estimate::stages). Marks the GPU capacity, shades the danger zone above
// 90 % and shows bytes, share and termFormula() when a segment is hovered.

#include "ui/chartstyle.h"
#include "ui/results.h"
#include "ui/units.h"

#include <QChartView>

#include <array>
#include <functional>
#include <vector>

class QAreaSeries;
class QBarCategoryAxis;
class QBarSet;
class QLineSeries;
class QStackedBarSeries;
class QValueAxis;

namespace headroom::ui {

class VramBarChart : public QChartView {
    Q_OBJECT

public:
    enum class View { WorstRank, PerStage };

    explicit VramBarChart(QWidget* parent = nullptr);

    void setResults(const Results& r, ByteUnit unit);
    void setView(View v);
    View view() const { return m_view; }
    void setStyle(const ChartStyle& style);
    /// A slider is held (@p dragging): the memory axis only grows meanwhile (heldAxisMax);
    /// on release it takes its exact range again.
    void setInteractive(bool dragging);
    /// The chart's own legend (right of the bar): on for exports; the dashboard shows the
    /// terms in a TermLegend under both charts instead.
    void setLegendShown(bool shown);
    /// The terms with bytes in some bar, as of the last setResults().
    const std::array<bool, kTermCount>& usedTerms() const { return m_used; }
    /// Whether the band's whisker is on the bar (the worst-rank view with a band).
    bool whiskerShown() const;
    /// Where the whisker is drawn and where the capacity label stands (scene pixels; empty
    /// when not shown): tests keep the labels off the whisker.
    QRectF whiskerRect() const;
    QRectF capacityLabelRect() const;
    /// The highest value drawn on the bars (a total or the whisker's top), display units.
    double highestOnBars() const;
    /// Supplies termFormula() text for hover tooltips (term, stage; stage -1: the worst rank).
    void setFormulaProvider(std::function<QString(Term, int)> provider) {
        m_formula = std::move(provider);
    }

    // Introspection for tests and export.
    QBarSet* barSet(Term t) const { return m_sets[static_cast<size_t>(t)]; }
    int barCount() const { return m_bars; }
    /// The total above bar @p bar as shown ("68.4 GiB · needs 65.1 GiB"); "" when hidden.
    QString totalLabelText(int bar) const;
    double bytesPerUnit() const { return Units::bytesPerUnit(m_unit); }
    /// The capacity marker's height, in display units.
    double capacityValue() const;
    /// Index of the highlighted (tightest) bar in the per-stage view, -1 if none.
    int highlightedBar() const { return m_highlight; }
    /// Whether bar @p bar's total is drawn as out of memory (core's rankFits says no).
    bool totalShownOverCapacity(int bar) const;
    /// Where the bar totals are drawn (chart coordinates), left to right; crowded totals are
    /// left out (only the tightest rank's stays).
    std::vector<QRectF> shownTotalRects() const;
    /// Tooltip text of segment @p t of bar @p bar (what hovering shows).
    QString segmentToolTip(Term t, int bar) const;

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();
    /// Gives every bar set @p n bars (one per stage shown).
    void resizeBars(int n);
    /// Writes each term's bytes into its bar set and shows the legend markers of the terms in
    /// use; returns the largest bar total (nvidia-smi bytes).
    double updateBarValues(int n);
    /// The category labels (stage numbers, or a range with many stages) and the axis title.
    void updateCategories(int n);
    /// The memory axis, the capacity line, the band's whisker, the danger band and the
    /// tightest stage's highlight.
    void updateAxesAndBand(const Estimate& e, int n, double maxTotal);
    /// The total above each bar (both totals where nvidia-smi and the verdict's bytes differ).
    void updateTotalLabels(const Estimate& e, int n);
    void placeOverlays();
    /// The bars' category labels: stage numbers, or a blank for one bar.
    QStringList categoryLabels(int n) const;
    /// What the bars are ("Per GPU", "Tightest rank (stage 8)", "Pipeline stage"), fitted.
    QString categoryTitle(int n) const;
    /// The memory axis title in the longest wording that fits the plot's height (never elided).
    void fitMemoryTitle();
    void hideCrowdedTotals();
    void applyStyle();
    void retranslateUi();
    const RankEstimate* rankFor(int bar) const;

    QChart* m_chart;
    QStackedBarSeries* m_series;
    std::array<QBarSet*, kTermCount> m_sets{};
    QBarCategoryAxis* m_categories;
    QValueAxis* m_y;
    QValueAxis* m_xHidden;
    QLineSeries* m_capacity;
    /// The band of the worst rank's nvidia-smi total (core estimateBand) as a whisker on the
    /// bar, low to high, in the worst-rank view.
    QLineSeries* m_whisker;   ///< the band's dashed edge
    QLineSeries* m_whiskerHi; ///< the band's fill between these two (not in the chart)
    QLineSeries* m_whiskerLo;
    QAreaSeries* m_whiskerFill;  ///< the band's translucent fill
    double m_whiskerHigh = 0;    ///< the whisker's top, display units
    double m_axisPlotHeight = 0; ///< the plot height the axis's label room was sized for, px
    QLineSeries* m_highlightLo;
    QLineSeries* m_highlightHi;
    QAreaSeries* m_highlightArea;
    ChartLabel* m_capacityLabel;
    std::vector<ChartLabel*> m_totalLabels;

    Results m_results;
    ByteUnit m_unit = ByteUnit::GiB;
    View m_view = View::WorstRank;
    ChartStyle m_style;
    mutable TextWidths m_widths; ///< fitted titles and labels measured once
    int m_bars = 0;
    int m_highlight = -1;
    double m_yMax = 0;
    FitGuard m_fitGuard;
    int m_ticks = 5; ///< y ticks of the last rebuild (ticksForHeight of the plot)
    bool m_dragging = false;
    std::function<QString(Term, int)> m_formula;
    std::array<int, kTermCount> m_markerShown{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
    std::array<bool, kTermCount> m_used{};
    PlotBand* m_band; ///< the danger zone (> 90 % of the capacity), shaded
    PlotGrid* m_grid; ///< the plot's grid (QtCharts' own is off)
};

} // namespace headroom::ui
