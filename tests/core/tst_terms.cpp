// Placeholder suite, replaced by its owner.
#include <QtTest>
class Tstterms : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QSKIP("not written yet"); }
};
QTEST_APPLESS_MAIN(Tstterms)
#include "tst_terms.moc"
