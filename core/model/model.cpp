// model.cpp: exact parameter counts from an architecture, and the derived dense shape used by
// the GUI's model-size slider.
//
// The counts follow the Hugging Face modeling_*.py files tensor by tensor (see docs/models.md
// for the per-family list). Every count is an exact integer; no rounding is involved.

#include "core/model/model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace headroom {

namespace {

int64_t normSize(const ModelArch& m) {
    return normParams(m);
}

bool layerIsMoe(const ModelArch& m, int layer) {
    return m.moe.enabled() && layer >= m.moe.firstDenseLayers;
}

int moeLayerCount(const ModelArch& m) {
    if (!m.moe.enabled())
        return 0;
    return std::max(0, m.numLayers - std::max(0, m.moe.firstDenseLayers));
}

/// One routed expert: gate + up + down (3 x h x i_moe), plus biases where the family has them
/// (gpt-oss: gate_up_proj_bias 2 x i, down_proj_bias h).
int64_t paramsPerExpert(const ModelArch& m) {
    const int64_t h = m.hiddenSize;
    const int64_t i = m.moe.expertIntermediate;
    int64_t p = 3 * h * i;
    if (m.moe.expertBias)
        p += 2 * i + h;
    return p;
}

/// A dense FFN of width @p i.
int64_t denseFfnParams(const ModelArch& m, int64_t i) {
    const int64_t h = m.hiddenSize;
    if (m.mlp == MlpKind::Gated)
        return 3 * h * i + (m.mlpBias ? 2 * i + h : 0);
    return 2 * h * i + (m.mlpBias ? i + h : 0);
}

int64_t sharedExpertParams(const ModelArch& m) {
    if (m.moe.sharedExperts <= 0)
        return 0;
    const int64_t si =
        m.moe.sharedIntermediate > 0 ? m.moe.sharedIntermediate : m.moe.expertIntermediate;
    return static_cast<int64_t>(m.moe.sharedExperts) * 3 * m.hiddenSize * si;
}

/// Router (h x E), its bias, and Qwen2-MoE's shared-expert gate (h x 1).
int64_t routerParams(const ModelArch& m) {
    int64_t p = m.hiddenSize * m.moe.numExperts;
    if (m.moe.routerBias)
        p += m.moe.numExperts;
    if (m.moe.sharedExpertGate)
        p += m.hiddenSize;
    return p;
}

int64_t attentionParams(const ModelArch& m) {
    const int64_t h = m.hiddenSize;
    const int64_t a = m.numHeads;
    if (m.mla.enabled()) {
        const int64_t qHead = static_cast<int64_t>(m.mla.qkNopeHeadDim) + m.mla.qkRopeHeadDim;
        int64_t p = 0;
        if (m.mla.qLoraRank > 0) {
            const int64_t r = m.mla.qLoraRank;
            p += h * r + r + r * a * qHead; // q_a_proj, q_a_layernorm, q_b_proj
        } else {
            p += h * a * qHead; // q_proj (DeepSeek-V2-Lite)
        }
        const int64_t c = m.mla.kvLoraRank;
        p += h * (c + m.mla.qkRopeHeadDim); // kv_a_proj_with_mqa
        p += c;                             // kv_a_layernorm
        p += c * a * (static_cast<int64_t>(m.mla.qkNopeHeadDim) + m.mla.vHeadDim); // kv_b_proj
        p += a * m.mla.vHeadDim * h;                                               // o_proj
        if (m.outBias)
            p += h;
        return p;
    }
    const int64_t qOut = a * m.headDim;
    const int64_t kvOut = static_cast<int64_t>(m.numKvHeads) * m.headDim;
    int64_t p = h * qOut + 2 * h * kvOut + qOut * h;
    if (m.qkvBias)
        p += qOut + 2 * kvOut;
    if (m.outBias)
        p += h;
    if (m.qkNorm)
        p += m.qkNormFullWidth ? qOut + kvOut : 2 * static_cast<int64_t>(m.headDim);
    if (m.attentionSinks)
        p += a;
    return p;
}

} // namespace

int64_t normParams(const ModelArch& m) {
    if (!m.normAffine)
        return 0;
    return m.norm == NormKind::LayerNorm && m.normBias ? 2 * m.hiddenSize : m.hiddenSize;
}

LayerShapes layerShapes(const ModelArch& m, int layer) {
    LayerShapes s;
    const int64_t a = m.numHeads;
    if (m.mla.enabled()) {
        s.qOut = a * (static_cast<int64_t>(m.mla.qkNopeHeadDim) + m.mla.qkRopeHeadDim);
        s.kvOut = a * (static_cast<int64_t>(m.mla.qkNopeHeadDim) + m.mla.qkRopeHeadDim);
        s.attnOutIn = a * m.mla.vHeadDim;
    } else {
        s.qOut = a * m.headDim;
        s.kvOut = static_cast<int64_t>(m.numKvHeads) * m.headDim;
        s.attnOutIn = a * m.headDim;
    }
    s.attentionParams = attentionParams(m);
    s.normParams = static_cast<int64_t>(m.normsPerLayer) * normSize(m);
    s.isMoe = layerIsMoe(m, layer);
    if (s.isMoe) {
        s.mlpParams = sharedExpertParams(m) + routerParams(m);
        s.expertParams = static_cast<int64_t>(m.moe.numExperts) * paramsPerExpert(m);
    } else {
        s.mlpParams = denseFfnParams(m, m.intermediateSize);
    }
    return s;
}

ParamCount countParameters(const ModelArch& m) {
    ParamCount c;
    const int64_t h = m.hiddenSize;
    c.embedding = m.vocabSize * h + m.learnedPositions * h;
    c.lmHead = m.tiedEmbeddings ? 0 : m.vocabSize * h;
    // the layers are of two kinds, dense and MoE (layerIsMoe: every layer from
    // firstDenseLayers on), each counted once and multiplied: O(1) in the depth
    const int64_t layers = std::max(0, m.numLayers);
    const int64_t moeLayers = moeLayerCount(m);
    const int64_t denseLayers = layers - moeLayers;
    const LayerShapes first = layerShapes(m, 0);
    c.attention = layers * first.attentionParams;
    c.norms = layers * first.normParams;
    // a dense block's shapes do not depend on its index: the first one, when dense, stands for all
    if (denseLayers > 0)
        c.denseMlp = denseLayers *
                     (first.isMoe ? layerShapes(m, m.numLayers - 1 - moeLayers) : first).mlpParams;
    if (moeLayers > 0) {
        c.experts = moeLayers * layerShapes(m, m.numLayers - 1).expertParams;
        c.sharedExperts = moeLayers * sharedExpertParams(m);
        c.router = moeLayers * routerParams(m);
    }
    if (m.finalNorm)
        c.norms += normSize(m);
    c.total = c.embedding + c.lmHead + c.attention + c.denseMlp + c.experts + c.sharedExperts +
              c.router + c.norms;
    c.active = c.total;
    if (m.moe.enabled()) {
        const int64_t unused = std::max(0, m.moe.numExperts - m.moe.expertsPerToken);
        c.active -= unused * paramsPerExpert(m) * moeLayerCount(m);
    }
    return c;
}

namespace {

/// Upper estimate of the parameter count in floating point, safe against overflow of any
/// int field; used to refuse architectures whose exact count could overflow int64.
double approxTotal(const ModelArch& m) {
    const double h = static_cast<double>(m.hiddenSize);
    const double a = m.numHeads;
    double attn;
    if (m.mla.enabled()) {
        const double qh = static_cast<double>(m.mla.qkNopeHeadDim) + m.mla.qkRopeHeadDim;
        const double r = m.mla.qLoraRank;
        const double c = m.mla.kvLoraRank;
        attn = (r > 0 ? h * r + r + r * a * qh : h * a * qh) + h * (c + m.mla.qkRopeHeadDim) + c +
               c * a * (m.mla.qkNopeHeadDim + static_cast<double>(m.mla.vHeadDim)) +
               a * m.mla.vHeadDim * h + 2 * h;
    } else {
        const double q = a * m.headDim;
        const double kv = static_cast<double>(m.numKvHeads) * m.headDim;
        attn = 2 * h * q + 2 * h * kv + q + 2 * kv + h + 2.0 * m.headDim + a;
    }
    const double ffn = 3 * h * static_cast<double>(m.intermediateSize) +
                       2 * static_cast<double>(m.intermediateSize) + h;
    double moe = 0;
    if (m.moe.enabled()) {
        const double ie = static_cast<double>(m.moe.expertIntermediate);
        const double si =
            m.moe.sharedIntermediate > 0 ? static_cast<double>(m.moe.sharedIntermediate) : ie;
        moe = m.moe.numExperts * (3 * h * ie + 2 * ie + h) + m.moe.sharedExperts * 3 * h * si +
              h * m.moe.numExperts + m.moe.numExperts + h;
    }
    const double perLayer = attn + ffn + moe + 4 * h;
    return static_cast<double>(m.numLayers) * perLayer +
           (2 * static_cast<double>(m.vocabSize) + static_cast<double>(m.learnedPositions)) * h +
           2 * h;
}

} // namespace

ArchError validateArch(const ModelArch& m) {
    if (m.numLayers <= 0)
        return ArchError::NonPositiveLayers;
    if (m.hiddenSize <= 0)
        return ArchError::NonPositiveHidden;
    if (m.numHeads <= 0)
        return ArchError::NonPositiveHeads;
    if (m.numKvHeads <= 0 || m.numKvHeads > m.numHeads || m.numHeads % m.numKvHeads != 0)
        return ArchError::KvHeadsInvalid;
    if (m.headDim <= 0)
        return ArchError::NonPositiveHeadDim;
    if (m.intermediateSize <= 0)
        return ArchError::NonPositiveIntermediate;
    if (m.vocabSize <= 0 || m.learnedPositions < 0)
        return ArchError::NonPositiveVocab;
    if (m.moe.numExperts < 0)
        return ArchError::MoeInvalid;
    if (m.moe.enabled()) {
        const MoeSpec& e = m.moe;
        if (e.expertsPerToken <= 0 || e.expertsPerToken > e.numExperts ||
            e.expertIntermediate <= 0 || e.sharedExperts < 0 || e.sharedIntermediate < 0 ||
            e.firstDenseLayers < 0 || e.firstDenseLayers > m.numLayers)
            return ArchError::MoeInvalid;
    }
    if (m.mla.kvLoraRank < 0)
        return ArchError::MlaInvalid;
    if (m.mla.enabled()) {
        const MlaSpec& a = m.mla;
        if (a.qLoraRank < 0 || a.qkNopeHeadDim <= 0 || a.qkRopeHeadDim <= 0 || a.vHeadDim <= 0)
            return ArchError::MlaInvalid;
    }
    if (m.normsPerLayer < 0 || m.slidingWindow < 0 || m.slidingLayers < 0 ||
        m.slidingLayers > m.numLayers)
        return ArchError::NonPositiveLayers;
    const double total = approxTotal(m);
    if (!(total < 1e14))
        return ArchError::TooLarge;
    return ArchError::Ok;
}

std::string_view archErrorField(ArchError e) {
    switch (e) {
    case ArchError::Ok:
        return {};
    case ArchError::NonPositiveLayers:
        return "num_hidden_layers";
    case ArchError::NonPositiveHidden:
        return "hidden_size";
    case ArchError::NonPositiveHeads:
        return "num_attention_heads";
    case ArchError::KvHeadsInvalid:
        return "num_key_value_heads";
    case ArchError::NonPositiveHeadDim:
        return "head_dim";
    case ArchError::NonPositiveIntermediate:
        return "intermediate_size";
    case ArchError::NonPositiveVocab:
        return "vocab_size";
    case ArchError::MoeInvalid:
        return "num_experts_per_tok";
    case ArchError::MlaInvalid:
        return "kv_lora_rank";
    case ArchError::TooLarge:
        return "num_parameters";
    }
    return {};
}

// ---------------------------------------------------------------------------------------------
// denseFromParamCount
//
// Rule (docs/models.md, "Derived dense shape"): a precomputed chain of Llama-style shapes whose
// parameter counts strictly increase; a request picks the chain entry nearest to it, so the
// result is monotonic in the request and within half a chain step (< 2 %) of it.
//
// Widths h ("levels"): 256 .. 1920 in steps of 128 (h/128 heads, MHA), then 2048 .. 32768 in
// steps of 1024 (h/128 heads, a multiple of 8, with 8 KV heads). head_dim 128, gated SiLU MLP,
// RMSNorm, vocab 32000 untied. Target depth L* = h/128 (Llama 2/3: 4096 x 32, 5120 x 40,
// 8192 x 80, 16384 x 126). Level h covers the counts between the geometric means of its target
// shape and its neighbours' target shapes; inside a level the chain walks depth L upward and,
// for each L, widens the FFN from 3.5 h (rounded to 256) in steps of 256 until the next depth
// would be reached.

namespace {

ModelArch derivedShape(int64_t h, int layers, int64_t intermediate) {
    ModelArch m;
    m.family = "llama";
    m.numLayers = layers;
    m.hiddenSize = h;
    m.numHeads = static_cast<int>(h / 128);
    m.numKvHeads = m.numHeads >= 16 ? 8 : m.numHeads;
    m.headDim = 128;
    m.intermediateSize = intermediate;
    m.mlp = MlpKind::Gated;
    m.norm = NormKind::RMSNorm;
    m.vocabSize = 32000;
    m.tiedEmbeddings = false;
    m.nativeDType = DType::BF16;
    m.expertDType = DType::BF16;
    m.maxPositions = 4096;
    return m;
}

int64_t baseFfn(int64_t h) {
    return std::max<int64_t>(
        256, static_cast<int64_t>(std::llround(3.5 * static_cast<double>(h) / 256.0)) * 256);
}

int64_t derivedCount(int64_t h, int layers, int64_t intermediate) {
    return countParameters(derivedShape(h, layers, intermediate)).total;
}

int64_t baseCount(int64_t h, int layers) {
    return derivedCount(h, layers, baseFfn(h));
}

struct ChainEntry {
    int64_t h;
    int layers;
    int64_t intermediate;
    int64_t count;
};

constexpr double kChainEnd = 4e12; // the chain covers requests up to 2e12 with margin

const std::vector<ChainEntry>& derivedChain() {
    static const std::vector<ChainEntry> chain = [] {
        std::vector<int64_t> levels;
        for (int64_t h = 256; h < 2048; h += 128)
            levels.push_back(h);
        for (int64_t h = 2048; h <= 32768; h += 1024)
            levels.push_back(h);
        std::vector<ChainEntry> c;
        for (size_t li = 0; li < levels.size(); ++li) {
            const int64_t h = levels[li];
            const int target = static_cast<int>(h / 128);
            double upper = kChainEnd;
            if (li + 1 < levels.size()) {
                const int64_t hn = levels[li + 1];
                upper = std::sqrt(static_cast<double>(baseCount(h, target)) *
                                  static_cast<double>(baseCount(hn, static_cast<int>(hn / 128))));
            }
            const int64_t last = c.empty() ? 0 : c.back().count;
            // Start at the deepest L whose FFN walk can reach just above the previous entry.
            int layers = 1;
            while (baseCount(h, layers + 1) <= last)
                ++layers;
            for (bool done = false; !done; ++layers) {
                const int64_t nextDepth = baseCount(h, layers + 1);
                for (int64_t i = baseFfn(h);; i += 256) {
                    const int64_t n = derivedCount(h, layers, i);
                    if (static_cast<double>(n) >= upper) {
                        done = true;
                        break;
                    }
                    if (n >= nextDepth)
                        break;
                    if (c.empty() || n > c.back().count)
                        c.push_back({h, layers, i, n});
                }
            }
        }
        return c;
    }();
    return chain;
}

std::string derivedName(double params) {
    char buf[64];
    if (params >= 1e12)
        std::snprintf(buf, sizeof buf, "~%.1fT (derived)", params / 1e12);
    else if (params >= 1e9)
        std::snprintf(buf, sizeof buf, "~%.1fB (derived)", params / 1e9);
    else
        std::snprintf(buf, sizeof buf, "~%.0fM (derived)", params / 1e6);
    return buf;
}

} // namespace

ModelArch denseFromParamCount(double params) {
    const std::vector<ChainEntry>& chain = derivedChain();
    if (!std::isfinite(params) || params < 0)
        params = 0;
    // First entry with count >= params, then the nearer of it and its predecessor.
    auto it =
        std::lower_bound(chain.begin(), chain.end(), params, [](const ChainEntry& e, double p) {
            return static_cast<double>(e.count) < p;
        });
    if (it == chain.end())
        it = chain.end() - 1;
    else if (it != chain.begin()) {
        auto prev = it - 1;
        if (params - static_cast<double>(prev->count) <= static_cast<double>(it->count) - params)
            it = prev;
    }
    ModelArch m = derivedShape(it->h, it->layers, it->intermediate);
    m.name = derivedName(params);
    return m;
}

} // namespace headroom
