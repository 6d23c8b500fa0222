#pragma once
// Byte formatting for the whole UI. The engine works in bytes; the UI shows GiB (2^30) by
// default or GB (10^9) on request, always with the unit written next to the number.

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace headroom::ui {

enum class ByteUnit { GiB, GB };

class Units {
    Q_DECLARE_TR_FUNCTIONS(Units)

public:
    /// Bytes in one display unit (2^30 or 10^9).
    static double bytesPerUnit(ByteUnit u);
    /// @p bytes expressed in @p u.
    static double toUnit(double bytes, ByteUnit u) { return bytes / bytesPerUnit(u); }
    /// "GiB" or "GB" (translated symbol).
    static QString symbol(ByteUnit u);
    /// "61.2 GiB" with @p decimals after the point (locale-aware).
    static QString format(double bytes, ByteUnit u, int decimals = 1);
    /// Signed difference: "+1.2 GiB" / "−3.4 GiB".
    static QString formatSigned(double bytes, ByteUnit u, int decimals = 1);
    /// A parameter count in words: "8.03 B", "70.6 B", "350 M" (B = billion).
    static QString formatParams(double params);
    /// A token/sample count: "2,048", "128K" (K = 1024) when @p compact.
    static QString formatCount(int64_t n, bool compact = false);
    /// Stable key for QSettings / JSON ("gib", "gb").
    static QString key(ByteUnit u);
    static ByteUnit fromKey(const QString& key);
};

} // namespace headroom::ui
