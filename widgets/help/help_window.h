// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The Help window: a page per study kind (what the problem is, what each tab shows, which paper,
/// how to read the charts) and an overview, shipped as Markdown in the resources
/// (kinds/<kind id>/help/<kind id>.md, resources/help/mapscape.md). Pages are found by the kind's id,
/// so a kind brings its page by adding the file; nothing here names a kind.

#include <QWidget>

class QListWidget;
class QTextBrowser;

namespace mapscape {

class HelpWindow : public QWidget {
    Q_OBJECT

public:
    explicit HelpWindow(QWidget* parent = nullptr);

    /// Shows a kind's page ("" or an unknown id: the overview) and raises the window.
    void showPage(const QString& kindId);
    /// The page shown: its id ("" for the overview) and its text as displayed.
    QString currentPage() const { return m_current; }
    QString shownText() const;
    /// The Markdown of a page, empty when there is none.
    static QString pageMarkdown(const QString& kindId);

private:
    QListWidget* m_pages = nullptr;
    QTextBrowser* m_text = nullptr;
    QString m_current;
};

} // namespace mapscape
