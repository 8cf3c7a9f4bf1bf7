// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Per-layer evaluation results of a network (read-only table).

#include "core/runner/evaluation_runner.h"

#include <QAbstractTableModel>

#include <memory>

namespace mapscape {

/// GUI-thread only.
class ResultsTableModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Layer, Kind, Repeat, Macs, Energy, Cycles, LbWords, GbWords, DramWords, PeUtil, Status, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, RoleCount };

    explicit ResultsTableModel(QObject* parent = nullptr);

    /// Replaces all rows (one reset, never a dataChanged per row).
    void setSnapshot(std::shared_ptr<const EvaluationSnapshot> snapshot);
    const EvaluationSnapshot* snapshot() const { return m_snapshot.get(); }

    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

private:
    std::shared_ptr<const EvaluationSnapshot> m_snapshot;
};

} // namespace mapscape
