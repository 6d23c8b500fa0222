#include "ui/mainwindow.h"

#include "core/io/scenario.h"
#include "core/measured/measured_run.h"
#include "core/model/hf_import.h"
#include "ui/breakdowntable.h"
#include "ui/cliffpanel.h"
#include "ui/comparepanel.h"
#include "ui/controlspanel.h"
#include "ui/dashboard.h"
#include "ui/dialogservice.h"
#include "ui/languagemanager.h"
#include "ui/layoutpanel.h"
#include "ui/measuredpanel.h"
#include "ui/presentationmode.h"
#include "ui/recentfiles.h"
#include "ui/savefile.h"
#include "ui/scaledslider.h"
#include "ui/scenariocontroller.h"
#include "ui/scenarioedits.h"
#include "ui/texts.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMimeData>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QSlider>
#include <QStatusBar>
#include <QUndoStack>

#include <filesystem>

namespace headroom::ui {

namespace {
std::filesystem::path toPath(const QString& p) {
    return std::filesystem::path(QFile::encodeName(p).toStdString());
}

bool looksLikeScenario(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return false;
    }
    const QByteArray head = f.read(1 << 16);
    return head.contains("\"schema_version\"") && head.contains("\"workload\"");
}

bool acceptedFile(const QString& path) {
    const QString l = path.toLower();
    return l.endsWith(QLatin1String(".json")) || l.endsWith(QLatin1String(".safetensors")) ||
           l.endsWith(QLatin1String(".pickle"));
}
} // namespace

MainWindow::MainWindow(const MainWindowOptions& options, QWidget* parent)
    : QMainWindow(parent), m_options(options), m_controller(new ScenarioController(this)),
      m_controls(new ControlsPanel(m_controller)), m_controlsScroll(new QScrollArea),
      m_dock(new QDockWidget(this)), m_dashboard(new Dashboard(m_controller)),
      m_presentation(nullptr), m_languages(new LanguageManager(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    if (options.dialogs) {
        m_dialogs = options.dialogs;
    } else {
        m_ownDialogs = std::make_unique<WidgetDialogService>();
        m_dialogs = m_ownDialogs.get();
    }
    setWindowIcon(QIcon(QStringLiteral(":/icons/headroom.svg")));
    setAcceptDrops(true);

    m_controlsScroll->setObjectName(QStringLiteral("controlsScroll"));
    m_controlsScroll->setWidget(m_controls);
    m_controlsScroll->setWidgetResizable(true);
    m_controlsScroll->setFrameShape(QFrame::NoFrame);
    m_controlsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_controls->setMinimumWidth(360);
    m_dock->setObjectName(QStringLiteral("controlsDock"));
    m_dock->setWidget(m_controlsScroll);
    m_dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                        QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, m_dock);
    setCentralWidget(m_dashboard);

    m_presentation = new PresentationMode(this, m_dashboard, m_controls, m_dock, this);
    m_dashboard->cliffPanel()->setAnimationFields(m_controls->microBatchField(),
                                                  m_controls->sequenceField());

    m_statusUnit = new QLabel(this);
    m_statusTiming = new QLabel(this);
    statusBar()->addPermanentWidget(m_statusTiming);
    statusBar()->addPermanentWidget(m_statusUnit);

    createActions();
    createMenus();

    connect(m_controls, &ControlsPanel::openModelFileRequested, this, &MainWindow::openModelDialog);
    connect(m_dashboard->measuredPanel(), &MeasuredPanel::calibrateRequested, this,
            &MainWindow::calibrateFromRun);
    connect(m_controller, &ScenarioController::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_controller, &ScenarioController::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_controller, &ScenarioController::resultsChanged, this, &MainWindow::updateStatus);
    connect(m_presentation, &PresentationMode::activeChanged, this, [this](bool on) {
        m_presentationAct->setChecked(on);
        m_leavePresentationAct->setEnabled(on);
    });

    resize(1500, 940);
    if (m_options.useSettings) {
        restoreSettings();
    } else {
        m_languages->setLanguage(QString());
        setTheme(ThemeKind::Light);
    }
    retranslateUi();
    updateTitle();
}

MainWindow::~MainWindow() = default;

Exporter* MainWindow::exporter() {
    if (!m_exporter) {
        m_exporter = std::make_unique<Exporter>(m_controller);
    }
    m_exporter->setLook(currentLook());
    return m_exporter.get();
}

ExportLook MainWindow::currentLook() const {
    ExportLook look;
    look.style = m_dashboard->chartStyle();
    look.style.presentation = false;
    look.barView = m_dashboard->barChart()->view();
    look.cliffMode = m_dashboard->cliffChart()->mode();
    return look;
}

namespace {

/// A window action @p a with shortcut @p key (none when empty) that runs @p slot; added to
/// @p w so its shortcut keeps working while the menu bar is hidden.
template <class Slot>
void makeAction(QMainWindow* w, QAction*& a, const QKeySequence& key, Slot slot) {
    a = new QAction(w);
    if (!key.isEmpty()) {
        a->setShortcut(key);
    }
    QObject::connect(a, &QAction::triggered, w, slot);
    w->addAction(a);
}

} // namespace

void MainWindow::createActions() {
    createFileActions();
    createViewActions();
    createToolActions();
    nameActions();
    createLanguageActions();
}

/// File and Edit: new, open, save, export, copy, quit; undo and redo.
void MainWindow::createFileActions() {
    const auto make = [this](QAction*& a, const QKeySequence& key, auto slot) {
        makeAction(this, a, key, slot);
    };
    make(m_newAct, QKeySequence::New, [this] { newScenario(); });
    make(m_openAct, QKeySequence::Open, [this] { openScenarioDialog(); });
    make(m_openModelAct, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O),
         [this] { openModelDialog(); });
    make(m_openMeasuredAct, QKeySequence(), [this] { openMeasuredDialog(); });
    make(m_saveAct, QKeySequence::Save, [this] { save(); });
    make(m_saveAsAct, QKeySequence::SaveAs, [this] { saveAs(); });
    make(m_exportAct, QKeySequence(Qt::CTRL | Qt::Key_E), [this] { exportImage(); });
    make(m_copyAct, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), [this] { copyImage(); });
    make(m_exportTableAct, QKeySequence(), [this] { exportBreakdown(); });
    make(m_quitAct, QKeySequence::Quit, [this] { close(); });

    m_undo = m_controller->undoStack()->createUndoAction(this);
    m_redo = m_controller->undoStack()->createRedoAction(this);
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)});
    addAction(m_undo);
    addAction(m_redo);
}

/// View: presentation, animation, per-stage bars, the controls dock, units and themes.
void MainWindow::createViewActions() {
    const auto make = [this](QAction*& a, const QKeySequence& key, auto slot) {
        makeAction(this, a, key, slot);
    };
    make(m_presentationAct, QKeySequence(Qt::Key_F11), [this] { m_presentation->toggle(); });
    m_presentationAct->setCheckable(true);
    make(m_leavePresentationAct, QKeySequence(Qt::Key_Escape),
         [this] { m_presentation->setActive(false); });
    m_leavePresentationAct->setEnabled(false);
    make(m_animateAct, QKeySequence(Qt::Key_F5), [this] {
        CliffPanel* p = m_dashboard->cliffPanel();
        p->isAnimating() ? p->stopAnimation() : p->startAnimation();
    });
    make(m_perStageAct, QKeySequence(Qt::CTRL | Qt::Key_B), [this](bool on) {
        m_dashboard->setBarView(on ? VramBarChart::View::PerStage : VramBarChart::View::WorstRank);
    });
    m_perStageAct->setCheckable(true);
    connect(m_dashboard->barViewCombo(), &QComboBox::currentIndexChanged, this,
            [this](int i) { m_perStageAct->setChecked(i == 1); });
    m_controlsAct = m_dock->toggleViewAction();
    m_controlsAct->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Backslash));
    addAction(m_controlsAct);

    auto* units = new QActionGroup(this);
    make(m_gibAct, QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_1),
         [this] { setUnit(ByteUnit::GiB); });
    make(m_gbAct, QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_2), [this] { setUnit(ByteUnit::GB); });
    for (QAction* a : {m_gibAct, m_gbAct}) {
        a->setCheckable(true);
        units->addAction(a);
    }
    m_gibAct->setChecked(true);
    auto* themes = new QActionGroup(this);
    make(m_lightAct, QKeySequence(), [this] { setTheme(ThemeKind::Light); });
    make(m_darkAct, QKeySequence(), [this] { setTheme(ThemeKind::Dark); });
    QAction* toggleTheme = nullptr;
    make(toggleTheme, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D),
         [this] { setTheme(m_theme == ThemeKind::Dark ? ThemeKind::Light : ThemeKind::Dark); });
    toggleTheme->setObjectName(QStringLiteral("actionToggleTheme"));
    for (QAction* a : {m_lightAct, m_darkAct}) {
        a->setCheckable(true);
        themes->addAction(a);
    }
    m_lightAct->setChecked(true);
}

/// Tools and Help: layout search, calibration, compare, shortcuts, about.
void MainWindow::createToolActions() {
    const auto make = [this](QAction*& a, const QKeySequence& key, auto slot) {
        makeAction(this, a, key, slot);
    };
    make(m_layoutAct, QKeySequence(Qt::CTRL | Qt::Key_L), [this] {
        m_dashboard->tabs()->setCurrentWidget(m_dashboard->layoutPanel());
        m_dashboard->layoutPanel()->findSmallestLayout();
    });
    make(m_calibrateAct, QKeySequence(), [this] { calibrate(); });
    make(m_pinAct, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), [this] {
        m_dashboard->comparePanel()->pin();
        m_dashboard->showTab(QStringLiteral("compare"));
        statusBar()->showMessage(tr("Pinned as A: edit the scenario into B to compare"), 4000);
    });
    make(m_exportCompareAct, QKeySequence(), [this] { exportComparison(); });
    make(m_clearCalibrationAct, QKeySequence(), [this] { clearCalibration(); });
    m_clearCalibrationAct->setEnabled(m_controller->scenario().calibration.has_value());
    connect(m_controller, &ScenarioController::scenarioChanged, this, [this] {
        m_clearCalibrationAct->setEnabled(m_controller->scenario().calibration.has_value());
    });
    make(m_shortcutsAct, QKeySequence::HelpContents, [this] { showShortcuts(); });
    make(m_aboutAct, QKeySequence(), [this] { showAbout(); });
}

/// Object names of the actions (the tests and the shortcuts list find them by name).
void MainWindow::nameActions() {
    const std::initializer_list<std::pair<QAction*, const char*>> names{
        {m_newAct, "actionNew"},
        {m_openAct, "actionOpen"},
        {m_openModelAct, "actionOpenModel"},
        {m_openMeasuredAct, "actionOpenMeasured"},
        {m_saveAct, "actionSave"},
        {m_saveAsAct, "actionSaveAs"},
        {m_exportAct, "actionExport"},
        {m_exportTableAct, "actionExportBreakdown"},
        {m_copyAct, "actionCopyImage"},
        {m_quitAct, "actionQuit"},
        {m_undo, "actionUndo"},
        {m_redo, "actionRedo"},
        {m_presentationAct, "actionPresentation"},
        {m_leavePresentationAct, "actionLeavePresentation"},
        {m_animateAct, "actionAnimate"},
        {m_perStageAct, "actionPerStage"},
        {m_controlsAct, "actionShowControls"},
        {m_gibAct, "actionUnitGiB"},
        {m_gbAct, "actionUnitGB"},
        {m_lightAct, "actionThemeLight"},
        {m_darkAct, "actionThemeDark"},
        {m_layoutAct, "actionFindLayout"},
        {m_calibrateAct, "actionCalibrate"},
        {m_pinAct, "actionPinAsA"},
        {m_exportCompareAct, "actionExportComparison"},
        {m_clearCalibrationAct, "actionClearCalibration"},
        {m_shortcutsAct, "actionShortcuts"},
        {m_aboutAct, "actionAbout"},
    };
    for (const auto& [a, name] : names) {
        a->setObjectName(QString::fromLatin1(name));
    }
}

/// One checkable action per language (the system's first).
void MainWindow::createLanguageActions() {
    m_languageGroup = new QActionGroup(this);
    QStringList codes{QString()};
    codes += LanguageManager::available();
    for (const QString& code : codes) {
        auto* a = new QAction(this);
        a->setCheckable(true);
        a->setData(code);
        a->setObjectName(QStringLiteral("actionLanguage_%1")
                             .arg(code.isEmpty() ? QStringLiteral("system") : code));
        m_languageGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] { setLanguage(code); });
        m_languageActs << a;
    }
    m_languageActs.front()->setChecked(true);
}

void MainWindow::createMenus() {
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_newAct);
    m_fileMenu->addAction(m_openAct);
    m_fileMenu->addAction(m_openModelAct);
    m_fileMenu->addAction(m_openMeasuredAct);
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_saveAct);
    m_fileMenu->addAction(m_saveAsAct);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_exportAct);
    m_fileMenu->addAction(m_exportTableAct);
    m_fileMenu->addAction(m_copyAct);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAct);
    m_recent = new RecentFiles(m_recentMenu, m_options.useSettings, this);
    connect(m_recent, &RecentFiles::openRequested, this, &MainWindow::openAnyFile);

    m_editMenu = menuBar()->addMenu(QString());
    m_editMenu->addAction(m_undo);
    m_editMenu->addAction(m_redo);

    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->addAction(m_presentationAct);
    m_viewMenu->addAction(m_animateAct);
    m_viewMenu->addAction(m_perStageAct);
    m_viewMenu->addAction(m_controlsAct);
    m_viewMenu->addSeparator();
    m_unitsMenu = m_viewMenu->addMenu(QString());
    m_unitsMenu->addAction(m_gibAct);
    m_unitsMenu->addAction(m_gbAct);
    m_themeMenu = m_viewMenu->addMenu(QString());
    m_themeMenu->addAction(m_lightAct);
    m_themeMenu->addAction(m_darkAct);

    m_toolsMenu = menuBar()->addMenu(QString());
    m_toolsMenu->addAction(m_layoutAct);
    m_toolsMenu->addSeparator();
    m_toolsMenu->addAction(m_calibrateAct);
    m_toolsMenu->addAction(m_clearCalibrationAct);
    m_toolsMenu->addSeparator();
    m_toolsMenu->addAction(m_pinAct);
    m_toolsMenu->addAction(m_exportCompareAct);

    m_languageMenu = menuBar()->addMenu(QString());
    m_languageMenu->addActions(m_languageActs);

    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_shortcutsAct);
    m_helpMenu->addAction(m_aboutAct);
}

void MainWindow::retranslateUi() {
    m_fileMenu->setTitle(tr("&File"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_editMenu->setTitle(tr("&Edit"));
    m_viewMenu->setTitle(tr("&View"));
    m_unitsMenu->setTitle(tr("&Units"));
    m_themeMenu->setTitle(tr("&Theme"));
    m_toolsMenu->setTitle(tr("&Tools"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));

    m_newAct->setText(tr("&New Scenario"));
    m_newAct->setStatusTip(tr("Start again from the default scenario."));
    m_openAct->setText(tr("&Open Scenario…"));
    m_openAct->setStatusTip(tr("Open a saved scenario (.json)."));
    m_openModelAct->setText(tr("Open &Model File…"));
    m_openMeasuredAct->setText(tr("Open Measured &Run…"));
    m_openMeasuredAct->setStatusTip(tr("Open a run captured with headroom_capture.py and show it "
                                       "beside the estimate."));
    m_openModelAct->setStatusTip(
        tr("Import a model from config.json, a safetensors index or a .safetensors file."));
    m_saveAct->setText(tr("&Save Scenario"));
    m_saveAsAct->setText(tr("Save Scenario &As…"));
    m_exportAct->setText(tr("&Export Image…"));
    m_exportAct->setStatusTip(tr("Save the bar, the cliff chart or the dashboard as PNG or SVG."));
    m_exportTableAct->setText(tr("Export &Breakdown Table…"));
    m_exportTableAct->setStatusTip(
        tr("Save the breakdown table (bytes, share, formula per term) as CSV or Markdown."));
    m_copyAct->setText(tr("&Copy Image"));
    m_copyAct->setStatusTip(tr("Copy the exported image to the clipboard."));
    m_quitAct->setText(tr("&Quit"));
    m_undo->setText(tr("&Undo"));
    m_redo->setText(tr("&Redo"));
    m_presentationAct->setText(tr("&Presentation Mode"));
    m_presentationAct->setStatusTip(tr("Full screen with large type: charts, verdict and key "
                                       "sliders only."));
    m_leavePresentationAct->setText(tr("Leave Presentation Mode"));
    m_animateAct->setText(tr("&Animate OOM Cliff"));
    m_perStageAct->setText(tr("Per-&Stage Bars"));
    m_controlsAct->setText(tr("Show &Controls"));
    m_gibAct->setText(tr("&GiB (2³⁰ bytes)"));
    m_gbAct->setText(tr("G&B (10⁹ bytes)"));
    m_lightAct->setText(tr("&Light"));
    m_darkAct->setText(tr("&Dark"));
    m_layoutAct->setText(tr("Find &Smallest Layout"));
    m_calibrateAct->setText(tr("&Calibrate from a Measured Run…"));
    m_pinAct->setText(tr("&Pin as A for Comparison"));
    m_pinAct->setStatusTip(tr("Keep the current scenario as A; the Compare tab compares the "
                              "scenario you edit (B) with it."));
    m_exportCompareAct->setText(tr("Export Co&mparison…"));
    m_exportCompareAct->setStatusTip(tr("Save the comparison as PNG or SVG, or its tables as "
                                        "Markdown."));
    m_clearCalibrationAct->setText(tr("Clear Ca&libration"));
    m_shortcutsAct->setText(tr("&Keyboard Shortcuts"));
    m_aboutAct->setText(tr("&About Headroom"));
    for (QAction* a : m_languageActs) {
        const QString code = a->data().toString();
        a->setText(code.isEmpty() ? tr("&System Default") : LanguageManager::nativeName(code));
    }
    m_dock->setWindowTitle(tr("Scenario"));
    m_recent->retranslate();
    updateTitle();
    updateStatus();
}

void MainWindow::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        // numbers follow the interface language: QLocale::setDefault reaches no widget made
        // before it, and a window's locale passes to every child that has none of its own
        // (spin boxes of the dock and of the detail tabs: "1.024 GPUs", "0,90" in German)
        setLocale(QLocale());
        retranslateUi();
    }
    QMainWindow::changeEvent(e);
}

void MainWindow::updateTitle() {
    const QString path = m_controller->filePath();
    const QString name = path.isEmpty() ? tr("Untitled") : QFileInfo(path).fileName();
    setWindowTitle(tr("%1[*] — Headroom").arg(name));
    setWindowModified(m_controller->isModified());
}

void MainWindow::updateStatus() {
    m_statusUnit->setText(tr("Units: %1").arg(Units::symbol(m_controller->unit())));
    if (m_controller->dragging()) {
        return; // the timing is shown when the drag ends
    }
    const Results& r = m_controller->results();
    m_statusTiming->setText(tr("Computed in %1 ms").arg(QLocale().toString(r.computeMs, 'f', 2)));
}

void MainWindow::setTheme(ThemeKind k) {
    m_theme = k;
    Theme::apply(k);
    for (ScaledSlider* slider : findChildren<ScaledSlider*>())
        slider->setTheme(k);
    ChartStyle s = m_dashboard->chartStyle();
    s.theme = k;
    m_dashboard->setChartStyle(s);
    (k == ThemeKind::Light ? m_lightAct : m_darkAct)->setChecked(true);
}

void MainWindow::setUnit(ByteUnit u) {
    m_controller->setUnit(u);
    (u == ByteUnit::GiB ? m_gibAct : m_gbAct)->setChecked(true);
    updateStatus();
}

void MainWindow::setLanguage(const QString& code) {
    m_languages->setLanguage(code);
    for (QAction* a : m_languageActs) {
        a->setChecked(a->data().toString() == m_languages->language());
    }
}

// ---- files ------------------------------------------------------------------------------

bool MainWindow::maybeSave() {
    if (!m_controller->isModified()) {
        return true;
    }
    const QString path = m_controller->filePath();
    const QString name = path.isEmpty() ? tr("Untitled") : QFileInfo(path).fileName();
    switch (m_dialogs->askUnsaved(this, name)) {
    case DialogService::UnsavedChoice::Save:
        return save();
    case DialogService::UnsavedChoice::Discard:
        return true;
    case DialogService::UnsavedChoice::Cancel:
        return false;
    }
    return false;
}

void MainWindow::newScenario() {
    if (maybeSave()) {
        m_controller->resetScenario(defaultScenario());
        // a new scenario starts at the worst rank, not at a per-stage view of the one before
        m_dashboard->setBarView(VramBarChart::View::WorstRank);
    }
}

void MainWindow::openScenarioDialog() {
    const QString path = m_dialogs->openFile(this, tr("Open Scenario"),
                                             tr("Headroom scenarios (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        openScenarioFile(path);
    }
}

void MainWindow::openModelDialog() {
    const QString path = m_dialogs->openFile(
        this, tr("Open Model File"),
        tr("Model descriptions (config.json *.index.json *.safetensors *.json);;All files (*)"));
    if (!path.isEmpty()) {
        openModelFile(path);
    }
}

bool MainWindow::openScenarioFile(const QString& path) {
    Result<Scenario> r = loadScenario(toPath(path));
    if (!r) {
        m_dialogs->showError(this, tr("Cannot open scenario"),
                             tr("%1 was not opened: %2\nThe current scenario is unchanged.")
                                 .arg(QFileInfo(path).fileName(), Texts::errorText(r.error())));
        return false;
    }
    if (!maybeSave()) {
        return false;
    }
    m_controller->resetScenario(r.value(), QFileInfo(path).absoluteFilePath());
    m_recent->add(path);
    statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()), 4000);
    return true;
}

void MainWindow::openMeasuredDialog() {
    const QString path =
        m_dialogs->openFile(this, tr("Open Measured Run"),
                            tr("Measured runs (*.headroom.json *.json *.pickle);;All files (*)"));
    if (!path.isEmpty())
        openMeasuredFile(path);
}

bool MainWindow::openMeasuredFile(const QString& path) {
    QFile probe(path);
    if (probe.open(QIODevice::ReadOnly) &&
        looksLikeSnapshot(probe.read(4096).toStdString())) // PyTorch's own: the scenario stays
        return openSnapshotFile(path);
    Result<MeasuredFile> r = loadMeasuredRun(toPath(path));
    if (!r) {
        m_dialogs->showError(this, tr("Cannot open measured run"),
                             tr("%1 was not opened: %2\nThe current scenario is unchanged.")
                                 .arg(QFileInfo(path).fileName(), Texts::errorText(r.error())));
        return false;
    }
    return showMeasuredRun(std::move(r).value(), path);
}

bool MainWindow::showMeasuredRun(MeasuredFile run, const QString& path) {
    if (!maybeSave())
        return false;
    const QString name = QFileInfo(path).fileName();
    const Scenario scenario = run.scenario;
    m_dashboard->measuredPanel()->setMeasuredRun(std::move(run), name);
    m_controller->resetScenario(scenario);
    m_dashboard->setMeasuredTabShown(true);
    m_dashboard->showTab(QStringLiteral("measured"));
    statusBar()->showMessage(tr("Opened measured run %1").arg(name), 4000);
    return true;
}

bool MainWindow::openSnapshotFile(const QString& path) {
    Result<MeasuredRun> r = loadSnapshotRun(toPath(path));
    if (!r) {
        m_dialogs->showError(this, tr("Cannot open measured run"),
                             tr("%1 was not opened: %2\nThe current scenario is unchanged.")
                                 .arg(QFileInfo(path).fileName(), Texts::errorText(r.error())));
        return false;
    }
    const QString name = QFileInfo(path).fileName();
    m_dashboard->measuredPanel()->setMeasuredRun(
        MeasuredFile{m_controller->scenario(), std::move(r).value()}, name);
    m_controller->flush();
    m_dashboard->refreshTables();
    m_dashboard->setMeasuredTabShown(true);
    m_dashboard->showTab(QStringLiteral("measured"));
    statusBar()->showMessage(tr("Opened measured run %1").arg(name), 4000);
    return true;
}

void MainWindow::calibrateFromRun(const Measurement& m) {
    m_controller->flush();
    const Scenario& s = m_controller->scenario();
    Result<Calibration> c = calibrateScenario(
        s, m, QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString());
    if (!c) {
        m_dialogs->showError(this, tr("Cannot calibrate"), Texts::errorText(c.error()));
        return;
    }
    const Calibration cal = c.value();
    m_controller->edit(Field::Calibration, tr("Calibrate to Measured Run"),
                       [cal](Scenario& sc) { sc.calibration = cal; });
}

bool MainWindow::openModelFile(const QString& path) {
    Result<ModelArch> r = loadModelFile(toPath(path));
    if (!r) {
        m_dialogs->showError(this, tr("Cannot import model"),
                             tr("%1 was not imported: %2\nThe current scenario is unchanged.")
                                 .arg(QFileInfo(path).fileName(), Texts::errorText(r.error())));
        return false;
    }
    ModelArch arch = r.value();
    if (arch.name.empty()) {
        arch.name = QFileInfo(path).dir().dirName().toStdString();
    }
    const QString name = QString::fromStdString(arch.name);
    m_controller->edit(Field::Model, tr("Import model %1").arg(name),
                       [arch](Scenario& s) { edits::setInlineModel(s, arch); });
    statusBar()->showMessage(tr("Imported %1").arg(name), 4000);
    return true;
}

bool MainWindow::openAnyFile(const QString& path) {
    const QString l = path.toLower();
    if (l.endsWith(QLatin1String(".pickle")))
        return openSnapshotFile(path);
    if (l.endsWith(QLatin1String(".safetensors")) || l.endsWith(QLatin1String("index.json")) ||
        !looksLikeScenario(path)) {
        return openModelFile(path);
    }
    if (Result<MeasuredFile> run = loadMeasuredRun(toPath(path))) // read once
        return showMeasuredRun(std::move(run).value(), path);
    return openScenarioFile(path);
}

bool MainWindow::save() {
    if (m_controller->filePath().isEmpty()) {
        return saveAs();
    }
    return saveScenarioTo(m_controller->filePath());
}

bool MainWindow::saveAs() {
    QString suggested = m_controller->filePath();
    if (suggested.isEmpty()) {
        suggested = tr("scenario.json");
    }
    const QString path = m_dialogs->saveFile(this, tr("Save Scenario"), suggested,
                                             tr("Headroom scenarios (*.json)"));
    if (path.isEmpty()) {
        return false;
    }
    return saveScenarioTo(path);
}

bool MainWindow::saveScenarioTo(const QString& path) {
    QString error;
    if (!saveFile(path, QByteArray::fromStdString(toJson(m_controller->scenario())), &error)) {
        m_dialogs->showError(this, tr("Cannot save scenario"),
                             tr("%1 could not be written: %2").arg(path, error));
        return false;
    }
    m_controller->markSaved(QFileInfo(path).absoluteFilePath());
    m_recent->add(path);
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 4000);
    return true;
}

void MainWindow::exportImage() {
    Exporter* ex = exporter();
    ExportOptions opts = m_exportOptions;
    const auto action = m_dialogs->exportOptions(this, ex, opts);
    if (action == DialogService::ExportAction::Cancel) {
        return;
    }
    m_exportOptions = opts;
    if (action == DialogService::ExportAction::Copy) {
        ex->copyToClipboard(opts);
        statusBar()->showMessage(tr("Image copied to the clipboard"), 4000);
        return;
    }
    const bool svg = opts.format == ExportFormat::Svg;
    const QString suggested = svg ? tr("headroom.svg") : tr("headroom.png");
    const QString path =
        m_dialogs->saveFile(this, tr("Export Image"), suggested,
                            svg ? tr("SVG drawings (*.svg)") : tr("PNG images (*.png)"));
    if (path.isEmpty()) {
        return;
    }
    QString error;
    if (!ex->save(path, opts, &error)) {
        m_dialogs->showError(this, tr("Cannot export image"),
                             tr("%1 could not be written: %2").arg(path, error));
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 4000);
}

void MainWindow::exportComparison() {
    ComparePanel* c = m_dashboard->comparePanel();
    if (!c->hasPinned()) {
        m_dialogs->showInfo(this, tr("Export Comparison"),
                            tr("Pin a scenario as A first (Tools → Pin as A for Comparison)."));
        return;
    }
    const QString path =
        m_dialogs->saveFile(this, tr("Export Comparison"), tr("headroom-compare.png"),
                            tr("PNG images (*.png);;SVG drawings (*.svg);;Markdown tables (*.md)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!c->saveAs(path, &error)) {
        m_dialogs->showError(this, tr("Cannot export the comparison"),
                             tr("%1 could not be written: %2").arg(path, error));
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 4000);
}

void MainWindow::exportBreakdown() {
    const QString path =
        m_dialogs->saveFile(this, tr("Export Breakdown Table"), tr("headroom-breakdown.csv"),
                            tr("CSV tables (*.csv);;Markdown tables (*.md)"));
    if (path.isEmpty())
        return;
    m_dashboard->refreshTables();
    QString error;
    if (!m_dashboard->breakdown()->saveAs(path, &error)) {
        m_dialogs->showError(this, tr("Cannot export the table"),
                             tr("%1 could not be written: %2").arg(path, error));
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 4000);
}

void MainWindow::copyImage() {
    ExportOptions opts = m_exportOptions;
    opts.format = ExportFormat::Png;
    Exporter* ex = exporter();
    if (opts.title.isEmpty()) {
        opts.title = ex->defaultTitle(opts.target);
    }
    ex->copyToClipboard(opts);
    statusBar()->showMessage(tr("Image copied to the clipboard"), 4000);
}

void MainWindow::showShortcuts() {
    const QList<QPair<QString, QString>> rows{
        {QKeySequence(QKeySequence::New).toString(QKeySequence::NativeText), tr("New scenario")},
        {QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText), tr("Open scenario")},
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O).toString(QKeySequence::NativeText),
         tr("Open model file")},
        {QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText), tr("Save scenario")},
        {QKeySequence(Qt::CTRL | Qt::Key_E).toString(QKeySequence::NativeText), tr("Export image")},
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C).toString(QKeySequence::NativeText),
         tr("Copy image")},
        {QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText), tr("Undo")},
        {QKeySequence(QKeySequence::Redo).toString(QKeySequence::NativeText), tr("Redo")},
        {QStringLiteral("F11"), tr("Presentation mode (Esc leaves)")},
        {QStringLiteral("F5"), tr("Animate the OOM cliff")},
        {QKeySequence(Qt::CTRL | Qt::Key_B).toString(QKeySequence::NativeText),
         tr("Per-stage bars")},
        {QKeySequence(Qt::CTRL | Qt::Key_L).toString(QKeySequence::NativeText),
         tr("Find smallest layout")},
        {QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_1).toString(QKeySequence::NativeText),
         tr("Show GiB")},
        {QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_2).toString(QKeySequence::NativeText),
         tr("Show GB")},
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D).toString(QKeySequence::NativeText),
         tr("Toggle dark theme")},
        {QKeySequence(Qt::CTRL | Qt::Key_Backslash).toString(QKeySequence::NativeText),
         tr("Show or hide the controls")},
    };
    QString html = QStringLiteral("<table cellspacing=6>");
    for (const auto& [key, what] : rows) {
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(key.toHtmlEscaped(), what.toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    m_dialogs->showInfo(this, tr("Keyboard Shortcuts"), html);
}

void MainWindow::calibrate() {
    m_controller->flush();
    const auto choice = m_dialogs->calibrate(this, m_controller->scenario());
    using Action = DialogService::CalibrationChoice::Action;
    if (choice.action == Action::Clear) {
        clearCalibration();
    } else if (choice.action == Action::Apply && choice.calibration) {
        const Calibration c = *choice.calibration;
        m_controller->edit(Field::Calibration, tr("Calibrate to Measured Run"),
                           [c](Scenario& s) { s.calibration = c; });
    }
}

void MainWindow::clearCalibration() {
    if (m_controller->scenario().calibration) {
        m_controller->edit(Field::Calibration, tr("Clear Calibration"),
                           [](Scenario& s) { s.calibration.reset(); });
    }
}

void MainWindow::showAbout() {
    m_dialogs->showInfo(
        this, tr("About Headroom"),
        tr("<h3>Headroom %1</h3><p>How much GPU memory an LLM training or inference run "
           "needs, and why.</p><p>Totals are the nvidia-smi metric, which the driver refuses "
           "to exceed; PyTorch's allocated and reserved figures are shown beside it.</p>")
            .arg(QCoreApplication::applicationVersion().toHtmlEscaped()));
}

// ---- drag and drop ----------------------------------------------------------------------

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
    const QMimeData* md = e->mimeData();
    if (md->hasUrls() && !md->urls().isEmpty() && md->urls().front().isLocalFile() &&
        acceptedFile(md->urls().front().toLocalFile())) {
        e->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* e) {
    const QMimeData* md = e->mimeData();
    if (!md->hasUrls() || md->urls().isEmpty()) {
        return;
    }
    const QString path = md->urls().front().toLocalFile();
    e->acceptProposedAction();
    // Open after the drop returns, so an error dialog does not run inside the drag loop.
    QMetaObject::invokeMethod(
        this, [this, path] { openAnyFile(path); }, Qt::QueuedConnection);
}

// ---- settings ---------------------------------------------------------------------------

void MainWindow::restoreSettings() {
    QSettings s;
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    setUnit(
        Units::fromKey(s.value(QStringLiteral("view/units"), QStringLiteral("gib")).toString()));
    setTheme(
        Theme::fromKey(s.value(QStringLiteral("view/theme"), QStringLiteral("light")).toString()));
    setLanguage(s.value(QStringLiteral("view/language")).toString());
    const QByteArray json = s.value(QStringLiteral("session/scenario")).toByteArray();
    const QString file = s.value(QStringLiteral("session/file")).toString();
    if (!json.isEmpty()) {
        Result<Scenario> r =
            scenarioFromJson(std::string_view(json.constData(), static_cast<size_t>(json.size())));
        if (r) {
            m_controller->resetScenario(r.value(), file);
            if (s.value(QStringLiteral("session/modified")).toBool()) {
                // restored unsaved work stays marked as unsaved
                m_controller->undoStack()->resetClean();
            }
        }
    }
}

void MainWindow::saveSettings() const {
    if (!m_options.useSettings) {
        return;
    }
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    s.setValue(QStringLiteral("view/units"), Units::key(m_controller->unit()));
    s.setValue(QStringLiteral("view/theme"), Theme::key(m_theme));
    s.setValue(QStringLiteral("view/language"), m_languages->language());
    s.setValue(QStringLiteral("session/scenario"),
               QByteArray::fromStdString(toJson(m_controller->scenario())));
    s.setValue(QStringLiteral("session/file"), m_controller->filePath());
    s.setValue(QStringLiteral("session/modified"), m_controller->isModified());
}

void MainWindow::closeEvent(QCloseEvent* e) {
    m_dashboard->cliffPanel()->stopAnimation();
    if (m_presentation->isActive()) {
        m_presentation->setActive(false);
    }
    if (!maybeSave()) {
        e->ignore();
        return;
    }
    saveSettings();
    e->accept();
}

} // namespace headroom::ui
