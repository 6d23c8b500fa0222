#pragma once
// Translated formula texts and model traits. The engine writes each memory term's formula in
// English (core/engine/formulas.cpp termFormula) and the model presets carry English traits
// (resources/models.json); the GUI shows both in the interface language by replacing each
// known English phrase with its translation, leaving dtype names, units, keys and symbols as
// they are; decimal numbers take the locale's decimal separator ("14.96 GiB" is "14,96 GiB" in
// German, as every other number of the window).

#include <QCoreApplication>
#include <QString>

namespace headroom::ui {

class FormulaText {
    Q_DECLARE_TR_FUNCTIONS(FormulaText)

public:
    /// @p english (a termFormula text) with every known phrase translated, longest phrase
    /// first and whole words only, and the decimal point of each decimal number (digits '.'
    /// digits, not part of a version such as @4.44 or a name such as llama-3.1) written as
    /// QLocale()'s; @p english itself in English.
    static QString translate(const QString& english);
    /// A preset's traits ("dense, GQA, SWA 4096 (half the layers), tied") translated the
    /// same way, with the language's list separator and parentheses (Chinese "稠密、GQA、
    /// SWA 4096（一半的层）、共享"); abbreviations (GQA, MoE, MLA, SWA...) stay.
    static QString traits(const QString& english);
};

} // namespace headroom::ui
