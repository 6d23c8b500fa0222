// bench_ui: slider value change -> engine recompute -> both charts updated and repainted,
// offscreen. A plain QElapsedTimer loop (not a ctest test; nothing gates on wall time).
// Prints median and p99 per phase; docs/gui.md quotes the numbers.
// A second part edits whole scenarios through the event loop, as a user does (no flush()):
// the time until the bar chart repaints with the new results, and the longest event-loop
// stall meanwhile (a 5 ms ticker's largest gap), for slow scenarios such as DeepSeek-V3
// QLoRA loaded by torchao.
//
//   QT_QPA_PLATFORM=offscreen build/release/bench/bench_ui [iterations] [--render-only | CASE]
//   (CASE: a fragment of a drag case's name, e.g. "sequence drag": only those drags)

#include "bench/benchcases.h"
#include "core/io/scenario.h"
#include "ui/cliffchart.h"
#include "ui/controlspanel.h"
#include "ui/dashboard.h"
#include "ui/dialogservice.h"
#include "ui/mainwindow.h"
#include "ui/scenariocontroller.h"
#include "ui/scenarioedits.h"
#include "ui/sliderfield.h"
#include "ui/vrambarchart.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QGraphicsWidget>
#include <QSlider>
#include <QTextStream>

#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <vector>

using namespace headroom;
using namespace headroom::ui;

namespace {

using NoDialogs = SilentDialogs;

/// The benchmarked window: no settings, no dialogs, 1600x1000, shown (offscreen).
std::unique_ptr<MainWindow> benchWindow(DialogService& dialogs) {
    MainWindowOptions o;
    o.useSettings = false;
    o.dialogs = &dialogs;
    auto w = std::make_unique<MainWindow>(o);
    w->resize(1600, 1000);
    w->show();
    return w;
}

/// Counts paint events, so the benchmark proves the charts were really repainted.
class PaintCounter : public QObject {
public:
    QObject* bar = nullptr;
    int barPaints = 0;
    int cliffPaints = 0;
    bool eventFilter(QObject* o, QEvent* e) override {
        if (e->type() == QEvent::Paint) {
            ++(o == bar ? barPaints : cliffPaints);
        }
        return false;
    }
};

/// Counts paint events per widget class and the charts' layout requests over a whole drag
/// (HEADROOM_BENCH_PAINTS=1): which widgets a slider change repaints besides the two charts,
/// and how often a chart lays itself out again (axes, legend, titles).
class PaintCensus : public QObject {
public:
    /// " in <objectName of the chart's view>", for a chart element; empty otherwise.
    static QString chartOf(QObject* o) {
        auto* gw = qobject_cast<QGraphicsWidget*>(o);
        if (!gw || !gw->scene() || gw->scene()->views().isEmpty())
            return {};
        QObject* v = gw->scene()->views().first();
        while (v && v->objectName().isEmpty())
            v = v->parent();
        return v ? QStringLiteral(" in ") + v->objectName() : QString();
    }
    std::map<QString, int> counts;
    bool eventFilter(QObject* o, QEvent* e) override {
        if (e->type() == QEvent::LayoutRequest && !o->isWidgetType()) // a chart's layout
            ++counts[QStringLiteral("layout request: ") +
                     QString::fromLatin1(o->metaObject()->className()) + chartOf(o)];
        if (e->type() == QEvent::Paint && o->isWidgetType()) {
            const QObject* named = o;
            while (named && named->objectName().isEmpty())
                named = named->parent();
            ++counts[QString::fromLatin1(o->metaObject()->className()) + QStringLiteral(" in ") +
                     (named ? named->objectName() : QStringLiteral("?"))];
        }
        return false;
    }
};

struct Stats {
    double median = 0;
    double p99 = 0;
    double max = 0;
};

Stats stats(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    Stats s;
    s.median = v[v.size() / 2];
    s.p99 = v[std::min(v.size() - 1, static_cast<size_t>(static_cast<double>(v.size()) * 0.99))];
    s.max = v.back();
    return s;
}

/// The largest gap between ticks of a 5 ms timer: how long the event loop was blocked.
class StallMeter {
public:
    StallMeter() {
        m_tick.setInterval(5);
        QObject::connect(&m_tick, &QTimer::timeout, [this] {
            m_max = std::max(m_max, static_cast<double>(m_clock.nsecsElapsed()) / 1e6);
            m_clock.restart();
        });
    }
    void start() {
        m_max = 0;
        m_clock.start();
        m_tick.start();
    }
    double stop() {
        m_tick.stop();
        return std::max(m_max, static_cast<double>(m_clock.nsecsElapsed()) / 1e6);
    }

private:
    QTimer m_tick;
    QElapsedTimer m_clock;
    double m_max = 0;
};

struct RenderCase {
    const char* name;
    std::function<void(Scenario&)> change;
};

/// Applies @p change as one edit and runs the event loop until the results are drawn.
/// Returns {ms until the bar chart repainted with them, longest event-loop stall in ms}.
std::pair<double, double> renderOnce(MainWindow& w, const std::function<void(Scenario&)>& change) {
    ScenarioController* ctl = w.controller();
    PaintCounter counter;
    counter.bar = w.dashboard()->barChart()->viewport();
    counter.bar->installEventFilter(&counter);
    StallMeter stalls;
    QElapsedTimer t;
    stalls.start();
    t.start();
    ctl->edit(Field::Model, QStringLiteral("bench"), change);
    int paintsAtResults = -1;
    while (paintsAtResults < 0 || counter.barPaints == paintsAtResults) {
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        if (paintsAtResults < 0 && !ctl->recomputePending()) {
            paintsAtResults = counter.barPaints;
        }
    }
    const double ms = static_cast<double>(t.nsecsElapsed()) / 1e6;
    return {ms, stalls.stop()};
}

void renderBench(QTextStream& out) {
    auto deepseekQlora = [](LoadRecipe recipe) {
        return [recipe](Scenario& s) {
            edits::setModelPreset(s, "deepseek-v3");
            edits::setRunMode(s, RunMode::QLoRA);
            s.workload.features.loadRecipe = recipe;
        };
    };
    const RenderCase cases[] = {
        {"llama-3.1-8b: micro-batch 4 -> 8", [](Scenario& s) { s.workload.microBatch = 8; }},
        {"deepseek-v3 QLoRA, torchao load (from the default)",
         deepseekQlora(LoadRecipe::TorchaoNf4)},
        {"deepseek-v3 QLoRA, torchao unchunked load (from the default)",
         deepseekQlora(LoadRecipe::TorchaoNf4Unchunked)},
    };
    out << "scenario edit through the event loop -> bar repainted; ms: render / longest "
           "event-loop stall\n";
    for (const RenderCase& c : cases) {
        NoDialogs dialogs;
        const std::unique_ptr<MainWindow> window = benchWindow(dialogs);
        MainWindow& w = *window;
        w.controller()->flush();
        QCoreApplication::processEvents();
        const auto [ms, stall] = renderOnce(w, c.change);
        // then a micro-batch change within the same scenario
        const auto [ms2, stall2] = renderOnce(w, [](Scenario& s) { s.workload.microBatch += 1; });
        out << "  " << c.name << "\n"
            << QStringLiteral("    switch:            %1 / %2\n")
                   .arg(ms, 8, 'f', 1)
                   .arg(stall, 8, 'f', 1)
            << QStringLiteral("    micro-batch + 1:   %1 / %2\n")
                   .arg(ms2, 8, 'f', 1)
                   .arg(stall2, 8, 'f', 1);
        out.flush();
        w.controller()->undoStack()->setClean();
    }
}

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    const int iterations = argc > 1 ? std::max(50, QString::fromLocal8Bit(argv[1]).toInt()) : 1000;
    QTextStream out(stdout);
    // argv[2]: "--render-only", or a drag case's name fragment (only those drags, no render)
    const QString only = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    if (only.isEmpty() || only == QStringLiteral("--render-only")) {
        renderBench(out);
    }
    if (only == QStringLiteral("--render-only")) {
        return 0;
    }

    out << "\nbench_ui: slider value change -> recompute -> both charts updated + repainted "
           "(offscreen, 1600x1000 window), "
        << iterations << " iterations per case\n";
    out << "times in ms: median / p99 / max\n\n";

    for (const bench::DragCase& c : bench::kDragCases) {
        if (!only.isEmpty() && !QString::fromLatin1(c.name).contains(only)) {
            continue;
        }
        NoDialogs dialogs;
        const std::unique_ptr<MainWindow> window = benchWindow(dialogs);
        MainWindow& w = *window;
        ScenarioController* ctl = w.controller();
        Dashboard* d = w.dashboard();
        const auto [field, range] = bench::setUpDrag(w, c);
        QSlider* slider = field->slider();
        const auto [lo, hi] = range;

        PaintCounter counter;
        counter.bar = d->barChart()->viewport();
        int missed = 0;
        d->barChart()->viewport()->installEventFilter(&counter);
        d->cliffChart()->viewport()->installEventFilter(&counter);

        PaintCensus census;
        const bool censusOn = qEnvironmentVariableIntValue("HEADROOM_BENCH_PAINTS") != 0;
        if (censusOn)
            qApp->installEventFilter(&census);
        std::vector<double> total, engine, update, paint;
        slider->setSliderDown(true); // one drag
        int pos = lo;
        int dir = 1;
        const int warmup = 50;
        for (int i = 0; i < warmup + iterations; ++i) {
            pos += dir;
            if (pos >= hi || pos <= lo) {
                dir = -dir;
            }
            const int barPaints = counter.barPaints;
            const int cliffPaints = counter.cliffPaints;
            QElapsedTimer t;
            t.start();
            slider->setValue(pos); // valueChanged -> edit -> undo command -> scenarioChanged
            const qint64 t0 = t.nsecsElapsed();
            ctl->flush(); // the coalescing 0-ms timer: recompute -> views take the results
            const qint64 t1 = t.nsecsElapsed();
            // the event loop delivers the update requests: both charts repaint
            for (int round = 0; round < 10 && (counter.barPaints == barPaints ||
                                               counter.cliffPaints == cliffPaints);
                 ++round) {
                QCoreApplication::processEvents();
            }
            const qint64 t2 = t.nsecsElapsed();
            if (counter.barPaints == barPaints || counter.cliffPaints == cliffPaints) {
                ++missed;
            }
            if (i >= warmup) {
                total.push_back(static_cast<double>(t2) / 1e6);
                engine.push_back(ctl->results().computeMs);
                update.push_back(static_cast<double>(t1 - t0) / 1e6 - ctl->results().computeMs +
                                 static_cast<double>(t0) / 1e6);
                paint.push_back(static_cast<double>(t2 - t1) / 1e6);
            }
        }
        slider->setSliderDown(false);
        qApp->removeEventFilter(&census);
        QCoreApplication::processEvents();

        const Stats st = stats(total), se = stats(engine), su = stats(update), sp = stats(paint);
        auto row = [&](const char* what, const Stats& s) {
            out << QStringLiteral("  %1 %2 / %3 / %4\n")
                       .arg(QString::fromLatin1(what), -34)
                       .arg(s.median, 6, 'f', 3)
                       .arg(s.p99, 6, 'f', 3)
                       .arg(s.max, 6, 'f', 3);
        };
        out << c.name << "\n";
        row("total (change -> charts repainted)", st);
        row("  engine (estimate+sweep+solvers)", se);
        row("  edit + views updated (replace())", su);
        row("  event loop: repaint bar + cliff", sp);
        out << "  paints: bar " << counter.barPaints << ", cliff " << counter.cliffPaints << " for "
            << (warmup + iterations) << " changes (" << missed
            << " changes without a repaint); undo steps for the whole drag: "
            << ctl->undoStack()->count() - 1 << "\n\n";
        for (const auto& [what, n] : census.counts)
            out << "  paints: " << n << " x " << what << "\n";
        out.flush();
        ctl->undoStack()->setClean();
    }
    return 0;
}
