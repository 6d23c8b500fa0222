// Random actions on the main window: seeded steps on its sliders, spin boxes (their ranges
// widened to the widget's extremes, to reach hostile values such as TP 65536 x DP 65536),
// combo boxes, check boxes, the menus' actions that open no modal dialog, undo and redo.
// After every step all bytes are finite and non-negative and the verdict agrees with them.
//
//   HEADROOM_RANDOM_SEED=1234 QT_QPA_PLATFORM=offscreen build/release/tests/ui/tst_random_actions
// The seed of a failing row is printed with the failure, and the step it failed at.

#include "core/engine/estimator.h"
#include "ui/controlspanel.h"
#include "ui/dashboard.h"
#include "ui/dialogservice.h"
#include "ui/mainwindow.h"
#include "ui/results.h"
#include "ui/scenariocontroller.h"
#include "ui/verdictview.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <limits>
#include <memory>

using namespace headroom;
using namespace headroom::ui;

namespace {

/// Never blocks: every dialog answers "cancel" (or "discard" for unsaved changes).
using NoDialogs = SilentDialogs;

/// Menu actions a step may trigger: none opens a modal dialog, quits or touches files.
const char* const kActions[] = {
    "actionNew",        "actionPresentation", "actionLeavePresentation", "actionAnimate",
    "actionPerStage",   "actionShowControls", "actionUnitGiB",           "actionUnitGB",
    "actionThemeLight", "actionThemeDark",    "actionFindLayout",        "actionToggleTheme",
};

/// Spin boxes whose range stays as the app sets it: the layout search's GPU limit bounds a
/// search, not the scenario.
bool keepsItsRange(const QObject* o) {
    return o->objectName() == QStringLiteral("maxGpusSpin");
}

enum class Step { Slider, SpinBox, DoubleSpinBox, Combo, CheckBox, Action, Undo, Redo };
constexpr int kStepKinds = 8;

class RandomActor {
public:
    RandomActor(MainWindow* win, quint32 seed) : m_win(win), m_rng(seed) {}

    /// One random step; returns what it did, for the failure message.
    QString step() {
        switch (static_cast<Step>(m_rng.bounded(kStepKinds))) {
        case Step::Slider:
            return moveSlider();
        case Step::SpinBox:
            return setSpin();
        case Step::DoubleSpinBox:
            return setDoubleSpin();
        case Step::Combo:
            return pickCombo();
        case Step::CheckBox:
            return toggleCheck();
        case Step::Action:
            return triggerAction();
        case Step::Undo:
            m_win->undoAction()->trigger();
            return QStringLiteral("undo");
        case Step::Redo:
            m_win->redoAction()->trigger();
            return QStringLiteral("redo");
        }
        return {};
    }

private:
    template <typename W> W* pick() {
        QList<W*> all;
        for (W* w : m_win->findChildren<W*>()) {
            if (w->isEnabled()) {
                all << w;
            }
        }
        return all.isEmpty() ? nullptr : all[m_rng.bounded(static_cast<int>(all.size()))];
    }
    static QString name(const QObject* o) {
        return o->objectName().isEmpty() ? QString::fromLatin1(o->metaObject()->className())
                                         : o->objectName();
    }

    QString moveSlider() {
        QSlider* s = pick<QSlider>();
        if (!s) {
            return {};
        }
        const int v = m_rng.bounded(s->minimum(), s->maximum() + 1);
        s->setValue(v);
        return QStringLiteral("slider %1 = %2").arg(name(s)).arg(v);
    }

    /// Small values, powers of two up to 2^16, the int extremes, or any int.
    int hostileInt() {
        constexpr int kLo = std::numeric_limits<int>::min();
        constexpr int kHi = std::numeric_limits<int>::max();
        switch (m_rng.bounded(6)) {
        case 0:
            return m_rng.bounded(-2, 17);
        case 1:
        case 2:
            return 1 << m_rng.bounded(17);
        case 3:
            return m_rng.bounded(2) ? kHi : kLo;
        case 4:
            return kHi - m_rng.bounded(3);
        default:
            return static_cast<int>(m_rng.generate());
        }
    }
    QString setSpin() {
        QSpinBox* s = pick<QSpinBox>();
        if (!s) {
            return {};
        }
        if (!keepsItsRange(s)) {
            s->setRange(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
        }
        const int v = hostileInt();
        s->setValue(v);
        return QStringLiteral("spin %1 = %2").arg(name(s)).arg(v);
    }

    QString setDoubleSpin() {
        QDoubleSpinBox* s = pick<QDoubleSpinBox>();
        if (!s) {
            return {};
        }
        constexpr double kMax = std::numeric_limits<double>::max();
        s->setRange(-kMax, kMax);
        double v = 0;
        switch (m_rng.bounded(5)) {
        case 0:
            v = m_rng.bounded(2) ? kMax : -kMax;
            break;
        case 1:
            v = std::exp2(m_rng.bounded(110.0) - 30.0);
            break;
        case 2:
            v = -m_rng.bounded(1e6);
            break;
        default:
            v = m_rng.bounded(4096.0);
            break;
        }
        s->setValue(v);
        return QStringLiteral("double spin %1 = %2").arg(name(s)).arg(v);
    }

    QString pickCombo() {
        QComboBox* c = pick<QComboBox>();
        if (!c || c->count() == 0) {
            return {};
        }
        const int i = m_rng.bounded(c->count());
        c->setCurrentIndex(i);
        emit c->activated(i);
        return QStringLiteral("combo %1 = %2").arg(name(c)).arg(i);
    }

    QString toggleCheck() {
        QCheckBox* c = pick<QCheckBox>();
        if (!c) {
            return {};
        }
        c->click();
        return QStringLiteral("check %1 = %2").arg(name(c)).arg(c->isChecked());
    }

    QString triggerAction() {
        const char* n = kActions[m_rng.bounded(static_cast<int>(std::size(kActions)))];
        auto* a = m_win->findChild<QAction*>(QString::fromLatin1(n));
        if (!a || !a->isEnabled()) {
            return {};
        }
        a->trigger();
        return QStringLiteral("action %1").arg(QString::fromLatin1(n));
    }

    MainWindow* m_win;
    QRandomGenerator m_rng;
};

bool finiteNonNegative(double v) {
    return std::isfinite(v) && v >= 0;
}

/// The first bad number of a rank, or empty.
QString checkRank(const RankEstimate& r, const QString& what) {
    for (int t = 0; t < kTermCount; ++t) {
        if (!finiteNonNegative(r.atPeak[static_cast<size_t>(t)])) {
            return QStringLiteral("%1 term %2 = %3").arg(what).arg(t).arg(r.atPeak[size_t(t)]);
        }
    }
    for (const double v : r.phaseAllocated) {
        if (!finiteNonNegative(v)) {
            return QStringLiteral("%1 phase allocated = %2").arg(what).arg(v);
        }
    }
    const double values[] = {r.allocated,         r.reserved,   r.loadReserved, r.loadPeakAllocated,
                             r.gradientPoolCache, r.releasable, r.nvidiaSmi,    r.pageable};
    for (const double v : values) {
        if (!finiteNonNegative(v)) {
            return QStringLiteral("%1 total = %2").arg(what).arg(v);
        }
    }
    return {};
}

/// Everything the window draws: finite, non-negative bytes and a verdict that follows them.
QString checkResults(const Results& r, const QString& headline, ByteUnit unit) {
    if (headline != VerdictView::headlineFor(r, unit)) {
        return QStringLiteral("verdict '%1' is not the results' '%2'")
            .arg(headline, VerdictView::headlineFor(r, unit));
    }
    if (!r.hasEstimate) {
        return {};
    }
    const Estimate& e = r.estimate;
    QString bad = checkRank(e.worst, QStringLiteral("worst rank"));
    for (size_t i = 0; bad.isEmpty() && i < e.stages.size(); ++i) {
        bad = checkRank(e.stages[i], QStringLiteral("stage %1").arg(i));
    }
    if (!bad.isEmpty()) {
        return bad;
    }
    if (!finiteNonNegative(e.hostBytes) || !finiteNonNegative(e.capacity) ||
        !std::isfinite(e.headroom)) {
        return QStringLiteral("host %1, capacity %2, headroom %3")
            .arg(e.hostBytes)
            .arg(e.capacity)
            .arg(e.headroom);
    }
    const double point = e.worst.nvidiaSmi - e.worst.pageable - e.worst.releasable;
    // planning against the band's high bound, the verdict counts that bound (applyPlanTarget)
    const double needed = r.planAgainstBandHigh ? std::max(point, r.band.verdictHigh) : point;
    if (e.capacity > 0 &&
        (e.fits != (needed <= e.capacity) ||
         std::abs(e.capacity - e.headroom - needed) > 1e-9 * std::max({1.0, needed, e.capacity}))) {
        return QStringLiteral("verdict fits=%1 headroom %2 for %3 needed of %4")
            .arg(e.fits)
            .arg(e.headroom)
            .arg(needed)
            .arg(e.capacity);
    }
    for (const SweepPoint& p : r.sweep) {
        for (const double v : p.terms) {
            if (!finiteNonNegative(v)) {
                return QStringLiteral("sweep x=%1 term = %2").arg(p.x).arg(v);
            }
        }
        if (!finiteNonNegative(p.nvidiaSmi) || !finiteNonNegative(p.reserved) ||
            !finiteNonNegative(p.allocated)) {
            return QStringLiteral("sweep x=%1 total = %2").arg(p.x).arg(p.nvidiaSmi);
        }
    }
    for (const PlaybookItem& i : r.playbook) {
        if (!finiteNonNegative(i.newTotal) || !std::isfinite(i.savedBytes)) {
            return QStringLiteral("playbook item %1: %2 / %3")
                .arg(static_cast<int>(i.action))
                .arg(i.newTotal)
                .arg(i.savedBytes);
        }
    }
    return {};
}

} // namespace

class TstRandomActions : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    quint32 m_seed = 20261124;

private slots:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_tmp.filePath("settings"));
        QCoreApplication::setOrganizationName(QStringLiteral("HeadroomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_random_actions"));
        bool ok = false;
        const uint env = qEnvironmentVariableIntValue("HEADROOM_RANDOM_SEED", &ok);
        if (ok) {
            m_seed = env;
        }
        qInfo("HEADROOM_RANDOM_SEED=%u", m_seed);
    }

    // 10,000 steps in all: four windows of 2,500 steps, each with its own seed.
    void randomSteps_data() {
        QTest::addColumn<quint32>("offset");
        QTest::addColumn<int>("steps");
        for (quint32 i = 0; i < 4; ++i) {
            QTest::addRow("window-%u", i) << i << 2500;
        }
    }
    void randomSteps() {
        QFETCH(quint32, offset);
        QFETCH(int, steps);
        const quint32 seed = m_seed + offset;
        NoDialogs dialogs;
        MainWindowOptions o;
        o.useSettings = false;
        o.dialogs = &dialogs;
        MainWindow win(o);
        win.resize(1400, 900);
        win.show();
        ScenarioController* ctl = win.controller();
        RandomActor actor(&win, seed);
        QElapsedTimer clock;
        clock.start();
        QElapsedTimer stepClock;
        qint64 slowestMs = -1;
        QString slowest;
        for (int i = 0; i < steps; ++i) {
            stepClock.start();
            const QString did = actor.step();
            QCoreApplication::processEvents();
            ctl->flush();
            const qint64 ms = stepClock.elapsed();
            if (ms > slowestMs) {
                slowestMs = ms;
                slowest = QStringLiteral("step %1 (%2)").arg(i).arg(did);
            }
            if (ms > 1000) {
                qInfo("slow step %d: %lld ms (%s)", i, ms, qPrintable(did));
            }
            const QString bad =
                checkResults(ctl->results(), win.dashboard()->verdict()->headline(), ctl->unit());
            QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("HEADROOM_RANDOM_SEED=%1 (row "
                                                              "seed %2), step %3 (%4): %5")
                                                   .arg(m_seed)
                                                   .arg(seed)
                                                   .arg(i)
                                                   .arg(did, bad)));
        }
        qInfo("%d steps in %.1f s; slowest %lld ms: %s", steps,
              static_cast<double>(clock.elapsed()) / 1000.0, slowestMs, qPrintable(slowest));
        ctl->undoStack()->setClean();
    }
};

QTEST_MAIN(TstRandomActions)
#include "tst_random_actions.moc"
