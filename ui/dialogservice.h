#pragma once
// Every modal interaction the main window needs, behind an interface so tests inject a
// non-blocking implementation (no dialog is ever left open in a test).

#include "core/io/scenario.h"
#include "ui/exporter.h"

#include <QString>

#include <optional>

class QWidget;

namespace headroom::ui {

class DialogService {
public:
    enum class UnsavedChoice { Save, Discard, Cancel };
    enum class ExportAction { Save, Copy, Cancel };

    virtual ~DialogService() = default;
    virtual void showError(QWidget* parent, const QString& title, const QString& message) = 0;
    virtual UnsavedChoice askUnsaved(QWidget* parent, const QString& document) = 0;
    /// A file to open; empty = cancelled.
    virtual QString openFile(QWidget* parent, const QString& caption, const QString& filter) = 0;
    /// A file to write; empty = cancelled.
    virtual QString saveFile(QWidget* parent, const QString& caption, const QString& suggested,
                             const QString& filter) = 0;
    /// Lets the user edit @p options; returns what to do with them.
    virtual ExportAction exportOptions(QWidget* parent, const Exporter* exporter,
                                       ExportOptions& options) = 0;
    virtual void showInfo(QWidget* parent, const QString& title, const QString& richText) = 0;

    /// "Calibrate from a measured run..." for @p scenario (ui/calibrationdialog.h).
    struct CalibrationChoice {
        enum class Action { Cancel, Apply, Clear };
        Action action = Action::Cancel;
        std::optional<Calibration> calibration; ///< for Apply
    };
    /// The default cancels, so a test double that does not calibrate need not override it.
    virtual CalibrationChoice calibrate(QWidget* parent, const Scenario& scenario);
};

/// Never blocks (headless runs, tests, benchmarks): errors and infos are dropped, an unsaved
/// document is discarded, every file and export question is cancelled. Override what a caller
/// needs to see (StderrDialogs prints the errors; test doubles record them).
class SilentDialogs : public DialogService {
public:
    void showError(QWidget*, const QString&, const QString&) override {}
    UnsavedChoice askUnsaved(QWidget*, const QString&) override { return UnsavedChoice::Discard; }
    QString openFile(QWidget*, const QString&, const QString&) override { return {}; }
    QString saveFile(QWidget*, const QString&, const QString&, const QString&) override {
        return {};
    }
    ExportAction exportOptions(QWidget*, const Exporter*, ExportOptions&) override {
        return ExportAction::Cancel;
    }
    void showInfo(QWidget*, const QString&, const QString&) override {}
};

/// The real dialogs (QMessageBox, QFileDialog, ExportDialog).
class WidgetDialogService : public DialogService {
    Q_DECLARE_TR_FUNCTIONS(WidgetDialogService)

public:
    void showError(QWidget* parent, const QString& title, const QString& message) override;
    UnsavedChoice askUnsaved(QWidget* parent, const QString& document) override;
    QString openFile(QWidget* parent, const QString& caption, const QString& filter) override;
    QString saveFile(QWidget* parent, const QString& caption, const QString& suggested,
                     const QString& filter) override;
    ExportAction exportOptions(QWidget* parent, const Exporter* exporter,
                               ExportOptions& options) override;
    void showInfo(QWidget* parent, const QString& title, const QString& richText) override;
    CalibrationChoice calibrate(QWidget* parent, const Scenario& scenario) override;
};

} // namespace headroom::ui
