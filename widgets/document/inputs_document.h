// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The inputs of a design-space study being edited (a dataflow-mapping study's layer, hardware,
/// mapping and space; an accelerator-sizing study's workload, design, space and model), with
/// their undo stack. Every edit replaces the whole value through one QUndoCommand (the inputs
/// are small plain values), so undo is exact; successive edits of the same field merge into one
/// step.

#include "core/study/study.h"

#include <QObject>
#include <QUndoCommand>
#include <QUndoStack>

namespace mapscape {

/// The signal and the undo stack, shared by every inputs type. GUI thread only.
class InputsDocumentBase : public QObject {
    Q_OBJECT

public:
    explicit InputsDocumentBase(QObject* parent = nullptr)
        : QObject(parent)
    {
    }
    /// A stack with history emits indexChanged while it is destroyed; nobody may react to it then
    /// (the workbench and the window around it are being destroyed too).
    ~InputsDocumentBase() override { m_undo.blockSignals(true); }
    QUndoStack* undoStack() { return &m_undo; }

Q_SIGNALS:
    /// Any change of the value (edit, undo, redo, reset).
    void changed();

protected:
    QUndoStack m_undo;
};

/// `Inputs`: a regular value type (copyable, equality-comparable).
template <typename Inputs>
class InputsDocument final : public InputsDocumentBase {
public:
    explicit InputsDocument(QObject* parent = nullptr)
        : InputsDocumentBase(parent)
    {
    }

    const Inputs& inputs() const { return m_inputs; }
    /// Replaces the inputs (a study was opened) and clears the undo history.
    void setInputs(Inputs inputs)
    {
        m_undo.clear();
        assign(std::move(inputs));
    }
    /// An edit through the undo stack. `mergeKey` (≥ 0) merges consecutive edits with the same
    /// key into one undo step (typing into one field). No-op if nothing changes.
    void apply(Inputs after, const QString& label, int mergeKey = -1)
    {
        if (after == m_inputs)
            return;
        m_undo.push(new Command(*this, m_inputs, std::move(after), label, mergeKey));
    }

private:
    class Command final : public QUndoCommand {
    public:
        Command(InputsDocument& doc, Inputs before, Inputs after, const QString& text, int mergeKey)
            : QUndoCommand(text)
            , m_doc(doc)
            , m_before(std::move(before))
            , m_after(std::move(after))
            , m_mergeKey(mergeKey)
        {
        }
        void undo() override { m_doc.assign(m_before); }
        void redo() override { m_doc.assign(m_after); }
        int id() const override { return m_mergeKey >= 0 ? 1000 + m_mergeKey : -1; }
        bool mergeWith(const QUndoCommand* other) override
        {
            const auto* o = static_cast<const Command*>(other);
            if (o->m_mergeKey != m_mergeKey)
                return false;
            m_after = o->m_after;
            return true;
        }

    private:
        InputsDocument& m_doc;
        Inputs m_before;
        Inputs m_after;
        int m_mergeKey;
    };

    void assign(Inputs inputs)
    {
        m_inputs = std::move(inputs);
        Q_EMIT changed();
    }

    Inputs m_inputs;
};

} // namespace mapscape
