#pragma once
// Shared chart styling: theme colours, font sizes and line widths for normal and presentation
// views, so the bar and the cliff chart look alike.

#include "ui/theme.h"

#include <QFont>

class QAbstractAxis;
class QChart;
class QGraphicsSimpleTextItem;

namespace headroom::ui {

struct ChartStyle {
    ThemeKind theme = ThemeKind::Light;
    bool presentation = false;

    ChartColors colors() const { return Theme::chartColors(theme); }
    /// Point size of axis labels / legend / overlay text.
    double labelPointSize() const { return presentation ? 15.0 : 9.5; }
    double titlePointSize() const { return presentation ? 18.0 : 11.0; }
    double lineWidth() const { return presentation ? 4.0 : 2.0; }
    QFont labelFont() const;
    QFont titleFont() const;
    QFont overlayFont(bool bold = false) const;

    void applyToChart(QChart* chart) const;
    void applyToAxis(QAbstractAxis* axis, bool grid = true) const;
    void applyToText(QGraphicsSimpleTextItem* item, const QColor& color, bool bold = false) const;
};

} // namespace headroom::ui
