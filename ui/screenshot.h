#pragma once
// `headroom --screenshot FILE.png [--scenario FILE.json] [--size WxH] [--presentation]
// [--tab KEY]`:
// renders the main window offscreen to a PNG and exits.

#include <QSize>
#include <QString>

namespace headroom::ui {

struct ScreenshotOptions {
    QString output;   ///< PNG path
    QString scenario; ///< optional scenario file
    QString measured; ///< optional measured-run file (its scenario, the Measured tab)
    QSize size{1600, 1000};
    bool presentation = false;
    QString theme;            ///< "light" / "dark" / "" (light)
    QString language;         ///< "" = English for reproducible shots
    QString tab;              ///< detail tab to show (Dashboard::tabKeys()); "" = the first
    QString compare;          ///< scenario B: the --scenario (or default) one is pinned as A
    bool checkLabels = false; ///< print every cut, elided or overlapping text; exit 3 if any
};

/// Returns a process exit code (0 on success); prints errors to stderr.
int runScreenshot(const ScreenshotOptions& options);

class MainWindow;
/// Shows @p w offscreen as runScreenshot draws it (theme, language, size, then the scenario
/// opened in the shown window, the tab, presentation mode); 0 or an exit code (2: the
/// scenario does not open or the tab is unknown).
int showForScreenshot(MainWindow& w, const ScreenshotOptions& options);

/// The largest --size: 16384 px a side and 2^26 px in all (a 256 MiB ARGB32 image; the
/// offscreen window needs as much again). Larger sizes are refused, never attempted.
inline constexpr int kMaxScreenshotSide = 16384;
inline constexpr qint64 kMaxScreenshotPixels = qint64{1} << 26;

/// Parses "1600x1000" (10 to kMaxScreenshotSide px a side, at most kMaxScreenshotPixels in
/// all); an invalid or too large size gives an empty QSize.
QSize parseSize(const QString& text);

} // namespace headroom::ui
