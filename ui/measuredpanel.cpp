#include "ui/measuredpanel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace headroom::ui {

MeasuredPanel::MeasuredPanel(QWidget* parent)
    : QWidget(parent), m_header(new QLabel), m_table(new QTableWidget(0, 4)),
      m_diffTitle(new QLabel), m_diffs(new QLabel), m_metricLabel(new QLabel),
      m_metric(new QComboBox), m_calibrate(new QPushButton) {
    setObjectName(QStringLiteral("measuredPanel"));
    // the detail tabs take the size of their largest page; this one scrolls instead, so its
    // hints are left out (QStackedLayout skips a page whose policy is Ignored)
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    m_table->setObjectName(QStringLiteral("measuredTable"));
    m_metric->setObjectName(QStringLiteral("measuredCalibrateMetric"));
    m_calibrate->setObjectName(QStringLiteral("measuredCalibrate"));
    m_header->setWordWrap(true);
    m_diffs->setWordWrap(true);
    m_diffs->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->verticalHeader()->hide();
    // rows fit their text at any font size (presentation mode scales the tabs' type)
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 4; ++c)
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_metric->addItems({QString(), QString(), QString()});
    m_metricLabel->setBuddy(m_metric);

    auto* left = new QVBoxLayout;
    left->addWidget(m_header);
    left->addWidget(m_table, 1);
    auto* right = new QVBoxLayout;
    right->addWidget(m_diffTitle);
    right->addWidget(m_diffs);
    right->addStretch(1);
    auto* cal = new QHBoxLayout;
    cal->addWidget(m_metricLabel);
    cal->addWidget(m_metric);
    cal->addWidget(m_calibrate);
    cal->addStretch(1);
    right->addLayout(cal);
    // in a scroll area, so the tab never asks the window for more room than the other tabs
    // (presentation mode's large type would otherwise squeeze the charts above)
    auto* content = new QWidget;
    auto* row = new QHBoxLayout(content);
    row->setContentsMargins(0, 0, 0, 0);
    row->addLayout(left, 3);
    row->addLayout(right, 2);
    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("measuredScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(scroll);
    m_metric->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // the calibrate row keeps its words whole: the scroll area scrolls instead of squeezing
    m_metric->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_calibrate->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);

    connect(m_calibrate, &QPushButton::clicked, this, [this] {
        if (m_run)
            emit calibrateRequested(
                measurementFromRun(m_run->run, static_cast<Metric>(m_metric->currentIndex())));
    });
    m_metric->setCurrentIndex(static_cast<int>(Metric::NvidiaSmi));
    retranslateUi();
}

void MeasuredPanel::setMeasuredRun(std::optional<MeasuredFile> run, const QString& fileName) {
    m_run = std::move(run);
    m_fileName = fileName;
    m_cmp.reset();
    rebuild();
}

void MeasuredPanel::setResults(const Results& r, ByteUnit unit) {
    m_unit = unit;
    if (m_run && r.hasEstimate)
        m_cmp = compareMeasured(r.estimate, m_run->run); // the estimate every view shows
    else
        m_cmp.reset();
    rebuild();
}

void MeasuredPanel::addSection(const QString& title) {
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto* item = new QTableWidgetItem(title);
    QFont f = item->font();
    f.setBold(true);
    item->setFont(f);
    m_table->setItem(row, 0, item);
    m_table->setSpan(row, 0, 1, 4);
}

void MeasuredPanel::addPair(const QString& name, const MeasuredPair& p) {
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    const double err = p.relativeError() * 100.0;
    const QString cells[] = {name, Units::format(p.predicted, m_unit, 2),
                             Units::format(p.measured, m_unit, 2),
                             (err >= 0 ? QStringLiteral("+") : QString()) +
                                 QLocale().toString(err, 'f', 1) + QStringLiteral(" %")};
    for (int c = 0; c < 4; ++c) {
        auto* item = new QTableWidgetItem(cells[c]);
        if (c > 0)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, c, item);
    }
}

void MeasuredPanel::rebuild() {
    m_table->setRowCount(0);
    m_calibrate->setEnabled(m_run.has_value());
    m_metric->setEnabled(m_run.has_value());
    // a snapshot has no nvidia-smi figure: that metric is not offered
    const bool smi = !m_run || m_run->run.has(Metric::NvidiaSmi);
    if (auto* model = qobject_cast<QStandardItemModel*>(m_metric->model()))
        model->item(static_cast<int>(Metric::NvidiaSmi))->setEnabled(smi);
    if (!smi && m_metric->currentIndex() == static_cast<int>(Metric::NvidiaSmi))
        m_metric->setCurrentIndex(static_cast<int>(Metric::Reserved));
    else if (smi && !m_smiOffered)
        m_metric->setCurrentIndex(static_cast<int>(Metric::NvidiaSmi));
    m_smiOffered = smi;
    if (!m_run) {
        m_header->setText(
            tr("No measured run is open. File > Open Measured Run… reads a file "
               "written by tools/capture/headroom_capture.py (docs/measured-runs.md)."));
        m_diffs->clear();
        return;
    }
    const MeasuredRun& run = m_run->run;
    if (run.fromSnapshot)
        m_header->setText(tr("%1: PyTorch's memory snapshot, compared with the scenario shown "
                             "above; its peaks come from the trace when it has one, else from "
                             "the segments at the dump.")
                              .arg(m_fileName));
    else
        m_header->setText(tr("%1: %2, %n step(s) captured. Predicted is the estimate shown above.",
                             nullptr, static_cast<int>(run.steps.size()))
                              .arg(m_fileName, QString::fromStdString(run.deviceName)));
    if (!m_cmp)
        return;
    const QString metrics[] = {tr("Allocated peak"), tr("Reserved peak"), tr("nvidia-smi peak")};
    addSection(tr("Peaks"));
    for (int i = 0; i < 3; ++i)
        if (m_cmp->hasMetric[static_cast<size_t>(i)])
            addPair(metrics[i], m_cmp->metrics[static_cast<size_t>(i)]);
    const QString phases[] = {tr("After load"), tr("Forward"), tr("Backward"),
                              tr("Optimizer step")};
    const bool anyPhase = std::any_of(m_cmp->phases.begin(), m_cmp->phases.end(),
                                      [](const auto& p) { return p.has_value(); });
    if (anyPhase)
        addSection(tr("Allocated peak by phase"));
    for (int i = 0; i < kPhaseCount; ++i)
        if (const auto& p = m_cmp->phases[static_cast<size_t>(i)])
            addPair(phases[i], *p);
    const QString cats[] = {tr("Parameters"), tr("Gradients (end of backward)"),
                            tr("Optimizer states"), tr("The rest at the allocated peak")};
    if (std::any_of(m_cmp->categories.begin(), m_cmp->categories.end(),
                    [](const auto& c) { return c.has_value(); }))
        addSection(tr("By category"));
    for (int i = 0; i < kMeasuredCategoryCount; ++i)
        if (const auto& p = m_cmp->categories[static_cast<size_t>(i)])
            addPair(cats[i], *p);
    QStringList lines;
    for (const Difference& d : m_cmp->differences)
        lines << QStringLiteral("• ") + differenceText(d, run, m_unit);
    if (lines.isEmpty() && run.fromSnapshot)
        lines << tr("No finding: a snapshot has no phases or categories to compare.");
    m_diffs->setText(lines.isEmpty() ? tr("Nothing beyond the tolerances: parameters, gradients "
                                          "and optimizer states within 5 %, the rest at the peak "
                                          "within 10 %.")
                                     : lines.join(QStringLiteral("\n")));
}

QString MeasuredPanel::differencesText() const {
    return m_diffs->text();
}

QString MeasuredPanel::differenceText(const Difference& d, const MeasuredRun& run, ByteUnit unit) {
    const QString m = Units::format(d.measured, unit, 2), p = Units::format(d.predicted, unit, 2);
    const QString ratio =
        QLocale().toString(d.predicted > 0 ? d.measured / d.predicted : 0.0, 'f', 2);
    const auto [lo, hi] = run.lengthRange();
    switch (d.code) {
    case DifferenceCode::LengthFragmentation:
        return tr("Reserved is %1× allocated (%2 of %3): the step lengths varied (%4 to %5 "
                  "tokens) under the default caching allocator, which keeps a segment for each "
                  "longer batch. PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True removes it; "
                  "Sample lengths: Real data models it.")
            .arg(ratio, m, p, Units::formatCount(lo), Units::formatCount(hi));
    case DifferenceCode::AllocatorGap:
        return tr("Reserved is %1× allocated (%2 of %3) with fixed lengths: blocks cached that "
                  "the estimate's allocator model does not have.")
            .arg(ratio, m, p);
    case DifferenceCode::ParametersDiffer:
        return tr("Parameters: measured %1, predicted %2 (a dtype, tied embeddings or "
                  "quantisation the scenario does not have).")
            .arg(m, p);
    case DifferenceCode::GradientsDiffer:
        return tr("Gradients: measured %1, predicted %2 (the trainable set or the gradient "
                  "dtype differs).")
            .arg(m, p);
    case DifferenceCode::OptimizerStatesDiffer:
        return tr("Optimizer states: measured %1, predicted %2 (the optimizer or its state "
                  "dtype differs).")
            .arg(m, p);
    case DifferenceCode::TransientsDiffer:
        return tr("Activations and temporaries at the peak: measured %1, predicted %2 (the "
                  "attention kernel, checkpointing, logits or the loss differ).")
            .arg(m, p);
    case DifferenceCode::ContextDiffers:
        return tr("nvidia-smi less reserved (CUDA context, cuBLAS, NCCL): measured %1, "
                  "predicted %2.")
            .arg(m, p);
    case DifferenceCode::Unmodelled:
        return tr("Not modelled: %1.").arg(QString::fromStdString(d.detail));
    }
    return {};
}

void MeasuredPanel::retranslateUi() {
    m_table->setHorizontalHeaderLabels({QString(), tr("Predicted"), tr("Measured"), tr("Error")});
    m_diffTitle->setText(tr("<b>What differs</b>"));
    m_metricLabel->setText(tr("Calibrate in:"));
    m_metric->setItemText(0, tr("allocated"));
    m_metric->setItemText(1, tr("reserved"));
    m_metric->setItemText(2, tr("nvidia-smi"));
    m_calibrate->setText(tr("Calibrate from This Run"));
    m_calibrate->setToolTip(tr("Fit the scenario's calibration to this run's peak in the chosen "
                               "metric (one undo step)."));
    rebuild();
}

void MeasuredPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

} // namespace headroom::ui
