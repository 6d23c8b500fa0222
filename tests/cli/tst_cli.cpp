// Placeholder suite, replaced by its owner.
#include <QtTest>
class TstCli : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QSKIP("not written yet"); }
};
QTEST_APPLESS_MAIN(TstCli)
#include "tst_cli.moc"
