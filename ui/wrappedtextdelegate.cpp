// wrappedtextdelegate.cpp: see ui/wrappedtextdelegate.h.

#include "ui/wrappedtextdelegate.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>

#include <algorithm>

namespace headroom::ui {

namespace {
constexpr int kFlags = Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignVCenter;
} // namespace

int WrappedTextDelegate::margin(const QStyleOptionViewItem& option) {
    const QStyle* style = option.widget ? option.widget->style() : QApplication::style();
    return style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, option.widget) + 1;
}

void WrappedTextDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                                const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear(); // the style draws the background, selection and focus; the text is ours
    const QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
    const int m = margin(opt);
    const QRect r = opt.rect.adjusted(m, 0, -m, 0);
    painter->save();
    painter->setFont(opt.font);
    const bool selected = opt.state & QStyle::State_Selected;
    painter->setPen(
        opt.palette.color(opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled,
                          selected ? QPalette::HighlightedText : QPalette::Text));
    painter->drawText(r, kFlags, text);
    painter->restore();
}

QSize WrappedTextDelegate::sizeHint(const QStyleOptionViewItem& option,
                                    const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QSize base = QStyledItemDelegate::sizeHint(option, index);
    const int m = margin(opt);
    const int cell = opt.rect.width();
    if (cell <= 2 * m) // no width known yet: one line, as an unwrapped cell
        return base;
    const int width = cell - 2 * m;
    const QRect text =
        QFontMetrics(opt.font).boundingRect(QRect(0, 0, width, 1 << 20), kFlags, opt.text);
    return {base.width(), std::max(base.height(), text.height() + 2)};
}

} // namespace headroom::ui
