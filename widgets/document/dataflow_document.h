// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The inputs of a dataflow-mapping study being edited (layer, hardware, mapping, design-space
/// options), with their undo stack. Every edit replaces the whole value through one
/// QUndoCommand (the inputs are small plain values), so undo is exact; successive edits of the
/// same field merge into one step.

#include "core/study/study.h"

#include <QObject>
#include <QUndoStack>

namespace mapscape {

/// GUI thread only.
class DataflowDocument : public QObject {
    Q_OBJECT

public:
    explicit DataflowDocument(QObject* parent = nullptr);

    const DataflowInputs& inputs() const { return m_inputs; }
    /// Replaces the inputs (a study was opened) and clears the undo history.
    void setInputs(DataflowInputs inputs);
    /// An edit through the undo stack. `mergeKey` (≥ 0) merges consecutive edits with the same
    /// key into one undo step (typing into one field). No-op if nothing changes.
    void apply(DataflowInputs after, const QString& label, int mergeKey = -1);
    QUndoStack* undoStack() { return &m_undo; }

Q_SIGNALS:
    /// Any change of the value (edit, undo, redo, reset).
    void changed();

private:
    friend class SetDataflowInputsCommand;
    void assign(const DataflowInputs& inputs);

    DataflowInputs m_inputs;
    QUndoStack m_undo;
};

} // namespace mapscape
