// headroom: the desktop app. With --screenshot it renders the window offscreen and exits.

#include "ui/dialogservice.h"
#include "ui/languagemanager.h"
#include "ui/mainwindow.h"
#include "ui/presentationmode.h"
#include "ui/screenshot.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTextStream>
#include <QTranslator>

#include <csignal>
#include <cstring>

namespace {
/// The run needs no display: --screenshot renders offscreen, and --help / --version only
/// print (QCommandLineParser answers them after QApplication has opened the platform).
bool needsNoDisplay(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const char* a = argv[i];
        if (std::strcmp(a, "--") == 0) {
            return false; // the rest are file names
        }
        if (std::strncmp(a, "--screenshot", 12) == 0 || std::strcmp(a, "--help") == 0 ||
            std::strcmp(a, "--help-all") == 0 || std::strcmp(a, "-h") == 0 ||
            std::strcmp(a, "--version") == 0 || std::strcmp(a, "-v") == 0) {
            return true;
        }
    }
    return false;
}

/// The GUI's command-line options (besides --help, --version and the file).
struct GuiOptions {
    QCommandLineOption shot, scenario, size, presentation, theme, language, tab, compare,
        checkLabels, measured;
};

GuiOptions guiOptions() {
    return GuiOptions{
        QCommandLineOption(QStringLiteral("screenshot"),
                           QApplication::translate(
                               "main", "Render the window offscreen to <file> (PNG) and exit."),
                           QStringLiteral("file")),
        QCommandLineOption(QStringLiteral("scenario"),
                           QApplication::translate("main", "Open the scenario <file> (JSON)."),
                           QStringLiteral("file")),
        QCommandLineOption(
            QStringLiteral("size"),
            QApplication::translate("main", "Window size for --screenshot, e.g. 1600x1000 (at "
                                            "most %1 px a side and %2 px in all).")
                .arg(headroom::ui::kMaxScreenshotSide)
                .arg(headroom::ui::kMaxScreenshotPixels),
            QStringLiteral("WxH"), QStringLiteral("1600x1000")),
        QCommandLineOption(QStringLiteral("presentation"),
                           QApplication::translate("main", "Start in presentation mode.")),
        QCommandLineOption(QStringLiteral("theme"),
                           QApplication::translate("main", "Theme: light or dark."),
                           QStringLiteral("name")),
        QCommandLineOption(QStringLiteral("language"),
                           QApplication::translate("main", "Interface language: en, de or zh_CN."),
                           QStringLiteral("code")),
        QCommandLineOption(QStringLiteral("tab"),
                           QApplication::translate(
                               "main", "Detail tab shown by --screenshot: breakdown, playbook, "
                                       "layout, timeline, serving, compare, or measured (with "
                                       "--measured)."),
                           QStringLiteral("key")),
        QCommandLineOption(
            QStringLiteral("compare"),
            QApplication::translate("main", "With --screenshot: pin the --scenario file (or the "
                                            "default scenario) as A, open <file> as B and show the "
                                            "Compare tab."),
            QStringLiteral("file")),
        QCommandLineOption(
            QStringLiteral("check-labels"),
            QApplication::translate("main", "With --screenshot: list every cut, elided or "
                                            "overlapping text on stderr and exit with 3 if any.")),
        QCommandLineOption(QStringLiteral("measured"),
                           QApplication::translate(
                               "main", "Open the measured run <file> (headroom_capture.py) beside "
                                       "the estimate of the scenario it describes."),
                           QStringLiteral("file"))};
}

/// The application's names, version, desktop file and icon.
void describeApplication() {
    QApplication::setOrganizationName(QStringLiteral("Headroom"));
    QApplication::setOrganizationDomain(QStringLiteral("headroom.invalid"));
    QApplication::setApplicationName(QStringLiteral("headroom"));
    QApplication::setApplicationDisplayName(QStringLiteral("Headroom"));
    QApplication::setApplicationVersion(QStringLiteral(HEADROOM_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("headroom"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/headroom.svg")));
}

/// --screenshot: renders offscreen and returns the exit status.
int screenshot(const QCommandLineParser& parser, const GuiOptions& o) {
    headroom::ui::ScreenshotOptions so;
    so.output = parser.value(o.shot);
    so.scenario = parser.value(o.scenario);
    so.size = headroom::ui::parseSize(parser.value(o.size));
    if (!so.size.isValid()) {
        QTextStream(stderr) << "headroom: "
                            << QApplication::translate(
                                   "main", "--size must look like 1600x1000, with 10 to %1 "
                                           "px a side and at most %2 px in all (got '%3')")
                                   .arg(headroom::ui::kMaxScreenshotSide)
                                   .arg(headroom::ui::kMaxScreenshotPixels)
                                   .arg(parser.value(o.size))
                            << '\n';
        return 2;
    }
    so.presentation = parser.isSet(o.presentation);
    so.theme = parser.value(o.theme);
    so.language = parser.value(o.language);
    so.tab = parser.value(o.tab);
    so.compare = parser.value(o.compare);
    so.checkLabels = parser.isSet(o.checkLabels);
    so.measured = parser.value(o.measured);
    return headroom::ui::runScreenshot(so);
}

/// The window, with the options a person gave; returns the event loop's exit status.
int runWindow(QApplication& app, const QCommandLineParser& parser, const GuiOptions& o) {
    headroom::ui::MainWindow window;
    if (parser.isSet(o.theme)) {
        window.setTheme(parser.value(o.theme) == QLatin1String("dark")
                            ? headroom::ui::ThemeKind::Dark
                            : headroom::ui::ThemeKind::Light);
    }
    if (parser.isSet(o.language)) {
        window.setLanguage(parser.value(o.language));
    }
    // shown first: a form row shown before the window is kept a zero height (an inference
    // scenario's "Generated" row), so files open in the shown window
    window.show();
    if (parser.isSet(o.scenario)) {
        window.openScenarioFile(parser.value(o.scenario));
    }
    if (parser.isSet(o.measured)) {
        window.openMeasuredFile(parser.value(o.measured));
    }
    if (!parser.positionalArguments().isEmpty()) {
        window.openAnyFile(parser.positionalArguments().front());
    }
    if (parser.isSet(o.presentation)) {
        window.presentation()->setActive(true);
    }
    return app.exec();
}

} // namespace

int main(int argc, char** argv) {
    // A file-size limit makes write() fail with EFBIG instead of killing the app, so a failed
    // save is reported (and the old file kept) like a full disk.
    std::signal(SIGXFSZ, SIG_IGN);
    // A screenshot, --help or --version needs no display: use the offscreen platform unless
    // one was chosen.
    if (needsNoDisplay(argc, argv) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    describeApplication();

    // --help / errors in the system language (the window's LanguageManager takes over later)
    QTranslator cliTranslator;
    if (cliTranslator.load(QStringLiteral(":/i18n/headroom_%1.qm")
                               .arg(headroom::ui::LanguageManager::systemLanguage()))) {
        QApplication::installTranslator(&cliTranslator);
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "GPU memory planner for LLM training and inference."));
    parser.addHelpOption();
    parser.addVersionOption();
    const GuiOptions o = guiOptions();
    parser.addOptions({o.shot, o.scenario, o.size, o.presentation, o.theme, o.language, o.tab,
                       o.compare, o.checkLabels, o.measured});
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QApplication::translate("main", "A scenario or model file to open."),
        QStringLiteral("[file]"));
    parser.process(app);
    QApplication::removeTranslator(&cliTranslator);

    if (parser.isSet(o.shot))
        return screenshot(parser, o);
    return runWindow(app, parser, o);
}
