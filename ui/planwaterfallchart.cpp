#include "ui/planwaterfallchart.h"

#include "ui/texts.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCursor>
#include <QEvent>
#include <QLegend>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace headroom::ui {

PlanWaterfallChart::PlanWaterfallChart(QWidget* parent)
    : QChartView(new QChart, parent), m_chart(chart()), m_series(new QStackedBarSeries),
      m_base(new QBarSet(QString())), m_today(new QBarSet(QString())),
      m_saving(new QBarSet(QString())), m_increase(new QBarSet(QString())),
      m_after(new QBarSet(QString())), m_categories(new QBarCategoryAxis), m_y(new QValueAxis),
      m_xHidden(new QValueAxis), m_capacity(new QLineSeries),
      m_capacityLabel(new ChartLabel(m_chart)) {
    setObjectName(QStringLiteral("planWaterfallChart"));
    setRenderHint(QPainter::Antialiasing, false);
    setMinimumSize(260, 180);
    m_chart->setMargins(QMargins(2, 2, 2, 2));
    m_chart->legend()->setVisible(false);
    m_chart->setAnimationOptions(QChart::NoAnimation);
    for (QBarSet* set : {m_base, m_today, m_saving, m_increase, m_after}) {
        m_series->append(set);
        connect(set, &QBarSet::hovered, this, [this](bool on, int index) {
            if (on) {
                QToolTip::showText(QCursor::pos(), barToolTip(index), this);
            } else {
                QToolTip::hideText();
            }
        });
    }
    m_series->setBarWidth(0.6);
    m_chart->addSeries(m_series);
    m_chart->addSeries(m_capacity);
    m_chart->addAxis(m_categories, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_chart->addAxis(m_xHidden, Qt::AlignBottom);
    m_xHidden->setVisible(false);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_y);
    m_capacity->attachAxis(m_xHidden);
    m_capacity->attachAxis(m_y);
    m_categories->setTruncateLabels(false); // short step names; QtCharts elides early
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    m_capacityLabel->setZValue(100);
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { placeOverlays(); });
    applyStyle();
    retranslateUi();
}

void PlanWaterfallChart::setPlan(const Plan& plan, double capacity, ByteUnit unit) {
    m_plan = plan;
    m_capacityBytes = capacity;
    m_unit = unit;
    rebuild();
}

void PlanWaterfallChart::setStyle(const ChartStyle& style) {
    m_style = style;
    applyStyle();
    rebuild();
}

QStringList PlanWaterfallChart::categories() const {
    return m_categories->categories();
}

QString PlanWaterfallChart::barToolTip(int i) const {
    const int n = barCount();
    if (i < 0 || i >= n) {
        return {};
    }
    if (i == 0) {
        return tr("Today: %1").arg(Units::format(m_totals.front(), m_unit));
    }
    if (i == n - 1) {
        return tr("With the whole plan: %1 (disruption cost %2)")
            .arg(Units::format(m_totals.back(), m_unit))
            .arg(m_plan.cost);
    }
    const PlanStep& s = m_plan.steps[static_cast<size_t>(i - 1)];
    return tr("Step %1: %2\nSaves %3, total %4, disruption cost %5")
        .arg(i)
        .arg(Texts::planStep(s.option, s.after))
        .arg(Units::format(m_totals[static_cast<size_t>(i - 1)] - s.total, m_unit))
        .arg(Units::format(s.total, m_unit))
        .arg(s.cost);
}

void PlanWaterfallChart::rebuild() {
    m_totals.clear();
    QStringList labels;
    if (m_plan.found && !m_plan.steps.empty()) {
        m_totals.push_back(m_plan.before);
        labels << tr("Today");
        for (const PlanStep& s : m_plan.steps) {
            m_totals.push_back(s.total);
            labels << Texts::planStepShort(s.option, s.after);
        }
        m_totals.push_back(m_plan.steps.back().total);
        labels << tr("With plan");
    }
    const int n = static_cast<int>(m_totals.size());
    const double bpu = Units::bytesPerUnit(m_unit);
    for (QBarSet* set : {m_base, m_today, m_saving, m_increase, m_after}) {
        set->remove(0, set->count());
    }
    double top = m_capacityBytes;
    for (int i = 0; i < n; ++i) {
        const double t = m_totals[static_cast<size_t>(i)];
        const bool first = i == 0, last = i == n - 1;
        const double prev = first || last ? 0.0 : m_totals[static_cast<size_t>(i - 1)];
        const double lo = first || last ? 0.0 : std::min(prev, t);
        const double hi = first || last ? t : std::max(prev, t);
        m_base->append(lo / bpu);
        m_today->append(first ? t / bpu : 0.0);
        m_after->append(last ? t / bpu : 0.0);
        m_saving->append(!first && !last && t <= prev ? (hi - lo) / bpu : 0.0);
        m_increase->append(!first && !last && t > prev ? (hi - lo) / bpu : 0.0);
        top = std::max(top, t);
    }
    if (m_categories->categories() != labels) {
        m_categories->clear();
        m_categories->append(labels.isEmpty() ? QStringList{QStringLiteral(" ")} : labels);
    }
    m_xHidden->setRange(-0.5, std::max(0, n) - 0.5);
    m_y->setRange(0, top > 0 ? top * 1.12 / bpu : 1.0);
    m_y->applyNiceNumbers();
    m_y->setTitleText(Units::symbol(m_unit));
    m_capacity->clear();
    if (m_capacityBytes > 0 && n > 0) {
        m_capacity->append(-0.5, m_capacityBytes / bpu);
        m_capacity->append(n - 0.5, m_capacityBytes / bpu);
    }
    m_capacity->setVisible(m_capacityBytes > 0 && n > 0);
    while (static_cast<int>(m_labels.size()) < n) {
        m_labels.push_back(new ChartLabel(m_chart));
        m_labels.back()->setZValue(90);
    }
    for (int i = 0; i < static_cast<int>(m_labels.size()); ++i) {
        ChartLabel* l = m_labels[static_cast<size_t>(i)];
        l->setVisible(i < n);
        if (i < n) {
            const double t = m_totals[static_cast<size_t>(i)];
            l->setText(Units::format(t, m_unit));
            l->setLook(m_style.overlayFont(i == 0 || i == n - 1),
                       t > m_capacityBytes && m_capacityBytes > 0 ? m_style.colors().oom
                                                                  : m_style.colors().text,
                       m_style.colors().background);
        }
    }
    placeOverlays();
}

void PlanWaterfallChart::placeOverlays() {
    const QRectF plot = m_chart->plotArea();
    if (m_capacity->isVisible()) {
        m_capacityLabel->setText(tr("GPU capacity %1").arg(Units::format(m_capacityBytes, m_unit)));
        const QPointF p = m_chart->mapToPosition(
            QPointF(barCount() - 0.5, m_capacityBytes / Units::bytesPerUnit(m_unit)), m_capacity);
        const QRectF br = m_capacityLabel->boundingRect();
        m_capacityLabel->setPos(std::max(plot.left(), plot.right() - br.width() - 4),
                                std::max(plot.top(), p.y() - br.height() - 1));
    }
    m_capacityLabel->setVisible(m_capacity->isVisible());
    // rebuild() grows the labels after the axes, whose range change lays the chart out again
    const int n = std::min(barCount(), static_cast<int>(m_labels.size()));
    const QRectF capRect =
        m_capacityLabel->isVisible()
            ? QRectF(m_capacityLabel->pos(), m_capacityLabel->boundingRect().size())
            : QRectF();
    for (int i = 0; i < n; ++i) {
        ChartLabel* l = m_labels[static_cast<size_t>(i)];
        const double t = m_totals[static_cast<size_t>(i)];
        const bool step = i > 0 && i < n - 1;
        const double prev = step ? m_totals[static_cast<size_t>(i - 1)] : 0.0;
        const QPointF p =
            m_chart->mapToPosition(QPointF(i, t / Units::bytesPerUnit(m_unit)), m_capacity);
        const QRectF br = l->boundingRect();
        const double x = std::clamp(p.x() - br.width() / 2, plot.left(),
                                    std::max(plot.left(), plot.right() - br.width()));
        // a step's total is the bottom of its floating bar (a saving): label below it; the
        // first and last bars (and a step that adds memory) are labelled above their top
        double y = step && t <= prev ? p.y() + 2 : p.y() - br.height() - 2;
        if (QRectF(x, y, br.width(), br.height()).intersects(capRect)) {
            y = capRect.top() - br.height() - 2;
        }
        l->setPos(x, std::clamp(y, plot.top(), std::max(plot.top(), plot.bottom() - br.height())));
    }
}

void PlanWaterfallChart::applyStyle() {
    const ChartColors c = m_style.colors();
    m_style.applyToChart(m_chart);
    m_style.applyToAxis(m_categories, false);
    m_style.applyToAxis(m_y, true);
    m_base->setColor(Qt::transparent);
    m_base->setBorderColor(Qt::transparent);
    m_today->setColor(c.oom);
    m_saving->setColor(c.fits.lighter(135));
    m_increase->setColor(c.danger);
    m_after->setColor(c.fits);
    for (QBarSet* set : {m_today, m_saving, m_increase, m_after}) {
        set->setBorderColor(c.background);
    }
    QPen cap(c.capacity, m_style.lineWidth());
    cap.setStyle(Qt::DashLine);
    m_capacity->setPen(cap);
    m_capacityLabel->setLook(m_style.overlayFont(true), c.capacity, c.background);
}

void PlanWaterfallChart::retranslateUi() {
    localizeChartNumbers(m_chart);
    setAccessibleName(tr("Plan waterfall"));
    setAccessibleDescription(tr("Memory today, after each step of the plan and with the whole "
                                "plan, against the GPU capacity."));
    rebuild();
}

void PlanWaterfallChart::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
    }
    QChartView::changeEvent(e);
}

} // namespace headroom::ui
