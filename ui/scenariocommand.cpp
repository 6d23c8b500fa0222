#include "ui/scenariocommand.h"

#include "ui/scenariocontroller.h"

namespace headroom::ui {

ScenarioCommand::ScenarioCommand(ScenarioController* controller, Scenario before, Scenario after,
                                 const QString& text, int mergeId, int session)
    : QUndoCommand(text), m_controller(controller), m_before(std::move(before)),
      m_after(std::move(after)), m_mergeId(mergeId), m_session(session) {}

void ScenarioCommand::undo() {
    m_controller->apply(m_before);
}

void ScenarioCommand::redo() {
    m_controller->apply(m_after);
}

bool ScenarioCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const ScenarioCommand*>(other);
    if (o->m_mergeId != m_mergeId || o->m_session != m_session || m_mergeId < 0) {
        return false;
    }
    m_after = o->m_after;
    // A drag that ends where it started (e.g. the Animate sweep) leaves no undo step. The
    // slider-driven fields are compared first so the full comparison runs rarely.
    const Workload& b = m_before.workload;
    const Workload& a = m_after.workload;
    const bool quickSame = b.microBatch == a.microBatch && b.sequenceLength == a.sequenceLength &&
                           b.precision.weights == a.precision.weights &&
                           m_before.paramCount == m_after.paramCount &&
                           m_before.modelSource == m_after.modelSource;
    if (quickSame && toJson(m_before) == toJson(m_after)) {
        setObsolete(true);
    }
    return true;
}

} // namespace headroom::ui
