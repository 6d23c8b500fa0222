// Memory terms, one function at a time, against numbers derived by hand from the formula
// or the paper named in each row. Tolerance: exact (1e-9 relative) unless a row says so.
#include "core/engine/estimator.h"
#include "core/engine/memory_terms.h"
#include "core/engine/weight_dtypes.h"

#include "testsupport.h"

#include <QtTest>

#include <cmath>

using namespace headroom;
using headroom::testsupport::compare;
using headroom::testsupport::gptBlock;
using headroom::testsupport::korthikantiLayerBytes;
using headroom::testsupport::llama2_7b;
using headroom::testsupport::llama3_8b;
using headroom::testsupport::modelConfig;
using headroom::testsupport::term;

class TstTerms : public QObject {
    Q_OBJECT
private slots:
    void phaseApplies_data();
    void phaseApplies();
    void weights_data();
    void weights();
    void residentDtypes_data();
    void residentDtypes();
    void quantState_data();
    void quantState();
    void optimizerBytes_data();
    void optimizerBytes();
    void shardedStates_data();
    void shardedStates();
    void kvCache_data();
    void kvCache();
    void korthikantiSpecialCase_data();
    void korthikantiSpecialCase();
    void llamaBlockTensorList();
    void loraFrozenBaseSavesLess();
    void litgptFusedQkvLora();
    void loraAdapterCasts_data();
    void loraAdapterCasts();
    void geluNewOps_data();
    void geluNewOps();
    void eagerSoftmax_data();
    void eagerSoftmax();
    void eagerPrefillActivations();
    void softcapping();
    void logits_data();
    void logits();
    void lossParallelLogits();
    void allocatorReserve_data();
    void allocatorReserve();
    void cudaContext();
    void autocastCopies_data();
    void autocastCopies();
};

// terms::autocastWeightCopies by hand: block linears L = 1e9, head H = 0.25e9, n = 10 blocks,
// c = 2 bytes (bf16): forward / backward / end of backward in bytes.
void TstTerms::autocastCopies_data() {
    QTest::addColumn<double>("kept"); // share of blocks not checkpointed
    QTest::addColumn<bool>("trainable");
    QTest::addColumn<double>("forward");
    QTest::addColumn<double>("backward");
    QTest::addColumn<double>("end");
    // no checkpointing: every matmul saved its cast, 2 x (0.25e9 + 1e9)
    QTest::newRow("full-no-checkpointing") << 1.0 << true << 2.5e9 << 2.5e9 << 0.2e9;
    QTest::newRow("frozen-no-checkpointing") << 1.0 << false << 2.5e9 << 2.5e9 << 0.2e9;
    // checkpointed: the head's cast and one recomputed block's, 2 x (0.25e9 + 0.1e9); a
    // trainable leaf's casts stay in autocast's cache until the forward's region ends
    QTest::newRow("full-checkpointed-cache-holds-forward")
        << 0.0 << true << 2.5e9 << 0.7e9 << 0.2e9;
    QTest::newRow("frozen-checkpointed") << 0.0 << false << 0.7e9 << 0.7e9 << 0.2e9;
    // first half checkpointed: 2 x (0.25e9 + 0.5e9 + 0.5 x 0.1e9)
    QTest::newRow("frozen-first-half-checkpointed") << 0.5 << false << 1.6e9 << 1.6e9 << 0.2e9;
}

void TstTerms::autocastCopies() {
    QFETCH(double, kept);
    QFETCH(bool, trainable);
    QFETCH(double, forward);
    QFETCH(double, backward);
    QFETCH(double, end);
    const terms::AutocastCopies a =
        terms::autocastWeightCopies(1e9, 0.25e9, 10, kept, 2.0, trainable);
    QCOMPARE(a.forward, forward);
    QCOMPARE(a.backward, backward);
    QCOMPARE(a.end, end);
}

void TstTerms::weights_data() {
    QTest::addColumn<double>("params");
    QTest::addColumn<int>("dtype");
    QTest::addColumn<double>("expected");
    // seed 000 "Model Parameters": 7B x 2 bytes = 14 GB; fp32 28 GB; int8 1 B; int4 0.5 B
    QTest::newRow("seed000-7b-bf16") << 7e9 << int(DType::BF16) << 14e9;
    QTest::newRow("seed000-7b-fp32") << 7e9 << int(DType::FP32) << 28e9;
    QTest::newRow("seed000-7b-int8") << 7e9 << int(DType::INT8) << 7e9;
    // GPTQ group 128 adds one fp16 scale + one fp16 zero per 128 weights: 0.5 + 4/128 B
    QTest::newRow("gptq-int4-group128") << 7e9 << int(DType::INT4) << 7e9 * (0.5 + 4.0 / 128);
    // bnb NF4: 4 bits + fp32 absmax per 64 = 4.5 bits (SCHEMA.md "~4.5 bits/weight")
    QTest::newRow("nf4-4p5-bits") << 1e9 << int(DType::NF4) << 1e9 * 4.5 / 8;
    // QLoRA double quant: 8-bit absmax per 64 + fp32 per 256 of those: 4 + 0.127 bits
    // (Dettmers et al. 2023 Sec. 3: "reduces the memory footprint ... to 0.127 bits").
    QTest::newRow("nf4-double-quant-4p127-bits")
        << 1e9 << int(DType::NF4DoubleQuant) << 1e9 * (4.0 + 8.0 / 64 + 32.0 / (64 * 256)) / 8;
    // OCP MXFP4: 4 bits + one 8-bit scale per 32 = 4.25 bits
    QTest::newRow("mxfp4-4p25-bits") << 1e9 << int(DType::MXFP4) << 1e9 * 4.25 / 8;
}

void TstTerms::weights() {
    QFETCH(double, params);
    QFETCH(int, dtype);
    QFETCH(double, expected);
    compare(terms::weights(params, static_cast<DType>(dtype)), expected);
}

// residentWeightDtypes: the dtypes and bytes of a whole model's base weights as the run
// stores them, by hand from tests/data/models/<dir>/config.json. Columns: the key text, the
// first (quantised) part and the rest, params and bytes. Every row's bytes are also the
// engine's Term::Weights of the same run on one GPU (no adapters in these rows).
void TstTerms::residentDtypes_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<int>("runMode"); // 0 inference (checkpoint kept), 1 inference with
                                      // --weights bf16, 2 training QLoRA
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("params0");
    QTest::addColumn<double>("bytes0");
    QTest::addColumn<double>("params1");
    QTest::addColumn<double>("bytes1");
    QTest::addColumn<QString>("perParam"); // bytes / params, 2 decimals (the GUI label)
    // DeepSeek-V3 (h 7168, 61 layers, 3 dense with i 18432, 58 MoE with 256 + 1 shared
    // experts of i 2048, MLA q_lora 1536 kv_lora 512 nope 128 rope 64 v 128, 128 heads,
    // vocab 129280 untied), fp8 with 128 x 128 blocks: a Linear out x in is out x in bytes +
    // 4 x ceil(out/128) x ceil(in/128) of fp32 scales.
    //  attention per layer: q_a 1536x7168 11,010,048 (+2,688), q_b 24576x1536 37,748,736
    //   (+9,216), kv_a 576x7168 4,128,768 (+1,120), kv_b 32768x512 16,777,216 (+4,096),
    //   o 7168x16384 117,440,512 (+28,672) = 187,105,280 params, 187,151,072 B; x 61 =
    //   11,413,422,080 params, 11,416,215,392 B
    //  dense FFN: 3 x 132,120,576 params + 3 x 32,256 B scales per layer; x 3 layers =
    //   1,189,085,184 params, 1,189,375,488 B
    //  MoE layer: (256 + 1) experts x 3 x 14,680,064 params (+3 x 3,584 B) = 11,318,329,344
    //   params, 11,321,092,608 B; x 58 = 656,463,101,952 params, 656,623,371,264 B
    //  fp8: 669,065,609,216 params, 669,228,962,144 B
    //  bf16: embedding + lm_head 2 x 926,679,040 + routers 58 x (7168 x 256 + 256)
    //   106,445,312 + norms 61 x 14,336 + 7168 = 881,664 + MLA norms 61 x 2048 = 124,928:
    //   1,960,809,984 params x 2 = 3,921,619,968 B
    //  673,150,582,112 B / 671,026,419,200 params = 1.0032 B/param
    QTest::newRow("deepseek-v3-fp8-checkpoint")
        << "DeepSeek-V3" << 0 << "fp8 + bf16" << 669065609216.0 << 669228962144.0 << 1960809984.0
        << 3921619968.0 << "1.00";
    // gpt-oss-20b (h 2880, 24 layers, 32 experts of i 2880 with biases, 64 heads of 64,
    // 8 KV heads, attention biases and sinks, vocab 201088 untied), MXFP4 experts only: a
    // matrix out x in is out x in / 2 + out x ceil(in / 32) bytes.
    //  one expert: gate, up, down, each 2880 x 2880 = 8,294,400 params, 4,147,200 + 2880 x 90
    //   = 4,406,400 B: 24,883,200 params, 13,219,200 B; x 32 x 24 = 19,110,297,600 params,
    //   10,152,345,600 B
    //  bf16: total 20,914,757,184 (24 x (attention 26,550,144 + router 92,192 + norms 5,760
    //   + expert biases 276,480) + embedding + lm_head 2 x 579,133,440 + final norm 2,880)
    //   less the MXFP4 params = 1,804,459,584 params x 2 = 3,608,919,168 B
    //  13,761,264,768 B / 20,914,757,184 params = 0.658 B/param
    QTest::newRow("gpt-oss-20b-mxfp4-checkpoint")
        << "gpt-oss-20b" << 0 << "mxfp4 experts + bf16" << 19110297600.0 << 10152345600.0
        << 1804459584.0 << 3608919168.0 << "0.66";
    // The user's bf16 wins over the checkpoint: 20,914,757,184 x 2 B, one part.
    QTest::newRow("gpt-oss-20b-user-bf16")
        << "gpt-oss-20b" << 1 << "bf16" << 20914757184.0 << 41829514368.0 << 0.0 << 0.0 << "2.00";
    // QLoRA keeps no checkpoint storage: DeepSeek-V3 re-quantised to NF4 double quant
    // (0.5 + 1/64 + 4/16384 = 0.515869140625 B) for the block parameters the engine counts
    // as linear (the 669,065,609,216 fp8 params above + the MLA norms 61 x 2048 = 124,928,
    // which StageParams::linear holds with the attention), the other 1,960,685,056 in bf16:
    // 345,150,365,294.5 + 3,921,370,112 B = 0.520 B/param.
    QTest::newRow("deepseek-v3-qlora-nf4")
        << "DeepSeek-V3" << 2 << "nf4_double_quant + bf16" << 669065734144.0 << 345150365294.5
        << 1960685056.0 << 3921370112.0 << "0.52";
}

void TstTerms::residentDtypes() {
    QFETCH(QString, dir);
    QFETCH(int, runMode);
    QFETCH(QString, key);
    QFETCH(double, params0);
    QFETCH(double, bytes0);
    QFETCH(double, params1);
    QFETCH(double, bytes1);
    QFETCH(QString, perParam);
    const std::optional<ModelArch> m = modelConfig(qPrintable(dir));
    QVERIFY(m);
    Workload w;
    if (runMode == 2) {
        w.finetune = Finetune::QLoRA;
    } else {
        w.mode = Mode::Inference;
        if (runMode == 1) {
            w.precision.weights = DType::BF16;
            w.precision.checkpointWeights = false;
        }
    }
    const WeightDtypes d = residentWeightDtypes(*m, w);
    QCOMPARE(QString::fromStdString(weightDtypesKey(d)), key);
    QCOMPARE(d.fromCheckpoint, runMode == 0);
    QCOMPARE(int(d.parts.size()), params1 > 0 ? 2 : 1);
    compare(d.parts[0].params, params0);
    compare(d.parts[0].bytes, bytes0);
    if (params1 > 0) {
        compare(d.parts[1].params, params1);
        compare(d.parts[1].bytes, bytes1);
    }
    QCOMPARE(QString::number(d.bytesPerParam(), 'f', 2), perParam);
    compare(d.bytesPerParam(), (bytes0 + bytes1) / (params0 + params1));
    if (runMode != 2) { // the engine's weights term on one GPU: the same bytes
        w.sequenceLength = 128;
        w.inference.promptTokens = 64;
        w.inference.newTokens = 64;
        compare(term(estimate(*m, w).worst, Term::Weights), d.bytes());
    }
}

void TstTerms::quantState_data() {
    QTest::addColumn<int>("dtype");
    QTest::addColumn<double>("expected");
    // Per 1e9 weights, what bitsandbytes keeps in QuantState beside the packed 4-bit data:
    // NF4/FP4 one fp32 absmax per 64 weights = 4/64 B per weight
    QTest::newRow("nf4-fp32-absmax") << int(DType::NF4) << 1e9 * 4.0 / 64;
    QTest::newRow("fp4-fp32-absmax") << int(DType::FP4) << 1e9 * 4.0 / 64;
    // double quant: an 8-bit absmax per 64 weights + an fp32 scale per 256 absmax
    // (QLoRA Sec. 3: 0.127 bits per weight) = 1/64 + 4/16384 B per weight
    QTest::newRow("nf4-double-quant")
        << int(DType::NF4DoubleQuant) << 1e9 * (1.0 / 64 + 4.0 / 16384);
    // formats without a separate QuantState
    QTest::newRow("bf16-none") << int(DType::BF16) << 0.0;
    QTest::newRow("int8-none") << int(DType::INT8) << 0.0;
}

void TstTerms::quantState() {
    QFETCH(int, dtype);
    QFETCH(double, expected);
    compare(terms::quantStateBytes(1e9, static_cast<DType>(dtype)), expected);
}

void TstTerms::optimizerBytes_data() {
    QTest::addColumn<int>("optimizer");
    QTest::addColumn<int>("stateDtype");
    QTest::addColumn<double>("expected");
    // seed 000: Adam fp32 m + v = 8 B/param; SGD momentum 4; vanilla SGD 0
    QTest::newRow("adamw-fp32-8") << int(Optimizer::AdamW) << int(DType::FP32) << 8.0;
    // torch AdamW keeps states in the param dtype: pure bf16 = 4 B/param (ground-truth README)
    QTest::newRow("adamw-bf16-4") << int(Optimizer::AdamW) << int(DType::BF16) << 4.0;
    QTest::newRow("sgd-momentum-4") << int(Optimizer::SGDMomentum) << int(DType::FP32) << 4.0;
    QTest::newRow("sgd-0") << int(Optimizer::SGD) << int(DType::FP32) << 0.0;
    // bitsandbytes 8-bit: 2 int8 states + fp32 absmax per 2048-element block each
    QTest::newRow("adamw-8bit") << int(Optimizer::AdamW8bit) << int(DType::FP32)
                                << 2.0 * (1.0 + 4.0 / 2048);
    // paged 32-bit AdamW: fp32 states regardless of parameter dtype
    QTest::newRow("paged-adamw-fp32") << int(Optimizer::PagedAdamW) << int(DType::FP32) << 8.0;
}

void TstTerms::optimizerBytes() {
    QFETCH(int, optimizer);
    QFETCH(int, stateDtype);
    QFETCH(double, expected);
    compare(terms::optimizerBytesPerParam(static_cast<Optimizer>(optimizer),
                                          static_cast<DType>(stateDtype)),
            expected);
}

void TstTerms::shardedStates_data() {
    QTest::addColumn<int>("stage");
    QTest::addColumn<double>("expected");
    // ZeRO paper (Rajbhandari et al. 2020) Figure 1: Psi = 7.5B, N_d = 64, K = 12:
    // baseline (2+2+K) Psi = 120 GB; P_os 2Psi + 2Psi + K Psi/N = 31.4 GB;
    // P_os+g 2Psi + (2+K) Psi/N = 16.6 GB; P_os+g+p (2+2+K) Psi/N = 1.9 GB.
    QTest::newRow("zero-paper-baseline-120gb") << 0 << 120e9;
    QTest::newRow("zero-paper-stage1-31p4gb") << 1 << 30e9 + 12 * 7.5e9 / 64;
    QTest::newRow("zero-paper-stage2-16p6gb") << 2 << 15e9 + 14 * 7.5e9 / 64;
    QTest::newRow("zero-paper-stage3-1p9gb") << 3 << 16 * 7.5e9 / 64;
}

void TstTerms::shardedStates() {
    QFETCH(int, stage);
    QFETCH(double, expected);
    const double psi = 7.5e9, n = 64;
    const double pShard = stage >= 3 ? n : 1, gShard = stage >= 2 ? n : 1,
                 oShard = stage >= 1 ? n : 1;
    const double total = terms::weights(psi, DType::FP16) / pShard +
                         terms::gradients(psi, DType::FP16, gShard) +
                         terms::masterWeights(psi, DType::FP16, oShard) +
                         terms::optimizerStates(psi, Optimizer::Adam, DType::FP32, oShard);
    compare(total, expected);
    // the paper rounds to one decimal in GB
    QVERIFY(std::abs(total / 1e9 - std::round(expected / 1e8) / 10) < 0.06);
}

void TstTerms::kvCache_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("tp");
    QTest::addColumn<double>("sequences");
    QTest::addColumn<double>("tokens");
    QTest::addColumn<double>("expected");
    // seed 001: 7B (32 layers, 32 heads, head_dim 128, fp16): 2x32x32x128x2 = 524,288 B/token
    QTest::newRow("seed001-7b-per-token") << "mha7b" << 1 << 1.0 << 1.0 << 524288.0;
    // seed 001: batch 8 x 2048 tokens x 524,288 = 8,589,934,592 B (the seed prints "8.2 GB")
    QTest::newRow("seed001-7b-b8-s2048") << "mha7b" << 1 << 8.0 << 2048.0 << 8589934592.0;
    // Llama-3.1-8B, 8 KV heads: 2x32x8x128x2 = 131,072 B/token (4x less than seed 002's h)
    QTest::newRow("llama8b-gqa-per-token") << "llama8b" << 1 << 1.0 << 1.0 << 131072.0;
    // seed 002's example (b 4, s 2048) with GQA: 131,072 x 8192 = 1,073,741,824 B
    QTest::newRow("seed002-llama8b-gqa-exact") << "llama8b" << 1 << 4.0 << 2048.0 << 1073741824.0;
    // TP 4 splits 8 KV heads 2 per rank; TP 16 cannot split below 1 head per rank (replicated)
    QTest::newRow("llama8b-tp4") << "llama8b" << 4 << 1.0 << 1.0 << 131072.0 / 4;
    QTest::newRow("llama8b-tp16-replicated") << "llama8b" << 16 << 1.0 << 1.0 << 131072.0 / 8;
    // Gemma-2-9B: 42 layers, 21 sliding (window 4096), 8 KV heads x 256, bf16, 8192 tokens:
    // (21 x 8192 + 21 x 4096) x 2 x 8 x 256 x 2 = 2,113,929,216 B
    QTest::newRow("gemma2-sliding-window") << "gemma2" << 1 << 1.0 << 8192.0 << 2113929216.0;
    // DeepSeek-V3 MLA: 61 layers x (kv_lora 512 + rope 64) x 2 B = 70,272 B/token
    // (DeepSeek-V2 paper Sec. 2.1.2: cache (d_c + d_h^R) l elements per token)
    QTest::newRow("deepseek-v3-mla-per-token") << "dsv3" << 1 << 1.0 << 1.0 << 70272.0;
}

void TstTerms::kvCache() {
    QFETCH(QString, model);
    QFETCH(int, tp);
    QFETCH(double, sequences);
    QFETCH(double, tokens);
    QFETCH(double, expected);
    ModelArch m = llama3_8b();
    int sliding = 0;
    if (model == "mha7b") {
        m.numKvHeads = 32;
    } else if (model == "gemma2") {
        m.numLayers = 42;
        m.numHeads = 16;
        m.numKvHeads = 8;
        m.headDim = 256;
        m.slidingWindow = 4096;
        sliding = 21;
    } else if (model == "dsv3") {
        m.numLayers = 61;
        m.mla.kvLoraRank = 512;
        m.mla.qkRopeHeadDim = 64;
        m.mla.qkNopeHeadDim = 128;
        m.mla.vHeadDim = 128;
    }
    compare(terms::kvCache(m, m.numLayers, sliding, sequences, tokens, DType::BF16, tp), expected);
}

void TstTerms::korthikantiSpecialCase_data() {
    QTest::addColumn<double>("h");
    QTest::addColumn<int>("a");
    QTest::addColumn<double>("s");
    QTest::addColumn<double>("b");
    // Korthikanti et al. 2022 Eq. 1 / seed 003: sbh(34 + 5as/h) bytes per layer, fp16,
    // eager attention with dropout, no recomputation.
    QTest::newRow("gpt3-175b-s2048") << 12288.0 << 96 << 2048.0 << 1.0;
    QTest::newRow("gpt-1p3b-s1024-b8") << 2048.0 << 16 << 1024.0 << 8.0;
    QTest::newRow("small-h512-s128") << 512.0 << 8 << 128.0 << 4.0;
}

void TstTerms::korthikantiSpecialCase() {
    QFETCH(double, h);
    QFETCH(int, a);
    QFETCH(double, s);
    QFETCH(double, b);
    const double expected = s * b * h * (34 + 5 * a * s / h);
    compare(korthikantiLayerBytes(gptBlock(static_cast<int64_t>(h), a), s, b), expected);
    compare(terms::activationsKorthikanti(s, b, h, a), expected);
}

void TstTerms::llamaBlockTensorList() {
    // HF Llama block, SDPA, bf16 (c = 2), full fine-tune; tensor list of docs/activations.md:
    //  input RMSNorm: fp32 upcast 4h + normalised bf16 for the weight grad 2h
    //  q/k/v input 2h; q 2*4096, k and v repeated to 32 heads 2*4096 each (repeat_kv)
    //  SDPA output 2*4096 + logsumexp 4*32; o_proj input copy 2*4096
    //  post-attention RMSNorm 4h + 2h; gate/up input 2h
    //  SiLU input, SiLU output, up output 3*2*14336; down input 2*14336
    const double h = 4096, i = 14336;
    const double expected = (4 * h + 2 * h) + 2 * h + 2 * 4096 * 3 + (2 * 4096 + 4 * 32) +
                            2 * 4096 + (4 * h + 2 * h) + 2 * h + 3 * 2 * i + 2 * i;
    terms::BlockSaveOptions o;
    o.c = 2;
    o.trainBase = true;
    compare(terms::blockSavedBytesPerToken(llama3_8b(), o), expected);
    // flash-attn keeps K/V at 8 heads: 2 x 2 x (4096 - 1024) bytes less
    o.repeatKv = false;
    compare(terms::blockSavedBytesPerToken(llama3_8b(), o), expected - 2 * 2 * (4096 - 1024));
}

void TstTerms::loraFrozenBaseSavesLess() {
    // LoRA on q, v without dropout: frozen linears keep no input (autograd saves mm's input
    // only for the weight's gradient), frozen norms keep no normalised copy:
    //  input RMSNorm 4h; q/v input (read by lora_A) 2h; lora_A outputs 2 x 2r;
    //  q, k, v repeated 3 x 2*4096; SDPA output 2*4096 + 4*32; post-attention RMSNorm 4h;
    //  SiLU input, SiLU output, up output 3 * 2 * 14336
    const double h = 4096, i = 14336, r = 8;
    const double expected =
        4 * h + 2 * h + 2 * (2 * r) + 3 * 2 * 4096 + (2 * 4096 + 4 * 32) + 4 * h + 3 * 2 * i;
    terms::BlockSaveOptions o;
    o.c = 2;
    o.trainBase = false;
    o.loraTargets = kLoraQV;
    o.loraRank = 8;
    compare(terms::blockSavedBytesPerToken(llama3_8b(), o), expected);
}

void TstTerms::litgptFusedQkvLora() {
    // litgpt Llama-2-7B block, LoRA r = 8 on query and value of the fused QKV linear, dropout
    // 0.05, SDPA, bf16 (litgpt lora.py LoRAQKVLinear; model.py CausalSelfAttention):
    //  input RMSNorm 4h; ONE dropout for the fused layer: mask h + dropped copy 2h;
    //  lora_A outputs 2 x 2r; zero_pad's index_copy source: the q and v adapter outputs
    //  side by side 2 x (4096 + 4096); q, k, v 3 x 2*4096 and, v being a view of the fused
    //  qkv output (32 KV heads = 32 heads), the q and k parts of that buffer 2 x 8192;
    //  SDPA output 2*4096 + 4*32; post-attention RMSNorm 4h; SiLU in/out, up out 3 x 2 x i
    const double h = 4096, i = 11008, r = 8;
    const double expected = 4 * h + (h + 2 * h) + 2 * (2 * r) + 2 * (4096 + 4096) + 3 * 2 * 4096 +
                            2 * 8192 + (2 * 4096 + 4 * 32) + 4 * h + 3 * 2 * i;
    terms::BlockSaveOptions o;
    o.c = 2;
    o.trainBase = false;
    o.loraTargets = kLoraQV;
    o.loraRank = 8;
    o.loraDropout = true;
    o.fusedQkv = true;
    compare(terms::blockSavedBytesPerToken(llama2_7b(), o), expected);
    // GQA (Llama 3, 8 KV heads): k and v are expanded copies, no buffer kept through a view;
    // the adapters' outputs are q 4096 + v 1024 wide; k, v saved at 32 heads (repeatKv)
    const double gqa = 4 * h + (h + 2 * h) + 2 * (2 * r) + 2 * (4096 + 1024) + 3 * 2 * 4096 +
                       (2 * 4096 + 4 * 32) + 4 * h + 3 * 2 * 14336;
    compare(terms::blockSavedBytesPerToken(llama3_8b(), o), gqa);
}

void TstTerms::loraAdapterCasts_data() {
    QTest::addColumn<double>("adapterBytes");
    QTest::addColumn<bool>("autocast");
    QTest::addColumn<bool>("dropout");
    QTest::addColumn<bool>("bitsandbytes"); // frozen 4/8-bit base that saves its input anyway
    QTest::addColumn<double>("extra");      // bytes per token beyond bf16 adapters, same run
    // Llama-3-8B block, LoRA r 16 on all seven linears, bf16 compute (h 4096, o_proj input
    // 4096, i 14336). PEFT casts each adapted layer's input to the adapter dtype before
    // lora_A (peft tuners/lora/layer.py Linear.forward); autocast casts lora_A's input back to
    // bf16 as a new tensor. By hand, per token:
    const double h = 4096, o = 4096, i = 14336, r = 16;
    QTest::newRow("bf16-adapters") << 2.0 << false << false << false << 0.0;
    QTest::newRow("bf16-adapters-autocast") << 2.0 << true << false << false << 0.0;
    // fp32 copies each (q, k, v 3 x 4h for the shared 2h; o 4o for 2o; gate, up 2 x 4h for
    // 2h; down 4i for 2i) and lora_A's outputs in fp32 (7 x 2r more)
    QTest::newRow("fp32-adapters-plain-loop")
        << 4.0 << false << false << false << 10 * h + 2 * o + 6 * h + 2 * i + 14 * r;
    // under autocast each adapter keeps its own bf16 copy: q, k, v 3 x 2h for 2h, gate, up
    // 2 x 2h for 2h; o and down had one reader each already
    QTest::newRow("fp32-adapters-autocast") << 4.0 << true << false << false << 4 * h + 2 * h;
    // dropout: mask (1 B) + dropped copy, fp32 instead of bf16 per adapter input element
    QTest::newRow("fp32-adapters-dropout")
        << 4.0 << false << true << false << 2 * (3 * h + o + 2 * h + i) + 14 * r;
    // bitsandbytes layers skip PEFT's cast under autocast (tuners/lora/bnb.py
    // requires_conversion = not torch.is_autocast_enabled())
    QTest::newRow("fp32-adapters-bnb-autocast") << 4.0 << true << false << true << 0.0;
    // ... and cast without it; the base keeps its own bf16 input as well
    QTest::newRow("fp32-adapters-bnb-plain")
        << 4.0 << false << false << true << 4 * (3 * h + o + 2 * h + i) + 14 * r;
}

void TstTerms::loraAdapterCasts() {
    QFETCH(double, adapterBytes);
    QFETCH(bool, autocast);
    QFETCH(bool, dropout);
    QFETCH(bool, bitsandbytes);
    QFETCH(double, extra);
    terms::BlockSaveOptions o;
    o.c = 2;
    o.trainBase = false;
    o.loraTargets = kLoraAllLinear;
    o.loraRank = 16;
    o.loraDropout = dropout;
    o.frozenLinearSavesInput = bitsandbytes;
    const double bf16 = terms::blockSavedBytesPerToken(llama3_8b(), o);
    o.adapterBytes = adapterBytes;
    o.autocast = autocast;
    compare(terms::blockSavedBytesPerToken(llama3_8b(), o) - bf16, extra);
}

void TstTerms::geluNewOps_data() {
    QTest::addColumn<bool>("gated");
    QTest::addColumn<double>("c");
    QTest::addColumn<bool>("trainBase");
    QTest::addColumn<bool>("compiled");
    QTest::addColumn<double>("extraPerToken"); ///< saved bytes per token beyond a fused GELU
    // transformers activations.py NewGELUActivation under autocast, per FFN element of
    // gpt2-large (i = 4h = 5120): pow's fp32 input cast 4 + tanh's fp32 output 4 + 0.5 x (c)
    // + the fp32 1 + tanh 4 (the mul of the last two saves both), where F.gelu saves its input
    // (c); the down projection's input is the same c either way: 12 x 5120 more per token.
    QTest::newRow("gpt2-large-full-bf16") << false << 2.0 << true << false << 12.0 * 5120;
    // LoRA (frozen base): the gradient still flows through the activation, same saves
    QTest::newRow("gpt2-large-lora-bf16") << false << 2.0 << false << false << 12.0 * 5120;
    // fp32 compute: 4 + 4 + 4 + 4 against 4, again 12 bytes per element
    QTest::newRow("gpt2-large-full-fp32") << false << 4.0 << true << false << 12.0 * 5120;
    // torch.compile fuses the chain into one kernel: the fused GELU's saves
    QTest::newRow("gpt2-large-compiled") << false << 2.0 << true << true << 0.0;
    // a gated (SiLU) FFN has no gelu_new
    QTest::newRow("gated-ffn-unaffected") << true << 2.0 << true << false << 0.0;
}

void TstTerms::geluNewOps() {
    QFETCH(bool, gated);
    QFETCH(double, c);
    QFETCH(bool, trainBase);
    QFETCH(bool, compiled);
    QFETCH(double, extraPerToken);
    ModelArch m = gptBlock(1280, 20); // gpt2-large: h 1280, 20 heads, i = 4h
    if (gated)
        m.mlp = MlpKind::Gated;
    terms::BlockSaveOptions o;
    o.c = c;
    o.trainBase = trainBase;
    o.loraTargets = trainBase ? 0u : kLoraQV;
    o.loraRank = trainBase ? 0 : 8;
    o.compiled = compiled;
    const double fused = terms::blockSavedBytesPerToken(m, o);
    o.geluNewOps = true;
    compare(terms::blockSavedBytesPerToken(m, o) - fused, extraPerToken);
}

// transformers eager attention: scores (compute dtype) + mask (the embedding output's dtype)
// -> softmax(dtype=float32) -> .to(query dtype). Llama-3.2-1B: 32 heads, s_k = 2048, so
// a x s_k = 65,536 score elements per token. Expected transient by hand from the chain
// (memory_terms.h eagerSoftmaxTransientPerToken): backward = upcast 4 + softmax gradient
// (softmaxIn) - the released cast c; forward = masked + fp32 copy - c. Without autograd
// (eagerPrefillScoresPerToken): max(masked + copy + fp32 output, masked + fp32 output +
// cast) x a s_k + the mask, s_k x its dtype.
void TstTerms::eagerSoftmax_data() {
    QTest::addColumn<int>("compute");
    QTest::addColumn<int>("embedding");
    QTest::addColumn<double>("masked");    // bytes per element of scores + mask
    QTest::addColumn<bool>("copy");        // bf16 scores copied to fp32 before the softmax
    QTest::addColumn<double>("softmaxIn"); // what _softmax reads, bytes
    QTest::addColumn<double>("transient"); // bytes per token
    QTest::addColumn<double>("prefill");   // bytes per token without autograd
    const double as = 32.0 * 2048;
    // bf16 model, bf16 autocast: bf16 + bf16 stays bf16; aten softmax converts a non-Half
    // input with toType(float): backward 4 + 4 - 2 = 6, forward 2 + 4 - 2 = 4
    QTest::newRow("bf16-model-bf16-compute") << int(DType::BF16) << int(DType::BF16) << 2.0 << true
                                             << 4.0 << 6.0 * as << 10.0 * as + 2048 * 2.0;
    // fp16 model, fp16 autocast: the CUDA half_to_float kernel reads fp16 directly, and its
    // gradient is fp16: backward 4 + 2 - 2 = 4, forward 2 - 2 = 0
    QTest::newRow("fp16-model-fp16-compute") << int(DType::FP16) << int(DType::FP16) << 2.0 << false
                                             << 2.0 << 4.0 * as << 8.0 * as + 2048 * 2.0;
    // fp32 weights under bf16 autocast (H200-28): the fp32 mask promotes the sum to fp32, no
    // copy; backward 4 + 4 - 2 = 6, forward 4 - 2 = 2
    QTest::newRow("fp32-model-bf16-compute") << int(DType::BF16) << int(DType::FP32) << 4.0 << false
                                             << 4.0 << 6.0 * as << 10.0 * as + 2048 * 4.0;
    // bf16 weights under fp16 autocast: fp16 + bf16 promotes to fp32
    QTest::newRow("bf16-model-fp16-compute") << int(DType::FP16) << int(DType::BF16) << 4.0 << false
                                             << 4.0 << 6.0 * as << 10.0 * as + 2048 * 2.0;
    // fp32 throughout: backward 4 + 4 - 4 = 4, forward 4 - 4 = 0
    QTest::newRow("fp32-model-fp32-compute") << int(DType::FP32) << int(DType::FP32) << 4.0 << false
                                             << 4.0 << 4.0 * as << 12.0 * as + 2048 * 4.0;
}

void TstTerms::eagerSoftmax() {
    QFETCH(int, compute);
    QFETCH(int, embedding);
    QFETCH(double, masked);
    QFETCH(bool, copy);
    QFETCH(double, softmaxIn);
    QFETCH(double, transient);
    QFETCH(double, prefill);
    const auto d =
        terms::eagerSoftmaxDtypes(static_cast<DType>(compute), static_cast<DType>(embedding));
    compare(d.mask, bytesPerElement(static_cast<DType>(embedding)));
    compare(d.masked, masked);
    QCOMPARE(d.copy, copy);
    compare(d.softmaxIn, softmaxIn);
    const double c = bytesPerElement(static_cast<DType>(compute));
    compare(terms::eagerSoftmaxTransientPerToken(32, 2048, c, d), transient);
    compare(terms::eagerPrefillScoresPerToken(32, 2048, c, d), prefill);
}

// Prefill without autograd under eager attention: what lives at the softmax, not the sum of
// every intermediate plus the saved-for-backward scores. Llama-3.1-8B, bf16, micro-batch 2 x
// 4096 prompt tokens, prefill only, by hand per token:
//   SDPA: c (3 h + a d + 3 i) = 2 (12288 + 4096 + 43008) = 118,784
//   eager: c (2 h + a d + 2 a d) [input, norm, q, repeated K and V] = 40,960, plus the scores
//          32 x 4096 x (2 + 4 + 4) [masked, fp32 copy, fp32 softmax] = 1,310,720, plus the
//          mask 4096 x 2 = 8,192: 1,359,872
// so the activations differ by 8,192 tokens x 1,241,088 B (before: 32 x 4096 x (4 + 2)
// = 786,432 B per token over SDPA, 3.6 GB less at this prompt).
void TstTerms::eagerPrefillActivations() {
    auto acts = [](AttentionImpl a) {
        Workload w = testsupport::training(PrecisionPreset::Custom, 2, 4096);
        testsupport::prefillOnly(w, 4096);
        w.precision.weights = DType::BF16;
        w.precision.compute = DType::BF16;
        w.attention = a;
        return estimate(llama3_8b(), w).worst.atPeak[static_cast<size_t>(Term::Activations)];
    };
    compare(acts(AttentionImpl::SDPA), 8192.0 * 118784);
    compare(acts(AttentionImpl::Eager) - acts(AttentionImpl::SDPA), 8192.0 * 1241088);
}

// Gemma-2's tanh soft-capping, cap x tanh(x / cap), on the attention scores and the logits
// (modeling_gemma2.py): autograd saves tanh's output, c bytes per element; the division and
// the multiplication by a Python float save nothing. By hand:
//   eager scores, 16 heads x 4096 keys x 2 B = 131,072 B more per token and block;
//   logits, Llama-3.1-8B shapes made soft-capped, LoRA, 2048 tokens: 2048 x 128,256 x 2 B
//   = 525,336,576 B more at the loss.
void TstTerms::softcapping() {
    compare(terms::attentionScoreBytesPerToken(16, 4096, 2, true, false, true) -
                terms::attentionScoreBytesPerToken(16, 4096, 2),
            16.0 * 4096 * 2);
    compare(terms::softcapLogitsBytes(2048, 128256, 2), 2048.0 * 128256 * 2);
    auto logits = [](bool capped) {
        ModelArch m = llama3_8b();
        m.finalSoftcap = capped;
        Workload w = testsupport::training(PrecisionPreset::PureBf16, 1, 2048);
        w.finetune = Finetune::LoRA;
        w.checkpointing = Checkpointing::Full;
        return estimate(m, w).worst.atPeak[static_cast<size_t>(Term::Logits)];
    };
    compare(logits(true) - logits(false), 2048.0 * 128256 * 2);
    // the formula text names the addition, so its numbers still add up
    ModelArch m = llama3_8b();
    m.finalSoftcap = true;
    Workload w = testsupport::training(PrecisionPreset::PureBf16, 1, 2048);
    w.finetune = Finetune::LoRA;
    w.checkpointing = Checkpointing::Full;
    const std::string f = termFormula(Term::Logits, m, w);
    QVERIFY2(f.find("+ 2 B (tanh's saved output of the soft-capped logits)") != std::string::npos,
             f.c_str());
}

void TstTerms::logits_data() {
    QTest::addColumn<double>("tokens");
    QTest::addColumn<bool>("chunked");
    QTest::addColumn<double>("expected");
    // Llama 3 vocab 128,256, unchunked eager cross-entropy at the start of backward: the fp32
    // log-softmax it saved + the fp32 grad_output NLL-backward hands it + the fp32 grad_input
    // log_softmax_backward_data returns: tokens x V x (4 + 4 + 4)
    QTest::newRow("llama3-2048-tokens") << 2048.0 << false << 2048.0 * 128256 * 12;
    // chunked (8 chunks of 256 tokens): bf16 logits and each chunk's fp32 log-softmax for
    // all tokens, plus one chunk's fp32 upcast
    QTest::newRow("llama3-2048-chunked")
        << 2048.0 << true << 2048.0 * 128256 * 6 + 256.0 * 128256 * 4;
}

void TstTerms::logits() {
    QFETCH(double, tokens);
    QFETCH(bool, chunked);
    QFETCH(double, expected);
    compare(terms::logitsBytes(tokens, 128256, 2, chunked, tokens / 8), expected);
    if (chunked) {
        // compiled chunked loss (torchtune compile_loss): every chunk's bf16 input saved +
        // one chunk's bf16 gradient at a time
        compare(terms::logitsBytes(tokens, 128256, 2, true, tokens / 8, true),
                tokens * 128256 * 2 + tokens / 8 * 128256 * 2);
        // the loop's chunk list (litgpt) keeps the bf16 chunks: tokens x V x 2
        compare(terms::retainedLogitsBytes(tokens, 128256, 2, true), tokens * 128256 * 2);
    } else {
        // compiled unchunked loss: its saved input + a gradient of the same dtype; bf16
        // logits (torchtitan 2025) 2 + 2, fp32 logits from the model (torchtune .float()) 4 + 4
        compare(terms::logitsBytes(tokens, 128256, 2, false, tokens / 8, true),
                tokens * 128256 * 4);
        compare(terms::logitsBytes(tokens, 128256, 2, false, tokens / 8, true, 4.0),
                tokens * 128256 * 8);
        // HF model output kept alive by the loop (fsdp_qlora): the fp32 logits, 4 B each
        compare(terms::retainedLogitsBytes(tokens, 128256, 2, false, 4.0), tokens * 128256 * 4);
    }
}

void TstTerms::lossParallelLogits() {
    // torchtitan Llama 3.1 70B, local batch 16 x 8192 tokens, TP 8 with loss_parallel():
    // the vocabulary shard is 128256 / 8 = 16032 columns; torch's decomposed backward
    // `(zeros_like(x) + exp(x)) * grad_output` holds the saved fp32 log-softmax, the
    // scattered gradient, exp(x) and the sum at once: 4 x 4 B per local logit
    const double tokens = 16.0 * 8192;
    compare(terms::lossParallelLogitsBytes(tokens, 16032), tokens * 16032 * 16);
    // = 33.6 GB, a third more than the fused eager kernel's 12 B on the same shard
    compare(terms::lossParallelLogitsBytes(tokens, 16032) /
                terms::logitsBytes(tokens, 16032, 2, false, tokens / 8),
            16.0 / 12.0);
}

void TstTerms::allocatorReserve_data() {
    QTest::addColumn<double>("transients");
    QTest::addColumn<double>("resident");
    QTest::addColumn<double>("expected");
    QTest::addColumn<double>("tolerance"); // relative
    // docs/metrics.md: 20 % of the per-step transients (the one fitted constant)
    QTest::newRow("transients-20-percent") << 10e9 << 0.0 << 2e9 << 1e-9;
    // measured, not fitted: torchtune's LoRA tutorial reports 13.98 GB reserved at model init
    // for Llama-2-7B's 6,738,415,616 bf16 weights (13.48 GB): a 0.50 GB reserve; 3.5 % gives
    // 0.47 GB (tolerance 7 % of the reserve; the total, 13.95 GB, is within 0.3 %)
    QTest::newRow("ttlt-lora-init-13p98-gb")
        << 0.0 << 6738415616.0 * 2 << 13.98e9 - 6738415616.0 * 2 << 0.07;
}

void TstTerms::allocatorReserve() {
    QFETCH(double, transients);
    QFETCH(double, resident);
    QFETCH(double, expected);
    QFETCH(double, tolerance);
    const double got = terms::allocatorReserve(transients, resident);
    QVERIFY2(std::fabs(got - expected) <= tolerance * expected,
             qPrintable(QStringLiteral("%1 vs %2").arg(got).arg(expected)));
}

void TstTerms::cudaContext() {
    // docs/metrics.md: 512 MiB context + cuBLAS handles; + 384 MiB of NCCL buffers with > 1 GPU
    QCOMPARE(terms::cudaContext(1), 512.0 * 1048576);
    QCOMPARE(terms::cudaContext(8), 896.0 * 1048576);
}

// One step's phases (the step timeline and the CLI's phase table): inference is a forward
// pass with a KV cache, so it has no backward and no optimizer step.
void TstTerms::phaseApplies_data() {
    QTest::addColumn<int>("mode");
    QTest::addColumn<int>("phase");
    QTest::addColumn<bool>("applies");
    QTest::newRow("training-after-load") << int(Mode::Training) << int(Phase::AfterLoad) << true;
    QTest::newRow("training-backward") << int(Mode::Training) << int(Phase::Backward) << true;
    QTest::newRow("training-step") << int(Mode::Training) << int(Phase::OptimizerStep) << true;
    QTest::newRow("inference-forward") << int(Mode::Inference) << int(Phase::Forward) << true;
    QTest::newRow("inference-backward") << int(Mode::Inference) << int(Phase::Backward) << false;
    QTest::newRow("inference-step") << int(Mode::Inference) << int(Phase::OptimizerStep) << false;
}

void TstTerms::phaseApplies() {
    QFETCH(int, mode);
    QFETCH(int, phase);
    QFETCH(bool, applies);
    Workload w;
    w.mode = static_cast<Mode>(mode);
    QCOMPARE(headroom::phaseApplies(static_cast<Phase>(phase), w), applies);
}

QTEST_APPLESS_MAIN(TstTerms)
#include "tst_terms.moc"
