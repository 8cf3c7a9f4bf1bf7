// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/document/dataflow_document.h"

#include <QUndoCommand>

namespace mapscape {

class SetDataflowInputsCommand final : public QUndoCommand {
public:
    SetDataflowInputsCommand(DataflowDocument& doc, DataflowInputs before, DataflowInputs after, const QString& text,
                             int mergeKey)
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
        const auto* o = static_cast<const SetDataflowInputsCommand*>(other);
        if (o->m_mergeKey != m_mergeKey)
            return false;
        m_after = o->m_after;
        return true;
    }

private:
    DataflowDocument& m_doc;
    DataflowInputs m_before;
    DataflowInputs m_after;
    int m_mergeKey;
};

DataflowDocument::DataflowDocument(QObject* parent)
    : QObject(parent)
{
}

void DataflowDocument::setInputs(DataflowInputs inputs)
{
    m_undo.clear();
    assign(inputs);
}

void DataflowDocument::apply(DataflowInputs after, const QString& label, int mergeKey)
{
    if (after == m_inputs)
        return;
    m_undo.push(new SetDataflowInputsCommand(*this, m_inputs, std::move(after), label, mergeKey));
}

void DataflowDocument::assign(const DataflowInputs& inputs)
{
    m_inputs = inputs;
    Q_EMIT changed();
}

} // namespace mapscape
