// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Typing into the workbenches' number fields as a person does: click in, select all, erase,
/// type the text key by key, press Return.

#include "widgets/editors/number_edit.h"

#include <QStackedWidget>
#include <QTest>
#include <QWidget>

namespace mapscape::testing {

/// Brings the tabs (and stacked pages) holding `w` to the front, as a person clicks them.
inline void bringToFront(QWidget* w)
{
    for (QWidget* child = w; child->parentWidget(); child = child->parentWidget())
        if (auto* stack = qobject_cast<QStackedWidget*>(child->parentWidget()))
            stack->setCurrentWidget(child);
}

/// The number field of `root` named `name` (its label): a visible one first, else one on a tab
/// behind; null if none.
inline ValueEdit* fieldNamed(QWidget& root, const QString& name)
{
    ValueEdit* hidden = nullptr;
    for (ValueEdit* e : root.findChildren<ValueEdit*>()) {
        if (e->fieldName() != name)
            continue;
        if (e->isVisible())
            return e;
        if (!hidden && e->isEnabled())
            hidden = e;
    }
    return hidden;
}

inline void typeInto(ValueEdit* e, const QString& text)
{
    bringToFront(e);
    e->setFocus();
    QTest::mouseClick(e, Qt::LeftButton);
    e->selectAll();
    QTest::keyClick(e, Qt::Key_Backspace);
    QTest::keyClicks(e, text, Qt::NoModifier, 2);
    QTest::keyClick(e, Qt::Key_Return);
}

} // namespace mapscape::testing
