#pragma once
// A DialogService for offscreen tests: answers every dialog without showing one (File > New
// discards unsaved edits, file pickers cancel) and keeps the error messages it was given.
#include "ui/dialogservice.h"

#include <QStringList>

namespace headroom::ui {

class QuietDialogs : public DialogService {
public:
    void showError(QWidget*, const QString&, const QString& message) override { errors << message; }
    UnsavedChoice askUnsaved(QWidget*, const QString&) override { return UnsavedChoice::Discard; }
    QString openFile(QWidget*, const QString&, const QString&) override { return {}; }
    QString saveFile(QWidget*, const QString&, const QString&, const QString&) override {
        return {};
    }
    ExportAction exportOptions(QWidget*, const Exporter*, ExportOptions&) override {
        return ExportAction::Cancel;
    }
    void showInfo(QWidget*, const QString&, const QString&) override {}
    QStringList errors;
};

} // namespace headroom::ui
