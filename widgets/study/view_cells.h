// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Small helpers shared by the study views (internal to widgets): read-only table cells, columns
/// with tooltips, numbers with a few significant digits, cells that show a quantity and edit its
/// exact value, and the feasibility colours the design, stage and sensitivity tables share.

#include "core/util/strings.h"

#include <QColor>
#include <QString>
#include <QTableWidget>
#include <QTableWidgetItem>

namespace mapscape::cells {

inline QString sig(double v, int digits = 4) { return QString::fromStdString(formatSig(v, digits)); }

inline QTableWidgetItem* readOnly(const QString& text, const QString& tip = QString())
{
    auto* it = new QTableWidgetItem(text);
    it->setFlags(it->flags() & ~Qt::ItemIsEditable);
    if (!tip.isEmpty())
        it->setToolTip(tip);
    return it;
}

/// A table column: its title and, for the header's tooltip, what it holds with its unit.
struct Column {
    QString title;
    QString tip;
};

/// Sets a table's columns: titles, and tooltips that say what each holds.
inline void setColumns(QTableWidget* table, const QList<Column>& columns)
{
    table->setColumnCount(int(columns.size()));
    for (int c = 0; c < int(columns.size()); ++c) {
        auto* item = new QTableWidgetItem(columns[c].title);
        item->setToolTip(columns[c].tip);
        table->setHorizontalHeaderItem(c, item);
    }
}

/// A table cell that reads in engineering units ("2.25 MiB", "18.18 pJ") and edits as the exact
/// value ("2359296", "18.1838"): the editor starts from `edit`; what is typed replaces both until
/// the table is filled again.
class QuantityItem final : public QTableWidgetItem {
public:
    QuantityItem(const QString& shown, const QString& edit)
        : QTableWidgetItem(shown, UserType)
        , m_edit(edit)
    {
    }
    QVariant data(int role) const override
    {
        return role == Qt::EditRole && !m_edit.isNull() ? QVariant(m_edit) : QTableWidgetItem::data(role);
    }
    void setData(int role, const QVariant& value) override
    {
        if ((role == Qt::EditRole || role == Qt::DisplayRole) && value != QTableWidgetItem::data(Qt::DisplayRole))
            m_edit = QString();
        QTableWidgetItem::setData(role, value);
    }

private:
    QString m_edit;
};

/// Meets the constraints / violates them (or outside a band) / invalid or not counted.
inline const QColor kFeasible{0xd7, 0xf0, 0xd2};
inline const QColor kViolating{0xfb, 0xe3, 0xc4};
inline const QColor kInvalid{0xe4, 0xe4, 0xe4};

} // namespace mapscape::cells
