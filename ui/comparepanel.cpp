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
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPainter>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QSvgGenerator>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

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
} // namespace

ComparePanel::ComparePanel(ScenarioController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_header(new QLabel(this)), m_barChart(new QChart),
      m_barView(new QChartView(m_barChart, this)), m_bars(new QStackedBarSeries),
      m_barX(new QBarCategoryAxis), m_barY(new QValueAxis), m_cliffChart(new QChart),
      m_cliffView(new QChartView(m_cliffChart, this)), m_cliffA(new QLineSeries),
      m_cliffB(new QLineSeries), m_capacity(new QLineSeries), m_cliffX(new QLogValueAxis),
      m_cliffY(new QValueAxis), m_terms(new QTableWidget(this)), m_changes(new QTableWidget(this)),
      m_timer(new QTimer(this)) {
    setObjectName(QStringLiteral("comparePanel"));
    m_header->setWordWrap(true);
    m_header->setObjectName(QStringLiteral("compareHeader"));
    for (QChart* c : {m_barChart, m_cliffChart}) {
        c->setAnimationOptions(QChart::NoAnimation);
        c->legend()->setAlignment(Qt::AlignRight);
        c->setMargins(QMargins(2, 2, 2, 2));
    }
    for (QChartView* v : {m_barView, m_cliffView}) {
        v->setRenderHint(QPainter::Antialiasing);
        v->setMinimumSize(160, 100); // a tab's minimum sets the window's: keep it small
    }
    m_barChart->addSeries(m_bars);
    m_barChart->addAxis(m_barX, Qt::AlignBottom);
    m_barChart->addAxis(m_barY, Qt::AlignLeft);
    m_bars->attachAxis(m_barX);
    m_bars->attachAxis(m_barY);
    m_cliffX->setBase(2);
    m_cliffX->setLabelFormat(QStringLiteral("%g"));
    m_cliffChart->addAxis(m_cliffX, Qt::AlignBottom);
    m_cliffChart->addAxis(m_cliffY, Qt::AlignLeft);
    for (QLineSeries* s : {m_cliffA, m_cliffB, m_capacity}) {
        m_cliffChart->addSeries(s);
        s->attachAxis(m_cliffX);
        s->attachAxis(m_cliffY);
    }
    m_cliffA->setPen(QPen(QColor(0x80, 0x80, 0x80), 2.5, Qt::DashLine));
    m_cliffB->setPen(QPen(QColor(0x1f, 0x5f, 0xa8), 2.5));
    m_capacity->setPen(QPen(QColor(0xc0, 0x1c, 0x28), 2));
    for (QTableWidget* t : {m_terms, m_changes}) {
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
        t->verticalHeader()->setVisible(false);
        t->horizontalHeader()->setStretchLastSection(true);
        t->setAlternatingRowColors(true);
        t->setMinimumHeight(40);
    }
    m_terms->setObjectName(QStringLiteral("compareTerms"));
    m_changes->setObjectName(QStringLiteral("compareChanges"));

    auto* charts = new QHBoxLayout;
    charts->addWidget(m_barView, 2);
    charts->addWidget(m_cliffView, 3);
    auto* tables = new QHBoxLayout;
    tables->addWidget(m_terms, 1);
    tables->addWidget(m_changes, 1);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    lay->addWidget(m_header);
    lay->addLayout(charts, 3);
    lay->addLayout(tables, 2);

    // B follows the edits, but a comparison is up to 2^10 estimates: never during a drag,
    // and coalesced after edits
    m_timer->setSingleShot(true);
    m_timer->setInterval(120);
    connect(m_timer, &QTimer::timeout, this, &ComparePanel::refresh);
    connect(m_controller, &ScenarioController::resultsChanged, this, [this] {
        if (m_pinned && !m_controller->dragging())
            m_timer->start();
    });
    retranslateUi();
}

void ComparePanel::pin() {
    setPinned(m_controller->scenario());
}

void ComparePanel::setPinned(const Scenario& a) {
    m_pinned = a;
    emit pinnedChanged(true);
    refresh();
}

void ComparePanel::clearPinned() {
    m_pinned.reset();
    m_comparison.reset();
    emit pinnedChanged(false);
    refresh();
}

void ComparePanel::refresh() {
    m_timer->stop();
    // A's and B's load replays are made once and kept while the user edits B (DeepSeek-V3
    // QLoRA + torchao: 0.4 s a replay, and the attribution estimates up to 2^10 mixes)
    const LoadReplayCache::Scope loads(m_loads);
    m_unit = m_controller->unit();
    m_comparison.reset();
    const Scenario& b = m_controller->scenario();
    if (m_pinned && !validateWorkload(m_pinned->model, m_pinned->workload) &&
        !validateWorkload(b.model, b.workload)) {
        if (auto c = compareScenarios(*m_pinned, b))
            m_comparison = std::move(c).value();
    }
    rebuildBars();
    rebuildCliffs();
    rebuildTables();
    retranslateUi();
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
    setNiceRange(m_barY, niceCeil(top * 1.05), niceStep(top * 1.05));
    m_barY->setLabelFormat(QStringLiteral("%.0f"));
}

void ComparePanel::rebuildCliffs() {
    for (QLineSeries* s : {m_cliffA, m_cliffB, m_capacity})
        s->clear();
    if (!m_comparison || !m_pinned)
        return;
    const Scenario& b = m_controller->scenario();
    const auto xs = sweepValues(
        std::max<int64_t>({64, m_pinned->workload.microBatch * 4, b.workload.microBatch * 4}), 24);
    const double unit = Units::bytesPerUnit(m_unit);
    double top = 0;
    auto fill = [&](QLineSeries* s, const Scenario& sc) {
        for (const SweepPoint& p :
             sweep(sc.model, sc.workload, &sc.gpu, SweepAxis::MicroBatch, xs)) {
            s->append(static_cast<double>(p.x), p.nvidiaSmi / unit);
            top = std::max(top, p.nvidiaSmi / unit);
        }
    };
    fill(m_cliffA, *m_pinned);
    fill(m_cliffB, b);
    const double cap = m_comparison->b.capacity / unit;
    if (cap > 0) {
        m_capacity->append(1, cap);
        m_capacity->append(static_cast<double>(xs.back()), cap);
    }
    m_cliffX->setRange(1, static_cast<double>(xs.back()));
    const double yTop = std::min(top, std::max(cap, 1.0) * 2.5) * 1.05;
    m_cliffY->setTickType(QValueAxis::TicksDynamic);
    setNiceRange(m_cliffY, niceCeil(yTop), niceStep(yTop));
    m_cliffY->setLabelFormat(QStringLiteral("%.0f"));
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
        m_terms->setItem(r, 0, cell(Texts::termName(static_cast<Term>(i))));
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
        m_changes->setItem(row, 0, cell(QString::fromStdString(c.changes[i].key)));
        m_changes->setItem(row, 1,
                           cell(QString::fromStdString(c.changes[i].before) +
                                QStringLiteral(" → ") +
                                QString::fromStdString(c.changes[i].after)));
        m_changes->setItem(row, 2, cell(Units::formatSigned(c.saved[i], m_unit, 2), true));
        m_changes->setItem(row, 3,
                           cell(std::abs(saved) > 0 ? tr("%1 %").arg(loc.toString(
                                                          100.0 * c.saved[i] / saved, 'f', 1))
                                                    : QString(),
                                true));
    }
    m_terms->resizeColumnsToContents();
    m_changes->resizeColumnsToContents();
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
    t += QStringLiteral("| %1 | A → B | %2 (%3) | %2 (bytes) |\n|---|---|---:|---:|\n")
             .arg(tr("Change"), tr("Saved"), u);
    for (size_t i = 0; i < c.changes.size(); ++i)
        t += QStringLiteral("| %1 | %2 → %3 | %4 | %5 |\n")
                 .arg(md(QString::fromStdString(c.changes[i].key)),
                      md(QString::fromStdString(c.changes[i].before)),
                      md(QString::fromStdString(c.changes[i].after)))
                 .arg(Units::toUnit(c.saved[i], m_unit), 0, 'f', 2)
                 .arg(static_cast<qlonglong>(std::llround(c.saved[i])));
    t += QStringLiteral("\n") +
         (c.exact ? tr("Shapley attribution: each change's effect averaged over every order of "
                       "applying the changes; the shares add up to the total.")
                  : tr("Shapley attribution, sampled over 200 orders; the shares add up to the "
                       "total.")) +
         QStringLiteral("\n");
    return t;
}

bool ComparePanel::saveAs(const QString& path, QString* error) {
    refresh();
    if (path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive))
        return saveFile(path, toMarkdown().toUtf8(), error);
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        return saveFile(
            path,
            [this](QIODevice& device) {
                QSvgGenerator gen;
                gen.setOutputDevice(&device);
                gen.setSize(size());
                gen.setViewBox(rect());
                QPainter p(&gen);
                render(&p);
                return p.end();
            },
            error);
    }
    const QImage img = grab().toImage();
    return saveFile(
        path, [&img](QIODevice& device) { return img.save(&device, "PNG"); }, error);
}

void ComparePanel::retranslateUi() {
    m_terms->setColumnCount(4);
    m_terms->setHorizontalHeaderLabels({tr("Term"), tr("A"), tr("B"), tr("B − A")});
    m_changes->setColumnCount(4);
    m_changes->setHorizontalHeaderLabels({tr("Change"), tr("A → B"), tr("Saved"), tr("Share")});
    m_barX->setCategories({tr("A"), tr("B")});
    m_barY->setTitleText(tr("Memory (%1)").arg(Units::symbol(m_unit)));
    m_cliffY->setTitleText(tr("Memory (%1)").arg(Units::symbol(m_unit)));
    m_cliffX->setTitleText(tr("Micro-batch (log scale)"));
    m_cliffA->setName(tr("A (pinned)"));
    m_cliffB->setName(tr("B (current)"));
    m_capacity->setName(tr("GPU capacity"));
    m_barChart->setTitle(tr("Worst rank at its peak"));
    m_cliffChart->setTitle(tr("OOM cliffs"));
    if (!m_pinned) {
        m_header->setText(tr("Pin the current scenario as A (Tools → Pin as A for Comparison), "
                             "then edit it into B: this tab compares them."));
    } else if (!m_comparison) {
        m_header->setText(tr("A is pinned; B is not a valid run yet."));
    } else {
        const Comparison& c = *m_comparison;
        m_header->setText(
            tr("<b>A → B: %1 → %2 (%3)</b>. What each change saved is its Shapley value: its "
               "effect averaged over every order of applying the changes (%4 estimates); the "
               "shares add up to the total.")
                .arg(Units::format(c.a.worst.nvidiaSmi, m_unit, 2),
                     Units::format(c.b.worst.nvidiaSmi, m_unit, 2),
                     Units::formatSigned(c.deltaTotal, m_unit, 2))
                .arg(c.evaluations));
    }
}

void ComparePanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

} // namespace headroom::ui
