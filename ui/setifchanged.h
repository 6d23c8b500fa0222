#pragma once
// Setters that leave a widget alone when it already shows the value: re-setting a spin box
// repaints its line edit, which costs time on every slider step; showing a form row that is
// shown relays out the form. Shared by the panels that sync their controls from a scenario.

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSlider>
#include <QSpinBox>

#include <cmath>

namespace headroom::ui {

inline void setIfChanged(QSpinBox* s, int v) {
    if (s->value() != v)
        s->setValue(v);
}
inline void setIfChanged(QSlider* s, int v) {
    if (s->value() != v)
        s->setValue(v);
}
/// Equal within half the box's last shown decimal.
inline void setIfChanged(QDoubleSpinBox* s, double v) {
    if (std::abs(s->value() - v) > 0.5 * std::pow(10.0, -s->decimals()))
        s->setValue(v);
}
inline void setIndexIfChanged(QComboBox* c, int i) {
    if (c->currentIndex() != i)
        c->setCurrentIndex(i);
}
/// Shows or hides the row of @p w (its label with it) in @p f.
inline void setRowIfChanged(QFormLayout* f, QWidget* w, bool visible) {
    if (f->isRowVisible(w) != visible)
        f->setRowVisible(w, visible);
}

} // namespace headroom::ui
