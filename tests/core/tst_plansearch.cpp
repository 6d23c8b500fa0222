// The combined OOM plan (core/plan/plan_search.h): the issue-16 case (Llama-3.1-70B LoRA,
// 4096 tokens, micro-batch 4 on 2x H100 with plain DP) gets a plan that really fits when its
// changes are applied again from the original scenario; a case one change fixes gets a
// one-step plan; a hopeless case says so; the disruption table's costs are the sums written
// here by hand and docs/plan-search.md prints the same table.
#include "core/plan/plan_search.h"
#include "core/plan/solvers.h"

#include "core/model/presets.h"

#include "testsupport.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

using namespace headroom;
using headroom::testsupport::llama2_7b;
using headroom::testsupport::training;

namespace {

/// The issue's scenario: LoRA r16 on all linear layers, pure bf16, AdamW, micro-batch 4 x 4096,
/// no checkpointing, DDP over 2 GPUs (global batch 8).
Workload issue16(int64_t microBatch) {
    Workload w = training(PrecisionPreset::PureBf16, microBatch, 4096);
    w.finetune = Finetune::LoRA;
    w.parallel.dp = 2;
    return w;
}

/// The scenario after the plan, rebuilt from @p w with the steps' options only (not with the
/// workloads the search stored), so the check does not trust the search's own bookkeeping.
Workload reapply(const Workload& w, const Plan& plan) {
    const int64_t global = w.globalBatch().value_or(0);
    Workload c = w;
    for (const PlanStep& s : plan.steps)
        c = applyOption(w, c, s.option, global);
    return c;
}

/// What the playbook and the plan measure: the bytes the fits verdict counts (capacity -
/// headroom, Estimate::fits).
double counted(const Estimate& e) {
    return e.capacity - e.headroom;
}

std::vector<LeverOption> optionsOf(const Plan& p) {
    std::vector<LeverOption> o;
    for (const PlanStep& s : p.steps)
        o.push_back(s.option);
    return o;
}

} // namespace

class TstPlanSearch : public QObject {
    Q_OBJECT
private slots:
    void issue16PlanFits_data();
    void issue16PlanFits();
    void singleChangeGivesOneStep_data();
    void singleChangeGivesOneStep();
    void nothingFits();
    void inferencePlanUsesInferenceLevers();
    void fitsAlreadyNeedsNoPlan();
    void capStopsTheSearch();
    void costsByHand_data();
    void costsByHand();
    void tableIsConsistent();
    void docsPrintTheTable();
};

void TstPlanSearch::issue16PlanFits_data() {
    QTest::addColumn<int>("microBatch");
    // issue 16 item 2: "does Llama-3.1-70B LoRA at sequence 4096 fit on 2x H100?"
    QTest::newRow("70b-lora-mb4-2xh100") << 4;
    QTest::newRow("70b-lora-mb8-2xh100") << 8;
}

void TstPlanSearch::issue16PlanFits() {
    QFETCH(int, microBatch);
    MODEL_OR_FAIL(m, "Llama-3.1-70B");
    const GpuSpec* g = findGpuPreset("h100-80gb");
    QVERIFY(g);
    const Workload w = issue16(microBatch);
    QVERIFY(!validateWorkload(m, w));
    QVERIFY(!estimate(m, w, g).fits); // 141 GB of bf16 weights on each 80 GB card
    const auto items = playbook(m, w, *g);
    // the issue's complaint: no single change of the playbook fits
    for (const PlaybookItem& it : items)
        if (it.action != PlaybookAction::Combined)
            QVERIFY2(!it.fits, describe(it).c_str());
    const auto it = std::find_if(items.begin(), items.end(), [](const PlaybookItem& i) {
        return i.action == PlaybookAction::Combined;
    });
    QVERIFY(it != items.end());
    QVERIFY(it->fits);
    QCOMPARE(it - items.begin(), 0); // the only fitting entry ranks first
    const Plan& plan = it->plan;
    QVERIFY(plan.found);
    QVERIFY(!plan.capped);
    QVERIFY(plan.steps.size() >= 2);
    QVERIFY(plan.evaluations <= kPlanMaxEvaluations + static_cast<int>(plan.steps.size()));
    // apply the plan's changes to the workload, re-estimate: it fits, on the same 2 GPUs,
    // with the same global batch and sequence length
    const Workload after = reapply(w, plan);
    QVERIFY(!validateWorkload(m, after));
    const Estimate e = estimate(m, after, g);
    QVERIFY(e.fits);
    QCOMPARE(after.parallel.gpus(), w.parallel.gpus());
    QCOMPARE(after.globalBatch(), w.globalBatch());
    QCOMPARE(after.sequenceLength, w.sequenceLength);
    QCOMPARE(it->newTotal, counted(e));
    // the waterfall: from today's total, each step's cumulative total, ending where it fits
    QCOMPARE(plan.before, counted(estimate(m, w, g)));
    int cost = 0;
    for (size_t i = 0; i < plan.steps.size(); ++i) {
        const PlanStep& s = plan.steps[i];
        QCOMPARE(s.total, counted(estimate(m, s.after, g)));
        QCOMPARE(s.fits, i + 1 == plan.steps.size()); // only the whole plan fits
        // least disruptive first, except a step that waits for its prerequisite (SP for TP)
        if (i > 0 && s.option != LeverOption::SequenceParallel)
            QVERIFY(s.cost >= plan.steps[i - 1].cost);
        cost += s.cost;
    }
    QCOMPARE(plan.cost, cost);
    QCOMPARE(it->value, int64_t{cost});
    // least disruptive: with any one step left out, the rest does not fit (a cheaper plan)
    const auto opts = optionsOf(plan);
    for (size_t drop = 0; drop < opts.size(); ++drop) {
        Workload c = w;
        for (size_t i = 0; i < opts.size(); ++i)
            if (i != drop)
                c = applyOption(w, c, opts[i], w.globalBatch().value_or(0));
        QVERIFY2(!estimate(m, c, g).fits, leverRow(opts[drop]).key.data());
    }
}

void TstPlanSearch::singleChangeGivesOneStep_data() {
    QTest::addColumn<int>("option");
    // Llama-2-7B LoRA, micro-batch 1 x 4096, no checkpointing, one GPU whose capacity is the
    // total after this one change (+ 1 MiB). Cost-1 options alone save less, so the cheapest
    // fitting plans cost 2, and of those the single change wins (fewer steps).
    QTest::newRow("checkpointing-full") << int(LeverOption::CheckpointFull);
}

void TstPlanSearch::singleChangeGivesOneStep() {
    QFETCH(int, option);
    const ModelArch m = llama2_7b();
    Workload w = training(PrecisionPreset::PureBf16, 1, 4096);
    w.finetune = Finetune::LoRA;
    const auto o = static_cast<LeverOption>(option);
    const Workload fixed = applyOption(w, w, o, w.globalBatch().value_or(0));
    const GpuSpec g = customGpu(estimate(m, fixed).worst.nvidiaSmi + 1048576.0);
    QVERIFY(!estimate(m, w, &g).fits);
    QVERIFY(estimate(m, fixed, &g).fits);
    for (LeverOption cheaper : {LeverOption::CheckpointSelective, LeverOption::ChunkedLoss})
        QVERIFY(!estimate(m, applyOption(w, w, cheaper, 1), &g).fits);
    const Plan plan = searchPlan(m, w, g);
    QVERIFY(plan.found);
    QCOMPARE(plan.steps.size(), size_t{1});
    QCOMPARE(int(plan.steps[0].option), option);
    QCOMPARE(plan.cost, leverRow(o).cost());
    QVERIFY(plan.steps[0].fits);
}

void TstPlanSearch::nothingFits() {
    // Llama-3.1-70B full fine-tune on one 8 GiB card: even NF4 weights alone are ~37 GB
    // (70.6e9 x 0.5 B), and with one GPU nothing shards or pipelines.
    MODEL_OR_FAIL(m, "Llama-3.1-70B");
    const Workload w = training(PrecisionPreset::PureBf16, 1, 2048);
    const GpuSpec g = customGpu(8.0 * 1073741824.0);
    const Plan plan = searchPlan(m, w, g);
    QVERIFY(!plan.found);
    QVERIFY(plan.steps.empty());
    QVERIFY(!plan.capped); // every combination was tried
    QVERIFY(plan.evaluations > 1);
    for (const PlaybookItem& it : playbook(m, w, g))
        QVERIFY(it.action != PlaybookAction::Combined);
}

void TstPlanSearch::inferencePlanUsesInferenceLevers() {
    // Llama-3.1-70B serving in bf16 on 2x H100 as two replicas, 64 sequences of 8192 tokens:
    // 141 GB of weights per card. The plan may only use what inference has (fewer concurrent
    // sequences, TP, quantised weights or KV cache), and it fits when applied again.
    MODEL_OR_FAIL(m, "Llama-3.1-70B");
    const GpuSpec* g = findGpuPreset("h100-80gb");
    QVERIFY(g);
    Workload w;
    w.mode = Mode::Inference;
    w.microBatch = 64;
    setInferenceContext(w, 8192);
    w.parallel.dp = 2;
    QVERIFY(!validateWorkload(m, w));
    QVERIFY(!estimate(m, w, g).fits);
    const Plan plan = searchPlan(m, w, *g);
    QVERIFY(plan.found);
    QVERIFY(!plan.steps.empty());
    for (const PlanStep& s : plan.steps) {
        const Lever l = leverRow(s.option).lever;
        QVERIFY2(l == Lever::MicroBatch || l == Lever::TensorParallel || l == Lever::WeightDtype ||
                     l == Lever::KvCacheDtype || l == Lever::Attention,
                 leverRow(s.option).key.data());
    }
    const Workload after = reapply(w, plan);
    QVERIFY(estimate(m, after, g).fits);
    QCOMPARE(after.parallel.gpus(), w.parallel.gpus());
}

void TstPlanSearch::fitsAlreadyNeedsNoPlan() {
    const ModelArch m = llama2_7b();
    Workload w = training(PrecisionPreset::PureBf16, 1, 512);
    w.finetune = Finetune::LoRA;
    const GpuSpec g = customGpu(80.0 * 1073741824.0);
    const Plan plan = searchPlan(m, w, g);
    QVERIFY(plan.found);
    QVERIFY(plan.steps.empty());
    QCOMPARE(plan.evaluations, 1);
}

void TstPlanSearch::capStopsTheSearch() {
    MODEL_OR_FAIL(m, "Llama-3.1-70B");
    const GpuSpec* g = findGpuPreset("h100-80gb");
    QVERIFY(g);
    const Plan plan = searchPlan(m, issue16(4), *g, 5);
    QVERIFY(plan.capped);
    QVERIFY(!plan.found); // five estimates reach no fitting combination (the plan needs 3 steps)
    QCOMPARE(plan.evaluations, 5);
}

void TstPlanSearch::costsByHand_data() {
    QTest::addColumn<int>("option");
    QTest::addColumn<int>("cost");
    // throughput + convergence + effort, each 0-3, as docs/plan-search.md argues them
    QTest::newRow("micro-batch-half") << int(LeverOption::MicroBatchHalf) << 1 + 0 + 0;
    QTest::newRow("micro-batch-1") << int(LeverOption::MicroBatchOne) << 2 + 0 + 0;
    QTest::newRow("checkpointing-selective") << int(LeverOption::CheckpointSelective) << 1;
    QTest::newRow("checkpointing-full") << int(LeverOption::CheckpointFull) << 2 + 0 + 0;
    QTest::newRow("chunked-loss") << int(LeverOption::ChunkedLoss) << 0 + 0 + 1;
    QTest::newRow("optimizer-8bit") << int(LeverOption::Optimizer8bit) << 0 + 1 + 1;
    QTest::newRow("zero3") << int(LeverOption::Zero3) << 2 + 0 + 1;
    QTest::newRow("tp-x2") << int(LeverOption::Tp2) << 2 + 0 + 2;
    QTest::newRow("sequence-parallel") << int(LeverOption::SequenceParallel) << 0 + 0 + 1;
    QTest::newRow("pp-x2") << int(LeverOption::Pp2) << 2 + 0 + 3;
    QTest::newRow("qlora") << int(LeverOption::Qlora) << 1 + 1 + 1;
    QTest::newRow("offload-optimizer") << int(LeverOption::OffloadOptimizer) << 3 + 0 + 1;
}

void TstPlanSearch::costsByHand() {
    QFETCH(int, option);
    QFETCH(int, cost);
    QCOMPARE(leverRow(static_cast<LeverOption>(option)).cost(), cost);
}

void TstPlanSearch::tableIsConsistent() {
    // every option has exactly one row, keys are unique, a lever's options are listed together
    // in non-decreasing cost (the search's lattice needs it)
    std::set<std::string_view> keys;
    std::set<int> options;
    const auto rows = leverTable();
    for (size_t i = 0; i < rows.size(); ++i) {
        QVERIFY(keys.insert(rows[i].key).second);
        QVERIFY(options.insert(int(rows[i].option)).second);
        QCOMPARE(leverRow(rows[i].option).key, rows[i].key);
        QVERIFY(!rows[i].doc.empty());
        for (int part : {rows[i].throughput, rows[i].convergence, rows[i].effort})
            QVERIFY(part >= 0 && part <= 3);
        if (i > 0 && rows[i].lever == rows[i - 1].lever)
            QVERIFY(rows[i].cost() >= rows[i - 1].cost());
        for (size_t j = 0; j + 1 < i; ++j) // no lever split by another
            if (rows[j].lever == rows[i].lever)
                QCOMPARE(rows[i - 1].lever, rows[i].lever);
    }
    QCOMPARE(int(options.size()), int(LeverOption::KvCacheFp8) + 1);
}

void TstPlanSearch::docsPrintTheTable() {
    std::ifstream f(std::filesystem::path(HEADROOM_SOURCE_DIR) / "docs" / "plan-search.md");
    QVERIFY(f.good());
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string doc = ss.str();
    for (const LeverRow& r : leverTable()) {
        const std::string row = "| `" + std::string(r.key) + "` | " + std::to_string(r.throughput) +
                                " | " + std::to_string(r.convergence) + " | " +
                                std::to_string(r.effort) + " | " + std::to_string(r.cost()) + " |";
        QVERIFY2(doc.find(row) != std::string::npos, row.c_str());
    }
}

QTEST_GUILESS_MAIN(TstPlanSearch)
#include "tst_plansearch.moc"
