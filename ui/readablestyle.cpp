#include "ui/readablestyle.h"

#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace headroom::ui {

ReadableStyle::ReadableStyle() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))) {}

double ReadableStyle::fontScale(const QWidget* widget) {
    if (!widget)
        return 1.0;
    const double pt = widget->font().pointSizeF();
    return pt > 0 ? std::max(1.0, pt / 9.0) : 1.0;
}

int ReadableStyle::pixelMetric(PixelMetric metric, const QStyleOption* option,
                               const QWidget* widget) const {
    const int base = QProxyStyle::pixelMetric(metric, option, widget);
    switch (metric) {
    case PM_IndicatorWidth:
    case PM_IndicatorHeight:
    case PM_ExclusiveIndicatorWidth:
    case PM_ExclusiveIndicatorHeight:
        return static_cast<int>(std::lround(base * fontScale(widget)));
    default:
        return base;
    }
}

void ReadableStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option,
                                  QPainter* painter, const QWidget* widget) const {
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    if (element != PE_IndicatorCheckBox && element != PE_IndicatorRadioButton)
        return;
    // an outline the eye finds on either theme: the text colour, half strength
    QColor edge = option->palette.color(QPalette::Text);
    edge.setAlpha((option->state & State_Enabled) ? 150 : 70);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(edge, 1.0));
    painter->setBrush(Qt::NoBrush);
    const QRectF r = QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5);
    if (element == PE_IndicatorRadioButton)
        painter->drawEllipse(r);
    else
        painter->drawRoundedRect(r, 1.5, 1.5);
    painter->restore();
}

} // namespace headroom::ui
