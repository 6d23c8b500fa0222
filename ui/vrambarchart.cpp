#include "ui/vrambarchart.h"

#include "ui/chartmath.h"
#include "ui/texts.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCursor>
#include <QEvent>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace headroom::ui {

namespace {

/// One bar value to set: QBarSet::replace(index, value).
struct BarValue {
    QBarSet* set;
    int index;
    double value;
};

/// The private QObject through which a QBarSet tells its series of a changed value
/// (QBarSetPrivate, a child of the set in every Qt 6 release); null if there is none.
QObject* barSetNotifier(QBarSet* set) {
    for (QObject* child : set->children())
        if (qstrcmp(child->metaObject()->className(), "QBarSetPrivate") == 0)
            return child;
    return nullptr;
}

/// Sets changed bar values with one layout of the bars: QtCharts lays all bars out again on
/// every QBarSet::replace() (a 70B model on 8 pipeline stages: 16 layouts of 56 bars a drag
/// frame, 1.5 M instructions). All but the last change are made with the set's notifier
/// blocked; the last one lays the bars out from every new value. Without a notifier (another
/// QtCharts) each change lays out, as before.
void replaceBars(const std::vector<BarValue>& changed) {
    for (size_t i = 0; i < changed.size(); ++i) {
        const BarValue& c = changed[i];
        QObject* notifier = i + 1 < changed.size() ? barSetNotifier(c.set) : nullptr;
        const QSignalBlocker hold(notifier);
        c.set->replace(c.index, c.value);
    }
}

void replaceIfChanged(QLineSeries* s, const QList<QPointF>& pts) {
    if (s->points() != pts) {
        s->replace(pts);
    }
}
} // namespace

VramBarChart::VramBarChart(QWidget* parent)
    : QChartView(new QChart, parent), m_chart(chart()), m_series(new QStackedBarSeries),
      m_categories(new QBarCategoryAxis), m_y(new QValueAxis), m_xHidden(new QValueAxis),
      m_capacity(new QLineSeries), m_whisker(new QLineSeries), m_whiskerHi(new QLineSeries(this)),
      m_whiskerLo(new QLineSeries(this)), m_whiskerFill(new QAreaSeries(m_whiskerHi, m_whiskerLo)),
      // QAreaSeries does not own its boundary series, and they are never added to the chart
      m_highlightLo(new QLineSeries(this)), m_highlightHi(new QLineSeries(this)),
      m_highlightArea(new QAreaSeries(m_highlightHi, m_highlightLo)),
      m_capacityLabel(new ChartLabel(m_chart)), m_band(new PlotBand(m_chart)),
      m_grid(new PlotGrid(m_chart, false, true)) {
    setObjectName(QStringLiteral("vramBarChart"));
    // bars, the capacity line and the bands are axis-aligned: no antialiasing needed (text
    // keeps its own antialiasing), which halves the paint time during a drag
    setRenderHint(QPainter::Antialiasing, false);
    setMinimumSize(220, 160);
    m_chart->setMargins(QMargins(2, 2, 2, 2));
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_chart->legend()->setShowToolTips(true);
    m_chart->setAnimationOptions(QChart::NoAnimation);

    for (int i = 0; i < kTermCount; ++i) {
        const auto t = static_cast<Term>(i);
        auto* set = new QBarSet(Texts::termName(t));
        set->setColor(Theme::termColor(t));
        set->append(0.0);
        m_sets[static_cast<size_t>(i)] = set;
        m_series->append(set);
        connect(set, &QBarSet::hovered, this, [this, t](bool on, int index) {
            if (on) {
                QToolTip::showText(QCursor::pos(), segmentToolTip(t, index), this);
            } else {
                QToolTip::hideText();
            }
        });
    }
    m_series->setBarWidth(0.55);
    m_bars = 1;

    // Drawing order: highlight band, danger zone, bars, capacity line.
    m_chart->addSeries(m_highlightArea);
    m_chart->addSeries(m_series);
    m_chart->addSeries(m_whiskerFill);
    m_chart->addSeries(m_whisker);
    m_chart->addSeries(m_capacity);
    m_whisker->setObjectName(QStringLiteral("bandWhisker"));

    m_categories->append(QStringLiteral(" "));
    m_chart->addAxis(m_categories, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_chart->addAxis(m_xHidden, Qt::AlignBottom);
    m_xHidden->setVisible(false);
    m_xHidden->setRange(-0.5, 0.5);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_y);
    for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{m_capacity, m_highlightArea,
                                                                      m_whisker, m_whiskerFill}) {
        s->attachAxis(m_xHidden);
        s->attachAxis(m_y);
        hideLegendMarkers(m_chart, s);
    }
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setTickType(QValueAxis::TicksDynamic);
    m_y->setTickAnchor(0);
    setHelperVisible(m_chart, m_highlightArea, false);
    m_capacityLabel->setZValue(100);

    connect(m_chart, &QChart::plotAreaChanged, this, [this](const QRectF& plot) {
        const bool ticks =
            m_fitGuard.needsRebuild(this, plot.height(), m_style.labelFont(), m_ticks);
        // the room above the bars for their labels was sized for another plot height
        const bool room = !m_fitGuard.tripped() && std::abs(plot.height() - m_axisPlotHeight) > 2;
        if (ticks || room)
            rebuild(); // another tick count, or another label room, for the new height
        else
            placeOverlays();
    });
    applyStyle();
    retranslateUi();
}

void VramBarChart::setLegendShown(bool shown) {
    setLegendVisibleIfChanged(m_chart, shown);
}

double VramBarChart::capacityValue() const {
    const auto pts = m_capacity->points();
    return pts.isEmpty() ? 0.0 : pts.front().y();
}

const RankEstimate* VramBarChart::rankFor(int bar) const {
    const Estimate& e = m_results.shownEstimate();
    if (m_view == View::PerStage && bar >= 0 && bar < static_cast<int>(e.stages.size())) {
        return &e.stages[static_cast<size_t>(bar)];
    }
    return &e.worst;
}

void VramBarChart::setResults(const Results& r, ByteUnit unit) {
    m_results = r;
    m_unit = unit;
    rebuild();
}

void VramBarChart::setView(View v) {
    if (v == m_view) {
        return;
    }
    m_view = v;
    rebuild();
}

void VramBarChart::setInteractive(bool dragging) {
    m_dragging = dragging;
    cacheAxisTexts(m_chart, dragging);
    if (!dragging) {
        rebuild();
    }
}

void VramBarChart::setStyle(const ChartStyle& style) {
    m_style = style;
    applyStyle();
    rebuild();
}

void VramBarChart::rebuild() {
    const Estimate& e = m_results.shownEstimate();
    const int n = m_view == View::PerStage && m_results.hasEstimate
                      ? std::max(1, static_cast<int>(e.stages.size()))
                      : 1;
    resizeBars(n);
    const double maxTotal = updateBarValues(n);
    updateCategories(n);
    updateTotalLabels(e, n); // their heights set the room above the bars
    updateAxesAndBand(e, n, maxTotal);
    placeOverlays();
}

void VramBarChart::resizeBars(int n) {
    if (n == m_bars)
        return;
    for (QBarSet* set : m_sets) {
        if (set->count() > n) {
            set->remove(n, set->count() - n);
        }
        while (set->count() < n) {
            set->append(0.0);
        }
    }
    m_bars = n;
    m_xHidden->setRange(-0.5, n - 0.5);
    m_series->setBarWidth(n == 1 ? 0.55 : 0.7);
}

double VramBarChart::updateBarValues(int n) {
    const double bpu = Units::bytesPerUnit(m_unit);
    double maxTotal = 0;
    std::array<bool, kTermCount> used{};
    std::vector<BarValue> changed;
    for (int b = 0; b < n; ++b) {
        const RankEstimate* rank = rankFor(b);
        for (int t = 0; t < kTermCount; ++t) {
            const double v = m_results.hasEstimate ? rank->atPeak[static_cast<size_t>(t)] : 0.0;
            QBarSet* set = m_sets[static_cast<size_t>(t)];
            if (set->at(b) != v / bpu)
                changed.push_back({set, b, v / bpu});
            used[static_cast<size_t>(t)] = used[static_cast<size_t>(t)] || v > 0;
        }
        maxTotal = std::max(maxTotal, m_results.hasEstimate ? rank->nvidiaSmi : 0.0);
    }
    replaceBars(changed);
    bool legendChanged = false;
    const auto markers = m_chart->legend()->markers(m_series);
    for (int t = 0; t < kTermCount && t < markers.size(); ++t) {
        // one marker per bar set, in append order; only unused terms are left out
        const int want = used[static_cast<size_t>(t)] ? 1 : 0;
        if (m_markerShown[static_cast<size_t>(t)] != want) {
            markers[t]->setVisible(want == 1);
            m_markerShown[static_cast<size_t>(t)] = want;
            legendChanged = true;
        }
    }
    if (legendChanged) {
        relayoutLegend(m_chart);
    }
    m_used = used;
    return maxTotal;
}

void VramBarChart::updateCategories(int n) {
    QStringList labels;
    m_highlight = -1;
    if (m_view == View::PerStage && m_results.hasEstimate && n > 1) {
        m_highlight = m_results.tightestStage;
    }
    labels = categoryLabels(n);
    if (m_categories->categories() != labels) {
        m_categories->setCategories(labels);
    }
    // with many stages the numbers would be truncated to "…": name the range instead
    const bool manyStages = m_view == View::PerStage && n > 12;
    if (m_categories->labelsVisible() == manyStages) {
        m_categories->setLabelsVisible(!manyStages);
    }
    setTitleIfChanged(m_categories, categoryTitle(n));
}

double VramBarChart::highestOnBars() const {
    double top = m_whisker->isVisible() ? m_whiskerHigh : 0.0;
    for (int b = 0; b < static_cast<int>(m_totalLabels.size()); ++b)
        if (const RankEstimate* rank = rankFor(b))
            top = std::max(top, rank->nvidiaSmi / Units::bytesPerUnit(m_unit));
    return top;
}

QRectF VramBarChart::whiskerRect() const {
    if (!m_whisker->isVisible())
        return {};
    QRectF r;
    for (const QPointF& p : m_whisker->points()) {
        const QPointF at = m_chart->mapToPosition(p, m_whisker);
        r = r.isNull() ? QRectF(at, QSizeF(1, 1)) : r.united(QRectF(at, QSizeF(1, 1)));
    }
    return r;
}

QRectF VramBarChart::capacityLabelRect() const {
    return m_capacityLabel->isVisible()
               ? QRectF(m_capacityLabel->pos(), m_capacityLabel->boundingRect().size())
               : QRectF();
}

bool VramBarChart::whiskerShown() const {
    return m_whisker->isVisible();
}

void VramBarChart::updateAxesAndBand(const Estimate& e, int n, double maxTotal) {
    const double bpu = Units::bytesPerUnit(m_unit);
    const double cap = e.capacity / bpu;
    const bool whisker = m_view == View::WorstRank && m_results.hasEstimate &&
                         !m_results.band.contributors.empty() &&
                         !m_results.drawsServingCliff(); // the band is the generate() run's
    const std::size_t smi = static_cast<std::size_t>(Metric::NvidiaSmi);
    const double bandHigh = whisker ? m_results.band.high[smi] : 0.0;
    m_whiskerHigh = bandHigh / bpu;
    const double plotHeight =
        m_chart->plotArea().height() > 0 ? m_chart->plotArea().height() : height() - 60.0;
    // room above the highest bar, whisker or the capacity line for the two labels that sit
    // there (the capacity's and the bar's total, one above the other), so neither is pushed
    // onto the bar
    double totalHeight = 0;
    for (const ChartLabel* item : m_totalLabels)
        if (item->isVisible())
            totalHeight = std::max(totalHeight, item->boundingRect().height());
    const double labelRoom = m_capacityLabel->boundingRect().height() + totalHeight + 8.0;
    m_axisPlotHeight = plotHeight;
    const double headroom = std::clamp(labelRoom / std::max(1.0, plotHeight), 0.08, 0.5);
    const double top = std::max({cap, maxTotal / bpu, bandHigh / bpu}) / (1.0 - headroom);
    const int ticks = ticksForHeight(plotHeight, m_style.labelFont());
    const double yMax = heldAxisMax(niceCeil(top > 0 ? top : 1.0, ticks), m_yMax, m_dragging);
    if (yMax != m_yMax || ticks != m_ticks) {
        m_yMax = yMax;
        m_ticks = ticks;
        setNiceRange(m_y, yMax, ticks);
    }
    fitMemoryTitle();
    setLabelFormatIfChanged(m_y, yMax < 10 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));

    replaceIfChanged(m_capacity, {QPointF(-0.5, cap), QPointF(n - 0.5, cap)});
    if (whisker) { // the band from its low to its high bound, on the one bar: a box narrower
        // than the bar, drawn as the legend's swatch and the cliff's band (a translucent fill,
        // a dashed edge), so it is not read as one more stacked term
        const double lo = m_results.band.low[smi] / bpu, hi = bandHigh / bpu, w = 0.08;
        replaceIfChanged(m_whisker, {QPointF(-w, lo), QPointF(w, lo), QPointF(w, hi),
                                     QPointF(-w, hi), QPointF(-w, lo)});
        replaceIfChanged(m_whiskerHi, {QPointF(-w, hi), QPointF(w, hi)});
        replaceIfChanged(m_whiskerLo, {QPointF(-w, lo), QPointF(w, lo)});
    }
    setHelperVisible(m_chart, m_whisker, whisker);
    setHelperVisible(m_chart, m_whiskerFill, whisker);
    // over the capacity: the region a run cannot reach (the cliff's shading past the largest
    // value that fits is the same colour)
    m_band->setBand(Qt::Vertical, 0.0, cap > 0 ? std::max(0.0, 1.0 - cap / yMax) : 0.0,
                    m_style.colors().plot, m_style.colors().danger);
    if (m_highlight >= 0) {
        replaceIfChanged(m_highlightLo,
                         {QPointF(m_highlight - 0.5, 0), QPointF(m_highlight + 0.5, 0)});
        replaceIfChanged(m_highlightHi,
                         {QPointF(m_highlight - 0.5, yMax), QPointF(m_highlight + 0.5, yMax)});
    }
    setHelperVisible(m_chart, m_highlightArea, m_highlight >= 0);
}

void VramBarChart::updateTotalLabels(const Estimate& e, int n) {
    // total labels above the bars
    while (static_cast<int>(m_totalLabels.size()) < n) {
        auto* item = new ChartLabel(m_chart);
        item->setZValue(100);
        m_totalLabels.push_back(item);
    }
    // every bar's total while they fit side by side; with many stages only the tightest one
    const bool showTotals = n <= 8;
    for (size_t b = 0; b < m_totalLabels.size(); ++b) {
        ChartLabel* item = m_totalLabels[b];
        const bool tightestOnly = !showTotals && static_cast<int>(b) == m_highlight;
        const bool visible =
            (showTotals || tightestOnly) && static_cast<int>(b) < n && m_results.hasEstimate;
        item->setVisible(visible);
        if (visible) {
            const RankEstimate* rank = rankFor(static_cast<int>(b));
            // the bar is nvidia-smi; the verdict counts what the rank needs (less releasable
            // cache and pageable states): where the two differ the label names both, in the
            // headline's words, so the headline and the bar never show two unexplained totals
            const double needed = verdictBytes(*rank);
            QString total = Units::format(rank->nvidiaSmi, m_unit);
            if (Units::format(needed, m_unit) != total) {
                const QString both = tr("%1 · needs %2").arg(total, Units::format(needed, m_unit));
                const double plotWidth =
                    m_chart->plotArea().width() > 0 ? m_chart->plotArea().width() : width() - 80.0;
                total = fittingText(
                    {both, tr("%1\nneeds %2").arg(total, Units::format(needed, m_unit))},
                    m_style.overlayFont(true), plotWidth / n - 4, &m_widths);
            }
            item->setText(tightestOnly ? tr("★ tightest: stage %1, %2").arg(b + 1).arg(total)
                                       : total);
            item->setLook(m_style.overlayFont(true),
                          rankFits(*rank, e.capacity) ? m_style.colors().text
                                                      : m_style.colors().oom,
                          m_style.colors().background);
        }
    }
}

QString VramBarChart::totalLabelText(int bar) const {
    if (bar < 0 || bar >= static_cast<int>(m_totalLabels.size()))
        return {};
    const ChartLabel* l = m_totalLabels[static_cast<size_t>(bar)];
    return l->isVisible() ? l->text() : QString();
}

bool VramBarChart::totalShownOverCapacity(int bar) const {
    if (bar < 0 || bar >= static_cast<int>(m_totalLabels.size()))
        return false;
    return m_totalLabels[static_cast<size_t>(bar)]->textColor() == m_style.colors().oom;
}

QStringList VramBarChart::categoryLabels(int n) const {
    // QtCharts elides a category label to a share of its slot: one bar is named by the axis
    // title (the whole plot width), several by their stage numbers under "Pipeline stage"
    QStringList labels;
    for (int b = 0; b < n; ++b) {
        if (m_view == View::WorstRank || !m_results.hasEstimate || n == 1)
            labels << QStringLiteral(" ");
        else
            labels << (b == m_highlight ? QStringLiteral("★ %1").arg(b + 1)
                                        : QString::number(b + 1));
    }
    return labels;
}

QString VramBarChart::categoryTitle(int n) const {
    const Estimate& e = m_results.shownEstimate();
    const double room =
        m_chart->plotArea().width() > 0 ? m_chart->plotArea().width() : width() - 80.0;
    QFont f = m_style.labelFont();
    f.setBold(true);
    QStringList variants;
    if (m_view == View::PerStage && n > 12)
        variants = {tr("Pipeline stages 1–%1").arg(n), tr("Stages 1–%1").arg(n)};
    else if (m_view == View::PerStage && n > 1)
        variants = {tr("Pipeline stage"), tr("Stage")};
    else if (e.stages.size() > 1 && m_results.hasEstimate) {
        const int stage = (m_view == View::PerStage ? 0 : e.worst.stage) + 1;
        variants = {tr("Tightest rank (stage %1)").arg(stage), tr("Stage %1").arg(stage)};
    } else
        variants = {tr("Per GPU"), QString()};
    return fittingText(variants, f, room, &m_widths);
}

void VramBarChart::fitMemoryTitle() {
    QFont f = m_style.labelFont();
    f.setBold(true);
    const double room = axisTitleRoom(
        m_chart->plotArea().height() > 0 ? m_chart->plotArea().height() : height() - 60.0);
    const QString unit = Units::symbol(m_unit);
    setTitleIfChanged(m_y, fittingText({tr("Memory (%1)").arg(unit), unit}, f, room, &m_widths));
}

void VramBarChart::placeOverlays() {
    const QRectF plot = m_chart->plotArea();
    m_band->place();
    m_grid->place();
    cacheAxisTexts(m_chart, m_dragging);
    if (!m_fitGuard.tripped()) { // the titles follow the plot's size, not only new results
        setTitleIfChanged(m_categories, categoryTitle(m_bars));
        fitMemoryTitle();
    }
    const double cap = capacityValue();
    // the highest thing drawn on the bars (a total or the whisker's top), in pixels
    const double barTop =
        m_chart->mapToPosition(QPointF(0, std::min(highestOnBars(), m_yMax)), m_capacity).y();
    if (m_capacity->isVisible()) {
        // the long label when the plot is wide enough, else just the number
        const QString capText = Units::format(m_results.shownEstimate().capacity, m_unit);
        m_capacityLabel->setText(tr("GPU capacity %1").arg(capText));
        if (m_capacityLabel->boundingRect().width() > plot.width() - 8) {
            m_capacityLabel->setText(capText);
        }
        const QPointF p = m_chart->mapToPosition(QPointF(m_bars - 0.5, cap), m_capacity);
        const QRectF br = m_capacityLabel->boundingRect();
        // above its line, and above the bars' tops where they reach within a label of it (the
        // whisker and the top segments stay visible); a bar far over the line keeps it at
        // the line
        double y = p.y() - br.height() - 1;
        if (barTop < p.y() && barTop > y - br.height())
            y = barTop - br.height() - 2;
        if (y < plot.top()) {
            y = p.y() + 2;
        }
        m_capacityLabel->setPos(std::max(plot.left(), plot.right() - br.width() - 4), y);
        m_capacityLabel->setVisible(true);
    } else {
        m_capacityLabel->setVisible(false);
    }
    for (int b = 0; b < static_cast<int>(m_totalLabels.size()); ++b) {
        ChartLabel* item = m_totalLabels[static_cast<size_t>(b)];
        if (!item->isVisible()) {
            continue;
        }
        const RankEstimate* rank = rankFor(b);
        double v = rank->nvidiaSmi / Units::bytesPerUnit(m_unit);
        if (b == 0 && m_whisker->isVisible()) // above the whisker too
            v = std::max(v, m_whiskerHigh);
        const QPointF p = m_chart->mapToPosition(QPointF(b, std::min(v, m_yMax)), m_capacity);
        const QRectF br = item->boundingRect();
        double y = std::max(plot.top() + 2, p.y() - br.height() - 2);
        const double x = std::clamp(p.x() - br.width() / 2, plot.left(),
                                    std::max(plot.left(), plot.right() - br.width()));
        // a total near the capacity line would sit on the capacity label: above it (the
        // axis leaves room for both, updateAxesAndBand), or below it where the plot ends
        if (m_capacityLabel->isVisible()) {
            const QRectF capRect(m_capacityLabel->pos(), m_capacityLabel->boundingRect().size());
            if (QRectF(x, y, br.width(), br.height()).intersects(capRect)) {
                y = capRect.top() - br.height() - 2;
                if (y < plot.top())
                    y = capRect.bottom() + 2;
            }
        }
        item->setPos(x, y);
    }
    hideCrowdedTotals();
}

void VramBarChart::hideCrowdedTotals() {
    // Totals wider than a bar's slot run into each other (8 stages on a narrow chart): then
    // only the tightest rank keeps its total. Faded, not hidden, so that a wider plot shows
    // them all again on the next placement.
    bool crowded = false;
    const ChartLabel* prev = nullptr;
    for (const ChartLabel* item : m_totalLabels) {
        if (!item->isVisible())
            continue;
        if (prev && QRectF(prev->pos(), prev->size()).intersects(QRectF(item->pos(), item->size())))
            crowded = true;
        prev = item;
    }
    for (size_t b = 0; b < m_totalLabels.size(); ++b)
        m_totalLabels[b]->setOpacity(!crowded || static_cast<int>(b) == m_highlight ? 1.0 : 0.0);
}

std::vector<QRectF> VramBarChart::shownTotalRects() const {
    std::vector<QRectF> out;
    for (const ChartLabel* item : m_totalLabels)
        if (item->isVisible() && item->opacity() > 0)
            out.emplace_back(item->pos(), item->size());
    return out;
}

void VramBarChart::applyStyle() {
    const ChartColors c = m_style.colors();
    m_style.applyToChart(m_chart);
    m_style.applyToAxis(m_categories, false);
    m_style.applyToAxis(m_y, false); // the grid: m_grid
    m_grid->setColor(m_style.colors().grid);
    QPen cap(c.capacity, m_style.lineWidth() + 0.5);
    cap.setCapStyle(Qt::FlatCap);
    m_capacity->setPen(cap);
    // half the curves' width: a band a few pixels tall (0.8 GiB of 100 on a 1280x720 stage)
    // drawn with the full width read as a black smudge on the bar's top (the GUI review)
    m_whisker->setPen(QPen(c.total, std::max(1.0, 0.5 * m_style.lineWidth()), Qt::DashLine));
    m_whiskerFill->setBrush(c.bandFill()); // the legend's and the cliff's band look
    m_whiskerFill->setPen(Qt::NoPen);
    m_highlightArea->setBrush(c.highlight);
    m_highlightArea->setPen(Qt::NoPen);
    for (QBarSet* set : m_sets) {
        set->setPen(QPen(c.background, m_style.presentation ? 1.5 : 1.0));
    }
    m_capacityLabel->setLook(m_style.overlayFont(true), c.capacity, c.background);
}

void VramBarChart::retranslateUi() {
    localizeChartNumbers(m_chart);
    for (int i = 0; i < kTermCount; ++i) {
        m_sets[static_cast<size_t>(i)]->setLabel(Texts::termName(static_cast<Term>(i)));
    }
    setAccessibleName(tr("Stacked VRAM bar"));
    setAccessibleDescription(tr("Memory per term for the worst rank or per pipeline stage, "
                                "with the GPU capacity marked."));
    rebuild();
}

void VramBarChart::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
    }
    QChartView::changeEvent(e);
}

QString VramBarChart::segmentToolTip(Term t, int bar) const {
    if (!m_results.hasEstimate) {
        return {};
    }
    const RankEstimate* rank = rankFor(bar);
    const double bytes = rank->atPeak[static_cast<size_t>(t)];
    const double share = rank->nvidiaSmi > 0 ? 100.0 * bytes / rank->nvidiaSmi : 0.0;
    const ByteUnit other = m_unit == ByteUnit::GiB ? ByteUnit::GB : ByteUnit::GiB;
    QString where = m_view == View::PerStage ? tr("stage %1 (layers %2–%3)")
                                                   .arg(rank->stage + 1)
                                                   .arg(rank->firstLayer)
                                                   .arg(rank->firstLayer + rank->numLayers - 1)
                                             : tr("worst rank");
    QString text =
        tr("<b>%1</b> — %2<br>%3 (%4, %5 bytes)<br>%6 % of %7 (nvidia-smi total)")
            .arg(Texts::termName(t).toHtmlEscaped(), where.toHtmlEscaped(),
                 Units::format(bytes, m_unit, 2), Units::format(bytes, other, 2),
                 QLocale().toString(static_cast<qlonglong>(std::llround(bytes))),
                 QLocale().toString(share, 'f', 1), Units::format(rank->nvidiaSmi, m_unit));
    text += QStringLiteral("<br><i>%1</i>").arg(Texts::termTooltip(t).toHtmlEscaped());
    if (m_formula) {
        // the formula of the rank this bar shows, so its numbers are the tooltip's
        const QString f = m_formula(t, m_view == View::PerStage ? rank->stage : -1);
        if (!f.isEmpty()) {
            text += QStringLiteral("<br><tt>%1</tt>").arg(f.toHtmlEscaped());
        }
    }
    return text;
}

} // namespace headroom::ui
