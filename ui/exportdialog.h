#pragma once
// Export settings: what (bar / cliff / dashboard), size, scale 1x-3x, title, summary, format.

#include "ui/exporter.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace headroom::ui {

class ExportDialog : public QDialog {
    Q_OBJECT

public:
    enum class Action { Save, Copy };

    ExportDialog(const Exporter* exporter, const ExportOptions& initial, QWidget* parent = nullptr);

    ExportOptions options() const;
    Action action() const { return m_action; }

private:
    void updateInfo();
    void retranslateUi();

    const Exporter* m_exporter;
    QComboBox* m_target;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QComboBox* m_scale;
    QComboBox* m_format;
    QLineEdit* m_title;
    QCheckBox* m_summary;
    QLabel* m_info;
    Action m_action = Action::Save;
    bool m_titleEdited = false;
};

} // namespace headroom::ui
