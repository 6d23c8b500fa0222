#pragma once
// One undoable scenario change. Consecutive commands of the same field inside one slider drag
// merge (QUndoCommand::mergeWith), so a drag is a single undo step.

#include "core/io/scenario.h"

#include <QUndoCommand>

namespace headroom::ui {

class ScenarioController;

class ScenarioCommand : public QUndoCommand {
public:
    /// @p mergeId < 0: never merges. @p session: the drag the edit belongs to.
    ScenarioCommand(ScenarioController* controller, Scenario before, Scenario after,
                    const QString& text, int mergeId, int session);

    void undo() override;
    void redo() override;
    int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    ScenarioController* m_controller;
    Scenario m_before;
    Scenario m_after;
    int m_mergeId;
    int m_session;
};

} // namespace headroom::ui
