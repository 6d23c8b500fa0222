#include "core/model/size_family.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace headroom {

namespace {

double totalOf(const ModelArch& m) {
    return static_cast<double>(countParameters(m).total);
}

int64_t roundTo(double v, int64_t step) {
    return std::max<int64_t>(step, static_cast<int64_t>(std::llround(v / step)) * step);
}

/// "Llama 3.1 8B" -> "Llama 3.1": the display name without its size word.
std::string familyName(const ModelPreset& p) {
    const auto cut = p.displayName.find_last_of(' ');
    return cut == std::string::npos ? p.displayName : p.displayName.substr(0, cut);
}

/// The template's traits at width ~@p hTarget and @p layers blocks (see familySizeAt).
ModelArch reshape(const ModelArch& t, double hTarget, int layers) {
    ModelArch m = t;
    const double scale = hTarget / static_cast<double>(t.hiddenSize);
    const int kv = std::max(1, t.numKvHeads);
    // whole GQA groups: heads a multiple of the KV heads, width per head as the template's
    const double perHead = static_cast<double>(t.hiddenSize) / t.numHeads;
    const int groups = std::max(1, static_cast<int>(std::lround(t.numHeads * scale / kv)));
    m.numHeads = groups * kv;
    m.hiddenSize = std::max<int64_t>(64, roundTo(perHead * m.numHeads, 8));
    const double r = static_cast<double>(m.hiddenSize) / static_cast<double>(t.hiddenSize);
    if (t.intermediateSize > 0)
        m.intermediateSize = roundTo(static_cast<double>(t.intermediateSize) * r, 128);
    if (t.moe.enabled()) {
        m.moe.expertIntermediate = roundTo(static_cast<double>(t.moe.expertIntermediate) * r, 128);
        if (t.moe.sharedIntermediate > 0)
            m.moe.sharedIntermediate =
                roundTo(static_cast<double>(t.moe.sharedIntermediate) * r, 128);
    }
    m.numLayers = std::max(1, layers);
    const double lr = static_cast<double>(m.numLayers) / t.numLayers;
    m.moe.firstDenseLayers = std::min(m.numLayers - 1, t.moe.firstDenseLayers);
    m.slidingLayers = std::min(m.numLayers, static_cast<int>(std::lround(t.slidingLayers * lr)));
    m.publishedParams = 0; // not a published checkpoint
    m.headerWeightBytes = 0;
    m.quant = {};
    return m;
}

/// Whole layers bringing the count nearest @p params (the per-layer size from the shape).
void correctLayers(ModelArch& m, double params) {
    ModelArch one = m;
    one.numLayers = m.numLayers + 1;
    one.slidingLayers = m.slidingLayers;
    const double per = totalOf(one) - totalOf(m);
    if (per <= 0)
        return;
    const double fix = std::round((params - totalOf(m)) / per);
    m.numLayers = static_cast<int>(std::clamp(m.numLayers + fix, 1.0, 4096.0));
    m.slidingLayers = std::min(m.slidingLayers, m.numLayers);
    m.moe.firstDenseLayers = std::min(m.moe.firstDenseLayers, m.numLayers - 1);
}

} // namespace

std::string familyOfPreset(std::string_view presetKey) {
    const ModelPreset* p = findModelPreset(presetKey);
    if (!p)
        return {};
    return p->sizeFamily.empty() ? p->key : p->sizeFamily;
}

std::vector<const ModelPreset*> familyMembers(std::string_view family) {
    std::vector<const ModelPreset*> out;
    for (const ModelPreset& p : modelPresets())
        if ((p.sizeFamily.empty() ? p.key : p.sizeFamily) == family)
            out.push_back(&p);
    std::sort(out.begin(), out.end(), [](const ModelPreset* a, const ModelPreset* b) {
        return totalOf(a->arch) < totalOf(b->arch);
    });
    return out;
}

FamilySize familySizeAt(std::string_view family, double params) {
    const auto members = familyMembers(family);
    if (members.empty())
        return {};
    const double target = std::clamp(params, 1e8, 2e12);
    const double lt = std::log(target);
    // the nearest real size in log size, and the neighbours on either side
    const ModelPreset* nearest = members.front();
    const ModelPreset* below = nullptr;
    const ModelPreset* above = nullptr;
    for (const ModelPreset* p : members) {
        const double lp = std::log(totalOf(p->arch));
        if (std::abs(lp - lt) < std::abs(std::log(totalOf(nearest->arch)) - lt))
            nearest = p;
        if (lp <= lt)
            below = p;
        if (lp > lt && !above)
            above = p;
    }
    if (std::abs(std::log(totalOf(nearest->arch)) - lt) <= std::log(1.02))
        return {nearest->arch, nearest->key, false};

    double layers = 0;
    double width = 0;
    if (below && above) {
        const double la = std::log(totalOf(below->arch));
        const double lb = std::log(totalOf(above->arch));
        const double t = (lt - la) / (lb - la);
        layers = std::pow(below->arch.numLayers, 1 - t) * std::pow(above->arch.numLayers, t);
        width = std::pow(static_cast<double>(below->arch.hiddenSize), 1 - t) *
                std::pow(static_cast<double>(above->arch.hiddenSize), t);
    } else {
        const ModelArch& end = (below ? below : above)->arch;
        const double s = std::cbrt(target / totalOf(end));
        layers = end.numLayers * s;
        width = static_cast<double>(end.hiddenSize) * s;
    }
    ModelArch m = reshape(nearest->arch, width, static_cast<int>(std::lround(layers)));
    correctLayers(m, target);
    char size[32];
    std::snprintf(size, sizeof size, "%.1fB", totalOf(m) / 1e9);
    m.name = familyName(*nearest) + " ~" + size + " (derived)";
    return {std::move(m), nearest->key, true};
}

} // namespace headroom
