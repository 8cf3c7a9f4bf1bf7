// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The accelerator hierarchy as a table: one row per component (register … DRAM, innermost
/// first), columns for presence, size, dataflow, allowed dataflows, bandwidth, energies, static
/// power, unit cycles and bypass. Edits are undoable commands on the AcceleratorDocument;
/// invalid cells are tinted with the reason in a tooltip.

#include "kinds/scheduling/widgets/accelerator_document.h"

#include "widgets/editors/refused_entries.h"

#include <QAbstractTableModel>

namespace mapscape {

/// GUI thread only.
class AcceleratorTableModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Role { IssueRole = Qt::UserRole + 1 };

    explicit AcceleratorTableModel(AcceleratorDocument* document, QObject* parent = nullptr);

    static Component componentAt(int row) { return kAllComponents[std::size_t(row)]; }

    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) final;
    Qt::ItemFlags flags(const QModelIndex& index) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

Q_SIGNALS:
    void editRejected(const QString& reason);
    /// The refused entries changed: the first one's reason, or empty when none is left.
    void refusedChanged(const QString& firstReason);

private:
    QString issueFor(Component c, LevelField f) const;
    AcceleratorDocument* m_doc;
    RefusedEntries m_refused; ///< typed text that was refused, shown in place until fixed
};

} // namespace mapscape
