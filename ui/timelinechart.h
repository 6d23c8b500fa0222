#pragma once
// The step timeline: live-tensor memory (PyTorch memory_allocated) through one training step
// (after load, forward, backward, optimizer step; inference: after load, forward), one line
// per pipeline stage, the peak marked. It draws the seeds' "training memory waterfall" table
// (core RankEstimate::phaseAllocated, the allocated peak within each phase); the labels on the
// tightest rank give each phase's value and its change from the phase before.

#include "ui/chartstyle.h"
#include "ui/results.h"
#include "ui/units.h"

#include <QChartView>

#include <vector>

class QBarCategoryAxis;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

class QGraphicsEllipseItem;

namespace headroom::ui {

class TimelineChart : public QChartView {
    Q_OBJECT

public:
    explicit TimelineChart(QWidget* parent = nullptr);

    void setResults(const Results& r, ByteUnit unit);
    void setStyle(const ChartStyle& style);

    // Introspection for tests and export.
    /// The phases on the x axis, in order (the ones core says one step has).
    const std::vector<Phase>& phases() const { return m_phases; }
    /// One line per pipeline stage shown (at most kMaxStageLines; y in display units).
    const std::vector<QLineSeries*>& stageSeries() const { return m_lines; }
    /// The peak: one point (phase index, display units) on the tightest rank.
    /// The peak as data (one point: phase index, allocated in display units); not drawn.
    QScatterSeries* peakSeries() const { return m_peak; }
    /// The ring drawn at the peak, over the lines (hidden without a peak).
    const QGraphicsEllipseItem* peakRing() const { return m_ring; }
    QString peakLabelText() const;
    const ChartStyle& chartStyle() const { return m_style; }
    /// The value label of phase @p i on the tightest rank ("22.4 GiB (+8.4)").
    QString phaseLabelText(int i) const;
    /// How far a label sits from the point it names, in pixels (0: touching; -1: not shown):
    /// the peak's (@p i < 0) or phase @p i's on the tightest rank.
    double labelDistance(int i) const;

    /// Stages beyond this many are not drawn one by one (the tightest is always drawn).
    static constexpr int kMaxStageLines = 8;

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();
    void rebuildLines(const std::vector<int>& stages);
    void rebuildLabels(int tightest);
    void placeOverlays();
    /// Index in m_lines of the tightest rank's line (-1 when it is not drawn).
    int tightestLine() const;
    /// The phase categories in full, or all in their short names when one does not fit.
    void fitCategories();
    void fitYTitle();
    /// Stage names in the legend: "Stage 3", or "3" when the row would not fit.
    void fitLegend();
    QString stageName(int stage) const;
    void applyStyle();
    void retranslateUi();

    QChart* m_chart;
    QBarCategoryAxis* m_x;
    QValueAxis* m_y;
    std::vector<QLineSeries*> m_lines;
    std::vector<int> m_lineStage; ///< stage index of each line
    QScatterSeries* m_peak;
    QGraphicsEllipseItem* m_ring = nullptr;
    /// The ring's diameter, px, for the style's line width.
    double ringDiameter() const;
    bool m_shortNames = false;
    FitGuard m_fitGuard;
    int m_ticks = 5;                   ///< y ticks of the last rebuild (ticksForHeight)
    std::vector<ChartLabel*> m_labels; ///< one per phase, on the tightest rank
    ChartLabel* m_peakLabel;
    std::vector<Phase> m_phases;

    Results m_results;
    ByteUnit m_unit = ByteUnit::GiB;
    ChartStyle m_style;
};

} // namespace headroom::ui
