// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/delegates/progress_delegate.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>

namespace mapscape {

ProgressDelegate::ProgressDelegate(int fractionRole, QObject* parent)
    : QStyledItemDelegate(parent)
    , m_role(fractionRole)
{
}

void ProgressDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    // Progress not known (a run restored from a file that did not keep it): the cell as any
    // other, its text ("–") where the other cells have theirs, and no empty bar that reads as 0 %.
    const QVariant value = index.data(m_role);
    if (!value.isValid() || value.toDouble() < 0) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // The cell as any other (selection, text right-aligned above), then the bar as a thin strip
    // along its bottom: the text never sits on the bar, so neither hides the other.
    QStyleOptionViewItem cell(option);
    initStyleOption(&cell, index);
    cell.displayAlignment = Qt::AlignRight | Qt::AlignTop;
    const QRect track = barRect(option.rect);
    cell.rect = option.rect.adjusted(0, 0, 0, -(option.rect.bottom() - track.top() + 1));
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    // Background over the whole cell, text in the part above the bar.
    QStyleOptionViewItem background(option);
    background.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &background, painter, widget);
    cell.backgroundBrush = Qt::NoBrush;
    cell.state &= ~QStyle::State_HasFocus;
    style->drawControl(QStyle::CE_ItemViewItem, &cell, painter, widget);
    const double fraction = std::clamp(value.toDouble(), 0.0, 1.0);
    const bool selected = option.state & QStyle::State_Selected;
    const QPalette& pal = option.palette;
    painter->save();
    painter->fillRect(track, selected ? pal.color(QPalette::HighlightedText).darker(115) : pal.color(QPalette::Midlight));
    QRect done = track;
    done.setWidth(int(std::lround(track.width() * fraction)));
    if (done.width() > 0)
        painter->fillRect(done, selected ? pal.color(QPalette::HighlightedText) : pal.color(QPalette::Highlight));
    painter->restore();
}

QRect ProgressDelegate::barRect(const QRect& cell)
{
    return QRect(cell.left() + 3, cell.bottom() - 5, std::max(1, cell.width() - 6), 4);
}

QSize ProgressDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.setHeight(s.height() + 6); // room for the bar below the text
    return s;
}

} // namespace mapscape
