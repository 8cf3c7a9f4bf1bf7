// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Helpers for the widget tests: find what a user would click by its text.

#include <QPushButton>
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

} // namespace mapscape::test
