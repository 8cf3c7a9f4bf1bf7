// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/study/project_io.h"
#include "core/study/study.h"

#include <QMainWindow>
#include <QMessageBox>
#include <QTimer>

#include <functional>
#include <optional>
#include <vector>

class QListWidget;
class QMenu;
class QStackedWidget;
class QUndoGroup;

namespace mapscape {

class HelpWindow;
class RunsPanel;
class StudyWorkbench;

/// The Mapscape window: the studies of a project side by side (a list on the left, the chosen
/// study's workbench on the right), project files with autosave and a recent list, and the
/// File / Edit menus, which act on the study shown. GUI thread only.
///
/// A study's workbench is built when the study is first shown (or asked for): a project of
/// hundreds of studies opens with one workbench, the others are their studies as read until
/// then (docs/performance.md, "Projects of many studies").
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Studies.
    int studyCount() const { return int(m_studies.size()); }
    /// The workbench of a study, built now if the study has not been shown yet (null when out of
    /// range, or when the study cannot be shown: it is then left out with the reason, as
    /// openProject leaves out a study it cannot read).
    StudyWorkbench* workbench(int index) const;
    /// How many studies have their workbench built (the ones shown or asked for so far).
    int builtWorkbenches() const;
    QString studyName(int index) const;
    StudyWorkbench* currentWorkbench() const;
    int currentStudy() const;
    void setCurrentStudy(int index);
    /// A new study of a kind with its default inputs (named "<kind title> <n>" unless given),
    /// shown at once; null and a message when the project holds kMaxProjectStudies already.
    StudyWorkbench* addStudy(const StudyKind& kind, const QString& name = {});
    /// A study as given (a study file's, a command line's), shown at once; null and a message
    /// naming the field when its inputs are refused.
    StudyWorkbench* addStudy(const Study& study);
    /// The study of a kind: the one shown if it is of that kind, else the first; -1 if none.
    int studyOfKind(const StudyKind& kind) const;
    /// Removes a study (its runs are cancelled); the last study cannot be removed.
    bool removeStudy(int index);
    bool renameStudy(int index, const QString& name);
    RunsPanel* runsPanel() const;
    /// File → New study: one entry per registered study kind.
    QMenu* newStudyMenu() const { return m_newStudyMenu; }

    /// The project as it stands: every study with its inputs, optimizer form and runs.
    std::optional<Project> currentProject() const;
    /// Opens a project file; false and a message naming the field on bad input (the current
    /// work is kept).
    bool openProject(const QString& path);
    /// What the user does (File ▸ Open project, Recent projects): first asks Save / Discard /
    /// Cancel when the current project has unsaved changes or live runs, as quitting does; false
    /// when the user keeps the current work (Cancel, or a save that did not happen).
    bool openProjectAsking(const QString& path);
    /// Asks about unsaved changes and live runs before `leaving` ("quitting", "opening x.json"):
    /// true to go on (saved or discarded), false to stay. Nothing to lose: true without asking.
    bool keepOrDiscardWork(const QString& leaving);
    /// Who answers those questions: a message box by default (none in a headless window, which
    /// goes on); tests set their own.
    using Asker = std::function<QMessageBox::StandardButton(const QString& question)>;
    void setAsker(Asker asker) { m_asker = std::move(asker); }
    /// The parts of the last opened project that could not be read and were left out (reasons).
    QStringList openSkipped() const { return m_openSkipped; }
    /// Runs running or paused in every study.
    int liveRuns() const;
    /// Saves to a path (atomic); false and a message on failure.
    bool saveProjectAs(const QString& path);
    /// Where unsaved work is autosaved (removed on a clean exit; restored after a crash).
    static QString autosavePath();
    /// Writes the autosave file now if there are unsaved changes; returns whether it wrote.
    bool autosaveNow();
    /// Restores the autosave file if there is one; returns whether it did.
    bool restoreAutosave();
    bool hasUnsavedChanges() const { return m_dirty; }
    /// Treats what is shown as the starting point (the launch's preset choices are not edits).
    void markUnmodified();
    QStringList recentProjects() const;
    QMenu* recentMenu() const { return m_recentMenu; }
    QAction* importOnnxAction() const { return m_importOnnx; }
    /// Opens sweep results (a table from `mapscape-cli sweep collect`, or a results folder) in a
    /// comparison window; null and a message naming the file on bad input.
    QWidget* openSweepResults(const QString& path);
    /// The project file's name ("untitled" before the first save).
    QString projectName() const;
    QListWidget* studyList() const { return m_studyList; }
    QUndoGroup* undoGroup() const { return m_undoGroup; }
    /// Help → Help on this study (F1) with `currentStudy`, else Help → Help contents.
    HelpWindow* showHelp(bool currentStudy);

Q_SIGNALS:
    /// Emitted whenever any study shows a new evaluation.
    void evaluationShown();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    /// A study of the project: its workbench once built, else the study as opened.
    struct StudyEntry {
        StudyWorkbench* workbench = nullptr;
        Study study; ///< while `workbench` is null
    };

    void buildUi();
    QMenu* buildFileMenu();
    void buildEditMenu();
    void buildHelpMenu();
    void buildStudiesDock(QMenu* newStudy);
    void startAutosave();
    void fitToScreen();
    void importOnnxModel();
    void reportImport(StudyWorkbench* wb, const QString& path);
    /// Runs a File menu action of the study shown on a file the user picks ("" when cancelled):
    /// the action returns an error message or "", and `done` (if any) goes on the status line.
    void withStudyFile(const QString& path, const std::function<QString(StudyWorkbench*, const QString&)>& action,
                       const QString& done);
    /// Appends a study to the list (with its workbench, wired, or without one yet).
    void appendStudy(StudyEntry entry);
    /// The stack, the Edit menu and the window hear a built workbench.
    void adopt(StudyWorkbench* wb);
    /// Builds the workbench of a study that has none (see workbench()).
    StudyWorkbench* buildWorkbench(int index);
    /// Shows a study, building its workbench first if needed.
    void showStudy(int index);
    /// A study whose workbench refuses it: removed from the list with the reason.
    void leaveOut(int index, const QString& why);
    int indexOf(const StudyWorkbench* wb) const;
    void clearStudies();
    void markDirty();
    void setClean(const QString& projectPath);
    void updateTitle();
    void refreshStudyItem(int index);
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();
    void syncUndoStack();
    void reportError(const QString& message);
    QString uniqueStudyName(const StudyKind& kind) const;
    /// Whether the project can take another study (else a message says why not).
    bool roomForStudy();

    QListWidget* m_studyList = nullptr;
    QStackedWidget* m_stack = nullptr;
    QUndoGroup* m_undoGroup = nullptr;
    QMenu* m_recentMenu = nullptr;
    HelpWindow* m_help = nullptr;
    QMenu* m_newStudyMenu = nullptr;
    QAction* m_importOnnx = nullptr;
    std::vector<StudyEntry> m_studies;
    QString m_projectPath;
    QStringList m_openSkipped;
    bool m_dirty = false;
    Asker m_asker;
    bool m_loading = false;
    QTimer m_autosave;
};

} // namespace mapscape
