#pragma once
// `headroom --screenshot FILE.png [--scenario FILE.json] [--size WxH] [--presentation]`:
// renders the main window offscreen to a PNG and exits.

#include <QSize>
#include <QString>

namespace headroom::ui {

struct ScreenshotOptions {
    QString output;   ///< PNG path
    QString scenario; ///< optional scenario file
    QSize size{1600, 1000};
    bool presentation = false;
    QString theme;    ///< "light" / "dark" / "" (light)
    QString language; ///< "" = English for reproducible shots
};

/// Returns a process exit code (0 on success); prints errors to stderr.
int runScreenshot(const ScreenshotOptions& options);

/// Parses "1600x1000"; an invalid string gives an empty QSize.
QSize parseSize(const QString& text);

} // namespace headroom::ui
