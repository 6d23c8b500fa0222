#include "ui/scenariocontroller.h"

#include "core/engine/profiles.h"
#include "core/engine/weight_dtypes.h"
#include "core/model/presets.h"
#include "core/plan/solvers.h"
#include "ui/scenariocommand.h"
#include "ui/scenarioedits.h"
#include "ui/texts.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <bit>

namespace headroom::ui {

ScenarioController::ScenarioController(QObject* parent)
    : QObject(parent), m_scenario(defaultScenario()) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &ScenarioController::recompute);
    connect(&m_watcher, &QFutureWatcher<Results>::finished, this, &ScenarioController::finishJob);
    connect(&m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
    scheduleRecompute();
}

ScenarioController::~ScenarioController() {
    m_undo.blockSignals(true);
    if (!m_jobTaken)
        m_job.waitForFinished(); // it uses m_loads
}

void ScenarioController::edit(Field field, const QString& text,
                              const std::function<void(Scenario&)>& change) {
    Scenario after = m_scenario;
    change(after);
    const int mergeId = m_dragging ? static_cast<int>(field) : -1;
    m_undo.push(new ScenarioCommand(this, m_scenario, std::move(after), text, mergeId, m_session));
}

void ScenarioController::beginDrag() {
    m_dragging = true;
    ++m_session;
    emit dragChanged(true);
}

void ScenarioController::endDrag() {
    m_dragging = false;
    ++m_session;
    emit dragChanged(false);
    // the tables and the status line, throttled during the drag, catch up now; the sweep,
    // whose x range was held during the drag, takes its exact range again
    emit resultsChanged();
    scheduleRecompute();
}

void ScenarioController::resetScenario(const Scenario& s, const QString& filePath) {
    m_undo.clear();
    apply(s);
    m_undo.setClean();
    if (m_filePath != filePath) {
        m_filePath = filePath;
        emit filePathChanged();
    }
    emit scenarioReplaced();
}

void ScenarioController::markSaved(const QString& filePath) {
    m_undo.setClean();
    if (m_filePath != filePath) {
        m_filePath = filePath;
        emit filePathChanged();
    }
}

void ScenarioController::apply(const Scenario& s) {
    m_scenario = s;
    m_formulas.clear();
    emit scenarioChanged();
    scheduleRecompute();
}

void ScenarioController::scheduleRecompute() {
    if (!m_timer.isActive()) {
        m_timer.start();
    }
}

void ScenarioController::flush() {
    if (m_timer.isActive()) {
        m_timer.stop();
        recompute();
    }
    while (!m_jobTaken) {
        m_job.waitForFinished();
        finishJob(); // may start the job of a newer scenario
    }
}

void ScenarioController::setUnit(ByteUnit u) {
    if (u == m_unit) {
        return;
    }
    m_unit = u;
    emit unitChanged();
    emit resultsChanged();
}

void ScenarioController::setSweepAxis(SweepAxis a) {
    if (a == m_axis) {
        return;
    }
    m_axis = a;
    scheduleRecompute();
}

void ScenarioController::lockSweepMax(int64_t upper) {
    m_lockedMax = upper;
    scheduleRecompute();
}

namespace {

/// What one recompute reads: a copy of the scenario and the sweep settings, so the work can
/// run on a pool thread while the user goes on editing.
struct RecomputeJob {
    Scenario scenario;
    SweepAxis axis = SweepAxis::MicroBatch;
    int64_t lockedMax = 0;
    /// While a slider is held: the x range shown, which the sweep keeps unless it must grow
    /// (the cliff's axis stays put from frame to frame, as its memory axis does); 0 otherwise.
    int64_t heldMax = 0;
    /// While a slider is held: the playbook is kept from the last results, not searched, and
    /// the cliff's band is not computed.
    bool keepPlaybook = false;
    Results results; ///< generation, axis, phases and validity filled in already
};

/// Inference: the serving report, curve and (unless a slider is held: @p keepPlaybook, the
/// last results' is in @p r) the serving playbook of @p s into @p r.
void computeServing(const Scenario& s, Results& r, bool keepPlaybook) {
    auto sc = serve(s.model, s.workload, s.gpu);
    if (!sc)
        return;
    if (!keepPlaybook)
        r.servingPlaybook = servePlaybook(s.model, s.workload, s.gpu, *sc);
    r.serving = sc.value();
    r.servingContext = inferenceContext(s.workload);
    r.modelPositions = s.model.maxPositions;
    if (s.workload.inference.memoryUtilization > 0) { // a sized server
        r.served = servedEstimate(*sc, r.estimate.capacity);
        r.servedFormulas = servedFormulas(*sc);
    }
    // contexts four per octave from 128 tokens to past the longest single sequence
    const int64_t hi =
        std::clamp<int64_t>(static_cast<int64_t>(std::bit_ceil(static_cast<uint64_t>(
                                std::max<int64_t>({sc->kvTokens, r.servingContext, int64_t{1}})))),
                            4096, int64_t{1} << 24);
    // ... but not past the longest request the engine accepts (max_model_len, and the model's
    // max_position_embeddings above which vLLM refuses to start)
    const int64_t accepted = std::max<int64_t>(
        {sc->settings.maxModelLen, s.model.maxPositions, r.servingContext, int64_t{4096}});
    const int64_t top =
        std::min<int64_t>(hi, static_cast<int64_t>(std::bit_ceil(static_cast<uint64_t>(accepted))));
    r.servingCurve = servingCurve(*sc, sequenceValues(ScenarioController::kMinSequence, top));
}

/// The estimate, sweep, cliff, solvers and playbook of a valid scenario: pure, run on a pool
/// thread; the load replays go through @p loads (one job at a time uses it).
/// The micro-batch axis of @p r (current, maxFit, range, sweep): from @p memo when only the
/// micro-batch changed since it was filled, else computed and kept there.
void microBatchSweep(const RecomputeJob& job, const Calibration* cal, Results& r,
                     MicroBatchSweepMemo& memo) {
    const Scenario& s = job.scenario;
    Workload key = s.workload;
    key.microBatch = 0;
    const std::optional<Calibration> calKey = cal ? std::optional<Calibration>(*cal) : std::nullopt;
    const bool same = memo.valid && memo.model == s.model && memo.workload == key &&
                      memo.gpu == s.gpu && memo.calibration == calKey;
    r.current = s.workload.microBatch;
    r.maxFit = same ? memo.maxFit : maxMicroBatch(s.model, s.workload, s.gpu, 1 << 20, cal);
    r.sweepMin = 1;
    r.sweepMax = job.lockedMax > 0
                     ? job.lockedMax
                     : std::max(job.heldMax, sweepUpper(r.current, r.maxFit, 16,
                                                        ScenarioController::kMaxMicroBatch));
    std::vector<int64_t> xs = sweepValues(r.sweepMax, 48);
    std::erase_if(xs, [&](int64_t x) { return x < r.sweepMin || x > r.sweepMax; });
    if (!same || memo.xs != xs) {
        r.sweep = sweep(s.model, s.workload, &s.gpu, SweepAxis::MicroBatch, xs, cal);
        memo = {s.model, std::move(key), s.gpu, calKey, std::move(xs), r.sweep, {}, r.maxFit, true};
    }
    r.sweep = memo.sweep;
    // the band along the curve costs its alternatives at a dozen points: not while a slider is
    // held (the cliff shows none then), at the release
    if (memo.band.empty() && !job.keepPlaybook)
        memo.band = sweepBand(s.model, s.workload, &s.gpu, SweepAxis::MicroBatch, memo.xs, cal);
    r.sweepBand = memo.band;
}

/// The band's verdict at the largest x that fits (Results::maxFitBand): the current point's
/// own where they meet, else core's at that x; not while a slider is held (its alternatives
/// cost estimates), when the last one is kept only if it was for the same x.
void markerBand(const RecomputeJob& job, const Calibration* cal, Results& r) {
    if (r.maxFit <= 0) {
        r.maxFitBandX = 0;
    } else if (r.maxFit == r.current) {
        r.maxFitBand = r.bandVerdict;
        r.maxFitBandX = r.maxFit;
    } else if (!job.keepPlaybook) {
        const Scenario& s = job.scenario;
        r.maxFitBand = bandVerdictAt(s.model, s.workload, s.gpu, job.axis, r.maxFit, cal);
        r.maxFitBandX = r.maxFit;
    } else if (r.maxFitBandX != r.maxFit) {
        r.maxFitBandX = 0;
    }
}

Results computeResults(const RecomputeJob& job, ReplayCache& loads, MicroBatchSweepMemo& memo) {
    QElapsedTimer clock;
    clock.start();
    const ReplayCache::Scope scope(loads);
    const Scenario& s = job.scenario;
    const ModelArch& m = s.model;
    const Workload& w = s.workload;
    Results r = job.results;
    r.hasEstimate = true;
    const Calibration* cal = activeCalibration(s);
    r.calibrationStale = s.calibration && !cal;
    r.estimate = estimate(m, w, &s.gpu);
    r.band = estimateBand(m, w, &s.gpu, r.estimate);
    if (cal) {
        r.calibration = *cal;
        r.forcedOom = applyCalibration(r.estimate, *cal, w).forcedOom;
    }
    r.tightestStage = r.estimate.worst.stage; // core's worst rank (Estimate::worst)
    if (cal) // the calibration moved the point: the band moves with it
        shiftBand(r.band, r.estimate.worst);
    applyPlanTarget(r.estimate, r.band, w); // the planners' fit rule, for the same answer
    r.planAgainstBandHigh = w.planAgainstBandHigh;
    r.bandVerdict =
        r.forcedOom ? BandVerdict::DoesNotFit : bandVerdict(r.band, r.estimate.capacity);
    for (int t = 0; t < kTermCount; ++t)
        r.worstFormulas[static_cast<size_t>(t)] = termFormula(static_cast<Term>(t), m, w, &s.gpu);

    if (job.axis == SweepAxis::MicroBatch) {
        microBatchSweep(job, cal, r, memo);
    } else {
        r.current = r.inference ? inferenceContext(w) : w.sequenceLength;
        r.maxFit = maxSequenceLength(m, w, s.gpu, int64_t{1} << 24, cal);
        r.sweepMin = ScenarioController::kMinSequence;
        r.sweepMax = job.lockedMax > 0
                         ? job.lockedMax
                         : std::max(job.heldMax, sweepUpper(r.current, r.maxFit, 4096,
                                                            ScenarioController::kMaxSequence));
        std::vector<int64_t> xs = sequenceValues(r.sweepMin, r.sweepMax);
        std::erase_if(xs, [&](int64_t x) { return x < r.sweepMin || x > r.sweepMax; });
        r.sweep = sweep(m, w, &s.gpu, job.axis, xs, cal);
        if (!job.keepPlaybook) // as microBatchSweep: not while a slider is held
            r.sweepBand = sweepBand(m, w, &s.gpu, job.axis, xs, cal);
    }
    markerBand(job, cal, r);
    if (cal) {
        const auto [batch, seq] = calibrationPoint(w);
        if (job.axis == SweepAxis::MicroBatch && seq == cal->sequenceLength)
            r.measuredX = cal->microBatch;
        else if (job.axis == SweepAxis::SequenceLength && batch == cal->microBatch)
            r.measuredX = cal->sequenceLength;
    }
    r.cliff = cliffLine(m, w, &s.gpu);
    if (job.keepPlaybook)
        r.playbookStale = true; // r.playbook: the last results' (recompute())
    else
        r.playbook = playbook(m, w, s.gpu);
    r.warnings = workloadWarnings(m, w);
    if (r.inference)
        computeServing(s, r, job.keepPlaybook);
    r.computeMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    return r;
}

} // namespace

void ScenarioController::recompute() {
    if (!m_jobTaken && !m_job.isFinished()) {
        m_restart = true; // one job at a time: the latest scenario follows when it ends
        return;
    }
    const Scenario& s = m_scenario;
    const ModelArch& m = s.model;
    const Workload& w = s.workload;
    m_formulas.clear();

    Results r;
    r.generation = ++m_generation;
    r.axis = m_axis;
    r.inference = w.mode == Mode::Inference;
    for (int i = 0; i < kPhaseCount; ++i)
        r.phaseApplies[static_cast<size_t>(i)] = phaseApplies(static_cast<Phase>(i), w);

    if (const ArchError ae = validateArch(m); ae != ArchError::Ok) {
        r.problem = Texts::archErrorText(ae);
    } else if (const auto err = validateWorkload(m, w)) {
        r.problem = Texts::errorText(*err, &m, &w);
    } else if (!edits::gpuCountMatches(s)) {
        r.problem = Texts::gpuCountMismatch(w.parallel.gpus(), s.gpuCount);
    } else {
        r.valid = true;
    }

    if (!r.valid) {
        // Keep drawing the last valid numbers; the verdict names the problem.
        Results kept = m_results;
        kept.valid = false;
        kept.problem = r.problem;
        kept.generation = r.generation;
        m_results = std::move(kept);
        emit resultsChanged();
        return;
    }
    const bool hold = m_dragging && m_results.axis == m_axis && m_results.hasEstimate;
    if (m_dragging) {
        r.playbook = m_results.playbook;
        r.servingPlaybook = m_results.servingPlaybook;
    }
    RecomputeJob job{s,          m_axis,      m_lockedMax, hold ? m_results.sweepMax : 0,
                     m_dragging, std::move(r)};
    m_jobTaken = false;
    m_job = QtConcurrent::run([job = std::move(job), loads = &m_loads, memo = &m_sweepMemo] {
        return computeResults(job, *loads, *memo);
    });
    m_watcher.setFuture(m_job);
}

void ScenarioController::finishJob() {
    if (m_jobTaken || !m_job.isFinished())
        return;
    m_jobTaken = true;
    Results r = m_job.result();
    // a result older than what is shown (an invalid edit came meanwhile) is dropped
    if (r.generation > m_results.generation) {
        m_results = std::move(r);
        m_formulas.clear();
        emit resultsChanged();
    }
    if (m_restart) {
        m_restart = false;
        recompute();
    }
}

QString ScenarioController::formula(Term t, int stage) const {
    const auto key = std::make_pair(stage, static_cast<int>(t));
    auto found = m_formulas.find(key);
    if (found == m_formulas.end()) {
        // the worst rank's texts come with the results (the numbers on screen); a pipeline
        // stage's (a tooltip) is made here, its load replays kept for the next stage's
        QString slot;
        if (stage < 0 && m_results.hasEstimate) {
            slot = QString::fromStdString((m_results.served
                                               ? m_results.servedFormulas
                                               : m_results.worstFormulas)[static_cast<size_t>(t)]);
        } else {
            const ReplayCache::Scope scope(m_formulaLoads);
            slot = QString::fromStdString(
                termFormula(t, m_scenario.model, m_scenario.workload, &m_scenario.gpu, stage));
        }
        // the calibration's fixed overhead lands in the first term it corrects
        const auto& cal = m_results.calibration;
        if (cal && calibrationTerms(cal->measured.metric).front() == t) {
            slot += tr(" + calibrated to your run: %1")
                        .arg(Units::formatSigned(cal->offsetBytes, m_unit, 2));
        }
        found = m_formulas.emplace(key, std::move(slot)).first;
    }
    return found->second;
}

QString ScenarioController::modelDisplayName() const {
    switch (m_scenario.modelSource) {
    case ModelSource::Preset:
        if (const ModelPreset* p = findModelPreset(m_scenario.modelPreset)) {
            return QString::fromStdString(p->displayName);
        }
        break;
    case ModelSource::ParamCount:
        return tr("Custom dense %1").arg(Units::formatParams(m_scenario.paramCount));
    case ModelSource::Inline:
        break;
    }
    if (!m_scenario.model.name.empty()) {
        return QString::fromStdString(m_scenario.model.name);
    }
    return tr("Imported model");
}

QString ScenarioController::gpuDisplayName() const {
    if (!m_scenario.gpu.name.empty()) {
        return QString::fromStdString(m_scenario.gpu.name);
    }
    return tr("Custom GPU (%1)").arg(Units::format(m_scenario.gpu.bytes(), m_unit, 0));
}

QString ScenarioController::summary() const {
    const Workload& w = m_scenario.workload;
    const QString gpus = tr("%1 × %2").arg(m_scenario.gpuCount).arg(gpuDisplayName());
    const Parallelism& p = w.parallel;
    QStringList layout;
    for (const auto& [name, degree] :
         {std::pair{"DP", p.dp}, std::pair{"TP", p.tp}, std::pair{"PP", p.pp},
          std::pair{"CP", p.cp}, std::pair{"EP", p.ep}}) {
        if (degree > 1)
            layout << QStringLiteral("%1 %2").arg(QLatin1String(name)).arg(degree);
    }
    if (p.sharding != Sharding::None)
        layout << Texts::shardingName(p.sharding);
    // a run without a framework profile is described by its precision preset
    const QString profile = Texts::frameworkName(w.profile, w.precisionPreset);
    // a sized server runs requests of the context, not a batch, under its engine
    const bool server = m_results.drawsServingCliff();
    const QString run =
        server ? tr("context %1 tokens").arg(Units::formatCount(inferenceContext(w)))
               : tr("%1 × %2 tokens")
                     .arg(w.microBatch)
                     .arg(Units::formatCount(w.mode == Mode::Inference ? inferenceContext(w)
                                                                       : w.sequenceLength));
    QStringList parts{modelDisplayName(), Texts::runModeName(runModeOf(w)),
                      Texts::weightDtypesName(residentWeightDtypes(m_scenario.model, w)), run,
                      gpus};
    if (!layout.isEmpty())
        parts << layout.join(QLatin1Char(' '));
    parts << (server ? tr("%1 at GPU memory utilisation %2")
                           .arg(Texts::engineName(*m_results.serving),
                                QLocale().toString(m_results.serving->settings.fraction, 'f', 2))
                     : profile);
    return parts.join(QStringLiteral(" · "));
}

} // namespace headroom::ui
