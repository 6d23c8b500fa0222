#pragma once
// Shared fixtures of the core test suites: real configs from tests/data/models, a relative
// comparison with a readable failure, and hand formulas that several suites check against.
// Header-only; every suite links the engine library, never its sources.

#include "core/engine/estimator.h"
#include "core/engine/memory_terms.h"
#include "core/model/hf_import.h"
#include "core/model/model.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>

namespace headroom::testsupport {

/// The architecture of tests/data/models/<dir>/config.json (PROVENANCE.md there), or nothing
/// when it is absent or does not import (a warning names why).
inline std::optional<ModelArch> modelConfig(const char* dir) {
    const auto file = std::filesystem::path(HEADROOM_MODELS_DIR) / dir / "config.json";
    auto r = loadHfConfig(file);
    if (!r) {
        qWarning("%s: %s (%s)", file.string().c_str(), r.error().field.c_str(),
                 r.error().detail.c_str());
        return std::nullopt;
    }
    return r.value();
}

/// Binds `var` to the config tests/data/models/<dir>; fails the test when it does not load
/// (the repository ships every config its tests use).
#define MODEL_OR_FAIL(var, dir)                                                                    \
    const std::optional<ModelArch> var##Opt = ::headroom::testsupport::modelConfig(dir);           \
    if (!var##Opt)                                                                                 \
        QFAIL("tests/data/models/" dir "/config.json does not load");                              \
    const ModelArch& var = *var##Opt;

/// Fails the running test unless |actual - expected| / max(1, |expected|) <= relTol.
inline void compare(double actual, double expected, double relTol = 1e-9) {
    const double err = std::abs(actual - expected) / std::max(1.0, std::abs(expected));
    if (err > relTol)
        QFAIL(qPrintable(QStringLiteral("got %1, expected %2 (rel. error %3 > %4)")
                             .arg(actual, 0, 'f', 1)
                             .arg(expected, 0, 'f', 1)
                             .arg(err)
                             .arg(relTol)));
}

/// Bytes of term @p t in a rank's breakdown at its peak.
inline double term(const RankEstimate& r, Term t) {
    return r.atPeak[static_cast<int>(t)];
}

/// Llama-2-7B shapes (config.json: 32 layers, h 4096, 32 heads = 32 KV heads, i 11008,
/// vocab 32000, untied).
/// A training workload with framework profile @p f, micro-batch @p b and sequence @p s.
inline Workload training(PrecisionPreset f, int64_t b, int64_t s) {
    Workload w;
    applyPrecisionPreset(w, f);
    w.microBatch = b;
    w.sequenceLength = s;
    return w;
}

/// Makes @p w a prefill-only inference run of @p prompt tokens per sequence (no new tokens;
/// the micro-batch stays the number of sequences).
inline void prefillOnly(Workload& w, int64_t prompt) {
    w.mode = Mode::Inference;
    w.finetune = Finetune::Full;
    w.inference.promptTokens = prompt;
    w.inference.newTokens = 0;
    w.inference.prefillOnly = true;
    w.sequenceLength = prompt;
}

inline ModelArch llama2_7b() {
    ModelArch m;
    m.name = "Llama-2-7B";
    m.family = "llama";
    m.numLayers = 32;
    m.hiddenSize = 4096;
    m.numHeads = 32;
    m.numKvHeads = 32;
    m.headDim = 128;
    m.intermediateSize = 11008;
    m.vocabSize = 32000;
    return m;
}

/// GLM-4-9B-Chat's shapes (its config.json: 40 layers, h 4096, 32 heads of 128, 2 KV groups,
/// ffn 13,696 fused gate/up, vocab 151,552, q/k/v biases) under family @p family ("chatglm":
/// its remote code; "glm": transformers' port).
inline ModelArch glm4_9b(const std::string& family) {
    ModelArch m = llama2_7b(); // h 4096, 32 heads of 128
    m.name = "GLM-4-9B-Chat";
    m.family = family;
    m.numLayers = 40;
    m.numKvHeads = 2;
    m.intermediateSize = 13696;
    m.vocabSize = 151552;
    m.qkvBias = true;
    return m;
}

/// Llama-3.1-8B shapes (config.json: 32 layers, h 4096, 32 heads, 8 KV heads, i 14336,
/// vocab 128256, untied).
inline ModelArch llama3_8b() {
    ModelArch m = llama2_7b();
    m.name = "Llama-3.1-8B";
    m.numKvHeads = 8;
    m.intermediateSize = 14336;
    m.vocabSize = 128256;
    return m;
}

/// Hand parameter count of a dense llama/qwen2 model from its config (HF modeling files):
/// per block h (a d) + 2 h (kv d) + (a d) h [+ q/k/v biases] + 3 h i + 2 h norms;
/// plus V h embedding, V h lm_head unless tied, h final norm.
struct DenseHand {
    double attn = 0, mlp = 0, norms = 0, emb = 0, head = 0, finalNorm = 0;
    int layers = 0;
    double total() const { return layers * (attn + mlp + norms) + emb + head + finalNorm; }
};
inline DenseHand denseHand(const ModelArch& m) {
    const double h = static_cast<double>(m.hiddenSize);
    const double q = static_cast<double>(m.numHeads) * m.headDim;
    const double kv = static_cast<double>(m.numKvHeads) * m.headDim;
    DenseHand d;
    d.layers = m.numLayers;
    d.attn = h * q + 2 * h * kv + q * h + (m.qkvBias ? q + 2 * kv : 0.0);
    d.mlp = 3 * h * static_cast<double>(m.intermediateSize);
    d.norms = 2 * h;
    d.emb = static_cast<double>(m.vocabSize) * h;
    d.head = m.tiedEmbeddings ? 0.0 : static_cast<double>(m.vocabSize) * h;
    d.finalNorm = h;
    return d;
}

/// A GPT-3-style block (Korthikanti et al. 2022, Table 3 notation): LayerNorm, plain 4h MLP,
/// multi-head attention; one layer, GPT-2 vocabulary.
inline ModelArch gptBlock(int64_t h, int a) {
    ModelArch m;
    m.name = "gpt-block";
    m.family = "gpt2";
    m.numLayers = 1;
    m.hiddenSize = h;
    m.numHeads = a;
    m.numKvHeads = a;
    m.headDim = static_cast<int>(h / a);
    m.intermediateSize = 4 * h;
    m.mlp = MlpKind::Plain;
    m.norm = NormKind::LayerNorm;
    m.vocabSize = 50257;
    return m;
}

/// Korthikanti et al. 2022's assumptions for one layer: fp16 (c = 2), everything trainable,
/// eager attention with dropout, no K/V repetition.
inline terms::BlockSaveOptions korthikantiOptions() {
    terms::BlockSaveOptions o;
    o.c = 2;
    o.trainBase = true;
    o.repeatKv = false;
    o.eager = true;
    o.dropout = true;
    return o;
}

/// Saved bytes of one such layer for @p s tokens x @p b sequences: the block's saves plus the
/// attention probabilities with fp16 softmax and dropout (Korthikanti's 5 a s per token).
inline double korthikantiLayerBytes(const ModelArch& m, double s, double b) {
    return (terms::blockSavedBytesPerToken(m, korthikantiOptions()) +
            terms::attentionScoreBytesPerToken(m.numHeads, s, 2, /*fp32Softmax=*/false,
                                               /*dropout=*/true)) *
           s * b;
}

} // namespace headroom::testsupport
