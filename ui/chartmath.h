#pragma once
// Axis helpers (presentation only: tick spacing and ranges, no memory arithmetic).

namespace headroom::ui {

/// A "nice" tick step (1, 2, 2.5 or 5 x 10^k) giving about @p ticks intervals up to @p max.
double niceStep(double max, int ticks = 5);
/// @p max rounded up to a multiple of niceStep(max, ticks).
double niceCeil(double max, int ticks = 5);

} // namespace headroom::ui
