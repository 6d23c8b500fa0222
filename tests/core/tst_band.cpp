// The band around an estimate (core/engine/band.h): each contributor checked against numbers
// derived apart from it: the CUDA-stack spread by hand from its two sources, the profile
// versions by estimating each version directly, the verdict's three states and the deciding
// contributor on hand-made bands.

#include "core/engine/band.h"
#include "core/engine/profiles.h"
#include "core/model/presets.h"
#include "core/plan/solvers.h"
#include "core/units.h"
#include "testsupport.h"

#include <QtTest>

using namespace headroom;

Q_DECLARE_METATYPE(headroom::BandVerdict)

namespace {

const ModelArch& llama8b() {
    static const ModelArch m = findModelPreset("llama-3.1-8b")->arch;
    return m;
}

/// llama-3.1-8b training under profile @p spec, micro-batch 2 x 1024 tokens, one GPU.
Workload run(const char* spec, Finetune ft) {
    Workload w = testsupport::training(PrecisionPreset::Custom, 2, 1024);
    if (const auto c = parseProfileSpec(spec))
        selectProfile(w, *c, &llama8b());
    w.finetune = ft;
    return w;
}

const BandContributor* find(const Band& b, BandCause c) {
    for (const BandContributor& x : b.contributors)
        if (x.cause == c)
            return &x;
    return nullptr;
}

/// A band with one verdict range and contributors of the given verdict deltas.
Band handBand(double point, std::vector<std::pair<double, double>> deltas) {
    Band b;
    b.verdictPoint = b.verdictLow = b.verdictHigh = point;
    int i = 0;
    for (const auto& [lo, hi] : deltas) {
        BandContributor c;
        c.cause = static_cast<BandCause>(i++ % kBandCauseCount);
        c.verdictLow = lo;
        c.verdictHigh = hi;
        b.verdictLow += lo;
        b.verdictHigh += hi;
        b.contributors.push_back(c);
    }
    return b;
}

/// The lowest and highest moves of alternatives' worst ranks from a point, per metric
/// (allocated, reserved, nvidia-smi): lo <= 0 <= hi, computed here apart from band.cpp.
struct Moves {
    std::array<double, 3> lo{}, hi{};
    void add(const RankEstimate& r, const RankEstimate& point) {
        const std::array<double, 3> d{r.allocated - point.allocated, r.reserved - point.reserved,
                                      r.nvidiaSmi - point.nvidiaSmi};
        for (size_t i = 0; i < 3; ++i) {
            lo[i] = std::min(lo[i], d[i]);
            hi[i] = std::max(hi[i], d[i]);
        }
    }
};

} // namespace

class TstBand : public QObject {
    Q_OBJECT

private slots:
    /// nvidia-smi only: 1343 MiB (CUDA 11 stack, Hugging Face "Model training anatomy") less
    /// the 512 MiB CUDA 12 lazy-loading context the estimate counts = 831 MiB; allocated and
    /// reserved do not move.
    void cudaStackSpread_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("finetune");
        QTest::newRow("custom-full") << "custom" << static_cast<int>(Finetune::Full);
        QTest::newRow("torchtune-lora") << "torchtune" << static_cast<int>(Finetune::LoRA);
        QTest::newRow("hf-trainer-qlora") << "hf-trainer" << static_cast<int>(Finetune::QLoRA);
    }
    void cudaStackSpread() {
        QFETCH(QString, spec);
        QFETCH(int, finetune);
        Workload w = run(qPrintable(spec), static_cast<Finetune>(finetune));
        if (w.finetune == Finetune::QLoRA)
            w.precision.weights = DType::NF4DoubleQuant;
        const Estimate e = estimate(llama8b(), w);
        const Band b = estimateBand(llama8b(), w, nullptr, e);
        const BandContributor* c = find(b, BandCause::CudaStack);
        QVERIFY(c);
        testsupport::compare(c->high[static_cast<size_t>(Metric::NvidiaSmi)], 831.0 * kMiB);
        QCOMPARE(c->high[static_cast<size_t>(Metric::Allocated)], 0.0);
        QCOMPARE(c->high[static_cast<size_t>(Metric::Reserved)], 0.0);
        QCOMPARE(c->low[static_cast<size_t>(Metric::NvidiaSmi)], 0.0);
        QVERIFY(!c->why.empty());
    }

    /// Every version of the picked profile, estimated on its own, lies inside the band, and
    /// the band's bounds are reached by one of the versions (plus the CUDA stack's spread on
    /// nvidia-smi), per metric.
    void profileVersionsCovered_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("torchtune-2-versions") << "torchtune";
        QTest::newRow("hf-trainer-3-versions") << "hf-trainer";
        QTest::newRow("llama-factory-3-versions") << "llama-factory";
        QTest::newRow("litgpt-2-versions") << "litgpt";
    }
    void profileVersionsCovered() {
        QFETCH(QString, name);
        Workload w = run(qPrintable(name), Finetune::LoRA);
        w.lengths.data = DataLengths::Fixed; // stated: no sample-length contributor
        const Estimate e = estimate(llama8b(), w);
        const Band b = estimateBand(llama8b(), w, nullptr, e);
        const auto c = findProfile(w.profile);
        QVERIFY(c);
        std::array<double, 3> lo{e.worst.allocated, e.worst.reserved, e.worst.nvidiaSmi};
        std::array<double, 3> hi = lo;
        for (const ProfileVersion& v : c.value().profile->versions) {
            Workload alt = w;
            alt.profile.version = v.version;
            const RankEstimate r = estimate(llama8b(), alt).worst;
            const std::array<double, 3> m{r.allocated, r.reserved, r.nvidiaSmi};
            for (size_t i = 0; i < 3; ++i) {
                QVERIFY2(m[i] >= b.low[i] - 1 && m[i] <= b.high[i] + 1,
                         qPrintable(QString::fromStdString(v.version)));
                lo[i] = std::min(lo[i], m[i]);
                hi[i] = std::max(hi[i], m[i]);
            }
        }
        // versions that estimate differently make a contributor; torchtune 2024-05 vs 2024-08
        // does for this LoRA run (0.98 GiB of reserved apart, headroom-cli estimate)
        const bool differ =
            lo != std::array<double, 3>{e.worst.allocated, e.worst.reserved, e.worst.nvidiaSmi} ||
            hi != lo;
        QCOMPARE(find(b, BandCause::ProfileVersions) != nullptr, differ);
        if (name == QStringLiteral("torchtune"))
            QVERIFY(differ);
        const BandContributor* cs = find(b, BandCause::CudaStack);
        for (size_t i = 0; i < 3; ++i) {
            testsupport::compare(b.low[i], lo[i], 1e-12);
            testsupport::compare(b.high[i], hi[i] + (cs ? cs->high[i] : 0.0), 1e-12);
        }
    }

    /// The sample lengths are open when the scenario leaves them to a profile whose pipeline
    /// pads per batch (hf-trainer, torchtune) or documents none (custom); each bound is then
    /// the fixed-length or the real-data estimate of the same run, computed here directly, and
    /// allocated memory (the longest batch) does not move. A pipeline documented as fixed or
    /// packed (torchtitan, litgpt), packing, or lengths the scenario states close it.
    void sampleLengthsOpen_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("data"); // DataLengths the scenario states
        QTest::addColumn<bool>("packed");
        QTest::addColumn<bool>("open");
        // the point is the documented pipeline: real data padded per batch (the band's other
        // side fixed lengths, below it), or fixed lengths where none is documented (real above)
        QTest::addColumn<bool>("pointReal");
        const int framework = static_cast<int>(DataLengths::Framework);
        QTest::newRow("hf-trainer-pads-per-batch")
            << "hf-trainer" << framework << false << true << true;
        QTest::newRow("torchtune-pads-per-batch")
            << "torchtune" << framework << false << true << true;
        QTest::newRow("custom-documents-none") << "custom" << framework << false << true << false;
        QTest::newRow("torchtitan-packed-windows")
            << "torchtitan" << framework << false << false << false;
        QTest::newRow("litgpt-fixed") << "litgpt" << framework << false << false << false;
        QTest::newRow("hf-trainer-packing-on")
            << "hf-trainer" << framework << true << false << false;
        QTest::newRow("hf-trainer-stated-real")
            << "hf-trainer" << static_cast<int>(DataLengths::Real) << false << false << true;
        QTest::newRow("custom-stated-fixed")
            << "custom" << static_cast<int>(DataLengths::Fixed) << false << false << false;
    }
    void sampleLengthsOpen() {
        QFETCH(QString, spec);
        QFETCH(int, data);
        QFETCH(bool, packed);
        QFETCH(bool, open);
        QFETCH(bool, pointReal);
        Workload w = run(qPrintable(spec), Finetune::LoRA);
        w.lengths.data = static_cast<DataLengths>(data);
        w.features.packed = packed;
        const Estimate e = estimate(llama8b(), w);
        const Band b = estimateBand(llama8b(), w, nullptr, e);
        const BandContributor* c = find(b, BandCause::SampleLengths);
        if (!open) {
            QVERIFY(!c);
            return;
        }
        Moves mv;
        for (DataLengths d : {DataLengths::Fixed, DataLengths::Real}) {
            Workload alt = w;
            alt.lengths.data = d;
            mv.add(estimate(llama8b(), alt).worst, e.worst);
        }
        const auto& [lo, hi] = mv;
        QVERIFY2(hi[1] - lo[1] > 0, "real data and fixed lengths reserve differently");
        QVERIFY(c);
        for (size_t i = 0; i < 3; ++i) {
            testsupport::compare(c->low[i], lo[i], 1e-12);
            testsupport::compare(c->high[i], hi[i], 1e-12);
        }
        QCOMPARE(c->low[0], 0.0);
        QCOMPARE(c->high[0], 0.0);
        // reserved: the real data set's cached segments lie above fixed lengths
        QVERIFY(pointReal ? c->low[1] < 0 && c->high[1] == 0 : c->low[1] == 0 && c->high[1] > 0);
    }

    /// The allocator contributor is absent when the run already says expandable segments.
    void expandableSegmentsLeaveNoAllocatorContributor() {
        Workload w = run("custom", Finetune::Full);
        w.features.expandableSegments = true;
        const Band b = estimateBand(llama8b(), w, nullptr, estimate(llama8b(), w));
        QVERIFY(!find(b, BandCause::AllocatorConfig));
    }

    /// The allocator configuration and the sample lengths both act on the cached segments:
    /// under a profile whose pipeline pads per batch (the point caches segments for other
    /// lengths) each alone removes that cache, and together they remove it once. The band's
    /// reserved low is the larger of the two moves (expandable segments: no cache at all),
    /// never below the allocated low (the sum of both moves was, for Llama-3.1-8B LoRA
    /// 2 x 2048 under hf-trainer: 29.5 GiB reserved for 49.2 GiB allocated).
    void cachedSegmentsCountOnce_data() {
        QTest::addColumn<QString>("spec");
        QTest::newRow("hf-trainer-real-point") << "hf-trainer";
        QTest::newRow("torchtune-real-point") << "torchtune";
    }
    void cachedSegmentsCountOnce() {
        QFETCH(QString, spec);
        Workload w = run(qPrintable(spec), Finetune::LoRA);
        w.microBatch = 2;
        w.sequenceLength = 2048;
        const Estimate e = estimate(llama8b(), w);
        const Band b = estimateBand(llama8b(), w, nullptr, e);
        const BandContributor* alloc = find(b, BandCause::AllocatorConfig);
        const BandContributor* lengths = find(b, BandCause::SampleLengths);
        QVERIFY2(alloc && lengths, alloc ? "no sample-lengths contributor" : "no allocator one");
        const size_t r = static_cast<size_t>(Metric::Reserved),
                     a = static_cast<size_t>(Metric::Allocated);
        double otherLow = 0, otherHigh = 0; // the contributors of their own bytes add
        for (const BandContributor& c : b.contributors)
            if (c.cause != BandCause::AllocatorConfig && c.cause != BandCause::SampleLengths) {
                otherLow += c.low[r];
                otherHigh += c.high[r];
            }
        testsupport::compare(b.low[r] - b.point[r],
                             std::min(alloc->low[r], lengths->low[r]) + otherLow, 1e-12);
        testsupport::compare(b.high[r] - b.point[r],
                             std::max(alloc->high[r], lengths->high[r]) + otherHigh, 1e-12);
        QVERIFY(b.low[r] >= b.low[a]);
    }

    /// A setting the run left unknown and a profile's default filled opens its alternatives
    /// (band.cpp kOpenSettings); none left unknown, no contributor. Each bound is the lowest /
    /// highest of the alternatives, estimated here directly. By hand: the tied-embeddings row
    /// of a LoRA run with a frozen bf16 base moves allocated by the lm_head's own weights,
    /// vocab x hidden x 2 B = 128,256 x 4,096 x 2 = 1,050,673,152 B (llama-3.1-8b config.json).
    void filledDefaultsSpanTheAlternatives_data() {
        QTest::addColumn<QString>("left");    // the unknown setting
        QTest::addColumn<double>("allocLow"); // hand-derived allocated low, bytes (0: not checked)
        QTest::newRow("nothing-left-unknown") << "" << 0.0;
        QTest::newRow("tied-embeddings-lm-head-by-hand") << "tied" << -1050673152.0;
        QTest::newRow("checkpointing-none-or-full") << "checkpointing" << 0.0;
        QTest::newRow("attention-eager-or-sdpa") << "attention" << 0.0;
        QTest::newRow("lora-dropout-on-or-off") << "dropout" << 0.0;
    }
    void filledDefaultsSpanTheAlternatives() {
        QFETCH(QString, left);
        QFETCH(double, allocLow);
        Workload w = run("torchtune", Finetune::LoRA);
        w.lengths.data = DataLengths::Fixed;
        w.features.expandableSegments = true; // only the contributor under test moves reserved
        ModelArch m = llama8b();
        m.tiedEmbeddings = false;
        UnknownSettings u;
        std::vector<std::pair<ModelArch, Workload>> alts;
        auto both = [&](auto set) {
            for (bool v : {false, true}) {
                ModelArch am = m;
                Workload aw = w;
                set(am, aw, v);
                alts.emplace_back(am, aw);
            }
        };
        if (left == QStringLiteral("tied")) {
            u.tiedEmbeddings = true;
            both([](ModelArch& am, Workload&, bool v) { am.tiedEmbeddings = v; });
        } else if (left == QStringLiteral("checkpointing")) {
            u.checkpointing = true;
            both([](ModelArch&, Workload& aw, bool v) {
                aw.checkpointing = v ? Checkpointing::Full : Checkpointing::None;
            });
        } else if (left == QStringLiteral("attention")) {
            u.attention = true;
            both([](ModelArch&, Workload& aw, bool v) {
                aw.attention = v ? AttentionImpl::SDPA : AttentionImpl::Eager;
            });
        } else if (left == QStringLiteral("dropout")) {
            u.loraDropout = true;
            both([](ModelArch&, Workload& aw, bool v) { aw.lora.dropout = v; });
        }
        const Estimate e = estimate(m, w);
        const Band b = estimateBand(m, w, nullptr, e, &u);
        const BandContributor* c = find(b, BandCause::FilledDefaults);
        if (alts.empty()) {
            QVERIFY(!c);
            return;
        }
        QVERIFY(c);
        QVERIFY(!c->why.empty());
        Moves mv;
        for (const auto& [am, aw] : alts)
            mv.add(estimate(am, aw).worst, e.worst);
        const auto& [lo, hi] = mv;
        QVERIFY2(hi[0] - lo[0] > 0, "the alternatives move allocated memory");
        for (size_t i = 0; i < 3; ++i) {
            testsupport::compare(c->low[i], lo[i], 1e-12);
            testsupport::compare(c->high[i], hi[i], 1e-12);
        }
        if (allocLow != 0)
            testsupport::compare(c->low[0], allocLow, 1e-9);
    }

    /// A full fine-tune whose optimizer its source leaves unknown (torchtune's README row for
    /// one 48 GB RTX A6000, Llama-3.1-8B, 2 x 2048 tokens, pure bf16): with the profile's AdamW
    /// the weights, gradients and two states alone are 4 x 2 B x 8.03e9 = 64.2e9 B > 48 GiB,
    /// so the point does not fit, and a band without the open optimizer says so (the wrong
    /// verdict the record had: it ran). torchtune's own single-device config,
    /// PagedAdamW8bit stepped in backward, keeps the weights (16.06e9 B) and paged int8 states
    /// the verdict does not count: the band reaches under 48 GiB and the run may not fit.
    void unknownOptimizerMayNotFit() {
        Workload w = run("torchtune", Finetune::Full);
        w.microBatch = 2;
        w.sequenceLength = 2048;
        w.lengths.data = DataLengths::Fixed;
        w.checkpointing = Checkpointing::Full; // the recipe's enable_activation_checkpointing
        const GpuSpec gpu = customGpu(48 * kGiB);
        const Estimate e = estimate(llama8b(), w, &gpu);
        QVERIFY(verdictBytes(e.worst) > 4 * 2 * 8.03e9);
        QCOMPARE(bandVerdict(estimateBand(llama8b(), w, &gpu, e), 48 * kGiB),
                 BandVerdict::DoesNotFit);
        UnknownSettings u;
        u.optimizer = u.optimizerStates = true;
        const Band b = estimateBand(llama8b(), w, &gpu, e, &u);
        QCOMPARE(bandVerdict(b, 48 * kGiB), BandVerdict::MayNotFit);
        QVERIFY(b.verdictLow > 2 * 8.03e9); // the bf16 weights stay
        const BandContributor* c = decidingContributor(b, 48 * kGiB);
        QVERIFY(c);
        QCOMPARE(c->cause, BandCause::FilledDefaults);
    }

    /// The cliff's marker in the band's words (core bandVerdictAt): Llama-3.1-8B LoRA under
    /// the plain loop on one H100 (81,559 MiB), 2080 tokens. At micro-batch 4 the point's
    /// verdict bytes fit, but the CUDA-stack contributor alone (1343 - 512 = 831 MiB, Hugging
    /// Face's CUDA 11 context over CUDA 12's lazy one) takes them past the GPU: the largest
    /// micro-batch that fits by the point estimate only may fit. At micro-batch 1 the run
    /// needs under half the GPU, which no contributor closes: it fits.
    void markerBandVerdict() {
        Workload w = run("torch-loop", Finetune::LoRA);
        w.sequenceLength = 2080;
        const GpuSpec gpu = *findGpuPreset("h100-sxm-80gb");
        const double capacity = 81559.0 * kMiB;
        w.microBatch = 4;
        const Estimate four = estimate(llama8b(), w, &gpu);
        QVERIFY(verdictBytes(four.worst) <= capacity);
        QVERIFY(verdictBytes(four.worst) + 831.0 * kMiB > capacity);
        QCOMPARE(bandVerdictAt(llama8b(), w, gpu, SweepAxis::MicroBatch, 4),
                 BandVerdict::MayNotFit);
        w.microBatch = 1;
        QVERIFY(verdictBytes(estimate(llama8b(), w, &gpu).worst) < capacity / 2);
        QCOMPARE(bandVerdictAt(llama8b(), w, gpu, SweepAxis::MicroBatch, 1), BandVerdict::Fits);
    }

    /// Hand-made bands around an 80 GiB GPU: high under it fits, low over it does not,
    /// straddling it may not; the deciding contributor is the largest high delta when the
    /// point fits, the largest low delta that alone brings it under when it does not.
    void verdictStates_data() {
        QTest::addColumn<double>("pointGiB");
        QTest::addColumn<QList<double>>("deltasGiB"); // low, high pairs
        QTest::addColumn<BandVerdict>("verdict");
        QTest::addColumn<int>("deciding"); // index into the contributors, -1 none
        QTest::newRow("fits-high-under")
            << 70.0 << QList<double>{-2, 5, 0, 3} << BandVerdict::Fits << -1;
        QTest::newRow("high-at-capacity-fits")
            << 75.0 << QList<double>{0, 5} << BandVerdict::Fits << -1;
        QTest::newRow("point-fits-high-over")
            << 78.0 << QList<double>{0, 1, 0, 3} << BandVerdict::MayNotFit << 1;
        QTest::newRow("point-over-low-under")
            << 82.0 << QList<double>{-1, 0, -4, 0} << BandVerdict::MayNotFit << 1;
        QTest::newRow("point-over-only-sum-under")
            << 82.0 << QList<double>{-1.5, 0, -1.5, 0} << BandVerdict::MayNotFit << -1;
        QTest::newRow("low-over-does-not-fit")
            << 90.0 << QList<double>{-5, 2} << BandVerdict::DoesNotFit << -1;
    }
    void verdictStates() {
        QFETCH(double, pointGiB);
        QFETCH(QList<double>, deltasGiB);
        QFETCH(BandVerdict, verdict);
        QFETCH(int, deciding);
        std::vector<std::pair<double, double>> d;
        for (qsizetype i = 0; i + 1 < deltasGiB.size(); i += 2)
            d.emplace_back(deltasGiB[i] * kGiB, deltasGiB[i + 1] * kGiB);
        const Band b = handBand(pointGiB * kGiB, d);
        QCOMPARE(bandVerdict(b, 80 * kGiB), verdict);
        const BandContributor* c = decidingContributor(b, 80 * kGiB);
        QCOMPARE(c ? static_cast<int>(c - b.contributors.data()) : -1, deciding);
    }
};

QTEST_GUILESS_MAIN(TstBand)
#include "tst_band.moc"
