// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/dialogs/file_dialog.h"

#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSettings>

namespace mapscape {

namespace {

constexpr const char* kFolderKey = "fileDialog/folder";

} // namespace

FileDialog::FileDialog(QWidget* parent, Mode mode, const QString& title, const QString& suggested, const QString& filters)
    : QFileDialog(parent, title)
    , m_mode(mode)
{
    // Qt's own dialog: the same behaviour on every desktop (and the one these rules are tested on).
    setOption(QFileDialog::DontUseNativeDialog);
    setAcceptMode(mode == Mode::Save ? QFileDialog::AcceptSave : QFileDialog::AcceptOpen);
    setFileMode(mode == Mode::Save ? QFileDialog::AnyFile : QFileDialog::ExistingFile);
    // Always a file type: a dialog without one shows an empty "Files of type" box.
    QStringList list = filters.split(QStringLiteral(";;"), Qt::SkipEmptyParts);
    if (list.isEmpty())
        list = {tr("All files (*)")};
    setNameFilters(list);
    // A suggestion with a folder (absolute or relative to the working folder) starts there; a bare
    // name starts in the folder used last.
    const QFileInfo given(suggested);
    if (!suggested.isEmpty() && given.isDir())
        setDirectory(given.absoluteFilePath());
    else
        setDirectory(suggested.contains(QLatin1Char('/')) ? given.absolutePath() : startFolder());
    if (!suggested.isEmpty() && !given.isDir() && (mode == Mode::Save || given.exists()))
        selectFile(given.fileName());
    setDefaultSuffix(suffixOf(list.first()));
    connect(this, &QFileDialog::filterSelected, this, [this](const QString& filter) { setDefaultSuffix(suffixOf(filter)); });
}

QString FileDialog::startFolder()
{
    const QString saved = QSettings().value(QLatin1String(kFolderKey)).toString();
    if (!saved.isEmpty() && QFileInfo(saved).isDir())
        return saved;
    return QDir::homePath();
}

QString FileDialog::suffixOf(const QString& filter)
{
    // The patterns are inside the parentheses, or the whole filter when it has none.
    static const QRegularExpression inParens(QStringLiteral("\\(([^)]*)\\)"));
    const QRegularExpressionMatch m = inParens.match(filter);
    const QString patterns = m.hasMatch() ? m.captured(1) : filter;
    for (const QString& p : patterns.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (p.startsWith(QStringLiteral("*.")) && !p.contains(QLatin1Char('?')) && p.indexOf(QLatin1Char('*'), 1) < 0)
            return p.mid(2);
        return {}; // the first pattern decides: "*" or a whole name has no suffix
    }
    return {};
}

void FileDialog::accept()
{
    auto* edit = findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
    const QString typed = edit ? edit->text().trimmed() : QString();
    if (!typed.isEmpty()) {
        const QString path = directory().absoluteFilePath(typed);
        const bool folder = QFileInfo(path).isDir();
        // "results/" opens the folder (Qt would save "results/.csv"); so does a folder's name when
        // opening a file.
        if (folder && (typed.endsWith(QLatin1Char('/')) || m_mode == Mode::Open)) {
            setDirectory(path);
            edit->clear();
            return;
        }
        // A bare name that is also a folder here, when saving: the user is naming a file.
        const QString suffix = suffixOf(selectedNameFilter());
        if (folder && m_mode == Mode::Save && !suffix.isEmpty() && !QFileInfo(path + QLatin1Char('.') + suffix).isDir())
            edit->setText(typed + QLatin1Char('.') + suffix);
    }
    QFileDialog::accept(); // opens folders, asks before overwriting, then closes
    if (result() == QDialog::Accepted && !selectedFiles().isEmpty()) {
        m_chosen = selectedFiles().first();
        QSettings().setValue(QLatin1String(kFolderKey), QFileInfo(m_chosen).absolutePath());
    }
}

QString FileDialog::openFile(QWidget* parent, const QString& title, const QString& start, const QString& filters)
{
    FileDialog d(parent, Mode::Open, title, start, filters);
    return d.exec() == QDialog::Accepted ? d.chosenPath() : QString();
}

QString FileDialog::saveFile(QWidget* parent, const QString& title, const QString& suggested, const QString& filters)
{
    FileDialog d(parent, Mode::Save, title, suggested, filters);
    return d.exec() == QDialog::Accepted ? d.chosenPath() : QString();
}

} // namespace mapscape
