#pragma once
// Breakdown table: term, bytes, share of the total and the term's formula (termFormula()).

#include "ui/results.h"
#include "ui/units.h"

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

protected:
    void changeEvent(QEvent* e) override;
    void contextMenuEvent(QContextMenuEvent* e) override;

private:
    void refresh();
    /// The allocated, reserved and nvidia-smi rows' formulas (a sized server's own).
    void totalFormulas();
    void retranslateUi();

    /// Exact bytes of each row (0: row hidden or not a byte row).
    std::vector<double> m_bytes;
    Results m_results;
    ByteUnit m_unit = ByteUnit::GiB;
    std::function<QString(Term, int)> m_formula;
};

} // namespace headroom::ui
