// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The run comparison table: one row per optimizer run (optimizer, metric, state, progress,
/// energy, cycles, wall time, ETA). Runs are owned elsewhere; the model only reads them.

#include <QAbstractTableModel>
#include <QPointer>

namespace mapscape {

class OptimizerRun;

/// GUI thread only.
class RunListModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Run, Optimizer, Metric, State, Progress, Energy, Cycles, WallTime, Eta, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, RunIdRole };

    explicit RunListModel(QObject* parent = nullptr);

    void addRun(OptimizerRun* run);
    OptimizerRun* runAt(int row) const;
    int rowOf(const OptimizerRun* run) const;
    /// Re-reads the live columns of every row (one dataChanged for the whole block).
    void refresh();

    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

private:
    QList<QPointer<OptimizerRun>> m_runs;
};

} // namespace mapscape
