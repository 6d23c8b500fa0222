#pragma once
// Everything the views draw for one scenario, computed by core in one pass.

#include "core/engine/estimator.h"
#include "core/plan/solvers.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace headroom::ui {

struct Results {
    bool valid = false;       ///< the scenario passed validation
    bool hasEstimate = false; ///< estimate/sweep hold data (the last valid one when !valid)
    QString problem;          ///< translated reason when !valid

    Estimate estimate;
    int tightestStage = 0; ///< index into estimate.stages of the rank with the most memory

    SweepAxis axis = SweepAxis::MicroBatch;
    bool inference = false; ///< the batch is concurrent sequences, the sequence is the context
    std::vector<SweepPoint> sweep; ///< core sweep() over [sweepMin, sweepMax]
    int64_t sweepMin = 1;
    int64_t sweepMax = 1;
    int64_t current = 1; ///< the scenario's micro-batch or sequence length
    int64_t maxFit = 0;  ///< maxMicroBatch() or maxSequenceLength(); 0 = nothing fits
    CliffLine cliff;     ///< cliffLine() (micro-batch slope)

    std::vector<PlaybookItem> playbook;
    uint64_t generation = 0; ///< increases with every recompute
    double computeMs = 0;    ///< time the engine took for this recompute
};

} // namespace headroom::ui
