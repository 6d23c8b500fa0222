#include "ui/scaledslider.h"

#include "ui/readablestyle.h"

#include <QEvent>

namespace headroom::ui {

ScaledSlider::ScaledSlider(Qt::Orientation o, QWidget* parent)
    : QSlider(o, parent), m_fontOf(parent) {
    if (parent)
        parent->installEventFilter(this);
}

void ScaledSlider::setTheme(ThemeKind k) {
    m_theme = k;
    m_themed = true;
    applySheet();
}

void ScaledSlider::applySheet() {
    const double scale = ReadableStyle::fontScale(m_fontOf ? m_fontOf.data() : this);
    const QString sheet = Theme::sliderStyleSheet(m_theme, scale);
    if (styleSheet() != sheet) {
        setStyleSheet(sheet);
        // room for the whole handle (the groove and the handle's margins above and below)
        setMinimumHeight(Theme::sliderHandleHeight(scale) + 2);
    }
}

bool ScaledSlider::eventFilter(QObject* watched, QEvent* e) {
    if (watched == m_fontOf && e->type() == QEvent::FontChange && m_themed)
        applySheet();
    return QSlider::eventFilter(watched, e);
}

} // namespace headroom::ui
