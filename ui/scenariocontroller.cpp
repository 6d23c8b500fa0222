#include "ui/scenariocontroller.h"

#include "core/model/presets.h"
#include "core/plan/solvers.h"
#include "ui/scenariocommand.h"
#include "ui/scenarioedits.h"
#include "ui/texts.h"

#include <QElapsedTimer>

#include <algorithm>
#include <bit>
#include <cmath>

namespace headroom::ui {

namespace {

/// Sweep range upper end: twice the larger of the current value and the largest that fits,
/// rounded up to a power of two, within [lo, hi].
int64_t sweepUpper(int64_t current, int64_t maxFit, int64_t lo, int64_t hi) {
    const int64_t want = std::max<int64_t>(std::max(current, maxFit), 1) * 2;
    const auto p = static_cast<int64_t>(std::bit_ceil(static_cast<uint64_t>(want)));
    return std::clamp(p, lo, hi);
}

/// Sequence lengths from @p lo to @p hi, four per octave.
std::vector<int64_t> sequenceValues(int64_t lo, int64_t hi) {
    std::vector<int64_t> xs;
    for (int i = 0;; ++i) {
        const auto x = static_cast<int64_t>(
            std::llround(static_cast<double>(lo) * std::exp2(static_cast<double>(i) / 4.0)));
        if (x >= hi) {
            break;
        }
        const int64_t rounded = x >= 64 ? (x + 8) / 16 * 16 : x;
        if (xs.empty() || rounded > xs.back()) {
            xs.push_back(rounded);
        }
    }
    xs.push_back(hi);
    return xs;
}

} // namespace

ScenarioController::ScenarioController(QObject* parent)
    : QObject(parent), m_scenario(defaultScenario()) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &ScenarioController::recompute);
    connect(&m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
    scheduleRecompute();
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
    // the tables and the status line, throttled during the drag, catch up now
    emit resultsChanged();
}

void ScenarioController::resetScenario(const Scenario& s, const QString& filePath) {
    m_undo.clear();
    apply(s);
    m_undo.setClean();
    if (m_filePath != filePath) {
        m_filePath = filePath;
        emit filePathChanged();
    }
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
    m_formulas.fill(std::nullopt);
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

void ScenarioController::recompute() {
    QElapsedTimer clock;
    clock.start();
    const LoadReplayCache::Scope loads(m_loads);
    const Scenario& s = m_scenario;
    const ModelArch& m = s.model;
    const Workload& w = s.workload;
    m_formulas.fill(std::nullopt);

    Results r;
    r.generation = ++m_generation;
    r.axis = m_axis;
    r.inference = w.mode == Mode::Inference;

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

    r.hasEstimate = true;
    const Calibration* cal = activeCalibration(s);
    r.calibrationStale = s.calibration && !cal;
    r.estimate = estimate(m, w, &s.gpu);
    if (cal) {
        r.calibration = *cal;
        r.forcedOom = applyCalibration(r.estimate, *cal, w).forcedOom;
    }
    for (size_t i = 0; i < r.estimate.stages.size(); ++i) {
        if (r.estimate.stages[i].nvidiaSmi >
            r.estimate.stages[static_cast<size_t>(r.tightestStage)].nvidiaSmi) {
            r.tightestStage = static_cast<int>(i);
        }
    }

    std::vector<int64_t> xs;
    if (m_axis == SweepAxis::MicroBatch) {
        r.current = w.microBatch;
        r.maxFit = maxMicroBatch(m, w, s.gpu, 1 << 20, cal);
        r.sweepMin = 1;
        r.sweepMax =
            m_lockedMax > 0 ? m_lockedMax : sweepUpper(r.current, r.maxFit, 16, kMaxMicroBatch);
        xs = sweepValues(r.sweepMax, 48);
    } else {
        r.current =
            r.inference ? w.inference.promptTokens + w.inference.newTokens : w.sequenceLength;
        r.maxFit = maxSequenceLength(m, w, s.gpu, int64_t{1} << 24, cal);
        r.sweepMin = kMinSequence;
        r.sweepMax =
            m_lockedMax > 0 ? m_lockedMax : sweepUpper(r.current, r.maxFit, 4096, kMaxSequence);
        xs = sequenceValues(r.sweepMin, r.sweepMax);
    }
    std::erase_if(xs, [&](int64_t x) { return x < r.sweepMin || x > r.sweepMax; });
    r.sweep = sweep(m, w, &s.gpu, m_axis, xs, cal);
    if (cal) {
        const auto [batch, seq] = calibrationPoint(w);
        if (m_axis == SweepAxis::MicroBatch && seq == cal->sequenceLength)
            r.measuredX = cal->microBatch;
        else if (m_axis == SweepAxis::SequenceLength && batch == cal->microBatch)
            r.measuredX = cal->sequenceLength;
    }
    r.cliff = cliffLine(m, w, &s.gpu);
    r.playbook = playbook(m, w, s.gpu);
    r.computeMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;

    m_results = std::move(r);
    emit resultsChanged();
}

QString ScenarioController::formula(Term t) const {
    auto& slot = m_formulas[static_cast<size_t>(t)];
    if (!slot) {
        slot = QString::fromStdString(
            termFormula(t, m_scenario.model, m_scenario.workload, &m_scenario.gpu));
        // the calibration's fixed overhead lands in the first term it corrects
        const auto& cal = m_results.calibration;
        if (cal && calibrationTerms(cal->measured.metric).front() == t) {
            *slot += tr(" + calibrated to your run: %1")
                         .arg(Units::formatSigned(cal->offsetBytes, m_unit, 2));
        }
    }
    return *slot;
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
    const QString gpus = m_scenario.gpuCount > 1
                             ? tr("%1 × %2").arg(m_scenario.gpuCount).arg(gpuDisplayName())
                             : gpuDisplayName();
    return tr("%1 · %2 · %3 · micro-batch %4 · seq %5 · %6")
        .arg(modelDisplayName(), Texts::runModeName(runModeOf(w)),
             Texts::dtypeName(w.precision.weights))
        .arg(w.microBatch)
        .arg(Units::formatCount(w.sequenceLength))
        .arg(gpus);
}

} // namespace headroom::ui
