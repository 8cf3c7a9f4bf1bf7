// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/dialogs/file_dialog.h"
#include "app/gui/main_window.h"

#include "widgets/help/help_window.h"
#include "widgets/panels/runs_panel.h"
#include "widgets/study/study_workbench.h"
#include "widgets/study/workbench_registry.h"
#include "widgets/views/sweep_comparison_view.h"

#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QToolButton>
#include <QUndoGroup>
#include <QUndoStack>
#include <QVBoxLayout>

namespace mapscape {

namespace {
QString qs(const std::string& s) { return QString::fromStdString(s); }
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    buildUi();
    addStudy(*studyKinds().front());
    m_dirty = false;
    updateTitle();
}

MainWindow::~MainWindow()
{
    // The studies are destroyed after this window's members; what they signal while they go
    // (an undo stack cleared on destruction reports a new index) must not reach them.
    for (const StudyEntry& e : m_studies)
        if (e.workbench)
            e.workbench->disconnect(this);
}

void MainWindow::buildUi()
{
    setWindowIcon(QIcon(QStringLiteral(":/icons/mapscape.svg")));
    m_undoGroup = new QUndoGroup(this);
    QMenu* newStudy = buildFileMenu();
    buildEditMenu();
    buildHelpMenu();
    buildStudiesDock(newStudy);
    startAutosave();
    fitToScreen();
}

QMenu* MainWindow::buildFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QMenu* newStudy = file->addMenu(tr("&New study"));
    for (const StudyKind* kind : studyKinds()) {
        const StudyKindInfo& k = kind->info();
        QAction* a = newStudy->addAction(qs(k.title), this, [this, kind] { addStudy(*kind); });
        a->setData(qs(k.id));
        a->setToolTip(qs(k.description));
        a->setStatusTip(qs(k.description + " — " + k.costModel));
    }
    m_newStudyMenu = newStudy;
    const QString projects = tr("Mapscape projects (*.mapscape.json)");
    file->addAction(tr("Open &project…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
        const QString path = FileDialog::openFile(this, tr("Open project"), QString(),
                                                  tr("Mapscape projects (*.mapscape.json *.json)"));
        if (!path.isEmpty())
            openProjectAsking(path);
    });
    file->addAction(tr("&Save project"), QKeySequence::Save, this, [this, projects] {
        QString path = m_projectPath;
        if (path.isEmpty())
            path = FileDialog::saveFile(this, tr("Save project"), QStringLiteral("project.mapscape.json"), projects);
        if (!path.isEmpty())
            saveProjectAs(path);
    });
    file->addAction(tr("Save project &as…"), QKeySequence::SaveAs, this, [this, projects] {
        const QString path = FileDialog::saveFile(this, tr("Save project as"), QStringLiteral("project.mapscape.json"), projects);
        if (!path.isEmpty())
            saveProjectAs(path);
    });
    m_recentMenu = file->addMenu(tr("&Recent projects"));
    rebuildRecentMenu();
    file->addSeparator();
    file->addAction(tr("&Open into this study…"), QKeySequence::Open, this, [this] {
        const QString path = FileDialog::openFile(this, tr("Open"), QString(), currentWorkbench()->openFileFilter());
        withStudyFile(path, &StudyWorkbench::openFile, QString());
    });
    m_importOnnx = file->addAction(tr("&Import ONNX model…"), QKeySequence(tr("Ctrl+I")), this, &MainWindow::importOnnxModel);
    m_importOnnx->setStatusTip(tr("Read an .onnx model's graph: every operator that computes MACs becomes a layer of the "
                                  "network (scheduling studies), its operators the workload graph (placement studies)"));
    QAction* sweepResults = file->addAction(tr("Open s&weep results…"), QKeySequence(tr("Ctrl+Shift+W")), this, [this] {
        const QString path = FileDialog::openFile(
            this, tr("Open sweep results"), QString(),
            tr("Sweep results (*.csv *.json);;A results folder's sweep.json (sweep.json)"));
        if (!path.isEmpty())
            openSweepResults(path);
    });
    sweepResults->setStatusTip(tr("Compare the optimizers of a sweep (mapscape-cli sweep): the table `sweep collect` "
                                  "wrote, or the sweep.json of a results folder"));
    file->addAction(tr("&Export results…"), QKeySequence(tr("Ctrl+E")), this, [this] {
        const QString path = FileDialog::saveFile(this, tr("Export results"), QStringLiteral("results.csv"),
                                                  currentWorkbench()->resultsFilter());
        withStudyFile(path, &StudyWorkbench::exportResults, tr("Wrote %1").arg(path));
    });
    file->addAction(tr("Export &mapping…"), QKeySequence(tr("Ctrl+Shift+E")), this, [this] {
        const QString path = FileDialog::saveFile(this, tr("Export mapping"), QString(), currentWorkbench()->mappingFilter());
        withStudyFile(path, &StudyWorkbench::writeMapping, tr("Wrote %1").arg(path));
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    return newStudy;
}

void MainWindow::withStudyFile(const QString& path, const std::function<QString(StudyWorkbench*, const QString&)>& action,
                               const QString& done)
{
    if (path.isEmpty())
        return;
    if (const QString error = action(currentWorkbench(), path); !error.isEmpty())
        reportError(error);
    else if (!done.isEmpty())
        statusBar()->showMessage(done, 5000);
}

void MainWindow::importOnnxModel()
{
    StudyWorkbench* wb = currentWorkbench();
    if (!wb->acceptsOnnx()) {
        reportError(tr("This study has no network to import into: ONNX models become the network of a "
                       "scheduling-table study or the workload graph of a tensor-placement study."));
        return;
    }
    const QString path = FileDialog::openFile(this, tr("Import ONNX model"), QString(), tr("ONNX models (*.onnx)"));
    if (path.isEmpty())
        return;
    if (const QString error = wb->openFile(path); !error.isEmpty()) {
        reportError(error);
        return;
    }
    reportImport(wb, path);
}

void MainWindow::reportImport(StudyWorkbench* wb, const QString& path)
{
    // The account (layers, MACs, what was left out or is not modelled) and the notes stay
    // readable in a box (the status line is soon taken by the evaluation).
    const QString account = wb->takeImportAccount();
    const QStringList warnings = wb->takeImportWarnings();
    if (account.isEmpty())
        return; // cancelled
    const QString file = QFileInfo(path).fileName();
    auto* box = new QMessageBox(QMessageBox::Information, tr("ONNX import"), tr("%1 imported").arg(file), QMessageBox::Ok,
                                this);
    box->setObjectName(QStringLiteral("onnxAccount"));
    QString text = account;
    if (!warnings.isEmpty())
        text += QStringLiteral("\n\n") + (warnings.size() == 1 ? tr("1 note:") : tr("%1 notes:").arg(warnings.size())) +
                QStringLiteral("\n• ") + warnings.join(QStringLiteral("\n• "));
    box->setInformativeText(text);
    box->setStyleSheet(QStringLiteral("QLabel { min-width: 460px; }")); // lines of the account stay whole
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::buildEditMenu()
{
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_undoGroup->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_undoGroup->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
}

void MainWindow::buildHelpMenu()
{
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("Help on this &study"), QKeySequence::HelpContents, this, [this] { showHelp(true); })
        ->setToolTip(tr("What the shown study's problem is, what each tab shows, which paper, how to read the charts"));
    help->addAction(tr("Help &contents"), this, [this] { showHelp(false); });
    help->addSeparator();
    help->addAction(tr("&About Mapscape"), this, [this] {
        QMessageBox::about(this, tr("About Mapscape"),
                           tr("<b>Mapscape %1</b><p>An interactive design-space explorer for DNN accelerators: scheduling "
                              "tables, dataflow mappings, accelerator sizing, DPU configuration and tensor placement, "
                              "each with its cost model, optimizers and live runs.</p><p>Qt %2</p>")
                               .arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion())));
    });
}

void MainWindow::buildStudiesDock(QMenu* newStudy)
{
    // Studies: a list on the left; the chosen study's workbench fills the window.
    m_studyList = new QListWidget(this);
    m_studyList->setToolTip(tr("The studies of this project: each is one design problem with its own inputs and runs"));
    m_studyList->setMinimumWidth(190);
    m_studyList->setWordWrap(true);
    auto* add = new QToolButton(this);
    add->setText(tr("New"));
    add->setPopupMode(QToolButton::InstantPopup);
    add->setMenu(newStudy);
    add->setToolTip(tr("Add a study of another (or the same) design problem"));
    auto* rename = new QPushButton(tr("Rename"), this);
    auto* remove = new QPushButton(tr("Remove"), this);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(rename);
    buttons->addWidget(remove);
    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->addWidget(m_studyList, 1);
    sideLayout->addLayout(buttons);
    auto* dock = new QDockWidget(tr("Studies"), this);
    dock->setObjectName(QStringLiteral("studies"));
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    dock->setWidget(side);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    m_stack = new QStackedWidget(this);
    setCentralWidget(m_stack);
    connect(m_studyList, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < studyCount()) {
            showStudy(row);
            statusBar()->clearMessage(); // a line about another study would mislead
        }
    });
    connect(rename, &QPushButton::clicked, this, [this] {
        const int i = currentStudy();
        bool ok = false;
        const QString name =
            QInputDialog::getText(this, tr("Rename study"), tr("Name"), QLineEdit::Normal, studyName(i), &ok);
        if (ok)
            renameStudy(i, name);
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        const int i = currentStudy();
        if (studyCount() > 1 &&
            (!isVisible() || QGuiApplication::platformName() == QStringLiteral("offscreen") ||
             QMessageBox::question(this, tr("Remove study"),
                                   tr("Remove \"%1\" and its runs from the project?").arg(studyName(i))) ==
                 QMessageBox::Yes))
            removeStudy(i);
    });
}

void MainWindow::startAutosave()
{
    // Unsaved work is written every 20 s (MAPSCAPE_AUTOSAVE_MS overrides, for tests).
    const int autosaveMs = qEnvironmentVariableIsSet("MAPSCAPE_AUTOSAVE_MS") ? qEnvironmentVariableIntValue("MAPSCAPE_AUTOSAVE_MS")
                                                                              : 20000;
    m_autosave.setInterval(std::max(100, autosaveMs));
    connect(&m_autosave, &QTimer::timeout, this, &MainWindow::autosaveNow);
    m_autosave.start();
}

void MainWindow::fitToScreen()
{
    // 1500 × 920 where the screen has room; on a smaller one (1280 × 800) the window and its frame
    // fit what the screen offers (issue 49, item 7). The layouts' minimum still wins.
    QSize size(1500, 920);
    if (const QScreen* s = screen())
        size = size.boundedTo(s->availableGeometry().size() - QSize(16, 48));
    resize(size);
}

// ---------------------------------------------------------------------------------------------
// Studies

StudyWorkbench* MainWindow::workbench(int index) const
{
    // A study's workbench is its view, built when first asked for: the window is the same
    // window before and after, so this stays a const question to callers.
    return const_cast<MainWindow*>(this)->buildWorkbench(index);
}

int MainWindow::builtWorkbenches() const
{
    return int(std::count_if(m_studies.begin(), m_studies.end(), [](const StudyEntry& e) { return e.workbench; }));
}

QString MainWindow::studyName(int index) const
{
    if (index < 0 || index >= studyCount())
        return {};
    const StudyEntry& e = m_studies[std::size_t(index)];
    return e.workbench ? e.workbench->studyName() : qs(e.study.name);
}

int MainWindow::indexOf(const StudyWorkbench* wb) const
{
    for (std::size_t i = 0; i < m_studies.size(); ++i)
        if (m_studies[i].workbench == wb)
            return int(i);
    return -1;
}

int MainWindow::currentStudy() const { return m_studyList->currentRow(); }

HelpWindow* MainWindow::showHelp(bool currentStudy)
{
    if (!m_help)
        m_help = new HelpWindow(this);
    const StudyWorkbench* shown = currentStudy ? currentWorkbench() : nullptr;
    m_help->showPage(shown ? QString::fromStdString(shown->kind().info().id) : QString());
    return m_help;
}

StudyWorkbench* MainWindow::currentWorkbench() const { return workbench(currentStudy()); }

void MainWindow::setCurrentStudy(int index)
{
    if (index < 0 || index >= studyCount())
        return;
    if (m_studyList->currentRow() == index)
        showStudy(index); // already the list's row (a study just added at an empty list's first row)
    else
        m_studyList->setCurrentRow(index);
}

void MainWindow::showStudy(int index)
{
    if (StudyWorkbench* wb = workbench(index)) {
        m_stack->setCurrentWidget(wb);
        syncUndoStack();
    }
}

QString MainWindow::uniqueStudyName(const StudyKind& kind) const
{
    const QString base = qs(kind.title());
    for (int n = 1;; ++n) {
        const QString name = QStringLiteral("%1 %2").arg(base).arg(n);
        bool used = false;
        for (int i = 0; i < studyCount() && !used; ++i)
            used = studyName(i) == name;
        if (!used)
            return name;
    }
}

bool MainWindow::roomForStudy()
{
    if (studyCount() < int(kMaxProjectStudies))
        return true;
    reportError(tr("A project holds at most %1 studies: remove one first, or start another project.").arg(kMaxProjectStudies));
    return false;
}

StudyWorkbench* MainWindow::addStudy(const StudyKind& kind, const QString& name)
{
    if (!roomForStudy())
        return nullptr;
    const QString studyName = name.isEmpty() ? uniqueStudyName(kind) : name;
    try {
        return addStudy(makeStudy(studyName.toStdString(), kind.defaultInputs()));
    } catch (const std::exception& e) {
        // No presets to start from: the workbench as it starts, and why.
        StudyWorkbench* wb = makeWorkbench(kind, this);
        wb->setStudyName(studyName);
        appendStudy({wb, {}});
        setCurrentStudy(studyCount() - 1);
        markDirty();
        statusBar()->showMessage(tr("%1 starts empty: %2").arg(studyName, QString::fromUtf8(e.what())), 10000);
        return wb;
    }
}

StudyWorkbench* MainWindow::addStudy(const Study& study)
{
    if (!roomForStudy())
        return nullptr;
    StudyWorkbench* wb = makeWorkbench(study.kind(), this);
    QString error;
    if (!wb->setStudy(study, &error)) {
        delete wb;
        reportError(tr("%1: %2").arg(qs(study.name), error));
        return nullptr;
    }
    appendStudy({wb, {}});
    setCurrentStudy(studyCount() - 1);
    markDirty();
    return wb;
}

void MainWindow::appendStudy(StudyEntry entry)
{
    StudyWorkbench* wb = entry.workbench;
    m_studies.push_back(std::move(entry));
    new QListWidgetItem(m_studyList);
    refreshStudyItem(studyCount() - 1);
    if (wb)
        adopt(wb);
}

StudyWorkbench* MainWindow::buildWorkbench(int index)
{
    if (index < 0 || index >= studyCount())
        return nullptr;
    StudyEntry& e = m_studies[std::size_t(index)];
    if (e.workbench)
        return e.workbench;
    StudyWorkbench* wb = makeWorkbench(e.study.kind(), this);
    QString error;
    if (!wb->setStudy(e.study, &error)) {
        delete wb;
        leaveOut(index, error);
        return nullptr;
    }
    e.workbench = wb;
    e.study = {};
    adopt(wb);
    refreshStudyItem(index);
    return wb;
}

void MainWindow::leaveOut(int index, const QString& why)
{
    // The project file stays as it is until the user saves, as with the parts openProject
    // cannot read; this is rare: the project's reader checks what the workbenches check.
    const Study left = std::move(m_studies[std::size_t(index)].study);
    const bool shown = index == currentStudy();
    m_studies.erase(m_studies.begin() + index);
    {
        const QSignalBlocker block(m_studyList);
        delete m_studyList->takeItem(index);
    }
    const QString reason = tr("study \"%1\": %2 (study left out; the file is unchanged until you save)").arg(qs(left.name), why);
    m_openSkipped.append(reason);
    reportError(reason);
    if (studyCount() == 0)
        addStudy(left.kind()); // a window always shows a study
    else if (shown)
        setCurrentStudy(std::min(index, studyCount() - 1));
}

void MainWindow::adopt(StudyWorkbench* wb)
{
    m_stack->addWidget(wb);
    for (QUndoStack* s : wb->undoStacks())
        m_undoGroup->addStack(s);
    connect(wb, &StudyWorkbench::changed, this, [this, wb] {
        refreshStudyItem(indexOf(wb));
        markDirty();
    });
    connect(wb, &StudyWorkbench::setupChanged, this, [this, wb] { refreshStudyItem(indexOf(wb)); });
    // Status lines of the study shown only; a study in the background does not talk over it.
    connect(wb, &StudyWorkbench::message, this, [this, wb](const QString& text, int ms) {
        if (indexOf(wb) == currentStudy())
            statusBar()->showMessage(text, ms);
    });
    connect(wb, &StudyWorkbench::errorOccurred, this, &MainWindow::reportError);
    connect(wb, &StudyWorkbench::activeUndoStackChanged, this, &MainWindow::syncUndoStack);
    connect(wb, &StudyWorkbench::evaluationShown, this, &MainWindow::evaluationShown);
}

void MainWindow::refreshStudyItem(int index)
{
    QListWidgetItem* item = m_studyList->item(index);
    if (!item || index >= studyCount())
        return;
    const StudyEntry& e = m_studies[std::size_t(index)];
    const StudyKindInfo& k = (e.workbench ? e.workbench->kind() : e.study.kind()).info();
    const QString name = studyName(index);
    item->setText(QStringLiteral("%1\n%2").arg(name, e.workbench ? e.workbench->setupText() : qs(setupLabel(e.study.inputs))));
    item->setToolTip(QStringLiteral("%1\n%2\nCost model: %3").arg(name, qs(k.description), qs(k.costModel)));
}

bool MainWindow::removeStudy(int index)
{
    if (index < 0 || index >= studyCount() || studyCount() <= 1)
        return false;
    StudyWorkbench* wb = m_studies[std::size_t(index)].workbench;
    if (wb) {
        for (QUndoStack* s : wb->undoStacks())
            m_undoGroup->removeStack(s);
        m_stack->removeWidget(wb);
    }
    m_studies.erase(m_studies.begin() + index);
    {
        // takeItem reports a current row of the old numbering; the list and the stack are set
        // together below (setCurrentRow of an already-current row would not re-sync them).
        const QSignalBlocker block(m_studyList);
        delete m_studyList->takeItem(index);
    }
    delete wb; // cancels and joins its runs
    const int next = std::min(index, studyCount() - 1);
    {
        const QSignalBlocker block(m_studyList);
        m_studyList->setCurrentRow(next);
    }
    showStudy(next);
    syncUndoStack();
    markDirty();
    return true;
}

bool MainWindow::renameStudy(int index, const QString& name)
{
    const QString n = name.trimmed();
    if (index < 0 || index >= studyCount() || n.isEmpty())
        return false;
    StudyEntry& e = m_studies[std::size_t(index)];
    if (e.workbench)
        e.workbench->setStudyName(n);
    else
        e.study.name = n.toStdString();
    refreshStudyItem(index);
    markDirty();
    return true;
}

void MainWindow::clearStudies()
{
    while (!m_studies.empty()) {
        StudyWorkbench* wb = m_studies.back().workbench;
        m_studies.pop_back();
        if (!wb)
            continue;
        for (QUndoStack* s : wb->undoStacks())
            m_undoGroup->removeStack(s);
        m_stack->removeWidget(wb);
        delete wb;
    }
    m_studyList->clear();
}

int MainWindow::studyOfKind(const StudyKind& kind) const
{
    const auto kindAt = [this](int i) -> const StudyKind& {
        const StudyEntry& e = m_studies[std::size_t(i)];
        return e.workbench ? e.workbench->kind() : e.study.kind();
    };
    if (const int shown = currentStudy(); shown >= 0 && shown < studyCount() && &kindAt(shown) == &kind)
        return shown;
    for (int i = 0; i < studyCount(); ++i)
        if (&kindAt(i) == &kind)
            return i;
    return -1;
}

RunsPanel* MainWindow::runsPanel() const
{
    StudyWorkbench* wb = currentWorkbench();
    return wb ? wb->runsPanel() : nullptr;
}

void MainWindow::syncUndoStack()
{
    if (StudyWorkbench* wb = currentWorkbench())
        m_undoGroup->setActiveStack(wb->activeUndoStack());
}

// ---------------------------------------------------------------------------------------------
// Projects

void MainWindow::markDirty()
{
    if (m_loading || m_dirty)
        return;
    m_dirty = true;
    updateTitle();
}

void MainWindow::markUnmodified()
{
    m_dirty = false;
    updateTitle();
}

void MainWindow::setClean(const QString& projectPath)
{
    m_projectPath = projectPath;
    m_dirty = false;
    updateTitle();
}

QString MainWindow::projectName() const
{
    return m_projectPath.isEmpty() ? tr("untitled") : QFileInfo(m_projectPath).fileName();
}

void MainWindow::updateTitle()
{
    // The placeholder is always in the title, so Qt can show the modified marker.
    setWindowTitle(tr("Mapscape — %1[*]").arg(projectName()));
    setWindowModified(m_dirty);
}

std::optional<Project> MainWindow::currentProject() const
{
    Project p;
    for (std::size_t i = 0; i < m_studies.size(); ++i) {
        const StudyEntry& e = m_studies[i];
        if (std::optional<Study> st = e.workbench ? e.workbench->study() : e.study) {
            if (int(i) == currentStudy())
                p.active = int(p.studies.size());
            p.studies.push_back(std::move(*st));
        }
    }
    if (p.studies.empty())
        return std::nullopt;
    return p;
}

bool MainWindow::openProject(const QString& path)
{
    Project p;
    std::vector<std::string> skipped; // parts of the file that could not be read: left out, said below
    try {
        p = loadProject(path.toStdString(), &skipped);
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    // The study shown is built aside (the others when they are first shown); the current
    // studies stay until the project has opened. A study that cannot be shown is left out with
    // its reason, and the first one opens instead.
    std::size_t active = std::size_t(std::clamp(p.active, 0, int(p.studies.size()) - 1));
    StudyWorkbench* shown = nullptr;
    while (!shown && !p.studies.empty()) {
        const Study& st = p.studies[active];
        shown = makeWorkbench(st.kind());
        if (QString error; !shown->setStudy(st, &error)) {
            delete shown;
            shown = nullptr;
            skipped.push_back(tr("%1: study \"%2\": %3 (study left out)").arg(path, qs(st.name), error).toStdString());
            p.studies.erase(p.studies.begin() + std::ptrdiff_t(active));
            active = 0;
        }
    }
    if (!shown) {
        reportError(skipped.empty() ? tr("%1: no study to open").arg(path) : QString::fromStdString(skipped.front()));
        return false;
    }
    m_loading = true;
    clearStudies();
    for (std::size_t i = 0; i < p.studies.size(); ++i) {
        if (i == active)
            shown->setParent(this);
        appendStudy(i == active ? StudyEntry{shown, {}} : StudyEntry{nullptr, std::move(p.studies[i])});
    }
    setCurrentStudy(int(active));
    m_loading = false;
    syncUndoStack();
    setClean(path);
    rememberRecent(path);
    m_openSkipped.clear();
    for (const std::string& s : skipped)
        m_openSkipped.append(QString::fromStdString(s));
    if (!skipped.empty()) {
        // The file stays as it is until the user saves: saving writes what is open now.
        reportError(tr("Opened %1 without %n part(s) that could not be read; the file is unchanged until you "
                       "save:\n%2",
                       nullptr, int(skipped.size()))
                        .arg(QFileInfo(path).fileName(), m_openSkipped.join(QLatin1Char('\n'))));
    }
    statusBar()->showMessage(tr("Opened %1: %2 studies%3")
                                 .arg(QFileInfo(path).fileName())
                                 .arg(studyCount())
                                 .arg(skipped.empty() ? QString() : tr(", %n part(s) left out", nullptr, int(skipped.size()))),
                             skipped.empty() ? 5000 : 0);
    return true;
}

bool MainWindow::saveProjectAs(const QString& path)
{
    const std::optional<Project> p = currentProject();
    if (!p) {
        reportError(tr("Nothing to save yet: a study has no valid inputs."));
        return false;
    }
    try {
        saveProject(*p, path.toStdString());
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    setClean(path);
    QFile::remove(autosavePath());
    rememberRecent(path);
    statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
    return true;
}

QString MainWindow::autosavePath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + QStringLiteral("/autosave.mapscape.json");
}

bool MainWindow::autosaveNow()
{
    if (!m_dirty)
        return false;
    const std::optional<Project> p = currentProject();
    if (!p)
        return false;
    try {
        saveProject(*p, autosavePath().toStdString());
    } catch (const std::exception& e) {
        statusBar()->showMessage(tr("Autosave failed: %1").arg(QString::fromUtf8(e.what())), 8000);
        return false;
    }
    return true;
}

bool MainWindow::restoreAutosave()
{
    const QString path = autosavePath();
    if (!QFile::exists(path))
        return false;
    if (!openProject(path))
        return false;
    // Restored work is unsaved work: keep it marked so it is autosaved again and not lost.
    m_projectPath.clear();
    m_dirty = true;
    updateTitle();
    QSettings settings;
    QStringList list = recentProjects();
    list.removeAll(path);
    settings.setValue(QStringLiteral("recentProjects"), list);
    rebuildRecentMenu();
    statusBar()->showMessage(tr("Restored unsaved work from %1").arg(path), 10000);
    return true;
}

int MainWindow::liveRuns() const
{
    int n = 0;
    for (const StudyEntry& e : m_studies)
        n += e.workbench && e.workbench->runsPanel() ? e.workbench->runsPanel()->activeRuns() : 0;
    return n;
}

bool MainWindow::keepOrDiscardWork(const QString& leaving)
{
    const int live = liveRuns();
    if (!m_dirty && live == 0)
        return true;
    const bool interactive = isVisible() && QGuiApplication::platformName() != QStringLiteral("offscreen");
    if (!m_asker && !interactive)
        return true; // headless: no one to ask
    const QString runs = tr("%n run(s) still running or paused stop now; saving keeps them as interrupted.", nullptr, live);
    const QString question = m_dirty ? tr("Save changes to the project before %1?").arg(leaving) +
                                               (live > 0 ? QStringLiteral(" ") + runs : QString())
                                     : tr("Before %1: %2 Save the project first?").arg(leaving, runs);
    const QMessageBox::StandardButton answer =
            m_asker ? m_asker(question)
                    : QMessageBox::question(this, tr("Mapscape"), question,
                                            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                            m_dirty ? QMessageBox::Save : QMessageBox::Cancel);
    if (answer == QMessageBox::Discard)
        return true;
    if (answer != QMessageBox::Save)
        return false; // Cancel, or the box closed
    QString path = m_projectPath;
    if (path.isEmpty())
        path = FileDialog::saveFile(this, tr("Save project"), QStringLiteral("project.mapscape.json"),
                                    tr("Mapscape projects (*.mapscape.json)"));
    return !path.isEmpty() && saveProjectAs(path);
}

bool MainWindow::openProjectAsking(const QString& path)
{
    if (!keepOrDiscardWork(tr("opening %1").arg(QFileInfo(path).fileName())))
        return false;
    return openProject(path);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!keepOrDiscardWork(tr("quitting"))) {
        event->ignore();
        return;
    }
    QFile::remove(autosavePath()); // a clean exit: nothing to restore next time
    event->accept();
}

QStringList MainWindow::recentProjects() const
{
    return QSettings().value(QStringLiteral("recentProjects")).toStringList();
}

void MainWindow::rememberRecent(const QString& path)
{
    if (path == autosavePath())
        return;
    QStringList list = recentProjects();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > 8)
        list.removeLast();
    QSettings().setValue(QStringLiteral("recentProjects"), list);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList list = recentProjects();
    for (const QString& path : list)
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openProjectAsking(path); })->setToolTip(path);
    m_recentMenu->setEnabled(!list.isEmpty());
}

QWidget* MainWindow::openSweepResults(const QString& path)
{
    std::vector<sweep::ShardResult> results;
    try {
        results = sweep::loadSweepResults(path.toStdString());
    } catch (const std::exception& e) {
        reportError(QString::fromStdString(e.what()));
        return nullptr;
    }
    if (results.empty()) {
        reportError(tr("%1: holds no results").arg(path));
        return nullptr;
    }
    auto* window = new QWidget(this, Qt::Window);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setObjectName(QStringLiteral("sweepResultsWindow"));
    window->setWindowTitle(tr("Sweep \"%1\" — Mapscape").arg(QString::fromStdString(results.front().sweep)));
    auto* layout = new QVBoxLayout(window);
    auto* view = new SweepComparisonView(window);
    view->setResults(std::move(results), QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath()));
    layout->addWidget(view);
    window->resize(1100, 680);
    window->show();
    return window;
}

void MainWindow::reportError(const QString& message)
{
    statusBar()->showMessage(message.section(QLatin1Char('\n'), 0, 0), 15000);
    if (isVisible() && QGuiApplication::platformName() != QStringLiteral("offscreen"))
        QMessageBox::warning(this, tr("Mapscape"), message);
    else
        qWarning("%s", qPrintable(message));
}

} // namespace mapscape
