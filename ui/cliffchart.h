#pragma once
// OOM-cliff chart: memory vs micro-batch (or sequence length) from core sweep(), stacked by
// term or as a total line, with the GPU capacity, the largest value that fits
// (maxMicroBatch / maxSequenceLength), the region past it shaded and the current point.

#include "ui/chartstyle.h"
#include "ui/results.h"
#include "ui/units.h"

#include <QChartView>

#include <array>

class QAreaSeries;
class QCategoryAxis;
class QLineSeries;
class QScatterSeries;
class QGraphicsEllipseItem;
class QValueAxis;

namespace headroom::ui {

class CliffChart : public QChartView {
    Q_OBJECT

public:
    enum class Mode { Stacked, Total };

    explicit CliffChart(QWidget* parent = nullptr);

    void setResults(const Results& r, ByteUnit unit);
    void setMode(Mode m);
    Mode mode() const { return m_mode; }
    void setStyle(const ChartStyle& style);
    const ChartStyle& chartStyle() const { return m_style; }
    void setLegendShown(bool shown);
    /// While a slider is dragged the stacked areas are drawn without antialiasing (half the
    /// paint time); the chart is repainted antialiased when the drag ends.
    void setInteractive(bool dragging);

    // Introspection for tests and export.
    /// The x value the "largest that fits" marker stands at (0 = nothing fits / no marker).
    int64_t maxFitMarker() const { return m_markerValue; }
    /// The current point's x (micro-batch or sequence length) and memory in display units.
    int64_t currentX() const { return m_currentX; }
    double currentY() const;
    QLineSeries* totalSeries() const { return m_total; }
    /// The measured run of the scenario's calibration: one point (x, measured bytes in display
    /// units) when it lies on this curve, else empty.
    QScatterSeries* measuredSeries() const { return m_measured; }
    QString measuredLabelText() const;
    /// The current point's label: "now 4: 61.2 GiB", and where the verdict's bytes differ from
    /// the curve's nvidia-smi total, "now 4: 79.6 GiB · needs 79.2 GiB" (the headline's words).
    QString currentLabelText() const;
    /// The current point's label with one number: "now 4: 79.6 GiB", or "now 4: needs
    /// 79.2 GiB" where the verdict's bytes differ from the curve's (the headline's number is
    /// the one kept); on two lines where one would take more than half the plot's width.
    QString currentLabelTextShort() const;
    /// currentLabelTextShort() on one line, whatever the plot's width.
    QString currentLabelOneLine() const;
    /// The current point's label as drawn (one of the above, after the placement's fallbacks).
    QString currentLabelShown() const;
    /// The max-fit marker's label as shown ("largest batch that fits: 7").
    QString markerLabelText() const;
    /// Whether the max-fit marker's words are shown: its own label, or, on a plot too short for
    /// both where the marker stands at the current point, as the point's label's last line.
    bool markerLabelShown() const;
    /// The slope label's text ("" when the chart has none).
    QString slopeLabelText() const;
    QLineSeries* termUpperSeries(Term t) const { return m_upper[static_cast<size_t>(t)]; }
    /// The band's bounds along the curve (display units; hidden when the band has no width):
    /// core sweepBand() with the current point's own band (Results::band).
    QLineSeries* bandHighSeries() const { return m_bandHigh; }
    QLineSeries* bandLowSeries() const { return m_bandLow; }
    bool bandShown() const;
    /// Where the current point's label and its point sit, in the chart's coordinates.
    QRectF currentLabelRect() const;
    QPointF currentPointCentre() const;
    /// Where the capacity label sits and the height of its line, in the chart's coordinates
    /// (an empty rect when the capacity is not drawn).
    QRectF capacityLabelRect() const;
    double capacityLineY() const;
    /// The current point's colour: the verdict of the band (fits, may not fit, does not fit).
    QColor currentPointColor() const;
    /// The terms the stacked curve draws (for the legend under the charts).
    std::array<bool, kTermCount> usedTerms() const;
    double bytesPerUnit() const { return Units::bytesPerUnit(m_unit); }
    /// Chart x coordinate (log2) of a swept value.
    static double xCoord(int64_t x);

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();
    void rebuildAxis();
    /// The memory axis up to a nice value above @p top (chart units); returns its maximum.
    double updateYAxis(double top);
    /// Each term's area stacked over the sweep (shown in the stacked mode) and its legend.
    void updateStackedTerms(bool stacked);
    /// The band's shaded area between its low and high bounds along the curve.
    void updateBand();
    /// The largest value that fits (a vertical line up to @p yMax) and the OOM region past it.
    void updateFitMarker(double yMax);
    /// The dot at the current value (@p current in chart units) and the overlay texts.
    void updateCurrentPoint(double current);
    void rebuildMeasured();
    void placeOverlays();
    /// The max-fit marker's text, in the words of the x axis ("largest batch that fits: 7").
    QString markerText() const;
    QString currentLabelValue() const;
    /// Places the current point's dot at @p p and its label beside it, clear of @p placed and
    /// @p keep. With no room it places every label again in a shorter wording and returns
    /// false (the caller's placement is over); true when this placement stands.
    bool placeCurrent(QPointF p, double dotSize, const QRectF& inside,
                      QList<const ChartLabel*>& placed, const QList<QRectF>& keep);
    /// The marker's wordings where its x fits by the point estimate only (Results::maxFitBand
    /// MayNotFit): long, then short.
    QStringList mayFitVariants(const QString& value) const;
    /// Axis titles in the longest wording that fits the plot (never elided).
    void fitAxisTitles();
    void applyStyle();
    void applyAreaPens();
    void retranslateUi();

    QChart* m_chart;
    bool m_dragging = false; ///< a slider is held (setInteractive)
    QCategoryAxis* m_x;
    QValueAxis* m_y;
    std::array<QLineSeries*, kTermCount> m_upper{};
    std::array<QLineSeries*, kTermCount> m_lower{};
    std::array<QAreaSeries*, kTermCount> m_areas{};
    QLineSeries* m_bandHigh;
    QLineSeries* m_bandLow;
    QAreaSeries* m_bandArea; ///< between the band's bounds, over the terms, under the total
    QLineSeries* m_total;
    QLineSeries* m_capacity;
    QLineSeries* m_marker;
    QScatterSeries* m_measured; ///< the calibration's measured point (a marker series)
    /// The current point: a plain scene item (not a series), so moving it repaints only its
    /// own few pixels instead of the whole plot area.
    QGraphicsEllipseItem* m_dot;
    double m_dotY = 0; ///< the current point's memory, display units
    ChartLabel* m_markerLabel;
    ChartLabel* m_capacityLabel;
    ChartLabel* m_dotLabel;
    ChartLabel* m_slopeLabel;
    bool m_markerShort = false; ///< placing with the marker label's short wording
    /// placing with the current point's label without the verdict's bytes (no room for them
    /// anywhere beside the point; the bar's total still names both)
    bool m_dotShort = false;
    /// placing with the capacity label's number alone (the bar names "GPU capacity" in full)
    bool m_capacityShort = false;
    bool m_slopeWanted = false; ///< the slope label has a text; shown where it has room
    ChartLabel* m_measuredLabel;

    Results m_results;
    ByteUnit m_unit = ByteUnit::GiB;
    Mode m_mode = Mode::Stacked;
    ChartStyle m_style;
    mutable TextWidths m_widths; ///< fitted titles and labels measured once
    int64_t m_markerValue = 0;
    int64_t m_currentX = 0;
    double m_yMax = 0;
    FitGuard m_fitGuard;
    int m_ticks = 5; ///< y ticks of the last rebuild (ticksForHeight of the plot)
    SweepAxis m_axisKind = SweepAxis::MicroBatch;
    int64_t m_axisMin = 0;
    int64_t m_axisMax = 0;
    bool m_legend = false;
    std::array<int, kTermCount> m_markerShown{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
    PlotBand* m_band; ///< the OOM region, shaded
    PlotGrid* m_grid; ///< the plot's grid (QtCharts' own is off)
};

} // namespace headroom::ui
