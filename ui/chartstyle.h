#pragma once
// Shared chart styling: theme colours, font sizes and line widths for normal and presentation
// views, so the bar and the cliff chart look alike.

#include "ui/theme.h"

#include <QBrush>

#include <algorithm>

#include <QFont>
#include <QGraphicsRectItem>
#include <QHash>

class QAbstractAxis;
class QChart;
class QXYSeries;
class QGraphicsSimpleTextItem;
class QAbstractSeries;
class QValueAxis;

namespace headroom::ui {

struct ChartStyle {
    ThemeKind theme = ThemeKind::Light;
    bool presentation = false;

    ChartColors colors() const { return Theme::chartColors(theme); }
    /// Point size of axis labels / legend / overlay text.
    double fontScale = 1.0; ///< extra text scale (exports scale text with the picture)
    /// Presentation mode: the window's height / 1080 (at least 0.8), so type is the same share
    /// of the screen on a 1280x720 projector and on a 3840x2160 wall.
    double screenScale = 1.0;
    double stageScale() const { return presentation ? 1.0 * screenScale : 1.0; }
    double labelPointSize() const { return (presentation ? 15.0 : 9.5) * stageScale() * fontScale; }
    double titlePointSize() const {
        return (presentation ? 18.0 : 11.0) * stageScale() * fontScale;
    }
    double headlinePointSize() const {
        return (presentation ? 30.0 : 17.0) * stageScale() * fontScale;
    }
    double lineWidth() const {
        return (presentation ? 4.0 : 2.0) * stageScale() * std::max(1.0, fontScale);
    }
    QFont labelFont() const;
    QFont titleFont() const;
    QFont overlayFont(bool bold = false) const;

    void applyToChart(QChart* chart) const;
    void applyToAxis(QAbstractAxis* axis, bool grid = true) const;
};

/// Text drawn on a chart with a translucent plate behind it, so it stays readable over
/// series and shading.
class ChartLabel : public QGraphicsRectItem {
public:
    explicit ChartLabel(QGraphicsItem* parent);
    void setText(const QString& text);
    QString text() const;
    QColor textColor() const;
    /// Font, text colour and plate colour.
    void setLook(const QFont& font, const QColor& text, const QColor& plate);
    /// Size including padding.
    QSizeF size() const { return rect().size(); }

private:
    void relayout();
    QGraphicsSimpleTextItem* m_text;
};

/// Setters that leave QtCharts alone when nothing changes: QtCharts re-lays out the whole
/// chart on every title/format/visibility call, even with the same value.
void setTitleIfChanged(QAbstractAxis* axis, const QString& title);
void setLabelFormatIfChanged(QValueAxis* axis, const QString& format);
void setLegendVisibleIfChanged(QChart* chart, bool visible);
/// Axis and series numbers in the application's locale (QLocale(), set by LanguageManager):
/// QtCharts formats them with QLocale instead of printf, so German reads "2,5" and "1.024".
/// Called by ChartStyle::applyToChart and by every chart when the language changes.
void localizeChartNumbers(QChart* chart);

/// The shaded band of a plot (the cliff's OOM region, the bar's danger zone): a solid
/// rectangle over the plot area's background and under the grid and the series (z between
/// QtCharts' plot area, 0, and its shades, 1). A solid fill is the raster engine's cheapest
/// paint: the hard-stop gradient it replaces cost about 1.7 M instructions a frame of a
/// sequence-length drag (callgrind, bench_ui), a translucent area series more.
class PlotBand : public QGraphicsRectItem {
public:
    explicit PlotBand(QChart* chart);
    /// The band from @p from to @p to, fractions of the plot width from the left
    /// (Qt::Horizontal) or of its height from the top (Qt::Vertical), in @p band composed over
    /// @p plot (opaque); hidden when @p to <= @p from. Placed at once on the current plot area.
    void setBand(Qt::Orientation o, double from, double to, const QColor& plot, const QColor& band);
    /// Places the band on the chart's plot area again (after a plotAreaChanged).
    void place();

private:
    QChart* m_chart;
    Qt::Orientation m_orientation = Qt::Horizontal;
    double m_from = 0;
    double m_to = 0;
};

/// The grid of a chart's plot area, drawn from its axes as 1-px filled rectangles in place of
/// QtCharts' grid lines (hidden by ChartStyle::applyToAxis), under the series (QtCharts' grid
/// z, 2). QtCharts strokes each grid line pixel by pixel, about 28,000 instructions a line and
/// a third of a drag frame's chart painting; a filled row of pixels is one span. Lines: a
/// QValueAxis at its ticks (dynamic: anchor + k x interval; fixed: tickCount evenly), a
/// QCategoryAxis at its categories' end values, within the axis range; other axes none.
/// Cost of place(): one pass over the ticks (at most kMaxLines per axis).
class PlotGrid : public QGraphicsItem {
public:
    static constexpr int kMaxLines = 256;
    /// Vertical lines from the bottom axis when @p fromX, horizontal ones from the left axis
    /// when @p fromY (give those axes no QtCharts grid: ChartStyle::applyToAxis(axis, false)).
    PlotGrid(QChart* chart, bool fromX, bool fromY);
    void setColor(const QColor& color);
    /// Lines from the chart's bottom and left axes, on its current plot area (call after the
    /// axes' ranges or the plot area change).
    void place();
    /// The lines' positions in scene px: vertical lines' x, horizontal lines' y (for tests).
    const QList<double>& xs() const { return m_xs; }
    const QList<double>& ys() const { return m_ys; }
    QRectF boundingRect() const override;
    void paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) override;

private:
    QChart* m_chart;
    bool m_fromX;
    bool m_fromY;
    QColor m_color;
    QRectF m_plot;
    QList<double> m_xs;
    QList<double> m_ys;
};

/// While a slider is held (@p cached), QtCharts' axis texts (tick labels, titles:
/// QGraphicsTextItem) get a device-coordinate pixmap cache: a drag frame repaints the whole
/// chart, and a cached label is one blit instead of a text layout and its glyphs (0.28 M
/// instructions a frame). Off again on release, so exports (SVG) get vector text. QtCharts
/// makes new label items when the tick count changes: call it after each layout; cost: one
/// pass over the chart's items.
void cacheAxisTexts(QChart* chart, bool cached);

/// The room (px) QtCharts leaves an axis title along a plot side @p extent px long: the title's
/// text item has document margins and padding, about 5 % + 10 px; a title fitted to the whole
/// extent is elided ("Memory (G...").
double axisTitleRoom(double extent);

/// Widths of single-line texts in fonts (px), remembered: a chart fits the same titles and
/// labels again on every frame of a drag, and measuring shapes the text each time. Holds at
/// most kCapacity texts, then starts over (cost: one hash lookup a text once warm).
class TextWidths {
public:
    static constexpr qsizetype kCapacity = 512;
    double width(const QFont& font, const QString& text);

private:
    QHash<QString, double> m_widths; ///< key: QFont::key(), '\x1f', text
};

/// The first of @p variants (longest first) whose width in @p font is at most @p room px; the
/// last one when none fits. Axis titles and overlays pick a shorter wording instead of being
/// elided by QtCharts ("Micro-batch (samples per G..."). Measures through @p widths when given.
QString fittingText(const QStringList& variants, const QFont& font, double room,
                    TextWidths* widths = nullptr);

/// Breaks a layout cycle: a chart that re-fits its titles, categories or ticks when its plot
/// area changes can flip between two fits (a hidden title gives the plot more height, more
/// ticks widen the labels, a narrower plot hides the title again), each a posted layout event,
/// so the event loop never drains. note() on every plot-area change; after kMaxPasses changes
/// before the event loop turns over, tripped() holds and the chart keeps its current fit.
class FitGuard {
public:
    static constexpr int kMaxPasses = 4;
    void note(QObject* context);
    bool tripped() const { return m_passes > kMaxPasses; }
    /// The plot-area change of a chart whose y axis shows @p ticks ticks: note()s it and says
    /// whether the chart must be rebuilt for another tick count (ticksForHeight of the new
    /// @p plotHeight in @p font), else only its overlays placed again.
    bool needsRebuild(QObject* context, double plotHeight, const QFont& font, int ticks);

private:
    int m_passes = 0;
    bool m_resetQueued = false;
};

/// Y-axis ticks a plot @p plotHeight px high holds apart in @p font: 2 to 5 (QtCharts elides
/// tick labels that crowd each other to "...").
int ticksForHeight(double plotHeight, const QFont& font);

/// Places @p label at the first of @p candidates (top-left positions, pulled inside @p bounds)
/// that is clear of every label in @p placed and of every rectangle in @p keepClear (point
/// markers, in the label's parent coordinates); when none is, slides the candidates up and
/// down, nearest first, in steps of half its height. Appends it to @p placed. False when no
/// clear place exists (it then sits at the first candidate: hide a secondary label then).
/// Bounded: candidates x 2 x (bounds height / step) x (placed + keepClear) rectangle tests.
bool placeClear(ChartLabel* label, const QList<QPointF>& candidates, const QRectF& bounds,
                QList<const ChartLabel*>& placed, const QList<QRectF>& keepClear = {});
/// placeClear() that takes a place only within one label height of a candidate (each pulled
/// inside @p bounds): a label slid half the plot away names nothing (the GUI review). Where
/// @p thenKeepClear is given and @p keepClear leaves no such place, a second try keeps clear
/// of those rectangles only (the points, say, and not the lines: the label's plate hides a
/// line under it). Appends @p label to @p placed; false, and the label at its first candidate,
/// when neither try finds room. Bounded: two placeClear() calls.
bool placeNear(ChartLabel* label, const QList<QPointF>& candidates, const QRectF& bounds,
               QList<const ChartLabel*>& placed, const QList<QRectF>& keepClear,
               const QList<QRectF>* thenKeepClear = nullptr);

/// The points of @p series in pixels of @p chart (the labels' parent coordinates): what
/// lineKeepRects and markerRect read.
QList<QPointF> pixelPoints(QChart* chart, QXYSeries* series);

/// Small squares along the polyline @p points (pixels, in the labels' parent coordinates)
/// inside @p bounds, at most @p step px apart: what placeClear keeps labels off so that a line
/// stays readable under them. Bounded: at most @p maxRects squares (the step grows to fit).
QList<QRectF> lineKeepRects(const QList<QPointF>& points, const QRectF& bounds, double step = 8,
                            int maxRects = 400);

/// The square a point marker of @p diameter px at @p centre covers, with a 2 px margin: what
/// placeClear keeps labels off.
QRectF markerRect(QPointF centre, double diameter);

/// Re-lays out the legend after markers were shown or hidden (QtCharts leaves gaps).
void relayoutLegend(QChart* chart);

/// Shows or hides a helper series and keeps it out of the legend (QtCharts re-shows a
/// series' legend marker whenever the series' visibility changes).
void setHelperVisible(QChart* chart, QAbstractSeries* series, bool visible);
/// Keeps a helper series out of the legend (call once after adding it to the chart).
void hideLegendMarkers(QChart* chart, QAbstractSeries* series);

} // namespace headroom::ui
