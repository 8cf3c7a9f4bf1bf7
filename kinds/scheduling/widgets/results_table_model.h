// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Per-layer evaluation results of a network (read-only table). Each numeric column has one
/// engineering unit for all its rows (chosen from its largest value: "Energy (µJ)", "Cycles (M)"),
/// so a column reads consistently. When the inputs were edited into something that cannot be
/// evaluated, the rows are marked stale with the reason until the next valid evaluation.

#include "kinds/scheduling/widgets/evaluation_runner.h"

#include <QAbstractTableModel>

#include <array>
#include <memory>

namespace mapscape {

/// GUI-thread only.
class ResultsTableModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Layer, Kind, Repeat, Macs, Energy, Cycles, LbWords, GbWords, DramWords, PeUtil, Status, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, RoleCount };

    explicit ResultsTableModel(QObject* parent = nullptr);

    /// Replaces all rows (one reset, never a dataChanged per row); clears the stale mark.
    void setSnapshot(std::shared_ptr<const EvaluationSnapshot> snapshot);
    /// Marks the rows shown as out of date ("" clears): they stay visible, greyed, and every
    /// row's status and tooltip say why.
    void setStale(const QString& reason);
    bool isStale() const { return !m_stale.isEmpty(); }
    QString staleReason() const { return m_stale; }
    /// Unit of a numeric column as shown in its header ("µJ", "M"); "" for none.
    QString columnUnit(int column) const;
    const EvaluationSnapshot* snapshot() const { return m_snapshot.get(); }

    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

private:
    double rawValue(int row, int column) const;
    QString formatted(int column, double value) const;

    std::shared_ptr<const EvaluationSnapshot> m_snapshot;
    QString m_stale;
    struct Scale {
        double factor = 1;
        QString unit;
        int decimals = 0;
    };
    std::array<Scale, ColumnCount> m_scale{};
};

} // namespace mapscape
