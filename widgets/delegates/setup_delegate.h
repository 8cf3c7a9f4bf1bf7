// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QStyledItemDelegate>

class QFontMetrics;

namespace mapscape {

/// Draws a column of setup labels (the display role) elided so that what tells a label from the
/// column's other labels stays in view: "Vanilla R…29-64-29 on ZCU102", never "Vanilla RNN
/// 2…9 on ZCU102" beside "Vanilla RNN 2…9 on ZCU102". A label that fits, or that no other one
/// differs from, is drawn as the view would (elided in the middle). The full text belongs in the
/// cell's tooltip.
class SetupDelegate final : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    /// What a cell shows in `width` pixels of `metrics` (its label, elided around the part that
    /// differs from the other labels of its column).
    static QString shownText(const QModelIndex& index, const QFontMetrics& metrics, int width);
};

} // namespace mapscape
