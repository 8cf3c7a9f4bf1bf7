// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/models/results_table_model.h"

#include "core/cost/report.h"

#include <QBrush>
#include <QColor>

namespace mapscape {

ResultsTableModel::ResultsTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ResultsTableModel::setSnapshot(std::shared_ptr<const EvaluationSnapshot> snapshot)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    endResetModel();
}

int ResultsTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_snapshot ? 0 : int(m_snapshot->result.layers.size());
}

int ResultsTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return {};
    switch (Column(section)) {
    case Layer:
        return tr("Layer");
    case Kind:
        return tr("Kind");
    case Repeat:
        return tr("×");
    case Macs:
        return tr("MACs");
    case Energy:
        return tr("Energy (pJ)");
    case Cycles:
        return tr("Cycles");
    case LbWords:
        return tr("LB words");
    case GbWords:
        return tr("GB words");
    case DramWords:
        return tr("DRAM words");
    case PeUtil:
        return tr("PE util. %");
    case Status:
        return tr("Status");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ResultsTableModel::data(const QModelIndex& index, int role) const
{
    if (!hasIndex(index.row(), index.column(), index.parent()))
        return {};
    const LayerResult& lr = m_snapshot->result.layers[std::size_t(index.row())];
    const mapscape::Layer& layer = m_snapshot->network.layers[std::size_t(index.row())];
    const Evaluation& e = lr.eval;
    const auto number = [&](double v) -> QVariant {
        if (role == SortRole)
            return v;
        return QString::number(v, 'g', 6);
    };
    if (role == Qt::TextAlignmentRole)
        return index.column() <= Kind || index.column() == Status ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                  : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && !lr.ok)
        return QBrush(QColor(0xb0, 0x20, 0x20));
    if (role == Qt::ToolTipRole && index.column() == Status)
        return lr.ok ? tr("valid table") : QString::fromStdString(lr.error);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (Column(index.column())) {
    case Layer:
        return QString::fromStdString(lr.layer);
    case Kind:
        return QString::fromUtf8(layerKindName(layer.kind()).data());
    case Repeat:
        return qint64(lr.repeat);
    case Macs:
        return number(lr.macs);
    case Status:
        return lr.ok ? tr("ok") : QString::fromStdString(lr.error);
    default:
        break;
    }
    if (!lr.ok)
        return {};
    const Accelerator& acc = m_snapshot->model->accelerator();
    switch (Column(index.column())) {
    case Energy:
        return number(e.totalEnergy);
    case Cycles:
        return number(e.totalCycles);
    case LbWords:
        return number(levelTrafficWords(e, Level::LocalBuffer));
    case GbWords:
        return number(levelTrafficWords(e, Level::GlobalBuffer));
    case DramWords:
        return number(levelTrafficWords(e, Level::Dram));
    case PeUtil:
        return number(arrayUtilization(acc.peArray, e.activePes));
    default:
        break;
    }
    return {};
}

} // namespace mapscape
