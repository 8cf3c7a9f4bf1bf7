// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Helpers for the widget tests: find what a user would click by its text, run an optimizer
/// from a runs panel's form.

#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QWidget>

namespace mapscape::test {

/// The first push button below `parent` whose text is `text`, or null.
inline QPushButton* button(QWidget* parent, const QString& text)
{
    for (QPushButton* b : parent->findChildren<QPushButton*>()) {
        if (b->text() == text)
            return b;
    }
    return nullptr;
}

/// Runs `optimizer` from the panel's form with `option` set to `value` (a small budget), as
/// Start run does, waits for it to end and drains its buffers into the views. False if it did
/// not start or end within `timeoutMs`.
inline bool runToEnd(RunsPanel& runs, const QString& optimizer, const QString& option, const QString& value,
                     int timeoutMs = 60000)
{
    QSignalSpy finished(&runs, &RunsPanel::runFinished);
    if (!runs.optimizerPanel()->selectOptimizer(optimizer) || !runs.optimizerPanel()->setOption(option, value) ||
        !runs.startRun() || !finished.wait(timeoutMs))
        return false;
    runs.drain();
    return true;
}

/// The study of a workbench type in a window: the one shown if it is of that type, else the
/// first (null if none). Works for any window with currentWorkbench(), studyCount() and
/// workbench(i) (the main window).
template <typename Workbench, typename Window>
Workbench* studyOf(const Window& window)
{
    if (auto* w = qobject_cast<Workbench*>(window.currentWorkbench()))
        return w;
    for (int i = 0; i < window.studyCount(); ++i)
        if (auto* w = qobject_cast<Workbench*>(window.workbench(i)))
            return w;
    return nullptr;
}

} // namespace mapscape::test
