#include "ui/chartmath.h"

#include <QValueAxis>

#include <cmath>
#include <initializer_list>

namespace headroom::ui {

double niceStep(double max, int ticks) {
    if (!(max > 0) || !std::isfinite(max)) {
        return 1.0;
    }
    const double raw = max / ticks;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (raw <= m * mag) {
            return m * mag;
        }
    }
    return 10.0 * mag;
}

double niceCeil(double max, int ticks) {
    const double step = niceStep(max, ticks);
    return std::ceil(max / step - 1e-9) * step;
}

double setNiceRange(QValueAxis* axis, double max, int ticks) {
    const double step = niceStep(max, ticks);
    if (step >= axis->tickInterval()) {
        axis->setTickInterval(step);
        axis->setRange(0, max);
    } else {
        axis->setRange(0, max);
        axis->setTickInterval(step);
    }
    return step;
}

double heldAxisMax(double wanted, double shown, bool dragging) {
    return dragging && shown > 0 && wanted <= shown ? shown : wanted;
}

} // namespace headroom::ui
