// Formula texts and model traits in the interface language (issue 31 item 6): FormulaText
// replaces the engine's English phrases by their translations, whole words only and the
// longest phrase first, and leaves numbers, dtypes, keys and units as they are.
#include "core/engine/estimator.h"
#include "core/io/scenario.h"
#include "core/serve/serve.h"
#include "ui/formulatext.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QTranslator>
#include <QtTest>

#include <memory>

using namespace headroom;
using namespace headroom::ui;

namespace {

using Phrases = QHash<QString, QString>;

/// A translator of the context "FormulaText" from a table; @p all: every phrase to "§".
class TableTranslator : public QTranslator {
public:
    explicit TableTranslator(Phrases table, bool all = false)
        : m_table(std::move(table)), m_all(all) {}
    bool isEmpty() const override { return false; }
    QString translate(const char* context, const char* source, const char* = nullptr,
                      int = -1) const override {
        if (qstrcmp(context, "FormulaText") != 0)
            return {};
        if (m_all)
            return QStringLiteral("§");
        return m_table.value(QString::fromUtf8(source));
    }

private:
    Phrases m_table;
    bool m_all;
};

/// Installs @p t for the scope.
class Installed {
public:
    explicit Installed(QTranslator* t) : m_t(t) { QCoreApplication::installTranslator(t); }
    ~Installed() { QCoreApplication::removeTranslator(m_t); }
    Installed(const Installed&) = delete;
    Installed& operator=(const Installed&) = delete;

private:
    QTranslator* m_t;
};

// real formula texts of the default scenario (headroom-cli estimate)
const QString kActivations =
    QStringLiteral("saved tensors per token x 8192 tokens (b 4 x s 2048) x 32 layers, "
                   "checkpointing none = 54.28 GiB");
const QString kOptimizer =
    QStringLiteral("adamw: 8.03e+09 trainable x 4 B/param (bf16 states) = 29.92 GiB");
const QString kReserve =
    QStringLiteral("20% of transients + 3.5% of resident bytes (caching allocator) = 4.14 GiB");
// the same as the window shows them: a byte figure's number and unit joined by a no-break space
const QString kActivationsShown =
    QStringLiteral("saved tensors per token x 8192 tokens (b 4 x s 2048) x 32 layers, "
                   "checkpointing none = 54.28\u00a0GiB");
const QString kOptimizerShown =
    QStringLiteral("adamw: 8.03e+09 trainable x 4\u00a0B/param (bf16 states) = 29.92\u00a0GiB");

} // namespace

class TstFormulaText : public QObject {
    Q_OBJECT
private slots:
    void translate_data();
    void translate();
    void decimalsInTheLocale_data();
    void decimalsInTheLocale();
    void traits_data();
    void traits();
    void everyPhraseIsInTheTable_data();
    void everyPhraseIsInTheTable();
};

void TstFormulaText::translate_data() {
    QTest::addColumn<Phrases>("table");
    QTest::addColumn<QString>("english");
    QTest::addColumn<QString>("expected");
    QTest::newRow("english-figures-held") << Phrases() << kActivations << kActivationsShown;
    QTest::newRow("english-figures-held-optimizer") << Phrases() << kOptimizer << kOptimizerShown;
    QTest::newRow("phrases, numbers untouched")
        << Phrases{{"saved tensors per token", "gespeicherte Tensoren pro Token"},
                   {"tokens", "Tokens"},
                   {"layers", "Schichten"}}
        << kActivations
        << QStringLiteral("gespeicherte Tensoren pro Token x 8192 Tokens (b 4 x s 2048) x 32 "
                          "Schichten, checkpointing none = 54.28\u00a0GiB");
    // Chinese sets a full-width comma between a formula's clauses (a native read: "32 层, 无")
    QTest::newRow("chinese-clause-comma")
        << Phrases{{"layers", "层"}, {", ", "，"}} << kActivations
        << QStringLiteral("saved tensors per token x 8192 tokens (b 4 x s 2048) x 32 层，"
                          "checkpointing none = 54.28\u00a0GiB");
    // a remark in Chinese takes full-width parentheses, a Latin one keeps its own (a review:
    // "(bf16 状态)" and "(fp32 log-softmax + 其输入与输出的梯度)" in a Chinese column)
    QTest::newRow("chinese-remark-parentheses")
        << Phrases{{"states", "状态"}, {"trainable", "可训练参数"}, {" (", "（"}, {")", "）"}}
        << kOptimizer
        << QStringLiteral(
               "adamw: 8.03e+09 可训练参数 x 4\u00a0B/param（bf16 状态） = 29.92\u00a0GiB");
    QTest::newRow("chinese-latin-remark-kept")
        << Phrases{{"layers", "层"}, {" (", "（"}, {")", "）"}} << kActivations
        << QStringLiteral("saved tensors per token x 8192 tokens (b 4 x s 2048) x 32 层, "
                          "checkpointing none = 54.28\u00a0GiB");
    QTest::newRow("dtype, key and unit untouched")
        << Phrases{{"trainable", "trainierbare"}, {"states", "Zustände"}} << kOptimizer
        << QStringLiteral(
               "adamw: 8.03e+09 trainierbare x 4\u00a0B/param (bf16 Zustände) = 29.92\u00a0GiB");
    QTest::newRow("whole words only")
        << Phrases{{"params", "Parameter"}, {"host", "Host"}}
        << QStringLiteral("parameters offloaded to hosts (offload_params) = 0.00 GiB")
        << QStringLiteral("parameters offloaded to hosts (offload_params) = 0.00\u00a0GiB");
    QTest::newRow("longest phrase first")
        << Phrases{{"of", "von"}, {"of transients", "der temporären Tensoren"}} << kReserve
        << QStringLiteral("20% der temporären Tensoren + 3.5% von resident bytes (caching "
                          "allocator) = 4.14\u00a0GiB");
}

void TstFormulaText::translate() {
    QFETCH(Phrases, table);
    QFETCH(QString, english);
    QFETCH(QString, expected);
    TableTranslator translator(table);
    const auto installed = table.isEmpty() ? nullptr : std::make_unique<Installed>(&translator);
    QCOMPARE(FormulaText::translate(english), expected);
}

// Decimal numbers take the interface locale's separator, as the breakdown's byte columns do
// (the German formula column read "= 14.96 GiB" beside "14,96 GiB"); versions, model names
// and integers stay as the engine writes them.
void TstFormulaText::decimalsInTheLocale_data() {
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("english");
    QTest::addColumn<QString>("expected");
    QTest::newRow("en-unchanged") << "en_US" << kOptimizer << kOptimizerShown;
    QTest::newRow("de-optimizer")
        << "de_DE" << kOptimizer
        << QStringLiteral(
               "adamw: 8,03e+09 trainable x 4\u00a0B/param (bf16 states) = 29,92\u00a0GiB");
    QTest::newRow("de-percent") << "de_DE" << kReserve
                                << QStringLiteral("20% of transients + 3,5% of resident bytes "
                                                  "(caching allocator) = 4,14\u00a0GiB");
    QTest::newRow("de-version-and-name-kept")
        << "de_DE" << QStringLiteral("hf-trainer@4.44 on llama-3.1-8b: 0.5 GiB, v1.2.3")
        << QStringLiteral("hf-trainer@4.44 on llama-3.1-8b: 0,5\u00a0GiB, v1.2.3");
    QTest::newRow("de-integers-kept") << "de_DE" << kActivations
                                      << QStringLiteral("saved tensors per token x 8192 tokens "
                                                        "(b 4 x s 2048) x 32 layers, "
                                                        "checkpointing none = 54,28\u00a0GiB");
    QTest::newRow("zh-unchanged") << "zh_CN" << kOptimizer << kOptimizerShown;
}

void TstFormulaText::decimalsInTheLocale() {
    QFETCH(QString, locale);
    QFETCH(QString, english);
    QFETCH(QString, expected);
    const QLocale before;
    QLocale::setDefault(QLocale(locale));
    const QString out = FormulaText::translate(english);
    QLocale::setDefault(before);
    QCOMPARE(out, expected);
}

void TstFormulaText::traits_data() {
    QTest::addColumn<Phrases>("table");
    QTest::addColumn<QString>("english");
    QTest::addColumn<QString>("expected");
    const QString swa = QStringLiteral("dense, GQA, SWA 4096 (half the layers), tied");
    QTest::newRow("english unchanged") << Phrases() << swa << swa;
    QTest::newRow("german") << Phrases{{"dense", "dicht"},
                                       {"half the layers", "die Hälfte der Schichten"},
                                       {"layers", "Schichten"},
                                       {"tied", "gekoppelte Embeddings"}}
                            << swa
                            << QStringLiteral(
                                   "dicht, GQA, SWA 4096 (die Hälfte der Schichten), gekoppelte "
                                   "Embeddings");
    // Chinese lists with 、 and sets full-width parentheses (a native read: "稠密, GQA")
    QTest::newRow("chinese-punctuation")
        << Phrases{{"dense", "稠密"},    {"half the layers", "一半的层"},
                   {"tied", "共享嵌入"}, {", ", "、"},
                   {" (", "（"},         {")", "）"}}
        << swa << QStringLiteral("稠密、GQA、SWA 4096（一半的层）、共享嵌入");
    QTest::newRow("moe") << Phrases{{"experts", "专家"}, {"shared", "个共享专家"}}
                         << QStringLiteral("MoE 256 experts top-8 + 1 shared, MLA, FP8")
                         << QStringLiteral("MoE 256 专家 top-8 + 1 个共享专家, MLA, FP8");
}

void TstFormulaText::traits() {
    QFETCH(Phrases, table);
    QFETCH(QString, english);
    QFETCH(QString, expected);
    TableTranslator translator(table);
    const auto installed = table.isEmpty() ? nullptr : std::make_unique<Installed>(&translator);
    QCOMPARE(FormulaText::traits(english), expected);
}

void TstFormulaText::everyPhraseIsInTheTable_data() {
    // 0 training, 1 inference, 2 training on TP 2 x PP 2, 3 training on ZeRO-3 x 4
    QTest::addColumn<int>("mode");
    QTest::newRow("training") << 0;
    QTest::newRow("inference") << 1;
    QTest::newRow("tp2 pp2") << 2;
    QTest::newRow("zero3") << 3;
    QTest::newRow("sized-server") << 4; // core servedFormulas (the bar of a vLLM server)
}

/// With every phrase translated, a formula keeps no English word but keys, dtypes, units
/// and identifiers: the table holds every phrase the engine writes for these scenarios.
void TstFormulaText::everyPhraseIsInTheTable() {
    QFETCH(int, mode);
    Scenario s = defaultScenario();
    if (mode == 1)
        s.workload.mode = Mode::Inference;
    if (mode == 2) {
        s.workload.parallel.tp = 2;
        s.workload.parallel.pp = 2;
    }
    if (mode == 3) {
        s.workload.parallel.dp = 4;
        s.workload.parallel.sharding = Sharding::Zero3;
    }
    const QSet<QString> kept = {
        QStringLiteral("x"),        QStringLiteral("B"),        QStringLiteral("GiB"),
        QStringLiteral("MiB"),      QStringLiteral("bf16"),     QStringLiteral("fp32"),
        QStringLiteral("adamw"),    QStringLiteral("none"),     QStringLiteral("param"),
        QStringLiteral("b"),        QStringLiteral("s"),        QStringLiteral("L"),
        QStringLiteral("kv_heads"), QStringLiteral("head_dim"), QStringLiteral("TP"),
        QStringLiteral("NCCL"),     QStringLiteral("lm_head"),  QStringLiteral("e"),
        QStringLiteral("log"),      QStringLiteral("softmax"),  QStringLiteral("zero3")};
    TableTranslator all({}, true);
    const Installed installed(&all);
    static const QRegularExpression word(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*"));
    std::array<std::string, kTermCount> served{};
    if (mode == 4) {
        s.workload.mode = Mode::Inference;
        s.workload.inference.memoryUtilization = 0.9;
        const auto r = serve(s.model, s.workload, s.gpu);
        QVERIFY(r.ok());
        served = servedFormulas(*r);
    }
    for (int t = 0; t < kTermCount; ++t) {
        const QString text = QString::fromStdString(
            mode == 4 ? served[static_cast<size_t>(t)]
                      : termFormula(static_cast<Term>(t), s.model, s.workload, &s.gpu, 0));
        const QString out = FormulaText::translate(text);
        for (const QRegularExpressionMatch& m : word.globalMatch(out)) {
            QVERIFY2(kept.contains(m.captured()),
                     qPrintable(QStringLiteral("'%1' left in: %2").arg(m.captured(), out)));
        }
    }
}

QTEST_GUILESS_MAIN(TstFormulaText)
#include "tst_formulatext.moc"
