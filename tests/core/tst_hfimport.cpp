// Placeholder suite, replaced by its owner.
#include <QtTest>
class Tsthfimport : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QSKIP("not written yet"); }
};
QTEST_APPLESS_MAIN(Tsthfimport)
#include "tst_hfimport.moc"
