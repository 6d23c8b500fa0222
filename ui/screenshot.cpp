#include "ui/screenshot.h"

#include "ui/comparepanel.h"
#include "ui/dashboard.h"
#include "ui/dialogservice.h"
#include "ui/labelaudit.h"
#include "ui/mainwindow.h"
#include "ui/presentationmode.h"
#include "ui/savefile.h"
#include "ui/scenariocontroller.h"

#include <QApplication>
#include <QImage>
#include <QPixmap>
#include <QRegularExpression>
#include <QTextStream>

#include <cstdio>

namespace headroom::ui {

namespace {

/// Prints errors instead of opening dialogs (nothing may block a headless run).
class StderrDialogs : public SilentDialogs {
public:
    bool failed = false;
    void showError(QWidget*, const QString& title, const QString& message) override {
        failed = true;
        QTextStream(stderr) << "headroom: " << title << ": " << message << '\n';
    }
};

} // namespace

QSize parseSize(const QString& text) {
    static const QRegularExpression re(
        QStringLiteral("^\\s*(\\d{2,5})\\s*[xX×]\\s*(\\d{2,5})\\s*$"));
    const auto m = re.match(text);
    if (!m.hasMatch()) {
        return {};
    }
    const int w = m.captured(1).toInt();
    const int h = m.captured(2).toInt();
    if (w < 10 || h < 10 || w > kMaxScreenshotSide || h > kMaxScreenshotSide ||
        qint64{w} * h > kMaxScreenshotPixels) {
        return {};
    }
    return {w, h};
}

int showForScreenshot(MainWindow& w, const ScreenshotOptions& o) {
    if (!o.language.isEmpty()) {
        w.setLanguage(o.language);
    }
    w.setTheme(o.theme == QLatin1String("dark") ? ThemeKind::Dark : ThemeKind::Light);
    w.setAttribute(Qt::WA_DontShowOnScreen, true);
    w.resize(o.size);
    w.show();
    QCoreApplication::processEvents();
    // the scenario opens in the shown window, as a user opens it: form rows shown before the
    // window first is (the inference-only "Generated" row) kept a zero height
    if (!o.scenario.isEmpty() && !w.openScenarioFile(o.scenario)) {
        return 2;
    }
    if (!o.measured.isEmpty() && !w.openMeasuredFile(o.measured)) {
        return 2;
    }
    if (!o.compare.isEmpty()) {
        w.dashboard()->comparePanel()->setPinned(w.controller()->scenario());
        if (!w.openScenarioFile(o.compare))
            return 2;
        if (o.tab.isEmpty())
            w.dashboard()->showTab(QStringLiteral("compare"));
    }
    if (!o.tab.isEmpty() && !w.dashboard()->showTab(o.tab)) {
        // the measured run's tab exists once a run is open
        const QString why =
            o.tab == QStringLiteral("measured")
                ? QCoreApplication::translate("main", "--tab measured needs --measured <file>")
                : QCoreApplication::translate("main", "--tab must be one of: %1 (got '%2')")
                      .arg(w.dashboard()->tabKeys().join(QStringLiteral(", ")), o.tab);
        QTextStream(stderr) << "headroom: " << why << '\n';
        return 2;
    }
    if (o.presentation) {
        w.presentation()->setActive(true, false);
    }
    w.resize(o.size);
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::processEvents();
        w.controller()->flush();
    }
    w.dashboard()->refresh();
    if (!o.compare.isEmpty()) { // its debounce timer would fire too late
        w.dashboard()->comparePanel()->refresh();
        w.dashboard()->comparePanel()->flush(); // the job runs on a pool thread
    }
    QCoreApplication::processEvents();
    return 0;
}

int runScreenshot(const ScreenshotOptions& o) {
    StderrDialogs dialogs;
    MainWindowOptions mo;
    mo.useSettings = false;
    mo.dialogs = &dialogs;
    MainWindow w(mo);
    if (const int rc = showForScreenshot(w, o); rc != 0) {
        return rc;
    }
    const QImage img = w.grab().toImage();
    QString error;
    if (!saveFile(
            o.output, [&img](QIODevice& device) { return img.save(&device, "PNG"); }, &error)) {
        QTextStream(stderr) << "headroom: cannot write " << o.output << ": " << error << '\n';
        return 1;
    }
    if (o.checkLabels) {
        const QList<LabelProblem> problems = auditLabels(&w);
        QTextStream err(stderr);
        for (const LabelProblem& p : problems)
            err << kindName(p.kind) << '\t' << p.where << '\t' << p.text << '\n';
        return problems.isEmpty() ? 0 : 3;
    }
    return 0;
}

} // namespace headroom::ui
