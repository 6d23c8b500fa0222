#include "ui/dialogservice.h"

#include "ui/calibrationdialog.h"
#include "ui/exportdialog.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QMessageBox>

namespace headroom::ui {

void WidgetDialogService::showError(QWidget* parent, const QString& title, const QString& message) {
    QMessageBox::warning(parent, title, message);
}

DialogService::UnsavedChoice WidgetDialogService::askUnsaved(QWidget* parent,
                                                             const QString& document) {
    const auto b = QMessageBox::question(
        parent, tr("Unsaved changes"),
        tr("The scenario “%1” has unsaved changes. Save them first?").arg(document),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (b == QMessageBox::Save) {
        return UnsavedChoice::Save;
    }
    return b == QMessageBox::Discard ? UnsavedChoice::Discard : UnsavedChoice::Cancel;
}

QString WidgetDialogService::openFile(QWidget* parent, const QString& caption,
                                      const QString& filter) {
    return QFileDialog::getOpenFileName(parent, caption, QString(), filter);
}

QString WidgetDialogService::saveFile(QWidget* parent, const QString& caption,
                                      const QString& suggested, const QString& filter) {
    return QFileDialog::getSaveFileName(parent, caption, suggested, filter);
}

DialogService::ExportAction WidgetDialogService::exportOptions(QWidget* parent,
                                                               const Exporter* exporter,
                                                               ExportOptions& options) {
    ExportDialog dlg(exporter, options, parent);
    if (dlg.exec() != QDialog::Accepted) {
        return ExportAction::Cancel;
    }
    options = dlg.options();
    return dlg.action() == ExportDialog::Action::Copy ? ExportAction::Copy : ExportAction::Save;
}

void WidgetDialogService::showInfo(QWidget* parent, const QString& title, const QString& richText) {
    QMessageBox box(QMessageBox::Information, title, richText, QMessageBox::Ok, parent);
    box.setTextFormat(Qt::RichText);
    box.exec();
}

DialogService::CalibrationChoice DialogService::calibrate(QWidget*, const Scenario&) {
    return {};
}

DialogService::CalibrationChoice WidgetDialogService::calibrate(QWidget* parent,
                                                                const Scenario& scenario) {
    CalibrationDialog dlg(scenario, parent);
    CalibrationChoice out;
    if (dlg.exec() != QDialog::Accepted) {
        return out;
    }
    if (dlg.choice() == CalibrationDialog::Choice::Clear) {
        out.action = CalibrationChoice::Action::Clear;
    } else if (dlg.choice() == CalibrationDialog::Choice::Apply && dlg.calibration()) {
        out.action = CalibrationChoice::Action::Apply;
        out.calibration = dlg.calibration();
    }
    return out;
}

} // namespace headroom::ui
