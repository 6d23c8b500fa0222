// The export dialog (ui/exportdialog.h): every label with a mnemonic ("&Size") has a buddy,
// otherwise Qt draws the ampersand literally (issue 16: the dialog showed "&Size").
#include "ui/exportdialog.h"
#include "ui/exporter.h"
#include "ui/scenariocontroller.h"

#include <QApplication>
#include <QLabel>
#include <QtTest>

using namespace headroom::ui;

class TstExportDialog : public QObject {
    Q_OBJECT
private slots:
    void mnemonicLabelsHaveBuddies();
};

void TstExportDialog::mnemonicLabelsHaveBuddies() {
    ScenarioController controller;
    Exporter exporter(&controller);
    ExportDialog dialog(&exporter, ExportOptions{});
    int withMnemonic = 0;
    for (QLabel* l : dialog.findChildren<QLabel*>()) {
        if (!l->text().contains(QLatin1Char('&')))
            continue;
        ++withMnemonic;
        QVERIFY2(l->buddy(), qPrintable(l->text() + QStringLiteral(" has no buddy")));
    }
    QVERIFY(withMnemonic >= 5); // Export, Size, Scale, Format, Title
}

QTEST_MAIN(TstExportDialog)
#include "tst_exportdialog.moc"
