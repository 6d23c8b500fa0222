#include "ui/exportdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace headroom::ui {

ExportDialog::ExportDialog(const Exporter* exporter, const ExportOptions& initial, QWidget* parent)
    : QDialog(parent), m_exporter(exporter), m_target(new QComboBox(this)),
      m_width(new QSpinBox(this)), m_height(new QSpinBox(this)), m_scale(new QComboBox(this)),
      m_format(new QComboBox(this)), m_title(new QLineEdit(this)), m_summary(new QCheckBox(this)),
      m_info(new QLabel(this)) {
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export Image"));
    m_target->addItem(tr("Stacked VRAM bar"));
    m_target->addItem(tr("OOM-cliff chart"));
    m_target->addItem(tr("Dashboard (verdict and both charts)"));
    m_target->setCurrentIndex(static_cast<int>(initial.target));
    m_target->setToolTip(tr("Which part of the window to export."));
    m_target->setAccessibleName(tr("Export target"));
    for (QSpinBox* s : {m_width, m_height}) {
        s->setGroupSeparatorShown(true);
        s->setRange(200, 8000);
        s->setSuffix(tr(" px"));
    }
    m_width->setValue(initial.size.width());
    m_height->setValue(initial.size.height());
    m_width->setToolTip(tr("Width of the picture before scaling."));
    m_height->setToolTip(tr("Height of the picture before scaling."));
    m_width->setAccessibleName(tr("Width"));
    m_height->setAccessibleName(tr("Height"));
    m_scale->addItems({tr("1×"), tr("2×"), tr("3×")});
    m_scale->setCurrentIndex(std::clamp(initial.scale, 1, 3) - 1);
    m_scale->setToolTip(tr("Pixel density: 2× doubles the pixels for sharp slides and "
                           "high-DPI screens."));
    m_scale->setAccessibleName(tr("Scale"));
    m_format->addItems({tr("PNG image"), tr("SVG vector drawing")});
    m_format->setCurrentIndex(initial.format == ExportFormat::Svg ? 1 : 0);
    m_format->setToolTip(tr("PNG for slides and chat, SVG for print and editing."));
    m_format->setAccessibleName(tr("File format"));
    m_title->setText(initial.title.isEmpty() ? exporter->defaultTitle(initial.target)
                                             : initial.title);
    m_title->setToolTip(tr("Drawn at the top of the picture; leave empty for none."));
    m_title->setAccessibleName(tr("Title"));
    m_summary->setText(tr("Draw the scenario summary and verdict"));
    m_summary->setChecked(initial.includeSummary);
    m_summary->setToolTip(tr("Model, mode, precision, batch, sequence length and GPU under the "
                             "title."));

    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);
    auto* form = new QFormLayout;
    form->addRow(tr("&Export"), m_target);
    // a row whose field is a layout gets no buddy from QFormLayout, and without a buddy the
    // label shows "&Size" literally: the label is made here with the width box as its buddy
    auto* sizeLabel = new QLabel(tr("&Size"), this);
    sizeLabel->setObjectName(QStringLiteral("exportSizeLabel"));
    sizeLabel->setBuddy(m_width);
    form->addRow(sizeLabel, sizeRow);
    form->addRow(tr("S&cale"), m_scale);
    form->addRow(tr("&Format"), m_format);
    form->addRow(tr("&Title"), m_title);
    form->addRow(QString(), m_summary);
    form->addRow(QString(), m_info);

    auto* buttons = new QDialogButtonBox(this);
    QPushButton* save = buttons->addButton(tr("&Save…"), QDialogButtonBox::AcceptRole);
    QPushButton* copy = buttons->addButton(tr("&Copy to Clipboard"), QDialogButtonBox::ActionRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    save->setDefault(true);
    connect(save, &QPushButton::clicked, this, [this] {
        m_action = Action::Save;
        accept();
    });
    connect(copy, &QPushButton::clicked, this, [this] {
        m_action = Action::Copy;
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* lay = new QVBoxLayout(this);
    lay->addLayout(form);
    lay->addWidget(buttons);

    connect(m_target, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!m_titleEdited) {
            m_title->setText(m_exporter->defaultTitle(static_cast<ExportTarget>(i)));
        }
        updateInfo();
    });
    connect(m_title, &QLineEdit::textEdited, this, [this] { m_titleEdited = true; });
    for (QSpinBox* s : {m_width, m_height}) {
        connect(s, &QSpinBox::valueChanged, this, &ExportDialog::updateInfo);
    }
    connect(m_scale, &QComboBox::currentIndexChanged, this, &ExportDialog::updateInfo);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::updateInfo);
    updateInfo();
}

ExportOptions ExportDialog::options() const {
    ExportOptions o;
    o.target = static_cast<ExportTarget>(m_target->currentIndex());
    o.size = QSize(m_width->value(), m_height->value());
    o.scale = m_scale->currentIndex() + 1;
    o.title = m_title->text();
    o.includeSummary = m_summary->isChecked();
    o.format = m_format->currentIndex() == 1 ? ExportFormat::Svg : ExportFormat::Png;
    return o;
}

void ExportDialog::updateInfo() {
    const ExportOptions o = options();
    if (o.format == ExportFormat::Svg) {
        m_info->setText(
            tr("Vector drawing, %1 × %2 units").arg(o.size.width()).arg(o.size.height()));
    } else {
        m_info->setText(tr("Output: %1 × %2 pixels")
                            .arg(o.size.width() * o.scale)
                            .arg(o.size.height() * o.scale));
    }
}

} // namespace headroom::ui
