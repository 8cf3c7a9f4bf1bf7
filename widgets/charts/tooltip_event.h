// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The tooltip handling of the painted views (heatmaps, timelines, memory maps, scatters): a
/// QEvent::ToolTip is answered with the text for the cursor position, and an empty text hides it.

#include <QEvent>
#include <QHelpEvent>
#include <QToolTip>
#include <QWidget>

namespace mapscape {

/// True if `e` was a tooltip event (then handled); call it first in QWidget::event overrides.
template <typename TextAt>
bool answerToolTip(QWidget* widget, QEvent* e, TextAt&& textAt)
{
    if (e->type() != QEvent::ToolTip)
        return false;
    auto* help = static_cast<QHelpEvent*>(e);
    const QString text = textAt(help->pos());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), text, widget);
    return true;
}

} // namespace mapscape
