// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QStyledItemDelegate>

namespace mapscape {

/// Draws a cell's text (the display role) with a thin progress bar under it: the fraction comes
/// from `fractionRole` (0..1). Text and bar never overlap.
class ProgressDelegate final : public QStyledItemDelegate {
    Q_OBJECT

public:
    explicit ProgressDelegate(int fractionRole, QObject* parent = nullptr);
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    /// Where the bar is drawn in a cell (tests).
    static QRect barRect(const QRect& cell);

private:
    int m_role;
};

} // namespace mapscape
