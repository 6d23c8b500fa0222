#pragma once
// Owns the core Scenario, its undo history and the computed Results. Views read from here and
// edit through edit(); recomputation is coalesced (one per event-loop pass).

#include "core/engine/reserve/replay_cache.h"
#include "core/io/scenario.h"
#include "ui/results.h"
#include "ui/units.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QTimer>
#include <QUndoStack>

#include <array>
#include <functional>
#include <map>
#include <optional>

namespace headroom::ui {

/// The micro-batch sweep of a scenario does not depend on its micro-batch (the x axis): while
/// a micro-batch slider is held, every frame's sweep and largest fitting micro-batch are the
/// last ones. Key: every field of the model, workload (micro-batch left out), GPU,
/// calibration and sweep points (generated operator==).
struct MicroBatchSweepMemo {
    ModelArch model;
    Workload workload; ///< microBatch set to 0
    GpuSpec gpu;
    std::optional<Calibration> calibration;
    std::vector<int64_t> xs;
    std::vector<SweepPoint> sweep;
    std::vector<SweepBandPoint> band;
    int64_t maxFit = 0;
    bool valid = false;
};

/// Which control an edit comes from; consecutive edits of one field within one drag merge.
enum class Field {
    Model,
    ModelSize,
    MicroBatch,
    SequenceLength,
    Precision,
    Mode,
    Framework,
    Optimizer,
    Checkpointing,
    CheckpointLayers,
    Attention,
    LoraRank,
    NewTokens,
    Gpu,
    GpuCapacity,
    GpuCount,
    DP,
    TP,
    PP,
    CP,
    EP,
    Sharding,
    Features,
    Playbook,
    Layout,
    Calibration,       ///< calibrate from a measured run / clear the calibration
    MemoryUtilization, ///< serving: vLLM gpu_memory_utilization
    KvCacheDtype,      ///< serving: KV-cache dtype
    ServingEngine,     ///< serving: the engine profile (vLLM, SGLang, TensorRT-LLM)
};

class ScenarioController : public QObject {
    Q_OBJECT

public:
    explicit ScenarioController(QObject* parent = nullptr);
    /// Silences the undo stack first: ~QUndoStack emits cleanChanged, which would reach
    /// listeners (the main window's title) that are already half destroyed.
    ~ScenarioController() override;

    const Scenario& scenario() const { return m_scenario; }
    /// The results of the last recompute (call flush() first for the current scenario).
    const Results& results() const { return m_results; }
    QUndoStack* undoStack() { return &m_undo; }

    /// Changes the scenario through @p change as one undoable step named @p text. While a
    /// drag is in progress (beginDrag..endDrag) edits of the same field merge into one step.
    void edit(Field field, const QString& text, const std::function<void(Scenario&)>& change);
    /// A slider was pressed / released: edits in between form one undo step.
    void beginDrag();
    void endDrag();
    bool dragging() const { return m_dragging; }

    /// Replaces the scenario (new/open): clears the undo history and marks it unmodified.
    void resetScenario(const Scenario& s, const QString& filePath = {});
    bool isModified() const { return !m_undo.isClean(); }
    void markSaved(const QString& filePath);
    QString filePath() const { return m_filePath; }

    /// Recomputes now if a recompute is pending, and waits for the one running on the pool
    /// thread: results() is then the current scenario's.
    void flush();
    /// The load replays the recomputes share (tests count its replays).
    const ReplayCache& loadReplays() const { return m_loads; }
    /// A recompute is scheduled or running (the results are not yet the scenario's).
    bool recomputePending() const { return m_timer.isActive() || !m_jobTaken; }

    ByteUnit unit() const { return m_unit; }
    void setUnit(ByteUnit u);
    SweepAxis sweepAxis() const { return m_axis; }
    void setSweepAxis(SweepAxis a);
    /// Holds the sweep's upper end fixed (e.g. while Animate moves the current value), so the
    /// x axis does not rescale under the moving point. 0 releases it.
    void lockSweepMax(int64_t upper);

    /// termFormula() for the current scenario, of pipeline stage @p stage's rank (-1: the
    /// worst rank), cached per recompute (not on the hot path).
    QString formula(Term t, int stage = -1) const;

    /// "Llama 3.1 8B", "Custom dense 13.0 B", or the imported model's name.
    QString modelDisplayName() const;
    QString gpuDisplayName() const;
    /// One line: model, mode, precision, batch, sequence, GPUs.
    QString summary() const;

    /// Largest micro-batch the sweep axis covers (the slider's range).
    static constexpr int64_t kMaxMicroBatch = 1024;
    static constexpr int64_t kMinSequence = 128;
    static constexpr int64_t kMaxSequence = int64_t{1} << 20;

signals:
    /// The scenario changed (emitted immediately, before the recompute).
    void scenarioChanged();
    /// The scenario was replaced (new / open), not edited: views drop what they found for
    /// the one before (the Multi-GPU layout's answer).
    void scenarioReplaced();
    /// New results are available.
    void resultsChanged();
    void unitChanged();
    void modifiedChanged(bool modified);
    void filePathChanged();
    /// A slider drag started (true) or ended (false).
    void dragChanged(bool dragging);

private:
    friend class ScenarioCommand;
    void apply(const Scenario& s);
    void scheduleRecompute();
    /// Validates the scenario here, then runs the estimate, sweep, solvers and playbook as a
    /// job on a pool thread (issue 14 defect 8: DeepSeek-V3 QLoRA stalled the window for
    /// 0.5 s); one job at a time, a newer scenario follows when it ends.
    void recompute();
    /// Takes the finished job's results (dropped when an edit since made them stale).
    void finishJob();

    Scenario m_scenario;
    Results m_results;
    QUndoStack m_undo;
    QTimer m_timer;
    QString m_filePath;
    ByteUnit m_unit = ByteUnit::GiB;
    SweepAxis m_axis = SweepAxis::MicroBatch;
    int64_t m_lockedMax = 0;
    bool m_dragging = false;
    int m_session = 0;
    uint64_t m_generation = 0;
    /// Load replays of the recent recomputes: the estimate, sweep, solvers and playbook of
    /// one scenario replay its load once (DeepSeek-V3 QLoRA + torchao: 0.4 s a replay).
    ReplayCache m_loads;
    /// The last micro-batch sweep and its inputs (the job's; one job at a time uses it).
    MicroBatchSweepMemo m_sweepMemo;
    QFuture<Results> m_job;
    QFutureWatcher<Results> m_watcher; ///< finished -> finishJob()
    bool m_jobTaken = true;            ///< no job, or its results taken
    bool m_restart = false;            ///< the scenario changed while the job ran
    mutable std::map<std::pair<int, int>, QString> m_formulas; ///< (stage, term) -> text
    /// Load replays of the per-stage formula texts (UI thread only; the job has m_loads).
    mutable ReplayCache m_formulaLoads;
};

} // namespace headroom::ui
