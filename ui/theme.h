#pragma once
// Light and dark themes: the application palette plus the colours the charts draw with.
// Term colours are the same in both themes so a term keeps its colour everywhere.

#include "core/engine/estimator.h"

#include <QColor>
#include <QPalette>
#include <QString>

namespace headroom::ui {

enum class ThemeKind { Light, Dark };

struct ChartColors {
    QColor background; ///< chart background
    QColor plot;       ///< plot-area background
    QColor text;       ///< axis labels, titles
    QColor grid;       ///< grid lines
    QColor capacity;   ///< GPU capacity line
    QColor danger;     ///< danger zone / OOM region fill (with alpha)
    QColor fits;       ///< "fits" verdict
    QColor oom;        ///< "OOM" verdict
    QColor mayNotFit;  ///< "may not fit" verdict (the band straddles the capacity)
    QColor total;      ///< total line in the cliff chart
    QColor highlight;  ///< tightest-rank band
    /// The band's translucent fill (the total's colour at alpha 60), one look for the legend's
    /// swatch, the cliff's shaded band and the bar's band box.
    QColor bandFill() const {
        QColor c = total;
        c.setAlpha(60);
        return c;
    }
};

class Theme {
public:
    static QPalette palette(ThemeKind k);
    static ChartColors chartColors(ThemeKind k);
    /// The colour of a memory term (Tableau-10 based, readable on light and dark).
    static QColor termColor(Term t);
    static QString key(ThemeKind k);
    static ThemeKind fromKey(const QString& key);
    /// Applies the Fusion style and the palette to the running application.
    static void apply(ThemeKind k);
    /// A style sheet for the window's sliders (only theirs: an application style sheet would
    /// route every widget's painting through QStyleSheetStyle): groove, filled part, handle,
    /// at the desk a 6 px groove and a 16 px handle, each size x @p scale (>= 1; ScaledSlider
    /// passes its font's ReadableStyle::fontScale).
    static QString sliderStyleSheet(ThemeKind k, double scale = 1.0);
    /// The handle's height in that sheet, px: the groove and its margins above and below.
    static int sliderHandleHeight(double scale);
};

} // namespace headroom::ui
