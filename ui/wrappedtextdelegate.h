#pragma once
// WrappedTextDelegate: an item delegate for a table column whose text wraps onto as many
// lines as its cell needs, measured and drawn by the same rule.
//
// Why: QStyledItemDelegate measures a wrapped cell (sizeHint, which a ResizeToContents row
// asks) and draws it (QCommonStyle's view-item text layout) with text rectangles a few pixels
// apart; where a line break falls in that margin (mixed CJK and Latin text wraps at any
// character) the row is one line short and the drawn text is elided ("…"). Here both use
// QFontMetrics::boundingRect with Qt::TextWordWrap over the cell's width less the same margins.

#include <QStyledItemDelegate>

namespace headroom::ui {

class WrappedTextDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    /// Horizontal margin on each side of the text, pixels (the style's focus-frame margin + 1,
    /// as Qt's own view items).
    static int margin(const QStyleOptionViewItem& option);
};

} // namespace headroom::ui
