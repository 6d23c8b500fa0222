#include "ui/servingcliffchart.h"

#include "ui/texts.h"
#include "ui/units.h"

#include <QChart>
#include <QEvent>
#include <QFontMetricsF>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>

namespace headroom::ui {

ServingCliffChart::ServingCliffChart(QWidget* parent)
    : QChartView(new QChart, parent), m_chart(chart()), m_x(new QLogValueAxis),
      m_y(new QLogValueAxis), m_curve(new QLineSeries), m_here(new QScatterSeries),
      m_positions(new QLineSeries), m_hereLabel(new ChartLabel(m_chart)),
      m_positionsLabel(new ChartLabel(m_chart)), m_capLabel(new ChartLabel(m_chart)) {
    setObjectName(QStringLiteral("servingCliffChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 160);
    m_chart->setMargins(QMargins(2, 2, 8, 2));
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setVisible(false);
    m_x->setBase(4); // a tick every two octaves keeps the token counts readable
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setBase(10);
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries* s :
         std::initializer_list<QAbstractSeries*>{m_curve, m_positions, m_here}) {
        m_chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    m_here->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_hereLabel->setZValue(100);
    m_positionsLabel->setZValue(100);
    m_capLabel->setZValue(100);
    connect(m_chart, &QChart::plotAreaChanged, this, [this] {
        m_fitGuard.note(this);
        placeLabels();
    });
    applyStyle();
    retranslateUi();
}

void ServingCliffChart::setResults(const Results& r) {
    m_serving = r.serving;
    m_points = r.servingCurve;
    m_context = r.servingContext;
    m_maxPositions = r.modelPositions;
    rebuild();
}

void ServingCliffChart::setStyle(const ChartStyle& style) {
    m_style = style;
    applyStyle();
    placeLabels();
}

QString ServingCliffChart::answerText() const {
    return m_hereLabel->text();
}

QString ServingCliffChart::positionsText() const {
    return m_positionsLabel->isVisible() ? m_positionsLabel->text() : QString();
}

QString ServingCliffChart::capText() const {
    return m_capLabel->text();
}

void ServingCliffChart::rebuild() {
    m_curve->clear();
    m_here->clear();
    m_positions->clear();
    m_hereLabel->setText(QString());
    m_hereTexts.clear();
    m_positionsLabel->setText(QString());
    m_positionsLabel->setVisible(false);
    m_capLabel->setText(QString());
    m_capLabel->setVisible(false);
    if (!m_serving)
        return;
    QList<QPointF> pts;
    for (const ServingPoint& p : m_points)
        if (p.maxSequences >= 1) // a log axis: the curve ends where no sequence fits
            pts.append(
                QPointF(static_cast<double>(p.context), static_cast<double>(p.maxSequences)));
    if (pts.isEmpty())
        return;
    m_curve->replace(pts);
    const double xMin = pts.front().x();
    const double xMax = std::max(pts.back().x() * 2, xMin * 4);
    const double yMax = std::pow(10.0, std::ceil(std::log10(std::max(10.0, pts.front().y()))));
    m_x->setRange(xMin, xMax);
    m_y->setRange(1, yMax);
    if (m_maxPositions > 0 && m_maxPositions >= xMin && m_maxPositions <= xMax) {
        const auto at = static_cast<double>(m_maxPositions);
        m_positions->replace({QPointF(at, 1), QPointF(at, yMax)});
        m_positionsLabel->setText(
            tr("max_position_embeddings %1").arg(Units::formatCount(m_maxPositions)));
        m_positionsLabel->setVisible(true);
    }
    const ServeReport& c = *m_serving;
    // short requests are held by the scheduler's cap, not by the pool: say so over the flat part
    if (c.settings.maxSeqs > 0 && pts.size() > 1 &&
        static_cast<int64_t>(pts.front().y()) == c.settings.maxSeqs)
        m_capLabel->setText(
            tr("max_num_seqs %1")
                .arg(QLocale().toString(static_cast<qlonglong>(c.settings.maxSeqs))));
    if (!c.starts) {
        m_hereTexts = {tr("does not start at max_model_len %1")
                           .arg(Units::formatCount(c.settings.maxModelLen)),
                       tr("does not start")};
    } else if (c.maxConcurrency >= 1 && m_context >= xMin) {
        m_here->append(
            QPointF(static_cast<double>(m_context), static_cast<double>(c.maxConcurrency)));
        const QString n = QLocale().toString(static_cast<qlonglong>(c.maxConcurrency));
        m_hereTexts = {tr("%1 sequences × %2 tokens").arg(n, Units::formatCount(m_context)),
                       tr("%1 × %2 tokens").arg(n, Units::formatCount(m_context)), n};
        if (m_engineNamed) { // the engine's answer, not the generate() cliff's beside it
            const QString engine = Texts::engineName(c), context = Units::formatCount(m_context);
            m_hereTexts.prepend(tr("%1: %2 × %3 tokens").arg(engine, n, context));
            m_hereTexts.prepend(tr("%1: %2 sequences × %3 tokens").arg(engine, n, context));
        }
    }
    if (!m_hereTexts.isEmpty())
        m_hereLabel->setText(m_hereTexts.front());
    placeLabels();
}

void ServingCliffChart::fitAxes() {
    const QRectF plot = m_chart->plotArea();
    if (plot.isEmpty() || m_fitGuard.tripped())
        return;
    QFont bold = m_style.labelFont();
    bold.setBold(true);
    setTitleIfChanged(m_x, fittingText({tr("Context length (tokens per sequence)"),
                                        tr("Context length"), tr("Context")},
                                       bold, axisTitleRoom(plot.width())));
    setTitleIfChanged(m_y, fittingText({tr("Sequences at once"), tr("Sequences"),
                                        tr("Seq.", "axis title: sequences, shortest"), QString()},
                                       bold, axisTitleRoom(plot.height())));
    // a tick every 2, 4, 6 or 8 octaves: as many token counts as fit side by side
    const double labelWidth =
        QFontMetricsF(m_style.labelFont()).horizontalAdvance(QLocale::c().toString(1048576)) + 12;
    const double octaves = std::log2(std::max(2.0, m_x->max() / std::max(1.0, m_x->min())));
    const double fit = std::max(1.0, plot.width() / labelWidth);
    double base = 4;
    while (octaves / std::log2(base) > fit && base < 256)
        base *= 4;
    if (m_x->base() != base)
        m_x->setBase(base);
}

void ServingCliffChart::placeLabels() {
    const QRectF plot = m_chart->plotArea();
    if (plot.isEmpty())
        return;
    fitAxes();
    const QRectF inside = plot.adjusted(2, 2, -2, -2);
    // the longest wording of the answer that fits beside its point (the label's plate adds
    // a few px of padding to the text)
    if (!m_hereTexts.isEmpty()) {
        const QString text =
            fittingText(m_hereTexts, m_style.overlayFont(true), inside.width() / 2 - 24);
        if (text != m_hereLabel->text())
            m_hereLabel->setText(text);
    }
    QList<const ChartLabel*> placed;
    QList<QRectF> keep; // the point's marker, the curve and the position limit stay in view
    if (m_here->count() == 1)
        keep << markerRect(m_chart->mapToPosition(m_here->at(0), m_here), m_here->markerSize());
    keep << lineKeepRects(pixelPoints(m_chart, m_curve), plot);
    if (m_positions->count() == 2) {
        const double x = m_chart->mapToPosition(m_positions->at(1), m_positions).x();
        keep << QRectF(x - 2, plot.top(), 4, plot.height());
    }
    // the point's label first (the answer), right of the point or left of it
    if (m_here->count() == 1) {
        const QPointF at = m_chart->mapToPosition(m_here->at(0), m_here);
        const QSizeF sz = m_hereLabel->size();
        const double gap = m_here->markerSize() / 2 + 4;
        const double above = at.y() - sz.height() - gap;
        placeClear(m_hereLabel,
                   {QPointF(at.x() + gap, above), QPointF(at.x() - gap - sz.width(), above),
                    QPointF(at.x() + gap, at.y() + gap),
                    QPointF(at.x() - gap - sz.width(), at.y() + gap)},
                   inside, placed, keep);
    } else if (!m_hereLabel->text().isEmpty()) { // no point: the server does not start
        placeClear(m_hereLabel, {QPointF(plot.left() + 8, plot.top() + 4)}, inside, placed);
    }
    // the scheduler's cap over the curve's flat start, or under it; off the curve, and not
    // shown where it has no room
    if (!m_capLabel->text().isEmpty() && m_curve->count() > 0) {
        const QPointF start = m_chart->mapToPosition(m_curve->at(0), m_curve);
        const double h = m_capLabel->size().height();
        m_capLabel->setVisible(true);
        if (!placeClear(
                m_capLabel,
                {QPointF(start.x() + 6, start.y() - h - 6), QPointF(start.x() + 6, start.y() + 6)},
                inside, placed, keep))
            m_capLabel->setVisible(false);
    }
    placePositionsLabel(plot, inside, placed, keep);
}

void ServingCliffChart::placePositionsLabel(const QRectF& plot, const QRectF& inside,
                                            QList<const ChartLabel*>& placed,
                                            const QList<QRectF>& keep) {
    // the position limit at the top of its line, beside it: its name where there is room,
    // else the number alone (a 1280x720 stage left the red line unexplained); not shown
    // where even that has none
    if (m_positions->count() != 2 || m_maxPositions <= 0)
        return;
    const QPointF top = m_chart->mapToPosition(m_positions->at(1), m_positions);
    const QString number = Units::formatCount(m_maxPositions);
    m_positionsLabel->setVisible(true);
    for (const QString& text : {tr("max_position_embeddings %1").arg(number), number}) {
        m_positionsLabel->setText(text);
        const QSizeF sz = m_positionsLabel->size();
        QList<const ChartLabel*> trial = placed;
        if (placeClear(m_positionsLabel,
                       {QPointF(top.x() + 4, plot.top() + 2),
                        QPointF(top.x() - 4 - sz.width(), plot.top() + 2)},
                       inside, trial, keep)) {
            placed = trial;
            return;
        }
    }
    m_positionsLabel->setVisible(false);
}

void ServingCliffChart::applyStyle() {
    const ChartColors c = m_style.colors();
    m_style.applyToChart(m_chart);
    m_style.applyToAxis(m_x, true);
    m_style.applyToAxis(m_y, true);
    m_curve->setPen(QPen(c.total, m_style.lineWidth()));
    QPen dashed(c.capacity, m_style.lineWidth() * 0.75);
    dashed.setStyle(Qt::DashLine);
    m_positions->setPen(dashed);
    m_here->setMarkerSize(m_style.presentation ? 18 : 11);
    m_here->setColor(c.fits);
    m_here->setBorderColor(c.background);
    m_hereLabel->setLook(m_style.overlayFont(true), c.text, c.background);
    m_positionsLabel->setLook(m_style.overlayFont(false), c.capacity, c.background);
    m_capLabel->setLook(m_style.overlayFont(false), c.text, c.background);
}

void ServingCliffChart::retranslateUi() {
    localizeChartNumbers(m_chart);
    setAccessibleName(tr("Concurrent sequences against context length"));
    rebuild(); // the labels' texts
    fitAxes();
}

void ServingCliffChart::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QChartView::changeEvent(e);
}

} // namespace headroom::ui
