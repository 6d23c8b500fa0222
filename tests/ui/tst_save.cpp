// tst_save: every GUI save path (the scenario, the PNG and SVG export, the checked save helper
// under them) never destroys the file it replaces: a save that fails half-way, here under
// RLIMIT_FSIZE in a forked child as on a full disk, leaves the old file byte for byte intact
// and reports why. Also the bounds of `headroom --screenshot --size` (the built binary).

#include "core/io/scenario.h"
#include "ui/dialogservice.h"
#include "ui/exporter.h"
#include "ui/mainwindow.h"
#include "ui/savefile.h"
#include "ui/scenariocontroller.h"
#include "ui/screenshot.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <functional>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace headroom;
using namespace headroom::ui;

namespace {

/// Records errors instead of showing dialogs.
class RecordingDialogs : public SilentDialogs {
public:
    QString lastError;
    void showError(QWidget*, const QString& title, const QString& message) override {
        lastError = title + QStringLiteral(": ") + message;
    }
};

/// What a save attempt in the child reported.
enum class Outcome { Saved = 0, FailedWithReason = 10, FailedSilently = 11, SavedAndSaidSo = 12 };

enum class SavePath { Helper, MainWindowScenario, ExportPng, ExportSvg };

/// Runs @p save in a forked child, under a file-size limit of @p limitBytes (0 = none) with
/// SIGXFSZ ignored so that write() fails with EFBIG; returns the child's exit status.
int inChild(rlim_t limitBytes, const std::function<Outcome()>& save) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (limitBytes > 0) {
            const rlimit limit{limitBytes, limitBytes};
            ::setrlimit(RLIMIT_FSIZE, &limit);
            ::signal(SIGXFSZ, SIG_IGN);
        }
        ::_exit(static_cast<int>(save()));
    }
    int status = 0;
    if (pid < 0 || ::waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
        return -1;
    }
    return WEXITSTATUS(status);
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Offscreen, and hermetic: no settings or caches of the user (HOME is @p home).
QProcessEnvironment screenshotEnvironment(const QString& home) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/.config"));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), home + QStringLiteral("/.cache"));
    return env;
}

} // namespace

class TstSave : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void failedSaveKeepsOldFile_data();
    void failedSaveKeepsOldFile();
    void deviceIsWrittenInPlace_data();
    void deviceIsWrittenInPlace();
    void screenshotSize_data();
    void screenshotSize();
    void screenshotTab_data();
    void screenshotTab();
    void screenshotFailedSaveKeepsOldFile_data();
    void screenshotFailedSaveKeepsOldFile();
    void helpWithoutDisplay_data();
    void helpWithoutDisplay();
};

void TstSave::failedSaveKeepsOldFile_data() {
    QTest::addColumn<int>("pathIndex");
    QTest::addColumn<bool>("limited");
    const std::pair<const char*, SavePath> paths[] = {{"helper", SavePath::Helper},
                                                      {"scenario", SavePath::MainWindowScenario},
                                                      {"export-png", SavePath::ExportPng},
                                                      {"export-svg", SavePath::ExportSvg}};
    for (const auto& [name, path] : paths) {
        QTest::newRow(qPrintable(QStringLiteral("%1-fsize-64").arg(QLatin1String(name))))
            << static_cast<int>(path) << true;
        QTest::newRow(qPrintable(QStringLiteral("%1-no-limit").arg(QLatin1String(name))))
            << static_cast<int>(path) << false;
    }
}

void TstSave::failedSaveKeepsOldFile() {
    QFETCH(int, pathIndex);
    const auto path = static_cast<SavePath>(pathIndex);
    QFETCH(bool, limited);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("old.json"));
    QByteArray old = "{\"old\": \"file\"}\n";
    old += QByteArray(8192, 'x'); // larger than the limit and than the new content's start
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(old) == old.size());
    }
    RecordingDialogs dialogs;
    MainWindowOptions mo;
    mo.useSettings = false;
    mo.dialogs = &dialogs;
    MainWindow w(mo); // built here, saved from in the child
    w.controller()->flush();
    ExportOptions eo;
    eo.size = QSize(400, 300);
    eo.format = path == SavePath::ExportSvg ? ExportFormat::Svg : ExportFormat::Png;
    const int status = inChild(limited ? 64 : 0, [&] {
        QString error;
        bool ok = false;
        switch (path) {
        case SavePath::Helper:
            ok = saveFile(file, QByteArray(1000, 'n'), &error);
            break;
        case SavePath::MainWindowScenario:
            ok = w.saveScenarioTo(file);
            error = dialogs.lastError;
            if (!ok && w.statusBar()->currentMessage().contains(QLatin1String("Saved"))) {
                return Outcome::SavedAndSaidSo;
            }
            break;
        case SavePath::ExportPng:
        case SavePath::ExportSvg:
            ok = w.exporter()->save(file, eo, &error);
            break;
        }
        if (ok) {
            return Outcome::Saved;
        }
        return error.contains(QLatin1String("File too large")) ? Outcome::FailedWithReason
                                                               : Outcome::FailedSilently;
    });
    const QByteArray now = readAll(file);
    if (limited) {
        QCOMPARE(status, static_cast<int>(Outcome::FailedWithReason));
        QCOMPARE(now.size(), old.size());
        QVERIFY(now == old);
    } else {
        QCOMPARE(status, static_cast<int>(Outcome::Saved));
        QVERIFY(!now.isEmpty() && now != old);
    }
    // no temporary file is left behind
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"old.json"});
}

void TstSave::deviceIsWrittenInPlace_data() {
    QTest::addColumn<QString>("device");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("reason");
    // A device is never replaced by a regular file (as root, a rename would replace the node).
    QTest::newRow("dev-null") << QStringLiteral("/dev/null") << true << QString();
    QTest::newRow("dev-full") << QStringLiteral("/dev/full") << false
                              << QStringLiteral("No space left on device");
}

void TstSave::deviceIsWrittenInPlace() {
    QFETCH(QString, device);
    QFETCH(bool, ok);
    QFETCH(QString, reason);
    if (!QFileInfo::exists(device)) {
        QSKIP("no such device here");
    }
    QString error;
    QCOMPARE(saveFile(device, QByteArray(100, 'x'), &error), ok);
    QVERIFY2(error.contains(reason), qPrintable(error));
    const QFileInfo info(device);
    QVERIFY(info.exists() && !info.isFile());
}

void TstSave::screenshotSize_data() {
    QTest::addColumn<QString>("size");
    QTest::addColumn<int>("code");
    QTest::newRow("huge-both-sides") << QStringLiteral("99999x99999") << 2;
    QTest::newRow("width-over-max") << QStringLiteral("16385x100") << 2;
    QTest::newRow("height-over-max") << QStringLiteral("100x16385") << 2;
    QTest::newRow("area-over-max") << QStringLiteral("16384x8192") << 2;
    QTest::newRow("not-a-size") << QStringLiteral("big") << 2;
    QTest::newRow("small-size-works") << QStringLiteral("640x400") << 0;
}

// `headroom --screenshot x.png --size WxH`: a size beyond the documented maximum is a usage
// error naming --size (it tried a 40 GB image and crashed), a sane one writes the PNG.
void TstSave::screenshotSize() {
    QFETCH(QString, size);
    QFETCH(int, code);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString png = dir.filePath(QStringLiteral("x.png"));
    QProcess p;
    p.setProcessEnvironment(screenshotEnvironment(dir.path()));
    p.start(QStringLiteral(HEADROOM_GUI), {"--screenshot", png, "--size", size});
    QVERIFY(p.waitForFinished(120000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == code,
             qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(err)));
    if (code == 2) {
        QVERIFY2(err.contains(QLatin1String("--size")), qPrintable(err));
        QVERIFY(!QFile::exists(png));
    } else {
        QVERIFY2(!QImage(png).isNull(), qPrintable(err));
    }
}

void TstSave::screenshotTab_data() {
    QTest::addColumn<QString>("tab");
    QTest::addColumn<QString>("said"); // what stderr must say
    QTest::newRow("measured-without-a-run")
        << QStringLiteral("measured") << QStringLiteral("--tab measured needs --measured");
    QTest::newRow("unknown-tab-lists-the-keys")
        << QStringLiteral("nonsense") << QStringLiteral("breakdown, playbook");
}

// `--help` lists `measured` among the --tab keys; without --measured that tab does not exist,
// and the error said only "must be one of" a list without it. Now it names what is missing.
void TstSave::screenshotTab() {
    QFETCH(QString, tab);
    QFETCH(QString, said);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString png = dir.filePath(QStringLiteral("x.png"));
    QProcess p;
    p.setProcessEnvironment(screenshotEnvironment(dir.path()));
    p.start(QStringLiteral(HEADROOM_GUI), {"--screenshot", png, "--size", "640x400", "--tab", tab});
    QVERIFY(p.waitForFinished(120000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitCode(), 2);
    QVERIFY2(err.contains(said), qPrintable(err));
    QVERIFY(!QFile::exists(png));
}

void TstSave::screenshotFailedSaveKeepsOldFile_data() {
    QTest::addColumn<bool>("limited");
    QTest::newRow("fsize-64") << true;
    QTest::newRow("no-limit") << false;
}

// The screenshot's PNG goes through the same checked save: under RLIMIT_FSIZE it exits 1 with
// the reason and the old file stays as it was.
void TstSave::screenshotFailedSaveKeepsOldFile() {
    QFETCH(bool, limited);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString png = dir.filePath(QStringLiteral("old.png"));
    const QByteArray old(8192, 'o');
    {
        QFile f(png);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(old) == old.size());
    }
    QProcess p;
    p.setProcessEnvironment(screenshotEnvironment(dir.path()));
    if (limited) {
        p.setChildProcessModifier([] {
            const rlimit limit{64, 64};
            ::setrlimit(RLIMIT_FSIZE, &limit);
        }); // headroom itself ignores SIGXFSZ
    }
    p.start(QStringLiteral(HEADROOM_GUI), {"--screenshot", png, "--size", "640x400"});
    QVERIFY(p.waitForFinished(120000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == (limited ? 1 : 0),
             qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(err)));
    if (limited) {
        QVERIFY2(err.contains(QLatin1String("File too large")), qPrintable(err));
        QVERIFY(readAll(png) == old);
    } else {
        QVERIFY(!QImage(png).isNull());
    }
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"old.png"});
}

void TstSave::helpWithoutDisplay_data() {
    QTest::addColumn<QString>("arg");
    QTest::addColumn<QString>("expected"); // what the output must mention
    QTest::newRow("help") << QStringLiteral("--help") << QStringLiteral("--screenshot");
    QTest::newRow("h") << QStringLiteral("-h") << QStringLiteral("--screenshot");
    QTest::newRow("help-all") << QStringLiteral("--help-all") << QStringLiteral("--screenshot");
    QTest::newRow("version") << QStringLiteral("--version") << QStringLiteral("headroom");
    QTest::newRow("v") << QStringLiteral("-v") << QStringLiteral("headroom");
}

// `headroom --help` (and --version) only print: with no platform chosen and no display (no
// QT_QPA_PLATFORM, DISPLAY or WAYLAND_DISPLAY) they exit 0 with the text instead of aborting
// because the xcb platform cannot connect.
void TstSave::helpWithoutDisplay() {
    QFETCH(QString, arg);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QProcessEnvironment env = screenshotEnvironment(dir.path());
    for (const char* v : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
        env.remove(QString::fromLatin1(v));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(HEADROOM_GUI), {arg});
    QVERIFY(p.waitForFinished(120000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == 0,
             qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(err)));
    QVERIFY2(out.contains(expected), qPrintable(out + err));
}

QTEST_MAIN(TstSave)
#include "tst_save.moc"
