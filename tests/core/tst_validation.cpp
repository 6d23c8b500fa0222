// Placeholder suite, replaced by its owner.
#include <QtTest>
class TstValidation : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QSKIP("not written yet"); }
};
QTEST_APPLESS_MAIN(TstValidation)
#include "tst_validation.moc"
