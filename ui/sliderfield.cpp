#include "ui/sliderfield.h"

#include "ui/scaledslider.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace headroom::ui {

LogScale::LogScale(double lo, double hi, int steps) : m_lo(lo), m_hi(hi), m_steps(steps) {}

double LogScale::valueAt(int pos) const {
    const double t = static_cast<double>(std::clamp(pos, 0, m_steps - 1)) / (m_steps - 1);
    return m_lo * std::pow(m_hi / m_lo, t);
}

int LogScale::positionOf(double value) const {
    const double v = std::clamp(value, m_lo, m_hi);
    const double t = std::log(v / m_lo) / std::log(m_hi / m_lo);
    return static_cast<int>(std::lround(t * (m_steps - 1)));
}

TableScale::TableScale(std::vector<double> values) : m_values(std::move(values)) {}

std::unique_ptr<TableScale> TableScale::powersOfTwo(double lo, double hi, int fine) {
    std::vector<double> v;
    for (double p = lo; p < hi; p *= 2) {
        const double step = p / fine;
        for (int i = 0; i < fine; ++i) {
            const double x = std::round(p + i * step);
            if (v.empty() || x > v.back()) {
                v.push_back(x);
            }
        }
    }
    v.push_back(hi);
    return std::make_unique<TableScale>(std::move(v));
}

double TableScale::valueAt(int pos) const {
    return m_values[static_cast<size_t>(std::clamp(pos, 0, positions() - 1))];
}

int TableScale::positionOf(double value) const {
    const auto it = std::lower_bound(m_values.begin(), m_values.end(), value);
    if (it == m_values.begin()) {
        return 0;
    }
    if (it == m_values.end()) {
        return positions() - 1;
    }
    const auto hi = static_cast<int>(it - m_values.begin());
    // nearest in log terms
    const double dHi = std::abs(std::log(*it / value));
    const double dLo = std::abs(std::log(value / *(it - 1)));
    return dLo <= dHi ? hi - 1 : hi;
}

SliderField::SliderField(std::unique_ptr<SliderScale> scale, QWidget* parent)
    : QWidget(parent), m_scale(std::move(scale)), m_slider(new ScaledSlider(Qt::Horizontal, this)),
      m_spin(new QDoubleSpinBox(this)) {
    auto* lay = new QHBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(m_slider, 1);
    lay->addWidget(m_spin);
    m_slider->setRange(0, m_scale->positions() - 1);
    m_slider->setTracking(true);
    m_slider->setPageStep(std::max(1, m_scale->positions() / 10));
    m_spin->setKeyboardTracking(false);
    m_spin->setAlignment(Qt::AlignRight);
    m_spin->setGroupSeparatorShown(true); // 8.192 in German, 8,192 in English, as the texts
    m_spin->setMinimumWidth(
        m_spin->fontMetrics().horizontalAdvance(QStringLiteral("0,000,000 tokens")));
    connect(m_slider, &QSlider::valueChanged, this, &SliderField::onSliderMoved);
    connect(m_slider, &QSlider::sliderPressed, this, &SliderField::dragStarted);
    connect(m_slider, &QSlider::sliderReleased, this, &SliderField::dragFinished);
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, &SliderField::onSpinChanged);
}

void SliderField::setSpinRange(double min, double max, int decimals, double displayDivisor) {
    m_divisor = displayDivisor;
    const QSignalBlocker block(m_spin);
    m_spin->setDecimals(decimals);
    m_spin->setRange(min, max);
    m_spin->setValue(m_value / m_divisor);
}

void SliderField::setSuffix(const QString& suffix) {
    m_spin->setSuffix(suffix);
}

void SliderField::setValue(double value) {
    m_value = value;
    syncWidgets();
}

void SliderField::syncWidgets() {
    const double shown = m_value / m_divisor;
    if (std::abs(m_spin->value() - shown) > 0.5 * std::pow(10.0, -m_spin->decimals())) {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(shown);
    }
    if (!m_slider->isSliderDown() && m_slider->value() != m_scale->positionOf(m_value)) {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(m_scale->positionOf(m_value));
    }
}

void SliderField::onSliderMoved(int pos) {
    m_value = m_scale->valueAt(pos);
    {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(m_value / m_divisor);
    }
    emit valueEdited(m_value);
}

void SliderField::onSpinChanged(double shown) {
    m_value = shown * m_divisor;
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(m_scale->positionOf(m_value));
    }
    emit valueEdited(m_value);
}

void SliderField::setToolTips(const QString& tip) {
    m_slider->setToolTip(tip);
    m_spin->setToolTip(tip);
}

void SliderField::setAccessibleNames(const QString& name) {
    m_slider->setAccessibleName(name);
    m_spin->setAccessibleName(tr("%1 (exact value)").arg(name));
}

} // namespace headroom::ui
