// Variable sample lengths (core/engine/reserve/length_replay.h). Quantile rows are standard normal
// table values; batch-length rows follow batchLengths()' rule by hand (harmonic-number
// records, expected-maximum quantiles); the replay rows are traced by hand through the
// caching allocator's rules (core/engine/reserve/allocator_model.h) on a run reduced to its loss
// chain. The engine against measured runs: tst_validation variableLengthsReserved.
#include "core/engine/estimator.h"
#include "core/engine/reserve/length_replay.h"
#include "core/engine/reserve/replay_cache.h"
#include "core/model/presets.h"

#include "testsupport.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace headroom;

Q_DECLARE_METATYPE(std::vector<int64_t>)

namespace {
constexpr double MiB = 1024.0 * 1024.0;

/// A run reduced to its loss chain: no blocks, a 64-wide hidden state (small-pool requests
/// only), 2^19 vocabulary rows, so a token's bf16 logits take 1 MiB and its fp32 ones 2 MiB.
StepShape lossOnly(bool fp32Logits) {
    StepShape s;
    s.layers = 0;
    s.hidden = s.qOut = s.kvOut = s.intermediate = 64;
    s.vocab = int64_t{1} << 19;
    s.c = 2;
    s.fp32Logits = fp32Logits;
    return s;
}

SampleLengths normal(int64_t mean, int64_t sd, int64_t steps) {
    SampleLengths d;
    d.mean = mean;
    d.std = sd;
    d.steps = steps;
    return d;
}

/// Llama-2-7B LoRA r 8, checkpointed, batch 1 of @p seq tokens, lengths normal(mean, sd).
Workload loraRun(int64_t seq, int64_t mean, int64_t sd, int64_t steps) {
    Workload w = testsupport::training(PrecisionPreset::PureBf16, 1, seq);
    w.finetune = Finetune::LoRA;
    w.lora.rank = 8;
    w.checkpointing = Checkpointing::Full;
    w.lengths = normal(mean, sd, steps);
    return w;
}

} // namespace

class TstLengthReplay : public QObject {
    Q_OBJECT
private slots:
    void quantile_data();
    void quantile();
    void newLongestBatchesAreHarmonicCrossings();
    void batchLengths_data();
    void batchLengths();
    void lossChainReplay_data();
    void lossChainReplay();
    void nothingToReplay_data();
    void nothingToReplay();
    void hugeRequestIsNotReplayed();
    void deepStagesReplayTheirFirstBlocks();
    void pipelineStagesShareOneReplay();
    void fullGpuReleasesTheLengthsCacheFirst();
    void stepReplayTokens_data();
    void stepReplayTokens();
    void uniformWidthsLeaveNoFragmentation_data();
    void uniformWidthsLeaveNoFragmentation();
    void stepFragmentationGrowsWithTokens_data();
    void stepFragmentationGrowsWithTokens();
    void eagerScoresAreReplayed_data();
    void eagerScoresAreReplayed();
    void eagerReserveNeverFallsWithSequence_data();
    void eagerReserveNeverFallsWithSequence();
    void fullFineTuneReserveNeverFalls_data();
    void fullFineTuneReserveNeverFalls();
    void fullFineTuneEnvelopeIsCached();
    void stepReplayedOnlyWhereItApplies_data();
    void stepReplayedOnlyWhereItApplies();
    void cachedReplays_data();
    void cachedReplays();
    void prefillReserveScalesWithThePrompt();
    void eagerPrefillNeverFalls();
    void prefillKvConcat_data();
    void prefillKvConcat();
    void everyShapeFieldDecidesAHit_data();
    void everyShapeFieldDecidesAHit();
};

void TstLengthReplay::quantile_data() {
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("z"); // standard normal table
    QTest::newRow("median") << 0.5 << 0.0;
    QTest::newRow("p80") << 0.8 << 0.8416212335729144;
    QTest::newRow("p975") << 0.975 << 1.959963984540054;
    QTest::newRow("p999-upper-tail") << 0.999 << 3.090232306167813;
    QTest::newRow("p01-lower-tail") << 0.01 << -2.326347874040841;
    QTest::newRow("p25") << 0.25 << -0.6744897501960817;
}

void TstLengthReplay::quantile() {
    QFETCH(double, p);
    QFETCH(double, z);
    QVERIFY2(std::fabs(normalQuantile(p) - z) < 1e-8,
             qPrintable(QString::number(normalQuantile(p), 'g', 17)));
}

// The table is H_n's integer crossings, computed here from the definition up to the step
// limit: n = 1 and every n with floor(H_n) > floor(H_(n-1)).
void TstLengthReplay::newLongestBatchesAreHarmonicCrossings() {
    std::vector<int64_t> crossings;
    double h = 0;
    for (int64_t n = 1; n <= limits::kTrainSteps; ++n) {
        const double before = h;
        h += 1.0 / static_cast<double>(n);
        if (n == 1 || std::floor(h) > std::floor(before))
            crossings.push_back(n);
    }
    QCOMPARE(crossings,
             std::vector<int64_t>(std::begin(kNewLongestBatches), std::end(kNewLongestBatches)));
}

void TstLengthReplay::batchLengths_data() {
    QTest::addColumn<SampleLengths>("lengths");
    QTest::addColumn<qlonglong>("seq");
    QTest::addColumn<qlonglong>("microBatch");
    QTest::addColumn<std::vector<int64_t>>("expected");
    // new longest batches where H_n passes an integer: n = 1, 4, 11 (H_11 = 3.02), 31, 83
    QTest::newRow("no-spread-five-records-of-100-steps")
        << normal(1000, 0, 100) << 4096LL << 1LL
        << std::vector<int64_t>{1000, 1000, 1000, 1000, 1000};
    // n = 1, 4, 11: quantiles 1/2, 4/5, 11/12 of normal(1000, 200): 1000, 1168.3, 1276.6
    QTest::newRow("three-records-quantiles")
        << normal(1000, 200, 11) << 4096LL << 1LL << std::vector<int64_t>{1000, 1168, 1277};
    // longer samples truncated to the sequence length
    QTest::newRow("truncated-to-sequence")
        << normal(1000, 200, 11) << 1100LL << 1LL << std::vector<int64_t>{1000, 1100, 1100};
    // dropped above 1000: kept share Phi(0) = 1/2, quantiles 1/4 and 2/5 of the normal:
    // 1000 - 200 x 0.67449 = 865.1, 1000 - 200 x 0.25335 = 949.3
    QTest::newRow("dropped-above-sequence") << [] {
        SampleLengths d = normal(1000, 200, 4);
        d.dropLong = true;
        return d;
    }() << 1000LL << 1LL << std::vector<int64_t>{865, 949};
    // two samples per batch: the first batch's longest is the quantile 2/3: 1000 + 200 x
    // 0.430727 = 1086.1
    QTest::newRow("micro-batch-2-longest-of-two")
        << normal(1000, 200, 1) << 4096LL << 2LL << std::vector<int64_t>{1086};
    // kept share Phi((60 - 100) / 200) = 0.42074; quantile 0.21037: 100 - 200 x 0.8052 = -61,
    // clipped to the shortest sample, 50
    QTest::newRow("clipped-to-shortest") << [] {
        SampleLengths d = normal(100, 200, 1);
        d.min = 50;
        d.dropLong = true;
        return d;
    }() << 60LL << 1LL << std::vector<int64_t>{50};
    // the data set's longest sample (1100) caps the quantile 4/5 (1168.3)
    QTest::newRow("clipped-to-longest") << [] {
        SampleLengths d = normal(1000, 200, 4);
        d.max = 1100;
        return d;
    }() << 4096LL << 1LL << std::vector<int64_t>{1000, 1100};
    QTest::newRow("fixed-lengths-none")
        << SampleLengths{} << 4096LL << 1LL << std::vector<int64_t>{};
}

void TstLengthReplay::batchLengths() {
    QFETCH(SampleLengths, lengths);
    QFETCH(qlonglong, seq);
    QFETCH(qlonglong, microBatch);
    QFETCH(std::vector<int64_t>, expected);
    const std::vector<int64_t> got = headroom::batchLengths(lengths, seq, microBatch);
    QCOMPARE(got, expected);
}

void TstLengthReplay::lossChainReplay_data() {
    QTest::addColumn<bool>("fp32Logits");
    QTest::addColumn<std::vector<int64_t>>("lengths");
    QTest::addColumn<double>("expectedMiB");
    // 16 tokens: logits 16 MiB (A), upcast 32 (B), log-softmax 32 (C); the upcast and the
    // logits are freed; backward: nll's gradient takes B, log-softmax's gradient needs a new
    // 32 (D), the bf16 gradient takes A: 112 MiB. 24 tokens: the logits (24) split B, the
    // upcast and log-softmax need new 48s (E, F), the gradients take E and a new 48 (G): +144
    // = 256 MiB. Two steps at 24: 24 + 3 x 48 = 168 MiB. 256 - 168 = 88 MiB.
    QTest::newRow("growing-16-then-24") << false << std::vector<int64_t>{16, 24} << 88.0;
    // shorter after longer: every request of the 16-token step splits a cached block
    QTest::newRow("shrinking-24-then-16") << false << std::vector<int64_t>{24, 16} << 0.0;
    QTest::newRow("one-length") << false << std::vector<int64_t>{24} << 0.0;
    // every step the same length (a clipped distribution's one value): the same blocks again
    QTest::newRow("repeated-length") << false << std::vector<int64_t>{24, 24, 24} << 0.0;
    // HF < 4.45 (fp32 logits): 16 tokens: logits 16 (A), upcast 32 (B), A freed, the shifted
    // copy 32 (C), log-softmax 32 (D), C and B freed; backward: nll's gradient takes B, log-
    // softmax's C, the unshifted gradient B again, the bf16 gradient A: 112 MiB. 24 tokens:
    // the logits split B; upcast, shifted copy and log-softmax need new 48s (E, F, G); the
    // gradients take E, F and E, the bf16 one splits B: 256 MiB. Two steps at 24: logits 24,
    // upcast 48, shifted 48 (the freed 24 is too small), log-softmax 48: 168. 88 MiB.
    QTest::newRow("fp32-logits-growing-16-then-24") << true << std::vector<int64_t>{16, 24} << 88.0;
}

void TstLengthReplay::lossChainReplay() {
    QFETCH(bool, fp32Logits);
    QFETCH(std::vector<int64_t>, lengths);
    QFETCH(double, expectedMiB);
    QCOMPARE(lengthsReserve(lossOnly(fp32Logits), 1, lengths) / MiB, expectedMiB);
}

void TstLengthReplay::nothingToReplay_data() {
    QTest::addColumn<QString>("what");
    QTest::newRow("fixed-lengths") << "fixed";
    QTest::newRow("expandable-segments") << "expandable";
    QTest::newRow("inference") << "inference";
}

void TstLengthReplay::nothingToReplay() {
    QFETCH(QString, what);
    Workload w = testsupport::training(PrecisionPreset::PureBf16, 1, 4096);
    w.lengths = normal(2000, 1000, 1000);
    if (what == "fixed")
        w.lengths = SampleLengths{};
    if (what == "expandable")
        w.features.expandableSegments = true;
    if (what == "inference")
        w.mode = Mode::Inference;
    StepShape s = lossOnly(false);
    s.layers = 2;
    QCOMPARE(variableLengthReserve(w, s), 0.0);
    // the same run with the lengths varying does grow (the row above tests the switch)
    Workload varying = testsupport::training(PrecisionPreset::PureBf16, 1, 4096);
    varying.lengths = normal(2000, 1000, 1000);
    QVERIFY(variableLengthReserve(varying, s) > 0);
}

void TstLengthReplay::hugeRequestIsNotReplayed() {
    StepShape s = lossOnly(false);
    s.vocab = int64_t{1} << 30; // 4 GiB of fp32 logits per token
    QCOMPARE(lengthsReserve(s, 1 << 20, {1 << 20, 1 << 21}), 0.0);
}

// A stage deeper than kReplayedLayers (fields allow 100,000 blocks) is replayed as its first
// kReplayedLayers blocks: the same bytes as a stage that deep, at a bounded cost.
void TstLengthReplay::deepStagesReplayTheirFirstBlocks() {
    StepShape deep = lossOnly(false);
    deep.hidden = deep.qOut = deep.kvOut = 4096;
    deep.intermediate = 11008;
    deep.layers = deep.checkpointed = 100000;
    StepShape bounded = deep;
    bounded.layers = bounded.checkpointed = kReplayedLayers;
    const std::vector<int64_t> lengths{512, 1024, 2048};
    const double got = lengthsReserve(deep, 1, lengths);
    QVERIFY(got > 0);
    QCOMPARE(got, lengthsReserve(bounded, 1, lengths));
}

// A valid 100,000-layer model on 5,000 pipeline stages with varying lengths: the middle
// stages have one shape, so one estimate replays the lengths once per distinct shape (first,
// middle, last stage), not once per stage; estimate() opens its own replay cache when its
// caller has none. Before it did, this estimate took 6.4 s (Release, 2 cores; headroom-cli
// estimate at --pp 1000 77 s, now 0.26 s); now 0.04 s. Bound: 5 s.
void TstLengthReplay::pipelineStagesShareOneReplay() {
    ModelArch m = testsupport::llama2_7b();
    m.numLayers = 100000;
    m.hiddenSize = 256;
    m.numHeads = m.numKvHeads = 4;
    m.headDim = 64;
    m.intermediateSize = 512;
    Workload w = testsupport::training(PrecisionPreset::PureBf16, 1, 4096);
    w.lengths = normal(512, 300, 200);
    w.parallel.pp = 5000;
    QElapsedTimer clock;
    clock.start();
    const Estimate alone = estimate(m, w); // no cache of the caller's
    const qint64 ms = clock.elapsed();
    QVERIFY(alone.worst.lengthsCache > 0);
    QVERIFY2(ms < 5000, qPrintable(QStringLiteral("%1 ms").arg(ms)));
    ReplayCache cache;
    {
        const ReplayCache::Scope scope(cache);
        const Estimate shared = estimate(m, w);
        QCOMPARE(shared.worst.nvidiaSmi, alone.worst.nvidiaSmi);
    }
    QVERIFY2(cache.replays() <= 3, qPrintable(QString::number(cache.replays())));
}

// A GPU that holds the run but not all the segments its other batch lengths left cached: the
// allocator frees those (release_cached_blocks) before it raises an OOM, so reserved keeps
// what the capacity leaves room for, the lengths cache is what is cut, and the run fits.
void TstLengthReplay::fullGpuReleasesTheLengthsCacheFirst() {
    const ModelArch m = testsupport::llama2_7b();
    const Workload w = loraRun(4096, 2000, 1000, 1000);
    const Estimate open = estimate(m, w);
    const double cache = open.worst.lengthsCache;
    QVERIFY(cache > 0);
    const GpuSpec gpu = customGpu(open.worst.nvidiaSmi - cache / 2);
    const Estimate held = estimate(m, w, &gpu);
    const double cut = open.worst.nvidiaSmi - gpu.bytes(); // customGpu keeps whole MiB
    testsupport::compare(held.worst.lengthsCache, cache - cut, 1e-9);
    testsupport::compare(held.worst.reserved, open.worst.reserved - cut, 1e-9);
    QVERIFY(rankFits(held.worst, gpu.bytes()));
}

// The token count of the step replay: 65,536, doubled until the narrowest tensor (a
// key/value projection or the hidden state, per token min(kvOut, hidden) x c bytes) holds
// 64 MiB, at most 2^25.
void TstLengthReplay::stepReplayTokens_data() {
    QTest::addColumn<qint64>("narrow"); // min(kvOut, hidden)
    QTest::addColumn<double>("c");
    QTest::addColumn<qint64>("tokens");
    // Llama-3.1-8B: 1024 x 2 B = 2 KiB a token: 65,536 tokens hold 128 MiB
    QTest::newRow("llama31-8b-kv-1024-bf16") << qint64(1024) << 2.0 << qint64(65536);
    // 512 B a token: 64 MiB / 512 B = 131,072
    QTest::newRow("kv-256-bf16") << qint64(256) << 2.0 << qint64(131072);
    // 128 B a token: 524,288
    QTest::newRow("kv-64-bf16") << qint64(64) << 2.0 << qint64(524288);
    // 2 B a token: 2^25 tokens are exactly 64 MiB, the cap
    QTest::newRow("width-1-bf16-cap") << qint64(1) << 2.0 << qint64(1) * (1 << 25);
}

void TstLengthReplay::stepReplayTokens() {
    QFETCH(qint64, narrow);
    QFETCH(double, c);
    QFETCH(qint64, tokens);
    StepShape s;
    s.layers = 1;
    s.hidden = s.qOut = s.intermediate = 4096;
    s.kvOut = narrow;
    s.c = c;
    QCOMPARE(headroom::stepReplayTokens(s), tokens);
}

// A block whose tensors all have one size, with no loss chain: every block freed serves the
// next request whole (best fit finds an exact one, nothing is split), so the replay holds no
// segment beyond its allocated peak, whatever the depth or the checkpointing.
void TstLengthReplay::uniformWidthsLeaveNoFragmentation_data() {
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("checkpointed");
    QTest::newRow("one-block") << 1 << 0;
    QTest::newRow("eight-blocks-no-checkpointing") << 8 << 0;
    QTest::newRow("eight-blocks-checkpointed") << 8 << 8;
    QTest::newRow("deeper-than-replayed") << 300 << 300;
}

void TstLengthReplay::uniformWidthsLeaveNoFragmentation() {
    QFETCH(int, layers);
    QFETCH(int, checkpointed);
    StepShape s;
    s.layers = layers;
    s.checkpointed = checkpointed;
    s.hidden = s.qOut = s.kvOut = s.intermediate = 4096;
    s.gatedMlp = false;
    s.vocab = 0;
    const StepFragmentation f = stepFragmentation(s);
    QCOMPARE(f.reservePerToken, 0.0);
    QCOMPARE(f.releasablePerToken, 0.0);
}

// The replay is read per token, so the reserve grows in proportion to the tokens of the
// micro-batch: 4 samples hold exactly 4 times one sample's, twice the sequence twice (the
// fits verdict and max-batch search need memory that never falls as the batch grows).
void TstLengthReplay::stepFragmentationGrowsWithTokens_data() {
    QTest::addColumn<int>("checkpointing");
    QTest::newRow("checkpointed") << int(Checkpointing::Full);
    QTest::newRow("not-checkpointed") << int(Checkpointing::None);
}

void TstLengthReplay::stepFragmentationGrowsWithTokens() {
    QFETCH(int, checkpointing);
    const ModelArch m = testsupport::llama2_7b();
    Workload w = loraRun(2048, 0, 0, 1);
    w.checkpointing = static_cast<Checkpointing>(checkpointing);
    const RankEstimate one = estimate(m, w).worst;
    QVERIFY(one.stepReplayed);
    QVERIFY(one.stepFragmentation > 0);
    w.microBatch = 4;
    testsupport::compare(estimate(m, w).worst.stepFragmentation, 4 * one.stepFragmentation, 1e-12);
    w.microBatch = 1;
    w.sequenceLength = 4096;
    testsupport::compare(estimate(m, w).worst.stepFragmentation, 2 * one.stepFragmentation, 1e-12);
}

// Eager attention materialises b x heads x s x s scores, their fp32 softmax and its cast in
// every block (transformers eager_attention_forward), a fused kernel none: the replay runs
// them. A score tensor is tokens x heads x s, so the reserve per token depends on the
// sequence length under eager attention where a fused kernel's does not, and once the scores
// are the widest tensors of the step (Llama-2-7B at 4096: 32 x 4096 x 2 B = 256 KiB per token
// against the fp32 logits' 125 KiB) they hold more cached bytes than SDPA's step. Measured
// effect: tst_validation replayedFragmentation H200-13-R / H200-28-R.
void TstLengthReplay::eagerScoresAreReplayed_data() {
    QTest::addColumn<int>("checkpointing");
    QTest::newRow("checkpointed") << int(Checkpointing::Full);
    QTest::newRow("not-checkpointed") << int(Checkpointing::None);
}

void TstLengthReplay::eagerScoresAreReplayed() {
    QFETCH(int, checkpointing);
    const ModelArch m = testsupport::llama2_7b();
    Workload w = loraRun(4096, 0, 0, 1);
    w.checkpointing = static_cast<Checkpointing>(checkpointing);
    w.attention = AttentionImpl::SDPA;
    const double sdpa = estimate(m, w).worst.stepFragmentation;
    w.attention = AttentionImpl::Eager;
    const RankEstimate eager = estimate(m, w).worst;
    QVERIFY(eager.stepReplayed);
    QVERIFY2(
        eager.stepFragmentation > sdpa,
        qPrintable(QStringLiteral("eager %1 B, sdpa %2 B").arg(eager.stepFragmentation).arg(sdpa)));
    // per token, SDPA's reserve is the same at any length; eager's never falls as the
    // sequence grows (the grid, eagerReserveNeverFallsWithSequence)
    w.sequenceLength = 2048;
    const double eagerHalf = estimate(m, w).worst.stepFragmentation;
    QVERIFY(eager.stepFragmentation >= 2 * eagerHalf * (1 - 1e-12));
    w.attention = AttentionImpl::SDPA;
    testsupport::compare(2 * estimate(m, w).worst.stepFragmentation, sdpa, 1e-12);
    // the replay itself, at one token count: eager's per-token reserve depends on the
    // sequence (a score tensor is tokens x heads x s), a fused kernel's does not
    StepShape shape;
    shape.layers = m.numLayers;
    shape.checkpointed = checkpointing == int(Checkpointing::Full) ? m.numLayers : 0;
    shape.hidden = shape.qOut = shape.kvOut = m.hiddenSize;
    shape.intermediate = m.intermediateSize;
    shape.vocab = m.vocabSize;
    shape.scoreHeads = m.numHeads;
    shape.scoreKeys = 2048;
    const double at2048 = stepFragmentation(shape).reservePerToken;
    shape.scoreKeys = 4096;
    const double at4096 = stepFragmentation(shape).reservePerToken;
    QVERIFY2(std::fabs(at4096 - at2048) > 1e-3 * at4096,
             qPrintable(QStringLiteral("%1 vs %2 B per token").arg(at2048).arg(at4096)));
}

// Under eager attention the replayed reserve per token jumps with the sequence (Llama-3.2-1B
// LoRA, checkpointed: -39 % from 7168 to 7296 tokens, where the fp32 softmax outputs start to
// hold the loss's tensors); cachedStepFragmentation takes the worst over the grid lengths up
// to the run's, so the memory a verdict weighs never falls as the sequence grows.
void TstLengthReplay::eagerReserveNeverFallsWithSequence_data() {
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("microBatch");
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("to");
    QTest::newRow("llama32-1b-b1-past-7168") << "llama-3.2-1b" << 1 << 6912 << 7552;
    QTest::newRow("llama2-7b-b4-short") << "llama-2-7b" << 4 << 1536 << 3456;
    QTest::newRow("gpt2-large-b4") << "gpt2-large" << 4 << 128 << 1024;
}

void TstLengthReplay::eagerReserveNeverFallsWithSequence() {
    QFETCH(QString, preset);
    QFETCH(int, microBatch);
    QFETCH(int, from);
    QFETCH(int, to);
    const ModelPreset* p = findModelPreset(preset.toStdString());
    QVERIFY(p);
    Workload w = loraRun(from, 0, 0, 1);
    w.lora.rank = 16;
    w.microBatch = microBatch;
    w.attention = AttentionImpl::Eager;
    ReplayCache cache;
    const ReplayCache::Scope scope(cache);
    double previous = 0;
    for (int s = from; s <= to; s += 128) {
        w.sequenceLength = s;
        const double needed = verdictBytes(estimate(p->arch, w).worst);
        QVERIFY2(
            needed >= previous,
            qPrintable(QStringLiteral("%1 tokens: %2 B < %3 B").arg(s).arg(needed).arg(previous)));
        previous = needed;
    }
}

// A full fine-tune on one GPU replays its gradients and optimizer states with the step
// (stepReserve); their sizes are fixed, so the split pattern changes at every token count,
// and the largest reserve over the grid token counts up to the run's is taken: memory never
// falls as the micro-batch or the sequence grows. Measured effect: tst_validation
// replayedFragmentation H200-06-R / H200-10-R.
void TstLengthReplay::fullFineTuneReserveNeverFalls_data() {
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("checkpointing");
    QTest::addColumn<QString>("grows"); // "batch": 1..24 at 1024 tokens; "sequence": 128..4096
    QTest::newRow("llama32-1b-checkpointed-batch")
        << "llama-3.2-1b" << int(Checkpointing::Full) << "batch";
    QTest::newRow("llama32-1b-checkpointed-sequence")
        << "llama-3.2-1b" << int(Checkpointing::Full) << "sequence";
    QTest::newRow("llama32-3b-no-checkpointing-batch")
        << "llama-3.2-3b" << int(Checkpointing::None) << "batch";
    QTest::newRow("qwen25-7b-checkpointed-sequence")
        << "qwen2.5-7b" << int(Checkpointing::Full) << "sequence";
}

void TstLengthReplay::fullFineTuneReserveNeverFalls() {
    QFETCH(QString, preset);
    QFETCH(int, checkpointing);
    QFETCH(QString, grows);
    const ModelPreset* p = findModelPreset(preset.toStdString());
    QVERIFY(p);
    Workload w = testsupport::training(PrecisionPreset::PureBf16, 1, 1024);
    w.finetune = Finetune::Full;
    w.checkpointing = static_cast<Checkpointing>(checkpointing);
    ReplayCache cache;
    const ReplayCache::Scope scope(cache);
    double previousNeeded = 0, previousReserved = 0;
    const bool batch = grows == "batch";
    for (int n = batch ? 1 : 128; n <= (batch ? 24 : 4096); n += batch ? 1 : 128) {
        (batch ? w.microBatch : w.sequenceLength) = n;
        const RankEstimate r = estimate(p->arch, w).worst;
        QVERIFY(r.stepReplayed);
        const double needed = verdictBytes(r);
        QVERIFY2(needed >= previousNeeded && r.reserved >= previousReserved,
                 qPrintable(QStringLiteral("%1 = %2: needs %3 B (was %4), reserved %5 B (was %6)")
                                .arg(grows)
                                .arg(n)
                                .arg(needed)
                                .arg(previousNeeded)
                                .arg(r.reserved)
                                .arg(previousReserved)));
        previousNeeded = needed;
        previousReserved = r.reserved;
    }
}

// Under a cache the grid's replays run once, and the envelope itself is kept: a second
// estimate of the same full fine-tune replays nothing (bench_core BM_EstimateCached looks up
// one entry) and reads what an uncached estimate reads; a longer run replays only the grid
// points it adds (8,192 -> 16,384 tokens: 12,288 and 16,384).
void TstLengthReplay::fullFineTuneEnvelopeIsCached() {
    const ModelPreset* p = findModelPreset("llama-3.2-1b");
    QVERIFY(p);
    Workload w = testsupport::training(PrecisionPreset::PureBf16, 4, 2048);
    w.finetune = Finetune::Full;
    w.checkpointing = Checkpointing::Full;
    ReplayCache cache;
    const ReplayCache::Scope scope(cache);
    const RankEstimate first = estimate(p->arch, w).worst;
    QVERIFY(first.statesReplayed);
    const int replays = cache.replays();
    // the per-token replay and the grid 512, 768, ..., 6144, 8192: 1 + 9
    QCOMPARE(replays, 10);
    const RankEstimate again = estimate(p->arch, w).worst;
    QCOMPARE(cache.replays(), replays);
    QCOMPARE(again.stepFragmentation, first.stepFragmentation);
    w.microBatch = 8;
    (void)estimate(p->arch, w);
    QCOMPARE(cache.replays(), replays + 2);
    w.microBatch = 4;
    ReplayCache fresh;
    const ReplayCache::Scope none(fresh);
    QCOMPARE(estimate(p->arch, w).worst.stepFragmentation, first.stepFragmentation);
}

// The replay runs one micro-batch's step with its saves on the GPU, or one generate() prefill
// (eager attention's score tensors included): not for a pipeline stage (several micro-batches
// in flight) or offloaded activations, where the fitted share of the transients stays.
void TstLengthReplay::stepReplayedOnlyWhereItApplies_data() {
    QTest::addColumn<QString>("change");
    QTest::addColumn<bool>("replayed");
    QTest::newRow("training") << "none" << true;
    QTest::newRow("inference") << "inference" << true;
    QTest::newRow("inference-eager") << "inference-eager" << true;
    QTest::newRow("pipeline-stages") << "pp" << false;
    QTest::newRow("activation-offload") << "offload" << false;
}

void TstLengthReplay::stepReplayedOnlyWhereItApplies() {
    QFETCH(QString, change);
    QFETCH(bool, replayed);
    const ModelArch m = testsupport::llama2_7b();
    Workload w = loraRun(2048, 0, 0, 1);
    if (change.startsWith("inference")) {
        w.mode = Mode::Inference;
        w.inference.promptTokens = 512;
        w.inference.newTokens = 128;
        if (change == "inference-eager")
            w.attention = AttentionImpl::Eager;
    } else if (change == "pp") {
        w.parallel.pp = 2;
    } else if (change == "offload") {
        w.features.activationOffload = true;
    }
    QVERIFY(!validateWorkload(m, w));
    const RankEstimate r = estimate(m, w).worst;
    QCOMPARE(r.stepReplayed, replayed);
    if (!replayed)
        QCOMPARE(r.stepFragmentation, 0.0);
}

// An eager prefill replays each block's b x heads x s x s scores, their scaled, masked and fp32
// copies (transformers eager_attention_forward), so its reserve per token depends on the prompt
// and jumps where one score tensor starts to fit another's freed block; the estimate takes the
// worst over the key grid 16 x 2^k and 24 x 2^k up to the prompt (fragmentationEnvelope), so it
// never falls as the prompt grows. Before the eager prefill was replayed it took the fitted
// 20 % of the transients instead (stepFragmentation 0: fails the first check).
void TstLengthReplay::eagerPrefillNeverFalls() {
    const ModelArch m = testsupport::llama2_7b();
    Workload w;
    w.mode = Mode::Inference;
    w.attention = AttentionImpl::Eager;
    w.microBatch = 2;
    w.inference.newTokens = 16;
    double last = 0;
    for (const int prompt : {64, 100, 256, 384, 500, 512, 700, 768, 1000, 1024, 1500, 2048}) {
        w.inference.promptTokens = prompt;
        const RankEstimate r = estimate(m, w).worst;
        QVERIFY2(r.stepReplayed && r.stepFragmentation > 0, qPrintable(QString::number(prompt)));
        QVERIFY2(r.stepFragmentation >= last, qPrintable(QString::number(prompt)));
        last = r.stepFragmentation;
    }
}

// The prefill replay is read per token (every replayed size is tokens x a width): twice the
// prompt, or twice the sequences, twice the replayed reserve, to the byte.
void TstLengthReplay::prefillReserveScalesWithThePrompt() {
    const ModelArch m = testsupport::llama2_7b();
    Workload w;
    w.mode = Mode::Inference;
    w.microBatch = 2;
    w.inference.promptTokens = 1024;
    w.inference.newTokens = 16;
    const RankEstimate one = estimate(m, w).worst;
    QVERIFY(one.stepReplayed);
    QVERIFY(one.stepFragmentation > 0);
    w.inference.promptTokens = 2048;
    QCOMPARE(estimate(m, w).worst.stepFragmentation, 2 * one.stepFragmentation);
    w.inference.promptTokens = 1024;
    w.microBatch = 4;
    QCOMPARE(estimate(m, w).worst.stepFragmentation, 2 * one.stepFragmentation);
}

// chatglm's remote code keeps the prefill's KV caches in one tensor grown by torch.cat after
// every block (DecoderFamilyTraits::prefillKvConcat): each block frees a tensor one block's KV
// smaller than the one it makes, and the caching allocator keeps the freed ones. Measured:
// GLM-4-9B-Chat, BF16, one A100-SXM4-80GB, 128,000 input tokens + up to 512 new: 57,379 MiB
// (THUDM/GLM-4 basic_demo/README_en.md @ 0423d7c; tests/data/long-context.records.json
// GLM4-04, compared as reserved + context): 54.7 GiB, -2.4 %, with the norms' fp32 copies
// replayed (StepShape::fp32Norm; 44.4 GiB, -21 %, before them). Without the concatenation the
// reserve is 4.2 GiB instead of 17.3 and the estimate 26 % under (fails the row). GLM in
// transformers (model_type "glm") keeps a DynamicCache per layer: no concatenation.
void TstLengthReplay::prefillKvConcat_data() {
    QTest::addColumn<QString>("family");
    QTest::addColumn<bool>("concat");
    QTest::addColumn<double>("measuredGiB");
    QTest::addColumn<double>("tolerancePct");
    QTest::newRow("chatglm-glm4-9b-128k-readme") << "chatglm" << true << 57379.0 / 1024 << 10.0;
    QTest::newRow("glm-hf-no-concat") << "glm" << false << 0.0 << 0.0;
}

void TstLengthReplay::prefillKvConcat() {
    QFETCH(QString, family);
    QFETCH(bool, concat);
    QFETCH(double, measuredGiB);
    QFETCH(double, tolerancePct);
    const ModelArch m = testsupport::glm4_9b(family.toStdString());
    Workload w;
    w.mode = Mode::Inference;
    w.microBatch = 1;
    w.inference.promptTokens = 128000;
    w.inference.newTokens = 512;
    const Estimate e = estimate(m, w);
    const double withoutConcat = estimate(testsupport::glm4_9b("llama"), w).worst.stepFragmentation;
    if (!concat) {
        QVERIFY(e.worst.stepFragmentation <= withoutConcat * 1.5);
        return;
    }
    QVERIFY(e.worst.stepFragmentation > 3 * withoutConcat);
    const double gib = e.worst.nvidiaSmi / 1073741824.0;
    QVERIFY2(std::abs(gib - measuredGiB) / measuredGiB * 100 <= tolerancePct,
             qPrintable(QString::number(gib)));
}

// Under a ReplayCache scope, an estimate replays the step (per token, once per shape) and
// the lengths once per distinct input (two replays for the first estimate): a change neither
// reads (the GPU, gradient accumulation) replays nothing; the micro-batch and the mean length
// (read by the lengths replay only) replay the lengths, each with the uncached answer.
void TstLengthReplay::cachedReplays_data() {
    QTest::addColumn<QString>("change");
    QTest::addColumn<int>("replays"); // allocator replays after the second estimate
    QTest::newRow("same-input") << "none" << 2;
    QTest::newRow("gradient-accumulation-not-read") << "accum" << 2;
    QTest::newRow("micro-batch-read") << "micro" << 3;
    QTest::newRow("mean-length-read") << "mean" << 3;
}

void TstLengthReplay::cachedReplays() {
    QFETCH(QString, change);
    QFETCH(int, replays);
    const ModelArch m = testsupport::llama2_7b();
    Workload w = loraRun(2048, 900, 500, 60);
    ReplayCache cache;
    const ReplayCache::Scope scope(cache);
    (void)estimate(m, w);
    QCOMPARE(cache.replays(), 2);
    if (change == "accum")
        w.gradAccumulation = 8;
    if (change == "micro")
        w.microBatch = 2;
    if (change == "mean")
        w.lengths.mean = 1200;
    const Estimate cached = estimate(m, w);
    QCOMPARE(cache.replays(), replays);
    ReplayCache fresh;
    const ReplayCache::Scope none(fresh);
    const Estimate uncached = estimate(m, w);
    QCOMPARE(cached.worst.lengthsCache, uncached.worst.lengthsCache);
    QCOMPARE(cached.worst.stepFragmentation, uncached.worst.stepFragmentation);
}

// The replay caches match a shape by its generated operator== (every field), whatever the hash
// names: a shape that differs from a cached one in any single field, hashed or not, is a miss
// (one more replay) and gets its own uncached result.
void TstLengthReplay::everyShapeFieldDecidesAHit_data() {
    QTest::addColumn<QString>("field");
    for (const char* f :
         {"eager-loss", "fp32-logits", "adapter-inputs", "gated-mlp", "attn-softcap",
          "final-softcap", "softmax-copy", "softmax-mask", "checkpointed", "hidden"})
        QTest::newRow(f) << QString::fromLatin1(f);
}

void TstLengthReplay::everyShapeFieldDecidesAHit() {
    QFETCH(QString, field);
    StepShape a = lossOnly(false);
    a.layers = 2;
    a.hidden = a.qOut = a.kvOut = 256;
    a.intermediate = 512;
    a.vocab = 4096;
    a.scoreHeads = 4;
    a.scoreKeys = 512;
    StepShape b = a;
    if (field == "eager-loss")
        b.eagerLoss = !a.eagerLoss;
    else if (field == "fp32-logits")
        b.fp32Logits = !a.fp32Logits;
    else if (field == "adapter-inputs")
        b.adapterInputs = 4;
    else if (field == "gated-mlp")
        b.gatedMlp = !a.gatedMlp;
    else if (field == "attn-softcap")
        b.attnSoftcap = !a.attnSoftcap;
    else if (field == "final-softcap")
        b.finalSoftcap = !a.finalSoftcap;
    else if (field == "softmax-copy")
        b.softmax.copy = !a.softmax.copy;
    else if (field == "softmax-mask")
        b.softmax.mask = 4;
    else if (field == "checkpointed")
        b.checkpointed = 1;
    else if (field == "hidden")
        b.hidden = 320;
    QVERIFY(!(a == b));
    ReplayCache cache;
    const int64_t tokens = 2048;
    (void)cache.replayWithStates(a, tokens);
    (void)cache.stepFragmentation(a);
    QCOMPARE(cache.replays(), 2);
    const StepReserve cached = cache.replayWithStates(b, tokens);
    const StepFragmentation frag = cache.stepFragmentation(b);
    QCOMPARE(cache.replays(), 4);
    const StepReserve fresh = replayWithStates(b, tokens);
    QCOMPARE(cached.reserve, fresh.reserve);
    QCOMPARE(cached.releasable, fresh.releasable);
    QCOMPARE(frag.reservePerToken, stepFragmentation(b).reservePerToken);
    (void)cache.replayWithStates(b, tokens); // and now a hit
    QCOMPARE(cache.replays(), 4);
}

QTEST_GUILESS_MAIN(TstLengthReplay)
#include "tst_lengthreplay.moc"
