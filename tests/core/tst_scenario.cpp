// Placeholder suite, replaced by its owner.
#include <QtTest>
class Tstscenario : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QSKIP("not written yet"); }
};
QTEST_APPLESS_MAIN(Tstscenario)
#include "tst_scenario.moc"
