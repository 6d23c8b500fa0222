#include "ui/formulatext.h"

#include <QList>
#include <QLocale>
#include <QRegularExpression>
#include <QStringView>

#include <algorithm>

namespace headroom::ui {

namespace {

// Every English phrase of the formula texts: the literals of core/engine/formulas.cpp
// (termFormula and its helpers), of core/serve/serve.cpp servedFormulas, and the " experts" of
// weightDtypesKey
// (core/engine/weight_dtypes.cpp). Keys (adamw, zero3, none, bf16, load_recipe...),
// identifiers (kv_heads, lm_head, TP), units and numbers are left out: they read the same in
// every language. A phrase inside a longer one is translated only where the longer one is not.
constexpr const char* kFormulaPhrases[] = {
    QT_TRANSLATE_NOOP("FormulaText", "stage"),
    QT_TRANSLATE_NOOP("FormulaText", "of"),
    QT_TRANSLATE_NOOP("FormulaText", "layers"),
    QT_TRANSLATE_NOOP("FormulaText", "embedding"),
    QT_TRANSLATE_NOOP("FormulaText", "on this rank"),
    QT_TRANSLATE_NOOP("FormulaText", "shards"),
    QT_TRANSLATE_NOOP("FormulaText", "parameters and LoRA adapters"),
    QT_TRANSLATE_NOOP("FormulaText", "parameters"),
    QT_TRANSLATE_NOOP("FormulaText", "offloaded to host"),
    QT_TRANSLATE_NOOP("FormulaText", "the quantisation block scales stay"),
    QT_TRANSLATE_NOOP("FormulaText", "params"),
    QT_TRANSLATE_NOOP("FormulaText", "as the checkpoint stores them"),
    QT_TRANSLATE_NOOP("FormulaText", "safetensors header bytes"),
    QT_TRANSLATE_NOOP("FormulaText", "linear"),
    QT_TRANSLATE_NOOP("FormulaText", "incl."),
    QT_TRANSLATE_NOOP("FormulaText", "other"),
    QT_TRANSLATE_NOOP("FormulaText", "experts"),
    QT_TRANSLATE_NOOP("FormulaText", "no master copy (inference)"),
    QT_TRANSLATE_NOOP("FormulaText", "no fp32 master copy (master weights off)"),
    QT_TRANSLATE_NOOP("FormulaText", "fp32 master copy offloaded to host with the optimizer"),
    QT_TRANSLATE_NOOP("FormulaText", "no separate copy: the trained weights are fp32 already"),
    QT_TRANSLATE_NOOP("FormulaText", "trainable"),
    QT_TRANSLATE_NOOP("FormulaText", "fp32 copy"),
    QT_TRANSLATE_NOOP("FormulaText", "no gradients (inference)"),
    QT_TRANSLATE_NOOP("FormulaText", "largest tensor"),
    QT_TRANSLATE_NOOP("FormulaText", "optimizer step in backward"),
    QT_TRANSLATE_NOOP("FormulaText",
                      "every block parameter (FSDP units mixing frozen weights and adapters)"),
    QT_TRANSLATE_NOOP("FormulaText", "DDP reducer buckets copy them"),
    QT_TRANSLATE_NOOP("FormulaText", "DeepSpeed gradient bucket"),
    QT_TRANSLATE_NOOP("FormulaText", "elements"),
    QT_TRANSLATE_NOOP("FormulaText", "ZeRO-3: resident"),
    QT_TRANSLATE_NOOP("FormulaText", "during backward"),
    QT_TRANSLATE_NOOP("FormulaText", "not live at this peak"),
    QT_TRANSLATE_NOOP("FormulaText", "no KV cache (training)"),
    QT_TRANSLATE_NOOP("FormulaText", "the rollout engine's KV cache: rollout sequences x (prompt + "
                                     "response) tokens, all layers, KV heads / rollout TP"),
    QT_TRANSLATE_NOOP("FormulaText", "sequences"),
    QT_TRANSLATE_NOOP("FormulaText", "tokens"),
    QT_TRANSLATE_NOOP("FormulaText", "prompt"),
    QT_TRANSLATE_NOOP("FormulaText", "new"),
    QT_TRANSLATE_NOOP("FormulaText", "sliding layers keep at most"),
    QT_TRANSLATE_NOOP("FormulaText", "no optimizer (inference)"),
    QT_TRANSLATE_NOOP("FormulaText", "states offloaded to host"),
    QT_TRANSLATE_NOOP("FormulaText", "states"),
    QT_TRANSLATE_NOOP("FormulaText", "one block's prefill tensors per token"),
    QT_TRANSLATE_NOOP("FormulaText", "saved tensors per token"),
    QT_TRANSLATE_NOOP("FormulaText", "checkpointing none"),
    QT_TRANSLATE_NOOP("FormulaText", "checkpointing full"),
    QT_TRANSLATE_NOOP("FormulaText", "checkpointing selective"),
    QT_TRANSLATE_NOOP("FormulaText", "checkpointing first_n"),
    QT_TRANSLATE_NOOP("FormulaText", "checkpointing"),
    QT_TRANSLATE_NOOP("FormulaText", "B/param"),
    QT_TRANSLATE_NOOP("FormulaText", "vocab"),
    QT_TRANSLATE_NOOP("FormulaText", "saved log-softmax, scattered gradient, exp, their sum"),
    QT_TRANSLATE_NOOP("FormulaText", "compiled loss: saved input + its gradient"),
    QT_TRANSLATE_NOOP("FormulaText", "the gradients into and out of it"),
    QT_TRANSLATE_NOOP("FormulaText", "one chunk's gradient"),
    QT_TRANSLATE_NOOP("FormulaText", "compiled chunked loss"),
    QT_TRANSLATE_NOOP("FormulaText", "one chunk's fp32 upcast"),
    QT_TRANSLATE_NOOP("FormulaText", "chunked loss"),
    QT_TRANSLATE_NOOP("FormulaText", "tanh's saved output of the soft-capped logits"),
    QT_TRANSLATE_NOOP("FormulaText", "the logits the loop keeps"),
    QT_TRANSLATE_NOOP(
        "FormulaText",
        "gathered FSDP units, autocast weight casts, optimizer temporaries, dequant buffers"),
    QT_TRANSLATE_NOOP("FormulaText", "the load's cached segments"),
    QT_TRANSLATE_NOOP("FormulaText", "replayed through the caching allocator"),
    QT_TRANSLATE_NOOP("FormulaText", "the all-gather stream's pool"),
    QT_TRANSLATE_NOOP("FormulaText", "allocated"),
    QT_TRANSLATE_NOOP("FormulaText", "of the step's blocks, loss, gradients and optimizer states "
                                     "replayed through the caching allocator"),
    QT_TRANSLATE_NOOP("FormulaText",
                      "of the step's blocks and loss replayed through the caching allocator"),
    QT_TRANSLATE_NOOP("FormulaText", "of the loss's transients (not replayed)"),
    QT_TRANSLATE_NOOP(
        "FormulaText",
        "of the prefill's blocks and KV cache replayed through the caching allocator"),
    QT_TRANSLATE_NOOP("FormulaText", "of the logits' transients (not replayed)"),
    QT_TRANSLATE_NOOP("FormulaText", "of the other resident bytes"),
    QT_TRANSLATE_NOOP("FormulaText", "of resident bytes"),
    QT_TRANSLATE_NOOP("FormulaText", "of transients"),
    QT_TRANSLATE_NOOP("FormulaText", "caching allocator"),
    QT_TRANSLATE_NOOP("FormulaText",
                      "of sharded gradients cached in the FSDP reduce-scatter stream's pool"),
    QT_TRANSLATE_NOOP("FormulaText", "cached for the run's other batch lengths (variable sample "
                                     "lengths, replayed through the caching allocator)"),
    QT_TRANSLATE_NOOP("FormulaText", "CUDA context"),
    // a sized server's terms (core/serve/serve.cpp servedFormulas)
    QT_TRANSLATE_NOOP("FormulaText", "weights on this rank"),
    QT_TRANSLATE_NOOP("FormulaText", "RoPE cache"),
    QT_TRANSLATE_NOOP("FormulaText", "the profile run's peak, kept free for the largest step"),
    QT_TRANSLATE_NOOP("FormulaText", "KV pool"),
    QT_TRANSLATE_NOOP("FormulaText", "blocks of"),
    QT_TRANSLATE_NOOP("FormulaText", "per token"),
    QT_TRANSLATE_NOOP("FormulaText", "CUDA graphs"),
    QT_TRANSLATE_NOOP("FormulaText", "memory outside torch (NCCL, cuBLAS)"),
};

// The English words of resources/models.json's "traits"; the abbreviations (MoE, GQA, MHA,
// MLA, SWA, QK-norm, FP8, MXFP4) stay.
constexpr const char* kTraitPhrases[] = {
    QT_TRANSLATE_NOOP("FormulaText", "dense"),
    QT_TRANSLATE_NOOP("FormulaText", "experts"),
    QT_TRANSLATE_NOOP("FormulaText", "shared"),
    QT_TRANSLATE_NOOP("FormulaText", "half the layers"),
    QT_TRANSLATE_NOOP("FormulaText", "5 of 6 layers"),
    QT_TRANSLATE_NOOP("FormulaText", "of"),
    QT_TRANSLATE_NOOP("FormulaText", "layers"),
    QT_TRANSLATE_NOOP("FormulaText", "tied"),
    QT_TRANSLATE_NOOP("FormulaText", "learned positions"),
};

struct Replacement {
    QString from;
    QString to;
    const char* source = nullptr; // the table's literal, the key of its translation
};

bool isWordChar(QChar c) {
    return c.isLetterOrNumber() || c == u'_';
}

/// @p phrases as text, the longest first, so that a phrase wins over the shorter ones in it.
template <size_t N> QList<Replacement> byLength(const char* const (&phrases)[N]) {
    QList<Replacement> list;
    list.reserve(static_cast<qsizetype>(N));
    for (const char* p : phrases) {
        list.append({QString::fromUtf8(p), QString(), p});
    }
    std::stable_sort(list.begin(), list.end(), [](const Replacement& a, const Replacement& b) {
        return a.from.size() > b.from.size();
    });
    return list;
}

/// The phrases that the loaded translators translate, longest first; empty in English.
QList<Replacement> translated(const QList<Replacement>& phrases) {
    QList<Replacement> list;
    for (const Replacement& p : phrases) {
        QString to = QCoreApplication::translate("FormulaText", p.source);
        if (to != p.from) {
            list.append({p.from, std::move(to), p.source});
        }
    }
    return list;
}

/// Whether @p phrase stands at @p i of @p text as whole words (the caller checks the start).
bool matchesAt(const QString& text, qsizetype i, const QString& phrase) {
    if (!QStringView(text).sliced(i).startsWith(phrase)) {
        return false;
    }
    const qsizetype end = i + phrase.size();
    return end >= text.size() || !isWordChar(phrase.back()) || !isWordChar(text[end]);
}

/// @p text with each phrase of @p table that starts at a word's start replaced, in one pass
/// (a translation is never matched again).
QString replaceWords(const QString& text, const QList<Replacement>& table) {
    if (table.isEmpty()) {
        return text;
    }
    QString out;
    out.reserve(text.size() * 2);
    qsizetype i = 0;
    while (i < text.size()) {
        const Replacement* hit = nullptr;
        if (i == 0 || !isWordChar(text[i - 1])) {
            for (const Replacement& r : table) {
                if (matchesAt(text, i, r.from)) {
                    hit = &r;
                    break;
                }
            }
        }
        if (hit) {
            out += hit->to;
            i += hit->from.size();
        } else {
            out += text[i];
            ++i;
        }
    }
    return out;
}

} // namespace

QString FormulaText::translate(const QString& english) {
    static const QList<Replacement> phrases = byLength(kFormulaPhrases);
    QString out = replaceWords(english, translated(phrases));
    //: between two clauses of a formula ("x 32 layers, checkpointing none"); Chinese uses ，
    out.replace(QStringLiteral(", "), tr(", ", "formula clauses"));
    // a remark the translation wrote in CJK script takes the language's parentheses (Chinese
    // sets full-width ones, no space before); a Latin one, "(bf16)", "(b 4 x s 2048)", keeps its
    // own
    const QString open = tr(" ("), close = tr(")");
    if (open != QLatin1String(" (") || close != QLatin1String(")")) {
        static const QRegularExpression remark(
            QStringLiteral(" ?\\(([^()]*[\\x{2E80}-\\x{9FFF}\\x{FF00}-\\x{FFEF}][^()]*)\\)"));
        out.replace(remark, open + QStringLiteral("\\1") + close);
    }
    const QString point = QLocale().decimalPoint();
    if (point != QLatin1String(".")) {
        // a decimal number standing alone: not after a letter, digit, '.', '@', '-' or '_'
        // (versions, model names, keys), and not followed by another '.' digit group
        static const QRegularExpression decimal(
            QStringLiteral("(?<![\\w.@\\-])(\\d+)\\.(\\d+)(?![.\\d])"));
        out.replace(decimal, QStringLiteral("\\1") + point + QStringLiteral("\\2"));
    }
    // a byte figure's number and unit stay on one line, as Units::format keeps them
    static const QRegularExpression figure(QStringLiteral("(\\d) (GiB|GB|MiB|KiB|B)\\b"));
    out.replace(figure, QStringLiteral("\\1\u00a0\\2"));
    return out;
}

QString FormulaText::traits(const QString& english) {
    static const QList<Replacement> phrases = byLength(kTraitPhrases);
    QString out = replaceWords(english, translated(phrases));
    //: between two traits of a model ("dense, GQA, tied"); Chinese lists with 、
    out.replace(QStringLiteral(", "), tr(", "));
    //: around a trait's remark ("SWA 4096 (half the layers)"); Chinese sets full-width ones
    out.replace(QStringLiteral(" ("), tr(" (")).replace(QLatin1Char(')'), tr(")"));
    return out;
}

} // namespace headroom::ui
