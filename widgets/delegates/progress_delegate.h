// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QStyledItemDelegate>

namespace mapscape {

/// Draws a cell as a progress bar: the fraction comes from `fractionRole` (0..1), the text
/// from the display role.
class ProgressDelegate final : public QStyledItemDelegate {
    Q_OBJECT

public:
    explicit ProgressDelegate(int fractionRole, QObject* parent = nullptr);
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    int m_role;
};

} // namespace mapscape
