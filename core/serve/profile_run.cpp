#include "core/serve/profile_run.h"

#include <algorithm>

namespace headroom {

double forwardPeakBytes(const ModelArch& m, int64_t tokens, int tp, double c) {
    const double t = static_cast<double>(std::max<int64_t>(0, tokens));
    const double ranks = std::max(1, tp);
    const double h = static_cast<double>(m.hiddenSize);
    const double d = static_cast<double>(m.headDim);
    const double qHeads = std::max(1.0, m.numHeads / ranks);
    const double kvHeads = std::max(1.0, m.numKvHeads / ranks);
    // q, k, v out of the fused projection and the attention output
    const double attention = (2.0 * qHeads + 2.0 * kvHeads) * d;
    double mlp = 0;
    if (m.intermediateSize > 0) {
        const double i = static_cast<double>(m.intermediateSize) / ranks;
        mlp = m.mlp == MlpKind::Gated ? 3.0 * i : 2.0 * i;
    }
    if (m.moe.enabled()) {
        const double ie = static_cast<double>(m.moe.expertIntermediate) / ranks;
        const double k = std::max(1, m.moe.expertsPerToken);
        mlp = std::max(mlp, k * (std::max(2.0 * ie, h) + ie));
    }
    return t * c * (3.0 * h + std::max(attention, mlp));
}

double samplerPeakBytes(const ModelArch& m, int64_t rows, int64_t tokens, double c,
                        double extraBytesPerLogit) {
    const double r = static_cast<double>(std::max<int64_t>(0, rows));
    const double logits = r * static_cast<double>(m.vocabSize);
    const double hidden =
        static_cast<double>(std::max<int64_t>(0, tokens)) * static_cast<double>(m.hiddenSize) * c;
    return logits * (c + extraBytesPerLogit) + hidden;
}

int graphCaptureCount(int maxTokens) {
    if (maxTokens < 1)
        return 0;
    int n = 0;
    for (int s : {1, 2, 4})
        n += s <= maxTokens ? 1 : 0;
    for (int s = 8; s < std::min(maxTokens + 1, 256); s += 8)
        ++n;
    for (int s = 256; s <= maxTokens; s += 16)
        ++n;
    return n;
}

} // namespace headroom
