// estimate.cpp: the fits rule and the keys of an estimate. See core/engine/estimate.h.

#include "core/engine/estimate.h"

#include <algorithm>

namespace headroom {

double verdictBytes(const RankEstimate& r) {
    return r.nvidiaSmi - r.pageable - r.releasable;
}

bool rankFits(const RankEstimate& r, double capacity) {
    return capacity - verdictBytes(r) >= 0;
}

void decideFit(Estimate& e) {
    e.headroom = e.capacity - verdictBytes(e.worst);
    e.fits = rankFits(e.worst, e.capacity);
    for (const RankEstimate& r : e.stages) {
        e.headroom = std::min(e.headroom, e.capacity - verdictBytes(r));
        e.fits = e.fits && rankFits(r, e.capacity);
    }
}

double Estimate::total(Metric m) const {
    switch (m) {
    case Metric::Allocated:
        return worst.allocated;
    case Metric::Reserved:
        return worst.reserved;
    case Metric::NvidiaSmi:
        return worst.nvidiaSmi;
    }
    return worst.nvidiaSmi;
}

std::string_view termKey(Term t) {
    switch (t) {
    case Term::Weights:
        return "weights";
    case Term::MasterWeights:
        return "master_weights";
    case Term::OptimizerStates:
        return "optimizer_states";
    case Term::Gradients:
        return "gradients";
    case Term::Activations:
        return "activations";
    case Term::KvCache:
        return "kv_cache";
    case Term::Logits:
        return "logits";
    case Term::Workspace:
        return "workspace";
    case Term::AllocatorReserve:
        return "allocator_reserve";
    case Term::CudaContext:
        return "cuda_context";
    }
    return "unknown";
}

std::string_view phaseKey(Phase p) {
    switch (p) {
    case Phase::AfterLoad:
        return "after_load";
    case Phase::Forward:
        return "forward";
    case Phase::Backward:
        return "backward";
    case Phase::OptimizerStep:
        return "optimizer_step";
    }
    return "unknown";
}

bool phaseApplies(Phase p, const Workload& w) {
    return w.mode == Mode::Training || p == Phase::AfterLoad || p == Phase::Forward;
}

std::string_view metricKey(Metric m) {
    switch (m) {
    case Metric::Allocated:
        return "allocated";
    case Metric::Reserved:
        return "reserved";
    case Metric::NvidiaSmi:
        return "nvidia_smi";
    }
    return "unknown";
}

} // namespace headroom
