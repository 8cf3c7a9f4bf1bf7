// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The layer editor's table: one row per layer, editable K, B, P, Q, C, R, S, G, stride, repeat
/// and name, plus derived columns (kind, MACs, tensor sizes). Edits become undoable commands on
/// the NetworkDocument; invalid cells are tinted and explain themselves in a tooltip.

#include "kinds/scheduling/widgets/network_document.h"

#include "widgets/editors/refused_entries.h"

#include <QAbstractTableModel>

namespace mapscape {

/// GUI thread only.
class LayerTableModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Name, K, B, P, Q, C, R, S, G, Stride, Repeat, Kind, Macs, InputWords, WeightWords, OutputWords, ColumnCount };
    enum Role { IssueRole = Qt::UserRole + 1 };

    explicit LayerTableModel(NetworkDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) final;
    Qt::ItemFlags flags(const QModelIndex& index) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

Q_SIGNALS:
    /// An edit could not be applied; the text says why (the cell keeps its old value).
    void editRejected(const QString& reason);
    /// The refused entries changed: the first one's reason, or empty when none is left.
    void refusedChanged(const QString& firstReason);

private:
    NetworkDocument* m_doc;
    RefusedEntries m_refused; ///< typed text that was refused, shown in place until fixed
};

} // namespace mapscape
