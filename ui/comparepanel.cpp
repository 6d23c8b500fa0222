#include "ui/comparepanel.h"

#include "core/plan/solvers.h"
#include "ui/chartmath.h"
#include "ui/savefile.h"
#include "ui/scenariocontroller.h"
#include "ui/texts.h"
#include "ui/theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPainter>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QStyle>
#include <QSvgGenerator>
#include <QTableWidget>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace headroom::ui {

namespace {
QTableWidgetItem* cell(const QString& text, bool right = false) {
    auto* item = new QTableWidgetItem(text);
    if (right)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}
/// A Markdown table cell: pipes escaped.
QString md(QString v) {
    return v.replace(QLatin1Char('|'), QLatin1String("\\|"));
}
/// The charts' and tables' smallest heights: below them the panel scrolls.
constexpr int kMinChartHeight = 200;
constexpr int kMinTableHeight = 110;

/// The micro-batch sweep's points on the cliff chart.
constexpr int kCliffPoints = 32;

/// The comparison of @p a with @p b, both cliffs and both limits: pure, run on a pool thread;
/// the load replays go through @p loads (one job at a time uses it).
CompareOutcome computeOutcome(const Scenario& a, const Scenario& b, uint64_t generation,
                              ReplayCache& loads) {
    // A's and B's load replays are made once and kept while the user edits B (DeepSeek-V3
    // QLoRA + torchao: 0.4 s a replay, and the attribution estimates up to 2^10 mixes)
    const ReplayCache::Scope scope(loads);
    CompareOutcome o;
    o.generation = generation;
    o.thread = QThread::currentThreadId();
    o.frameworkA = Texts::frameworkName(a.workload.profile, a.workload.precisionPreset);
    o.frameworkB = Texts::frameworkName(b.workload.profile, b.workload.precisionPreset);
    if (validateWorkload(a.model, a.workload) || validateWorkload(b.model, b.workload))
        return o;
    auto c = compareScenarios(a, b);
    if (!c)
        return o;
    o.comparison = std::move(c).value();
    o.fitA = maxMicroBatch(a.model, a.workload, a.gpu);
    o.fitB = maxMicroBatch(b.model, b.workload, b.gpu);
    o.currentA = a.workload.microBatch;
    o.currentB = b.workload.microBatch;
    o.cliffUpper = compareCliffUpper(o.currentA, o.currentB, o.fitA, o.fitB);
    const auto xs = sweepValues(o.cliffUpper, kCliffPoints);
    o.cliffA = sweep(a.model, a.workload, &a.gpu, SweepAxis::MicroBatch, xs);
    o.cliffB = sweep(b.model, b.workload, &b.gpu, SweepAxis::MicroBatch, xs);
    return o;
}

} // namespace

int64_t compareCliffUpper(int64_t currentA, int64_t currentB, int64_t fitA, int64_t fitB) {
    return sweepUpper(std::max(currentA, currentB), std::max(fitA, fitB), 16, int64_t{1} << 20);
}

double compareCliffTop(const CompareOutcome& o, const Comparison& c) {
    // must show: each curve up to its current micro-batch and the first one past its limit
    const double capacity = std::max(c.a.capacity, c.b.capacity);
    double needed = std::max({capacity, c.a.worst.nvidiaSmi, c.b.worst.nvidiaSmi});
    double all = needed;
    const auto scan = [&](const std::vector<SweepPoint>& points, int64_t until) {
        for (const SweepPoint& p : points) {
            all = std::max(all, p.nvidiaSmi);
            if (p.x <= until)
                needed = std::max(needed, p.nvidiaSmi);
        }
    };
    const auto until = [](const std::vector<SweepPoint>& points, int64_t fit) {
        for (const SweepPoint& p : points) // the first sample past the limit
            if (p.x > fit)
                return p.x;
        return fit;
    };
    scan(o.cliffA, std::max(o.currentA, until(o.cliffA, o.fitA)));
    scan(o.cliffB, std::max(o.currentB, until(o.cliffB, o.fitB)));
    // beyond that, the rest of both curves up to kCliffCapacities x the larger capacity
    return std::max(needed, std::min(all, kCliffCapacities * capacity));
}

ComparePanel::ComparePanel(ScenarioController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_header(new QLabel(this)), m_barChart(new QChart),
      m_barView(new QChartView(m_barChart, this)), m_bars(new QStackedBarSeries),
      m_barX(new QBarCategoryAxis), m_barY(new QValueAxis), m_cliffChart(new QChart),
      m_cliffView(new QChartView(m_cliffChart, this)), m_cliffA(new QLineSeries),
      m_cliffB(new QLineSeries), m_capacity(new QLineSeries), m_capacityA(new QLineSeries),
      m_cliffX(new QLogValueAxis), m_cliffY(new QValueAxis), m_terms(new QTableWidget(this)),
      m_changes(new QTableWidget(this)), m_timer(new QTimer(this)), m_content(new QWidget(this)) {
    setObjectName(QStringLiteral("comparePanel"));
    m_content->setObjectName(QStringLiteral("compareContent"));
    m_header->setWordWrap(true);
    m_header->setObjectName(QStringLiteral("compareHeader"));
    for (QChart* c : {m_barChart, m_cliffChart}) {
        c->setAnimationOptions(QChart::NoAnimation);
        c->legend()->setAlignment(Qt::AlignRight);
        c->setMargins(QMargins(2, 2, 2, 2));
    }
    for (QChartView* v : {m_barView, m_cliffView}) {
        v->setRenderHint(QPainter::Antialiasing);
        // in the scroll area below: the tab's own minimum (the window's) stays small
        v->setMinimumSize(160, kMinChartHeight);
    }
    // the terms table below shows each term's colour: the bars need no legend of their own
    m_barChart->legend()->hide();
    m_barChart->addSeries(m_bars);
    m_barChart->addAxis(m_barX, Qt::AlignBottom);
    m_barChart->addAxis(m_barY, Qt::AlignLeft);
    m_bars->attachAxis(m_barX);
    m_bars->attachAxis(m_barY);
    m_cliffX->setBase(2);
    m_cliffX->setLabelFormat(QStringLiteral("%.0f"));
    m_cliffChart->addAxis(m_cliffX, Qt::AlignBottom);
    m_cliffChart->addAxis(m_cliffY, Qt::AlignLeft);
    for (QLineSeries* s : {m_cliffA, m_cliffB, m_capacity, m_capacityA}) {
        m_cliffChart->addSeries(s);
        s->attachAxis(m_cliffX);
        s->attachAxis(m_cliffY);
    }
    setCliffPens(ChartStyle().lineWidth());
    m_cliffA->setObjectName(QStringLiteral("compareCliffA"));
    m_cliffB->setObjectName(QStringLiteral("compareCliffB"));
    m_capacity->setObjectName(QStringLiteral("compareCapacity"));
    m_capacityA->setObjectName(QStringLiteral("compareCapacityA"));
    setUpTablesAndLayout();

    // B follows the edits, but a comparison is up to 2^10 estimates: never during a drag,
    // and coalesced after edits
    m_timer->setSingleShot(true);
    m_timer->setInterval(120);
    connect(m_timer, &QTimer::timeout, this, &ComparePanel::refresh);
    connect(&m_watcher, &QFutureWatcher<CompareOutcome>::finished, this, &ComparePanel::finishJob);
    connect(m_controller, &ScenarioController::resultsChanged, this, [this] {
        if (m_pinned && !m_controller->dragging())
            m_timer->start();
    });
    for (QChart* c : {m_barChart, m_cliffChart})
        connect(c, &QChart::plotAreaChanged, this, [this] {
            m_fitGuard.note(this);
            if (m_fitGuard.tripped()) {
                // once the event loop has turned (the layout settled), fit the final size once;
                // at most twice in a row, so a fit that flips between two layouts stops
                if (!m_refitQueued && m_refits < 2) {
                    m_refitQueued = true;
                    ++m_refits;
                    QTimer::singleShot(0, this, [this] {
                        m_refitQueued = false;
                        fitTitles();
                        applyTicks();
                    });
                }
                return;
            }
            m_refits = 0;
            fitTitles();
            applyTicks();
        });
    retranslateUi();
}

void ComparePanel::setUpTablesAndLayout() {
    for (QTableWidget* t : {m_terms, m_changes}) {
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
        t->verticalHeader()->setVisible(false);
        t->horizontalHeader()->setStretchLastSection(true);
        t->setAlternatingRowColors(true);
        t->setMinimumHeight(kMinTableHeight);
    }
    m_terms->setObjectName(QStringLiteral("compareTerms"));
    m_changes->setObjectName(QStringLiteral("compareChanges"));
    // the values take the room left; a long one wraps onto a second line
    m_changes->horizontalHeader()->setStretchLastSection(false);
    m_changes->setWordWrap(true);
    m_changes->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto* charts = new QHBoxLayout;
    charts->addWidget(m_barView, 1);
    charts->addWidget(m_cliffView, 2);
    auto* tables = new QBoxLayout(QBoxLayout::LeftToRight);
    tables->addWidget(m_terms, 2);
    tables->addWidget(m_changes, 3);
    m_tables = tables;
    // the answer first: the terms and what each change moved, then the charts; a short tab (a
    // laptop, a projector) scrolls to the charts rather than hiding the answer below them or
    // squeezing the charts until their axis labels are cut
    auto* lay = new QVBoxLayout(m_content);
    lay->setContentsMargins(4, 4, 4, 4);
    lay->addWidget(m_header);
    lay->addLayout(tables, 2);
    lay->addLayout(charts, 3);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("compareScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_content);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
}

void ComparePanel::pin() {
    setPinned(m_controller->scenario());
}

void ComparePanel::setPinned(const Scenario& a) {
    m_pinned = a;
    emit pinnedChanged(true);
    refresh();
}

ComparePanel::~ComparePanel() {
    if (!m_jobTaken)
        m_job.waitForFinished(); // it uses m_loads
}

void ComparePanel::clearPinned() {
    m_pinned.reset();
    emit pinnedChanged(false);
    refresh();
}

void ComparePanel::refresh() {
    m_timer->stop();
    ++m_requested;
    if (!m_pinned) { // nothing to compute: the empty view at once
        CompareOutcome none;
        none.generation = m_requested;
        applyOutcome(std::move(none));
        return;
    }
    if (!m_jobTaken && !m_job.isFinished()) {
        m_restart = true; // one job at a time: the latest request follows when it ends
        return;
    }
    startJob();
    if (!m_comparison)
        m_header->setText(headerText()); // "comparing…" until the first result
}

void ComparePanel::startJob() {
    m_restart = false;
    m_jobTaken = false;
    m_job = QtConcurrent::run([a = *m_pinned, b = m_controller->scenario(), gen = m_requested,
                               loads = &m_loads] { return computeOutcome(a, b, gen, *loads); });
    m_watcher.setFuture(m_job);
}

void ComparePanel::finishJob() {
    if (m_jobTaken || !m_job.isFinished())
        return;
    m_jobTaken = true;
    CompareOutcome o = m_job.result();
    if (m_restart && m_pinned) { // a newer request came meanwhile: this one is stale
        startJob();
        return;
    }
    m_restart = false;
    if (o.generation == m_requested) // else dropped (A was unpinned since)
        applyOutcome(std::move(o));
}

void ComparePanel::flush() {
    if (m_timer->isActive())
        refresh();
    while (!m_jobTaken) {
        m_job.waitForFinished();
        finishJob(); // may start the latest request's job
    }
}

bool ComparePanel::pending() const {
    return m_timer->isActive() || !m_jobTaken;
}

void ComparePanel::applyOutcome(CompareOutcome o) {
    m_unit = m_controller->unit();
    m_comparison = std::move(o.comparison);
    o.comparison.reset();
    m_shown = std::move(o);
    rebuildBars();
    rebuildCliffs();
    rebuildTables();
    retranslateUi();
    emit updated();
}

void ComparePanel::rebuildBars() {
    m_bars->clear();
    if (!m_comparison)
        return;
    const double unit = Units::bytesPerUnit(m_unit);
    double top = 0;
    for (int i = 0; i < kTermCount; ++i) {
        const auto k = static_cast<size_t>(i);
        const double a = m_comparison->a.worst.atPeak[k] / unit;
        const double b = m_comparison->b.worst.atPeak[k] / unit;
        if (a <= 0 && b <= 0)
            continue;
        auto* set = new QBarSet(Texts::termName(static_cast<Term>(i)));
        set->setColor(Theme::termColor(static_cast<Term>(i)));
        *set << a << b;
        m_bars->append(set);
    }
    top = std::max({m_comparison->a.worst.nvidiaSmi, m_comparison->b.worst.nvidiaSmi,
                    m_comparison->b.capacity}) /
          unit;
    m_barY->setTickType(QValueAxis::TicksDynamic);
    m_barTop = top * 1.05;
    applyTicks();
    m_barY->setLabelFormat(QStringLiteral("%.0f"));
}

void ComparePanel::rebuildCliffs() {
    for (QLineSeries* s : {m_cliffA, m_cliffB, m_capacity, m_capacityA})
        s->clear();
    if (!m_comparison)
        return;
    const double unit = Units::bytesPerUnit(m_unit);
    const auto upper = static_cast<double>(m_shown.cliffUpper);
    const auto fill = [unit](QLineSeries* s, const std::vector<SweepPoint>& points) {
        for (const SweepPoint& p : points)
            s->append(static_cast<double>(p.x), p.nvidiaSmi / unit);
    };
    fill(m_cliffA, m_shown.cliffA);
    fill(m_cliffB, m_shown.cliffB);
    const double capB = m_comparison->b.capacity / unit;
    const double capA = m_comparison->a.capacity / unit;
    const double yTop = compareCliffTop(m_shown, *m_comparison) / unit;
    if (capB > 0) {
        m_capacity->append(1, capB);
        m_capacity->append(upper, capB);
    }
    if (capA > 0 && capA != capB) {
        m_capacityA->append(1, capA);
        m_capacityA->append(upper, capA);
    }
    m_capacityA->setVisible(capA > 0 && capA != capB);
    m_cliffX->setRange(1, upper);
    m_cliffY->setTickType(QValueAxis::TicksDynamic);
    m_cliffTop = yTop * 1.05;
    applyTicks();
    m_cliffY->setLabelFormat(QStringLiteral("%.0f"));
}

QString ComparePanel::changeValues(std::size_t i) const {
    const ScenarioChange& c = m_comparison->changes[i];
    if (c.field == ChangeField::Profile && m_shown.frameworkA != m_shown.frameworkB)
        return Texts::fromTo(m_shown.frameworkA, m_shown.frameworkB);
    return Texts::changeValues(c, m_unit);
}

void ComparePanel::rebuildTables() {
    const QLocale loc;
    m_terms->clearContents();
    m_changes->clearContents();
    m_terms->setRowCount(0);
    m_changes->setRowCount(0);
    if (!m_comparison)
        return;
    const Comparison& c = *m_comparison;
    for (int i = 0; i < kTermCount; ++i) {
        const auto k = static_cast<size_t>(i);
        if (c.a.worst.atPeak[k] == 0 && c.b.worst.atPeak[k] == 0)
            continue;
        const int r = m_terms->rowCount();
        m_terms->insertRow(r);
        auto* name = cell(Texts::termName(static_cast<Term>(i)));
        name->setData(Qt::DecorationRole, Theme::termColor(static_cast<Term>(i))); // the key
        m_terms->setItem(r, 0, name);
        m_terms->setItem(r, 1, cell(Units::format(c.a.worst.atPeak[k], m_unit, 2), true));
        m_terms->setItem(r, 2, cell(Units::format(c.b.worst.atPeak[k], m_unit, 2), true));
        m_terms->setItem(r, 3, cell(Units::formatSigned(c.deltaTerms[k], m_unit, 2), true));
    }
    const int r = m_terms->rowCount();
    m_terms->insertRow(r);
    m_terms->setItem(r, 0, cell(tr("Total (nvidia-smi)")));
    m_terms->setItem(r, 1, cell(Units::format(c.a.worst.nvidiaSmi, m_unit, 2), true));
    m_terms->setItem(r, 2, cell(Units::format(c.b.worst.nvidiaSmi, m_unit, 2), true));
    m_terms->setItem(r, 3, cell(Units::formatSigned(c.deltaTotal, m_unit, 2), true));
    const double saved = -c.deltaTotal;
    for (size_t i = 0; i < c.changes.size(); ++i) {
        const int row = m_changes->rowCount();
        m_changes->insertRow(row);
        const QString values = changeValues(i);
        m_changes->setItem(row, 0, cell(Texts::changeName(c.changes[i])));
        auto* valueCell = cell(values);
        valueCell->setToolTip(values); // a long group (an edited model) may be cut
        m_changes->setItem(row, 1, valueCell);
        m_changes->setItem(row, 2, cell(Texts::changeEffect(c.saved[i], m_unit), true));
        // a negative share with the minus sign every other signed number here has ("−121.1 %",
        // not the locale's hyphen)
        const double share = std::abs(saved) > 0 ? 100.0 * c.saved[i] / saved : 0.0;
        const QString magnitude = loc.toString(std::abs(share), 'f', 1);
        m_changes->setItem(
            row, 3,
            cell(std::abs(saved) > 0
                     ? tr("%1 %").arg(share < 0 ? QStringLiteral("−") + magnitude : magnitude)
                     : QString(),
                 true));
    }
    m_terms->resizeColumnsToContents();
    m_changes->resizeColumnsToContents();
    // the change and effect columns wrap: each needs its contents' width at most and its
    // longest word at least (a word wider than its column is elided)
    static const QRegularExpression breaks(QStringLiteral("\\s"));
    const QFontMetrics fm(m_changes->font());
    const int pad = 2 * m_changes->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 8;
    const auto widestWord = [&](int column) { // px, with the cell's padding
        int widest = 0;
        for (int row = 0; row < m_changes->rowCount(); ++row)
            if (const QTableWidgetItem* it = m_changes->item(row, column))
                for (const QString& word : it->text().split(breaks, Qt::SkipEmptyParts))
                    widest = std::max(widest, fm.horizontalAdvance(word) + pad);
        return widest;
    };
    m_valueWord = widestWord(1);
    for (WrapColumn& wc : m_wrapColumns) {
        wc.contents = m_changes->columnWidth(wc.column);
        wc.word = widestWord(wc.column);
    }
    arrangeTables();
    fitChangeColumns();
}

void ComparePanel::layoutChangeColumns() {
    QHeaderView* h = m_changes->horizontalHeader();
    for (const WrapColumn& wc : m_wrapColumns)
        h->setSectionResizeMode(wc.column, QHeaderView::Interactive);
    h->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(1, QHeaderView::Stretch);
}

void ComparePanel::fitChangeColumns() {
    // the change's name and its effect take their text's width up to a fifth of the table each
    // (never less than their longest word) and wrap beyond it, so the values (A -> B, the
    // widest texts) keep the rest: sized to contents, long names and effects squeezed the
    // values column until a value was cut ("NVIDIA H100 SXM 80GB -> 4 x NVI...")
    QHeaderView* h = m_changes->horizontalHeader();
    const int room = m_changes->viewport()->width();
    if (room <= 0)
        return;
    for (const WrapColumn& wc : m_wrapColumns) {
        const int width = std::min(wc.contents, std::max(room / 5, wc.word));
        if (width > 0 && h->sectionSize(wc.column) != width)
            h->resizeSection(wc.column, width);
    }
}

QString ComparePanel::toMarkdown() const {
    if (!m_comparison)
        return {};
    const Comparison& c = *m_comparison;
    const QString u = Units::symbol(m_unit);
    QString t =
        QStringLiteral(
            "| %1 | A (%2) | B (%2) | B − A (%2) | B − A (bytes) |\n|---|---:|---:|---:|---:|\n")
            .arg(tr("Term"), u);
    for (int i = 0; i < kTermCount; ++i) {
        const auto k = static_cast<size_t>(i);
        if (c.a.worst.atPeak[k] == 0 && c.b.worst.atPeak[k] == 0)
            continue;
        t += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                 .arg(md(Texts::termName(static_cast<Term>(i))))
                 .arg(Units::toUnit(c.a.worst.atPeak[k], m_unit), 0, 'f', 2)
                 .arg(Units::toUnit(c.b.worst.atPeak[k], m_unit), 0, 'f', 2)
                 .arg(Units::toUnit(c.deltaTerms[k], m_unit), 0, 'f', 2)
                 .arg(static_cast<qlonglong>(std::llround(c.deltaTerms[k])));
    }
    t += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n\n")
             .arg(tr("Total (nvidia-smi)"))
             .arg(Units::toUnit(c.a.worst.nvidiaSmi, m_unit), 0, 'f', 2)
             .arg(Units::toUnit(c.b.worst.nvidiaSmi, m_unit), 0, 'f', 2)
             .arg(Units::toUnit(c.deltaTotal, m_unit), 0, 'f', 2)
             .arg(static_cast<qlonglong>(std::llround(c.deltaTotal)));
    t += QStringLiteral("| %1 | %2 | %3 | A − B (%4) | A − B (bytes) |\n"
                        "|---|---|---|---:|---:|\n")
             .arg(tr("Change"), tr("A → B"), tr("Effect"), u);
    for (size_t i = 0; i < c.changes.size(); ++i)
        t += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                 .arg(md(Texts::changeName(c.changes[i])), md(changeValues(i)),
                      md(Texts::changeEffect(c.saved[i], m_unit)))
                 .arg(Units::toUnit(c.saved[i], m_unit), 0, 'f', 2)
                 .arg(static_cast<qlonglong>(std::llround(c.saved[i])));
    t += QStringLiteral("\n") +
         (c.exact ? tr("Shapley attribution: each change's effect averaged over every order of "
                       "applying the changes; the shares add up to the total.")
                  : tr("Shapley attribution, sampled over %n orders; the shares add up to the "
                       "total.",
                       "", c.orders)) +
         QStringLiteral("\n");
    return t;
}

bool ComparePanel::saveAs(const QString& path, QString* error) {
    refresh();
    flush();
    if (path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive))
        return saveFile(path, toMarkdown().toUtf8(), error);
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        return saveFile(
            path,
            [this](QIODevice& device) {
                QSvgGenerator gen;
                gen.setOutputDevice(&device);
                gen.setSize(m_content->size());
                gen.setViewBox(m_content->rect());
                QPainter p(&gen);
                m_content->render(&p); // the whole panel, scrolled or not
                return p.end();
            },
            error);
    }
    const QImage img = m_content->grab().toImage();
    return saveFile(
        path, [&img](QIODevice& device) { return img.save(&device, "PNG"); }, error);
}

void ComparePanel::setCliffPens(double width) {
    m_cliffA->setPen(QPen(QColor(0x80, 0x80, 0x80), 1.25 * width, Qt::DashLine));
    m_cliffB->setPen(QPen(QColor(0x1f, 0x5f, 0xa8), 1.25 * width));
    m_capacity->setPen(QPen(QColor(0xc0, 0x1c, 0x28), width));
    m_capacityA->setPen(QPen(QColor(0xc0, 0x1c, 0x28), 0.75 * width, Qt::DashLine));
}

void ComparePanel::setChartStyle(const ChartStyle& style) {
    for (QChart* c : {m_barChart, m_cliffChart}) {
        style.applyToChart(c);
        c->legend()->setFont(style.labelFont());
    }
    // the charts keep room for their title, both axes' labels and titles and a few ticks in
    // the style's fonts (on a projector they are twice as large): the tab scrolls instead of
    // squeezing a chart until QtCharts elides an axis title to "..."
    // (200 px hold them up to 24-px labels, a 1280 x 720 stage; 10 label lines less 40 px
    // beyond: 420 px for the 46-px labels of a 3840 x 2160 stage)
    // the lines as thick as the cliff's (the stage scales them: hairlines on a 4K wall before)
    setCliffPens(style.lineWidth());
    const int lines = 10 * QFontMetrics(style.labelFont()).height() - 40;
    for (QChartView* v : {m_barView, m_cliffView})
        v->setMinimumHeight(std::max(kMinChartHeight, lines));
    for (QAbstractAxis* a :
         std::initializer_list<QAbstractAxis*>{m_barX, m_barY, m_cliffX, m_cliffY})
        style.applyToAxis(a, true);
    fitTitles();
    applyTicks();
}

void ComparePanel::fitTitles() {
    // chart titles in the longest wording their view's width holds (QtCharts elides), less a
    // scroll bar's width: the tab's scroll bar comes and goes with the content's height, and a
    // title fitted without it is elided when it appears
    const int bar = style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    const auto fitted = [bar](QChart* chart, const QWidget* view, const QStringList& variants) {
        const QString t = fittingText(variants, chart->titleFont(), view->width() - 24 - bar);
        if (chart->title() != t)
            chart->setTitle(t);
    };
    fitted(m_barChart, m_barView, {tr("Worst rank at its peak"), tr("Worst rank"), QString()});
    {
        const double room = (m_cliffChart->plotArea().width() > 0 ? m_cliffChart->plotArea().width()
                                                                  : m_cliffView->width() - 80.0) *
                                0.95 -
                            10;
        setTitleIfChanged(m_cliffX, fittingText({tr("Micro-batch (log scale)"), tr("Micro-batch")},
                                                m_cliffX->titleFont(), room));
    }
    if (m_comparison) {
        const auto limit = [](int64_t fit) {
            return fit > 0 ? Units::formatCount(fit) : tr("none", "no micro-batch fits");
        };
        const QString a = limit(m_shown.fitA);
        const QString b = limit(m_shown.fitB);
        fitted(m_cliffChart, m_cliffView,
               {tr("OOM cliffs: the largest micro-batch that fits is %1 in A, %2 in B").arg(a, b),
                tr("Largest micro-batch: A %1, B %2").arg(a, b), tr("OOM cliffs"), QString()});
    } else {
        fitted(m_cliffChart, m_cliffView, {tr("OOM cliffs"), QString()});
    }
}

void ComparePanel::retranslateUi() {
    for (QChart* c : {m_barChart, m_cliffChart})
        localizeChartNumbers(c);
    m_terms->setColumnCount(4);
    m_terms->setHorizontalHeaderLabels({tr("Term"), tr("A"), tr("B"), tr("B − A")});
    m_changes->setColumnCount(4);
    m_changes->setHorizontalHeaderLabels({tr("Change"), tr("A → B"), tr("Effect"), tr("Share")});
    layoutChangeColumns();
    m_changes->horizontalHeaderItem(3)->setToolTip(
        tr("The change's part of the whole difference between A and B"));
    m_barX->setCategories({tr("A"), tr("B")});

    applyTicks();
    m_cliffA->setName(tr("A (pinned)"));
    m_cliffB->setName(tr("B (current)"));
    const bool twoCapacities = m_capacityA->isVisible() && m_capacityA->count() > 0;
    m_capacity->setName(twoCapacities ? tr("B's GPU capacity") : tr("GPU capacity"));
    m_capacityA->setName(tr("A's GPU capacity"));
    fitTitles();
    m_header->setText(headerText());
    m_header->setToolTip(m_comparison
                             ? tr("A change's Shapley value is its effect on the memory averaged "
                                  "over every order in which the changes can be applied; the "
                                  "effects add up to the whole difference between A and B.")
                             : QString());
}

QString ComparePanel::headerText() const {
    if (!m_pinned)
        return tr("Pin the current scenario as A (Tools → Pin as A for Comparison), then edit it "
                  "into B: this tab compares them.");
    if (!m_comparison)
        return pending() ? tr("A is pinned; comparing…")
                         : tr("A is pinned; B is not a valid run yet.");
    const Comparison& c = *m_comparison;
    const QString a = Units::format(c.a.worst.nvidiaSmi, m_unit, 2);
    const QString b = Units::format(c.b.worst.nvidiaSmi, m_unit, 2);
    const QString diff = Units::format(std::abs(c.deltaTotal), m_unit, 2);
    const QString total =
        c.deltaTotal > 0.5    ? tr("<b>A → B: %1 → %2, B needs %3 more.</b>").arg(a, b, diff)
        : c.deltaTotal < -0.5 ? tr("<b>A → B: %1 → %2, B needs %3 less.</b>").arg(a, b, diff)
                              : tr("<b>A → B: %1 → %2, the same memory.</b>").arg(a, b);
    const QString how =
        c.exact ? tr("Each change's effect: its Shapley value over every order of applying "
                     "them (%n estimate(s)).",
                     "", c.evaluations)
                : tr("Each change's effect: its Shapley value over %1 sampled orders of "
                     "applying them, each with its reverse (%n estimate(s)).",
                     "", c.evaluations)
                      .arg(c.orders);
    const QString bothWays = effectsPullBothWays(c)
                                 ? tr("The changes pull both ways: a share is of the net "
                                      "difference, so one above 100 % is offset by one below 0.")
                                 : QString();
    return Texts::sentences({total, how, bothWays});
}

void ComparePanel::applyTicks() {
    // as many ticks as the plot's height holds apart in the axis font (QtCharts elides
    // labels that crowd), and "Memory (GiB)" where it fits, else the unit alone
    const auto ticks = [](const QChartView* v) {
        return ticksForHeight(v->chart()->plotArea().height() > 0 ? v->chart()->plotArea().height()
                                                                  : v->height() - 60.0,
                              v->chart()->axes(Qt::Vertical).value(0)->labelsFont());
    };
    for (auto [axis, view] : {std::pair{m_barY, m_barView}, std::pair{m_cliffY, m_cliffView}}) {
        const double room = axisTitleRoom(view->chart()->plotArea().height() > 0
                                              ? view->chart()->plotArea().height()
                                              : view->height() - 60.0);
        setTitleIfChanged(
            axis, fittingText({tr("Memory (%1)").arg(Units::symbol(m_unit)), Units::symbol(m_unit)},
                              axis->titleFont(), room));
    }
    if (m_barTop > 0) {
        const int n = ticks(m_barView);
        setNiceRange(m_barY, niceCeil(m_barTop, n), n);
    }
    if (m_cliffTop > 0) {
        const int n = ticks(m_cliffView);
        setNiceRange(m_cliffY, niceCeil(m_cliffTop, n), n);
    }
}

void ComparePanel::arrangeTables() {
    if (!m_tables)
        return;
    // side by side the change table has three fifths of the row: enough when its name and
    // effect columns (their longest words at least), its share and the values' longest word fit
    const int side = m_content->width() * 3 / 5 - 2 * m_changes->frameWidth() -
                     style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    const int needed =
        m_wrapColumns[0].word + m_wrapColumns[1].word + m_changes->columnWidth(3) + 2 * m_valueWord;
    const auto direction = side >= needed ? QBoxLayout::LeftToRight : QBoxLayout::BottomToTop;
    if (m_tables->direction() != direction)
        m_tables->setDirection(direction); // bottom to top: the changes, added last, on top
}

void ComparePanel::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    arrangeTables();
    applyTicks();
    fitChangeColumns();
}

void ComparePanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

} // namespace headroom::ui
