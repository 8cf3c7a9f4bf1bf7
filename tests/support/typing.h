// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Typing into the workbenches' number fields as a person does: click in, select all, erase,
/// type the text key by key, press Return.

#include "widgets/editors/number_edit.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QLineEdit>
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

/// Types into a table cell through the view's own editor: open it, select all, type key by key,
/// Return. False if no editor opened.
inline bool typeIntoCell(QAbstractItemView* view, int row, int column, const QString& text)
{
    bringToFront(view);
    const QModelIndex i = view->model()->index(row, column);
    view->setCurrentIndex(i);
    view->edit(i);
    QWidget* editor = QApplication::focusWidget();
    if (!editor || editor == view)
        return false;
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(editor, text, Qt::NoModifier, 2);
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents(); // the delegate commits the text queued
    return true;
}

/// The text a table cell's editor starts from (opened as a person double-clicks it, then left
/// with Escape, nothing changed); empty when no line editor opened.
inline QString editorStartText(QAbstractItemView* view, int row, int column)
{
    bringToFront(view);
    const QModelIndex i = view->model()->index(row, column);
    view->setCurrentIndex(i);
    view->edit(i);
    auto* editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
    if (!editor)
        return {};
    const QString text = editor->text();
    QTest::keyClick(editor, Qt::Key_Escape);
    return text;
}

} // namespace mapscape::testing
