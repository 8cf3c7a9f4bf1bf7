// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/editors/refused_cells.h"

#include "widgets/editors/number_edit.h"

#include <QSignalBlocker>
#include <QTableWidget>

#include <algorithm>

namespace mapscape {

void RefusedCells::refuse(QTableWidget* table, int row, int column, const QString& text, const QString& reason)
{
    accept(table, row, column);
    m_cells.push_back({table, row, column, text, reason});
    reapply();
}

void RefusedCells::accept(QTableWidget* table, int row, int column)
{
    std::erase_if(m_cells, [&](const Cell& c) { return c.table == table && c.row == row && c.column == column; });
}

void RefusedCells::forget(QTableWidget* table)
{
    std::erase_if(m_cells, [&](const Cell& c) { return c.table == table; });
}

void RefusedCells::reapply() const
{
    for (const Cell& c : m_cells) {
        if (c.row >= c.table->rowCount() || c.column >= c.table->columnCount())
            continue;
        const QSignalBlocker block(c.table);
        auto* item = new QTableWidgetItem(c.text);
        item->setBackground(QColor(0xf8, 0xd7, 0xd7));
        item->setToolTip(c.reason);
        c.table->setItem(c.row, c.column, item);
    }
}

QString RefusedCells::status(const QWidget* root) const
{
    return m_cells.empty() ? firstRefusal(root) : m_cells.front().reason;
}

} // namespace mapscape
