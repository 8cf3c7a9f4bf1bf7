// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The layer editor's table: one row per layer, editable K, B, P, Q, C, R, S, G, stride, repeat
/// and name, plus derived columns (kind, MACs, tensor sizes). Edits become undoable commands on
/// the NetworkDocument; invalid cells are tinted and explain themselves in a tooltip.

#include "kinds/scheduling/widgets/network_document.h"

#include "kinds/scheduling/widgets/refusing_table_model.h"

namespace mapscape {

/// GUI thread only.
class LayerTableModel final : public RefusingTableModel {
    Q_OBJECT

public:
    enum Column { Name, K, B, P, Q, C, R, S, G, Stride, Repeat, Kind, Macs, InputWords, WeightWords, OutputWords, ColumnCount };

    explicit LayerTableModel(NetworkDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

private:
    /// The columns up to Repeat; the derived ones are read-only.
    bool cellEditable(const QModelIndex& index) const final { return index.column() <= Repeat; }
    /// A refusal names the layer and its row.
    QString applyEdit(const QModelIndex& index, const QString& text) final;
    NetworkDocument* m_doc;
};

} // namespace mapscape
