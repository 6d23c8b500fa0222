#include "ui/presentationmode.h"

#include "ui/controlspanel.h"
#include "ui/dashboard.h"

#include <algorithm>

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QMenuBar>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

namespace headroom::ui {

PresentationMode::PresentationMode(QMainWindow* window, Dashboard* dashboard,
                                   ControlsPanel* controls, QDockWidget* controlsDock,
                                   QObject* parent)
    : QObject(parent), m_window(window), m_dashboard(dashboard), m_controls(controls),
      m_dock(controlsDock) {}

void PresentationMode::setActive(bool on, bool fullScreen) {
    if (on == m_active) {
        return;
    }
    m_active = on;
    if (on) {
        m_wasFullScreen = m_window->isFullScreen();
        m_wasMaximized = m_window->isMaximized();
        m_geometry = m_window->saveGeometry();
        m_dockWasVisible = m_dock->isVisible();
        m_controlsFont = m_controls->font();
        m_dockWidth = m_dock->width();

        m_window->menuBar()->setVisible(false);
        m_window->statusBar()->setVisible(false);
        for (QToolBar* tb : m_window->findChildren<QToolBar*>()) {
            tb->setVisible(false);
        }
        m_controls->setCompact(true);
        m_dock->setTitleBarWidget(new QWidget(m_dock)); // no title bar on stage
        m_dock->setVisible(true);
        m_dashboard->setPresentation(true);
        m_window->installEventFilter(this);
        if (fullScreen) {
            m_window->showFullScreen();
        }
        applyScale();
    } else {
        m_window->removeEventFilter(this);
        m_dashboard->setStageScale(1.0);
        m_window->menuBar()->setVisible(true);
        m_window->statusBar()->setVisible(true);
        for (QToolBar* tb : m_window->findChildren<QToolBar*>()) {
            tb->setVisible(true);
        }
        m_controls->setFont(m_controlsFont);
        m_controls->setCompact(false);
        if (QWidget* bar = m_dock->titleBarWidget()) {
            m_dock->setTitleBarWidget(nullptr);
            bar->deleteLater();
        }
        m_dock->setVisible(m_dockWasVisible);
        m_dashboard->setPresentation(false);
        if (m_window->isFullScreen() && !m_wasFullScreen) {
            if (m_wasMaximized) {
                m_window->showMaximized();
            } else {
                m_window->showNormal();
                m_window->restoreGeometry(m_geometry);
            }
        }
        m_window->resizeDocks({m_dock}, {m_dockWidth}, Qt::Horizontal);
    }
    emit activeChanged(on);
}

double PresentationMode::scaleFor(int windowHeight) {
    return std::clamp(windowHeight / 1080.0, 0.8, 4.0);
}

void PresentationMode::applyScale() {
    const double scale = scaleFor(m_window->height());
    QFont big = m_controlsFont;
    big.setPointSizeF(12.0 * scale);
    if (m_controls->font() != big)
        m_controls->setFont(big);
    m_dashboard->setStageScale(scale);
    // the controls take what their widest row needs, at least a fifth of the window
    const int want = std::max(m_controls->sizeHint().width() + 24, m_window->width() / 5);
    m_window->resizeDocks({m_dock}, {std::min(want, m_window->width() * 2 / 5)}, Qt::Horizontal);
}

bool PresentationMode::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_window && event->type() == QEvent::Resize && m_active)
        QTimer::singleShot(0, this, [this] {
            if (m_active)
                applyScale();
        });
    return QObject::eventFilter(watched, event);
}

} // namespace headroom::ui
