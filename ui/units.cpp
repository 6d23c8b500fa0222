#include "ui/units.h"
#include "core/units.h"

#include <QLocale>

#include <cmath>

namespace headroom::ui {

double Units::bytesPerUnit(ByteUnit u) {
    return u == ByteUnit::GiB ? kGiB : 1e9;
}

QString Units::symbol(ByteUnit u) {
    return u == ByteUnit::GiB ? tr("GiB") : tr("GB");
}

QString Units::format(double bytes, ByteUnit u, int decimals) {
    const double v = toUnit(bytes, u);
    // a no-break space: a wrapped text never leaves "GiB" alone at the start of a line
    return QStringLiteral("%1\u00a0%2").arg(QLocale().toString(v, 'f', decimals), symbol(u));
}

QString Units::formatSigned(double bytes, ByteUnit u, int decimals) {
    const QString mag = format(std::abs(bytes), u, decimals);
    return bytes < 0 ? QStringLiteral("−") + mag : QStringLiteral("+") + mag;
}

QString Units::formatParams(double params) {
    const QLocale loc;
    if (params >= 1e12) {
        return tr("%1 T").arg(loc.toString(params / 1e12, 'f', 2));
    }
    if (params >= 1e9) {
        return tr("%1 B").arg(loc.toString(params / 1e9, 'f', params >= 1e11 ? 0 : 2));
    }
    if (params >= 1e6) {
        return tr("%1 M").arg(loc.toString(params / 1e6, 'f', params >= 1e8 ? 0 : 1));
    }
    return loc.toString(static_cast<qlonglong>(std::llround(params)));
}

QString Units::formatCount(int64_t n, bool compact) {
    if (compact && n >= 1024 && n % 1024 == 0) {
        if (n >= 1048576 && n % 1048576 == 0) {
            return tr("%1M").arg(n / 1048576);
        }
        return tr("%1K").arg(n / 1024);
    }
    return QLocale().toString(static_cast<qlonglong>(n));
}

QString Units::key(ByteUnit u) {
    return u == ByteUnit::GiB ? QStringLiteral("gib") : QStringLiteral("gb");
}

ByteUnit Units::fromKey(const QString& key) {
    return key.compare(QLatin1String("gb"), Qt::CaseInsensitive) == 0 ? ByteUnit::GB
                                                                      : ByteUnit::GiB;
}

} // namespace headroom::ui
