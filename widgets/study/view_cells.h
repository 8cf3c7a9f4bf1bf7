// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Small helpers shared by the accelerator-sizing views (internal to widgets/study): read-only
/// table cells, numbers with a few significant digits, and the feasibility colours the design,
/// stage and sensitivity tables share.

#include "core/util/strings.h"

#include <QColor>
#include <QString>
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

/// Meets the constraints / violates them (or outside a band) / invalid or not counted.
inline const QColor kFeasible{0xd7, 0xf0, 0xd2};
inline const QColor kViolating{0xfb, 0xe3, 0xc4};
inline const QColor kInvalid{0xe4, 0xe4, 0xe4};

} // namespace mapscape::cells
