// Placeholder suite, replaced by its owner.
#include <QtTest>
class TstUi : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QSKIP("not written yet"); }
};
QTEST_APPLESS_MAIN(TstUi)
#include "tst_ui.moc"
