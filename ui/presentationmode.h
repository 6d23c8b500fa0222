#pragma once
// Presentation mode (F11): full screen, large type, thick lines; only the charts, the verdict
// and the key sliders stay visible. Leaving it restores the previous window state.

#include <QByteArray>
#include <QFont>
#include <QObject>

class QDockWidget;
class QMainWindow;

namespace headroom::ui {

class ControlsPanel;
class Dashboard;

class PresentationMode : public QObject {
    Q_OBJECT

public:
    PresentationMode(QMainWindow* window, Dashboard* dashboard, ControlsPanel* controls,
                     QDockWidget* controlsDock, QObject* parent = nullptr);

    bool isActive() const { return m_active; }
    /// @p fullScreen false keeps the window geometry (used by --screenshot).
    void setActive(bool on, bool fullScreen = true);
    void toggle() { setActive(!m_active); }

signals:
    void activeChanged(bool active);

private:
    QMainWindow* m_window;
    Dashboard* m_dashboard;
    ControlsPanel* m_controls;
    QDockWidget* m_dock;
    bool m_active = false;
    bool m_wasFullScreen = false;
    bool m_wasMaximized = false;
    bool m_dockWasVisible = true;
    QByteArray m_geometry;
    QFont m_controlsFont;
    int m_dockWidth = 0;
};

} // namespace headroom::ui
