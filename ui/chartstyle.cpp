#include "ui/chartstyle.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QBrush>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QPen>
#include <QTimer>
#include <QXYSeries>

#include <QCategoryAxis>
#include <QPainter>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <optional>

namespace headroom::ui {

QFont ChartStyle::labelFont() const {
    QFont f = QApplication::font();
    f.setPointSizeF(labelPointSize());
    return f;
}

QFont ChartStyle::titleFont() const {
    QFont f = QApplication::font();
    f.setPointSizeF(titlePointSize());
    f.setBold(true);
    return f;
}

QFont ChartStyle::overlayFont(bool bold) const {
    QFont f = labelFont();
    f.setBold(bold);
    return f;
}

void ChartStyle::applyToChart(QChart* chart) const {
    const ChartColors c = colors();
    chart->setBackgroundBrush(c.background);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setPlotAreaBackgroundBrush(c.plot);
    chart->setPlotAreaBackgroundVisible(true);
    chart->setTitleBrush(c.text);
    chart->setTitleFont(titleFont());
    chart->legend()->setLabelColor(c.text);
    chart->legend()->setFont(labelFont());
    chart->setBackgroundRoundness(0);
    localizeChartNumbers(chart);
}

void localizeChartNumbers(QChart* chart) {
    if (!chart->localizeNumbers())
        chart->setLocalizeNumbers(true);
    if (chart->locale() != QLocale())
        chart->setLocale(QLocale());
}

void ChartStyle::applyToAxis(QAbstractAxis* axis, bool grid) const {
    const ChartColors c = colors();
    axis->setLabelsBrush(c.text);
    axis->setLabelsFont(labelFont());
    axis->setTitleBrush(c.text);
    QFont tf = labelFont();
    tf.setBold(true);
    axis->setTitleFont(tf);
    axis->setLinePen(QPen(c.grid, 0));
    axis->setGridLinePen(QPen(c.grid, 0));
    axis->setGridLineVisible(grid);
    axis->setMinorGridLineVisible(false);
}

ChartLabel::ChartLabel(QGraphicsItem* parent)
    : QGraphicsRectItem(parent), m_text(new QGraphicsSimpleTextItem(this)) {
    setPen(Qt::NoPen);
    setZValue(100);
}

void ChartLabel::setText(const QString& text) {
    if (m_text->text() != text) {
        m_text->setText(text);
        relayout();
    }
}

QString ChartLabel::text() const {
    return m_text->text();
}

QColor ChartLabel::textColor() const {
    return m_text->brush().color();
}

void ChartLabel::setLook(const QFont& font, const QColor& text, const QColor& plate) {
    // nearly opaque: a line under the label (the cliff's dashed marker) shows at 7 %, the
    // curve's shading still faintly (at 215 the marker read through the text)
    QColor c = plate;
    c.setAlpha(238);
    if (m_text->font() == font && m_text->brush().color() == text && brush().color() == c) {
        return;
    }
    m_text->setFont(font);
    m_text->setBrush(text);
    m_text->setPen(Qt::NoPen);
    setBrush(c);
    relayout();
}

void ChartLabel::relayout() {
    const QRectF br = m_text->boundingRect();
    const double pad = 3;
    m_text->setPos(pad, pad * 0.5);
    setRect(QRectF(0, 0, br.width() + 2 * pad, br.height() + pad));
}

void setTitleIfChanged(QAbstractAxis* axis, const QString& title) {
    if (axis->titleText() != title) {
        axis->setTitleText(title);
    }
    if (axis->isTitleVisible() == title.isEmpty()) {
        axis->setTitleVisible(!title.isEmpty());
    }
}

void setLabelFormatIfChanged(QValueAxis* axis, const QString& format) {
    if (axis->labelFormat() != format) {
        axis->setLabelFormat(format);
    }
}

void setLegendVisibleIfChanged(QChart* chart, bool visible) {
    if (chart->legend()->isVisible() != visible) {
        chart->legend()->setVisible(visible);
    }
}

double axisTitleRoom(double extent) {
    return extent * 0.95 - 10;
}

namespace {
/// The values (axis units) where @p axis draws grid lines, within its range.
QList<double> gridValues(QAbstractAxis* axis) {
    QList<double> v;
    if (auto* ca = qobject_cast<QCategoryAxis*>(axis)) { // before QValueAxis, its base
        // QtCharts: the first category's start, every category's end, the range's end
        const QStringList labels = ca->categoriesLabels();
        if (!labels.isEmpty() && ca->startValue(labels.front()) >= ca->min())
            v << ca->startValue(labels.front());
        for (const QString& label : labels) {
            const double x = ca->endValue(label);
            if (x >= ca->min() && x < ca->max() && v.size() < PlotGrid::kMaxLines)
                v << x;
        }
        v << ca->max();
    } else if (const auto* va = qobject_cast<const QValueAxis*>(axis)) {
        const double lo = va->min(), hi = va->max();
        if (!(hi > lo))
            return v;
        if (va->tickType() == QValueAxis::TicksDynamic && va->tickInterval() > 0) {
            const double step = va->tickInterval();
            double x = va->tickAnchor() + std::ceil((lo - va->tickAnchor()) / step) * step;
            for (; x <= hi + step * 1e-9 && v.size() < PlotGrid::kMaxLines; x += step)
                v << x;
        } else {
            const int n = std::clamp(va->tickCount(), 2, PlotGrid::kMaxLines);
            for (int i = 0; i < n; ++i)
                v << lo + (hi - lo) * i / (n - 1);
        }
    }
    return v;
}

/// @p values of @p axis as scene px along [from, to] (the plot's left..right or bottom..top).
QList<double> gridPixels(const QAbstractAxis* axis, const QList<double>& values, double from,
                         double to) {
    double lo = 0, hi = 0;
    if (const auto* va = qobject_cast<const QValueAxis*>(axis)) { // QCategoryAxis too
        lo = va->min();
        hi = va->max();
    }
    QList<double> px;
    if (!(hi > lo))
        return px;
    // the pixel row or column QtCharts' 1-px line at that position covers (the axis minimum's
    // on the plot's bottom edge)
    for (const double v : values)
        px << std::floor(from + (to - from) * (v - lo) / (hi - lo));
    return px;
}

QAbstractAxis* axisAt(QChart* chart, Qt::Alignment side) {
    const auto axes = chart->axes(side == Qt::AlignBottom ? Qt::Horizontal : Qt::Vertical);
    for (QAbstractAxis* a : axes)
        if (a->alignment() == side && a->isVisible())
            return a;
    return nullptr;
}
} // namespace

PlotGrid::PlotGrid(QChart* chart, bool fromX, bool fromY)
    : QGraphicsItem(chart), m_chart(chart), m_fromX(fromX), m_fromY(fromY) {
    setZValue(2);
}

void PlotGrid::setColor(const QColor& color) {
    if (color != m_color) {
        m_color = color;
        update();
    }
}

void PlotGrid::place() {
    const QRectF plot = m_chart->plotArea();
    QList<double> xs, ys;
    if (!plot.isEmpty()) {
        if (QAbstractAxis* x = m_fromX ? axisAt(m_chart, Qt::AlignBottom) : nullptr)
            xs = gridPixels(x, gridValues(x), plot.left(), plot.right());
        if (QAbstractAxis* y = m_fromY ? axisAt(m_chart, Qt::AlignLeft) : nullptr)
            ys = gridPixels(y, gridValues(y), plot.bottom(), plot.top());
    }
    if (plot == m_plot && xs == m_xs && ys == m_ys)
        return;
    prepareGeometryChange();
    m_plot = plot;
    m_xs = std::move(xs);
    m_ys = std::move(ys);
}

QRectF PlotGrid::boundingRect() const {
    return m_plot.adjusted(-1, -1, 1, 1);
}

void PlotGrid::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) {
    const double w = 1.0 / std::max(1.0, p->device() ? p->device()->devicePixelRatioF() : 1.0);
    for (const double x : m_xs)
        p->fillRect(QRectF(x, m_plot.top(), w, m_plot.height()), m_color);
    for (const double y : m_ys)
        p->fillRect(QRectF(m_plot.left(), y, m_plot.width(), w), m_color);
}

void cacheAxisTexts(QChart* chart, bool cached) {
    const auto mode = cached ? QGraphicsItem::DeviceCoordinateCache : QGraphicsItem::NoCache;
    QList<QGraphicsItem*> items = chart->childItems();
    while (!items.isEmpty()) {
        QGraphicsItem* item = items.takeLast();
        const bool text = item->type() == QGraphicsTextItem::Type ||
                          item->type() == QGraphicsSimpleTextItem::Type;
        if (text && item->cacheMode() != mode)
            item->setCacheMode(mode);
        items += item->childItems();
    }
}

PlotBand::PlotBand(QChart* chart) : QGraphicsRectItem(chart), m_chart(chart) {
    setPen(Qt::NoPen);
    setZValue(0.5);
    setVisible(false);
}

void PlotBand::setBand(Qt::Orientation o, double from, double to, const QColor& plot,
                       const QColor& band) {
    const double a = band.alphaF();
    const QColor solid =
        QColor::fromRgbF(static_cast<float>(band.redF() * a + plot.redF() * (1 - a)),
                         static_cast<float>(band.greenF() * a + plot.greenF() * (1 - a)),
                         static_cast<float>(band.blueF() * a + plot.blueF() * (1 - a)));
    if (brush().color() != solid) {
        setBrush(solid);
    }
    m_orientation = o;
    m_from = std::clamp(from, 0.0, 1.0);
    m_to = std::clamp(to, 0.0, 1.0);
    place();
}

void PlotBand::place() {
    const QRectF plot = m_chart->plotArea();
    const bool shown = m_to > m_from && !plot.isEmpty();
    if (shown) {
        const QRectF r = m_orientation == Qt::Horizontal
                             ? QRectF(plot.left() + m_from * plot.width(), plot.top(),
                                      (m_to - m_from) * plot.width(), plot.height())
                             : QRectF(plot.left(), plot.top() + m_from * plot.height(),
                                      plot.width(), (m_to - m_from) * plot.height());
        if (r != rect()) {
            setRect(r);
        }
    }
    if (isVisible() != shown) {
        setVisible(shown);
    }
}

void FitGuard::note(QObject* context) {
    ++m_passes;
    if (!m_resetQueued) {
        m_resetQueued = true;
        // a timer, not a posted event: it fires once the posted layout events have drained
        QTimer::singleShot(0, context, [this] {
            m_passes = 0;
            m_resetQueued = false;
        });
    }
}

bool FitGuard::needsRebuild(QObject* context, double plotHeight, const QFont& font, int ticks) {
    note(context);
    return !tripped() && ticksForHeight(plotHeight, font) != ticks;
}

int ticksForHeight(double plotHeight, const QFont& font) {
    return std::clamp(static_cast<int>(plotHeight / (2.0 * QFontMetricsF(font).height())), 2, 5);
}

double TextWidths::width(const QFont& font, const QString& text) {
    const QString key = font.key() + QChar(0x1f) + text;
    if (const auto found = m_widths.constFind(key); found != m_widths.cend())
        return *found;
    if (m_widths.size() >= kCapacity)
        m_widths.clear();
    const double w = QFontMetricsF(font).horizontalAdvance(text);
    m_widths.insert(key, w);
    return w;
}

QString fittingText(const QStringList& variants, const QFont& font, double room,
                    TextWidths* widths) {
    TextWidths once; // measures for this call only when no memo is given
    TextWidths& measure = widths ? *widths : once;
    for (const QString& v : variants) {
        double widest = 0;
        for (const QString& line : v.split(QLatin1Char('\n')))
            widest = std::max(widest, measure.width(font, line));
        if (widest <= room)
            return v;
    }
    return variants.isEmpty() ? QString() : variants.back();
}

namespace {
bool clearOf(const QRectF& r, const QRectF& bounds, const QList<const ChartLabel*>& placed,
             const QList<QRectF>& keepClear) {
    if (!bounds.contains(r))
        return false;
    for (const QRectF& k : keepClear)
        if (r.intersects(k))
            return false;
    for (const ChartLabel* other : placed) {
        if (other->isVisible() && other->opacity() > 0.05 &&
            r.intersects(other->mapRectToParent(other->rect())))
            return false;
    }
    return true;
}
} // namespace

QList<QPointF> pixelPoints(QChart* chart, QXYSeries* series) {
    QList<QPointF> out;
    out.reserve(series->count());
    for (const QPointF& pt : series->points())
        out << chart->mapToPosition(pt, series);
    return out;
}

QList<QRectF> lineKeepRects(const QList<QPointF>& points, const QRectF& bounds, double step,
                            int maxRects) {
    double length = 0;
    for (qsizetype i = 1; i < points.size(); ++i)
        length += QLineF(points[i - 1], points[i]).length();
    step = std::max({step, 1.0, length / std::max(1, maxRects)});
    QList<QRectF> out;
    const double half = step / 2 + 1;
    auto add = [&](QPointF p) {
        if (bounds.contains(p) && out.size() < maxRects)
            out << QRectF(p - QPointF(half, half), QSizeF(2 * half, 2 * half));
    };
    for (qsizetype i = 1; i < points.size(); ++i) {
        const QLineF seg(points[i - 1], points[i]);
        const int n = std::max(1, static_cast<int>(std::ceil(seg.length() / step)));
        for (int k = 0; k < n; ++k)
            add(seg.pointAt(static_cast<double>(k) / n));
    }
    if (!points.isEmpty())
        add(points.back());
    return out;
}

QRectF markerRect(QPointF centre, double diameter) {
    const double r = diameter / 2 + 2;
    return {centre - QPointF(r, r), QSizeF(2 * r, 2 * r)};
}

namespace {
/// @p p, a label's top-left, moved so that a label of @p size lies within @p bounds (its top
/// left corner where it is larger).
QPointF pulledInside(QPointF p, QSizeF size, const QRectF& bounds) {
    p.setX(
        std::clamp(p.x(), bounds.left(), std::max(bounds.left(), bounds.right() - size.width())));
    p.setY(
        std::clamp(p.y(), bounds.top(), std::max(bounds.top(), bounds.bottom() - size.height())));
    return p;
}
} // namespace

bool placeClear(ChartLabel* label, const QList<QPointF>& candidates, const QRectF& bounds,
                QList<const ChartLabel*>& placed, const QList<QRectF>& keepClear) {
    const QSizeF size = label->rect().size();
    const auto inside = [&](QPointF p) { return pulledInside(p, size, bounds); };
    const QPointF first = inside(candidates.isEmpty() ? bounds.topLeft() : candidates.front());
    std::optional<QPointF> chosen;
    for (const QPointF& c : candidates) {
        if (clearOf(QRectF(inside(c), size), bounds, placed, keepClear)) {
            chosen = inside(c);
            break;
        }
    }
    // no candidate is clear: slide each one up and down, nearest first
    const double step = std::max(4.0, size.height() / 2);
    const int steps = static_cast<int>(bounds.height() / step) + 1;
    for (int k = 1; !chosen && k <= steps; ++k) {
        for (const QPointF& c0 : candidates) {
            for (int dir : {1, -1}) {
                const QPointF c = inside(c0) + QPointF(0, dir * k * step);
                if (!chosen && clearOf(QRectF(c, size), bounds, placed, keepClear))
                    chosen = c;
            }
        }
    }
    label->setPos(chosen.value_or(first));
    placed.append(label);
    return chosen.has_value();
}

bool placeNear(ChartLabel* label, const QList<QPointF>& candidates, const QRectF& bounds,
               QList<const ChartLabel*>& placed, const QList<QRectF>& keepClear,
               const QList<QRectF>* thenKeepClear) {
    const QSizeF size = label->rect().size();
    const auto inside = [&](QPointF p) { return pulledInside(p, size, bounds); };
    const auto near = [&] {
        for (const QPointF& c : candidates) {
            const QPointF at = inside(c);
            if (std::hypot(label->pos().x() - at.x(), label->pos().y() - at.y()) <= size.height())
                return true;
        }
        return false;
    };
    for (const QList<QRectF>* keep : {&keepClear, thenKeepClear}) {
        if (!keep)
            break;
        QList<const ChartLabel*> trial = placed;
        if (placeClear(label, candidates, bounds, trial, *keep) && near()) {
            placed = trial;
            return true;
        }
    }
    label->setPos(inside(candidates.isEmpty() ? bounds.topLeft() : candidates.front()));
    placed.append(label);
    return false;
}

void relayoutLegend(QChart* chart) {
    if (QGraphicsLayout* l = chart->legend()->layout()) {
        l->invalidate();
    }
    chart->legend()->update();
}

void setHelperVisible(QChart* chart, QAbstractSeries* series, bool visible) {
    if (series->isVisible() == visible) {
        return;
    }
    series->setVisible(visible);
    hideLegendMarkers(chart, series);
}

void hideLegendMarkers(QChart* chart, QAbstractSeries* series) {
    for (QLegendMarker* m : chart->legend()->markers(series)) {
        m->setVisible(false);
    }
}

} // namespace headroom::ui
