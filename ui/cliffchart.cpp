#include "ui/cliffchart.h"

#include "core/units.h"

#include "ui/chartmath.h"
#include "ui/texts.h"

#include <QAreaSeries>
#include <QBrush>
#include <QCategoryAxis>
#include <QEvent>
#include <QGraphicsEllipseItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QScopedValueRollback>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace headroom::ui {

namespace {
void replaceIfChanged(QXYSeries* s, const QList<QPointF>& pts) {
    if (s->points() != pts) {
        s->replace(pts);
    }
}

} // namespace

double CliffChart::xCoord(int64_t x) {
    return std::log2(static_cast<double>(std::max<int64_t>(x, 1)));
}

CliffChart::CliffChart(QWidget* parent)
    : QChartView(new QChart, parent), m_chart(chart()), m_x(new QCategoryAxis), m_y(new QValueAxis),
      m_bandHigh(new QLineSeries(this)), m_bandLow(new QLineSeries(this)),
      m_bandArea(new QAreaSeries(m_bandHigh, m_bandLow)), m_total(new QLineSeries),
      m_capacity(new QLineSeries), m_marker(new QLineSeries), m_measured(new QScatterSeries),
      m_dot(new QGraphicsEllipseItem(m_chart)), m_markerLabel(new ChartLabel(m_chart)),
      m_capacityLabel(new ChartLabel(m_chart)), m_dotLabel(new ChartLabel(m_chart)),
      m_slopeLabel(new ChartLabel(m_chart)), m_measuredLabel(new ChartLabel(m_chart)),
      m_band(new PlotBand(m_chart)), m_grid(new PlotGrid(m_chart, true, true)) {
    setObjectName(QStringLiteral("cliffChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(300, 160);
    m_chart->setMargins(QMargins(2, 2, 8, 2));
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->legend()->setVisible(false);

    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_y->setTickType(QValueAxis::TicksDynamic);
    m_y->setTickAnchor(0);

    auto add = [this](QAbstractSeries* s, bool legend) {
        m_chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        if (!legend) {
            hideLegendMarkers(m_chart, s);
        }
    };
    for (int i = 0; i < kTermCount; ++i) {
        const auto t = static_cast<Term>(i);
        auto* up = new QLineSeries(this);
        auto* lo = new QLineSeries(this);
        auto* area = new QAreaSeries(up, lo);
        area->setName(Texts::termName(t));
        area->setColor(Theme::termColor(t));
        m_upper[static_cast<size_t>(i)] = up;
        m_lower[static_cast<size_t>(i)] = lo;
        m_areas[static_cast<size_t>(i)] = area;
        add(area, true);
    }
    m_bandArea->setObjectName(QStringLiteral("cliffBand"));
    add(m_bandArea, false);
    add(m_total, false);
    add(m_capacity, false);
    add(m_marker, false);
    add(m_measured, false);
    m_measured->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_dot->setZValue(90);
    for (auto* item : {m_markerLabel, m_capacityLabel, m_dotLabel, m_slopeLabel, m_measuredLabel}) {
        item->setZValue(100);
    }
    connect(m_chart, &QChart::plotAreaChanged, this, [this](const QRectF& plot) {
        if (m_fitGuard.needsRebuild(this, plot.height(), m_style.labelFont(), m_ticks))
            rebuild(); // another tick count for the new height
        else
            placeOverlays();
    });
    applyStyle();
    retranslateUi();
}

void CliffChart::setResults(const Results& r, ByteUnit unit) {
    m_results = r;
    m_unit = unit;
    rebuild();
}

void CliffChart::setMode(Mode m) {
    if (m == m_mode) {
        return;
    }
    m_mode = m;
    rebuild();
}

void CliffChart::setStyle(const ChartStyle& style) {
    m_style = style;
    applyStyle();
    rebuild();
}

void CliffChart::setLegendShown(bool shown) {
    m_legend = shown;
    setLegendVisibleIfChanged(m_chart, shown && m_mode == Mode::Stacked);
}

void CliffChart::applyAreaPens() {
    // while a slider is held the areas have no edge lines (the fills alone tell the terms
    // apart, as they do without antialiasing): stroking seven outlines of 2 x 256 points was
    // a third of a drag frame's chart painting (1.6 M instructions); they return on release
    const double width = m_style.presentation ? 1.5 : 0.8;
    for (int t = 0; t < kTermCount; ++t) {
        QAreaSeries* a = m_areas[static_cast<size_t>(t)];
        const QColor fill = Theme::termColor(static_cast<Term>(t));
        a->setBrush(fill);
        a->setPen(m_dragging ? QPen(Qt::NoPen) : QPen(fill.darker(115), width));
    }
}

void CliffChart::setInteractive(bool dragging) {
    setRenderHint(QPainter::Antialiasing, !dragging);
    m_dragging = dragging;
    applyAreaPens();
    cacheAxisTexts(m_chart, dragging);
    if (!dragging) {
        rebuild(); // the exact axis range (heldAxisMax) and antialiased curves again
        viewport()->update();
    }
}

double CliffChart::currentY() const {
    return m_dotY;
}

void CliffChart::rebuildAxis() {
    const Results& r = m_results;
    if (r.axis == m_axisKind && r.sweepMin == m_axisMin && r.sweepMax == m_axisMax &&
        !m_x->categoriesLabels().isEmpty()) {
        return;
    }
    m_axisKind = r.axis;
    m_axisMin = r.sweepMin;
    m_axisMax = r.sweepMax;
    for (const QString& l : m_x->categoriesLabels()) {
        m_x->remove(l);
    }
    const double lo = xCoord(r.sweepMin);
    const double hi = xCoord(r.sweepMax);
    const int octaves = static_cast<int>(std::round(hi - lo));
    const int every = octaves > 12 ? 2 : 1;
    m_x->setStartValue(lo);
    int k = 0;
    for (int64_t v = r.sweepMin; v <= r.sweepMax; v *= 2, ++k) {
        if (k % every == 0 || v == r.sweepMax) {
            m_x->append(Units::formatCount(v, true), xCoord(v));
        }
    }
    m_x->setRange(lo, hi);
}

void CliffChart::rebuild() {
    const Results& r = m_results;
    const double bpu = Units::bytesPerUnit(m_unit);
    const ChartColors c = m_style.colors();
    rebuildAxis();

    const double cap = r.estimate.capacity / bpu;
    const bool stacked = m_mode == Mode::Stacked;
    double dataMax = 0;
    QList<QPointF> total;
    total.reserve(static_cast<qsizetype>(r.sweep.size()));
    for (const SweepPoint& p : r.sweep) {
        total.append(QPointF(xCoord(p.x), p.nvidiaSmi / bpu));
        dataMax = std::max(dataMax, p.nvidiaSmi / bpu);
    }
    const double current = r.hasEstimate ? r.estimate.worst.nvidiaSmi / bpu : 0.0;
    const double top = std::max({cap * 1.1, current * 1.1, std::min(dataMax, cap * 2.0) * 1.04});
    const double yMax = updateYAxis(top);
    updateStackedTerms(stacked);
    updateBand();
    replaceIfChanged(m_total, total);
    QPen totalPen(stacked ? c.total : c.total,
                  stacked ? m_style.lineWidth() * 0.75 : m_style.lineWidth() + 0.5);
    if (m_total->pen() != totalPen) {
        m_total->setPen(totalPen);
    }
    setHelperVisible(m_chart, m_total, true);

    const double x0 = xCoord(r.sweepMin);
    const double x1 = xCoord(r.sweepMax);
    replaceIfChanged(m_capacity, {QPointF(x0, cap), QPointF(x1, cap)});
    setHelperVisible(m_chart, m_capacity, cap > 0);
    updateFitMarker(yMax);
    updateCurrentPoint(current);
    rebuildMeasured();
    setLegendVisibleIfChanged(m_chart, m_legend && stacked);
    placeOverlays();
}

double CliffChart::updateYAxis(double top) {
    const double plotHeight =
        m_chart->plotArea().height() > 0 ? m_chart->plotArea().height() : height() - 60.0;
    const int ticks = ticksForHeight(plotHeight, m_style.labelFont());
    const double yMax = heldAxisMax(niceCeil(top > 0 ? top : 1.0, ticks), m_yMax, m_dragging);
    if (yMax != m_yMax || ticks != m_ticks) {
        m_yMax = yMax;
        m_ticks = ticks;
        setNiceRange(m_y, yMax, ticks);
        setLabelFormatIfChanged(m_y, yMax < 10 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    }
    return yMax;
}

void CliffChart::updateStackedTerms(bool stacked) {
    const Results& r = m_results;
    const double bpu = Units::bytesPerUnit(m_unit);
    QList<QPointF> lower;
    lower.reserve(static_cast<qsizetype>(r.sweep.size()));
    for (const SweepPoint& p : r.sweep) {
        lower.append(QPointF(xCoord(p.x), 0.0));
    }
    bool legendChanged = false;
    for (int t = 0; t < kTermCount; ++t) {
        bool used = false;
        QList<QPointF> upper = lower;
        for (qsizetype i = 0; i < upper.size(); ++i) {
            const double v = r.sweep[static_cast<size_t>(i)].terms[static_cast<size_t>(t)] / bpu;
            upper[i].ry() += v;
            used = used || v > 0;
        }
        QAreaSeries* area = m_areas[static_cast<size_t>(t)];
        const bool visible = stacked && used;
        if (visible) {
            replaceIfChanged(m_lower[static_cast<size_t>(t)], lower);
            replaceIfChanged(m_upper[static_cast<size_t>(t)], upper);
        }
        if (area->isVisible() != visible) {
            area->setVisible(visible);
        }
        if (m_markerShown[static_cast<size_t>(t)] != (visible ? 1 : 0)) {
            for (QLegendMarker* mk : m_chart->legend()->markers(area)) {
                mk->setVisible(visible);
            }
            m_markerShown[static_cast<size_t>(t)] = visible ? 1 : 0;
            legendChanged = true;
        }
        lower = std::move(upper);
    }
    if (legendChanged) {
        relayoutLegend(m_chart);
    }
}

void CliffChart::updateBand() {
    const Results& r = m_results;
    const double bpu = Units::bytesPerUnit(m_unit);
    constexpr auto smi = static_cast<size_t>(Metric::NvidiaSmi);
    // the sweep's band points, with the current point's own band (core estimateBand) in place
    std::vector<SweepBandPoint> pts = r.sweepBand;
    if (r.hasEstimate && r.current >= r.sweepMin && r.current <= r.sweepMax) {
        const SweepBandPoint now{r.current, r.band.low[smi], r.band.high[smi]};
        const auto at =
            std::lower_bound(pts.begin(), pts.end(), r.current,
                             [](const SweepBandPoint& p, int64_t x) { return p.x < x; });
        if (at != pts.end() && at->x == r.current)
            *at = now;
        else
            pts.insert(at, now);
    }
    QList<QPointF> high, low;
    double widest = 0;
    for (const SweepBandPoint& p : pts) {
        high.append(QPointF(xCoord(p.x), p.high / bpu));
        low.append(QPointF(xCoord(p.x), p.low / bpu));
        widest = std::max(widest, p.high - p.low);
    }
    const bool shown = r.hasEstimate && pts.size() > 1 && widest >= kMiB;
    if (shown) {
        replaceIfChanged(m_bandHigh, high);
        replaceIfChanged(m_bandLow, low);
    }
    const ChartColors c = m_style.colors();
    if (m_bandArea->brush().color() != c.bandFill())
        m_bandArea->setBrush(c.bandFill());
    QColor edge = c.total;
    edge.setAlpha(160);
    const QPen pen(edge, m_style.presentation ? 1.5 : 1.0, Qt::DashLine);
    if (m_bandArea->pen() != pen)
        m_bandArea->setPen(pen);
    setHelperVisible(m_chart, m_bandArea, shown);
}

bool CliffChart::bandShown() const {
    return m_bandArea->isVisible();
}

QColor CliffChart::currentPointColor() const {
    return m_dot->brush().color();
}

std::array<bool, kTermCount> CliffChart::usedTerms() const {
    std::array<bool, kTermCount> used{};
    for (int t = 0; t < kTermCount; ++t)
        used[static_cast<size_t>(t)] = m_areas[static_cast<size_t>(t)]->isVisible();
    return used;
}

void CliffChart::updateFitMarker(double yMax) {
    const Results& r = m_results;
    const ChartColors c = m_style.colors();
    const double x0 = xCoord(r.sweepMin);
    const double x1 = xCoord(r.sweepMax);
    // largest value that fits, and the region past it
    m_markerValue = r.hasEstimate ? r.maxFit : 0;
    const bool markerInRange = m_markerValue >= r.sweepMin && m_markerValue <= r.sweepMax;
    if (markerInRange) {
        const double mx = xCoord(m_markerValue);
        replaceIfChanged(m_marker, {QPointF(mx, 0), QPointF(mx, yMax)});
    }
    setHelperVisible(m_chart, m_marker, markerInRange && r.hasEstimate);
    const double oomStart = m_markerValue <= 0 ? x0 : xCoord(m_markerValue);
    const bool oomVisible = r.hasEstimate && m_markerValue < r.sweepMax && x1 > x0;
    m_band->setBand(Qt::Horizontal, oomVisible ? (oomStart - x0) / (x1 - x0) : 1.0, 1.0, c.plot,
                    c.danger);
}

void CliffChart::updateCurrentPoint(double current) {
    const Results& r = m_results;
    const ChartColors c = m_style.colors();
    // current point
    m_currentX = r.current;
    m_dotY = current;
    m_dot->setVisible(r.hasEstimate);
    // the verdict the headline gives (core bandVerdict): a point whose band straddles the
    // capacity may not fit, whatever side of it the point itself lies
    const QColor verdict = r.bandVerdict == BandVerdict::Fits        ? c.fits
                           : r.bandVerdict == BandVerdict::MayNotFit ? c.mayNotFit
                                                                     : c.oom;
    if (m_dot->brush().color() != verdict) {
        m_dot->setBrush(verdict);
    }

    // overlay texts
    m_markerLabel->setText(markerText());
    m_capacityLabel->setText(tr("GPU capacity %1").arg(Units::format(r.estimate.capacity, m_unit)));
    m_dotLabel->setText(currentLabelText());
    m_dotLabel->setLook(m_style.overlayFont(true), verdict, c.background);
    if (r.axis == SweepAxis::MicroBatch && r.hasEstimate && !m_style.presentation) {
        // in the words of the axis: a generate() batch counts sequences
        const QString slope = Units::format(r.cliff.perSample, m_unit, 2);
        m_slopeLabel->setText(r.inference ? tr("slope at 1–2: +%1 per sequence").arg(slope)
                                          : tr("slope at 1–2: +%1 per sample").arg(slope));
        m_slopeWanted = true;
    } else {
        m_slopeWanted = false;
        m_slopeLabel->setVisible(false);
    }
}

void CliffChart::rebuildMeasured() {
    const Results& r = m_results;
    const bool calibrated = r.hasEstimate && r.calibration.has_value();
    const bool onCurve = calibrated && r.measuredX >= r.sweepMin && r.measuredX <= r.sweepMax;
    m_measuredLabel->setText(measuredLabelText());
    m_measuredLabel->setVisible(calibrated);
    if (!onCurve) {
        m_measured->clear();
        m_measured->setVisible(false);
        return;
    }
    const Calibration& c = *r.calibration;
    // an OOM known only as "it ran out" is drawn at the capacity
    const double bytes = c.measured.bytes > 0 ? c.measured.bytes : r.estimate.capacity;
    replaceIfChanged(m_measured, {QPointF(xCoord(r.measuredX), bytes / bytesPerUnit())});
    m_measured->setVisible(true);
}

QString CliffChart::measuredLabelText() const {
    const Results& r = m_results;
    if (!r.calibration) {
        return {};
    }
    const Calibration& c = *r.calibration;
    if (r.measuredX == 0 || r.measuredX < r.sweepMin || r.measuredX > r.sweepMax) {
        // the measured run is on another curve (another sequence length or micro-batch)
        return tr("calibrated to your run (micro-batch %1 × %2 tokens)")
            .arg(c.microBatch)
            .arg(Units::formatCount(c.sequenceLength));
    }
    if (c.measured.bytes <= 0) {
        return tr("calibrated to your run: out of memory");
    }
    const QString what =
        tr("calibrated to your run: %1 %2")
            .arg(Texts::metricName(c.measured.metric), Units::format(c.measured.bytes, m_unit));
    return c.measured.oom ? tr("%1, out of memory").arg(what) : what;
}

QString CliffChart::slopeLabelText() const {
    return m_slopeWanted ? m_slopeLabel->text() : QString();
}

/// The one number a short current label keeps: the curve's nvidia-smi total, or the verdict's
/// bytes where they differ ("needs 79.2 GiB", the headline's number: a short German label said
/// "aktuell 4: 79,6 GiB" under a headline of 79,2 GiB).
QString CliffChart::currentLabelValue() const {
    const QString total = Units::format(m_results.estimate.worst.nvidiaSmi, m_unit);
    const QString needed = Units::format(verdictBytes(m_results.estimate.worst), m_unit);
    return needed == total ? total : tr("needs %1").arg(needed);
}

QString CliffChart::currentLabelOneLine() const {
    return tr("now %1: %2").arg(Units::formatCount(m_results.current), currentLabelValue());
}

QString CliffChart::currentLabelShown() const {
    return m_dotLabel->text();
}

QString CliffChart::currentLabelTextShort() const {
    // on one line where the plot is wide enough, else on two: on a narrow plot (a 1280 x 720
    // stage: a 243 px plot, a 184 px label in German) one line crossed the curve beside the
    // point wherever it stood, and the label slid to the plot's foot, far from its point
    const double room = std::max(40.0, m_chart->plotArea().width() / 2);
    return fittingText(
        {currentLabelOneLine(),
         tr("now %1:\n%2").arg(Units::formatCount(m_results.current), currentLabelValue())},
        m_style.overlayFont(true), room, &m_widths);
}

bool CliffChart::placeCurrent(QPointF p, double dotSize, const QRectF& inside,
                              QList<const ChartLabel*>& placed, const QList<QRectF>& keep) {
    const Results& r = m_results;
    m_dot->setPos(p);
    m_dotLabel->setVisible(r.hasEstimate);
    const auto spots = [&] { // beside the dot, not on it
        const QSizeF br = m_dotLabel->size();
        const double gap = dotSize / 2 + 4;
        const double left = p.x() - br.width() - gap;
        const double above = p.y() - br.height() - gap;
        return QList<QPointF>{QPointF(p.x() + gap, above), QPointF(p.x() + gap, p.y() + gap),
                              QPointF(left, above), QPointF(left, p.y() + gap)};
    };
    if (!r.hasEstimate || placeClear(m_dotLabel, spots(), inside, placed, keep))
        return true;
    // no room: the other labels take their shorter wordings one by one (the marker's, the
    // point's own without the verdict's bytes, the capacity's number alone), and every label
    // is placed again; each flag holds until that placement ends
    for (bool* shorter : {&m_markerShort, &m_dotShort, &m_capacityShort}) {
        if (*shorter || (shorter == &m_dotShort && m_dotLabel->text() == currentLabelTextShort()))
            continue;
        const QScopedValueRollback<bool> flag(*shorter, true);
        placeOverlays();
        return false;
    }
    // no room even then (a short plot): the point's label goes first and the marker's after
    // it, where it finds room (slid along its line); with none left, and the marker at the
    // current point, the marker's words join the point's label; elsewhere the marker's label
    // gives way (the dashed line stays)
    placed.removeAll(m_markerLabel);
    if (!placeClear(m_dotLabel, spots(), inside, placed, keep)) {
        // the two lines found no clear place: one line may, slid along the plot
        const QString oneLine = currentLabelOneLine();
        if (m_dotLabel->text() != oneLine) {
            placed.removeAll(m_dotLabel);
            m_dotLabel->setText(oneLine);
            placeClear(m_dotLabel, spots(), inside, placed, keep);
        }
    }
    if (placeClear(m_markerLabel, {m_markerLabel->pos()}, inside, placed, keep))
        return true;
    m_markerLabel->setVisible(false);
    placed.removeAll(m_markerLabel);
    if (m_markerValue > 0 && m_markerValue == r.current) {
        const QString alone = m_dotLabel->text();
        placed.removeAll(m_dotLabel);
        m_dotLabel->setText(alone + QLatin1Char('\n') + m_markerLabel->text());
        if (!placeClear(m_dotLabel, spots(), inside, placed, keep)) { // no room for two lines
            placed.removeAll(m_dotLabel);
            m_dotLabel->setText(alone);
            placeClear(m_dotLabel, spots(), inside, placed, keep);
        }
    }
    return true;
}

QRectF CliffChart::currentLabelRect() const {
    return m_dotLabel->mapRectToParent(m_dotLabel->rect());
}

QPointF CliffChart::currentPointCentre() const {
    return m_dot->pos();
}

QRectF CliffChart::capacityLabelRect() const {
    return m_capacityLabel->isVisible() ? m_capacityLabel->mapRectToParent(m_capacityLabel->rect())
                                        : QRectF();
}

double CliffChart::capacityLineY() const {
    const double cap = m_results.estimate.capacity / Units::bytesPerUnit(m_unit);
    return m_chart->mapToPosition(QPointF(xCoord(m_results.sweepMax), cap), m_capacity).y();
}

QString CliffChart::currentLabelText() const {
    const Results& r = m_results;
    // the curve is nvidia-smi; the verdict counts what the rank needs (less the cached
    // segments PyTorch frees before it runs out): where the two differ the label names both,
    // as the bar's total and the headline do, so no view shows an unexplained second total
    const QString count = Units::formatCount(r.current);
    const QString total = Units::format(r.estimate.worst.nvidiaSmi, m_unit);
    const QString needed = Units::format(verdictBytes(r.estimate.worst), m_unit);
    if (needed == total || m_dotShort)
        return currentLabelTextShort();
    // on one line where the plot is wide enough, else on two (a 1280 x 720 stage)
    const double room = std::max(40.0, m_chart->plotArea().width() / 2);
    return fittingText({tr("now %1: %2 · needs %3").arg(count, total, needed),
                        tr("now %1: %2\nneeds %3").arg(count, total, needed)},
                       m_style.overlayFont(true), room, &m_widths);
}

QString CliffChart::markerLabelText() const {
    return m_markerLabel->text();
}

QStringList CliffChart::mayFitVariants(const QString& value) const {
    const Results& r = m_results;
    const QString longer = r.axis == SweepAxis::MicroBatch
                               ? (r.inference ? tr("largest batch that may fit: %1")
                                              : tr("largest micro-batch that may fit: %1"))
                               : (r.inference ? tr("longest context that may fit: %1")
                                              : tr("longest sequence that may fit: %1"));
    return {longer.arg(value), tr("may fit: %1").arg(value)};
}

bool CliffChart::markerLabelShown() const {
    return m_markerLabel->isVisible() ||
           (!m_markerLabel->text().isEmpty() && m_dotLabel->isVisible() &&
            m_dotLabel->text().endsWith(QLatin1Char('\n') + m_markerLabel->text()));
}

QString CliffChart::markerText() const {
    const Results& r = m_results;
    const QString value = Units::formatCount(m_markerValue);
    // fits by the point estimate, but its band reaches past the GPU: the headline's "may not
    // fit" there, so the marker does not say "fits"
    const bool mayNot = r.maxFitBandX == m_markerValue && r.maxFitBand == BandVerdict::MayNotFit;
    const QStringList variants =
        m_markerValue <= 0 ? QStringList{tr("nothing fits")}
        : m_markerValue > r.sweepMax
            ? QStringList{tr("fits beyond %1").arg(Units::formatCount(r.sweepMax, true))}
        : mayNot ? mayFitVariants(value)
        // the marker names what its axis counts
        : r.axis == SweepAxis::MicroBatch
            ? (r.inference ? QStringList{tr("largest batch that fits: %1").arg(value),
                                         tr("fits: %1").arg(value)}
                           : QStringList{tr("largest micro-batch that fits: %1").arg(value),
                                         tr("fits: %1").arg(value)})
            : (r.inference ? QStringList{tr("longest context that fits: %1").arg(value),
                                         tr("fits: %1").arg(value)}
                           : QStringList{tr("longest sequence that fits: %1").arg(value),
                                         tr("fits: %1").arg(value)});
    const double room = std::max(40.0, m_chart->plotArea().width() - 16);
    // crowded (the current point's label found no room beside it): the short wording
    return m_markerShort ? variants.back()
                         : fittingText(variants, m_style.overlayFont(true), room, &m_widths);
}

void CliffChart::fitAxisTitles() {
    if (m_fitGuard.tripped())
        return;
    const Results& r = m_results;
    const QStringList x =
        r.axis == SweepAxis::MicroBatch
            ? (r.inference ? QStringList{tr("Batch (sequences generated together per GPU, log "
                                            "scale)"),
                                         tr("Batch (sequences per GPU)"), tr("Batch")}
                           : QStringList{tr("Micro-batch (samples per GPU, log scale)"),
                                         tr("Micro-batch (per GPU)"), tr("Micro-batch")})
        : r.inference ? QStringList{tr("Context length (prompt + generated tokens, log scale)"),
                                    tr("Context length (tokens)"), tr("Context")}
                      : QStringList{tr("Sequence length (tokens, log scale)"),
                                    tr("Sequence length"), tr("Sequence")};
    QFont f = m_style.labelFont();
    f.setBold(true);
    const QRectF plot = m_chart->plotArea();
    const double room = axisTitleRoom(plot.width() > 0 ? plot.width() : width() - 80.0);
    setTitleIfChanged(m_x, fittingText(x, f, room, &m_widths));
    const QString unit = Units::symbol(m_unit);
    setTitleIfChanged(
        m_y,
        fittingText({tr("Memory (%1)").arg(unit), unit}, f,
                    axisTitleRoom(plot.height() > 0 ? plot.height() : height() - 60.0), &m_widths));
}

void CliffChart::placeOverlays() {
    const QRectF plot = m_chart->plotArea();
    if (plot.isEmpty()) {
        return;
    }
    fitAxisTitles();
    m_band->place();
    m_grid->place();
    cacheAxisTexts(m_chart, m_dragging);
    const Results& r = m_results;
    const double cap = r.estimate.capacity / Units::bytesPerUnit(m_unit);
    const QRectF inside = plot.adjusted(2, 2, -2, -2);
    QList<const ChartLabel*> placed;
    // the current point's dot and the measured points: no label covers them
    const QPointF dotAt =
        m_chart->mapToPosition(QPointF(xCoord(r.current), std::min(currentY(), m_yMax)), m_total);
    const double dotSize = m_dot->rect().width();
    QList<QRectF> keep;
    if (r.hasEstimate)
        keep << markerRect(dotAt, dotSize);
    if (m_measured->isVisible())
        for (const QPointF& pt : pixelPoints(m_chart, m_measured))
            keep << markerRect(pt, m_measured->markerSize());
    // the total curve and the capacity line stay readable: the labels keep off them where
    // they find room (the capacity label is placed against its line before the line counts)
    keep << lineKeepRects(pixelPoints(m_chart, m_total), plot);
    // max-fit label: at the top of the marker line, right of it (left when no room); the
    // current point's label in the wording this plot's width holds
    m_markerLabel->setText(markerText());
    m_dotLabel->setText(currentLabelText());
    m_markerLabel->setVisible(r.hasEstimate);
    if (r.hasEstimate) {
        const QSizeF br = m_markerLabel->size();
        double x = plot.left() + 6;
        if (m_marker->isVisible()) {
            const QPointF p =
                m_chart->mapToPosition(QPointF(xCoord(m_markerValue), m_yMax), m_marker);
            x = p.x() + 6 + br.width() > inside.right() ? p.x() - br.width() - 6 : p.x() + 6;
        }
        placeClear(m_markerLabel, {QPointF(x, plot.top() + 4)}, inside, placed, keep);
    }
    // capacity label: right end, above the line (below it when the line is at the top; at
    // its left end where the right is taken)
    m_capacityLabel->setVisible(m_capacity->isVisible());
    if (m_capacity->isVisible()) {
        const QPointF p = m_chart->mapToPosition(QPointF(xCoord(r.sweepMax), cap), m_capacity);
        const QString number = Units::format(r.estimate.capacity, m_unit);
        // the long wording where it finds a clear place, else the number alone
        const QStringList texts = m_capacityShort
                                      ? QStringList{number}
                                      : QStringList{tr("GPU capacity %1").arg(number), number};
        for (const QString& text : texts) {
            m_capacityLabel->setText(text);
            const QSizeF br = m_capacityLabel->size();
            // right end of the line, above it then below; else its left end
            const double x = inside.right() - br.width() - 2, left = inside.left() + 2;
            const QList<QPointF> spots{QPointF(x, p.y() - br.height() - 1), QPointF(x, p.y() + 2),
                                       QPointF(left, p.y() - br.height() - 1),
                                       QPointF(left, p.y() + 2)};
            // the long wording only beside its line: slid half the plot away (a 1280x720
            // German stage: "GPU-Kapazität 79,6 GiB" at 30 GiB under a line at 79.6) it named
            // nothing; the number alone takes its place there, or where the plot has room
            QList<const ChartLabel*> trial = placed;
            if (placeNear(m_capacityLabel, spots, inside, trial, keep)) {
                placed = trial;
                break;
            }
            if (text == number) {
                placeClear(m_capacityLabel, spots, inside, placed, keep);
                break;
            }
        }
        keep << QRectF(plot.left(), p.y() - 1, plot.width(), 2); // the line itself
    }
    // current point: the dot, its label beside it, clear of the others
    if (!placeCurrent(dotAt, dotSize, inside, placed, keep))
        return; // placed again, in shorter wordings
    // the slope is secondary: under the marker label when there is room, else not shown
    if (m_slopeWanted) {
        m_slopeLabel->setVisible(true);
        const QPointF under = m_markerLabel->pos() + QPointF(0, m_markerLabel->size().height() + 4);
        if (!placeClear(m_slopeLabel, {under, QPointF(plot.left() + 6, under.y())}, inside, placed,
                        keep))
            m_slopeLabel->setVisible(false);
    }
    // measured point label: under its marker; without a marker on this curve, bottom right
    if (m_measuredLabel->isVisible()) {
        const QSizeF br = m_measuredLabel->size();
        QPointF at(inside.right() - br.width() - 2, inside.bottom() - br.height() - 2);
        if (m_measured->isVisible() && !m_measured->points().isEmpty()) {
            const QPointF p = m_chart->mapToPosition(m_measured->points().first(), m_measured);
            at = QPointF(p.x() - br.width() / 2, p.y() + 10);
        }
        placeClear(m_measuredLabel, {at}, inside, placed, keep);
    }
}

void CliffChart::applyStyle() {
    const ChartColors c = m_style.colors();
    m_style.applyToChart(m_chart);
    // room right of the plot for half of the last tick label ("16", "1,048,576")
    m_chart->setMargins(QMargins(
        2, 2,
        QFontMetrics(m_style.labelFont()).horizontalAdvance(QLocale().toString(1048576)) / 2 + 4,
        2));
    m_style.applyToAxis(m_x, false); // the grid: m_grid
    m_style.applyToAxis(m_y, false);
    m_grid->setColor(c.grid);
    applyAreaPens();
    QPen cap(c.capacity, m_style.lineWidth() + 0.5);
    m_capacity->setPen(cap);
    QPen marker(c.text, m_style.lineWidth() * 0.75, Qt::DashLine);
    m_marker->setPen(marker);
    const double d = m_style.presentation ? 22 : 13;
    m_dot->setRect(QRectF(-d / 2, -d / 2, d, d));
    m_dot->setPen(QPen(c.background, 2));
    m_capacityLabel->setLook(m_style.overlayFont(true), c.capacity, c.background);
    m_markerLabel->setLook(m_style.overlayFont(true), c.text, c.background);
    m_slopeLabel->setLook(m_style.overlayFont(false), c.text, c.background);
    m_measured->setMarkerSize(m_style.presentation ? 18 : 11);
    m_measured->setColor(c.text);
    m_measured->setBorderColor(c.background);
    m_measuredLabel->setLook(m_style.overlayFont(true), c.text, c.background);
}

void CliffChart::retranslateUi() {
    localizeChartNumbers(m_chart);
    for (int i = 0; i < kTermCount; ++i) {
        m_areas[static_cast<size_t>(i)]->setName(Texts::termName(static_cast<Term>(i)));
    }
    setAccessibleName(tr("OOM cliff chart"));
    setAccessibleDescription(tr("Memory against micro-batch or sequence length, with the GPU "
                                "capacity and the largest value that fits."));
    rebuild();
}

void CliffChart::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
    }
    QChartView::changeEvent(e);
}

} // namespace headroom::ui
