// Placeholder suite, replaced by its owner.
#include <QtTest>
class Tstparallel : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QSKIP("not written yet"); }
};
QTEST_APPLESS_MAIN(Tstparallel)
#include "tst_parallel.moc"
