// tst_params: exact parameter counts from architectures, checked against published counts.
//
// Every row names its source. Exact counts come from the calibration records
// (tests/data/calibration.records.json, field model.param_count), from
// safetensors index files (total_size / 2 for bf16, tests/data/models/PROVENANCE.md) or from
// keras-hub presets quoted in PROVENANCE.md. Model-card numbers are rounded; the tolerance of
// such a row is half a unit of the last published digit (never below 0.5 %).

#include "core/model/decoder_shape.h"
#include "core/model/hf_import.h"
#include "core/model/model.h"
#include "core/model/weight_storage.h"

#include "testsupport.h"

#include <QtTest>

#include <cmath>
#include <filesystem>
#include <string>

using namespace headroom;
using headroom::testsupport::llama2_7b;

namespace {

std::filesystem::path modelsDir() {
    return std::filesystem::path(HEADROOM_MODELS_DIR);
}

ModelArch load(const char* dir) {
    auto r = loadHfConfig(modelsDir() / dir / "config.json");
    if (!r) {
        qWarning("%s: %s (%s)", dir, r.error().field.c_str(), r.error().detail.c_str());
        return {};
    }
    return r.value();
}

double relErr(double got, double want) {
    return std::abs(got - want) / want;
}

} // namespace

class TstParams : public QObject {
    Q_OBJECT
private slots:
    void publishedTotals_data();
    void publishedTotals();
    void publishedActive_data();
    void publishedActive();
    void everySharedConfigCovered();
    void handCountedBlocks();
    void calibrationShapes_data();
    void calibrationShapes();
    void breakdownAddsUp();
    void layerShapesMoe();
    void weightBytes();
    void checkpointBytesFromTheTensors_data();
    void checkpointBytesFromTheTensors();
    void validateErrors();
    void derivedSweep();
    void derivedShapeRule();
    void dtypeKeys();
    void storageFormats_data();
    void storageFormats();
    void storageGroupsMatchCounts();
    void familyCounts_data();
    void familyCounts();
    void shapeImport_data();
    void shapeImport();
};

// Column "tol": relative tolerance. 0 = exact.
void TstParams::publishedTotals_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<QString>("family");
    QTest::addColumn<qint64>("published");
    QTest::addColumn<double>("tol");
    QTest::addColumn<QString>("source");

    // Exact integers.
    QTest::newRow("Llama-2-7b-hf")
        << "Llama-2-7b-hf"
        << "llama" << qint64(6738415616) << 0.0 << "calibration.records.json FQ-01 param_count";
    QTest::newRow("Llama-2-7b-GPTQ-synthetic")
        << "Llama-2-7b-GPTQ-synthetic"
        << "llama" << qint64(6738415616) << 0.0
        << "Llama-2-7b-hf shapes (FQ-01 param_count); quantization does not change the count";
    QTest::newRow("Llama-2-7b-AWQ-synthetic")
        << "Llama-2-7b-AWQ-synthetic"
        << "llama" << qint64(6738415616) << 0.0 << "Llama-2-7b-hf shapes (FQ-01 param_count)";
    QTest::newRow("falcon-7b")
        << "falcon-7b"
        << "falcon" << qint64(6921720704) << 0.0
        << "tt-buda falcon7b pytorch_model.bin.index.json total_size 14434379520 / 2 (bf16) "
           "less the tied lm_head 65024 x 4544 stored twice (PROVENANCE.md)";
    QTest::newRow("Llama-2-13b-hf")
        << "Llama-2-13b-hf"
        << "llama" << qint64(13015864320) << 0.0 << "calibration.records.json LITRT-09 param_count";
    QTest::newRow("Llama-3.1-8B") << "Llama-3.1-8B"
                                  << "llama" << qint64(8030261248) << 0.0
                                  << "calibration.records.json TITAN-01 param_count";
    QTest::newRow("Llama-3.1-70B")
        << "Llama-3.1-70B"
        << "llama" << qint64(70553706496) << 0.0 << "calibration.records.json TITAN-07 param_count";
    QTest::newRow("Llama-3.2-3B-Instruct") << "Llama-3.2-3B-Instruct"
                                           << "llama" << qint64(3212749824) << 0.0
                                           << "calibration.records.json TT3B-01 param_count (tied)";
    QTest::newRow("Mixtral-8x7B-v0.1")
        << "Mixtral-8x7B-v0.1"
        << "mixtral" << qint64(46702792704) << 0.0
        << "model.safetensors.index.json total_size 93405585408 / 2 (bf16)";
    QTest::newRow("gemma-2-9b-it")
        << "gemma-2-9b-it"
        << "gemma2" << qint64(9241705984) << 0.0
        << "model.safetensors.index.json total_size 18483411968 / 2; keras-hub gemma2 preset";
    QTest::newRow("Phi-3-mini-4k-instruct")
        << "Phi-3-mini-4k-instruct"
        << "phi3" << qint64(3821079552) << 0.0
        << "keras-hub phi3_presets.py phi3_mini_4k_instruct_en params";
    // Model cards (rounded).
    QTest::newRow("Llama-3.2-1B")
        << "Llama-3.2-1B"
        << "llama" << qint64(1235814400) << 0.005
        << "Llama 3.2 model card: 1.24B (1,235,814,400 = HF safetensors metadata)";
    QTest::newRow("Llama-3.2-1B-Instruct")
        << "Llama-3.2-1B-Instruct"
        << "llama" << qint64(1235814400) << 0.005 << "Llama 3.2 model card: 1.24B";
    QTest::newRow("Qwen2.5-0.5B")
        << "Qwen2.5-0.5B"
        << "qwen2" << qint64(494032768) << 0.005
        << "HF Qwen/Qwen2.5-0.5B safetensors total 494,032,768 (card: 0.49B)";
    QTest::newRow("Qwen2.5-7B")
        << "Qwen2.5-7B"
        << "qwen2" << qint64(7615616512) << 0.005
        << "HF Qwen/Qwen2.5-7B safetensors total 7,615,616,512 (card: 7.61B)";
    QTest::newRow("Qwen3-8B") << "Qwen3-8B"
                              << "qwen3" << qint64(8190735360) << 0.005
                              << "HF Qwen/Qwen3-8B safetensors total 8,190,735,360 (card: 8.2B)";
    QTest::newRow("Qwen3-30B-A3B")
        << "Qwen3-30B-A3B"
        << "qwen3_moe" << qint64(30532122624) << 0.005
        << "HF Qwen/Qwen3-30B-A3B safetensors total 30,532,122,624 (card: 30.5B)";
    QTest::newRow("gpt-oss-20b") << "gpt-oss-20b"
                                 << "gpt_oss" << qint64(20910000000) << 0.005
                                 << "OpenAI gpt-oss model card, Table 1: 20.91B total";
    QTest::newRow("gpt-oss-120b") << "gpt-oss-120b"
                                  << "gpt_oss" << qint64(116830000000) << 0.005
                                  << "OpenAI gpt-oss model card, Table 1: 116.83B total";
    // Main model only: the HF checkpoint (685B) also holds the MTP module
    // (num_nextn_predict_layers 1), which the published 671B excludes.
    QTest::newRow("DeepSeek-V3") << "DeepSeek-V3"
                                 << "deepseek_v3" << qint64(671000000000) << 0.005
                                 << "DeepSeek-V3 technical report, arXiv 2412.19437: 671B total";
    QTest::newRow("gpt2-large") << "gpt2-large"
                                << "gpt2" << qint64(774000000) << 0.005
                                << "OpenAI GPT-2 release / HF gpt2-large card: 774M";
}

void TstParams::publishedTotals() {
    QFETCH(QString, dir);
    QFETCH(QString, family);
    QFETCH(qint64, published);
    QFETCH(double, tol);
    QFETCH(QString, source);
    const ModelArch m = load(dir.toUtf8().constData());
    QCOMPARE(QString::fromStdString(m.family), family);
    QCOMPARE(validateArch(m), ArchError::Ok);
    const ParamCount c = countParameters(m);
    if (tol == 0.0) {
        QCOMPARE(qint64(c.total), published);
    } else {
        const double e = relErr(double(c.total), double(published));
        if (e > std::max(tol, 0.005))
            QFAIL(qPrintable(QString("%1: counted %2, published %3 (%4), error %5 %")
                                 .arg(dir)
                                 .arg(c.total)
                                 .arg(published)
                                 .arg(source)
                                 .arg(e * 100)));
    }
    if (!m.moe.enabled())
        QCOMPARE(c.active, c.total);
}

void TstParams::publishedActive_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<qint64>("published");
    QTest::addColumn<bool>("withoutEmbedding");
    QTest::addColumn<double>("tol");
    QTest::addColumn<QString>("source");
    QTest::newRow("Mixtral-8x7B")
        << "Mixtral-8x7B-v0.1" << qint64(12900000000) << false << 0.05 / 12.9
        << "Mistral AI, 'Mixtral of experts' (2023-12-11): 12.9B active per token";
    // OpenAI (stated) and DeepSeek (apparently) count active parameters without the token-embedding
    // table (a lookup, not a matmul): gpt-oss-20b 3.61B = our active 4.19B - 201088 x 2880
    // embedding rows; DeepSeek-V3 36.63B ("37B"), as DeepSeek-V2-Lite 2.45B ("2.4B", tst_presets).
    QTest::newRow("gpt-oss-20b") << "gpt-oss-20b" << qint64(3610000000) << true << 0.005
                                 << "OpenAI gpt-oss model card, Table 1: 3.61B active";
    QTest::newRow("gpt-oss-120b") << "gpt-oss-120b" << qint64(5130000000) << true << 0.005
                                  << "OpenAI gpt-oss model card, Table 1: 5.13B active";
    QTest::newRow("DeepSeek-V3") << "DeepSeek-V3" << qint64(37000000000) << true << 0.5 / 37
                                 << "DeepSeek-V3 technical report, arXiv 2412.19437: 37B activated";
    // Qwen's card counts embeddings (Qwen3-235B-A22B: 22.19B, card 22B) but rounds loosely:
    // we count 3.35B for the card's 3.3B (1.6 % above), so this row uses 2 %.
    QTest::newRow("Qwen3-30B-A3B") << "Qwen3-30B-A3B" << qint64(3300000000) << false << 0.02
                                   << "Qwen3-30B-A3B model card: 3.3B activated";
}

void TstParams::publishedActive() {
    QFETCH(QString, dir);
    QFETCH(qint64, published);
    QFETCH(bool, withoutEmbedding);
    QFETCH(double, tol);
    QFETCH(QString, source);
    const ModelArch m = load(dir.toUtf8().constData());
    QVERIFY(m.moe.enabled());
    const ParamCount c = countParameters(m);
    QVERIFY(c.active < c.total);
    const double active = double(c.active - (withoutEmbedding ? c.embedding : 0));
    const double e = relErr(active, double(published));
    if (e > tol)
        QFAIL(qPrintable(QString("%1: active %2, published %3 (%4)")
                             .arg(dir)
                             .arg(active)
                             .arg(published)
                             .arg(source)));
    // active = total - unused routed experts
    const int moeLayers = m.numLayers - m.moe.firstDenseLayers;
    const qint64 perExpert = c.experts / (qint64(moeLayers) * m.moe.numExperts);
    QCOMPARE(qint64(c.active), qint64(c.total - qint64(m.moe.numExperts - m.moe.expertsPerToken) *
                                                    perExpert * moeLayers));
}

void TstParams::everySharedConfigCovered() {
    // Every vendored config must import and appear in publishedTotals_data().
    const QStringList covered = {"Llama-2-7b-hf",
                                 "Llama-2-13b-hf",
                                 "Llama-3.1-8B",
                                 "Llama-3.1-70B",
                                 "Llama-3.2-1B",
                                 "Llama-3.2-1B-Instruct",
                                 "Llama-3.2-3B-Instruct",
                                 "Mixtral-8x7B-v0.1",
                                 "gemma-2-9b-it",
                                 "Phi-3-mini-4k-instruct",
                                 "Qwen2.5-0.5B",
                                 "Qwen2.5-7B",
                                 "Qwen3-8B",
                                 "Qwen3-30B-A3B",
                                 "gpt-oss-20b",
                                 "gpt-oss-120b",
                                 "DeepSeek-V3",
                                 "gpt2-large",
                                 "Llama-2-7b-GPTQ-synthetic",
                                 "Llama-2-7b-AWQ-synthetic",
                                 "falcon-7b"};
    int n = 0;
    for (const auto& e : std::filesystem::directory_iterator(modelsDir())) {
        if (!e.is_directory())
            continue;
        const QString name = QString::fromStdString(e.path().filename().string());
        QVERIFY2(covered.contains(name), qPrintable("no published count for " + name));
        ++n;
    }
    QCOMPARE(n, int(covered.size()));
}

void TstParams::handCountedBlocks() {
    // gpt2-large by hand (modeling_gpt2.py): wte V*h, wpe 1024*h; per block ln_1 2h,
    // c_attn h*3h+3h, c_proj h*h+h, ln_2 2h, c_fc h*4h+4h, c_proj 4h*h+h; ln_f 2h; tied head.
    {
        const ModelArch m = load("gpt2-large");
        const qint64 h = 1280, V = 50257;
        const qint64 block = 2 * h + (h * 3 * h + 3 * h) + (h * h + h) + 2 * h +
                             (h * 4 * h + 4 * h) + (4 * h * h + h);
        const qint64 want = V * h + 1024 * h + 36 * block + 2 * h;
        QCOMPARE(qint64(countParameters(m).total), want);
        QCOMPARE(want, qint64(774030080));
        QCOMPARE(countParameters(m).lmHead, int64_t(0));
    }
    // DeepSeek-V3 MLA block by hand (modeling_deepseek.py DeepseekV3Attention).
    {
        const ModelArch m = load("DeepSeek-V3");
        const qint64 h = 7168, a = 128, r = 1536, c = 512, nope = 128, rope = 64, v = 128;
        const qint64 attn =
            h * r + r + r * a * (nope + rope) + h * (c + rope) + c + c * a * (nope + v) + a * v * h;
        QCOMPARE(qint64(layerShapes(m, 0).attentionParams), attn);
        QCOMPARE(qint64(layerShapes(m, 0).qOut), a * (nope + rope));
        QCOMPARE(qint64(layerShapes(m, 0).attnOutIn), a * v);
        // Layers 0..2 dense (first_k_dense_replace 3), layer 3 MoE.
        QVERIFY(!layerShapes(m, 2).isMoe);
        QVERIFY(layerShapes(m, 3).isMoe);
        QCOMPARE(qint64(layerShapes(m, 2).mlpParams), 3 * h * 18432);
        // 256 experts x 3 x h x 2048; shared expert + router (h x 256) + e_score_correction_bias.
        QCOMPARE(qint64(layerShapes(m, 3).expertParams), 256 * 3 * h * 2048);
        QCOMPARE(qint64(layerShapes(m, 3).mlpParams), 3 * h * 2048 + h * 256 + 256);
        QCOMPARE(m.nativeDType, DType::FP8);
        QCOMPARE(m.maxPositions, int64_t(163840));
    }
    // gpt-oss-20b: q/k/v/o biases, sinks, router bias, expert biases (modeling_gpt_oss.py).
    {
        const ModelArch m = load("gpt-oss-20b");
        const qint64 h = 2880, a = 64, kv = 8, d = 64, i = 2880, E = 32;
        const qint64 attn = h * a * d + a * d + 2 * (h * kv * d + kv * d) + a * d * h + h + a;
        QCOMPARE(qint64(layerShapes(m, 0).attentionParams), attn);
        QCOMPARE(qint64(layerShapes(m, 0).expertParams), E * (h * 2 * i + 2 * i + i * h + h));
        QCOMPARE(qint64(layerShapes(m, 0).mlpParams), h * E + E);
        QCOMPARE(m.slidingWindow, 128);
        QCOMPARE(m.slidingLayers, 12);
        QCOMPARE(m.expertDType, DType::MXFP4);
        QCOMPARE(m.nativeDType, DType::BF16);
        QVERIFY(m.attentionSinks);
    }
    // Qwen2.5-0.5B: q/k/v bias, tied.
    {
        const ModelArch m = load("Qwen2.5-0.5B");
        QVERIFY(m.qkvBias);
        QVERIFY(!m.outBias);
        QVERIFY(m.tiedEmbeddings);
        const qint64 h = 896, d = 64;
        QCOMPARE(qint64(layerShapes(m, 0).attentionParams),
                 h * 14 * d * 2 + 2 * h * 2 * d + 14 * d + 2 * 2 * d);
        QCOMPARE(m.slidingLayers, 0);
    }
    // Qwen3-8B: q_norm / k_norm of head_dim each.
    {
        const ModelArch m = load("Qwen3-8B");
        QVERIFY(m.qkNorm);
        const qint64 h = 4096;
        QCOMPARE(qint64(layerShapes(m, 0).attentionParams), 2 * h * 4096 + 2 * h * 1024 + 2 * 128);
    }
    // Gemma2: four norms per block, tied embeddings, half the layers slide.
    {
        const ModelArch m = load("gemma-2-9b-it");
        QCOMPARE(m.normsPerLayer, 4);
        QVERIFY(m.tiedEmbeddings);
        QCOMPARE(m.slidingWindow, 4096);
        QCOMPARE(m.slidingLayers, 21);
        QCOMPARE(qint64(layerShapes(m, 0).normParams), qint64(4 * 3584));
    }
}

void TstParams::calibrationShapes_data() {
    QTest::addColumn<int>("layers");
    QTest::addColumn<qint64>("hidden");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("kv");
    QTest::addColumn<qint64>("ffn");
    QTest::addColumn<qint64>("vocab");
    QTest::addColumn<bool>("tied");
    QTest::addColumn<qint64>("published");
    // calibration.records.json model blocks with param_count (ids in the row names).
    QTest::newRow("Llama-2-70B PEFT-01") << 80 << qint64(8192) << 64 << 8 << qint64(28672)
                                         << qint64(32000) << false << qint64(68976648192);
    QTest::newRow("Llama-3.1-405B TITAN-09") << 126 << qint64(16384) << 128 << 8 << qint64(53248)
                                             << qint64(128256) << false << qint64(405853388800);
    QTest::newRow("Mistral-7B-v0.2 FQ-11") << 32 << qint64(4096) << 32 << 8 << qint64(14336)
                                           << qint64(32000) << false << qint64(7241732096);
    QTest::newRow("Yi-34B FQ-09") << 60 << qint64(7168) << 56 << 8 << qint64(20480) << qint64(64000)
                                  << false << qint64(34388917248);
    // litgpt's untied Llama-3.2-1B/3B variants (LIT32-01 / LIT32-03).
    QTest::newRow("Llama-3.2-3B untied LIT32-03") << 28 << qint64(3072) << 24 << 8 << qint64(8192)
                                                  << qint64(128256) << false << qint64(3606752256);
}

void TstParams::calibrationShapes() {
    QFETCH(int, layers);
    QFETCH(qint64, hidden);
    QFETCH(int, heads);
    QFETCH(int, kv);
    QFETCH(qint64, ffn);
    QFETCH(qint64, vocab);
    QFETCH(bool, tied);
    QFETCH(qint64, published);
    ModelArch m;
    m.family = "llama";
    m.numLayers = layers;
    m.hiddenSize = hidden;
    m.numHeads = heads;
    m.numKvHeads = kv;
    m.headDim = int(hidden / heads);
    m.intermediateSize = ffn;
    m.vocabSize = vocab;
    m.tiedEmbeddings = tied;
    QCOMPARE(validateArch(m), ArchError::Ok);
    QCOMPARE(qint64(countParameters(m).total), published);
}

void TstParams::breakdownAddsUp() {
    for (const char* dir : {"Llama-3.1-8B", "DeepSeek-V3", "gpt-oss-20b", "Qwen3-30B-A3B",
                            "gpt2-large", "gemma-2-9b-it"}) {
        const ModelArch m = load(dir);
        const ParamCount c = countParameters(m);
        QCOMPARE(c.total, c.embedding + c.lmHead + c.attention + c.denseMlp + c.experts +
                              c.sharedExperts + c.router + c.norms);
        int64_t sum = c.embedding + c.lmHead +
                      (m.finalNorm ? (m.norm == NormKind::LayerNorm ? 2 : 1) * m.hiddenSize : 0);
        for (int l = 0; l < m.numLayers; ++l) {
            const LayerShapes s = layerShapes(m, l);
            sum += s.attentionParams + s.mlpParams + s.expertParams + s.normParams;
        }
        QCOMPARE(sum, c.total);
    }
}

void TstParams::layerShapesMoe() {
    const ModelArch m = load("Mixtral-8x7B-v0.1");
    const LayerShapes s = layerShapes(m, 0);
    QVERIFY(s.isMoe);
    QCOMPARE(s.qOut, int64_t(4096));
    QCOMPARE(s.kvOut, int64_t(1024));
    QCOMPARE(s.attnOutIn, int64_t(4096));
    QCOMPARE(s.expertParams, int64_t(8) * 3 * 4096 * 14336);
    QCOMPARE(s.mlpParams, int64_t(4096) * 8); // router only
    const ModelArch q = load("Qwen3-30B-A3B");
    QCOMPARE(q.moe.numExperts, 128);
    QCOMPARE(q.moe.expertsPerToken, 8);
    QCOMPARE(q.moe.expertIntermediate, int64_t(768));
    QCOMPARE(q.headDim, 128);
}

void TstParams::weightBytes() {
    const ModelArch l = load("Llama-3.1-8B");
    QCOMPARE(publishedWeightBytes(l), 2.0 * 8030261248.0);
    const ModelArch g2 = load("gpt2-large");
    QCOMPARE(publishedWeightBytes(g2), 4.0 * 774030080.0); // fp32 checkpoint
    const ModelArch oss = load("gpt-oss-20b");
    const ParamCount c = countParameters(oss);
    // Expert matrices in MXFP4 (17/32 B per weight: 4-bit values + one E8M0 byte per 32);
    // the expert biases (2i + h per expert) stay bf16, as Mxfp4GptOssExperts stores them.
    const double expertBiases = 24.0 * 32 * (2 * 2880 + 2880);
    const double want = double(c.total - c.experts) * 2.0 + expertBiases * 2.0 +
                        (double(c.experts) - expertBiases) * bytesPerElement(DType::MXFP4);
    QCOMPARE(publishedWeightBytes(oss), want);
    // About 13.8 GB as published (OpenAI: the 20b checkpoint fits in 16 GB).
    QVERIFY(want > 13.0e9 && want < 14.5e9);
    const ModelArch ds = load("DeepSeek-V3");
    const double dsBytes = publishedWeightBytes(ds);
    QVERIFY(dsBytes > 671e9 && dsBytes < 690e9); // fp8 linear layers, bf16 embeddings
}

// gpt-oss's MXFP4 checkpoints summed tensor by tensor as transformers' Mxfp4GptOssExperts
// and the safetensors files lay them out (hidden h = 2880, expert width i = 2880, vocab
// 201,088, 64 query heads and 8 KV heads of 64): per layer, bf16 q/k/v/o projections with
// biases (4096 x h + 4096, 2 x (512 x h + 512), h x 4096 + h), 64 attention sinks, two norms of
// h, a router (E x h + E); the experts' gate_up and down as MXFP4 blocks (16 bytes per 32
// weights) with one uint8 scale per 32 weights and bf16 biases (2i and h per expert); bf16
// embedding and lm_head (untied) and the final norm. Published: the OpenAI model card (arXiv
// 2508.10925) gives checkpoints of 12.8 and 60.8 GiB; a public deployment test asserts
// 65,248,815,744 tensor bytes in gpt-oss-120b's 15 safetensors files
// (tests/data/models/PROVENANCE.md).
void TstParams::checkpointBytesFromTheTensors_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("experts");
    QTest::addColumn<double>("cardGiB"); // the model card's checkpoint size, 0.1 GiB steps
    QTest::newRow("gpt-oss-20b-mxfp4") << "gpt-oss-20b" << 24 << 32 << 12.8;
    QTest::newRow("gpt-oss-120b-mxfp4") << "gpt-oss-120b" << 36 << 128 << 60.8;
}

void TstParams::checkpointBytesFromTheTensors() {
    QFETCH(QString, dir);
    QFETCH(int, layers);
    QFETCH(int, experts);
    QFETCH(double, cardGiB);
    const ModelArch m = load(dir.toUtf8().constData());
    const int64_t h = 2880, i = 2880, v = 201088, e = experts;
    const int64_t attention = (4096 * h + 4096 + 2 * (512 * h + 512) + h * 4096 + h + 64) * 2;
    const int64_t norms = 2 * h * 2;
    const int64_t router = (e * h + e) * 2;
    const auto mxfp4 = [](int64_t rows, int64_t cols) { // blocks + scales, bytes
        return rows * (cols / 32) * 16 + rows * (cols / 32);
    };
    const int64_t expertBytes = e * (mxfp4(2 * i, h) + 2 * i * 2 + mxfp4(h, i) + h * 2);
    const int64_t want =
        2 * v * h * 2 + int64_t{layers} * (attention + norms + router + expertBytes) + h * 2;
    if (dir == "gpt-oss-120b")
        QCOMPARE(want, int64_t{65248815744}); // the published tensor bytes
    QCOMPARE(publishedWeightBytes(m), double(want));
    QVERIFY(std::abs(double(want) / 1073741824.0 - cardGiB) <= 0.05);
}

void TstParams::validateErrors() {
    const ModelArch ok = llama2_7b();
    QCOMPARE(validateArch(ok), ArchError::Ok);
    struct Row {
        void (*mutate)(ModelArch&);
        ArchError want;
        const char* field;
    };
    const Row rows[] = {
        {[](ModelArch& m) { m.numLayers = 0; }, ArchError::NonPositiveLayers, "num_hidden_layers"},
        {[](ModelArch& m) { m.hiddenSize = -1; }, ArchError::NonPositiveHidden, "hidden_size"},
        {[](ModelArch& m) { m.numHeads = 0; }, ArchError::NonPositiveHeads, "num_attention_heads"},
        {[](ModelArch& m) { m.numKvHeads = 5; }, ArchError::KvHeadsInvalid, "num_key_value_heads"},
        {[](ModelArch& m) { m.numKvHeads = 64; }, ArchError::KvHeadsInvalid, "num_key_value_heads"},
        {[](ModelArch& m) { m.headDim = 0; }, ArchError::NonPositiveHeadDim, "head_dim"},
        {[](ModelArch& m) { m.intermediateSize = 0; }, ArchError::NonPositiveIntermediate,
         "intermediate_size"},
        {[](ModelArch& m) { m.vocabSize = 0; }, ArchError::NonPositiveVocab, "vocab_size"},
        {[](ModelArch& m) {
             m.moe.numExperts = 8;
             m.moe.expertsPerToken = 9;
             m.moe.expertIntermediate = 100;
         },
         ArchError::MoeInvalid, "num_experts_per_tok"},
        {[](ModelArch& m) {
             m.mla.kvLoraRank = 512;
             m.mla.qkRopeHeadDim = 0;
         },
         ArchError::MlaInvalid, "kv_lora_rank"},
        {[](ModelArch& m) {
             m.hiddenSize = 1 << 24;
             m.intermediateSize = int64_t(1) << 30;
         },
         ArchError::TooLarge, "num_parameters"},
    };
    for (const Row& r : rows) {
        ModelArch m = ok;
        r.mutate(m);
        QCOMPARE(validateArch(m), r.want);
        QCOMPARE(std::string(archErrorField(r.want)), std::string(r.field));
    }
    QVERIFY(archErrorField(ArchError::Ok).empty());
}

void TstParams::derivedSweep() {
    // Log sweep 1e8 .. 2e12: within 2 %, monotonic (count and width), always valid.
    int64_t prevCount = 0;
    int64_t prevHidden = 0;
    double worst = 0;
    for (double p = 1e8; p <= 2e12 * 1.0000001; p *= 1.002) {
        const ModelArch m = denseFromParamCount(p);
        QCOMPARE(validateArch(m), ArchError::Ok);
        const int64_t n = countParameters(m).total;
        worst = std::max(worst, relErr(double(n), p));
        QVERIFY2(n >= prevCount, qPrintable(QString("not monotonic at %1").arg(p)));
        QVERIFY(m.hiddenSize >= prevHidden);
        prevCount = n;
        prevHidden = m.hiddenSize;
    }
    QVERIFY2(worst < 0.02, qPrintable(QString("worst error %1 %").arg(worst * 100)));
    // Endpoints exactly.
    QVERIFY(relErr(double(countParameters(denseFromParamCount(1e8)).total), 1e8) < 0.02);
    QVERIFY(relErr(double(countParameters(denseFromParamCount(2e12)).total), 2e12) < 0.02);
    // Garbage requests still give a valid shape.
    QCOMPARE(validateArch(denseFromParamCount(std::nan(""))), ArchError::Ok);
    QCOMPARE(validateArch(denseFromParamCount(-5)), ArchError::Ok);
    QCOMPARE(validateArch(denseFromParamCount(1e15)), ArchError::Ok);
}

void TstParams::derivedShapeRule() {
    const ModelArch m = denseFromParamCount(7e9);
    QCOMPARE(QString::fromStdString(m.name), QString("~7.0B (derived)"));
    QCOMPARE(m.headDim, 128);
    QCOMPARE(m.hiddenSize, int64_t(m.numHeads) * 128);
    QCOMPARE(m.numKvHeads, 8);
    QCOMPARE(m.vocabSize, int64_t(32000));
    QVERIFY(!m.tiedEmbeddings);
    QCOMPARE(m.intermediateSize % 256, int64_t(0));
    QCOMPARE(m.mlp, MlpKind::Gated);
    // Llama-like: about 32 layers of width ~4096 at 7B.
    QVERIFY(m.numLayers >= 28 && m.numLayers <= 36);
    QVERIFY(m.hiddenSize >= 3584 && m.hiddenSize <= 4608);
    const ModelArch small = denseFromParamCount(3e8);
    QCOMPARE(QString::fromStdString(small.name), QString("~300M (derived)"));
    QCOMPARE(small.numKvHeads, small.numHeads); // MHA below 16 heads
    QCOMPARE(QString::fromStdString(denseFromParamCount(1.2e12).name), QString("~1.2T (derived)"));
}

void TstParams::dtypeKeys() {
    for (int i = 0; i < kDTypeCount; ++i) {
        const auto t = static_cast<DType>(i);
        const auto back = parseDType(dtypeKey(t));
        QVERIFY(back.has_value());
        QCOMPARE(*back, t);
    }
    QCOMPARE(*parseDType("bfloat16"), DType::BF16);
    QCOMPARE(*parseDType("float32"), DType::FP32);
    QCOMPARE(*parseDType("float16"), DType::FP16);
    QCOMPARE(*parseDType("4bit"), DType::NF4);
    QCOMPARE(*parseDType("NF4_DOUBLE_QUANT"), DType::NF4DoubleQuant);
    QVERIFY(!parseDType("int3").has_value());
    QVERIFY(!parseDType("").has_value());
    QCOMPARE(dtypeKey(DType::NF4DoubleQuant), std::string_view("nf4_double_quant"));
}

// One Linear of each format, bytes by hand from the tensors its loader allocates
// (weight_storage.h names each file).
void TstParams::storageFormats_data() {
    QTest::addColumn<int>("method");
    QTest::addColumn<qint64>("out");
    QTest::addColumn<qint64>("in");
    QTest::addColumn<int>("bits");
    QTest::addColumn<int>("group");
    QTest::addColumn<double>("bytes");
    // fp8: weight 1 B each + fp32 weight_scale_inv per 128x128 block.
    // 576 x 7168 (DeepSeek-V3 kv_a_proj_with_mqa): 4,128,768 + 4 x 5 x 56 = 4,129,888.
    QTest::newRow("fp8-kv-a") << int(QuantMethod::Fp8Block) << qint64(576) << qint64(7168) << 8 << 0
                              << 4129888.0;
    // MXFP4 2880 x 2880: 8,294,400 / 2 = 4,147,200 of values + 2880 x 90 E8M0 = 259,200.
    QTest::newRow("mxfp4-down") << int(QuantMethod::Mxfp4) << qint64(2880) << qint64(2880) << 4
                                << 32 << 4406400.0;
    // GPTQ 4-bit g128, 4096 x 11008 (down_proj): qweight 22,544,384; G = 86: qzeros
    // 86 x 4096 / 2 = 176,128; scales 86 x 4096 x 2 = 704,512; g_idx 11008 x 4 = 44,032.
    QTest::newRow("gptq-down") << int(QuantMethod::Gptq) << qint64(4096) << qint64(11008) << 4
                               << 128 << 23469056.0;
    // GPTQ group -1 (one group): 4096 x 4096: 8,388,608 + 2,048 + 8,192 + 16,384.
    QTest::newRow("gptq-no-groups")
        << int(QuantMethod::Gptq) << qint64(4096) << qint64(4096) << 4 << 0 << 8415232.0;
    // GPTQ 8-bit g128 4096 x 4096: 16,777,216 + 32 x 4096 + 32 x 4096 x 2 + 16,384.
    QTest::newRow("gptq-8bit") << int(QuantMethod::Gptq) << qint64(4096) << qint64(4096) << 8 << 128
                               << 17186816.0;
    // AWQ 4-bit g128 4096 x 11008: as GPTQ without g_idx.
    QTest::newRow("awq-down") << int(QuantMethod::Awq) << qint64(4096) << qint64(11008) << 4 << 128
                              << 23425024.0;
}

void TstParams::storageFormats() {
    QFETCH(int, method);
    QFETCH(qint64, out);
    QFETCH(qint64, in);
    QFETCH(int, bits);
    QFETCH(int, group);
    QFETCH(double, bytes);
    CheckpointQuant q;
    q.method = static_cast<QuantMethod>(method);
    q.bits = bits;
    q.groupSize = group;
    QCOMPARE(quantLinearBytes(q, out, in), bytes);
}

// Every group of checkpointStorage holds exactly the parameters countParameters puts there,
// for every vendored config (so no parameter is stored twice or dropped).
void TstParams::storageGroupsMatchCounts() {
    for (const auto& e : std::filesystem::directory_iterator(modelsDir())) {
        if (!e.is_directory())
            continue;
        const std::string dir = e.path().filename().string();
        const ModelArch m = load(dir.c_str());
        const ParamCount c = countParameters(m);
        const WeightStorage s = checkpointStorage(m);
        QVERIFY2(s.attention.params == c.attention, dir.c_str());
        QVERIFY2(s.mlp.params == c.denseMlp + c.sharedExperts, dir.c_str());
        QVERIFY2(s.experts.params == c.experts, dir.c_str());
        QVERIFY2(s.router.params == c.router, dir.c_str());
        QVERIFY2(s.norms.params == c.norms, dir.c_str());
        QVERIFY2(s.embedding.params == c.embedding && s.lmHead.params == c.lmHead, dir.c_str());
        QVERIFY2(s.totalParams() == c.total, dir.c_str());
        if (!m.quant.enabled()) // plain checkpoints: every parameter at torch_dtype
            QVERIFY2(s.totalBytes() == double(c.total) * bytesPerElement(m.nativeDType),
                     dir.c_str());
    }
}

// Families whose import needs more than the llama keys (issue 15 item 3). Each config holds the
// architecture keys of the published config.json (key names as the family's configuration
// file reads them); "hand" is the count derived from the modelling file's layer shapes,
// independently of countParameters (the derivation is in the row's comment), and
// "published" the public number with its tolerance (0 = exact; published 0: none was found,
// the row says so).
void TstParams::familyCounts_data() {
    QTest::addColumn<QString>("config");
    QTest::addColumn<QString>("family");
    QTest::addColumn<qint64>("hand");
    QTest::addColumn<qint64>("published");
    QTest::addColumn<double>("tol");
    QTest::addColumn<QString>("source");
    // Qwen-7B (modeling_qwen.py): per block c_attn 4096 x 12288 + 12288 bias, c_proj
    // 4096 x 4096, w1 + w2 + c_proj 3 x 4096 x 11008, ln_1 + ln_2 8192 = 202,395,648; x 32
    // + wte + lm_head 2 x 151936 x 4096 + ln_f 4096 = 7,721,324,544.
    QTest::newRow("qwen-7b-v1")
        << R"({"architectures": ["QWenLMHeadModel"], "model_type": "qwen", "hidden_size": 4096,
              "intermediate_size": 22016, "num_attention_heads": 32, "num_hidden_layers": 32,
              "kv_channels": 128, "vocab_size": 151936, "seq_length": 8192, "no_bias": true,
              "tie_word_embeddings": false, "bf16": false, "fp16": false, "fp32": false})"
        << "qwen" << qint64(7721324544) << qint64(7721324544) << 0.0
        << "QWen-7B model.num_parameters() as printed by public deployments ('with 7721324544 "
           "(7.7B) parameters', GitHub code search)";
    // The early Qwen-7B config spelling (n_embd, n_head, n_layer, ffn_hidden_size,
    // padded_vocab_size): the same model.
    QTest::newRow("qwen-7b-v1-early-keys")
        << R"({"architectures": ["QWenLMHeadModel"], "model_type": "qwen", "n_embd": 4096,
              "ffn_hidden_size": 22016, "n_head": 32, "n_layer": 32, "kv_channels": 128,
              "padded_vocab_size": 151936, "n_positions": 8192, "no_bias": true,
              "tie_word_embeddings": false})"
        << "qwen" << qint64(7721324544) << qint64(7721324544) << 0.0 << "as above";
    // ChatGLM3-6B (modeling_chatglm.py): query_key_value 4096 x 4608 + 4608 bias, dense
    // 4096 x 4096, dense_h_to_4h 4096 x 27392, dense_4h_to_h 13696 x 4096, 2 RMSNorms
    // = 203,960,832; x 28 + word_embeddings + output_layer 2 x 65024 x 4096 + final 4096.
    QTest::newRow("chatglm3-6b")
        << R"({"architectures": ["ChatGLMModel"], "model_type": "chatglm",
              "add_bias_linear": false, "add_qkv_bias": true, "ffn_hidden_size": 13696,
              "hidden_size": 4096, "kv_channels": 128, "multi_query_attention": true,
              "multi_query_group_num": 2, "num_attention_heads": 32, "num_layers": 28,
              "padded_vocab_size": 65024, "post_layer_norm": true, "rmsnorm": true,
              "seq_length": 8192, "tie_word_embeddings": false, "torch_dtype": "float16"})"
        << "chatglm" << qint64(6243584000) << qint64(6243584000) << 0.0
        << "ChatGLM2/3-6B model.num_parameters() in public fine-tuning logs ('all params: "
           "6243584000')";
    // OLMo-1B-hf (modeling_olmo.py, OlmoLayerNorm has no parameters): 4 x 2048^2 +
    // 3 x 2048 x 8192 = 67,108,864 per block x 16 + tied 50304 x 2048.
    QTest::newRow("olmo-1b")
        << R"({"architectures": ["OlmoForCausalLM"], "model_type": "olmo",
              "attention_bias": false, "clip_qkv": null, "hidden_size": 2048,
              "intermediate_size": 8192, "max_position_embeddings": 2048,
              "num_attention_heads": 16, "num_hidden_layers": 16, "num_key_value_heads": 16,
              "tie_word_embeddings": true, "torch_dtype": "float32", "vocab_size": 50304})"
        << "olmo" << qint64(1176764416) << qint64(1176764416) << 0.0
        << "OLMo-1B: sum(p.numel()) == 1176764416 asserted in public OLMo code (GitHub search)";
    // OLMo-2-1124-7B (modeling_olmo2.py): q_norm 4096 + k_norm 4096 per block (full width),
    // post-attention and post-feedforward RMSNorms: (67,108,864 + 8192 + 135,266,304 + 8192)
    // x 32 + 2 x 100352 x 4096 + 4096 = 7,298,617,344.
    QTest::newRow("olmo2-7b")
        << R"({"architectures": ["Olmo2ForCausalLM"], "model_type": "olmo2",
              "attention_bias": false, "hidden_size": 4096, "intermediate_size": 11008,
              "max_position_embeddings": 4096, "num_attention_heads": 32,
              "num_hidden_layers": 32, "num_key_value_heads": 32, "rms_norm_eps": 1e-06,
              "tie_word_embeddings": false, "vocab_size": 100352})"
        << "olmo2" << qint64(7298617344) << qint64(0) << 0.0
        << "no exact published count found (model name: 7B); hand derivation only";
    // Command-R v01 (modeling_cohere.py): one weight-only LayerNorm per parallel block:
    // (4 x 8192^2 + 3 x 8192 x 22528 + 8192) x 40 + tied 256000 x 8192 + 8192.
    QTest::newRow("command-r")
        << R"({"architectures": ["CohereForCausalLM"], "model_type": "cohere",
              "hidden_size": 8192, "intermediate_size": 22528, "logit_scale": 0.0625,
              "max_position_embeddings": 8192, "num_attention_heads": 64,
              "num_hidden_layers": 40, "num_key_value_heads": 64, "use_qk_norm": false,
              "vocab_size": 256000, "torch_dtype": "float16"})"
        << "cohere" << qint64(34980831232) << qint64(35000000000) << 0.015
        << "transformers docs model_doc/cohere.md: 'Command-R is a 35B parameter' model "
           "(tolerance half a unit of the last digit)";
    // Command-R+ (use_qk_norm: q/k LayerNorm weights [96, 128] and [8, 128]): per block
    // 150,994,944 x 2 + 2 x 12288 x 1024 + 13,312 + 3 x 12288 x 33792 + 12288; x 64 + tied
    // 256000 x 12288 + 12288 = 103,810,674,688.
    QTest::newRow("command-r-plus")
        << R"({"architectures": ["CohereForCausalLM"], "model_type": "cohere",
              "hidden_size": 12288, "intermediate_size": 33792, "logit_scale": 0.8333333333333334,
              "num_attention_heads": 96, "num_hidden_layers": 64, "num_key_value_heads": 8,
              "use_qk_norm": true, "vocab_size": 256000})"
        << "cohere" << qint64(103810674688) << qint64(104000000000) << 0.005
        << "Command R+ model card: 104B";
    // DBRX (modeling_dbrx.py): Wqkv 6144 x 8192, out_proj 6144^2, router 6144 x 16, experts
    // 16 x 3 x 6144 x 10752, norm_1 + norm_2 weight-only: 3,259,084,800 per block x 40
    // + wte + lm_head 2 x 100352 x 6144 + norm_f 6144.
    QTest::newRow("dbrx") << R"({"architectures": ["DbrxForCausalLM"], "model_type": "dbrx",
              "attn_config": {"clip_qkv": 8, "kv_n_heads": 8, "rope_theta": 500000},
              "d_model": 6144, "ffn_config": {"ffn_hidden_size": 10752, "moe_num_experts": 16,
              "moe_top_k": 4}, "max_seq_len": 32768, "n_heads": 48, "n_layers": 40,
              "tie_word_embeddings": false, "torch_dtype": "bfloat16", "vocab_size": 100352})"
                          << "dbrx" << qint64(131596523520) << qint64(132000000000) << 0.004
                          << "DBRX model card: '132B total parameters of which 36B "
                             "parameters are active' (half a unit of the last digit)";
    // Baichuan2-7B (modeling_baichuan.py): W_pack 4096 x 12288, o_proj, gate/up/down, no
    // biases: 202,383,360 per block x 32 + 2 x 125696 x 4096 + 4096.
    QTest::newRow("baichuan2-7b")
        << R"({"architectures": ["BaichuanForCausalLM"], "model_type": "baichuan",
              "hidden_size": 4096, "intermediate_size": 11008, "model_max_length": 4096,
              "num_attention_heads": 32, "num_hidden_layers": 32, "rms_norm_eps": 1e-06,
              "tie_word_embeddings": false, "torch_dtype": "bfloat16", "vocab_size": 125696})"
        << "baichuan" << qint64(7505973248) << qint64(0) << 0.0
        << "no exact published count found (model name: 7B); hand derivation only";
    // Baichuan2-13B (ALiBi: no position parameters): 315,238,400 per block x 40
    // + 2 x 125696 x 5120 + 5120.
    QTest::newRow("baichuan2-13b")
        << R"({"architectures": ["BaichuanForCausalLM"], "model_type": "baichuan",
              "hidden_size": 5120, "intermediate_size": 13696, "model_max_length": 4096,
              "num_attention_heads": 40, "num_hidden_layers": 40, "tie_word_embeddings": false,
              "vocab_size": 125696})"
        << "baichuan" << qint64(13896668160) << qint64(0) << 0.0
        << "no exact published count found (model name: 13B); hand derivation only";
    // InternLM2-7B (modeling_internlm2.py): wqkv 4096 x (4096 + 2 x 1024), wo, w1/w3/w2
    // 14336, bias false: 218,112,000 per block x 32 + 2 x 92544 x 4096 + 4096.
    QTest::newRow("internlm2-7b")
        << R"({"architectures": ["InternLM2ForCausalLM"], "model_type": "internlm2",
              "bias": false, "hidden_size": 4096, "intermediate_size": 14336,
              "max_position_embeddings": 32768, "num_attention_heads": 32,
              "num_hidden_layers": 32, "num_key_value_heads": 8, "rope_theta": 1000000,
              "tie_word_embeddings": false, "torch_dtype": "bfloat16", "vocab_size": 92544})"
        << "internlm2" << qint64(7737708544) << qint64(0) << 0.0
        << "no exact published count found (model name: 7B); hand derivation only";
    // Yi-6B as first published (model_type "Yi", YiForCausalLM; llama shapes, GQA 4 KV
    // heads): (37,748,736 + 135,266,304 + 8192) x 32 + 2 x 64000 x 4096 + 4096.
    QTest::newRow("yi-6b-early")
        << R"({"architectures": ["YiForCausalLM"], "model_type": "Yi", "hidden_size": 4096,
              "intermediate_size": 11008, "max_position_embeddings": 4096,
              "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 4,
              "tie_word_embeddings": false, "torch_dtype": "bfloat16", "vocab_size": 64000})"
        << "llama" << qint64(6061035520) << qint64(0) << 0.0
        << "no exact published count found (model name: 6B); hand derivation only";
    // Falcon-40B (new_decoder_architecture: ln_attn + ln_mlp, 8 KV heads):
    // (8192 x 9216 + 8192^2 + 2 x 8192 x 32768 + 4 x 8192) x 60 + tied 65024 x 8192 + 16384.
    QTest::newRow("falcon-40b")
        << R"({"architectures": ["FalconForCausalLM"], "model_type": "falcon",
              "bias": false, "hidden_size": 8192, "new_decoder_architecture": true,
              "num_attention_heads": 128, "num_hidden_layers": 60, "num_kv_heads": 8,
              "parallel_attn": true, "vocab_size": 65024, "torch_dtype": "bfloat16"})"
        << "falcon" << qint64(41303293952) << qint64(0) << 0.0
        << "no exact published count found (model card: 40B); hand derivation only";
}

void TstParams::familyCounts() {
    QFETCH(QString, config);
    QFETCH(QString, family);
    QFETCH(qint64, hand);
    QFETCH(qint64, published);
    QFETCH(double, tol);
    QFETCH(QString, source);
    auto r = parseHfConfig(config.toStdString());
    QVERIFY2(r.ok(), r.ok() ? "" : (r.error().field + ": " + r.error().detail).c_str());
    QCOMPARE(QString::fromStdString(r->family), family);
    const qint64 total = countParameters(r.value()).total;
    QCOMPARE(total, hand);
    if (published == 0) // no published count: the hand derivation is the check
        return;
    if (tol == 0.0)
        QCOMPARE(total, published);
    else
        QVERIFY2(relErr(double(total), double(published)) <= tol, qPrintable(source));
}

// Any decoder by its shape (issue 15 item 3): the same counts as the config imports above,
// from the fields a validation record gives, whatever the family is called.
void TstParams::shapeImport_data() {
    QTest::addColumn<QString>("family");
    QTest::addColumn<QList<qint64>>("shape"); // layers, hidden, heads, kv, headDim, ffn, vocab
    QTest::addColumn<bool>("plainMlp");
    QTest::addColumn<bool>("tied");
    QTest::addColumn<int>("experts"); // 0 dense, else top-2 experts of width ffn
    QTest::addColumn<qint64>("want"); // -1: an error
    QTest::addColumn<QString>("field");
    QTest::addColumn<bool>("known");
    // Qwen-7B (familyCounts row qwen-7b-v1): per-branch FFN 11008.
    QTest::newRow("qwen-v1") << "qwen" << QList<qint64>{32, 4096, 32, 32, 128, 11008, 151936}
                             << false << false << 0 << qint64(7721324544) << "" << true;
    QTest::newRow("yi") << "yi" << QList<qint64>{32, 4096, 32, 4, 128, 11008, 64000} << false
                        << false << 0 << qint64(6061035520) << "" << true;
    // An unknown family name: the generic (Llama) block; Llama-2-7b's shape gives its count
    // (calibration.records.json FQ-01 param_count 6,738,415,616).
    QTest::newRow("unknown-family")
        << "my_custom_lm" << QList<qint64>{32, 4096, 32, 32, 0, 11008, 32000} << false << false << 0
        << qint64(6738415616) << "" << false;
    // falcon-7b (publishedTotals row falcon-7b): MQA, GELU MLP, parallel block, tied.
    QTest::newRow("falcon") << "falcon" << QList<qint64>{32, 4544, 71, 1, 64, 18176, 65024} << true
                            << true << 0 << qint64(6921720704) << "" << true;
    // Mixtral-8x7B as a shape with 8 experts of 14336 (safetensors index total_size / 2).
    QTest::newRow("moe") << "mixtral" << QList<qint64>{32, 4096, 32, 8, 128, 14336, 32000} << false
                         << false << 8 << qint64(46702792704) << "" << true;
    QTest::newRow("encoder-refused") << "bert" << QList<qint64>{24, 1024, 16, 16, 64, 4096, 30522}
                                     << true << false << 0 << qint64(-1) << "family" << true;
    QTest::newRow("kv-heads-not-dividing")
        << "llama" << QList<qint64>{32, 4096, 32, 5, 128, 11008, 32000} << false << false << 0
        << qint64(-1) << "num_key_value_heads" << true;
    QTest::newRow("no-layers") << "llama" << QList<qint64>{0, 4096, 32, 32, 128, 11008, 32000}
                               << false << false << 0 << qint64(-1) << "num_hidden_layers" << true;
}

void TstParams::shapeImport() {
    QFETCH(QString, family);
    QFETCH(QList<qint64>, shape);
    QFETCH(bool, plainMlp);
    QFETCH(bool, tied);
    QFETCH(int, experts);
    QFETCH(qint64, want);
    QFETCH(QString, field);
    QFETCH(bool, known);
    DecoderShape s;
    s.family = family.toStdString();
    s.layers = int(shape[0]);
    s.hidden = shape[1];
    s.heads = int(shape[2]);
    s.kvHeads = int(shape[3]);
    s.headDim = int(shape[4]);
    s.intermediate = shape[5];
    s.vocab = shape[6];
    s.mlp = plainMlp ? MlpKind::Plain : MlpKind::Gated;
    s.tiedEmbeddings = tied;
    if (experts > 0) {
        s.moe.numExperts = experts;
        s.moe.expertsPerToken = 2;
        s.moe.expertIntermediate = shape[5];
    }
    QCOMPARE(decoderFamilyTraits(s.family).known, known);
    auto r = archFromShape(s);
    if (want < 0) {
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().field), field);
        return;
    }
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().detail.c_str());
    QCOMPARE(qint64(countParameters(r.value()).total), want);
}

QTEST_APPLESS_MAIN(TstParams)
#include "tst_params.moc"
