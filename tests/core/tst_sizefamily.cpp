// The model-size slider's families (core/model/size_family.h): real sizes snap to their
// preset, shapes between and beyond are derived from the family, by hand where the numbers
// are small enough to derive; the scenario keeps where a derived shape came from.
#include "core/io/scenario.h"
#include "core/model/size_family.h"

#include <QtTest>

#include <cmath>

using namespace headroom;

class TstSizeFamily : public QObject {
    Q_OBJECT
private slots:
    void realSizesSnap_data();
    void realSizesSnap();
    void derivedNearTarget_data();
    void derivedNearTarget();
    void llama3At20bByHand();
    void familiesOrdered();
    void scenarioKeepsDerivedFrom();
    void scenarioRejectsUnknownDerivedFrom();
};

void TstSizeFamily::realSizesSnap_data() {
    QTest::addColumn<QString>("family");
    QTest::addColumn<double>("params");
    QTest::addColumn<QString>("preset");
    // totals from tst_params / the model cards; within 2 % in log size snaps to the preset
    QTest::newRow("llama-3-1b") << "llama-3" << 1.24e9 << "llama-3.2-1b";
    QTest::newRow("llama-3-8b") << "llama-3" << 8.03e9 << "llama-3.1-8b";
    QTest::newRow("llama-3-70b-within-2pc") << "llama-3" << 69.5e9 << "llama-3.1-70b";
    QTest::newRow("llama-3-405b") << "llama-3" << 405.9e9 << "llama-3.1-405b";
    QTest::newRow("qwen2.5-0.5b") << "qwen2.5" << 0.494e9 << "qwen2.5-0.5b";
    QTest::newRow("qwen2.5-72b") << "qwen2.5" << 72.7e9 << "qwen2.5-72b";
    QTest::newRow("gemma-2-9b") << "gemma-2" << 9.24e9 << "gemma-2-9b";
}

void TstSizeFamily::realSizesSnap() {
    QFETCH(QString, family);
    QFETCH(double, params);
    QFETCH(QString, preset);
    const FamilySize f = familySizeAt(family.toStdString(), params);
    QVERIFY(!f.derived);
    QCOMPARE(QString::fromStdString(f.presetKey), preset);
    QCOMPARE(countParameters(f.arch).total,
             countParameters(findModelPreset(preset.toStdString())->arch).total);
}

void TstSizeFamily::derivedNearTarget_data() {
    QTest::addColumn<QString>("family");
    QTest::addColumn<double>("params");
    QTest::addColumn<double>("tolerance"); // whole layers: about half a layer's share
    QTest::newRow("llama-3-20b-between") << "llama-3" << 20e9 << 0.02;
    QTest::newRow("llama-3-150b-between") << "llama-3" << 150e9 << 0.02;
    QTest::newRow("llama-3-1t-beyond") << "llama-3" << 1e12 << 0.02;
    QTest::newRow("llama-3-0.3b-below") << "llama-3" << 0.3e9 << 0.10; // few, wide layers
    QTest::newRow("qwen2.5-3b-between") << "qwen2.5" << 3e9 << 0.05;
    QTest::newRow("llama-2-30b-between") << "llama-2" << 30e9 << 0.02;
    QTest::newRow("mixtral-50b-moe") << "mixtral" << 80e9 << 0.05;
    QTest::newRow("gpt2-large-family-of-one") << "gpt2-large" << 2e9 << 0.05;
}

void TstSizeFamily::derivedNearTarget() {
    QFETCH(QString, family);
    QFETCH(double, params);
    QFETCH(double, tolerance);
    const FamilySize f = familySizeAt(family.toStdString(), params);
    QVERIFY(f.derived);
    QCOMPARE(validateArch(f.arch), ArchError::Ok);
    const double total = double(countParameters(f.arch).total);
    QVERIFY2(std::abs(total / params - 1) <= tolerance,
             qPrintable(QStringLiteral("%1 params for %2").arg(total).arg(params)));
    QVERIFY(f.arch.numHeads % f.arch.numKvHeads == 0);
    QVERIFY(QString::fromStdString(f.arch.name).endsWith(QStringLiteral("(derived)")));
    QCOMPARE(f.arch.publishedParams, int64_t(0));
}

// Between Llama-3.1-8B (32 layers, h 4096, 8,030,261,248 params) and 70B (80 layers, h 8192,
// 70,553,706,496): t = ln(20/8.03)/ln(70.55/8.03) = 0.420; h = 4096^0.58 x 8192^0.42 = 5480,
// the nearest size (8B) gives 128 per head and 8 KV heads: 32 x 5480/4096 / 8 = 5.35 -> 5
// groups, 40 heads, h 5120; FFN 14336 x 5120/4096 = 17920. One block: q,o 2 x 5120^2 + k,v
// 2 x 5120 x 1024 + MLP 3 x 5120 x 17920 + 2 norms x 5120 = 338,176,000; embeddings and
// lm_head 2 x 128256 x 5120 + final norm 5120 = 1,313,346,560. Layers (20e9 - 1,313,346,560)
// / 338,176,000 = 55.3 -> 55: 19,913,026,560 params.
void TstSizeFamily::llama3At20bByHand() {
    const FamilySize f = familySizeAt("llama-3", 20e9);
    QVERIFY(f.derived);
    QCOMPARE(QString::fromStdString(f.presetKey), QStringLiteral("llama-3.1-8b"));
    QCOMPARE(f.arch.hiddenSize, int64_t(5120));
    QCOMPARE(f.arch.numHeads, 40);
    QCOMPARE(f.arch.numKvHeads, 8);
    QCOMPARE(f.arch.intermediateSize, int64_t(17920));
    QCOMPARE(f.arch.numLayers, 55);
    QCOMPARE(countParameters(f.arch).total, int64_t(19913026560));
    QCOMPARE(QString::fromStdString(f.arch.name), QStringLiteral("Llama 3.1 ~19.9B (derived)"));
}

void TstSizeFamily::familiesOrdered() {
    const auto m = familyMembers("llama-3");
    QCOMPARE(int(m.size()), 5); // 3.2 1B, 3.2 3B, 3.1 8B, 70B, 405B
    QCOMPARE(QString::fromStdString(m.front()->key), QStringLiteral("llama-3.2-1b"));
    QCOMPARE(QString::fromStdString(m.back()->key), QStringLiteral("llama-3.1-405b"));
    QCOMPARE(QString::fromStdString(familyOfPreset("qwen2.5-7b")), QStringLiteral("qwen2.5"));
    QCOMPARE(QString::fromStdString(familyOfPreset("gpt2-large")), QStringLiteral("gpt2-large"));
    QVERIFY(familyOfPreset("no-such-model").empty());
    QVERIFY(familyMembers("no-such-family").empty());
}

void TstSizeFamily::scenarioKeepsDerivedFrom() {
    Scenario s = defaultScenario();
    FamilySize f = familySizeAt("llama-3", 20e9);
    s.modelSource = ModelSource::Inline;
    s.model = f.arch;
    s.derivedFrom = f.presetKey;
    const auto back = scenarioFromJson(toJson(s));
    QVERIFY(back.ok());
    QCOMPARE(QString::fromStdString(back->derivedFrom), QStringLiteral("llama-3.1-8b"));
    QCOMPARE(countParameters(back->model).total, int64_t(19913026560));
}

void TstSizeFamily::scenarioRejectsUnknownDerivedFrom() {
    Scenario s = defaultScenario();
    s.modelSource = ModelSource::Inline;
    s.derivedFrom = "no-such-preset";
    const auto back = scenarioFromJson(toJson(s));
    QVERIFY(!back.ok());
    QCOMPARE(QString::fromStdString(back.error().field), QStringLiteral("model.derived_from"));
}

QTEST_APPLESS_MAIN(TstSizeFamily)
#include "tst_sizefamily.moc"
