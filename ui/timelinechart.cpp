#include "ui/timelinechart.h"

#include "ui/chartmath.h"
#include "ui/texts.h"

#include <QBarCategoryAxis>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsEllipseItem>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace headroom::ui {

namespace {
/// The stages drawn as lines: all of them up to maxLines, else maxLines evenly spaced ones
/// (first and last included) with the tightest in place of its nearest neighbour.
std::vector<int> stagesToDraw(int count, int tightest, int maxLines) {
    std::vector<int> out;
    if (count <= maxLines) {
        for (int i = 0; i < count; ++i)
            out.push_back(i);
        return out;
    }
    for (int k = 0; k < maxLines; ++k)
        out.push_back(static_cast<int>(static_cast<int64_t>(k) * (count - 1) / (maxLines - 1)));
    if (std::find(out.begin(), out.end(), tightest) == out.end()) {
        auto nearest = std::min_element(out.begin() + 1, out.end() - 1, [tightest](int a, int b) {
            return std::abs(a - tightest) < std::abs(b - tightest);
        });
        *nearest = tightest;
        std::sort(out.begin(), out.end());
    }
    return out;
}
} // namespace

TimelineChart::TimelineChart(QWidget* parent)
    : QChartView(new QChart, parent), m_chart(chart()), m_x(new QBarCategoryAxis),
      m_y(new QValueAxis), m_peak(new QScatterSeries), m_peakLabel(new ChartLabel(m_chart)) {
    setObjectName(QStringLiteral("timelineChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(300, 180);
    m_chart->setMargins(QMargins(2, 2, 8, 2));
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_y->setTickType(QValueAxis::TicksDynamic);
    m_y->setTickAnchor(0);
    m_chart->addSeries(m_peak);
    m_peak->attachAxis(m_x);
    m_peak->attachAxis(m_y);
    m_peak->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    hideLegendMarkers(m_chart, m_peak);
    // the series holds the peak; a plain scene item draws its ring above every line (QtCharts
    // draws series in the order added, and the lines come and go with the stages)
    m_peak->setVisible(false);
    m_ring = new QGraphicsEllipseItem(m_chart);
    m_ring->setZValue(90);
    m_ring->setVisible(false);
    m_peakLabel->setZValue(100);
    connect(m_chart, &QChart::plotAreaChanged, this, [this](const QRectF& plot) {
        if (m_fitGuard.needsRebuild(this, plot.height(), m_style.labelFont(), m_ticks))
            rebuild(); // another tick count for the new height
        else
            placeOverlays();
    });
    applyStyle();
    retranslateUi();
}

void TimelineChart::setResults(const Results& r, ByteUnit unit) {
    m_results = r;
    m_unit = unit;
    rebuild();
}

void TimelineChart::setStyle(const ChartStyle& style) {
    m_style = style;
    applyStyle();
    rebuild();
}

QString TimelineChart::peakLabelText() const {
    return m_peakLabel->text();
}

QString TimelineChart::phaseLabelText(int i) const {
    return i >= 0 && i < static_cast<int>(m_labels.size())
               ? m_labels[static_cast<size_t>(i)]->text()
               : QString();
}

int TimelineChart::tightestLine() const {
    int line = -1;
    for (size_t k = 0; k < m_lineStage.size(); ++k)
        if (m_lineStage[k] == m_results.tightestStage)
            line = static_cast<int>(k);
    return line;
}

double TimelineChart::labelDistance(int i) const {
    const ChartLabel* l = i < 0                                   ? m_peakLabel
                          : i < static_cast<int>(m_labels.size()) ? m_labels[static_cast<size_t>(i)]
                                                                  : nullptr;
    if (!l || !l->isVisible())
        return -1;
    QPointF p;
    if (i < 0) {
        p = m_ring->rect().center();
    } else {
        const int tight = tightestLine();
        if (tight < 0)
            return -1;
        QLineSeries* s = m_lines[static_cast<size_t>(tight)];
        p = m_chart->mapToPosition(s->at(i), s);
    }
    const QRectF r = l->mapRectToParent(l->rect());
    const double dx = std::max({r.left() - p.x(), 0.0, p.x() - r.right()});
    const double dy = std::max({r.top() - p.y(), 0.0, p.y() - r.bottom()});
    return std::hypot(dx, dy);
}

void TimelineChart::rebuild() {
    const Results& r = m_results;
    m_phases.clear();
    for (int i = 0; i < kPhaseCount; ++i)
        if (r.phaseApplies[static_cast<size_t>(i)])
            m_phases.push_back(static_cast<Phase>(i));
    fitCategories();

    const auto& stages = r.shownEstimate().stages;
    const bool have = r.hasEstimate && !stages.empty();
    const int tightest =
        have ? std::clamp(r.tightestStage, 0, static_cast<int>(stages.size()) - 1) : 0;
    rebuildLines(have ? stagesToDraw(static_cast<int>(stages.size()), tightest, kMaxStageLines)
                      : std::vector<int>{});
    double yMax = 0;
    for (QLineSeries* s : m_lines)
        for (const QPointF& p : s->points())
            yMax = std::max(yMax, p.y());
    // as many ticks as the plot's height holds apart (QtCharts elides crowded ones to "...")
    const double plotHeight =
        m_chart->plotArea().height() > 0 ? m_chart->plotArea().height() : height() - 60.0;
    const int ticks = ticksForHeight(plotHeight, m_style.labelFont());
    m_ticks = ticks;
    const double step = setNiceRange(m_y, niceCeil(std::max(yMax, 1e-9) * 1.12, ticks), ticks);
    setLabelFormatIfChanged(m_y, step < 1 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    fitYTitle();
    rebuildLabels(have ? tightest : -1);
    setLegendVisibleIfChanged(m_chart, m_lines.size() > 1);
    if (QGraphicsLayout* l = m_chart->layout())
        l->invalidate(); // the axis-label width follows the new range (else "..." labels)
    placeOverlays();
}

void TimelineChart::rebuildLines(const std::vector<int>& stages) {
    const double unit = Units::bytesPerUnit(m_unit);
    while (m_lines.size() > stages.size()) {
        m_chart->removeSeries(m_lines.back());
        delete m_lines.back();
        m_lines.pop_back();
    }
    while (m_lines.size() < stages.size()) {
        auto* s = new QLineSeries(this);
        s->setPointsVisible(true);
        m_chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        m_lines.push_back(s);
    }
    m_lineStage = stages;
    const int n = static_cast<int>(stages.size());
    for (int k = 0; k < n; ++k) {
        const RankEstimate& rank = m_results.shownEstimate().stages[static_cast<size_t>(stages[k])];
        QList<QPointF> pts;
        for (size_t i = 0; i < m_phases.size(); ++i)
            pts << QPointF(static_cast<double>(i),
                           rank.phaseAllocated[static_cast<size_t>(m_phases[i])] / unit);
        if (m_lines[static_cast<size_t>(k)]->points() != pts)
            m_lines[static_cast<size_t>(k)]->replace(pts);
        m_lines[static_cast<size_t>(k)]->setName(n > 1 ? stageName(stages[k]) : tr("Per GPU"));
    }
    applyStyle();
}

void TimelineChart::rebuildLabels(int tightest) {
    const size_t n = tightest < 0 ? 0 : m_phases.size();
    while (m_labels.size() > n) {
        delete m_labels.back();
        m_labels.pop_back();
    }
    while (m_labels.size() < n) {
        auto* l = new ChartLabel(m_chart);
        l->setZValue(100);
        const ChartColors c = m_style.colors();
        l->setLook(m_style.overlayFont(false), c.text, c.background);
        m_labels.push_back(l);
    }
    m_peak->clear();
    m_peakLabel->setText(QString());
    if (tightest < 0)
        return;
    const RankEstimate& rank = m_results.shownEstimate().stages[static_cast<size_t>(tightest)];
    double prev = 0;
    for (size_t i = 0; i < n; ++i) {
        const double b = rank.phaseAllocated[static_cast<size_t>(m_phases[i])];
        QString text = Units::format(b, m_unit, 1);
        if (i > 0)
            text += QStringLiteral(" (%1)").arg(Units::formatSigned(b - prev, m_unit, 1));
        m_labels[i]->setText(text);
        prev = b;
    }
    const auto it = std::find(m_phases.begin(), m_phases.end(), rank.peakPhase);
    if (it == m_phases.end())
        return;
    const double peak = rank.phaseAllocated[static_cast<size_t>(rank.peakPhase)];
    m_peak->append(static_cast<double>(it - m_phases.begin()), peak / Units::bytesPerUnit(m_unit));
    // it names what it counts: where the axis title shortens to its unit (a 1280x720 stage)
    // "peak: 110.9 GiB" stood under a headline of 114.1 GiB (nvidia-smi)
    m_peakLabel->setText(
        m_results.shownEstimate().stages.size() > 1
            ? tr("allocated peak: %1 in %2 (stage %3)")
                  .arg(Units::format(peak, m_unit, 1), Texts::phaseName(rank.peakPhase))
                  .arg(tightest + 1)
            : tr("allocated peak: %1 in %2")
                  .arg(Units::format(peak, m_unit, 1), Texts::phaseName(rank.peakPhase)));
}

QString TimelineChart::stageName(int stage) const {
    return m_shortNames ? QString::number(stage + 1) : tr("Stage %1").arg(stage + 1);
}

void TimelineChart::fitLegend() {
    // the legend in one row under the plot: "Stage 1" ... while they fit, else the numbers
    if (m_lines.size() < 2)
        return;
    const QFontMetricsF fm(m_style.labelFont());
    double need = 0;
    for (int stage : m_lineStage)
        need += fm.horizontalAdvance(tr("Stage %1").arg(stage + 1)) + fm.height() * 2.5;
    const bool shortNames = need > m_chart->size().width() - 20;
    if (shortNames == m_shortNames)
        return;
    m_shortNames = shortNames;
    for (size_t k = 0; k < m_lines.size(); ++k)
        m_lines[k]->setName(stageName(m_lineStage[k]));
}

void TimelineChart::fitCategories() {
    // every phase in its full name when all fit their slots, else all in the short one
    const double plotWidth =
        m_chart->plotArea().width() > 0 ? m_chart->plotArea().width() : width() - 80.0;
    // QtCharts elides a bar-category label well inside its slot (about half of it)
    const double slot = plotWidth / std::max<size_t>(1, m_phases.size()) * 0.45 - 4;
    const QFontMetricsF fm(m_style.labelFont());
    bool full = true;
    for (Phase p : m_phases)
        full = full && fm.horizontalAdvance(Texts::phaseName(p)) <= slot;
    QStringList cats;
    for (Phase p : m_phases)
        cats << (full ? Texts::phaseName(p) : Texts::phaseShortName(p));
    if (m_x->categories() != cats)
        m_x->setCategories(cats);
}

void TimelineChart::fitYTitle() {
    QFont bold = m_style.labelFont();
    bold.setBold(true);
    const double room = m_chart->plotArea().height() > 0
                            ? axisTitleRoom(m_chart->plotArea().height())
                            : height() - 80.0;
    const QString unit = Units::symbol(m_unit);
    setTitleIfChanged(m_y, fittingText({tr("Allocated (%1)").arg(unit), unit}, bold, room));
}

double TimelineChart::ringDiameter() const {
    // around the line's own point at any stage scale (a 20 px ring vanished under a 4K wall's
    // 9 px line and its point)
    return std::max(12.0, 5.0 * m_style.lineWidth());
}

void TimelineChart::placeOverlays() {
    const QRectF plot = m_chart->plotArea();
    if (plot.isEmpty())
        return;
    if (!m_fitGuard.tripped()) {
        fitCategories();
        fitYTitle();
        fitLegend();
    }
    const QRectF inside = plot.adjusted(2, 2, -2, -2);
    QList<const ChartLabel*> placed;
    // the lines stay readable under the labels: the peak's label sat on the segment into it
    QList<QRectF> lines, points;
    for (QLineSeries* line : m_lines) {
        if (!line->isVisible())
            continue;
        const QList<QPointF> pts = pixelPoints(m_chart, line);
        for (const QPointF& pt : pts)
            points << markerRect(pt, ringDiameter()); // the phase's point
        lines << lineKeepRects(pts, plot);
    }
    m_peakLabel->setVisible(m_peak->count() == 1);
    m_ring->setVisible(m_peak->count() == 1);
    int peakIndex = -1;
    if (m_peak->count() == 1) {
        const QPointF p = m_chart->mapToPosition(m_peak->at(0), m_peak);
        peakIndex = static_cast<int>(std::lround(m_peak->at(0).x()));
        const double d = ringDiameter();
        m_ring->setRect(QRectF(p.x() - d / 2, p.y() - d / 2, d, d));
        const QSizeF sz = m_peakLabel->size();
        const double gap = d / 2 + 4; // clear of the ring
        // under, over, beside the ring, then at its corners; off the lines where it finds
        // room by the ring, else over them (its plate hides them), never far away: the
        // verdict's phase keeps its words by its ring
        placeNear(m_peakLabel,
                  {QPointF(p.x() - sz.width() / 2, p.y() + gap),
                   QPointF(p.x() - sz.width() / 2, p.y() - sz.height() - gap),
                   QPointF(p.x() + gap, p.y() - sz.height() / 2),
                   QPointF(p.x() - gap - sz.width(), p.y() - sz.height() / 2),
                   QPointF(p.x() + gap, p.y() + gap),
                   QPointF(p.x() - gap - sz.width(), p.y() + gap),
                   QPointF(p.x() + gap, p.y() - sz.height() - gap),
                   QPointF(p.x() - gap - sz.width(), p.y() - sz.height() - gap)},
                  inside, placed, lines + points, &points);
    }
    const int tightLine = tightestLine();
    for (size_t i = 0; i < m_labels.size(); ++i) {
        ChartLabel* l = m_labels[i];
        // the peak phase's value is in the peak label already
        l->setVisible(tightLine >= 0 && static_cast<int>(i) != peakIndex);
        if (!l->isVisible())
            continue;
        QLineSeries* s = m_lines[static_cast<size_t>(tightLine)];
        const QPointF p = m_chart->mapToPosition(s->at(static_cast<int>(i)), s);
        const QSizeF sz = l->size();
        if (!placeNear(l,
                       {QPointF(p.x() - sz.width() / 2, p.y() - sz.height() - 8),
                        QPointF(p.x() - sz.width() / 2, p.y() + 8),
                        QPointF(p.x() - sz.width() - 8, p.y() - sz.height() / 2),
                        QPointF(p.x() + 8, p.y() - sz.height() / 2)},
                       inside, placed, lines + points))
            l->setVisible(false); // no room by its point off the lines: the hover has it
    }
}

void TimelineChart::applyStyle() {
    const ChartColors c = m_style.colors();
    m_style.applyToChart(m_chart);
    m_style.applyToAxis(m_x, false);
    m_style.applyToAxis(m_y, true);
    const int n = static_cast<int>(m_lines.size());
    for (int k = 0; k < n; ++k) {
        const bool tight = m_lineStage.size() == m_lines.size() &&
                           m_lineStage[static_cast<size_t>(k)] == m_results.tightestStage;
        // the tightest rank in the total-line colour, the others each in a hue of its own
        const QColor col = tight ? c.total
                                 : QColor::fromHsv((k * 360 / std::max(1, n) + 200) % 360, 150,
                                                   m_style.theme == ThemeKind::Dark ? 235 : 170);
        m_lines[static_cast<size_t>(k)]->setPen(
            QPen(col, tight ? m_style.lineWidth() + 1 : m_style.lineWidth() * 0.75));
    }
    m_ring->setBrush(c.oom);
    m_ring->setPen(QPen(c.background, 1.5));
    m_peakLabel->setLook(m_style.overlayFont(true), c.oom, c.background);
    for (ChartLabel* l : m_labels)
        l->setLook(m_style.overlayFont(false), c.text, c.background);
}

void TimelineChart::retranslateUi() {
    localizeChartNumbers(m_chart);
    setAccessibleName(tr("Step timeline"));
    setAccessibleDescription(tr("Allocated memory through one step (after load, forward, "
                                "backward, optimizer step), one line per pipeline stage, with "
                                "the peak marked."));
    rebuild();
}

void TimelineChart::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QChartView::changeEvent(e);
}

} // namespace headroom::ui
