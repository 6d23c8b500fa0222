#pragma once
// The main window: menus, shortcuts, file handling (scenario open/save, model import,
// drag-and-drop, recent files, unsaved-changes prompt), settings, themes, language,
// presentation mode and export. The panels, charts and controller do the real work.

#include "ui/exporter.h"
#include "ui/theme.h"
#include "ui/units.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMenu;
class QScrollArea;

namespace headroom {
struct MeasuredFile;
} // namespace headroom

namespace headroom::ui {

class ControlsPanel;
class Dashboard;
class DialogService;
class LanguageManager;
class PresentationMode;
class RecentFiles;
class ScenarioController;

struct MainWindowOptions {
    /// Restore and save window state, preferences and the last scenario with QSettings.
    bool useSettings = true;
    /// Modal interactions; nullptr = the real dialogs. Not owned.
    DialogService* dialogs = nullptr;
};

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(const MainWindowOptions& options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    ScenarioController* controller() const { return m_controller; }
    ControlsPanel* controls() const { return m_controls; }
    Dashboard* dashboard() const { return m_dashboard; }
    PresentationMode* presentation() const { return m_presentation; }
    LanguageManager* languages() const { return m_languages; }
    Exporter* exporter();

    /// Loads a scenario file; on error shows it and keeps the current scenario.
    bool openScenarioFile(const QString& path);
    /// Imports config.json / *.safetensors.index.json / *.safetensors as the model.
    bool openModelFile(const QString& path);
    /// Scenario or model file, decided by name and content (drag-and-drop).
    bool openAnyFile(const QString& path);
    /// Opens a measured-run file (tools/capture/headroom_capture.py): its scenario replaces the
    /// current one and the Measured tab shows the run beside the estimate.
    bool openMeasuredFile(const QString& path);
    /// PyTorch's own snapshot (torch.cuda.memory._dump_snapshot, pickle or JSON): compared
    /// with the current scenario, which stays.
    bool openSnapshotFile(const QString& path);
    /// Shows a measured run already read from @p path: its scenario replaces the current one
    /// (after the unsaved-changes question) and the Measured tab opens.
    bool showMeasuredRun(MeasuredFile run, const QString& path);
    bool saveScenarioTo(const QString& path);

    void setTheme(ThemeKind k);
    ThemeKind theme() const { return m_theme; }
    void setUnit(ByteUnit u);
    void setLanguage(const QString& code);

    QAction* undoAction() const { return m_undo; }
    QAction* redoAction() const { return m_redo; }
    QAction* presentationAction() const { return m_presentationAct; }

protected:
    void closeEvent(QCloseEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dropEvent(QDropEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void createActions();
    void createFileActions();
    void createViewActions();
    void createToolActions();
    void nameActions();
    void createLanguageActions();
    void createMenus();
    void retranslateUi();
    void restoreSettings();
    void saveSettings() const;
    void updateTitle();
    void updateStatus();

    bool maybeSave();
    void newScenario();
    void openScenarioDialog();
    void openModelDialog();
    void openMeasuredDialog();
    /// Fits the calibration to a measured run's peak (core calibrateScenario), one undo step.
    void calibrateFromRun(const Measurement& m);
    bool save();
    bool saveAs();
    void exportImage();
    void exportComparison();
    void exportBreakdown();
    void copyImage();
    void showShortcuts();
    void showAbout();
    /// Tools > Calibrate from a Measured Run...: the dialog (through the dialog service), then
    /// one undo step that sets or clears the scenario's calibration.
    void calibrate();
    void clearCalibration();
    ExportLook currentLook() const;

    MainWindowOptions m_options;
    std::unique_ptr<DialogService> m_ownDialogs;
    DialogService* m_dialogs = nullptr;
    ScenarioController* m_controller;
    ControlsPanel* m_controls;
    QScrollArea* m_controlsScroll;
    QDockWidget* m_dock;
    Dashboard* m_dashboard;
    PresentationMode* m_presentation;
    LanguageManager* m_languages;
    RecentFiles* m_recent = nullptr;
    std::unique_ptr<Exporter> m_exporter;
    ExportOptions m_exportOptions;
    ThemeKind m_theme = ThemeKind::Light;
    QLabel* m_statusUnit = nullptr;
    QLabel* m_statusTiming = nullptr;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_unitsMenu = nullptr;
    QMenu* m_themeMenu = nullptr;
    QMenu* m_toolsMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_helpMenu = nullptr;

    QAction* m_newAct = nullptr;
    QAction* m_openAct = nullptr;
    QAction* m_openModelAct = nullptr;
    QAction* m_openMeasuredAct = nullptr;
    QAction* m_saveAct = nullptr;
    QAction* m_saveAsAct = nullptr;
    QAction* m_exportAct = nullptr;
    QAction* m_exportTableAct = nullptr;
    QAction* m_copyAct = nullptr;
    QAction* m_quitAct = nullptr;
    QAction* m_undo = nullptr;
    QAction* m_redo = nullptr;
    QAction* m_presentationAct = nullptr;
    QAction* m_leavePresentationAct = nullptr;
    QAction* m_animateAct = nullptr;
    QAction* m_perStageAct = nullptr;
    QAction* m_controlsAct = nullptr;
    QAction* m_gibAct = nullptr;
    QAction* m_gbAct = nullptr;
    QAction* m_lightAct = nullptr;
    QAction* m_darkAct = nullptr;
    QAction* m_layoutAct = nullptr;
    QAction* m_calibrateAct = nullptr;
    QAction* m_pinAct = nullptr;
    QAction* m_exportCompareAct = nullptr;
    QAction* m_clearCalibrationAct = nullptr;
    QAction* m_shortcutsAct = nullptr;
    QAction* m_aboutAct = nullptr;
    QActionGroup* m_languageGroup = nullptr;
    QList<QAction*> m_languageActs;
};

} // namespace headroom::ui
