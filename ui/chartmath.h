#pragma once
// Axis helpers (presentation only: tick spacing and ranges, no memory arithmetic).

class QValueAxis;

namespace headroom::ui {

/// A "nice" tick step (1, 2, 2.5 or 5 x 10^k) giving about @p ticks intervals up to @p max.
double niceStep(double max, int ticks = 5);
/// @p max rounded up to a multiple of niceStep(max, ticks).
double niceCeil(double max, int ticks = 5);

/// Sets a dynamic-tick value axis to [0, @p max] with ticks every niceStep(@p max, @p ticks):
/// at most @p ticks intervals, whatever @p max is (a held range included: the step follows the
/// range shown, never the data under it). The order never asks QtCharts for more ticks than
/// either end state (range first when the step shrinks, step first when it grows), so no
/// transient thousands of tick items are created. Returns the step.
double setNiceRange(QValueAxis* axis, double max, int ticks);

/// The top of a memory axis: @p wanted (a niceCeil value), except while a slider is held
/// (@p dragging), when the axis @p shown keeps its range unless the data outgrow it. Holding the
/// scale steady keeps the curves comparable from frame to frame and spares QtCharts re-laying
/// out every tick label on each step; the exact range returns when the slider is released.
double heldAxisMax(double wanted, double shown, bool dragging);

} // namespace headroom::ui
