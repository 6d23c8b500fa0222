#include "ui/servingpanel.h"

#include "ui/texts.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

namespace headroom::ui {

namespace {
/// The figures' widest beside the tab's chart (px); without the chart they take the tab's width.
constexpr int kFiguresWidth = 460;

/// The engine's default memory fraction, what core uses when the scenario gives none (the
/// profile's: vLLM 0.92 since v0.21; SGLang's rule by GPU size).
double defaultFraction(const Results& r) {
    if (r.serving)
        return r.serving->settings.fraction;
    const EngineProfile* p = engineProfile(ServingEngine::Vllm);
    return p ? p->defaultFraction : 0.9;
}
} // namespace

const std::vector<DType>& ServingPanel::kvDtypes() {
    static const std::vector<DType> d{DType::BF16, DType::FP16, DType::FP8, DType::FP32};
    return d;
}

ServingPanel::ServingPanel(ScenarioController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_intro(new QLabel(this)),
      m_engineLabel(new QLabel(this)), m_engine(new QComboBox(this)), m_utilLabel(new QLabel(this)),
      m_util(new QDoubleSpinBox(this)), m_kvLabel(new QLabel(this)), m_kvDtype(new QComboBox(this)),
      m_figures(new QLabel(this)), m_view(new ServingCliffChart(this)) {
    m_view->setEngineNamed(true); // beside a generate() cliff with its own answer
    setObjectName(QStringLiteral("servingPanel"));
    m_util->setObjectName(QStringLiteral("memoryUtilizationSpin"));
    m_kvDtype->setObjectName(QStringLiteral("kvDtypeCombo"));
    m_engine->setObjectName(QStringLiteral("servingEngineCombo"));
    m_engineLabel->setBuddy(m_engine);
    for (const EngineProfile& e : engineProfiles()) // product names and versions: not translated
        m_engine->addItem(
            QString::fromLatin1(e.label.data(), static_cast<int>(e.label.size())) +
            QLatin1Char(' ') +
            QString::fromLatin1(e.version.data(), static_cast<int>(e.version.size())));
    m_figures->setObjectName(QStringLiteral("servingFigures"));
    m_view->setObjectName(QStringLiteral("servingChart"));
    m_intro->setWordWrap(true);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_figures->setWordWrap(true);
    m_figures->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_util->setGroupSeparatorShown(true);
    m_util->setRange(0.05, 1.0);
    m_util->setSingleStep(0.01);
    m_util->setDecimals(2);
    m_util->setValue(defaultFraction(m_results));
    m_utilLabel->setBuddy(m_util);
    m_kvLabel->setBuddy(m_kvDtype);
    for (DType d : kvDtypes())
        m_kvDtype->addItem(Texts::dtypeName(d), static_cast<int>(d));

    // the whole tab scrolls where it is shorter than its chart needs (a 1280x720 stage: the
    // chart's axis title was cut at the window's edge), as Compare's does
    auto* content = new QWidget(this);
    auto* lay = m_grid = new QGridLayout(content);
    lay->setContentsMargins(4, 4, 4, 4);
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_engineLabel);
    controls->addWidget(m_engine);
    controls->addSpacing(12);
    controls->addWidget(m_utilLabel);
    controls->addWidget(m_util);
    controls->addSpacing(12);
    controls->addWidget(m_kvLabel);
    controls->addWidget(m_kvDtype);
    controls->addStretch(1);
    lay->addWidget(m_intro, 0, 0, 1, 2);
    lay->addLayout(controls, 1, 0, 1, 2);
    // the figures scroll when the tab is short (a 720-line screen) instead of being cut
    auto* figuresScroll = m_figuresScroll = new QScrollArea(this);
    figuresScroll->setObjectName(QStringLiteral("servingFiguresScroll"));
    auto* figuresBox = new QWidget(figuresScroll);
    auto* figuresLay = new QVBoxLayout(figuresBox);
    figuresLay->setContentsMargins(0, 0, 0, 0);
    figuresLay->addWidget(m_figures);
    figuresLay->addStretch(1);
    figuresScroll->setWidget(figuresBox);
    figuresScroll->setWidgetResizable(true);
    figuresScroll->setFrameShape(QFrame::NoFrame);
    figuresScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    figuresScroll->setMinimumWidth(280);
    figuresScroll->setMaximumWidth(kFiguresWidth);
    lay->addWidget(figuresScroll, 2, 0);
    lay->addWidget(m_view, 2, 1);
    lay->setColumnStretch(1, 1);
    lay->setRowStretch(2, 1);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("servingScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(content);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    connect(m_util, &QDoubleSpinBox::valueChanged, this, [this](double u) {
        m_controller->edit(Field::MemoryUtilization, tr("Change GPU memory utilisation"),
                           [u](Scenario& s) { s.workload.inference.memoryUtilization = u; });
    });
    connect(m_engine, &QComboBox::activated, this, [this](int i) {
        const auto all = engineProfiles();
        if (i < 0 || i >= static_cast<int>(all.size()))
            return;
        const EngineProfile& e = all[static_cast<size_t>(i)];
        m_controller->edit(Field::ServingEngine, tr("Change serving engine"), [&e](Scenario& s) {
            s.workload.inference.engine = e.engine;
            s.workload.inference.engineVersion = std::string(e.version);
        });
    });
    connect(m_kvDtype, &QComboBox::activated, this, [this](int i) {
        const DType d = kvDtypes()[static_cast<size_t>(i)];
        m_controller->edit(Field::KvCacheDtype, tr("Change KV-cache dtype"),
                           [d](Scenario& s) { s.workload.precision.kvCache = d; });
    });
    retranslateUi();
}

void ServingPanel::setResults(const Results& r, ByteUnit unit) {
    m_results = r;
    m_unit = unit;
    rebuild();
}

void ServingPanel::setStyle(const ChartStyle& style) {
    m_view->setStyle(style);
}

void ServingPanel::rebuild() {
    const Workload& w = m_controller->scenario().workload;
    const bool on = m_results.serving.has_value();
    {
        const QSignalBlocker b1(m_util), b2(m_kvDtype), b3(m_engine);
        const EngineProfile* shown = engineProfile(w.inference.engine, w.inference.engineVersion);
        const auto all = engineProfiles();
        for (std::size_t i = 0; i < all.size(); ++i)
            if (&all[i] == shown)
                m_engine->setCurrentIndex(static_cast<int>(i));
        m_util->setValue(w.inference.memoryUtilization > 0 ? w.inference.memoryUtilization
                                                           : defaultFraction(m_results));
        const auto& d = kvDtypes();
        const auto it = std::find(d.begin(), d.end(), w.precision.kvCache);
        m_kvDtype->setCurrentIndex(it == d.end() ? -1 : static_cast<int>(it - d.begin()));
    }
    m_util->setEnabled(on);
    m_engine->setEnabled(on);
    m_kvDtype->setEnabled(on);
    // a sized server's curve is the cliff chart's own (Results::drawsServingCliff): the tab
    // gives its figures the width instead of drawing that chart a second time
    const bool chartShown = on && !m_results.drawsServingCliff();
    m_view->setVisible(chartShown);
    m_figuresScroll->setMaximumWidth(chartShown ? figuresMostWidth() : QWIDGETSIZE_MAX);
    m_grid->setColumnStretch(0, chartShown ? 0 : 1);
    m_grid->setColumnStretch(1, chartShown ? 1 : 0);
    m_figures->setText(figuresText());
    m_intro->setText(introText());
    m_view->setResults(m_results);
    // QtCharts keeps the axis-label width it measured while the chart was hidden or its range
    // was another: lay the chart out again so "10000" is not elided to "..."
    if (QGraphicsLayout* l = m_view->chart()->layout())
        l->invalidate();
}

QString ServingPanel::introText() const {
    const Scenario& s = m_controller->scenario();
    const int tp = std::max(1, s.workload.parallel.tp);
    const QString where =
        tp > 1 ? tr("on each of %1 GPUs in tensor parallel (each holds 1/%1 of the weights and "
                    "of the KV heads)")
                     .arg(tp)
               : tr("on one GPU");
    const EngineProfile* p =
        m_results.serving ? m_results.serving->profile : engineProfile(s.workload.inference.engine);
    if (!p)
        return where;
    const QString name = QString::fromLatin1(p->label.data(), static_cast<int>(p->label.size()));
    const int block = m_results.serving ? m_results.serving->settings.blockTokens : p->blockTokens;
    switch (p->pool) {
    case PoolRule::FractionOfFreeMinusWeights:
        return tr("%1 %2: it gives the memory fraction of what is free at start, less the "
                  "weights, to a pool of token slots shared by all running requests; "
                  "activations and CUDA graphs live in the rest.")
            .arg(name, where);
    case PoolRule::FractionOfFreeAfterPeak:
        return tr("%1 %2: it loads the weights, runs one step of its largest batch, and gives "
                  "the memory fraction of what is left to KV-cache blocks of %3 tokens.")
            .arg(name, where)
            .arg(block);
    case PoolRule::RequestedMinusProfile:
        break;
    }
    return tr("%1 %2: it requests the utilisation share of the memory, loads the weights, "
              "profiles one step of its largest batch, and pages the rest into KV-cache blocks "
              "of %3 tokens shared by all running requests.")
        .arg(name, where)
        .arg(block);
}

QString ServingPanel::verdictText(const ServeReport& c) const {
    if (c.blocker == ServeBlocker::None)
        return tr("<b>%1 starts</b>: yes").arg(Texts::engineName(c));
    return tr("<b>%1 starts</b>: no (%2)")
        .arg(Texts::engineName(c), Texts::serveBlockerText(c, m_unit));
}

QString ServingPanel::termsText(const ServeReport& c) const {
    const ServeTerms& t = c.terms;
    QString s = tr("Weights %1, activation peak %2, non-torch %3, CUDA graphs %4, CUDA context %5")
                    .arg(Units::format(t.weights, m_unit), Units::format(t.activationPeak, m_unit),
                         Units::format(t.nonTorch, m_unit), Units::format(t.cudaGraphs, m_unit),
                         Units::format(t.cudaContext, m_unit));
    if (!c.profile->graphsInBudget && t.cudaGraphs > 0)
        s += QLatin1Char(' ') + tr("(CUDA graphs come out of the memory the share leaves)");
    for (ServeWarning w : c.warnings) {
        QString text;
        switch (w) {
        case ServeWarning::CudaTotalUnknown:
            text = tr("This GPU's memory as CUDA reports it is not known: the driver total is "
                      "used (engines see a few hundred MiB less).");
            break;
        case ServeWarning::KvHeadsReplicated:
            text = tr("TP is above the KV heads: each GPU keeps one KV head (replicated).");
            break;
        case ServeWarning::ReserveBelowRuntime:
            text = tr("Activations and CUDA graphs exceed what the fraction leaves out: the "
                      "server may run out of memory under load.");
            break;
        }
        if (!text.isEmpty())
            s += QStringLiteral("<br><i>") + text + QStringLiteral("</i>");
    }
    return s;
}

QString ServingPanel::figuresText() const {
    if (!m_results.serving)
        return tr("Serving applies to inference: choose the Inference mode to size a server "
                  "(KV pool, concurrent requests, longest context).");
    const ServeReport& c = *m_results.serving;
    const int64_t positions = m_controller->scenario().model.maxPositions;
    QString t = verdictText(c);
    if (c.profile->pool == PoolRule::RequestedMinusProfile)
        t += QStringLiteral("<br>") +
             tr("<b>Budget</b>: %1 × %2 (the memory CUDA reports of the card's %4) = %3")
                 .arg(QLocale().toString(c.settings.fraction, 'f', 2),
                      Units::format(c.totalBytes, m_unit), Units::format(c.budgetBytes, m_unit),
                      Units::format(m_results.estimate.capacity, m_unit));
    else // SGLang, TensorRT-LLM: the fraction of what is free at start / after the profile
        t += QStringLiteral("<br>") +
             tr("<b>Budget</b>: %1 (fraction %2 of the memory it applies to; CUDA reports %3 "
                "of the card's %4)")
                 .arg(Units::format(c.budgetBytes, m_unit),
                      QLocale().toString(c.settings.fraction, 'f', 3),
                      Units::format(c.totalBytes, m_unit),
                      Units::format(m_results.estimate.capacity, m_unit));
    t += QStringLiteral("<br>") + termsText(c);
    t += QStringLiteral("<br>") +
         tr("<b>KV budget</b>: %1 = %2 blocks of %3 tokens = %4 tokens (%5 B per token)")
             .arg(Units::format(c.kvCacheBytes, m_unit))
             .arg(QLocale().toString(static_cast<qlonglong>(c.kvBlocks)))
             .arg(c.settings.blockTokens)
             .arg(Units::formatCount(c.kvTokens))
             .arg(QLocale().toString(c.kvBytesPerToken, 'f', 0));
    t += QStringLiteral("<br>") +
         tr("<b>Max concurrent sequences</b> at %1 tokens: %2")
             .arg(Units::formatCount(m_results.servingContext))
             .arg(QLocale().toString(static_cast<qlonglong>(c.maxConcurrency)));
    // unless the scenario sizes a server (then the cliff chart draws this curve), the cliff
    // chart answers the other runtime's question: one generate() batch prefilled at once in
    // contiguous KV caches, on the whole GPU; both numbers are core's (maxMicroBatch, serve()),
    // each named by its runtime in both views
    if (m_results.axis == SweepAxis::MicroBatch && m_results.hasEstimate &&
        !m_results.drawsServingCliff())
        t += QStringLiteral("<br>") +
             tr("transformers generate(), one batch prefilled at once (the cliff chart): %1 "
                "sequences of %2 tokens")
                 .arg(QLocale().toString(static_cast<qlonglong>(m_results.maxFit)))
                 .arg(Units::formatCount(m_results.servingContext));
    t += QStringLiteral("<br>") +
         tr("<b>Max context that fits</b>: %1 tokens").arg(Units::formatCount(c.maxContext));
    if (positions > 0 && c.kvTokens > positions)
        t = Texts::sentences({t, tr("(max_position_embeddings %1; the KV budget holds %2)")
                                     .arg(Units::formatCount(positions))
                                     .arg(Units::formatCount(c.kvTokens))});
    return t + playbookText();
}

QString ServingPanel::leverText(const ServeOption& o) const {
    switch (o.lever) {
    case ServeLever::HigherFraction:
        return tr("GPU memory utilisation %1").arg(QLocale().toString(o.value, 'f', 2));
    case ServeLever::Fp8KvCache:
        return tr("KV cache in fp8");
    case ServeLever::MoreTp:
        return tr("TP %1").arg(static_cast<int>(o.value));
    case ServeLever::FewerSeqs:
        return tr("max_num_seqs %1").arg(static_cast<int>(o.value));
    case ServeLever::ShorterMaxModelLen:
        return tr("max_model_len %1").arg(Units::formatCount(static_cast<int64_t>(o.value)));
    case ServeLever::Fp8Weights:
        return tr("weights in fp8");
    }
    return {};
}

QString ServingPanel::playbookText() const {
    if (m_results.servingPlaybook.empty())
        return {};
    QString t = QStringLiteral("<br>") + tr("<b>Each change alone</b>:");
    for (const ServeOption& o : m_results.servingPlaybook) {
        const QString users =
            tr("%1 requests of %2 tokens")
                .arg(QLocale().toString(static_cast<qlonglong>(o.after.maxConcurrency)))
                .arg(Units::formatCount(o.after.context));
        t += QStringLiteral("<br>&nbsp;&nbsp;") +
             (o.after.starts ? tr("%1: %2").arg(leverText(o), users)
                             : tr("%1: still does not start").arg(leverText(o)));
    }
    return t;
}

void ServingPanel::retranslateUi() {
    m_intro->setText(introText());
    m_engineLabel->setText(tr("&Engine"));
    m_engine->setToolTip(tr("The serving engine and the version whose start-up sizing is "
                            "followed (docs/serving.md)."));
    m_engine->setAccessibleName(tr("Serving engine"));
    m_utilLabel->setText(tr("GPU memory &utilisation"));
    m_util->setToolTip(tr("The engine's memory fraction: vLLM gpu_memory_utilization, SGLang "
                          "mem_fraction_static, TensorRT-LLM free_gpu_memory_fraction."));
    m_util->setAccessibleName(tr("GPU memory utilisation"));
    m_kvLabel->setText(tr("&KV-cache dtype"));
    m_kvDtype->setToolTip(tr("Element type of the KV cache (vLLM kv_cache_dtype); fp8 halves "
                             "it against bf16."));
    m_kvDtype->setAccessibleName(tr("KV-cache dtype"));
    for (int i = 0; i < m_kvDtype->count(); ++i)
        m_kvDtype->setItemText(i, Texts::dtypeName(kvDtypes()[static_cast<size_t>(i)]));
    m_figures->setAccessibleName(tr("Serving figures"));
    m_figures->setText(figuresText());
}

int ServingPanel::figuresMostWidth() const {
    return std::max(460, width() * 2 / 5);
}

void ServingPanel::resizeEvent(QResizeEvent* e) {
    // beside the chart: about 40 characters of the figures' font (larger on a projector),
    // within [280 px, 2/5]; without it (a sized server) the whole width
    const int most = figuresMostWidth();
    const int want = m_figures->fontMetrics().averageCharWidth() * 40;
    if (m_view->isVisibleTo(this))
        m_figuresScroll->setMaximumWidth(most);
    m_figuresScroll->setMinimumWidth(std::clamp(want, 280, most));
    QWidget::resizeEvent(e);
}

void ServingPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

} // namespace headroom::ui
