#include "ui/chartstyle.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QBrush>
#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QPen>

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
}

void ChartStyle::applyToAxis(QAbstractAxis* axis, bool grid) const {
    const ChartColors c = colors();
    axis->setLabelsBrush(c.text);
    axis->setLabelsFont(labelFont());
    axis->setTitleBrush(c.text);
    QFont tf = labelFont();
    tf.setBold(true);
    axis->setTitleFont(tf);
    axis->setLinePen(QPen(c.grid, 1));
    axis->setGridLinePen(QPen(c.grid, 1));
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

void ChartLabel::setLook(const QFont& font, const QColor& text, const QColor& plate) {
    m_text->setFont(font);
    m_text->setBrush(text);
    m_text->setPen(Qt::NoPen);
    QColor c = plate;
    c.setAlpha(215);
    setBrush(c);
    relayout();
}

void ChartLabel::relayout() {
    const QRectF br = m_text->boundingRect();
    const double pad = 3;
    m_text->setPos(pad, pad * 0.5);
    setRect(QRectF(0, 0, br.width() + 2 * pad, br.height() + pad));
}

void setHelperVisible(QChart* chart, QAbstractSeries* series, bool visible) {
    if (series->isVisible() != visible) {
        series->setVisible(visible);
    }
    for (QLegendMarker* m : chart->legend()->markers(series)) {
        if (m->isVisible()) {
            m->setVisible(false);
        }
    }
}

} // namespace headroom::ui
