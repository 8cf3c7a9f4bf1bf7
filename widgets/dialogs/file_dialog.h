// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The application's file dialogs: Qt's own dialog (the same on every desktop, and testable),
/// always with a file type, starting in the folder last used, adding the chosen type's suffix to
/// a bare name. Saving to a name that is also a folder ("results" beside a results/ folder)
/// writes "results.csv" instead of opening the folder; typing "results/" opens it.

#include <QFileDialog>

namespace mapscape {

class FileDialog : public QFileDialog {
    Q_OBJECT
public:
    enum class Mode { Open, Save };
    /// `filters` as QFileDialog's ("CSV files (*.csv);;All files (*)"); an empty string means
    /// all files. `suggested` is a file name (or a path) for saving, a file or folder to start at
    /// for opening.
    FileDialog(QWidget* parent, Mode mode, const QString& title, const QString& suggested, const QString& filters);

    /// Modal: the chosen path, or empty when cancelled.
    /// `start`: a file or folder to start at; empty starts in startFolder().
    static QString openFile(QWidget* parent, const QString& title, const QString& start, const QString& filters);
    static QString saveFile(QWidget* parent, const QString& title, const QString& suggested, const QString& filters);

    /// The folder dialogs start in: the last one a file was chosen in (kept in QSettings), else home.
    static QString startFolder();
    /// The suffix the first pattern of a filter gives a bare name ("mapscape.json" for
    /// "Projects (*.mapscape.json *.json)"), empty for "*" or no pattern.
    static QString suffixOf(const QString& filter);

    /// The path accepted last (what openFile / saveFile return).
    QString chosenPath() const { return m_chosen; }

public Q_SLOTS:
    void accept() override;

private:
    Mode m_mode;
    QString m_chosen;
};

} // namespace mapscape
