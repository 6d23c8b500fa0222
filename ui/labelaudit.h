#pragma once
// Finds text a person could not read whole: labels, buttons, combo boxes, spin boxes, tab and
// table texts cut by their widget's width, QtCharts texts elided with "...", chart overlays
// (ChartLabel) on top of each other or of the axis texts, and texts running out of their view.
// Used by `headroom --screenshot FILE --check-labels` and by tst_labels over every tab, size
// and language. It reads the widgets as laid out; it changes nothing.

#include <QList>
#include <QRectF>
#include <QString>

class QWidget;

namespace headroom::ui {

struct LabelProblem {
    enum class Kind { Cut, Elided, Overlap, Outside };
    Kind kind = Kind::Cut;
    QString where; ///< object names from the window down, e.g. "dashboard/cliffChart"
    QString text;  ///< the text as shown (for an overlap: "first | second")
};

/// Every unreadable text under @p root among the widgets visible now. Bounded: one pass over
/// the widget tree and, per chart, over its scene's items (pairwise overlap of at most a few
/// hundred texts).
QList<LabelProblem> auditLabels(const QWidget* root);

/// "cut", "elided", "overlap" or "outside".
QString kindName(LabelProblem::Kind k);

/// A widget that paints its own text sets this property to true while a text is cut, so the
/// audit sees it (VerdictView's headline).
inline constexpr const char* kElidedProperty = "headroomTextCut";

} // namespace headroom::ui
