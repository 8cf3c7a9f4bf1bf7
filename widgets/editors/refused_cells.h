// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Table cells whose typed text was refused. The text stays in a tinted cell whose tooltip says
/// why, also after the table is rebuilt from the model (call `reapply`), until the user fixes it:
/// the same behaviour as ValueEdit for the editable tables of the workbenches.

#include <QString>

#include <vector>

class QTableWidget;
class QWidget;

namespace mapscape {

class RefusedCells {
public:
    /// Records a refused entry and shows it.
    void refuse(QTableWidget* table, int row, int column, const QString& text, const QString& reason);
    /// Forgets the cell's refused entry (it was accepted, or the row is gone).
    void accept(QTableWidget* table, int row, int column);
    /// Forgets every refused entry of a table whose rows no longer match (rows added or removed).
    void forget(QTableWidget* table);
    /// Shows every refused entry again (after the tables were filled from the model). Blocks the
    /// tables' signals while it writes.
    void reapply() const;
    bool empty() const { return m_cells.empty(); }
    /// The status line: the first refused entry's reason, or else the first refused number
    /// field's under `root`; empty when nothing is refused.
    QString status(const QWidget* root) const;

private:
    struct Cell {
        QTableWidget* table;
        int row, column;
        QString text, reason;
    };
    std::vector<Cell> m_cells;
};

} // namespace mapscape
