// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The tooltip handling of the painted views (heatmaps, timelines, memory maps, scatters): a
/// QEvent::ToolTip is answered with the text for the cursor position, and an empty text hides it;
/// a read-out can also follow the mouse at once (followReadout).

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

/// The read-out that follows the mouse (painted charts, as chart_view.h's): shows `text` at
/// `globalPos` when it differs from `shown`, hides it when empty; `shown` keeps what is shown.
inline void followReadout(QWidget* widget, QString& shown, const QString& text, QPoint globalPos)
{
    if (text == shown)
        return;
    shown = text;
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(globalPos, text, widget);
}

} // namespace mapscape
