// bench_xdrag: a slider drag in a real X window, measured as the X server sees it. The app
// runs in this process under the xcb platform (a 1920x1080 window on an Xvfb screen); a second
// thread with its own X connection presses the slider's handle with XTest, moves the pointer
// one slider step at a time and waits, through the DAMAGE extension (raw rectangles on the
// top-level window), until both chart viewports have been redrawn on the server: the time from
// XTestFakeMotionEvent to the later of the two damage reports is one sample. Not a ctest test;
// nothing gates on wall time (docs/gui.md quotes the numbers).
//
//   tools/bench/xdrag.sh [steps] [CASE]   (starts Xvfb, runs this, stops Xvfb)
//   DISPLAY=:99 build/release/bench/bench_xdrag [steps] [CASE]
//
// Units: milliseconds of CLOCK_MONOTONIC. Sources: XTEST (XTestFakeMotionEvent,
// XTestFakeButtonEvent), DAMAGE 1.1 (XDamageReportRawRectangles: one event per damaged
// rectangle, drawable coordinates).

#include "bench/benchcases.h"
#include "ui/dialogservice.h"

#include <QApplication>
#include <QEventLoop>
#include <QScrollArea>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTextStream>
#include <QThread>

#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xdamage.h>
#include <sys/select.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <memory>
#include <vector>

using namespace headroom;
using namespace headroom::ui;

namespace {

double nowMs() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

/// What the driving thread needs, read off the widgets on the GUI thread before the drag.
struct Geometry {
    Window window = 0;           ///< the top-level X window (damage is reported on it)
    QRect bar, cliff;            ///< chart viewports, in window coordinates
    std::vector<QPoint> handles; ///< screen points of the handle's centre, one per step
};

Geometry geometryFor(MainWindow& w, QSlider* slider, int lo, int hi, int steps) {
    for (QWidget* p = slider; p; p = p->parentWidget()) {
        if (auto* area = qobject_cast<QScrollArea*>(p)) {
            area->ensureWidgetVisible(slider);
            break;
        }
    }
    QCoreApplication::processEvents();
    Geometry g;
    g.window = static_cast<Window>(w.winId());
    auto inWindow = [&](QWidget* v) { return QRect(v->mapTo(&w, QPoint(0, 0)), v->size()); };
    g.bar = inWindow(w.dashboard()->barChart()->viewport());
    g.cliff = inWindow(w.dashboard()->cliffChart()->viewport());
    QStyleOptionSlider opt;
    opt.initFrom(slider);
    opt.orientation = slider->orientation();
    opt.minimum = slider->minimum();
    opt.maximum = slider->maximum();
    opt.upsideDown = slider->invertedAppearance();
    opt.subControls = QStyle::SC_SliderGroove | QStyle::SC_SliderHandle;
    const QRect groove =
        slider->style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderGroove, slider);
    opt.sliderPosition = opt.sliderValue = lo;
    const QRect handle =
        slider->style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, slider);
    const int span = groove.width() - handle.width();
    int pos = lo;
    int dir = 1;
    for (int i = 0; i <= steps; ++i) {
        const int x = groove.left() + handle.width() / 2 +
                      QStyle::sliderPositionFromValue(opt.minimum, opt.maximum, pos, span);
        g.handles.push_back(slider->mapToGlobal(QPoint(x, handle.center().y())));
        pos += dir;
        if (pos >= hi || pos <= lo)
            dir = -dir;
    }
    return g;
}

/// Runs on its own thread and X connection: press, move step by step, release.
struct Driver {
    Geometry g;
    int warmup = 20;
    std::vector<double> samples;
    int missed = 0;
    int damageEvents = 0;
    QString error;

    void run() {
        Display* dpy = XOpenDisplay(nullptr);
        int evBase = 0, errBase = 0, major = 0, minor = 0, xtEv = 0, xtErr = 0;
        if (!dpy || !XDamageQueryExtension(dpy, &evBase, &errBase) ||
            !XTestQueryExtension(dpy, &xtEv, &xtErr, &major, &minor)) {
            error = QStringLiteral("no X display with the DAMAGE and XTEST extensions");
            if (dpy)
                XCloseDisplay(dpy);
            return;
        }
        const Damage damage = XDamageCreate(dpy, g.window, XDamageReportRawRectangles);
        XTestFakeMotionEvent(dpy, -1, g.handles[0].x(), g.handles[0].y(), CurrentTime);
        XTestFakeButtonEvent(dpy, 1, True, CurrentTime);
        XSync(dpy, False);
        drain(dpy, evBase, 200);
        for (size_t i = 1; i < g.handles.size(); ++i) {
            const QPoint p = g.handles[i];
            const double t0 = nowMs();
            XTestFakeMotionEvent(dpy, -1, p.x(), p.y(), CurrentTime);
            XFlush(dpy);
            const double ms = waitForCharts(dpy, evBase, t0);
            if (ms < 0)
                ++missed;
            else if (static_cast<int>(i) > warmup)
                samples.push_back(ms);
            drain(dpy, evBase, 2); // late damage of this step (tables, labels) is not the next's
        }
        XTestFakeButtonEvent(dpy, 1, False, CurrentTime);
        XSync(dpy, False);
        drain(dpy, evBase, 300);
        XDamageDestroy(dpy, damage);
        XCloseDisplay(dpy);
    }

    /// Milliseconds from @p t0 until both chart viewports were damaged; -1 after 500 ms.
    double waitForCharts(Display* dpy, int evBase, double t0) {
        bool bar = false, cliff = false;
        while (!(bar && cliff)) {
            const double left = 500 - (nowMs() - t0);
            if (left <= 0 || !nextEvent(dpy, left))
                return -1;
            XEvent ev;
            XNextEvent(dpy, &ev);
            if (ev.type != evBase + XDamageNotify)
                continue;
            ++damageEvents;
            const auto* d = reinterpret_cast<const XDamageNotifyEvent*>(&ev);
            const QRect r(d->area.x, d->area.y, d->area.width, d->area.height);
            bar = bar || r.intersects(g.bar);
            cliff = cliff || r.intersects(g.cliff);
        }
        return nowMs() - t0;
    }

    /// Reads events until none arrives for @p quietMs.
    static void drain(Display* dpy, int, double quietMs) {
        while (nextEvent(dpy, quietMs)) {
            XEvent ev;
            XNextEvent(dpy, &ev);
        }
    }

    /// Whether an event is queued within @p ms.
    static bool nextEvent(Display* dpy, double ms) {
        if (XPending(dpy) > 0)
            return true;
        const int fd = ConnectionNumber(dpy);
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(fd, &fds);
        timeval tv{static_cast<time_t>(ms / 1000),
                   static_cast<suseconds_t>(std::fmod(ms, 1000.0) * 1000)};
        return select(fd + 1, &fds, nullptr, nullptr, &tv) > 0 && XPending(dpy) > 0;
    }
};

double percentile(std::vector<double> v, double q) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<size_t>(static_cast<double>(v.size()) * q))];
}

} // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "xcb");
    QApplication app(argc, argv);
    const int steps = argc > 1 ? std::max(50, QString::fromLocal8Bit(argv[1]).toInt()) : 300;
    const QString only = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    QTextStream out(stdout);
    out << "bench_xdrag: XTest motion -> both charts damaged on the X server (1920x1080 "
           "window), "
        << steps << " steps per case; ms: median / p99 / max\n";
    for (const bench::DragCase& c : bench::kDragCases) {
        if (!only.isEmpty() && !QString::fromLatin1(c.name).contains(only))
            continue;
        SilentDialogs dialogs;
        MainWindowOptions o;
        o.useSettings = false;
        o.dialogs = &dialogs;
        MainWindow w(o);
        w.setGeometry(0, 0, 1920, 1080);
        w.show();
        for (int i = 0; i < 50; ++i) { // mapped, laid out, first frame drawn
            QCoreApplication::processEvents();
            QThread::msleep(5);
        }
        const auto [field, range] = bench::setUpDrag(w, c);
        field->slider()->setValue(range.first); // the handle where the drag starts
        w.controller()->flush();
        QCoreApplication::processEvents();
        Driver driver;
        driver.g = geometryFor(w, field->slider(), range.first, range.second, steps + 20);
        std::unique_ptr<QThread> thread(QThread::create([&driver] { driver.run(); }));
        QEventLoop loop; // the GUI thread serves the drag as it would a user's
        QObject::connect(thread.get(), &QThread::finished, &loop, &QEventLoop::quit);
        thread->start();
        loop.exec();
        if (!driver.error.isEmpty()) {
            std::fprintf(stderr, "bench_xdrag: %s\n", qPrintable(driver.error));
            return 1;
        }
        if (qEnvironmentVariableIsSet("HEADROOM_XDRAG_DEBUG"))
            out << "  debug: slider " << field->slider()->value() << " in [" << range.first << ", "
                << range.second << "], first handle " << driver.g.handles[0].x() << ","
                << driver.g.handles[0].y() << ", bar " << driver.g.bar.x() << ","
                << driver.g.bar.y() << " " << driver.g.bar.width() << "x" << driver.g.bar.height()
                << ", damage events " << driver.damageEvents << "\n";
        out << c.name << "\n"
            << QStringLiteral("  motion -> bar + cliff damaged   %1 / %2 / %3  (%4 samples, %5 "
                              "steps without both charts redrawn in 500 ms)\n")
                   .arg(percentile(driver.samples, 0.5), 6, 'f', 2)
                   .arg(percentile(driver.samples, 0.99), 6, 'f', 2)
                   .arg(percentile(driver.samples, 1.0), 6, 'f', 2)
                   .arg(driver.samples.size())
                   .arg(driver.missed);
        out.flush();
        w.controller()->undoStack()->setClean();
    }
    return 0;
}
