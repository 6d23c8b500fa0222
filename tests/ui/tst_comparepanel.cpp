// The Compare tab (ui/comparepanel.h) offscreen: Tools → Pin as A, an edit into B, the
// comparison core computes (one change whose share is the whole difference), the bars and
// cliffs drawn from it, and the PNG / SVG / Markdown exports.
#include "ui/comparepanel.h"
#include "ui/dashboard.h"
#include "ui/mainwindow.h"
#include "ui/scenariocontroller.h"

#include <QAction>
#include <QApplication>
#include <QFileInfo>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QtTest>

using namespace headroom;
using namespace headroom::ui;

class TstComparePanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("headroom-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_comparepanel"));
    }
    void pinEditCompare();
    void exports_data();
    void exports();
};

void TstComparePanel::pinEditCompare() {
    MainWindowOptions mo;
    mo.useSettings = false;
    MainWindow w(mo);
    ComparePanel* c = w.dashboard()->comparePanel();
    QVERIFY(!c->hasPinned() && !c->comparison());
    auto* pin = w.findChild<QAction*>(QStringLiteral("actionPinAsA"));
    QVERIFY(pin);
    w.controller()->flush();
    pin->trigger();
    QVERIFY(c->hasPinned());
    const double a = w.controller()->results().estimate.worst.nvidiaSmi;
    w.controller()->edit(Field::MicroBatch, QStringLiteral("mb"),
                         [](Scenario& s) { s.workload.microBatch = 2; });
    w.controller()->flush();
    c->refresh();
    const Comparison* cmp = c->comparison();
    QVERIFY(cmp);
    QCOMPARE(int(cmp->changes.size()), 1);
    const double b = w.controller()->results().estimate.worst.nvidiaSmi;
    QCOMPARE(cmp->saved[0], a - b); // one change: its share is the whole difference
    QVERIFY(c->toMarkdown().contains(QStringLiteral("workload.micro_batch_size")));
}

void TstComparePanel::exports_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("png") << "cmp.png";
    QTest::newRow("svg") << "cmp.svg";
    QTest::newRow("markdown") << "cmp.md";
}

void TstComparePanel::exports() {
    QFETCH(QString, file);
    MainWindowOptions mo;
    mo.useSettings = false;
    MainWindow w(mo);
    w.resize(1400, 1000);
    ComparePanel* c = w.dashboard()->comparePanel();
    c->pin();
    w.controller()->edit(Field::Features, QStringLiteral("ckpt"),
                         [](Scenario& s) { s.workload.checkpointing = Checkpointing::Full; });
    w.controller()->flush();
    QTemporaryDir dir;
    QString error;
    QVERIFY2(c->saveAs(dir.filePath(file), &error), qPrintable(error));
    QVERIFY(QFileInfo(dir.filePath(file)).size() > 100);
    QVERIFY(!c->saveAs(dir.filePath(QStringLiteral("no/dir/") + file), &error));
}

QTEST_MAIN(TstComparePanel)
#include "tst_comparepanel.moc"
