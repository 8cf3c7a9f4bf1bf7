// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The accelerator being edited, with its undo stack. Every edit replaces the accelerator value
/// through a QUndoCommand (accelerators are small plain values), so undo is exact.

#include "kinds/scheduling/core/accelerator.h"

#include <QObject>
#include <QUndoStack>

namespace mapscape {

/// Columns of the hierarchy table (one row per component).
enum class LevelField { Level, Present, Size, Dataflow, AllowedDataflows, Bandwidth, Energy, StaticPower, UnitCycle, Bypass, Count };
/// Accelerator-wide values.
enum class ChipField { PrecisionBits, FrequencyMhz, MacEnergyPj, MacStaticMw };

/// Text of a cell as shown and as accepted back ("24, 448, 48", "14 × 12", "IS, WS", "W").
QString levelFieldText(const Accelerator& acc, Component c, LevelField f);
/// Whether a cell applies to a component (arrays only have Present and Size; DRAM is always
/// present and has no size or bypass).
bool levelFieldEditable(Component c, LevelField f);
QString chipFieldText(const Accelerator& acc, ChipField f);

/// GUI thread only.
class AcceleratorDocument : public QObject {
    Q_OBJECT

public:
    explicit AcceleratorDocument(QObject* parent = nullptr);

    const Accelerator& accelerator() const { return m_acc; }
    /// Replaces the accelerator (opened from a preset or file). With its own undo stack, clears
    /// that history; on a shared one (setUndoStack) the owner's command is the step.
    void setAccelerator(Accelerator acc);
    QUndoStack* undoStack() { return m_stack; }
    /// Edits go on `stack` (the study's one history) instead of the document's own.
    void setUndoStack(QUndoStack* stack) { m_stack = stack ? stack : &m_undo; }

    /// Parses and applies one cell through the undo stack. Returns "" on success, otherwise why
    /// the text was rejected, naming the field ("global_buffer.bandwidth_bits: expected a
    /// number, got \"fast\""). Values that parse but make the accelerator invalid are kept and
    /// reported by `issues`.
    QString setLevelField(Component c, LevelField f, const QString& text);
    QString setChipField(ChipField f, const QString& text);

    /// validateAccelerator's issues (field names such as "local_buffer.size_bytes[1]").
    FieldIssues issues() const;

Q_SIGNALS:
    void aboutToReset();
    void reset();
    /// Any change of the value (edit, undo, redo, reset).
    void changed();

private:
    friend class SetAcceleratorCommand;
    void apply(const Accelerator& acc);
    QString push(Accelerator after, const QString& label);

    Accelerator m_acc;
    QUndoStack m_undo;
    QUndoStack* m_stack = &m_undo;
};

} // namespace mapscape
