#include "ui/calibrationdialog.h"
#include "core/units.h"

#include "core/text_file.h"
#include "ui/texts.h"
#include "ui/units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace headroom::ui {

namespace {
constexpr std::uintmax_t kMaxJsonBytes = 16u << 20;
} // namespace

CalibrationDialog::CalibrationDialog(const Scenario& scenario, QWidget* parent)
    : QDialog(parent), m_scenario(scenario), m_metric(new QComboBox(this)),
      m_value(new QDoubleSpinBox(this)), m_unit(new QComboBox(this)), m_oom(new QCheckBox(this)),
      m_load(new QPushButton(this)), m_point(new QLabel(this)), m_info(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)),
      m_clear(m_buttons->addButton(QString(), QDialogButtonBox::ResetRole)) {
    setObjectName(QStringLiteral("calibrationDialog"));
    for (Metric m : {Metric::Allocated, Metric::Reserved, Metric::NvidiaSmi}) {
        m_metric->addItem(Texts::metricName(m), static_cast<int>(m));
    }
    m_metric->setCurrentIndex(1); // reserved: torch.cuda.max_memory_reserved()
    m_value->setGroupSeparatorShown(true);
    m_value->setRange(0, 1e7);
    m_value->setDecimals(3);
    m_value->setObjectName(QStringLiteral("measuredValue"));
    for (const char* u : {"GiB", "GB", "MiB"}) {
        m_unit->addItem(QString::fromLatin1(u), QString::fromLatin1(u));
    }
    m_info->setWordWrap(true);
    m_point->setWordWrap(true);
    m_info->setObjectName(QStringLiteral("calibrationInfo"));
    m_clear->setVisible(m_scenario.calibration.has_value());

    auto* valueRow = new QHBoxLayout;
    valueRow->addWidget(m_value, 1);
    valueRow->addWidget(m_unit);
    valueRow->addWidget(m_load);
    auto* form = new QFormLayout;
    form->addRow(m_point);
    form->addRow(tr("Metric:"), m_metric);
    form->addRow(tr("Measured peak:"), valueRow);
    form->addRow(m_oom);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_info);
    layout->addWidget(m_buttons);

    auto edited = [this] {
        m_fromJson.reset();
        refit();
    };
    connect(m_value, &QDoubleSpinBox::valueChanged, this, edited);
    connect(m_unit, &QComboBox::currentIndexChanged, this, edited);
    connect(m_metric, &QComboBox::currentIndexChanged, this, edited);
    connect(m_oom, &QCheckBox::toggled, this, [this] { refit(); });
    connect(m_load, &QPushButton::clicked, this, [this] { chooseFile(); });
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (m_fitted) {
            m_choice = Choice::Apply;
            accept();
        }
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_clear, &QPushButton::clicked, this, [this] {
        m_choice = Choice::Clear;
        accept();
    });
    retranslateUi();
    refit();
}

void CalibrationDialog::retranslateUi() {
    setWindowTitle(tr("Calibrate from a Measured Run"));
    const auto [batch, seq] = calibrationPoint(m_scenario.workload);
    m_point->setText(tr("The peak your run reached at this scenario's micro-batch %1 and %2 "
                        "tokens, as PyTorch or nvidia-smi reported it. Headroom fits a fixed "
                        "overhead so the estimate here equals it.")
                         .arg(batch)
                         .arg(Units::formatCount(seq)));
    m_oom->setText(tr("The run ran out of memory (leave the peak at 0 if it is unknown)"));
    m_load->setText(tr("Load JSON…"));
    m_load->setToolTip(tr("The JSON of torch.cuda.memory_stats() or the output of "
                          "tools/measure/measure_peak.py"));
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Calibrate"));
    m_clear->setText(tr("Clear Calibration"));
}

void CalibrationDialog::setMeasured(Metric metric, double value, const QString& unitKey, bool oom) {
    {
        const QSignalBlocker b1(m_metric), b2(m_value), b3(m_unit), b4(m_oom);
        m_metric->setCurrentIndex(m_metric->findData(static_cast<int>(metric)));
        m_value->setValue(value);
        m_unit->setCurrentIndex(std::max(0, m_unit->findData(unitKey)));
        m_oom->setChecked(oom);
    }
    m_fromJson.reset();
    refit();
}

bool CalibrationDialog::loadJsonFile(const QString& path) {
    const auto metric = static_cast<Metric>(m_metric->currentData().toInt());
    auto text = readTextFile(path.toStdString(), kMaxJsonBytes);
    std::optional<Error> err;
    if (!text) {
        err = text.error();
    } else if (auto m = measurementFromJson(text.value(), metric, m_scenario.workload); !m) {
        err = m.error();
    } else {
        {
            const QSignalBlocker b1(m_value), b2(m_unit);
            m_unit->setCurrentIndex(m_unit->findData(QStringLiteral("GiB")));
            m_value->setValue(m->bytes / kGiB);
        }
        m_fromJson = m.value();
        m_fromJson->sourceDetail = path.toStdString();
        refit();
        return true;
    }
    m_fitted.reset();
    m_problem = Texts::errorText(*err);
    m_info->setText(m_problem);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    return false;
}

void CalibrationDialog::chooseFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Measured Peak (JSON)"), QString(),
                                                      tr("JSON files (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        loadJsonFile(path);
    }
}

Measurement CalibrationDialog::measurement(std::optional<Error>& err) const {
    Measurement m;
    if (m_fromJson) {
        m = *m_fromJson;
    } else if (!(m_oom->isChecked() && m_value->value() == 0)) {
        // the unit is parsed where every measured size is: core's labelled-unit parser
        const QString text =
            QString::number(m_value->value(), 'f', 6) + m_unit->currentData().toString();
        auto bytes = parseMeasuredBytes(text.toStdString(), "measured");
        if (!bytes) {
            err = bytes.error();
            return m;
        }
        m.bytes = bytes.value();
    }
    m.metric = static_cast<Metric>(m_metric->currentData().toInt());
    m.oom = m_oom->isChecked();
    return m;
}

void CalibrationDialog::refit() {
    m_fitted.reset();
    m_problem.clear();
    std::optional<Error> err;
    const Measurement m = measurement(err);
    if (!err) {
        const QString date = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
        auto c = calibrateScenario(m_scenario, m, date.toStdString());
        if (c) {
            m_fitted = c.value();
        } else {
            err = c.error();
        }
    }
    if (err) {
        m_problem = !m_oom->isChecked() && m_value->value() == 0 && !m_fromJson
                        ? tr("Enter the peak your run measured, or tick “ran out of memory”.")
                        : Texts::errorText(*err);
    }
    m_info->setText(m_fitted ? preview() : m_problem);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_fitted.has_value());
}

QString CalibrationDialog::preview() const {
    if (!m_fitted) {
        return {};
    }
    const Calibration& c = *m_fitted;
    const ByteUnit u = ByteUnit::GiB;
    QStringList text{tr("Estimate here: %1 (%2). Fixed overhead to add: %3.")
                         .arg(Units::format(c.estimatedBytes, u, 2),
                              Texts::metricName(c.measured.metric),
                              Units::formatSigned(c.offsetBytes, u, 2))};
    if (c.clamped) {
        text << tr("The measurement is %1 from the estimate, more than a setup overhead can "
                   "be: the correction is clamped. Check that the scenario describes the run.")
                    .arg(Units::formatSigned(c.rawOffsetBytes, u, 2));
    }
    if (c.oomRun())
        text << tr("The run ran out of memory: this point and every larger one stay OOM.");
    return Texts::sentences(text);
}

} // namespace headroom::ui
