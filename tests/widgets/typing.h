// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Typing into the workbenches' number fields as a person does: click in, select all, erase,
/// type the text key by key, press Return.

#include "widgets/editors/number_edit.h"

#include <QTest>
#include <QWidget>

namespace mapscape::testing {

/// The visible number field of `root` named `name` (its label), or null.
inline ValueEdit* fieldNamed(QWidget& root, const QString& name)
{
    for (ValueEdit* e : root.findChildren<ValueEdit*>())
        if (e->fieldName() == name && e->isVisible())
            return e;
    return nullptr;
}

inline void typeInto(ValueEdit* e, const QString& text)
{
    e->setFocus();
    QTest::mouseClick(e, Qt::LeftButton);
    e->selectAll();
    QTest::keyClick(e, Qt::Key_Backspace);
    QTest::keyClicks(e, text, Qt::NoModifier, 2);
    QTest::keyClick(e, Qt::Key_Return);
}

} // namespace mapscape::testing
