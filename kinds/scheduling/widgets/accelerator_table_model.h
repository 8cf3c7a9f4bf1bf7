// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The accelerator hierarchy as a table: one row per component (register … DRAM, innermost
/// first), columns for presence, size, dataflow, allowed dataflows, bandwidth, energies, static
/// power, unit cycles and bypass. Edits are undoable commands on the AcceleratorDocument;
/// invalid cells are tinted with the reason in a tooltip.

#include "kinds/scheduling/widgets/accelerator_document.h"

#include "kinds/scheduling/widgets/refusing_table_model.h"

namespace mapscape {

/// GUI thread only.
class AcceleratorTableModel final : public RefusingTableModel {
    Q_OBJECT

public:
    explicit AcceleratorTableModel(AcceleratorDocument* document, QObject* parent = nullptr);

    static Component componentAt(int row) { return kAllComponents[std::size_t(row)]; }

    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

private:
    bool cellEditable(const QModelIndex& index) const final;
    /// Every cell: the document says why one cannot be edited.
    bool takesEdit(const QModelIndex&) const final { return true; }
    QString applyEdit(const QModelIndex& index, const QString& text) final;
    QString issueFor(Component c, LevelField f) const;
    AcceleratorDocument* m_doc;
};

} // namespace mapscape
