#pragma once
// A DialogService for offscreen tests: SilentDialogs (never blocks: unsaved edits discarded,
// file pickers cancelled) that keeps the error messages it was given.
#include "ui/dialogservice.h"

#include <QStringList>

namespace headroom::ui {

class QuietDialogs : public SilentDialogs {
public:
    void showError(QWidget*, const QString&, const QString& message) override { errors << message; }
    QStringList errors;
};

} // namespace headroom::ui
