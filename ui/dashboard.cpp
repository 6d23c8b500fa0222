#include "ui/dashboard.h"

#include "ui/breakdowntable.h"
#include "ui/cliffchart.h"
#include "ui/cliffpanel.h"
#include "ui/comparepanel.h"
#include "ui/formulatext.h"
#include "ui/layoutpanel.h"
#include "ui/measuredpanel.h"
#include "ui/playbookview.h"
#include "ui/servingpanel.h"
#include "ui/termlegend.h"
#include "ui/timelinechart.h"
#include "ui/verdictview.h"

#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

namespace headroom::ui {

Dashboard::Dashboard(ScenarioController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_verdict(new VerdictView(this)),
      m_chartsArea(new QWidget(this)), m_vsplit(new QSplitter(Qt::Vertical, this)),
      m_hsplit(new QSplitter(Qt::Horizontal)), m_barTitle(new QLabel), m_barView(new QComboBox),
      m_bar(new VramBarChart), m_legend(new TermLegend), m_cliff(new CliffPanel(controller)),
      m_tabs(new QTabWidget), m_breakdown(new BreakdownTable),
      m_playbook(new PlaybookView(controller)), m_layout(new LayoutPanel(controller)),
      m_timeline(new TimelineChart), m_serving(new ServingPanel(controller)),
      m_compare(new ComparePanel(controller)), m_measured(new MeasuredPanel) {
    setObjectName(QStringLiteral("dashboard"));
    m_chartsArea->setObjectName(QStringLiteral("chartsArea"));
    m_barView->setObjectName(QStringLiteral("barViewCombo"));
    m_tabs->setObjectName(QStringLiteral("detailTabs"));
    m_barView->addItems({QString(), QString()});
    m_barView->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    buildCharts();
    buildTabs();
    connectSignals();
    retranslateUi();
    setChartStyle(m_style);
}

void Dashboard::buildCharts() {
    auto* barBox = new QWidget;
    auto* barLay = new QVBoxLayout(barBox);
    barLay->setContentsMargins(0, 0, 0, 0);
    barLay->setSpacing(2);
    auto* barTop = new QHBoxLayout;
    barTop->addWidget(m_barTitle);
    barTop->addStretch(1);
    barTop->addWidget(m_barView);
    barLay->addLayout(barTop);
    barLay->addWidget(m_bar, 1);
    m_barTitle->setBuddy(m_barView);

    m_hsplit->addWidget(barBox);
    m_hsplit->addWidget(m_cliff);
    m_hsplit->setStretchFactor(0, 2);
    m_hsplit->setStretchFactor(1, 3);
    m_hsplit->setChildrenCollapsible(false);

    auto* chartsLay = new QVBoxLayout(m_chartsArea);
    chartsLay->setContentsMargins(0, 0, 0, 0);
    chartsLay->setSpacing(4);
    chartsLay->addWidget(m_verdict);
    chartsLay->addWidget(m_hsplit, 1);
    chartsLay->addWidget(m_legend);
    m_bar->setLegendShown(false);
}

void Dashboard::buildTabs() {
    addDetailTab(m_breakdown, QStringLiteral("breakdown"));
    addDetailTab(m_playbook, QStringLiteral("playbook"));
    addDetailTab(m_layout, QStringLiteral("layout"));
    addDetailTab(m_timeline, QStringLiteral("timeline"));
    addDetailTab(m_serving, QStringLiteral("serving"));
    addDetailTab(m_compare, QStringLiteral("compare"));
    // the Measured tab exists while a measured run is open (setMeasuredTabShown): six tabs
    // otherwise, as every view was laid out for
    m_measured->setParent(this);
    m_measured->hide();
    m_measured->setProperty("tabKey", QStringLiteral("measured"));

    m_vsplit->addWidget(m_chartsArea);
    m_vsplit->addWidget(m_tabs);
    m_vsplit->setStretchFactor(0, 3);
    m_vsplit->setStretchFactor(1, 2);
    m_vsplit->setChildrenCollapsible(false);

    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    lay->addWidget(m_vsplit);
}

void Dashboard::connectSignals() {
    // the engine writes its formulas in English: shown in the interface language
    auto formula = [this](Term t, int stage) {
        return FormulaText::translate(m_controller->formula(t, stage));
    };
    m_bar->setFormulaProvider(formula);
    m_breakdown->setFormulaProvider(formula);

    connect(m_barView, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_bar->setView(i == 0 ? VramBarChart::View::WorstRank : VramBarChart::View::PerStage);
    });
    connect(m_layout, &LayoutPanel::layoutApplied, this,
            [this](int) { setBarView(VramBarChart::View::PerStage); });
    connect(m_controller, &ScenarioController::resultsChanged, this, &Dashboard::refresh);
    connect(m_controller, &ScenarioController::dragChanged, m_cliff->chart(),
            &CliffChart::setInteractive);
    connect(m_controller, &ScenarioController::dragChanged, m_bar, &VramBarChart::setInteractive);
    m_tableTimer.setSingleShot(true);
    m_tableTimer.setInterval(kTablePauseMs);
    connect(&m_tableTimer, &QTimer::timeout, this, &Dashboard::refreshTables);

    // every table row fits its text, at any font size (presentation mode scales the tabs);
    // while a slider is held the rows keep their heights (fitting wrapped text to every
    // frame's numbers would cost a drag most of its frame time) and fit again on release
    const auto fitRows = [this](bool dragging) {
        for (QTableView* t : m_tabs->findChildren<QTableView*>())
            t->verticalHeader()->setSectionResizeMode(dragging ? QHeaderView::Interactive
                                                               : QHeaderView::ResizeToContents);
        holdColumns(dragging);
    };
    fitRows(false);
    connect(m_controller, &ScenarioController::dragChanged, this, fitRows);
    // a tab left stale during a drag is brought up to date when it is shown
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_tablesStale)
            refreshTables();
    });
}

CliffChart* Dashboard::cliffChart() const {
    return m_cliff->chart();
}

void Dashboard::addDetailTab(QWidget* w, const QString& key) {
    w->setProperty("tabKey", key);
    m_tabs->addTab(w, QString());
}

QStringList Dashboard::tabKeys() const {
    QStringList keys;
    for (int i = 0; i < m_tabs->count(); ++i)
        keys << m_tabs->widget(i)->property("tabKey").toString();
    return keys;
}

void Dashboard::setMeasuredTabShown(bool on) {
    const int i = m_tabs->indexOf(m_measured);
    if (on && i < 0) {
        m_tabs->addTab(m_measured, QString());
        retranslateUi();
    } else if (!on && i >= 0) {
        m_tabs->removeTab(i);
        m_measured->hide();
    }
}

bool Dashboard::showTab(const QString& key) {
    const int i = static_cast<int>(tabKeys().indexOf(key));
    if (i < 0)
        return false;
    m_tabs->setCurrentIndex(i);
    return true;
}

void Dashboard::setBarView(VramBarChart::View v) {
    m_barView->setCurrentIndex(v == VramBarChart::View::WorstRank ? 0 : 1);
}

void Dashboard::refresh() {
    const Results& r = m_controller->results();
    const ByteUnit u = m_controller->unit();
    m_verdict->setScenarioLine(m_controller->summary());
    m_verdict->setResults(r, u);
    m_bar->setResults(r, u);
    m_cliff->setResults(r, u);
    // one legend for both charts: the terms either draws, and the band where either shows it
    std::array<bool, kTermCount> used = m_bar->usedTerms();
    const bool cliffShown = !m_cliff->showsServing();
    if (cliffShown) {
        const std::array<bool, kTermCount> cliff = m_cliff->chart()->usedTerms();
        for (size_t t = 0; t < used.size(); ++t)
            used[t] = used[t] || cliff[t];
    }
    m_legend->setUsed(used);
    m_legend->setBandShown(m_bar->whiskerShown() || (cliffShown && m_cliff->chart()->bandShown()));
    if (m_controller->dragging()) {
        m_tableTimer.start(); // (re)started: the tables follow when the drag pauses
    } else {
        m_tableTimer.stop();
        refreshTables();
    }
}

void Dashboard::refreshTables() {
    const Results& r = m_controller->results();
    const ByteUnit u = m_controller->unit();
    const bool dragging = m_controller->dragging();
    if (!dragging)
        m_verdict->fitLines();
    // while a slider is held only the tab on screen follows; the others are brought up to
    // date when shown or when the slider is released (refresh())
    QWidget* shown = m_tabs->currentWidget();
    m_tablesStale = false;
    const auto follow = [&](auto* view) {
        if (!dragging || view == shown)
            view->setResults(r, u);
        else
            m_tablesStale = true;
    };
    follow(m_breakdown);
    if (r.playbookStale) // kept from before the drag: the release brings a fresh one
        m_tablesStale = true;
    else
        follow(m_playbook);
    follow(m_timeline);
    follow(m_serving);
    follow(m_measured);
}

void Dashboard::holdColumns(bool dragging) {
    // columns sized to their contents keep their widths while a slider is held (measuring
    // every cell's text on each update is most of a table's refresh) and fit on release
    const char* held = "headroomHeldSections";
    QList<QHeaderView*> headers;
    for (QTableView* t : m_tabs->findChildren<QTableView*>())
        headers << t->horizontalHeader();
    for (QTreeView* t : m_tabs->findChildren<QTreeView*>())
        headers << t->header();
    for (QHeaderView* h : headers) {
        if (dragging) {
            QList<int> sections;
            for (int i = 0; i < h->count(); ++i) {
                if (h->sectionResizeMode(i) == QHeaderView::ResizeToContents) {
                    sections << i;
                    h->setSectionResizeMode(i, QHeaderView::Interactive);
                }
            }
            h->setProperty(held, QVariant::fromValue(sections));
        } else {
            for (int i : h->property(held).value<QList<int>>())
                h->setSectionResizeMode(i, QHeaderView::ResizeToContents);
            h->setProperty(held, QVariant());
        }
    }
}

void Dashboard::setChartStyle(const ChartStyle& style) {
    m_style = style;
    m_verdict->setStyle(style);
    m_legend->setStyle(style);
    m_bar->setStyle(style);
    m_cliff->setStyle(style);
    m_playbook->setChartStyle(style);
    m_timeline->setStyle(style);
    m_serving->setStyle(style);
    m_compare->setChartStyle(style);
}

void Dashboard::setPresentation(bool on) {
    ChartStyle s = m_style;
    s.presentation = on;
    setChartStyle(s);
    applyTabFont();
    m_cliff->setCompact(on);
    m_barView->setVisible(!on);
    m_barTitle->setVisible(!on);
    // on stage the bar and its legend get a fairer share of the width; applied once the
    // window has its full-screen size
    QTimer::singleShot(0, this, [this, on] {
        const int w = m_hsplit->width();
        if (w > 0) {
            m_hsplit->setSizes(on ? QList<int>{w / 2, w - w / 2}
                                  : QList<int>{w * 2 / 5, w - w * 2 / 5});
        }
        // on stage the charts get two thirds of the height, the detail tabs the rest
        const int h = m_vsplit->height();
        if (h > 0)
            m_vsplit->setSizes(on ? QList<int>{h * 2 / 3, h - h * 2 / 3}
                                  : QList<int>{h * 3 / 5, h - h * 3 / 5});
    });
}

void Dashboard::setStageScale(double scale) {
    if (m_style.screenScale != scale) {
        ChartStyle s = m_style;
        s.screenScale = scale;
        setChartStyle(s);
        m_cliff->setCompact(s.presentation, scale);
    }
    applyTabFont(); // at scale 1 too (a 1080-line stage), which returned before it
}

void Dashboard::applyTabFont() {
    QFont f = font();
    f.setPointSizeF(QApplication::font().pointSizeF() *
                    (m_style.presentation ? 1.25 * m_style.screenScale : 1.0));
    if (m_tabs->font() != f)
        m_tabs->setFont(f);
}

void Dashboard::retranslateUi() {
    m_verdict->setScenarioLine(m_controller->summary()); // its numbers in the new locale
    m_barTitle->setText(tr("VRAM per GPU"));
    m_barView->setItemText(0, tr("Worst rank"));
    m_barView->setItemText(1, tr("Per pipeline stage"));
    m_barView->setToolTip(tr("One bar for the GPU with the most memory, or one bar per "
                             "pipeline stage."));
    m_barView->setAccessibleName(tr("Bar view"));
    m_tabs->setTabText(0, tr("&Breakdown"));
    m_tabs->setTabText(1, tr("OOM &playbook"));
    m_tabs->setTabText(2, tr("&Multi-GPU layout"));
    m_tabs->setTabToolTip(0, tr("Every memory term with its bytes, share and formula."));
    m_tabs->setTabToolTip(1, tr("Ranked changes that make the run fit."));
    m_tabs->setTabToolTip(2, tr("Find the smallest GPU layout for this run."));
    m_tabs->setTabText(3, tr("Step t&imeline"));
    m_tabs->setTabToolTip(3, tr("Allocated memory through one step: after load, forward, "
                                "backward, optimizer step, per pipeline stage."));
    m_tabs->setTabText(4, tr("&Serving"));
    m_tabs->setTabToolTip(4, tr("Inference: KV budget, concurrent sequences against context "
                                "length and the longest context on a vLLM-style server."));
    m_tabs->setTabText(5, tr("C&ompare"));
    m_tabs->setTabToolTip(5, tr("The scenario pinned as A against the current one: bars, cliffs, "
                                "per-term deltas and what each change saved."));
    if (const int i = m_tabs->indexOf(m_measured); i >= 0) {
        m_tabs->setTabText(i, tr("Measure&d"));
        m_tabs->setTabToolTip(i, tr("A captured run beside the estimate: peaks, phases, "
                                    "categories and what differs."));
    }
}

void Dashboard::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
    }
    QWidget::changeEvent(e);
}

} // namespace headroom::ui
