#pragma once
// Translated formula texts and model traits. The engine writes each memory term's formula in
// English (core/engine/formulas.cpp termFormula) and the model presets carry English traits
// (resources/models.json); the GUI shows both in the interface language by replacing each
// known English phrase with its translation, leaving numbers, dtype names, units, keys and
// symbols as they are.

#include <QCoreApplication>
#include <QString>

namespace headroom::ui {

class FormulaText {
    Q_DECLARE_TR_FUNCTIONS(FormulaText)

public:
    /// @p english (a termFormula text) with every known phrase translated, longest phrase
    /// first and whole words only; @p english itself when no phrase has a translation.
    static QString translate(const QString& english);
    /// A preset's traits ("dense, GQA, SWA 4096 (half the layers), tied") translated the
    /// same way; abbreviations (GQA, MoE, MLA, SWA...) stay.
    static QString traits(const QString& english);
};

} // namespace headroom::ui
