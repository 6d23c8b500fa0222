// ReplayCache (core/engine/reserve/load_replay.h) returns a remembered replay only for inputs the
// replay cannot tell apart. Each row changes one input the replay reads and checks that the
// cache runs a new replay whose answer is the uncached replay of the changed scenario, not
// the remembered one of the original; inputs the load never reads share one replay.
#include "core/engine/reserve/length_replay.h"
#include "core/engine/reserve/replay_cache.h"

#include "testsupport.h"

#include <QtTest>

#include <functional>

using namespace headroom;

namespace {

using Change = std::function<void(ModelArch&, Workload&, int&)>;

/// Llama-2-7B's block shapes with 3 layers (a quick replay), torchtune QLoRA, r = 8.
struct Case {
    ModelArch m = testsupport::llama2_7b();
    Workload w = testsupport::training(PrecisionPreset::PureBf16, 1, 512);
    int shard = 1;
    Case() {
        m.numLayers = 3;
        w.finetune = Finetune::QLoRA;
        w.precision.weights = DType::NF4DoubleQuant;
        w.lora.rank = 8;
        w.lora.targets = kLoraAllLinear;
        w.features.loadRecipe = LoadRecipe::TorchaoNf4;
    }
};

Case fsdp() {
    Case c;
    c.w.features.loadRecipe = LoadRecipe::Fsdp1SyncModuleStates;
    c.shard = 2;
    return c;
}

bool same(const LoadPhase& a, const LoadPhase& b) {
    return a.reserved == b.reserved && a.peakAllocated == b.peakAllocated &&
           a.allocated == b.allocated && a.releasable == b.releasable;
}

} // namespace

Q_DECLARE_METATYPE(Change)
using LengthsEdit = std::function<void(headroom::SampleLengths&, int64_t&, int64_t&)>;
Q_DECLARE_METATYPE(LengthsEdit)

class TstLoadPhaseCache : public QObject {
    Q_OBJECT
private slots:
    void changedInputIsReplayed_data() {
        QTest::addColumn<bool>("fsdpRecipe");
        QTest::addColumn<Change>("change");
        auto row = [](const char* tag, bool f, Change c) {
            QTest::newRow(tag) << f << std::move(c);
        };
        row("lora-rank", false, [](ModelArch&, Workload& w, int&) { w.lora.rank = 16; });
        row("lora-targets", false, [](ModelArch&, Workload& w, int&) { w.lora.targets = 0x5; });
        row("full-finetune-drops-adapters", false,
            [](ModelArch&, Workload& w, int&) { w.finetune = Finetune::Full; });
        row("weights-dtype", false,
            [](ModelArch&, Workload& w, int&) { w.precision.weights = DType::BF16; });
        row("adapters-dtype", false,
            [](ModelArch&, Workload& w, int&) { w.precision.adapters = DType::FP32; });
        row("recipe-unchunked", false, [](ModelArch&, Workload& w, int&) {
            w.features.loadRecipe = LoadRecipe::TorchaoNf4Unchunked;
        });
        row("model-layers", false, [](ModelArch& m, Workload&, int&) { m.numLayers = 2; });
        row("model-intermediate", false,
            [](ModelArch& m, Workload&, int&) { m.intermediateSize = 8192; });
        row("model-heads", false, [](ModelArch& m, Workload&, int&) { m.numKvHeads = 8; });
        row("model-vocab", false, [](ModelArch& m, Workload&, int&) { m.vocabSize = 64000; });
        row("model-tied-embeddings", false,
            [](ModelArch& m, Workload&, int&) { m.tiedEmbeddings = true; });
        row("model-plain-mlp", false,
            [](ModelArch& m, Workload&, int&) { m.mlp = MlpKind::Plain; });
        row("fsdp-shard", true, [](ModelArch&, Workload&, int& shard) { shard = 4; });
        row("fsdp-offload-params", true,
            [](ModelArch&, Workload& w, int&) { w.parallel.offloadParams = true; });
        row("fsdp-compute-dtype", true,
            [](ModelArch&, Workload& w, int&) { w.precision.compute = DType::FP32; });
    }
    void changedInputIsReplayed() {
        QFETCH(bool, fsdpRecipe);
        QFETCH(Change, change);
        const Case a = fsdpRecipe ? fsdp() : Case();
        Case b = a;
        change(b.m, b.w, b.shard);
        ReplayCache cache;
        const LoadPhase first = cache.replay(a.m, a.w, a.shard);
        QVERIFY(same(first, cache.replay(a.m, a.w, a.shard))); // remembered
        QCOMPARE(cache.replays(), 1);
        const LoadPhase changed = cache.replay(b.m, b.w, b.shard);
        QCOMPARE(cache.replays(), 2);
        const LoadPhase fresh = simulateLoad(b.m, b.w, b.shard); // no cache in scope
        QVERIFY2(!same(fresh, first), "the row must change the replay's result");
        QVERIFY(same(changed, fresh));
    }

    // Inputs the load never reads share one replay; a scope routes simulateLoad() through it.
    void unreadInputsShareOneReplay_data() {
        QTest::addColumn<bool>("fsdpRecipe");
        QTest::addColumn<Change>("change");
        auto row = [](const char* tag, bool f, Change c) {
            QTest::newRow(tag) << f << std::move(c);
        };
        row("micro-batch", false, [](ModelArch&, Workload& w, int&) { w.microBatch = 8; });
        row("sequence-length", false,
            [](ModelArch&, Workload& w, int&) { w.sequenceLength = 8192; });
        row("torchao-shard", false, [](ModelArch&, Workload&, int& shard) { shard = 8; });
        row("fsdp-micro-batch", true, [](ModelArch&, Workload& w, int&) { w.microBatch = 4; });
    }
    void unreadInputsShareOneReplay() {
        QFETCH(bool, fsdpRecipe);
        QFETCH(Change, change);
        const Case a = fsdpRecipe ? fsdp() : Case();
        Case b = a;
        change(b.m, b.w, b.shard);
        ReplayCache cache;
        ReplayCache::Scope scope(cache);
        const LoadPhase first = simulateLoad(a.m, a.w, a.shard);
        const LoadPhase second = simulateLoad(b.m, b.w, b.shard);
        QCOMPARE(cache.replays(), 1);
        QVERIFY(same(first, second));
        QVERIFY(first.reserved > 0);
    }

    // A bounded cache: the least recently used entry goes first.
    // The lengths every pipeline stage of an estimate draws are memoised for the last input:
    // after any one field of the input changes, the memo gives what batchLengths() gives for the
    // new input (a memo keyed on fewer fields would return the old lengths).
    void batchLengthsMemoFollowsEveryField_data() {
        QTest::addColumn<LengthsEdit>("edit");
        using E = LengthsEdit;
        QTest::newRow("mean") << E([](SampleLengths& d, int64_t&, int64_t&) { d.mean = 900; });
        QTest::newRow("std") << E([](SampleLengths& d, int64_t&, int64_t&) { d.std = 50; });
        QTest::newRow("min") << E([](SampleLengths& d, int64_t&, int64_t&) { d.min = 2000; });
        QTest::newRow("max") << E([](SampleLengths& d, int64_t&, int64_t&) { d.max = 600; });
        QTest::newRow("drop-long")
            << E([](SampleLengths& d, int64_t&, int64_t&) { d.dropLong = true; });
        QTest::newRow("steps") << E([](SampleLengths& d, int64_t&, int64_t&) { d.steps = 10; });
        QTest::newRow("sequence") << E([](SampleLengths&, int64_t& seq, int64_t&) { seq = 512; });
        QTest::newRow("micro-batch") << E([](SampleLengths&, int64_t&, int64_t& mb) { mb = 64; });
    }
    void batchLengthsMemoFollowsEveryField() {
        QFETCH(LengthsEdit, edit);
        SampleLengths d;
        d.mean = 512;
        d.std = 300;
        d.min = 16;
        d.max = 4000;
        int64_t seq = 1024; // about 5 % of the samples are longer (drop-long matters)
        int64_t mb = 4;
        ReplayCache cache;
        QCOMPARE(cache.batchLengths(d, seq, mb), batchLengths(d, seq, mb));
        const std::vector<int64_t> before = batchLengths(d, seq, mb);
        edit(d, seq, mb);
        const std::vector<int64_t> after = batchLengths(d, seq, mb);
        QVERIFY2(after != before, "the row must change the lengths");
        QCOMPARE(cache.batchLengths(d, seq, mb), after);
    }

    void boundedLeastRecentlyUsed() {
        ReplayCache cache(2);
        Case c[3];
        c[1].w.lora.rank = 32;
        c[2].w.lora.rank = 64;
        cache.replay(c[0].m, c[0].w, 1);
        cache.replay(c[1].m, c[1].w, 1);
        cache.replay(c[0].m, c[0].w, 1); // c[0] used last
        cache.replay(c[2].m, c[2].w, 1); // evicts c[1]
        QCOMPARE(cache.replays(), 3);
        cache.replay(c[0].m, c[0].w, 1);
        QCOMPARE(cache.replays(), 3);
        cache.replay(c[1].m, c[1].w, 1);
        QCOMPARE(cache.replays(), 4);
    }
};

QTEST_GUILESS_MAIN(TstLoadPhaseCache)
#include "tst_loadphase_cache.moc"
