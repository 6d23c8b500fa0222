// Placeholder suite, replaced by its owner.
#include <QtTest>
class Tstpresets : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QSKIP("not written yet"); }
};
QTEST_APPLESS_MAIN(Tstpresets)
#include "tst_presets.moc"
