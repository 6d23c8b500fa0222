#include "ui/chartstyle.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QBrush>
#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
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

void ChartStyle::applyToText(QGraphicsSimpleTextItem* item, const QColor& color, bool bold) const {
    item->setBrush(color);
    item->setPen(Qt::NoPen);
    item->setFont(overlayFont(bold));
}

} // namespace headroom::ui
