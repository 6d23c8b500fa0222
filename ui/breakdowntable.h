#pragma once
// Breakdown table: term, bytes, share of the total and the term's formula (termFormula()).
// The totals (allocated, reserved, nvidia-smi, host RAM) stay in view: a second view of the
// same model, pinned under the term rows as Qt's "Frozen Column" example pins a column, so a
// short window scrolls the terms and never hides the total.

#include "ui/results.h"
#include "ui/units.h"

#include <QTableView>
#include <QTableWidget>

#include <functional>
#include <vector>

namespace headroom::ui {

class BreakdownTable : public QTableWidget {
    Q_OBJECT

public:
    explicit BreakdownTable(QWidget* parent = nullptr);

    void setResults(const Results& r, ByteUnit unit);
    void setFormulaProvider(std::function<QString(Term, int)> provider) {
        m_formula = std::move(provider);
    }

    enum class TextFormat { Csv, Markdown };
    /// The visible rows as text: term, exact bytes, the display unit, share of the nvidia-smi
    /// total, formula. CSV follows RFC 4180 (comma, CRLF, quotes doubled); Markdown is a pipe
    /// table with the unit named in the header ("Memory (GiB)").
    QString toText(TextFormat f) const;
    /// Saves toText() to @p path (".md"/".markdown": Markdown, else CSV) through saveFile();
    /// false with @p error on failure, the old file intact.
    bool saveAs(const QString& path, QString* error = nullptr) const;

    /// The pinned view of the total rows (read by tests).
    QTableView* totalsView() const { return m_totals; }

protected:
    void changeEvent(QEvent* e) override;
    void contextMenuEvent(QContextMenuEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void updateGeometries() override;
    /// The widest of this view's and the pinned totals' cells: content-sized columns fit both.
    int sizeHintForColumn(int column) const override;

private:
    void refresh();
    /// Makes m_totals, the view of the total rows (once, from the constructor).
    void pinTotals();
    /// Whether row @p r is shown (a term row in this view, a total row in the pinned one).
    bool rowShown(int r) const;
    /// Reserves the pinned view's height under the term rows and places it there: right
    /// after the last term row, or at the bottom with the terms scrolling above it.
    void placeTotals();
    /// The allocated, reserved and nvidia-smi rows' formulas (a sized server's own).
    void totalFormulas();
    void retranslateUi();

    /// Exact bytes of each row (0: row hidden or not a byte row).
    std::vector<double> m_bytes;
    Results m_results;
    ByteUnit m_unit = ByteUnit::GiB;
    std::function<QString(Term, int)> m_formula;
    QTableView* m_totals = nullptr;
};

} // namespace headroom::ui
