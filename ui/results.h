#pragma once
// Everything the views draw for one scenario, computed by core in one pass.

#include "core/engine/band.h"
#include "core/engine/estimator.h"
#include "core/engine/warnings.h"
#include "core/plan/calibration.h"
#include "core/plan/solvers.h"
#include "core/serve/serve.h"

#include <QString>

#include <array>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace headroom::ui {

struct Results {
    bool valid = false;       ///< the scenario passed validation
    bool hasEstimate = false; ///< estimate/sweep hold data (the last valid one when !valid)
    QString problem;          ///< translated reason when !valid

    Estimate estimate;
    /// The band around the worst rank (core estimateBand; calibrated runs keep it relative to
    /// the calibrated estimate) and the verdict it gives against the GPU (core bandVerdict).
    Band band;
    BandVerdict bandVerdict = BandVerdict::Fits;
    int tightestStage = 0; ///< index into estimate.stages of the rank with the most memory

    SweepAxis axis = SweepAxis::MicroBatch;
    bool inference = false; ///< the batch is concurrent sequences, the sequence is the context
    /// Which phases one step has (core phaseApplies): the step timeline draws only these.
    std::array<bool, kPhaseCount> phaseApplies{true, true, true, true};
    std::vector<SweepPoint> sweep; ///< core sweep() over [sweepMin, sweepMax]
    /// core sweepBand() over the same x values: the nvidia-smi band at up to
    /// kSweepBandPoints of them (the cliff's shaded band; `band` at the current point)
    std::vector<SweepBandPoint> sweepBand;
    int64_t sweepMin = 1;
    int64_t sweepMax = 1;
    int64_t current = 1; ///< the scenario's micro-batch or sequence length
    int64_t maxFit = 0;  ///< maxMicroBatch() or maxSequenceLength(); 0 = nothing fits
    /// The band's verdict at maxFit (core bandVerdictAt; bandVerdict where maxFit is the
    /// current point): MayNotFit where that x fits by the point estimate only. Held for
    /// maxFitBandX (0: not computed for this maxFit, e.g. while a slider is held).
    BandVerdict maxFitBand = BandVerdict::Fits;
    int64_t maxFitBandX = 0;
    CliffLine cliff; ///< cliffLine() (micro-batch slope)

    /// The scenario's calibration when it applies to this setup (activeCalibration): every
    /// number above is calibrated to the measured run. Empty without one or when it was fitted
    /// on another setup (calibrationStale).
    std::optional<Calibration> calibration;
    bool calibrationStale = false; ///< the scenario has a calibration of another setup
    bool forcedOom = false;        ///< the verdict is OOM because the measured run was
    /// The scenario plans against the band's high bound (Workload::planAgainstBandHigh):
    /// estimate.fits and .headroom are at the band's high bound (core applyPlanTarget).
    bool planAgainstBandHigh = false;
    /// Where the measured point lies on the sweep's x axis; 0 when it is not on this curve
    /// (the other coordinate, sequence length or micro-batch, differs from the measured run).
    int64_t measuredX = 0;

    /// core playbook(); while a slider is held it is not searched again (a plan search per
    /// lever is most of a drag frame's engine time): the last one is kept, playbookStale set,
    /// and the release brings a fresh one.
    std::vector<PlaybookItem> playbook;
    bool playbookStale = false;
    std::vector<Warning> warnings; ///< core workloadWarnings (the verdict shows them)

    /// Inference: the serving engine's pool on one rank (core serve()) and its maximum
    /// concurrent sequences against context length (core servingCurve); empty in training
    /// or when the scenario is invalid.
    std::optional<ServeReport> serving;
    std::vector<ServingPoint> servingCurve;
    /// Inference: each serving lever alone (core servePlaybook); kept from the last results
    /// while a slider is held, like `playbook`.
    std::vector<ServeOption> servingPlaybook;
    int64_t servingContext = 0; ///< the scenario's context (prompt + generated tokens)
    int64_t modelPositions = 0; ///< the model's max_position_embeddings (0 = not known)
    /// A sized server's memory on its rank as the bar and the breakdown draw it (core
    /// servedEstimate) and its formulas (servedFormulas): set when the scenario sizes a paged
    /// server (its engine's memory fraction is set) and serve() answered.
    std::optional<Estimate> served;
    std::array<std::string, kTermCount> servedFormulas;
    /// The scenario sizes a server: the cliff chart draws the serving curve
    /// (ServingCliffChart) in place of generate() batches, so it and the Serving tab give one
    /// answer, and every view shows the server.
    bool drawsServingCliff() const { return served.has_value(); }
    /// What the bar and the breakdown draw: the sized server's memory, else the estimate.
    const Estimate& shownEstimate() const { return served ? *served : estimate; }
    /// The verdict's colour and the export's: the server starts with room for a request
    /// (drawsServingCliff), else the estimate fits.
    bool verdictGood() const {
        return drawsServingCliff() ? serving->starts && serving->maxConcurrency >= 1
                                   : estimate.fits;
    }
    uint64_t generation = 0; ///< increases with every recompute
    double computeMs = 0;    ///< time the engine took for this recompute
    /// termFormula() of each term for the worst rank, made with the estimate (off the UI
    /// thread, the load replayed once): the breakdown's formula column.
    std::array<std::string, kTermCount> worstFormulas;
};

} // namespace headroom::ui
