#include "ui/readablestyle.h"

#include <QPainter>
#include <QScopedValueRollback>
#include <QStyleFactory>
#include <QStyleOption>
#include <QStyleOptionComboBox>
#include <QStyleOptionSpinBox>
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

namespace {

/// Whether @p control is one this style scales with the font (combo and spin boxes).
bool scaled(QStyle::ComplexControl control) {
    return control == QStyle::CC_ComboBox || control == QStyle::CC_SpinBox;
}

/// @p r in the desk-size coordinates of a control scaled by @p s (its top-left kept).
QRect shrunk(const QRect& r, double s) {
    return {r.topLeft(), QSize(static_cast<int>(std::lround(r.width() / s)),
                               static_cast<int>(std::lround(r.height() / s)))};
}

/// @p r, a rectangle at desk size inside a control whose top-left is @p origin, scaled by @p s
/// about that corner.
QRect grown(const QRect& r, const QPoint& origin, double s) {
    const auto at = [&](int v, int o) { return o + static_cast<int>(std::lround((v - o) * s)); };
    return QRect(QPoint(at(r.left(), origin.x()), at(r.top(), origin.y())),
                 QPoint(at(r.right() + 1, origin.x()) - 1, at(r.bottom() + 1, origin.y()) - 1));
}

/// Calls @p f with a copy of @p option (a combo or spin box's) whose rectangle is at desk size;
/// false, without calling it, for any other option.
template <class F> bool atDeskSize(const QStyleOptionComplex* option, double s, F f) {
    const auto shrunkCopy = [&](auto copy) {
        copy.rect = shrunk(copy.rect, s);
        f(&copy);
        return true;
    };
    if (const auto* combo = qstyleoption_cast<const QStyleOptionComboBox*>(option))
        return shrunkCopy(*combo);
    if (const auto* spin = qstyleoption_cast<const QStyleOptionSpinBox*>(option))
        return shrunkCopy(*spin);
    return false;
}

} // namespace

void ReadableStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex* option,
                                       QPainter* painter, const QWidget* widget) const {
    const double s = fontScale(widget);
    if (!scaled(control) || s <= 1.0) {
        QProxyStyle::drawComplexControl(control, option, painter, widget);
        return;
    }
    // Fusion asks this style for the sub-control rectangles while it draws: at desk size then
    const QScopedValueRollback<bool> inside(m_drawingAtDeskSize, true);
    painter->save();
    const QPointF origin = option->rect.topLeft();
    painter->translate(origin);
    painter->scale(s, s);
    painter->translate(-origin);
    painter->setRenderHint(QPainter::SmoothPixmapTransform, true);
    const bool drawn = atDeskSize(option, s, [&](const QStyleOptionComplex* o) {
        QProxyStyle::drawComplexControl(control, o, painter, widget);
    });
    painter->restore();
    if (!drawn)
        QProxyStyle::drawComplexControl(control, option, painter, widget);
}

QRect ReadableStyle::subControlRect(ComplexControl control, const QStyleOptionComplex* option,
                                    SubControl sub, const QWidget* widget) const {
    const double s = fontScale(widget);
    if (!scaled(control) || s <= 1.0 || !option || m_drawingAtDeskSize)
        return QProxyStyle::subControlRect(control, option, sub, widget);
    QRect r;
    if (!atDeskSize(option, s, [&](const QStyleOptionComplex* o) {
            r = QProxyStyle::subControlRect(control, o, sub, widget);
        }))
        return QProxyStyle::subControlRect(control, option, sub, widget);
    return grown(r, option->rect.topLeft(), s);
}

QSize ReadableStyle::sizeFromContents(ContentsType type, const QStyleOption* option,
                                      const QSize& size, const QWidget* widget) const {
    const double s = fontScale(widget);
    if ((type != CT_ComboBox && type != CT_SpinBox) || s <= 1.0 || m_drawingAtDeskSize)
        return QProxyStyle::sizeFromContents(type, option, size, widget);
    // Fusion adds its frame and button to the text's size: added at desk size, then scaled
    const QSize desk(static_cast<int>(std::lround(size.width() / s)),
                     static_cast<int>(std::lround(size.height() / s)));
    const QSize out = QProxyStyle::sizeFromContents(type, option, desk, widget);
    return {static_cast<int>(std::ceil(out.width() * s)),
            static_cast<int>(std::ceil(out.height() * s))};
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
