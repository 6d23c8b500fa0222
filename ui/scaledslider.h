#pragma once
// A horizontal slider drawn with the theme's style sheet (Theme::sliderStyleSheet) at its
// parent's font scale (ReadableStyle::fontScale): presentation mode scales the controls' font
// with the window, and the groove and handle grow with it (a 16 px handle on a 4K wall
// before). A style sheet sizes in pixels fixed when it is set, and a widget with one does not
// hear its parent's font change (QStyleSheetStyle resolves its font), so the slider watches
// its parent's FontChange and sets the sheet again.

#include "ui/theme.h"

#include <QPointer>
#include <QSlider>

namespace headroom::ui {

class ScaledSlider : public QSlider {
    Q_OBJECT

public:
    /// @p parent: the widget whose font the slider follows, also after a layout reparents it.
    ScaledSlider(Qt::Orientation o, QWidget* parent);
    /// Draws the slider in @p k's colours, at the font's scale from now on.
    void setTheme(ThemeKind k);

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void applySheet();
    ThemeKind m_theme = ThemeKind::Light;
    bool m_themed = false; ///< setTheme was called (until then Fusion's own look)
    /// the widget given as parent at construction, whose font the slider follows (a layout may
    /// move the slider into a row container later)
    QPointer<QWidget> m_fontOf;
};

} // namespace headroom::ui
