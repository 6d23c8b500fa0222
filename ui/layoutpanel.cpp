#include "ui/layoutpanel.h"

#include "ui/texts.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace headroom::ui {

LayoutPanel::LayoutPanel(ScenarioController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_intro(new QLabel(this)),
      m_find(new QPushButton(this)), m_maxGpus(new QSpinBox(this)), m_maxLabel(new QLabel(this)),
      m_result(new QLabel(this)) {
    setObjectName(QStringLiteral("layoutPanel"));
    m_find->setObjectName(QStringLiteral("findLayoutButton"));
    m_maxGpus->setObjectName(QStringLiteral("maxGpusSpin"));
    m_result->setObjectName(QStringLiteral("layoutResult"));
    m_intro->setWordWrap(true);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_maxGpus->setGroupSeparatorShown(true);
    m_maxGpus->setRange(1, 4096);
    m_maxGpus->setValue(1024);
    m_maxLabel->setBuddy(m_maxGpus);
    auto* lay = new QGridLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    lay->addWidget(m_intro, 0, 0, 1, 4);
    lay->addWidget(m_find, 1, 0);
    lay->addWidget(m_maxLabel, 1, 1, Qt::AlignRight);
    lay->addWidget(m_maxGpus, 1, 2);
    lay->setColumnStretch(3, 1);
    lay->addWidget(m_result, 2, 0, 1, 4);
    lay->setRowStretch(3, 1);
    connect(m_find, &QPushButton::clicked, this, &LayoutPanel::findSmallestLayout);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &LayoutPanel::onFinished);
    connect(m_controller, &ScenarioController::scenarioReplaced, this, &LayoutPanel::clearResult);
    // any other edit (an imported model, a GPU count, an undo of the applied layout) makes
    // the answer and its tightest rank another scenario's
    connect(m_controller, &ScenarioController::scenarioChanged, this, [this] {
        if (!m_applying && (m_searched || m_watcher.isRunning()))
            clearResult();
    });
    retranslateUi();
}

void LayoutPanel::findSmallestLayout() {
    if (m_watcher.isRunning()) {
        return;
    }
    const Scenario s = m_controller->scenario();
    const int maxGpus = m_maxGpus->value();
    m_gpuName = m_controller->gpuDisplayName();
    m_find->setEnabled(false);
    m_result->setText(tr("Searching layouts of up to %1 GPUs…").arg(maxGpus));
    m_runningSearch = m_search;
    m_watcher.setFuture(QtConcurrent::run(
        [s, maxGpus] { return smallestLayout(s.model, s.workload, s.gpu, maxGpus); }));
}

void LayoutPanel::clearResult() {
    m_searched = false;
    m_last.reset();
    m_result->clear();
    ++m_search; // a search still running answers for the scenario before
}

void LayoutPanel::onFinished() {
    m_find->setEnabled(true);
    if (m_runningSearch != m_search) {
        return; // started for a scenario that has since been replaced
    }
    m_searched = true;
    m_last = m_watcher.result();
    if (!m_last) {
        m_result->setText(resultText());
        emit layoutNotFound();
        return;
    }
    const Parallelism layout = m_last->layout;
    const int gpus = layout.gpus();
    m_applying = true; // the answer is this edit's scenario's
    m_controller->edit(Field::Layout, tr("Apply smallest layout (%1 GPUs)").arg(gpus),
                       [layout, gpus](Scenario& s) {
                           s.workload.parallel = layout;
                           s.gpuCount = gpus;
                       });
    m_applying = false;
    m_result->setText(resultText());
    emit layoutApplied(m_last->estimate.worst.stage); // core's worst rank: the tightest stage
}

QString LayoutPanel::resultText() const {
    if (!m_searched) {
        return {};
    }
    if (!m_last) {
        return tr("No layout of up to %1 × %2 fits this run.")
            .arg(m_maxGpus->value())
            .arg(m_gpuName);
    }
    const Parallelism& p = m_last->layout;
    const Estimate& e = m_last->estimate;
    const ByteUnit u = m_controller->unit();
    const RankEstimate& w = e.worst;
    QString text = tr("<b>Smallest layout: %1 × %2</b> — DP %3 × TP %4 × PP "
                      "%5 × CP %6, sharding: %7.")
                       .arg(p.gpus())
                       .arg(m_gpuName.toHtmlEscaped())
                       .arg(p.dp)
                       .arg(p.tp)
                       .arg(p.pp)
                       .arg(p.cp)
                       .arg(Texts::shardingName(p.sharding).toHtmlEscaped());
    text += QStringLiteral("<br>");
    // the bytes the verdict counts, as the verdict's "used" (nvidia-smi less the cache the
    // allocator releases before an OOM and paged optimizer states)
    text += tr("Tightest rank: pipeline stage %1 (layers %2–%3) at %4 of %5, %6 free.")
                .arg(w.stage + 1)
                .arg(w.firstLayer)
                .arg(w.firstLayer + w.numLayers - 1)
                .arg(Units::format(e.capacity - e.headroom, u), Units::format(e.capacity, u),
                     Units::format(e.headroom, u));
    return text;
}

void LayoutPanel::retranslateUi() {
    m_intro->setText(tr("Find the fewest GPUs of the selected type (then the least tensor and "
                        "pipeline parallelism) that run this scenario, and apply that layout. "
                        "The per-stage bar then highlights the tightest rank."));
    m_find->setText(tr("&Find smallest layout"));
    m_find->setToolTip(tr("Search DP × TP × PP layouts of this GPU for the smallest "
                          "one that fits, and apply it."));
    m_find->setAccessibleName(tr("Find smallest layout"));
    m_maxLabel->setText(tr("Up to"));
    m_maxGpus->setSuffix(tr(" GPUs"));
    m_maxGpus->setToolTip(tr("The largest GPU count the search may use."));
    m_maxGpus->setAccessibleName(tr("Maximum GPUs to search"));
    m_result->setAccessibleName(tr("Layout result"));
    if (m_searched) {
        m_result->setText(resultText());
    }
}

void LayoutPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
    }
    QWidget::changeEvent(e);
}

} // namespace headroom::ui
