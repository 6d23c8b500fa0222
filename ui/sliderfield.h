#pragma once
// A slider with a spin box beside it that shows the exact value with its unit. The slider
// works on a scale (log, or a table of values); the spin box accepts any value in range.

#include <QWidget>

#include <memory>
#include <vector>

class QSlider;
class QDoubleSpinBox;

namespace headroom::ui {

/// Maps slider positions 0..positions()-1 to values.
class SliderScale {
public:
    virtual ~SliderScale() = default;
    virtual int positions() const = 0;
    virtual double valueAt(int pos) const = 0;
    /// The position whose value is nearest to @p value (in log terms).
    virtual int positionOf(double value) const = 0;
};

/// Continuous logarithmic scale from @p lo to @p hi in @p steps positions.
class LogScale : public SliderScale {
public:
    LogScale(double lo, double hi, int steps);
    int positions() const override { return m_steps; }
    double valueAt(int pos) const override;
    int positionOf(double value) const override;

private:
    double m_lo, m_hi;
    int m_steps;
};

/// A fixed ascending list of values (power-of-two steps with fine steps between).
class TableScale : public SliderScale {
public:
    explicit TableScale(std::vector<double> values);
    /// Powers of two from @p lo to @p hi with @p fine extra steps per octave (integers).
    static std::unique_ptr<TableScale> powersOfTwo(double lo, double hi, int fine);
    int positions() const override { return static_cast<int>(m_values.size()); }
    double valueAt(int pos) const override;
    int positionOf(double value) const override;

private:
    std::vector<double> m_values;
};

class SliderField : public QWidget {
    Q_OBJECT

public:
    explicit SliderField(std::unique_ptr<SliderScale> scale, QWidget* parent = nullptr);

    /// The spin box shows value / @p displayDivisor with @p decimals and @p suffix.
    void setSpinRange(double min, double max, int decimals, double displayDivisor = 1.0);
    void setSuffix(const QString& suffix);
    /// Sets the value without emitting valueEdited.
    void setValue(double value);
    double value() const { return m_value; }

    QSlider* slider() const { return m_slider; }
    /// Slider position of @p value on this field's scale.
    int positionOf(double value) const { return m_scale->positionOf(value); }
    QDoubleSpinBox* spinBox() const { return m_spin; }

    void setToolTips(const QString& tip);
    void setAccessibleNames(const QString& name);

signals:
    /// The user changed the value (slider or spin box).
    void valueEdited(double value);
    void dragStarted();
    void dragFinished();

private:
    void onSliderMoved(int pos);
    void onSpinChanged(double shown);
    void syncWidgets();

    std::unique_ptr<SliderScale> m_scale;
    QSlider* m_slider;
    QDoubleSpinBox* m_spin;
    double m_value = 0;
    double m_divisor = 1.0;
};

} // namespace headroom::ui
