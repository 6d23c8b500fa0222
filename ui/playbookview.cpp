#include "ui/playbookview.h"

#include "ui/planwaterfallchart.h"
#include "ui/texts.h"
#include "ui/theme.h"

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace headroom::ui {

PlaybookView::PlaybookView(ScenarioController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_intro(new QLabel(this)),
      m_tree(new QTreeWidget(this)), m_apply(new QPushButton(this)),
      m_highBound(new QCheckBox(this)), m_planBox(new QWidget), m_planTitle(new QLabel),
      m_planChart(new PlanWaterfallChart), m_applyPlan(new QPushButton) {
    setObjectName(QStringLiteral("playbookView"));
    m_tree->setObjectName(QStringLiteral("playbookTree"));
    m_apply->setObjectName(QStringLiteral("playbookApply"));
    m_intro->setWordWrap(true);
    m_tree->setColumnCount(6);
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    for (int c = 2; c < 6; ++c) {
        m_tree->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    }
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    top->addWidget(m_intro, 1);
    top->addWidget(m_highBound);
    top->addWidget(m_apply);
    lay->addLayout(top);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_tree);
    split->addWidget(m_planBox);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    split->setSizes({400, 600}); // shared out in this ratio when first laid out
    lay->addWidget(split, 1);
    m_planBox->setObjectName(QStringLiteral("playbookPlan"));
    m_applyPlan->setObjectName(QStringLiteral("playbookApplyPlan"));
    m_planTitle->setWordWrap(true);
    auto* planLay = new QVBoxLayout(m_planBox);
    planLay->setContentsMargins(0, 0, 0, 0);
    auto* planTop = new QHBoxLayout;
    planTop->addWidget(m_planTitle, 1);
    planTop->addWidget(m_applyPlan);
    planLay->addLayout(planTop);
    planLay->addWidget(m_planChart, 1);
    m_planBox->setVisible(false);
    connect(m_applyPlan, &QPushButton::clicked, this, &PlaybookView::applyPlan);
    m_highBound->setObjectName(QStringLiteral("playbookHighBound"));
    connect(m_highBound, &QCheckBox::toggled, this, [this](bool on) {
        m_controller->edit(Field::Playbook, tr("Plan against the band's high bound"),
                           [on](Scenario& s) { s.workload.planAgainstBandHigh = on; });
    });
    m_apply->setEnabled(false);
    connect(m_tree, &QTreeWidget::itemSelectionChanged, this,
            [this] { m_apply->setEnabled(!m_tree->selectedItems().isEmpty()); });
    connect(m_apply, &QPushButton::clicked, this, [this] {
        if (auto* item = m_tree->currentItem()) {
            applyRow(m_tree->indexOfTopLevelItem(item));
        }
    });
    connect(m_tree, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem* item, int) { applyRow(m_tree->indexOfTopLevelItem(item)); });
    retranslateUi();
}

void PlaybookView::setResults(const Results& r, ByteUnit unit) {
    m_results = r;
    m_unit = unit;
    refresh();
}

void PlaybookView::applyRow(int row) {
    if (row < 0 || row >= static_cast<int>(items().size())) {
        return;
    }
    const PlaybookItem& item = items()[static_cast<size_t>(row)];
    const Workload changed = item.changed;
    m_controller->edit(Field::Playbook, tr("Apply: %1").arg(Texts::playbookAction(item)),
                       [changed](Scenario& s) {
                           const int gpus = changed.parallel.gpus();
                           s.workload = changed;
                           s.gpuCount = gpus;
                       });
}

const std::vector<PlaybookItem>& PlaybookView::items() const {
    // a sized server's levers are the Serving tab's (core servePlaybook): the generate()
    // playbook would answer another question beside the server's verdict
    static const std::vector<PlaybookItem> none;
    return m_results.drawsServingCliff() ? none : m_results.playbook;
}

int PlaybookView::planRow() const {
    const auto& items = this->items();
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i].action == PlaybookAction::Combined && items[i].fits) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

void PlaybookView::applyPlan() {
    const int row = planRow();
    if (row < 0) {
        return;
    }
    const PlaybookItem& item = items()[static_cast<size_t>(row)];
    const Workload changed = item.changed;
    m_controller->edit(Field::Playbook, tr("Apply plan (disruption cost %1)").arg(item.value),
                       [changed](Scenario& s) {
                           const int gpus = changed.parallel.gpus();
                           s.workload = changed;
                           s.gpuCount = gpus;
                       });
}

void PlaybookView::setChartStyle(const ChartStyle& style) {
    m_planChart->setStyle(style);
    if (style.theme != m_theme) {
        m_theme = style.theme;
        refresh(); // the verdict column's colours are the theme's
    }
}

void PlaybookView::refreshPlan() {
    const int row = planRow();
    m_planBox->setVisible(row >= 0);
    if (row < 0) {
        m_planChart->setPlan(Plan{}, 0, m_unit);
        return;
    }
    const PlaybookItem& item = items()[static_cast<size_t>(row)];
    m_planChart->setPlan(item.plan, m_results.estimate.capacity, m_unit);
    m_planTitle->setText(
        tr("Plan that fits: disruption cost %1 (throughput + convergence + effort)")
            .arg(item.value));
    m_planTitle->setToolTip(Texts::playbookAction(item));
}

void PlaybookView::refresh() {
    m_tree->setUpdatesEnabled(false);
    const auto& items = this->items();
    const int n = static_cast<int>(items.size());
    while (m_tree->topLevelItemCount() > n) {
        delete m_tree->takeTopLevelItem(m_tree->topLevelItemCount() - 1);
    }
    while (m_tree->topLevelItemCount() < n) {
        m_tree->addTopLevelItem(new QTreeWidgetItem);
    }
    const ChartColors c = Theme::chartColors(m_theme); // readable on this theme's table
    for (int i = 0; i < n; ++i) {
        const PlaybookItem& p = items[static_cast<size_t>(i)];
        QTreeWidgetItem* row = m_tree->topLevelItem(i);
        row->setText(0, QString::number(i + 1));
        row->setText(1, Texts::playbookAction(p));
        row->setToolTip(1, Texts::playbookAction(p));
        row->setText(2, p.savedBytes >= 0 ? tr("−%1").arg(Units::format(p.savedBytes, m_unit))
                                          : tr("+%1").arg(Units::format(-p.savedBytes, m_unit)));
        row->setText(3, Units::format(p.newTotal, m_unit));
        // the row's band verdict, in the headline's words: a change that fits by its point
        // estimate only "may not fit"
        row->setToolTip(4, QString());
        switch (p.verdict) {
        case BandVerdict::Fits:
            row->setText(4, tr("fits"));
            row->setForeground(4, c.fits);
            break;
        case BandVerdict::MayNotFit:
            //: the playbook's verdict column, kept short (the tooltip says it in full)
            row->setText(4, tr("may not fit"));
            row->setToolTip(4, tr("The change fits by its point estimate, but its band reaches "
                                  "past the GPU: it may not fit."));
            row->setForeground(4, c.mayNotFit);
            break;
        case BandVerdict::DoesNotFit:
            row->setText(4, tr("still OOM"));
            row->setForeground(4, c.oom);
            break;
        }
        // the disruption cost from the lever table (core/plan/levers.h); a plan's is its steps' sum
        if (p.option) {
            const LeverRow& lever = leverRow(*p.option);
            row->setText(5, QString::number(lever.cost()));
            row->setToolTip(5, tr("Disruption cost %1: throughput %2, convergence %3, effort %4 "
                                  "(each 0-3)")
                                   .arg(lever.cost())
                                   .arg(lever.throughput)
                                   .arg(lever.convergence)
                                   .arg(lever.effort));
        } else {
            row->setText(5, QString::number(p.value));
            row->setToolTip(5, tr("Disruption cost %1: the sum of the plan's steps").arg(p.value));
        }
        for (int col : {0, 2, 3, 5}) {
            row->setTextAlignment(col, Qt::AlignRight | Qt::AlignVCenter);
        }
    }
    m_tree->setUpdatesEnabled(true);
    refreshPlan();
    const bool high = m_controller->scenario().workload.planAgainstBandHigh;
    if (m_highBound->isChecked() != high) {
        const QSignalBlocker quiet(m_highBound);
        m_highBound->setChecked(high);
    }
    if (!m_results.hasEstimate) {
        m_intro->setText(tr("No playbook for an invalid scenario."));
    } else if (m_results.drawsServingCliff()) {
        m_intro->setText(
            tr("A sized server: the changes that let it start or serve more "
               "sequences at once (GPU memory utilisation, fp8 KV cache, TP, max_num_seqs, "
               "max_model_len, fp8 weights) are in the Serving tab, each with what "
               "the server becomes."));
    } else if (items.empty()) {
        m_intro->setText(tr("No change in the playbook applies to this scenario."));
    } else if (m_results.planAgainstBandHigh && !m_results.estimate.fits &&
               m_results.bandVerdict == BandVerdict::MayNotFit) {
        m_intro->setText(tr("At the band's high bound the scenario may not fit. Changes ranked: "
                            "those that make the high bound fit first, then the least "
                            "disruptive. Double-click a row to apply it."));
    } else if (!m_results.estimate.fits && planRow() >= 0) {
        m_intro->setText(tr("Out of memory. The least disruptive combination of changes that "
                            "fits on these GPUs is drawn on the right, step by step; Apply plan "
                            "applies all of it as one undo step."));
    } else if (m_results.estimate.fits && m_results.bandVerdict == BandVerdict::MayNotFit) {
        // the headline's "may not fit"; each row's verdict is its own band's
        m_intro->setText(tr("The scenario may not fit: its band reaches past the GPU. These "
                            "changes free more memory, ranked: those whose whole band fits "
                            "under the GPU first, then the least disruptive. Double-click a row "
                            "to apply it."));
    } else if (m_results.estimate.fits) {
        m_intro->setText(tr("The scenario fits. These changes would free more memory, ranked "
                            "from least to most disruptive. Double-click a row to apply it."));
    } else {
        m_intro->setText(tr("Out of memory. Changes ranked: those that make it fit first, then "
                            "the least disruptive. Double-click a row to apply it."));
    }
    if (!m_results.drawsServingCliff() && !items.empty())
        m_intro->setText(m_intro->text() + accumulationNote());
}

QString PlaybookView::accumulationNote() const {
    // a row that lowers the micro-batch and raises accumulation from 1 keeps every gradient
    // between micro-batches: it needs more than the cliff's point at the same micro-batch
    // (accumulation 1), which read as a contradiction beside "largest micro-batch that fits: 1"
    // (the GUI review); core counts the gradients kept (stages.cpp, "Gradients persist across
    // the micro-batches of a step")
    const Workload& w = m_controller->scenario().workload;
    if (w.gradAccumulation > 1 || w.finetune != Finetune::Full)
        return {};
    for (const PlaybookItem& it : items())
        if (it.action == PlaybookAction::SmallerMicroBatch && it.changed.gradAccumulation > 1)
            return QLatin1Char(' ') +
                   tr("More accumulation keeps the gradients between micro-batches: more than the "
                      "chart shows at the same micro-batch.");
    return {};
}

QString PlaybookView::introText() const {
    return m_intro->text();
}

void PlaybookView::retranslateUi() {
    m_tree->setHeaderLabels(
        {tr("#"), tr("Change"), tr("Saves"), tr("New total"), tr("Verdict"), tr("Cost")});
    m_tree->headerItem()->setToolTip(
        5, tr("Disruption cost: throughput lost + convergence changed + engineering effort, "
              "each 0-3 (docs/plan-search.md)"));
    m_apply->setText(tr("&Apply selected"));
    m_apply->setToolTip(tr("Apply the selected change to the scenario (undoable)."));
    m_apply->setAccessibleName(tr("Apply selected playbook change"));
    m_tree->setAccessibleName(tr("OOM playbook"));
    m_applyPlan->setText(tr("Apply p&lan"));
    m_applyPlan->setToolTip(tr("Apply every step of the plan at once (one undo step)."));
    m_applyPlan->setAccessibleName(tr("Apply the combined plan"));
    m_tree->setToolTip(tr("Ranked changes that reduce memory; the savings are computed for "
                          "this scenario."));
    m_highBound->setText(tr("Plan against the &high bound"));
    m_highBound->setToolTip(
        tr("Count a run as fitting only where the band's high bound fits the GPU: the playbook, "
           "the plan, the largest micro-batch and the layout finder then leave room for every "
           "mechanism the band names (allocator configuration, CUDA stack, framework versions, "
           "sample lengths)."));
    m_highBound->setAccessibleName(tr("Plan against the band's high bound"));
    refresh();
}

void PlaybookView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
    }
    QWidget::changeEvent(e);
}

} // namespace headroom::ui
