// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/help/help_window.h"

#include "core/study/study_kind.h"

#include <QFile>
#include <QHBoxLayout>
#include <QListWidget>
#include <QTextBrowser>

namespace mapscape {

namespace {

constexpr int kIdRole = Qt::UserRole + 1;

QString resourceOf(const QString& kindId)
{
    return QStringLiteral(":/help/%1.md").arg(kindId.isEmpty() ? QStringLiteral("mapscape") : kindId);
}

} // namespace

QString HelpWindow::pageMarkdown(const QString& kindId)
{
    QFile f(resourceOf(kindId));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QString page = QString::fromUtf8(f.readAll());
    if (kindId.isEmpty()) {
        // The overview lists the kinds this build has, from their descriptors, so that a new
        // kind appears without an edit here.
        QString table = QStringLiteral("| Study kind | What it is about | Cost model |\n|---|---|---|\n");
        for (const StudyKind* k : studyKinds())
            table += QStringLiteral("| %1 | %2 | %3 |\n")
                         .arg(QString::fromStdString(k->info().title), QString::fromStdString(k->info().description),
                              QString::fromStdString(k->info().costModel));
        page.replace(QStringLiteral("<!-- kinds: the study kinds of this build, filled in from their descriptors -->"),
                     table);
    }
    return page;
}

HelpWindow::HelpWindow(QWidget* parent)
    : QWidget(parent, Qt::Window)
{
    setWindowTitle(tr("Mapscape help"));
    resize(900, 640);
    m_pages = new QListWidget(this);
    m_pages->setMaximumWidth(200);
    auto* overview = new QListWidgetItem(tr("Mapscape"), m_pages);
    overview->setData(kIdRole, QString());
    for (const StudyKind* k : studyKinds()) {
        const QString id = QString::fromStdString(k->info().id);
        if (pageMarkdown(id).isEmpty())
            continue;
        auto* item = new QListWidgetItem(QString::fromStdString(k->info().title), m_pages);
        item->setData(kIdRole, id);
    }
    m_text = new QTextBrowser(this);
    m_text->setOpenExternalLinks(true);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(m_pages);
    layout->addWidget(m_text, 1);
    connect(m_pages, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (!item)
            return;
        m_current = item->data(kIdRole).toString();
        m_text->setMarkdown(pageMarkdown(m_current));
    });
    m_pages->setCurrentRow(0);
}

void HelpWindow::showPage(const QString& kindId)
{
    const QString id = pageMarkdown(kindId).isEmpty() ? QString() : kindId;
    for (int i = 0; i < m_pages->count(); ++i)
        if (m_pages->item(i)->data(kIdRole).toString() == id) {
            m_pages->setCurrentRow(i);
            break;
        }
    show();
    raise();
    activateWindow();
}

QString HelpWindow::shownText() const { return m_text->toPlainText(); }

} // namespace mapscape
