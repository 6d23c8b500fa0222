#include "ui/breakdowntable.h"

#include "ui/savefile.h"
#include "ui/texts.h"
#include "ui/theme.h"
#include "ui/wrappedtextdelegate.h"

#include <QClipboard>
#include <QContextMenuEvent>
#include <QGuiApplication>
#include <QMenu>

#include <QEvent>
#include <QHeaderView>
#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

namespace headroom::ui {

namespace {
void setText(QTableWidgetItem* item, const QString& text) {
    if (item->text() != text) {
        item->setText(text);
    }
}
void setTip(QTableWidgetItem* item, const QString& text) {
    if (item->toolTip() != text) {
        item->setToolTip(text);
    }
}
/// A term's colour swatch, drawn at 64 px so that it stays crisp at any icon size.
QIcon swatch(const QColor& c) {
    QPixmap pm(64, 64);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setBrush(c);
    p.setPen(QPen(c.darker(130), 4));
    p.drawRoundedRect(QRectF(6, 6, 52, 52), 9, 9);
    return QIcon(pm);
}
/// The view of the total rows: QTableView with its column size hint public, which this
/// table's content-sized columns take into account, and a rule over its first row (the
/// sum line above a total, and the edge the term rows scroll under).
class PinnedRows : public QTableView {
public:
    using QTableView::QTableView;
    using QTableView::sizeHintForColumn;

protected:
    void paintEvent(QPaintEvent* e) override {
        QTableView::paintEvent(e);
        QPainter p(viewport());
        p.setPen(QPen(palette().color(QPalette::WindowText), 1));
        p.drawLine(0, 0, viewport()->width(), 0);
    }
};
// terms + allocated + reserved + total + needed + host RAM
constexpr int kRows = kTermCount + 5;
constexpr int kNeededRow = kTermCount + 3;
constexpr int kHostRow = kTermCount + 4;

/// One CSV field (RFC 4180): quoted when it holds a comma, quote or line break.
QString csvField(const QString& v) {
    if (!v.contains(QLatin1Char(',')) && !v.contains(QLatin1Char('"')) &&
        !v.contains(QLatin1Char('\n')) && !v.contains(QLatin1Char('\r')))
        return v;
    QString q = v;
    q.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}
/// One Markdown table cell: pipes escaped, line breaks as spaces.
QString mdCell(QString v) {
    v.replace(QLatin1Char('|'), QLatin1String("\\|"));
    v.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return v;
}
} // namespace

BreakdownTable::BreakdownTable(QWidget* parent)
    : QTableWidget(kRows, 4, parent), m_bytes(kRows, 0.0) {
    setObjectName(QStringLiteral("breakdownTable"));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    verticalHeader()->setVisible(false);
    horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    // a long formula wraps onto more lines of its row instead of being elided; rows fit
    // their text
    setWordWrap(true);
    setTextElideMode(Qt::ElideNone);
    setItemDelegateForColumn(3, new WrappedTextDelegate(this)); // measured as drawn (CJK)
    for (int r = 0; r < kRows; ++r) {
        for (int c = 0; c < 4; ++c) {
            auto* item = new QTableWidgetItem;
            if (c == 1 || c == 2) {
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            }
            setItem(r, c, item);
        }
    }
    for (int t = 0; t < kTermCount; ++t) {
        item(t, 0)->setIcon(swatch(Theme::termColor(static_cast<Term>(t))));
    }
    for (int r = kTermCount; r < kRows; ++r) {
        QFont f = item(r, 0)->font();
        f.setBold(r == kTermCount + 2); // the total
        for (int c = 0; c < 4; ++c) {
            item(r, c)->setFont(f);
        }
    }
    pinTotals();
    retranslateUi();
}

void BreakdownTable::pinTotals() {
    // the same model and selection; no headers or scroll bars of its own; rows and columns
    // follow this view's (row heights fit the text as here: Dashboard sets both headers'
    // modes, the columns are copied in placeTotals)
    m_totals = new PinnedRows(this);
    m_totals->setObjectName(QStringLiteral("breakdownTotals"));
    m_totals->setModel(model());
    m_totals->setSelectionModel(selectionModel());
    m_totals->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_totals->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_totals->setFocusPolicy(Qt::NoFocus);
    m_totals->setContextMenuPolicy(Qt::NoContextMenu); // this table's menu
    m_totals->horizontalHeader()->hide();
    m_totals->verticalHeader()->hide();
    m_totals->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_totals->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_totals->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_totals->setFrameShape(QFrame::NoFrame);
    m_totals->setWordWrap(true);
    m_totals->setTextElideMode(Qt::ElideNone);
    m_totals->setItemDelegateForColumn(3, new WrappedTextDelegate(m_totals));
    for (int r = 0; r < kRows; ++r) {
        setRowHidden(r, r >= kTermCount);
        m_totals->setRowHidden(r, r < kTermCount);
    }
    const auto place = [this] { placeTotals(); };
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, place);
    connect(verticalHeader(), &QHeaderView::sectionResized, this, place);
    connect(m_totals->verticalHeader(), &QHeaderView::sectionResized, this, place);
    connect(horizontalScrollBar(), &QScrollBar::valueChanged, m_totals->horizontalScrollBar(),
            &QScrollBar::setValue);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, place);
}

int BreakdownTable::sizeHintForColumn(int column) const {
    const int own = QTableWidget::sizeHintForColumn(column);
    return m_totals
               ? std::max(own, static_cast<const PinnedRows*>(m_totals)->sizeHintForColumn(column))
               : own;
}

bool BreakdownTable::rowShown(int r) const {
    return r < kTermCount ? !isRowHidden(r) : !m_totals->isRowHidden(r);
}

void BreakdownTable::placeTotals() {
    if (!m_totals)
        return;
    for (int c = 0; c < columnCount(); ++c)
        if (m_totals->columnWidth(c) != columnWidth(c))
            m_totals->setColumnWidth(c, columnWidth(c));
    int height = 0;
    for (int r = kTermCount; r < kRows; ++r)
        if (rowShown(r))
            height += m_totals->rowHeight(r);
    const QMargins m = viewportMargins();
    if (m.bottom() != height) // re-enters updateGeometries, which keeps it
        setViewportMargins(m.left(), m.top(), m.right(), height);
    // the totals start under the last term row drawn whole and reach the table's bottom, so
    // no term row shows cut in half above them (a row taller than the whole viewport excepted)
    const QRect port = viewport()->geometry();
    int whole = 0;
    for (int r = 0; r < kTermCount; ++r) {
        if (!rowShown(r))
            continue;
        const int top = rowViewportPosition(r);
        const int bottom = top + rowHeight(r);
        if (top >= 0 && bottom <= port.height())
            whole = std::max(whole, bottom);
    }
    if (whole == 0)
        whole = port.height();
    m_totals->setGeometry(port.left(), port.top() + whole, port.width(),
                          height + port.height() - whole);
}

void BreakdownTable::updateGeometries() {
    // QTableView lays out its headers with setViewportMargins(.., 0): the totals' room is
    // taken back after it, and the scroll range follows from the viewport that leaves
    QTableWidget::updateGeometries();
    placeTotals();
}

void BreakdownTable::resizeEvent(QResizeEvent* e) {
    QTableWidget::resizeEvent(e);
    placeTotals();
}

void BreakdownTable::setResults(const Results& r, ByteUnit unit) {
    m_results = r;
    m_unit = unit;
    refresh();
}

void BreakdownTable::refresh() {
    const Estimate& e = m_results.shownEstimate();
    const RankEstimate& w = e.worst;
    const double total = w.nvidiaSmi;
    const QLocale loc;
    for (int t = 0; t < kTermCount; ++t) {
        const double b = m_results.hasEstimate ? w.atPeak[static_cast<size_t>(t)] : 0.0;
        m_bytes[static_cast<size_t>(t)] = b;
        if (isRowHidden(t) != (b <= 0)) {
            setRowHidden(t, b <= 0);
        }
        if (b <= 0) {
            continue;
        }
        setText(item(t, 1), Units::format(b, m_unit, 2));
        setTip(item(t, 1), tr("%1 bytes").arg(loc.toString(static_cast<qlonglong>(b))));
        setText(item(t, 2),
                total > 0 ? tr("%1 %").arg(loc.toString(100.0 * b / total, 'f', 1)) : QString());
        const QString f = m_formula ? m_formula(static_cast<Term>(t), -1) : QString();
        setText(item(t, 3), f);
        setTip(item(t, 3), f);
    }
    auto setTotal = [&](int row, double bytes) {
        m_bytes[static_cast<size_t>(row)] = bytes;
        setText(item(row, 1), Units::format(bytes, m_unit, 2));
        setTip(item(row, 1), tr("%1 bytes").arg(loc.toString(static_cast<qlonglong>(bytes))));
        setText(item(row, 2), total > 0
                                  ? tr("%1 %").arg(loc.toString(100.0 * bytes / total, 'f', 1))
                                  : QString());
    };
    totalFormulas();
    setTotal(kTermCount, w.allocated);
    setTotal(kTermCount + 1, w.reserved);
    setTotal(kTermCount + 2, w.nvidiaSmi);
    // what the verdict counts (the headline's "needs"), where it differs from nvidia-smi as
    // shown: the releasable cache and pageable states are not needed (core verdictBytes)
    const double needed = m_results.hasEstimate ? verdictBytes(w) : total;
    const bool neededShown = !m_results.drawsServingCliff() &&
                             Units::format(needed, m_unit, 2) != Units::format(total, m_unit, 2);
    if (m_totals->isRowHidden(kNeededRow) == neededShown) {
        m_totals->setRowHidden(kNeededRow, !neededShown);
        placeTotals();
    }
    setTotal(kNeededRow, needed);
    // host RAM: not GPU memory, so no share of the total
    const double host = m_results.hasEstimate ? e.hostBytes : 0.0;
    if (m_totals->isRowHidden(kHostRow) != (host <= 0)) {
        m_totals->setRowHidden(kHostRow, host <= 0);
        placeTotals();
    }
    m_bytes[kHostRow] = host;
    setText(item(kHostRow, 1), Units::format(host, m_unit, 2));
    setTip(item(kHostRow, 1), tr("%1 bytes").arg(loc.toString(static_cast<qlonglong>(host))));
}

void BreakdownTable::totalFormulas() {
    // a sized server's totals (core servedEstimate) add up from its own terms
    const bool server = m_results.drawsServingCliff();
    setText(item(kTermCount, 3), server ? tr("weights + KV pool + the profile run's peak")
                                        : tr("sum of the live tensors at the peak"));
    setText(item(kTermCount + 1, 3),
            server ? tr("allocated + CUDA graph pools") : tr("allocated + allocator reserve"));
    setText(item(kTermCount + 2, 3), server ? tr("reserved + memory outside torch + CUDA context")
                                            : tr("reserved + CUDA context"));
}

QString BreakdownTable::toText(TextFormat f) const {
    const QString unit = Units::symbol(m_unit);
    const QStringList head{tr("Term"), tr("Bytes"), tr("Memory (%1)").arg(unit), tr("Share"),
                           tr("Formula")};
    QStringList lines;
    const QString sep = f == TextFormat::Csv ? QStringLiteral(",") : QStringLiteral(" | ");
    auto line = [&](const QStringList& cells) {
        QStringList out;
        for (const QString& c : cells)
            out << (f == TextFormat::Csv ? csvField(c) : mdCell(c));
        lines << (f == TextFormat::Csv
                      ? out.join(sep)
                      : QStringLiteral("| ") + out.join(sep) + QStringLiteral(" |"));
    };
    line(head);
    if (f == TextFormat::Markdown)
        lines << QStringLiteral("|---|---:|---:|---:|---|");
    for (int r = 0; r < kRows; ++r) {
        if (!rowShown(r))
            continue;
        line({item(r, 0)->text(),
              QString::number(static_cast<qlonglong>(std::llround(m_bytes[size_t(r)]))),
              QString::number(Units::toUnit(m_bytes[size_t(r)], m_unit), 'f', 2),
              item(r, 2)->text(), item(r, 3)->text()});
    }
    const QString eol = f == TextFormat::Csv ? QStringLiteral("\r\n") : QStringLiteral("\n");
    return lines.join(eol) + eol;
}

bool BreakdownTable::saveAs(const QString& path, QString* error) const {
    const bool md = path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive) ||
                    path.endsWith(QLatin1String(".markdown"), Qt::CaseInsensitive);
    return saveFile(path, toText(md ? TextFormat::Markdown : TextFormat::Csv).toUtf8(), error);
}

void BreakdownTable::contextMenuEvent(QContextMenuEvent* e) {
    QMenu menu(this);
    menu.addAction(tr("Copy as Markdown"), this,
                   [this] { QGuiApplication::clipboard()->setText(toText(TextFormat::Markdown)); });
    menu.addAction(tr("Copy as CSV"), this,
                   [this] { QGuiApplication::clipboard()->setText(toText(TextFormat::Csv)); });
    menu.exec(e->globalPos());
}

void BreakdownTable::retranslateUi() {
    setHorizontalHeaderLabels({tr("Term"), tr("Memory"), tr("Share"), tr("Formula")});
    for (int t = 0; t < kTermCount; ++t) {
        item(t, 0)->setText(Texts::termName(static_cast<Term>(t)));
        item(t, 0)->setToolTip(Texts::termTooltip(static_cast<Term>(t)));
    }
    item(kTermCount, 0)->setText(tr("Allocated (PyTorch)"));
    item(kTermCount, 0)->setToolTip(tr("Live tensors: torch.cuda.max_memory_allocated()."));
    item(kTermCount + 1, 0)->setText(tr("Reserved (PyTorch)"));
    item(kTermCount + 1, 0)
        ->setToolTip(tr(
            "Allocated plus the caching allocator's reserve: torch.cuda.max_memory_reserved()."));
    item(kTermCount + 2, 0)->setText(tr("Total (nvidia-smi)"));
    item(kTermCount + 2, 0)
        ->setToolTip(
            tr("Reserved plus the CUDA context: what nvidia-smi shows and the driver enforces."));
    totalFormulas();
    item(kNeededRow, 0)->setText(tr("Needed (verdict)"));
    item(kNeededRow, 0)
        ->setToolTip(tr("What the fit verdict and the headline count: nvidia-smi less the cached "
                        "segments that hold no live tensor, which PyTorch frees before it runs "
                        "out of memory, and optimizer states paged to host memory."));
    item(kNeededRow, 3)->setText(tr("total less the releasable cache and paged states"));
    item(kHostRow, 0)->setText(tr("Host RAM (offload)"));
    item(kHostRow, 0)
        ->setToolTip(
            tr("CPU memory the offloaded optimizer states, parameters or activations take on this "
               "node (not GPU memory)."));
    item(kHostRow, 3)->setText(tr("offloaded states / parameters / activations in host RAM"));
    setAccessibleName(tr("Memory breakdown"));
    setToolTip(QString());
    refresh();
}

void BreakdownTable::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
    }
    if (e->type() == QEvent::FontChange) // swatches as tall as a capital letter (a 4K stage)
        setIconSize(QSize(fontMetrics().capHeight() + 4, fontMetrics().capHeight() + 4));
    QTableWidget::changeEvent(e);
}

} // namespace headroom::ui
