// Engine benchmarks (Google Benchmark). Not run by ctest; they never gate on wall time.
// Run: build/release/bench/bench_core  (numbers for this machine are in the README).
#include "core/engine/estimator.h"
#include "core/engine/reserve/load_replay.h"
#include "core/engine/reserve/replay_cache.h"
#include "core/io/scenario.h"
#include "core/model/presets.h"
#include "core/plan/solvers.h"

#include <benchmark/benchmark.h>

#include <string>

using namespace headroom;

namespace {
const Scenario& scenario() {
    static const Scenario s = defaultScenario();
    return s;
}

/// The preset @p key, or nullptr with the benchmark skipped.
const ModelPreset* presetOrSkip(benchmark::State& state, const char* key) {
    const ModelPreset* p = findModelPreset(key);
    if (!p)
        state.SkipWithError((std::string(key) + " preset missing").c_str());
    return p;
}
} // namespace

/// One estimate of the default scenario (Llama-3.1-8B full fine-tune, H100).
static void BM_Estimate(benchmark::State& state) {
    const Scenario& s = scenario();
    for (auto _ : state)
        benchmark::DoNotOptimize(estimate(s.model, s.workload, &s.gpu));
}
BENCHMARK(BM_Estimate);

/// The same estimate under a ReplayCache scope, as the GUI's controller and the solvers
/// run it: the step replay (core/engine/reserve/length_replay.h) is looked up, not run again.
static void BM_EstimateCached(benchmark::State& state) {
    const Scenario& s = scenario();
    ReplayCache cache;
    const ReplayCache::Scope scope(cache);
    for (auto _ : state)
        benchmark::DoNotOptimize(estimate(s.model, s.workload, &s.gpu));
}
BENCHMARK(BM_EstimateCached);

/// One estimate of a MoE + MLA model with 8 pipeline stages (the costliest shape).
static void BM_EstimateDeepSeekPp8(benchmark::State& state) {
    const ModelPreset* p = presetOrSkip(state, "deepseek-v3");
    if (!p)
        return;
    Workload w = scenario().workload;
    w.parallel.pp = 8;
    w.parallel.dp = 8;
    w.parallel.sharding = Sharding::Zero1;
    for (auto _ : state)
        benchmark::DoNotOptimize(estimate(p->arch, w, &scenario().gpu));
}
BENCHMARK(BM_EstimateDeepSeekPp8);

/// The OOM-cliff refresh: a 256-point micro-batch sweep plus the max-batch solve.
static void BM_Sweep256AndMaxBatch(benchmark::State& state) {
    const Scenario& s = scenario();
    Workload w = s.workload;
    w.finetune = Finetune::LoRA; // a scenario whose cliff lies inside 1..1024
    const std::vector<int64_t> xs = sweepValues(1024, 256);
    for (auto _ : state) {
        benchmark::DoNotOptimize(sweep(s.model, w, &s.gpu, SweepAxis::MicroBatch, xs));
        benchmark::DoNotOptimize(maxMicroBatch(s.model, w, s.gpu));
    }
}
BENCHMARK(BM_Sweep256AndMaxBatch);

/// The OOM-cliff refresh as the GUI runs it (ui/scenariocontroller.cpp computeResults): the
/// sweep and the max-batch solve under one ReplayCache scope, so the step they share is
/// replayed once; the cache is new each refresh (a changed sequence or model: nothing cached).
static void BM_CliffRefreshCold(benchmark::State& state) {
    const Scenario& s = scenario();
    Workload w = s.workload;
    w.finetune = Finetune::LoRA;
    const std::vector<int64_t> xs = sweepValues(1024, 256);
    for (auto _ : state) {
        ReplayCache cache;
        const ReplayCache::Scope scope(cache);
        benchmark::DoNotOptimize(sweep(s.model, w, &s.gpu, SweepAxis::MicroBatch, xs));
        benchmark::DoNotOptimize(maxMicroBatch(s.model, w, s.gpu));
    }
}
BENCHMARK(BM_CliffRefreshCold);

/// The combined-plan search (core/plan/plan_search.h) of issue 16: Llama-3.1-70B LoRA,
/// micro-batch 4 x 4096 on 2x H100 with plain DP (arg 0), and a hopeless one that tries every
/// combination: Llama-3.1-70B full fine-tune on one 8 GiB card (arg 1).
static void BM_SearchPlan(benchmark::State& state) {
    const ModelPreset* p = presetOrSkip(state, "llama-3.1-70b");
    if (!p)
        return;
    Workload w = scenario().workload;
    GpuSpec g = scenario().gpu;
    if (state.range(0) == 0) {
        w.finetune = Finetune::LoRA;
        w.microBatch = 4;
        w.sequenceLength = 4096;
        w.parallel.dp = 2;
    } else {
        w.microBatch = 1;
        g = customGpu(8.0 * 1073741824.0);
    }
    int evaluations = 0;
    for (auto _ : state) {
        const Plan plan = searchPlan(p->arch, w, g);
        evaluations = plan.evaluations;
        benchmark::DoNotOptimize(plan.found);
    }
    state.counters["estimates"] = evaluations;
}
BENCHMARK(BM_SearchPlan)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

/// One uncached model-load replay (core/engine/reserve/load_replay.h) of the costliest load:
/// DeepSeek-V3 QLoRA (NF4 double quant) with torchtune's torchao recipe on one GPU, chunked
/// (arg 0, torchao >= 0.2) and unchunked (arg 1); about 47k linears.
static void BM_LoadReplayDeepSeekTorchao(benchmark::State& state) {
    const ModelPreset* p = presetOrSkip(state, "deepseek-v3");
    if (!p)
        return;
    Workload w = scenario().workload;
    w.finetune = Finetune::QLoRA;
    w.precision.weights = DType::NF4DoubleQuant;
    w.features.loadRecipe =
        state.range(0) == 0 ? LoadRecipe::TorchaoNf4 : LoadRecipe::TorchaoNf4Unchunked;
    for (auto _ : state)
        benchmark::DoNotOptimize(replayLoad(p->arch, w, 1));
}
BENCHMARK(BM_LoadReplayDeepSeekTorchao)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
