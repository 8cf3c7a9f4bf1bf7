// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/models/run_list_model.h"

#include "core/runner/optimizer_run.h"

namespace mapscape {

namespace {

/// Energy and cycles of the best tables so far, summed over the layers that have one.
BestTotals totalsOf(const OptimizerRun& run)
{
    const auto problem = run.problem();
    return problem ? sumBest(problem->network, run.bestSoFar()) : BestTotals{};
}

QString sci(double v) { return QString::number(v, 'g', 5); }

} // namespace

RunListModel::RunListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void RunListModel::addRun(OptimizerRun* run)
{
    const int row = int(m_runs.size());
    beginInsertRows({}, row, row);
    m_runs.append(run);
    endInsertRows();
}

OptimizerRun* RunListModel::runAt(int row) const
{
    return row >= 0 && row < m_runs.size() ? m_runs[row].data() : nullptr;
}

int RunListModel::rowOf(const OptimizerRun* run) const
{
    for (int i = 0; i < m_runs.size(); ++i) {
        if (m_runs[i] == run)
            return i;
    }
    return -1;
}

void RunListModel::refresh()
{
    if (m_runs.isEmpty())
        return;
    Q_EMIT dataChanged(index(0, State), index(int(m_runs.size()) - 1, Eta), {Qt::DisplayRole, SortRole});
}

int RunListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_runs.size()); }

int RunListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RunListModel::data(const QModelIndex& index, int role) const
{
    if (!hasIndex(index.row(), index.column(), index.parent()))
        return {};
    const OptimizerRun* run = m_runs[index.row()].data();
    if (!run)
        return {};
    if (role == RunIdRole)
        return run->id();
    if (role == Qt::TextAlignmentRole)
        return index.column() >= Progress ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::ToolTipRole && run->state() == RunState::Failed)
        return run->errorMessage();
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool sort = role == SortRole;
    const RunSettings& s = run->settings();
    switch (Column(index.column())) {
    case Run:
        return sort ? QVariant(run->id()) : QVariant(QStringLiteral("#%1").arg(run->id()));
    case Optimizer:
        return QString::fromStdString(s.optimizer);
    case Metric:
        return QString::fromUtf8(metricName(s.metric).data());
    case State:
        return runStateName(run->state());
    case Progress:
        return sort ? QVariant(run->progress()) : QVariant(QStringLiteral("%1 %").arg(100 * run->progress(), 0, 'f', 1));
    case Energy:
    case Cycles: {
        const BestTotals t = totalsOf(*run);
        if (t.found == 0)
            return sort ? QVariant(0.0) : QVariant(QStringLiteral("–"));
        const double v = index.column() == Energy ? t.energy : t.cycles;
        return sort ? QVariant(v) : QVariant(sci(v));
    }
    case WallTime:
        return sort ? QVariant(run->elapsedSeconds()) : QVariant(QString::number(run->elapsedSeconds(), 'f', 2));
    case Eta: {
        const double eta = run->etaSeconds();
        if (sort)
            return eta;
        if (run->state() != RunState::Running && run->state() != RunState::Paused)
            return QStringLiteral("–");
        return eta < 0 ? QStringLiteral("?") : QStringLiteral("%1 s").arg(eta, 0, 'f', 1);
    }
    case ColumnCount:
        break;
    }
    return {};
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Run:
        return tr("Run");
    case Optimizer:
        return tr("Optimizer");
    case Metric:
        return tr("Metric");
    case State:
        return tr("State");
    case Progress:
        return tr("Progress");
    case Energy:
        return tr("Energy (pJ)");
    case Cycles:
        return tr("Cycles");
    case WallTime:
        return tr("Wall (s)");
    case Eta:
        return tr("ETA");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace mapscape
