// weight_dtypes.cpp: the storage dtypes of a run's resident base weights (weight_dtypes.h).

#include "core/engine/weight_dtypes.h"

#include "core/engine/memory_terms.h"
#include "core/engine/profiles.h"
#include "core/engine/stages.h"
#include "core/model/weight_storage.h"

namespace headroom {

namespace {

/// The dtype a checkpoint's quantised Linear weights are stored in (as hf_import names it).
DType quantDType(const CheckpointQuant& q) {
    switch (q.method) {
    case QuantMethod::Fp8Block:
        return DType::FP8;
    case QuantMethod::Mxfp4:
        return DType::MXFP4;
    case QuantMethod::Gptq:
    case QuantMethod::Awq:
        return q.bits <= 4 ? DType::INT4 : DType::INT8;
    case QuantMethod::None:
        break;
    }
    return q.other;
}

/// The checkpoint's storage: its quantised Linear weights, then the rest at torch_dtype.
WeightDtypes checkpointDtypes(const ModelArch& m, const WeightStorage& s) {
    WeightDtypes d;
    d.fromCheckpoint = true;
    d.method = m.quant.method;
    d.headerBytes = m.headerWeightBytes > 0;
    WeightDtypePart quant{quantDType(m.quant), WeightScope::Linears};
    WeightDtypePart rest{m.quant.enabled() ? m.quant.other : m.nativeDType, WeightScope::Rest};
    for (const GroupStorage* g :
         {&s.embedding, &s.lmHead, &s.attention, &s.mlp, &s.experts, &s.router, &s.norms}) {
        quant.params += static_cast<double>(g->quantParams);
        quant.bytes += g->quantBytes;
        rest.params += static_cast<double>(g->params - g->quantParams);
        rest.bytes += g->bytes - g->quantBytes;
    }
    const bool expertsOnly = s.experts.quantParams > 0 && quant.params == s.experts.quantParams;
    if (expertsOnly)
        quant.scope = WeightScope::Experts;
    if (quant.params <= 0)
        rest.scope = WeightScope::All;
    for (const WeightDtypePart& p : {quant, rest})
        if (p.params > 0)
            d.parts.push_back(p);
    return d;
}

} // namespace

double WeightDtypes::params() const {
    double n = 0;
    for (const WeightDtypePart& p : parts)
        n += p.params;
    return n;
}

double WeightDtypes::bytes() const {
    double n = 0;
    for (const WeightDtypePart& p : parts)
        n += p.bytes;
    return n;
}

double WeightDtypes::bytesPerParam() const {
    const double n = params();
    return n > 0 ? bytes() / n : 0.0;
}

WeightDtypes residentWeightDtypes(const ModelArch& m, const Workload& input) {
    // one whole replica of the run as the estimator sees it (profile applied)
    Workload w = withProfileApplied(input);
    w.parallel = Parallelism{};
    const stages::ModelFacts f = stages::modelFacts(m);
    if (terms::checkpointStorageApplies(m, w))
        return checkpointDtypes(m, f.storage);
    stages::StageContext x = stages::stageContext(m, f, w, 0);
    const stages::StageParams& sp = x.params;
    const DType wd = x.weightDtype;
    WeightDtypes d;
    if (isQuantized(wd)) {
        const double head = stages::quantisedHeadParams(x); // lm_head stored as a linear
        const double linear = sp.linear + head;
        const double rest = sp.other - head;
        d.parts.push_back({wd, WeightScope::Linears, linear, terms::weights(linear, wd)});
        if (rest > 0)
            d.parts.push_back({w.precision.compute, WeightScope::Rest, rest,
                               terms::weights(rest, w.precision.compute)});
    } else {
        d.parts.push_back({wd, WeightScope::All, sp.total(), terms::weights(sp.total(), wd)});
    }
    return d;
}

std::string weightDtypesKey(const WeightDtypes& d) {
    std::string t;
    for (const WeightDtypePart& p : d.parts) {
        if (!t.empty())
            t += " + ";
        t += dtypeKey(p.dtype);
        if (p.scope == WeightScope::Experts)
            t += " experts";
        const bool packed = d.method == QuantMethod::Gptq || d.method == QuantMethod::Awq;
        if (d.fromCheckpoint && packed && p.scope != WeightScope::Rest)
            t += " (" + std::string(quantMethodKey(d.method)) + ")";
    }
    return t;
}

} // namespace headroom
