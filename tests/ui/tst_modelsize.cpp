// The model-size slider from a real model (issue 16 item 5): enabled on the default scenario,
// it steps through the family's real sizes and, between them, a derived shape labelled
// "derived" in the model combo and the model line; one drag is one undo step.
#include "ui/controlspanel.h"
#include "ui/mainwindow.h"
#include "ui/scenariocontroller.h"
#include "ui/scenarioedits.h"
#include "ui/sliderfield.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QSlider>
#include <QtTest>

#include <memory>

using namespace headroom;
using namespace headroom::ui;

class TstModelSize : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("headroom-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_modelsize"));
    }
    void init() {
        MainWindowOptions mo;
        mo.useSettings = false;
        m_win = std::make_unique<MainWindow>(mo);
        m_win->controller()->resetScenario(defaultScenario()); // Llama-3.1-8B preset
        settle();
    }
    void cleanup() { m_win.reset(); }
    void slideFromPreset_data();
    void slideFromPreset();
    void dragIsOneUndoStep();
    void importedModelHasNoFamily();

private:
    void settle() {
        QCoreApplication::processEvents();
        m_win->controller()->flush();
    }
    void slideTo(double params) {
        SliderField* f = m_win->controls()->modelSizeField();
        f->slider()->setValue(f->positionOf(params));
        settle();
    }
    const Scenario& scn() const { return m_win->controller()->scenario(); }
    std::unique_ptr<MainWindow> m_win;
};

void TstModelSize::slideFromPreset_data() {
    QTest::addColumn<double>("target");
    QTest::addColumn<bool>("derived");
    QTest::addColumn<QString>("preset"); // the preset, or the one the shape derives from
    QTest::newRow("to-70b-real") << 70.55e9 << false << "llama-3.1-70b";
    QTest::newRow("to-3b-real") << 3.21e9 << false << "llama-3.2-3b";
    QTest::newRow("to-20b-derived") << 20e9 << true << "llama-3.1-8b";
    QTest::newRow("to-1t-derived-beyond") << 1e12 << true << "llama-3.1-405b";
}

void TstModelSize::slideFromPreset() {
    QFETCH(double, target);
    QFETCH(bool, derived);
    QFETCH(QString, preset);
    ControlsPanel* c = m_win->controls();
    QVERIFY2(c->modelSizeField()->isEnabled(), "the size slider is greyed out on a real model");
    slideTo(target);
    const bool isDerived = scn().modelSource == ModelSource::Inline;
    QCOMPARE(isDerived, derived);
    QCOMPARE(QString::fromStdString(derived ? scn().derivedFrom : scn().modelPreset), preset);
    // the slider's log scale has 401 positions from 1e8 to 1e12 (2.3 % apart): the model is
    // within a position's width plus whole layers of the target
    const double total = double(countParameters(scn().model).total);
    QVERIFY2(std::abs(total / target - 1) < 0.06, qPrintable(QString::number(total)));
    const QString combo = c->modelCombo()->currentText();
    QCOMPARE(combo.contains(QStringLiteral("(derived)")), derived);
    auto* info = c->findChild<QLabel*>(QStringLiteral("modelInfo"));
    QCOMPARE(info->text().contains(QStringLiteral("Derived")), derived);
    QVERIFY(c->modelSizeField()->isEnabled()); // still in the family: keeps stepping
}

void TstModelSize::dragIsOneUndoStep() {
    QUndoStack* undo = m_win->controller()->undoStack();
    const int before = undo->count();
    m_win->controller()->beginDrag();
    slideTo(20e9);
    slideTo(70.55e9);
    slideTo(150e9);
    m_win->controller()->endDrag();
    settle();
    QCOMPARE(undo->count(), before + 1);
    QCOMPARE(QString::fromStdString(scn().derivedFrom), QStringLiteral("llama-3.1-70b"));
    undo->undo();
    settle();
    QCOMPARE(scn().modelSource, ModelSource::Preset);
    QCOMPARE(QString::fromStdString(scn().modelPreset), QStringLiteral("llama-3.1-8b"));
}

void TstModelSize::importedModelHasNoFamily() {
    const ModelArch arch = scn().model;
    m_win->controller()->edit(Field::Model, QStringLiteral("import"),
                              [arch](Scenario& s) { edits::setInlineModel(s, arch); });
    settle();
    QVERIFY(!m_win->controls()->modelSizeField()->isEnabled());
}

QTEST_MAIN(TstModelSize)
#include "tst_modelsize.moc"
