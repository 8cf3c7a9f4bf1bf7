// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/widgets/results_table_model.h"

#include "kinds/scheduling/core/report.h"
#include "core/util/units.h"

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
    m_stale.clear();
    // One unit per column, from its largest value.
    for (int c = 0; c < ColumnCount; ++c) {
        Scale& sc = m_scale[std::size_t(c)];
        sc = {};
        if (c == PeUtil) {
            sc.decimals = 1;
            continue;
        }
        if (c != Macs && c != Energy && c != Cycles && c != LbWords && c != GbWords && c != DramWords)
            continue;
        double top = 0;
        for (int r = 0; r < rowCount(); ++r)
            top = std::max(top, std::abs(rawValue(r, c)));
        const ScaledUnit u = scaleFor(top, c == Energy ? "pJ" : "");
        sc.factor = u.factor;
        sc.unit = QString::fromStdString(u.unit);
        sc.decimals = u.factor == 1 && c != Energy ? 0 : 3;
    }
    endResetModel();
}

void ResultsTableModel::setStale(const QString& reason)
{
    if (reason == m_stale)
        return;
    m_stale = reason;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QString ResultsTableModel::columnUnit(int column) const
{
    return column >= 0 && column < ColumnCount ? m_scale[std::size_t(column)].unit : QString();
}

double ResultsTableModel::rawValue(int row, int column) const
{
    const LayerResult& lr = m_snapshot->result.layers[std::size_t(row)];
    if (column == Macs)
        return lr.macs;
    if (!lr.ok)
        return 0;
    const Evaluation& e = lr.eval;
    switch (Column(column)) {
    case Energy:
        return e.totalEnergy;
    case Cycles:
        return e.totalCycles;
    case LbWords:
        return levelTrafficWords(e, Level::LocalBuffer);
    case GbWords:
        return levelTrafficWords(e, Level::GlobalBuffer);
    case DramWords:
        return levelTrafficWords(e, Level::Dram);
    case PeUtil:
        return arrayUtilization(m_snapshot->model->accelerator().peArray, e.activePes);
    default:
        break;
    }
    return 0;
}

QString ResultsTableModel::formatted(int column, double value) const
{
    const Scale& sc = m_scale[std::size_t(column)];
    return QString::number(value / sc.factor, 'f', sc.decimals);
}

int ResultsTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_snapshot ? 0 : int(m_snapshot->result.layers.size());
}

int ResultsTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case Layer:
            return tr("The layer evaluated, as named in the network");
        case Kind:
            return tr("CONV, GROUP (grouped or depthwise convolution) or FC (fully connected)");
        case Repeat:
            return tr("How often the layer occurs in the network (totals weight it)");
        case Macs:
            return tr("Multiply-accumulates of one occurrence");
        case Energy:
            return tr("Total energy of the layer's table in pJ (shown with a prefix: nJ, µJ): dynamic and static, every level");
        case Cycles:
            return tr("Cycles of the layer's table (the slowest level bounds it)");
        case LbWords:
        case GbWords:
        case DramWords:
            return tr("Words read and written at this level (one word holds one value at the accelerator's precision)");
        case PeUtil:
            return tr("Share of the PE array the table keeps busy, in %");
        case Status:
            return tr("Why a layer has no valid result, or that the figures are out of date");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    const auto withUnit = [this, section](const QString& title) {
        const QString u = m_scale[std::size_t(section)].unit;
        return u.isEmpty() ? title : QStringLiteral("%1 (%2)").arg(title, u);
    };
    switch (Column(section)) {
    case Layer:
        return tr("Layer");
    case Kind:
        return tr("Kind");
    case Repeat:
        return tr("×");
    case Macs:
        return withUnit(tr("MACs"));
    case Energy:
        return withUnit(tr("Energy"));
    case Cycles:
        return withUnit(tr("Cycles"));
    case LbWords:
        return withUnit(tr("LB words"));
    case GbWords:
        return withUnit(tr("GB words"));
    case DramWords:
        return withUnit(tr("DRAM words"));
    case PeUtil:
        return tr("PE util. (%)");
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
    const bool stale = !m_stale.isEmpty();
    if (role == Qt::TextAlignmentRole)
        return index.column() <= Kind || index.column() == Status ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                  : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole) {
        if (stale)
            return QBrush(QColor(0x90, 0x90, 0x90));
        if (!lr.ok)
            return QBrush(QColor(0xb0, 0x20, 0x20));
        return {};
    }
    if (role == Qt::ToolTipRole) {
        if (stale)
            return tr("Out of date: %1").arg(m_stale);
        if (index.column() == Status || !lr.ok)
            return lr.ok ? tr("valid table") : QString::fromStdString(lr.error);
        return {};
    }
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const int c = index.column();
    switch (Column(c)) {
    case Layer:
        return QString::fromStdString(lr.layer);
    case Kind:
        return QString::fromUtf8(layerKindName(layer.kind()).data());
    case Repeat:
        return qint64(lr.repeat);
    case Status:
        if (stale)
            return tr("stale: %1").arg(m_stale);
        return lr.ok ? tr("ok") : QString::fromStdString(lr.error);
    default:
        break;
    }
    if (!lr.ok && c != Macs)
        return {};
    const double v = rawValue(index.row(), c);
    return role == SortRole ? QVariant(v) : QVariant(formatted(c, v));
}

} // namespace mapscape
