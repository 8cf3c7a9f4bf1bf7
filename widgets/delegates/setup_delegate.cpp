// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/delegates/setup_delegate.h"

#include <QApplication>
#include <QFontMetrics>

#include <algorithm>
#include <utility>

namespace mapscape {

namespace {

/// The part of `label` that differs from the other labels, [from, to) in characters: after the
/// longest beginning it shares with another, before the longest ending it shares with another,
/// widened to whole words. Empty when it differs by nothing it holds (a label that another one
/// extends).
std::pair<int, int> differingSpan(const QString& label, const QStringList& labels)
{
    qsizetype prefix = 0, suffix = 0;
    for (const QString& other : labels) {
        if (other == label)
            continue;
        const qsizetype n = std::min(label.size(), other.size());
        qsizetype p = 0, s = 0;
        while (p < n && label[p] == other[p])
            ++p;
        while (s < n - p && label[label.size() - 1 - s] == other[other.size() - 1 - s])
            ++s;
        prefix = std::max(prefix, p);
        suffix = std::max(suffix, s);
    }
    qsizetype from = prefix, to = label.size() - suffix;
    if (to <= from)
        return {0, 0};
    if (!label[from].isSpace()) // it starts inside a word: from the word's start
        while (from > 0 && !label[from - 1].isSpace())
            --from;
    if (!label[to - 1].isSpace()) // it ends inside a word: at the word's end
        while (to < label.size() && !label[to].isSpace())
            ++to;
    return {int(from), int(to)};
}

/// `text` in `width` pixels with [from, to) kept whole where it fits: the beginning before it
/// (which names the thing) and the ending after it elided as room allows.
QString elideAround(const QString& text, const QFontMetrics& fm, int width, int from, int to)
{
    if (fm.horizontalAdvance(text) <= width)
        return text;
    if (from >= to)
        return fm.elidedText(text, Qt::ElideMiddle, width);
    const QString head = text.left(from), core = text.mid(from, to - from), tail = text.mid(to);
    const int room = width - fm.horizontalAdvance(core);
    const QString ellipsis(QChar(0x2026));
    if (room < (head.isEmpty() ? 0 : fm.horizontalAdvance(ellipsis)))
        return fm.elidedText((head.isEmpty() ? QString() : ellipsis) + core, Qt::ElideRight, width);
    // The beginning first, but never all the room while the ending is cut.
    const int headWidth = fm.horizontalAdvance(head), tailWidth = fm.horizontalAdvance(tail);
    const int headRoom = std::min(headWidth, std::max(room / 2, room - tailWidth));
    const QString shownHead = headWidth <= headRoom ? head : fm.elidedText(head, Qt::ElideRight, headRoom);
    const QString shownTail = fm.elidedText(tail, Qt::ElideRight, room - fm.horizontalAdvance(shownHead));
    return shownHead + core + shownTail;
}

} // namespace

QString SetupDelegate::shownText(const QModelIndex& index, const QFontMetrics& metrics, int width)
{
    const QString label = index.data().toString();
    QStringList labels;
    for (int row = 0; row < index.model()->rowCount(index.parent()); ++row)
        labels.append(index.sibling(row, index.column()).data().toString());
    const auto [from, to] = differingSpan(label, labels);
    return elideAround(label, metrics, width, from, to);
}

void SetupDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem cell(option);
    initStyleOption(&cell, index);
    const QWidget* view = cell.widget;
    const QStyle* style = view ? view->style() : QApplication::style();
    // The text rectangle less the style's text margins, as the style measures it when it elides.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
    const int width = style->subElementRect(QStyle::SE_ItemViewItemText, &cell, view).width() - 2 * margin;
    cell.text = shownText(index, cell.fontMetrics, width);
    style->drawControl(QStyle::CE_ItemViewItem, &cell, painter, view);
}

} // namespace mapscape
