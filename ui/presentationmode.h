#pragma once
// Presentation mode (F11): full screen; type and lines scale with the window's height (the
// same share of the screen at 1280x720 and 3840x2160); the verdict, the scenario line, both
// charts, the detail tabs and the controls a meeting asks about (model, mode, sliders, GPU,
// GPU count, parallel degrees) stay visible. Leaving it restores the previous window state.

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
    /// Type scale on stage for a window @p windowHeight px high: height / 1080, in [0.8, 4].
    static double scaleFor(int windowHeight);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void activeChanged(bool active);

private:
    void applyScale();

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
