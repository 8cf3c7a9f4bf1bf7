// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// An editable table whose edits go through a document that may refuse them: a refused entry
/// stays in its cell as typed, tinted, with the reason as tooltip, until the cell is edited
/// again (RefusedEntries). The layer and accelerator tables share it; each says which cells are
/// editable and how an edit reaches its document.

#include "widgets/editors/refused_entries.h"

#include <QAbstractTableModel>

namespace mapscape {

/// GUI thread only.
class RefusingTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Role { IssueRole = Qt::UserRole + 1 };

    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) final;
    Qt::ItemFlags flags(const QModelIndex& index) const final;

Q_SIGNALS:
    /// An edit could not be applied; the text says why (the cell shows what was typed).
    void editRejected(const QString& reason);
    /// The refused entries changed: the first one's reason, or empty when none is left.
    void refusedChanged(const QString& firstReason);

protected:
    using QAbstractTableModel::QAbstractTableModel;

    /// What the cell's refused entry shows in `role`; invalid when the cell has none.
    QVariant refusedData(const QModelIndex& index, int role) const
    {
        return m_refused.data(index.row(), index.column(), role, IssueRole);
    }
    /// Forgets every refused entry (the rows moved or the document was replaced) and says so if
    /// there were any.
    void forgetRefused();

private:
    /// Whether the user may edit the cell (Qt::ItemIsEditable).
    virtual bool cellEditable(const QModelIndex& index) const = 0;
    /// Whether setData hands an edit of the cell to applyEdit: by default only an editable
    /// cell's (any other is refused without a reason).
    virtual bool takesEdit(const QModelIndex& index) const { return cellEditable(index); }
    /// Applies the typed text to the document: why it was refused, or empty when applied.
    virtual QString applyEdit(const QModelIndex& index, const QString& text) = 0;

    RefusedEntries m_refused; ///< typed text that was refused, shown in place until fixed
};

} // namespace mapscape
