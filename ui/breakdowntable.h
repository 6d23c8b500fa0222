#pragma once
// Breakdown table: term, bytes, share of the total and the term's formula (termFormula()).

#include "ui/results.h"
#include "ui/units.h"

#include <QTableWidget>

#include <functional>

namespace headroom::ui {

class BreakdownTable : public QTableWidget {
    Q_OBJECT

public:
    explicit BreakdownTable(QWidget* parent = nullptr);

    void setResults(const Results& r, ByteUnit unit);
    void setFormulaProvider(std::function<QString(Term, int)> provider) {
        m_formula = std::move(provider);
    }

protected:
    void changeEvent(QEvent* e) override;

private:
    void refresh();
    void retranslateUi();

    Results m_results;
    ByteUnit m_unit = ByteUnit::GiB;
    std::function<QString(Term, int)> m_formula;
};

} // namespace headroom::ui
