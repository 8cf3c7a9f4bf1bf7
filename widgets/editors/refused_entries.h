// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Refused entries of an editable item model: the text the user typed and why it was refused,
/// by cell. A model shows them in place of its value (display and edit text, a tint, the reason
/// as tooltip) until the cell is edited again, the same way RefusedCells does for table widgets.

#include <QBrush>
#include <QColor>
#include <QString>
#include <QVariant>

#include <map>
#include <utility>

namespace mapscape {

class RefusedEntries {
public:
    struct Entry {
        QString text;
        QString reason;
    };
    void refuse(int row, int column, QString text, QString reason)
    {
        m_entries[{row, column}] = Entry{std::move(text), std::move(reason)};
    }
    /// True if the cell had a refused entry.
    bool accept(int row, int column) { return m_entries.erase({row, column}) > 0; }
    /// True if there were any.
    bool clear()
    {
        const bool any = !m_entries.empty();
        m_entries.clear();
        return any;
    }
    const Entry* find(int row, int column) const
    {
        const auto it = m_entries.find({row, column});
        return it == m_entries.end() ? nullptr : &it->second;
    }
    bool empty() const { return m_entries.empty(); }
    /// What a model shows for a cell with a refused entry in `role`: its text (display and edit),
    /// a tint, the reason (tooltip and the model's `issueRole`); invalid otherwise.
    QVariant data(int row, int column, int role, int issueRole) const
    {
        const Entry* r = find(row, column);
        if (!r)
            return {};
        if (role == Qt::DisplayRole || role == Qt::EditRole)
            return r->text;
        if (role == Qt::BackgroundRole)
            return QBrush(QColor(255, 205, 205));
        if (role == Qt::ToolTipRole || role == issueRole)
            return r->reason;
        return {};
    }
    /// The reason of the first refused entry (top to bottom, left to right); empty if none.
    QString firstReason() const { return m_entries.empty() ? QString() : m_entries.begin()->second.reason; }

private:
    std::map<std::pair<int, int>, Entry> m_entries;
};

} // namespace mapscape
