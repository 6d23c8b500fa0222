// weight_storage.cpp: a checkpoint's stored bytes per parameter group (see weight_storage.h).

#include "core/model/weight_storage.h"
#include "core/model/model.h"

#include <algorithm>

namespace headroom {

namespace {

/// One Linear weight (out x in), repeated @p count times.
struct Linear {
    int64_t out;
    int64_t in;
    int64_t count = 1;
};

/// The attention projections of one block (MLA: the low-rank chain of DeepseekV3Attention).
std::vector<Linear> attentionLinears(const ModelArch& m) {
    const int64_t h = m.hiddenSize;
    const int64_t a = m.numHeads;
    if (m.mla.enabled()) {
        const int64_t qHead = static_cast<int64_t>(m.mla.qkNopeHeadDim) + m.mla.qkRopeHeadDim;
        const int64_t c = m.mla.kvLoraRank;
        std::vector<Linear> l;
        if (m.mla.qLoraRank > 0) {
            l.push_back({m.mla.qLoraRank, h});
            l.push_back({a * qHead, m.mla.qLoraRank});
        } else {
            l.push_back({a * qHead, h});
        }
        l.push_back({c + m.mla.qkRopeHeadDim, h});
        l.push_back({a * (static_cast<int64_t>(m.mla.qkNopeHeadDim) + m.mla.vHeadDim), c});
        l.push_back({h, a * m.mla.vHeadDim});
        return l;
    }
    const int64_t q = a * m.headDim;
    const int64_t kv = static_cast<int64_t>(m.numKvHeads) * m.headDim;
    return {{q, h}, {kv, h}, {kv, h}, {h, q}};
}

/// The projections of one FFN of width @p i (gate, up, down; plain: up, down).
std::vector<Linear> ffnLinears(const ModelArch& m, int64_t i, int64_t count) {
    const int64_t h = m.hiddenSize;
    if (m.mlp == MlpKind::Gated)
        return {{i, h, 2 * count}, {h, i, count}};
    return {{i, h, count}, {h, i, count}};
}

/// Stored bytes of @p ls: quantised when @p quantised, else at @p other bytes per element;
/// the group's remaining parameters (biases, norms) at @p other too.
GroupStorage groupBytes(const CheckpointQuant& q, const std::vector<Linear>& ls, int64_t params,
                        bool quantised, double other) {
    GroupStorage g;
    g.params = params;
    int64_t linearParams = 0;
    for (const Linear& l : ls) {
        linearParams += l.out * l.in * l.count;
        g.bytes += quantised ? static_cast<double>(l.count) * quantLinearBytes(q, l.out, l.in)
                             : static_cast<double>(l.out * l.in * l.count) * other;
    }
    if (quantised) {
        g.quantParams = linearParams;
        g.quantBytes = g.bytes;
    }
    g.bytes += static_cast<double>(params - linearParams) * other;
    return g;
}

void add(GroupStorage& into, const GroupStorage& g) {
    into.params += g.params;
    into.bytes += g.bytes;
    into.quantParams += g.quantParams;
    into.quantBytes += g.quantBytes;
}

} // namespace

double WeightStorage::totalBytes() const {
    return embedding.bytes + lmHead.bytes + attention.bytes + mlp.bytes + experts.bytes +
           router.bytes + norms.bytes;
}

int64_t WeightStorage::totalParams() const {
    return embedding.params + lmHead.params + attention.params + mlp.params + experts.params +
           router.params + norms.params;
}

namespace {

/// Scales every group so the total is the header's exact bytes (@p header > 0).
void scaleToHeader(WeightStorage& s, int64_t header) {
    const double total = s.totalBytes();
    if (header <= 0 || !(total > 0))
        return;
    const double k = static_cast<double>(header) / total;
    for (GroupStorage* g :
         {&s.embedding, &s.lmHead, &s.attention, &s.mlp, &s.experts, &s.router, &s.norms}) {
        g->bytes *= k;
        g->quantBytes *= k;
    }
}

} // namespace

WeightStorage checkpointStorage(const ModelArch& m) {
    WeightStorage s = configStorage(m);
    scaleToHeader(s, m.headerWeightBytes);
    return s;
}

WeightStorage configStorage(const ModelArch& m) {
    const ParamCount c = countParameters(m);
    const CheckpointQuant& q = m.quant;
    WeightStorage s;
    if (!q.enabled()) {
        const double b = bytesPerElement(m.nativeDType);
        auto plain = [b](int64_t p) { return GroupStorage{p, static_cast<double>(p) * b}; };
        s.embedding = plain(c.embedding);
        s.lmHead = plain(c.lmHead);
        s.attention = plain(c.attention);
        s.mlp = plain(c.denseMlp + c.sharedExperts);
        s.experts = plain(c.experts);
        s.router = plain(c.router);
        s.norms = plain(c.norms);
        return s;
    }
    const double other = bytesPerElement(q.other);
    const bool mx = q.method == QuantMethod::Mxfp4; // gpt-oss: only the experts are MXFP4
    s.embedding = {c.embedding, static_cast<double>(c.embedding) * other};
    s.lmHead = groupBytes(q, {{m.vocabSize, m.hiddenSize, c.lmHead > 0 ? 1 : 0}}, c.lmHead,
                          q.lmHead && !mx, other);
    s.router = {c.router, static_cast<double>(c.router) * other};
    s.norms = {c.norms, static_cast<double>(c.norms) * other};
    for (int l = 0; l < m.numLayers; ++l) {
        const LayerShapes ls = layerShapes(m, l);
        add(s.attention,
            groupBytes(q, attentionLinears(m), ls.attentionParams, q.attention && !mx, other));
        if (ls.isMoe) {
            const int64_t si =
                m.moe.sharedIntermediate > 0 ? m.moe.sharedIntermediate : m.moe.expertIntermediate;
            const int64_t n = m.moe.sharedExperts;
            const int64_t router = m.hiddenSize * m.moe.numExperts +
                                   (m.moe.routerBias ? m.moe.numExperts : 0) +
                                   (m.moe.sharedExpertGate ? m.hiddenSize : 0);
            add(s.mlp, groupBytes(q, {{si, m.hiddenSize, 2 * n}, {m.hiddenSize, si, n}},
                                  ls.mlpParams - router, q.denseMlp && !mx, other));
            // Experts are gated (gate, up, down) whatever the dense FFN kind.
            const int64_t i = m.moe.expertIntermediate;
            const int64_t h = m.hiddenSize;
            const int64_t e = m.moe.numExperts;
            add(s.experts,
                groupBytes(q, {{i, h, 2 * e}, {h, i, e}}, ls.expertParams, q.experts, other));
        } else {
            add(s.mlp, groupBytes(q, ffnLinears(m, m.intermediateSize, 1), ls.mlpParams,
                                  q.denseMlp && !mx, other));
        }
    }
    return s;
}

double publishedWeightBytes(const ModelArch& m) {
    return checkpointStorage(m).totalBytes();
}

} // namespace headroom
