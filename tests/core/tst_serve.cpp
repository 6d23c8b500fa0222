// Serving engines (core/serve): the paged KV layout, the engine profiles' rules and serve().
// Every expected number is derived by hand from the engine's source rule (named in the row)
// or is an engine's own published start-up figure (URL in the row).

#include "core/engine/estimator.h"
#include "core/model/presets.h"
#include "core/serve/kv_pages.h"
#include "core/serve/profile_run.h"
#include "core/serve/serve.h"
#include "core/units.h"
#include "core/validation/serving_records.h"
#include "testsupport.h"

#include <QtTest>

#include <cmath>

using namespace headroom;

namespace {

ModelArch preset(const char* key) {
    const ModelPreset* p = findModelPreset(key);
    return p ? p->arch : ModelArch{};
}

const GpuSpec& h100() {
    return *findGpuPreset("h100-sxm-80gb");
}

/// An inference workload served by vLLM 0.19 with the given fraction, TP and max_model_len.
Workload served(double fraction, int tp, int64_t maxModelLen, const char* version = "0.19") {
    Workload w;
    w.mode = Mode::Inference;
    w.parallel.tp = tp;
    w.inference.memoryUtilization = fraction;
    w.inference.maxModelLen = maxModelLen;
    w.inference.engine = ServingEngine::Vllm;
    w.inference.engineVersion = version;
    return w;
}

} // namespace

class TstServe : public QObject {
    Q_OBJECT
private slots:
    void kvGroups_data();
    void kvGroups();
    void publishedConcurrency_data();
    void publishedConcurrency();
    void publishedStartup_data();
    void publishedStartup();
    void qwen72bTp4ByHand();
    void servedEstimateTerms();
    void dataParallelReplicatesWeights_data();
    void dataParallelReplicatesWeights();
    void sglangDefaultFraction_data();
    void sglangDefaultFraction();
    void graphCaptureCount_data();
    void graphCaptureCount();
    void capturedGraphs_data();
    void capturedGraphs();
    void blockers_data();
    void blockers();
    void badSettings_data();
    void badSettings();
    void curveIsTheAnswer();
    void longestContextIsTheEdge();
    void boundedForHugeSettings();
    void playbookForARefusal();
    void publishedRecordsScore();
    void recordsBadInput_data();
    void recordsBadInput();
};

// vLLM's hybrid KV manager (kv_cache_utils.py _get_kv_cache_groups_uniform_page_size): the
// fewer layers of one kind make a group (the more when more < 1.5 x fewer); each kind is cut
// into cdiv(count, size) groups. Layer counts from the models' config.json.
void TstServe::kvGroups_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("groupSize");
    QTest::addColumn<int>("full");
    QTest::addColumn<int>("sliding");
    QTest::newRow("llama-one-group") << "llama-3.1-8b" << 32 << 1 << 0;
    // Gemma-2-27B: 46 layers, every other one sliding (23 + 23)
    QTest::newRow("gemma2-23-23") << "gemma-2-27b" << 23 << 1 << 1;
    // Gemma-3-27B: 62 layers, 5 of 6 sliding: 10 full + 52 sliding -> 1 + cdiv(52, 10) = 6
    QTest::newRow("gemma3-10-52") << "gemma-3-27b" << 10 << 1 << 6;
    // gpt-oss-20b: 24 layers alternating, 12 + 12
    QTest::newRow("gpt-oss-12-12") << "gpt-oss-20b" << 12 << 1 << 1;
    QTest::newRow("mla-one-group") << "deepseek-v2-lite" << 27 << 1 << 0;
}

void TstServe::kvGroups() {
    QFETCH(QString, model);
    QFETCH(int, groupSize);
    QFETCH(int, full);
    QFETCH(int, sliding);
    const KvLayout kv = kvLayout(preset(model.toLatin1().constData()), DType::BF16, 1);
    const KvGroups g = headroom::kvGroups(kv);
    QCOMPARE(g.groupSize, groupSize);
    QCOMPARE(g.fullGroups, full);
    QCOMPARE(g.slidingGroups, sliding);
}

// The per-request block rule against vLLM 0.19.0's own start-up log on H100 80GB (jgchn/
// llm-d-planner@d3121e0 accuracy/results/v0.19.0/logs): given the pool's block count the log
// prints, "Maximum concurrency for 8,192 tokens per request" and "GPU KV cache size" follow from
// requestBlocks (full layers cdiv(8192, 16) = 512 blocks; sliding layers cdiv(min(W - 1 + 8192,
// 8192), 16) + 1 = 513) and floor(blocks / groups) x 16.
void TstServe::publishedConcurrency_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("tp");
    QTest::addColumn<qlonglong>("blocks");
    QTest::addColumn<double>("concurrency"); // the log's, 2 decimals
    QTest::addColumn<qlonglong>("tokens");   // the log's
    // 29,751 / 512 = 58.11; 29,751 x 16 = 476,016
    QTest::newRow("llama3.1-8b-tp1") << "llama-3.1-8b" << 1 << 29751LL << 58.11 << 476016LL;
    // 7,335 / (512 + 513) = 7.16; floor(7,335 / 2) x 16 = 58,672
    QTest::newRow("gemma2-27b") << "gemma-2-27b" << 1 << 7335LL << 7.16 << 58672LL;
    // 15,997 / (512 + 6 x 513) = 4.46; floor(15,997 / 7) x 16 = 36,560
    QTest::newRow("gemma3-27b") << "gemma-3-27b" << 1 << 15997LL << 4.46 << 36560LL;
    // 323,972 / (512 + 513) = 316.07; floor(323,972 / 2) x 16 = 2,591,776
    QTest::newRow("gpt-oss-20b-tp2") << "gpt-oss-20b" << 2 << 323972LL << 316.07 << 2591776LL;
    // MLA, one group: 94,097 / 512 = 183.78; 94,097 x 16 = 1,505,552
    QTest::newRow("deepseek-v2-lite") << "deepseek-v2-lite" << 1 << 94097LL << 183.78 << 1505552LL;
}

void TstServe::publishedConcurrency() {
    QFETCH(QString, model);
    QFETCH(int, tp);
    QFETCH(qlonglong, blocks);
    QFETCH(double, concurrency);
    QFETCH(qlonglong, tokens);
    const KvLayout kv = kvLayout(preset(model.toLatin1().constData()), DType::BF16, tp);
    const int64_t per = requestBlocks(kv, 8192, 8192, 16);
    QVERIFY(std::abs(static_cast<double>(blocks) / per - concurrency) < 0.005);
    const KvGroups g = headroom::kvGroups(kv);
    QCOMPARE(qlonglong(blocks / g.groups() * 16), tokens);
}

// The whole start-up against vLLM 0.19.0's log on H100 80GB HBM3 (the same sweep): the KV
// pool ("Available KV cache memory") within 1 %, and the blocks within 1 %. Settings as the
// logs give them (non-default args); everything else vLLM's defaults.
void TstServe::publishedStartup_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("tp");
    QTest::addColumn<double>("fraction");
    QTest::addColumn<qlonglong>("maxModelLen");
    QTest::addColumn<int>("kvDtype");
    QTest::addColumn<double>("kvGiB");
    QTest::addColumn<qlonglong>("blocks");
    // meta-llama-llama-3-1-8b---h100-80gb--tp1pp1dp1--8192.log: 75.23 GiB requested, 14.99
    // weights, 1.89 torch peak, 0.25 non-torch -> 58.11 GiB, 29,751 blocks
    QTest::newRow("llama3.1-8b-tp1")
        << "llama-3.1-8b" << 1 << 0.95 << 8192LL << int(DType::BF16) << 58.11 << 29751LL;
    // ...--8192-dtbf16-kvfp8.log: the same pool, fp8 pages of half the bytes: 59,502 blocks
    QTest::newRow("llama3.1-8b-kvfp8")
        << "llama-3.1-8b" << 1 << 0.95 << 8192LL << int(DType::FP8) << 58.11 << 59502LL;
    // ...--tp2pp1dp1--8192.log: 7.51 GiB weights, 2.07 non-torch -> 63.76 GiB, 65,293 blocks
    QTest::newRow("llama3.1-8b-tp2")
        << "llama-3.1-8b" << 2 << 0.95 << 8192LL << int(DType::BF16) << 63.76 << 65293LL;
    // qwen-qwen2-5-7b-instruc--h100-80gb--tp1pp1dp1--32768.log: 58.53 GiB, 68,500 blocks
    QTest::newRow("qwen2.5-7b-32k")
        << "qwen2.5-7b" << 1 << 0.95 << 32768LL << int(DType::BF16) << 58.53 << 68500LL;
    // google-gemma-2-27b-it--h100-80gb--tp1pp1dp1--8192.log: 20.59 GiB, 7,335 blocks
    QTest::newRow("gemma2-27b") << "gemma-2-27b" << 1 << 0.95 << 8192LL << int(DType::BF16) << 20.59
                                << 7335LL;
    // openai-gpt-oss-20b--h100-80gb--tp2pp1dp1--8192.log (MXFP4 experts, padded): 59.32 GiB
    QTest::newRow("gpt-oss-20b-tp2")
        << "gpt-oss-20b" << 2 << 0.90 << 8192LL << int(DType::BF16) << 59.32 << 323972LL;
}

void TstServe::publishedStartup() {
    QFETCH(QString, model);
    QFETCH(int, tp);
    QFETCH(double, fraction);
    QFETCH(qlonglong, maxModelLen);
    QFETCH(int, kvDtype);
    QFETCH(double, kvGiB);
    QFETCH(qlonglong, blocks);
    Workload w = served(fraction, tp, maxModelLen);
    w.precision.kvCache = static_cast<DType>(kvDtype);
    const auto r = serve(preset(model.toLatin1().constData()), w, h100());
    QVERIFY2(r.ok(), r.ok() ? "" : describe(r.error()).c_str());
    QVERIFY2(std::abs(r->kvCacheBytes / kGiB - kvGiB) / kvGiB < 0.01,
             qPrintable(QString::number(r->kvCacheBytes / kGiB)));
    QVERIFY2(std::abs(double(r->kvBlocks - blocks)) / blocks < 0.01,
             qPrintable(QString::number(r->kvBlocks)));
    QVERIFY(r->starts);
    // the pool is the budget less what the engine took out first, to the byte
    QVERIFY(std::abs(r->budgetBytes - r->nonKvBytes - r->kvCacheBytes) < 1.0);
}

// Qwen2.5-72B, TP 4 on 4x H100 80GB, vLLM 0.19 defaults (fraction 0.9), requests of 32k tokens,
// every term by hand:
//   total: 81,093 MiB as CUDA reports it (79.19 GiB in vLLM's log)
//   requested = ceil(0.9 x 81,093 x 2^20) = 76,528,956,212 B
//   weights = 72,706,203,648 params x 2 B / 4 + RoPE cache 131,072 x 128 x 2 B = 36.386 GB
//     (the estimator keeps the norms whole on each rank: +2 MB, within the 0.1 %)
//   activation peak = sampler: 1,024 rows x 152,064 vocab x (2 + 13) B + 8,192 x 8,192 x 2 B
//   non-torch = 0.25 GiB + 1.8 GiB (TP > 1 over NVLink)
//   KV per block = 80 layers x 16 tokens x 2 x (8 / 4 heads) x 128 x 2 B = 1,310,720 B
//   a 32,768-token request = 2,048 blocks
void TstServe::qwen72bTp4ByHand() {
    const auto r = serve(preset("qwen2.5-72b"), served(0.9, 4, 0), h100());
    QVERIFY(r.ok());
    const double requested = std::ceil(0.9 * 81093.0 * 1048576.0);
    const double weights = 72706203648.0 * 2 / 4 + 131072.0 * 128 * 2;
    const double activation = 1024.0 * 152064 * 15 + 8192.0 * 8192 * 2;
    const double nonTorch = 2.05 * kGiB;
    QCOMPARE(r->budgetBytes, requested);
    QVERIFY(std::abs(r->terms.weights - weights) / weights < 0.001);
    QCOMPARE(r->terms.activationPeak, activation);
    QCOMPARE(r->terms.nonTorch, nonTorch);
    const double pool = requested - r->terms.weights - activation - nonTorch;
    QCOMPARE(r->kvCacheBytes, pool);
    QCOMPARE(qlonglong(r->kvBlocks), qlonglong(pool / 1310720.0));
    QCOMPARE(qlonglong(std::floor(concurrencyAt(*r, 32768))), qlonglong(r->kvBlocks / 2048));
    // by hand, with the weights as above: (76.529 - 36.386 - 2.470 - 2.201) GB / 1.311 MB =
    // 27,062 blocks -> 13 requests of 32k at once
    QCOMPARE(qlonglong(std::floor(concurrencyAt(*r, 32768))), 13LL);
}

// A serving engine replicates the model over data-parallel ranks and shards it only by TP and
// PP (vLLM --data-parallel-size: one full engine per rank): a scenario's ZeRO/FSDP sharding,
// a training setting, leaves a rank's weights as they are. Llama-3.1-8B on 4 x H100, DP 4:
// 8,030,261,248 params x 2 B + RoPE cache 131,072 x 128 x 2 B = 16.094 GB on every rank
// (sharded by FSDP they read 3.77 GiB, a quarter).
void TstServe::dataParallelReplicatesWeights_data() {
    QTest::addColumn<int>("sharding");
    QTest::newRow("ddp") << int(Sharding::None);
    QTest::newRow("fsdp-full-shard") << int(Sharding::FsdpFullShard);
    QTest::newRow("zero3") << int(Sharding::Zero3);
}

void TstServe::dataParallelReplicatesWeights() {
    QFETCH(int, sharding);
    Workload w = served(0.9, 1, 0);
    w.parallel.dp = 4;
    w.parallel.sharding = static_cast<Sharding>(sharding);
    const auto r = serve(preset("llama-3.1-8b"), w, h100());
    QVERIFY(r.ok());
    const double weights = 8030261248.0 * 2 + 131072.0 * 128 * 2;
    QVERIFY2(std::abs(r->terms.weights - weights) / weights < 0.001,
             qPrintable(QString::number(r->terms.weights)));
}

// The server as the bar draws it (servedEstimate): Qwen2.5-72B TP 4 under vLLM 0.19 at 0.9
// (qwen72bTp4ByHand above): its terms are serve()'s, nvidia-smi their sum, allocated the
// weights, pool and profile peak; a server that does not start does not fit.
void TstServe::servedEstimateTerms() {
    const auto r = serve(preset("qwen2.5-72b"), served(0.9, 4, 0), h100());
    QVERIFY(r.ok());
    const double capacity = 80.0 * 1e9;
    const Estimate e = servedEstimate(*r, capacity);
    const auto term = [&e](Term t) { return e.worst.atPeak[static_cast<size_t>(t)]; };
    QCOMPARE(term(Term::Weights), r->terms.weights);
    QCOMPARE(term(Term::Activations), 1024.0 * 152064 * 15 + 8192.0 * 8192 * 2);
    QCOMPARE(term(Term::KvCache), r->kvCacheBytes);
    QCOMPARE(term(Term::Workspace), r->terms.cudaGraphs + 2.05 * kGiB);
    QCOMPARE(term(Term::Gradients), 0.0);
    double sum = 0;
    for (double b : e.worst.atPeak)
        sum += b;
    QCOMPARE(e.worst.nvidiaSmi, sum);
    QCOMPARE(e.worst.allocated, r->terms.weights + r->kvCacheBytes + term(Term::Activations));
    QCOMPARE(e.worst.reserved, e.worst.allocated + r->terms.cudaGraphs);
    QCOMPARE(e.stages.size(), size_t{1});
    QCOMPARE(e.fits, e.worst.nvidiaSmi <= capacity);
    const auto f = servedFormulas(*r);
    QVERIFY2(f[static_cast<size_t>(Term::KvCache)].find(std::to_string(r->kvBlocks) +
                                                        " blocks of 16") != std::string::npos,
             f[static_cast<size_t>(Term::KvCache)].c_str());
    QVERIFY(f[static_cast<size_t>(Term::Gradients)].empty());
    // max_model_len past the pool: the engine refuses, so the server does not fit
    const auto no = serve(preset("qwen2.5-72b"), served(0.9, 4, 2000000), h100());
    QVERIFY(no.ok());
    QVERIFY(!no->starts);
    QVERIFY(!servedEstimate(*no, capacity).fits);
}

// SGLang server_args.py _handle_gpu_memory_settings, MiB: reserved = 512 + 1.5 x max(chunked,
// 2048) + 2 x graph batch + tp / 8 x 1024, at least 10,240 above 60 GiB.
void TstServe::sglangDefaultFraction_data() {
    QTest::addColumn<qlonglong>("mib");
    QTest::addColumn<int>("tp");
    QTest::addColumn<double>("want");
    // H100 81,559 MiB: 512 + 12,288 + 512 + 128 = 13,440 -> 68,119 / 81,559 = 0.835
    QTest::newRow("h100-tp1") << 81559LL << 1 << 0.835;
    // TP 4: graph batch 512, 512 + 12,288 + 1,024 + 512 = 14,336 -> 0.824
    QTest::newRow("h100-tp4") << 81559LL << 4 << 0.824;
    // RTX 4090 24,564 MiB: chunked 2,048, batch 24: 512 + 3,072 + 48 + 128 = 3,760 -> 0.847
    QTest::newRow("rtx4090-tp1") << 24564LL << 1 << 0.847;
    // A100 40 GB: chunked 4,096, batch 32: 512 + 6,144 + 64 + 128 = 6,848 -> 0.833
    QTest::newRow("a100-40gb-tp1") << 40960LL << 1 << 0.833;
}

void TstServe::sglangDefaultFraction() {
    QFETCH(qlonglong, mib);
    QFETCH(int, tp);
    QFETCH(double, want);
    QCOMPARE(headroom::sglangDefaultFraction(mib, tp), want);
}

// vllm/config/vllm.py _set_cudagraph_sizes: [1, 2, 4] + range(8, min(max + 1, 256), 8) +
// range(256, max + 1, 16).
void TstServe::graphCaptureCount_data() {
    QTest::addColumn<int>("maxTokens");
    QTest::addColumn<int>("want");
    QTest::newRow("default-512") << 512 << 51; // 3 + 31 + 17, the log's "PIECEWISE=51"
    QTest::newRow("256") << 256 << 35;         // 3 + 31 + 1
    QTest::newRow("1024") << 1024 << 83;       // 3 + 31 + 49, gpt-oss's "PIECEWISE=83"
    QTest::newRow("8") << 8 << 4;
    QTest::newRow("3") << 3 << 2;
    QTest::newRow("none") << 0 << 0;
}

void TstServe::graphCaptureCount() {
    QFETCH(int, maxTokens);
    QFETCH(int, want);
    QCOMPARE(headroom::graphCaptureCount(maxTokens), want);
}

// The CUDA graphs vLLM captures for a model: min(2 x max_num_seqs, the capture maximum,
// max_num_batched_tokens) tokens at most, the maximum 512 (vllm/config/vllm.py), 1024 for gpt_oss
// (vllm/model_executor/models/config.py GptOssForCausalLMConfig). Logged sizes from
// jgchn/llm-d-planner@d3121e0 accuracy/results/v0.19.0/logs/.
void TstServe::capturedGraphs_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("maxSeqs");
    QTest::addColumn<int>("sizes");
    QTest::addColumn<int>("largest");
    // openai-gpt-oss-20b--h100-80gb--tp1pp1dp1--8192.FAILED.log: "Overriding max cuda graph
    // capture size to 1024", "PIECEWISE=83 (largest=1024)"
    QTest::newRow("gpt-oss-20b-raised") << "gpt-oss-20b" << 1 << 0 << 83 << 1024;
    // ...--tp2pp1dp1--8192.log: the same at TP 2
    QTest::newRow("gpt-oss-20b-tp2-raised") << "gpt-oss-20b" << 2 << 0 << 83 << 1024;
    // max_num_seqs 256 caps it at 2 x 256 = 512 tokens: 51 sizes
    QTest::newRow("gpt-oss-20b-seqs-256") << "gpt-oss-20b" << 1 << 256 << 51 << 512;
    // meta-llama-llama-3-1-8b---h100-80gb--tp1pp1dp1--8192.log: "PIECEWISE=51 (largest=512)"
    QTest::newRow("llama-3.1-8b-default") << "llama-3.1-8b" << 1 << 0 << 51 << 512;
}

void TstServe::capturedGraphs() {
    QFETCH(QString, model);
    QFETCH(int, tp);
    QFETCH(int, maxSeqs);
    QFETCH(int, sizes);
    QFETCH(int, largest);
    Workload w = served(0.9, tp, 8192);
    w.inference.maxNumSeqs = maxSeqs;
    const auto r = serve(preset(model.toLatin1().constData()), w, h100());
    QVERIFY2(r.ok(), r.ok() ? "" : describe(r.error()).c_str());
    QCOMPARE(r->settings.graphSizes, sizes);
    QCOMPARE(r->settings.graphMaxTokens, largest);
}

// The start-up checks in vLLM's order (serveBlockerKey names them).
void TstServe::blockers_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<double>("fraction");
    QTest::addColumn<qlonglong>("maxModelLen");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("blocker");
    QTest::newRow("starts") << "llama-3.1-8b" << 0.9 << 8192LL << "h100-sxm-80gb"
                            << "none";
    // max_position_embeddings 131,072 (config.json): vLLM's _get_and_verify_max_len raises
    QTest::newRow("above-model") << "llama-3.1-8b" << 0.9 << 200000LL << "h100-sxm-80gb"
                                 << "max_model_len_above_model";
    // 140 GB of bf16 weights on one 80 GB GPU
    QTest::newRow("no-kv") << "llama-3.1-70b" << 0.9 << 8192LL << "h100-sxm-80gb"
                           << "no_kv_memory";
    // RTX 3090, 0.9: (21.22 - 14.99 - 0.25 - activations) GiB ~ 5.5 GiB of KV; a 131,072-token
    // request needs 16 GiB (vllm-project/vllm#10517 fails the same way at 29,000 tokens)
    QTest::newRow("len-above-kv") << "llama-3.1-8b" << 0.9 << 131072LL << "rtx-3090"
                                  << "max_model_len_above_kv";
    // fraction 1: requested = total, more than is free once the CUDA context exists
    QTest::newRow("requested-above-free") << "llama-3.1-8b" << 1.0 << 8192LL << "h100-sxm-80gb"
                                          << "requested_above_free";
}

void TstServe::blockers() {
    QFETCH(QString, model);
    QFETCH(double, fraction);
    QFETCH(qlonglong, maxModelLen);
    QFETCH(QString, gpu);
    QFETCH(QString, blocker);
    const auto r = serve(preset(model.toLatin1().constData()), served(fraction, 1, maxModelLen),
                         *findGpuPreset(gpu.toStdString()));
    QVERIFY(r.ok());
    QCOMPARE(QString::fromLatin1(serveBlockerKey(r->blocker).data()), blocker);
    QCOMPARE(r->starts, blocker == QLatin1String("none"));
}

void TstServe::badSettings_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<double>("fraction");
    QTest::addColumn<int>("block");
    QTest::addColumn<qlonglong>("maxModelLen");
    QTest::addColumn<QString>("version");
    QTest::addColumn<int>("mode"); // Mode
    QTest::newRow("fraction-negative")
        << "inference.memory_utilization" << -0.1 << 0 << 0LL << "" << int(Mode::Inference);
    QTest::newRow("fraction-above-one")
        << "inference.memory_utilization" << 1.5 << 0 << 0LL << "" << int(Mode::Inference);
    QTest::newRow("fraction-nan") << "inference.memory_utilization" << std::nan("") << 0 << 0LL
                                  << "" << int(Mode::Inference);
    QTest::newRow("block-not-power-of-two")
        << "inference.block_size" << 0.9 << 24 << 0LL << "" << int(Mode::Inference);
    QTest::newRow("block-too-large")
        << "inference.block_size" << 0.9 << 2048 << 0LL << "" << int(Mode::Inference);
    QTest::newRow("max-model-len-negative")
        << "inference.max_model_len" << 0.9 << 0 << -1LL << "" << int(Mode::Inference);
    QTest::newRow("unknown-version")
        << "inference.engine_version" << 0.9 << 0 << 0LL << "0.1" << int(Mode::Inference);
    QTest::newRow("training") << "mode" << 0.9 << 0 << 0LL << "" << int(Mode::Training);
}

void TstServe::badSettings() {
    QFETCH(QString, field);
    QFETCH(double, fraction);
    QFETCH(int, block);
    QFETCH(qlonglong, maxModelLen);
    QFETCH(QString, version);
    QFETCH(int, mode);
    Workload w = served(0.9, 1, maxModelLen, "");
    w.inference.memoryUtilization = fraction;
    w.inference.blockTokens = block;
    w.inference.engineVersion = version.toStdString();
    w.mode = static_cast<Mode>(mode);
    const auto r = serve(preset("llama-3.1-8b"), w, h100());
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().field), field);
}

// One answer: the curve's points are concurrencyAt floored, and fall with the context.
void TstServe::curveIsTheAnswer() {
    const auto r = serve(preset("gemma-2-27b"), served(0.9, 1, 8192), h100());
    QVERIFY(r.ok());
    const std::vector<int64_t> xs{512, 4096, 8192, 65536};
    const auto curve = servingCurve(*r, xs);
    QCOMPARE(curve.size(), xs.size());
    for (std::size_t i = 0; i < xs.size(); ++i) {
        QCOMPARE(curve[i].context, xs[i]);
        // the pool's requests, at most max_num_seqs (1,024 on an H100)
        QCOMPARE(curve[i].maxSequences,
                 std::min<int64_t>(static_cast<int64_t>(concurrencyAt(*r, xs[i])), 1024));
        if (i > 0)
            QVERIFY(curve[i].maxSequences <= curve[i - 1].maxSequences);
    }
    // the report's own answer is the curve's at its context
    QCOMPARE(r->maxConcurrency,
             curve[0].context == r->context ? curve[0].maxSequences : requestsAt(*r, r->context));
    // short requests: the scheduler's cap, not the pool, limits them
    QCOMPARE(requestsAt(*r, 16), int64_t{1024});
    QVERIFY(concurrencyAt(*r, 16) > 1024);
}

// The longest context that starts: its request fits the pool, one more block does not.
void TstServe::longestContextIsTheEdge() {
    const auto r =
        serve(preset("llama-3.1-8b"), served(0.9, 1, 131072), *findGpuPreset("rtx-3090"));
    QVERIFY(r.ok());
    QVERIFY(r->maxContext > 0 && r->maxContext < 131072);
    const KvLayout& kv = r->kv;
    const double perBlock = kv.layers() * 16.0 * kv.bytesPerTokenLayer;
    const double need = fullLayerPages(r->maxContext, 16) * perBlock;
    QVERIFY(need <= r->kvCacheBytes);
    QVERIFY(fullLayerPages(r->maxContext + 16, 16) * perBlock > r->kvCacheBytes);
}

// The largest accepted settings give finite figures (the bisection is at most 31 steps).
void TstServe::boundedForHugeSettings() {
    Workload w = served(0.9, 1, int64_t{1} << 31, "");
    w.inference.maxNumSeqs = 1 << 20;
    w.inference.maxNumBatchedTokens = int64_t{1} << 31;
    ModelArch m = preset("llama-3.1-8b");
    m.maxPositions = 0; // no model cap: the bisection runs to 2^31
    const auto r = serve(m, w, h100());
    QVERIFY(r.ok());
    // a profile batch of 2^31 tokens: 2^31 x 3 x 4,096 x 2 B = 52 TB of activations
    QVERIFY(!r->starts);
    QCOMPARE(r->blocker, ServeBlocker::NoKvMemory);
    QVERIFY(std::isfinite(r->kvCacheBytes) && std::isfinite(r->concurrency));
    QVERIFY(r->maxContext >= 0 && r->maxContext < (int64_t{1} << 31));
}

// Llama-3.1-8B on an RTX 3090 at vLLM 0.19 defaults refuses to start (a 131,072-token request
// needs 32 x 8,192 blocks x 65,536 B... = 16 GiB of KV; the pool is ~5.5 GiB). Each lever alone:
// fp8 KV halves the bytes per token (131,072 -> 65,536 B: still 8 GiB needed, still refuses);
// max_model_len down to the longest that starts makes it start with the same pool; TP 2 halves
// the weights (~7.5 GiB more pool, 13 GiB >= 16 GiB x 1/2 KV heads per rank): starts, and with
// the most requests it comes first.
void TstServe::playbookForARefusal() {
    const ModelArch m = preset("llama-3.1-8b");
    const Workload w = served(0.9, 1, 131072);
    const GpuSpec& g = *findGpuPreset("rtx-3090");
    const auto now = serve(m, w, g);
    QVERIFY(now.ok() && !now->starts);
    const auto options = servePlaybook(m, w, g);
    QVERIFY(options.size() >= 3);
    QCOMPARE(options.front().lever, ServeLever::MoreTp);
    QVERIFY(options.front().after.starts);
    bool sawLen = false, sawFp8 = false;
    for (const ServeOption& o : options) {
        if (o.lever == ServeLever::ShorterMaxModelLen) {
            sawLen = true;
            QCOMPARE(qlonglong(o.value), qlonglong(now->maxContext));
            QVERIFY(o.after.starts);
            QCOMPARE(o.after.kvCacheBytes, now->kvCacheBytes);
        }
        if (o.lever == ServeLever::Fp8KvCache) {
            sawFp8 = true;
            QCOMPARE(o.after.kvBytesPerToken, now->kvBytesPerToken / 2);
            QVERIFY(!o.after.starts);
        }
    }
    QVERIFY(sawLen && sawFp8);
    // starting options come before the ones that still refuse
    bool refusing = false;
    for (const ServeOption& o : options) {
        QVERIFY(!(refusing && o.after.starts));
        refusing = refusing || !o.after.starts;
    }
}

// The committed start-up records (tests/data/serving, every figure an engine's own log line):
// the issue's target is a median |error| of the KV pool <= 5 % and the start-up verdict right on
// each. The verdicts that are wrong are named here, so a change that fixes or breaks one shows:
// gpt-oss-20b at 0.95 runs out of memory warming up the sampler after the pool is allocated
// (not modelled), and gpt-oss-120b under a 2025 vLLM took 4.4 GiB more before its pool than
// the 0.19 profile does.
void TstServe::publishedRecordsScore() {
    std::vector<ServingRecord> all;
    for (const char* f : {"vllm-0.19-h100.records.json", "other-sources.records.json"}) {
        auto recs =
            loadServingRecords(std::string(HEADROOM_SOURCE_DIR) + "/tests/data/serving/" + f);
        QVERIFY2(recs.ok(), recs.ok() ? "" : describe(recs.error()).c_str());
        all.insert(all.end(), recs->begin(), recs->end());
    }
    QVERIFY(all.size() >= 40);
    const ServingValidation v = scoreServing(all);
    const ServingMetricSummary& kv = v.metrics[static_cast<int>(ServingMetric::KvCache)];
    QCOMPARE(kv.count, static_cast<int>(all.size()));
    QVERIFY2(kv.medianAbsPct <= 5.0, qPrintable(QString::number(kv.medianAbsPct)));
    QStringList wrong;
    for (const ServingScore& sc : v.scores) {
        QVERIFY2(sc.error.empty(), sc.error.c_str());
        if (sc.verdictRight && !*sc.verdictRight)
            wrong << QString::fromStdString(sc.id);
    }
    QCOMPARE(wrong, QStringList({"vllm-0.19-h100-gpt-oss-20b-tp1-8192-u0.95-oom",
                                 "vllm-0.19-h100-gpt-oss-20b-tp2-8192-u0.95-oom",
                                 "vllm-v1-2025-10-h100-gpt-oss-120b-u0.95-batched1024"}));
}

void TstServe::recordsBadInput_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("field");
    const QString ok = QStringLiteral(
        R"({"id": "a", "source_url": "https://x/y", "engine": "vllm", "model": "llama-3.1-8b",
            "gpu": "h100-sxm-80gb", "measured": {"kv_cache_gib": 1}})");
    const auto doc = [](const QString& rec) {
        return QStringLiteral(R"({"schema": "headroom-serving-records/1", "records": [%1]})")
            .arg(rec);
    };
    QTest::newRow("not-json") << "{"
                              << "";
    QTest::newRow("other-schema") << R"({"schema": "headroom-serving-records/9", "records": []})"
                                  << "schema";
    QTest::newRow("no-records") << R"({"schema": "headroom-serving-records/1"})"
                                << "records";
    QTest::newRow("record-not-object") << doc("3") << "records[0]";
    QTest::newRow("unknown-model")
        << doc(QString(ok).replace("llama-3.1-8b", "llama-99b")) << "records[0].model";
    QTest::newRow("unknown-gpu") << doc(QString(ok).replace("h100-sxm-80gb", "h999"))
                                 << "records[0].gpu";
    QTest::newRow("unknown-engine")
        << doc(QString(ok).replace("\"vllm\"", "\"tgi\"")) << "records[0].engine";
    QTest::newRow("tp-zero") << doc(QString(ok).replace("\"gpu\"", "\"tp\": 0, \"gpu\""))
                             << "records[0].tp";
    QTest::newRow("fraction-above-one")
        << doc(QString(ok).replace("\"gpu\"", "\"memory_fraction\": 1.5, \"gpu\""))
        << "records[0].memory_fraction";
    QTest::newRow("kv-wrong-type")
        << doc(QString(ok).replace("\"kv_cache_gib\": 1", "\"kv_cache_gib\": \"1\""))
        << "records[0].measured.kv_cache_gib";
    QTest::newRow("no-measured") << doc(QString(ok).replace(", \"measured\": {\"kv_cache_gib\": 1}",
                                                            ""))
                                 << "records[0].measured";
    QTest::newRow("deep-nesting") << QString(200, '[') + QString(200, ']') << "serving records";
}

void TstServe::recordsBadInput() {
    QFETCH(QString, json);
    QFETCH(QString, field);
    const auto r = parseServingRecords(json.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().field), field);
}

QTEST_GUILESS_MAIN(TstServe)
#include "tst_serve.moc"
