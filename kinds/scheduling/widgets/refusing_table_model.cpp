// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/widgets/refusing_table_model.h"

namespace mapscape {

bool RefusingTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !hasIndex(index.row(), index.column(), index.parent()) || !takesEdit(index))
        return false;
    const QString reason = applyEdit(index, value.toString());
    if (!reason.isEmpty()) {
        m_refused.refuse(index.row(), index.column(), value.toString(), reason);
        Q_EMIT dataChanged(index, index);
        Q_EMIT editRejected(reason);
        Q_EMIT refusedChanged(m_refused.firstReason());
        return false;
    }
    if (m_refused.accept(index.row(), index.column())) {
        Q_EMIT dataChanged(index, index);
        Q_EMIT refusedChanged(m_refused.firstReason());
    }
    return true;
}

Qt::ItemFlags RefusingTableModel::flags(const QModelIndex& index) const
{
    if (!hasIndex(index.row(), index.column(), index.parent()))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
    if (cellEditable(index))
        f |= Qt::ItemIsEditable;
    return f;
}

void RefusingTableModel::forgetRefused()
{
    if (m_refused.clear())
        Q_EMIT refusedChanged(QString());
}

} // namespace mapscape
