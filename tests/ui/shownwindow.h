#pragma once
// The window as `headroom --screenshot` shows it (showForScreenshot), for the GUI suites that
// read its texts (tst_labels, tst_translated).
#include "ui/dialogservice.h"
#include "ui/mainwindow.h"
#include "ui/screenshot.h"

#include <QSize>
#include <QString>

namespace headroom::ui::testwindows {

/// The main window at @p size in @p language, without settings or dialogs.
struct ShownWindow {
    SilentDialogs dialogs;
    MainWindow w{[this] {
        MainWindowOptions mo;
        mo.useSettings = false;
        mo.dialogs = &dialogs;
        return mo;
    }()};
    int shown = -1; ///< showForScreenshot's exit code
    ShownWindow(QSize size, const QString& language) {
        ScreenshotOptions o;
        o.size = size;
        o.language = language;
        shown = showForScreenshot(w, o);
    }
};

} // namespace headroom::ui::testwindows
