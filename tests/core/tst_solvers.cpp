// Placeholder suite, replaced by its owner.
#include <QtTest>
class Tstsolvers : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QSKIP("not written yet"); }
};
QTEST_APPLESS_MAIN(Tstsolvers)
#include "tst_solvers.moc"
