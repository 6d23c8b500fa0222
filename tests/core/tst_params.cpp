// Placeholder suite, replaced by its owner.
#include <QtTest>
class Tstparams : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QSKIP("not written yet"); }
};
QTEST_APPLESS_MAIN(Tstparams)
#include "tst_params.moc"
