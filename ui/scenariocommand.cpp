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
    // A drag that ends where it started (e.g. the Animate sweep) leaves no undo step.
    const std::string a = toJson(m_before);
    if (!a.empty() && a == toJson(m_after)) {
        setObsolete(true);
    }
    return true;
}

} // namespace headroom::ui
