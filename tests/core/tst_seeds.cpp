// Placeholder suite, replaced by its owner.
#include <QtTest>
class Tstseeds : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QSKIP("not written yet"); }
};
QTEST_APPLESS_MAIN(Tstseeds)
#include "tst_seeds.moc"
