// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "app/gui/main_window.h"

#include "core/cost/report.h"
#include "core/export/evaluation_writer.h"
#include "core/export/mapping_csv.h"
#include "core/export/timeloop_map.h"
#include "core/io/neurospector_cfg.h"
#include "core/io/file_util.h"
#include "core/io/preset_io.h"
#include "core/io/preset_library.h"
#include "core/util/strings.h"
#include "widgets/charts/pareto_chart.h"
#include "widgets/document/accelerator_document.h"
#include "widgets/document/network_document.h"
#include "widgets/models/accelerator_table_model.h"
#include "widgets/views/scheduling_table_view.h"
#include "widgets/models/layer_table_model.h"
#include "widgets/models/results_table_model.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QGuiApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QHBoxLayout>
#include <QPushButton>
#include <QFormLayout>
#include <QLineEdit>
#include <QUndoGroup>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>

namespace mapscape {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

void fillPresetCombo(QComboBox* combo, PresetKind kind)
{
    combo->clear();
    for (const PresetInfo& p : listPresets(kind))
        combo->addItem(qs(p.name), qs(p.path));
}

/// Index of the item whose name or path matches, -1 if none.
int findItem(const QComboBox* combo, const QString& nameOrPath)
{
    for (int i = 0; i < combo->count(); ++i) {
        const QString path = combo->itemData(i).toString();
        if (path == nameOrPath || combo->itemText(i).compare(nameOrPath, Qt::CaseInsensitive) == 0 ||
            (!path.isEmpty() && QFileInfo(path).completeBaseName().compare(nameOrPath, Qt::CaseInsensitive) == 0))
            return i;
    }
    return -1;
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    buildUi();
    connect(&m_runner, &EvaluationRunner::finished, this, &MainWindow::showSnapshot);
    connect(&m_runner, &EvaluationRunner::failed, this, &MainWindow::showFailure);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildUi()
{
    setWindowTitle(tr("Mapscape"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/mapscape.svg")));

    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Open &project…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open project"), QString(),
                                                          tr("Mapscape projects (*.mapscape.json *.json)"));
        if (!path.isEmpty())
            openProject(path);
    });
    file->addAction(tr("&Save project"), QKeySequence::Save, this, [this] {
        QString path = m_projectPath;
        if (path.isEmpty())
            path = QFileDialog::getSaveFileName(this, tr("Save project"), QStringLiteral("project.mapscape.json"),
                                                tr("Mapscape projects (*.mapscape.json)"));
        if (!path.isEmpty())
            saveProjectAs(path);
    });
    file->addAction(tr("Save project &as…"), QKeySequence::SaveAs, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save project as"), QStringLiteral("project.mapscape.json"),
                                                          tr("Mapscape projects (*.mapscape.json)"));
        if (!path.isEmpty())
            saveProjectAs(path);
    });
    m_recentMenu = file->addMenu(tr("&Recent projects"));
    rebuildRecentMenu();
    file->addSeparator();
    file->addAction(tr("&Open accelerator, network or mapping…"), QKeySequence::Open, this, &MainWindow::openFile);
    file->addAction(tr("&Export results…"), QKeySequence(tr("Ctrl+E")), this, &MainWindow::exportResults);
    file->addAction(tr("Export &mapping…"), QKeySequence(tr("Ctrl+Shift+E")), this, &MainWindow::exportMapping);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    m_networkDoc = new NetworkDocument(this);
    m_accDoc = new AcceleratorDocument(this);
    // One Edit menu for both editors: the active stack follows the tab.
    m_undoGroup = new QUndoGroup(this);
    m_undoGroup->addStack(m_networkDoc->undoStack());
    m_undoGroup->addStack(m_accDoc->undoStack());
    m_undoGroup->setActiveStack(m_networkDoc->undoStack());
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_undoGroup->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_undoGroup->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QToolBar* bar = addToolBar(tr("Project"));
    bar->setMovable(false);
    m_accCombo = new QComboBox(this);
    m_netCombo = new QComboBox(this);
    m_mapCombo = new QComboBox(this);
    m_mapCombo->setMinimumContentsLength(36);
    m_mapCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    bar->addWidget(new QLabel(tr(" Accelerator "), this));
    bar->addWidget(m_accCombo);
    bar->addWidget(new QLabel(tr("  Network "), this));
    bar->addWidget(m_netCombo);
    bar->addWidget(new QLabel(tr("  Mapping "), this));
    bar->addWidget(m_mapCombo);

    m_model = new ResultsTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ResultsTableModel::SortRole);
    m_table = new QTableView(this);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // network order until the user clicks a header
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);

    m_details = new QPlainTextEdit(this);
    m_details->setReadOnly(true);
    m_details->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_details->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_details->setPlaceholderText(tr("Select a layer to see its scheduling table and cost breakdown."));

    m_tableView = new SchedulingTableView(this);
    m_breakdown = new EnergyBreakdownChart(this);
    m_breakdown->setMinimumHeight(200);
    auto* detailSplit = new QSplitter(Qt::Vertical, this);
    detailSplit->addWidget(m_tableView);
    detailSplit->addWidget(m_breakdown);
    detailSplit->addWidget(m_details);
    detailSplit->setStretchFactor(1, 1);
    detailSplit->setStretchFactor(2, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_table);
    split->addWidget(detailSplit);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    m_runs = new RunsPanel(this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(split, tr("Evaluate"));
    m_tabs->addTab(buildNetworkEditor(), tr("Network"));
    m_tabs->addTab(buildAcceleratorEditor(), tr("Accelerator"));
    m_tabs->addTab(m_runs, tr("Optimize"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        m_undoGroup->setActiveStack(tab == AcceleratorTab ? m_accDoc->undoStack() : m_networkDoc->undoStack());
    });
    setCentralWidget(m_tabs);
    connect(m_runs, &RunsPanel::message, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_runs, &RunsPanel::mappingRequested, this, [this](const Mapping& mapping) {
        showMapping(mapping, QString::fromStdString(mapping.source));
    });

    m_totals = new QLabel(this);
    statusBar()->addPermanentWidget(m_totals);

    m_updatingCombos = true;
    fillPresetCombo(m_accCombo, PresetKind::Accelerator);
    fillPresetCombo(m_netCombo, PresetKind::Network);
    m_updatingCombos = false;

    connect(m_accCombo, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!m_updatingCombos && i >= 0)
            selectAccelerator(m_accCombo->itemData(i).toString());
    });
    connect(m_netCombo, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!m_updatingCombos && i >= 0)
            selectNetwork(m_netCombo->itemData(i).toString());
    });
    connect(m_mapCombo, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!m_updatingCombos && i >= 0)
            selectMapping(m_mapCombo->itemData(i).toString());
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MainWindow::showLayerDetails);
    connect(m_networkDoc, &NetworkDocument::changed, this, &MainWindow::markDirty);
    // Autosave: unsaved work is written every 20 s (MAPSCAPE_AUTOSAVE_MS overrides, for tests).
    const int autosaveMs = qEnvironmentVariableIsSet("MAPSCAPE_AUTOSAVE_MS") ? qEnvironmentVariableIntValue("MAPSCAPE_AUTOSAVE_MS")
                                                                             : 20000;
    m_autosave.setInterval(std::max(50, autosaveMs));
    connect(&m_autosave, &QTimer::timeout, this, &MainWindow::autosaveNow);
    m_autosave.start();
    resize(1280, 760);
}

bool MainWindow::selectAccelerator(const QString& nameOrPath)
{
    try {
        Accelerator acc = nameOrPath == QStringLiteral("project:accelerator") && m_projectAccelerator
                              ? *m_projectAccelerator
                              : loadAccelerator(resolvePreset(nameOrPath.toStdString(), PresetKind::Accelerator));
        SchedulingModel check(acc); // validates; throws with the field on bad input
        m_accelerator = std::move(acc);
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    m_loadingDocuments = true;
    m_accDoc->setAccelerator(*m_accelerator);
    m_loadingDocuments = false;
    showInCombo(m_accCombo, nameOrPath, qs(m_accelerator->name));
    updateRunsProblem();
    m_mapping.reset(); // a mapping belongs to one accelerator
    refillMappingCombo();
    reevaluate();
    return true;
}

bool MainWindow::selectNetwork(const QString& nameOrPath)
{
    try {
        m_network = nameOrPath == QStringLiteral("project:network") && m_projectNetwork
                        ? *m_projectNetwork
                        : loadNetwork(resolvePreset(nameOrPath.toStdString(), PresetKind::Network));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    m_loadingDocuments = true;
    m_networkDoc->setNetwork(*m_network); // equal to m_network: networkEdited() ignores it
    m_loadingDocuments = false;
    showInCombo(m_netCombo, nameOrPath, qs(m_network->name));
    updateRunsProblem();
    m_mapping.reset();
    refillMappingCombo();
    reevaluate();
    return true;
}

void MainWindow::updateRunsProblem()
{
    if (m_accelerator && m_network)
        m_runs->setProblem(*m_accelerator, *m_network);
}

void MainWindow::showTab(int index) { m_tabs->setCurrentIndex(index); }

QWidget* MainWindow::buildNetworkEditor()
{
    auto* page = new QWidget(this);
    m_layerModel = new LayerTableModel(m_networkDoc, this);
    m_layerTable = new QTableView(page);
    m_layerTable->setModel(m_layerModel);
    m_layerTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_layerTable->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_layerTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_layerTable->setAlternatingRowColors(true);
    auto* add = new QPushButton(tr("Add layer"), page);
    auto* duplicate = new QPushButton(tr("Duplicate"), page);
    auto* remove = new QPushButton(tr("Remove"), page);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(duplicate);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    buttons->addWidget(new QLabel(tr("Invalid cells are tinted; hover for the reason. Edits re-evaluate the current mapping."), page));
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(buttons);
    layout->addWidget(m_layerTable, 1);

    const auto selectedRows = [this] {
        std::vector<int> rows;
        for (const QModelIndex& i : m_layerTable->selectionModel()->selectedRows())
            rows.push_back(i.row());
        std::sort(rows.begin(), rows.end());
        return rows;
    };
    connect(add, &QPushButton::clicked, this, [this, selectedRows] {
        const std::vector<int> rows = selectedRows();
        Layer l;
        l.name = m_networkDoc->uniqueName("LAYER_NEW");
        l.k = l.c = 64;
        l.p = l.q = 14;
        l.r = l.s = 3;
        m_networkDoc->insertLayers(rows.empty() ? int(m_networkDoc->network().layers.size()) : rows.back() + 1, {l});
    });
    connect(duplicate, &QPushButton::clicked, this, [this, selectedRows] { m_networkDoc->duplicateLayers(selectedRows()); });
    connect(remove, &QPushButton::clicked, this, [this, selectedRows] {
        const std::vector<int> rows = selectedRows();
        if (rows.empty())
            return;
        m_networkDoc->undoStack()->beginMacro(tr("Remove %1 layer(s)").arg(rows.size()));
        for (auto it = rows.rbegin(); it != rows.rend(); ++it)
            m_networkDoc->removeLayers(*it, 1);
        m_networkDoc->undoStack()->endMacro();
    });
    connect(m_layerModel, &LayerTableModel::editRejected, this, [this](const QString& why) {
        statusBar()->showMessage(why, 8000);
    });
    connect(m_networkDoc, &NetworkDocument::changed, this, &MainWindow::networkEdited);
    return page;
}

QWidget* MainWindow::buildAcceleratorEditor()
{
    auto* page = new QWidget(this);
    auto* form = new QFormLayout;
    const std::pair<ChipField, QString> chipFields[] = {{ChipField::PrecisionBits, tr("Word width (bits)")},
                                                       {ChipField::FrequencyMhz, tr("Clock (MHz)")},
                                                       {ChipField::MacEnergyPj, tr("MAC energy (pJ)")},
                                                       {ChipField::MacStaticMw, tr("MAC static power (mW)")}};
    for (const auto& [field, label] : chipFields) {
        auto* edit = new QLineEdit(page);
        edit->setMaximumWidth(160);
        form->addRow(label, edit);
        const ChipField f = field;
        const auto refresh = [this, edit, f] { edit->setText(chipFieldText(m_accDoc->accelerator(), f)); };
        connect(m_accDoc, &AcceleratorDocument::changed, edit, refresh);
        connect(edit, &QLineEdit::editingFinished, this, [this, edit, f] {
            const QString why = m_accDoc->setChipField(f, edit->text());
            if (!why.isEmpty()) {
                statusBar()->showMessage(why, 8000);
                edit->setText(chipFieldText(m_accDoc->accelerator(), f));
            }
        });
    }
    m_accModel = new AcceleratorTableModel(m_accDoc, this);
    auto* table = new QTableView(page);
    table->setModel(m_accModel);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->verticalHeader()->hide();
    table->setAlternatingRowColors(true);
    connect(m_accModel, &AcceleratorTableModel::editRejected, this,
            [this](const QString& why) { statusBar()->showMessage(why, 8000); });
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Levels, innermost first. Invalid cells are tinted; hover for the reason. "
                                    "Edits re-evaluate the current mapping."),
                                 page));
    layout->addWidget(table, 1);
    connect(m_accDoc, &AcceleratorDocument::changed, this, &MainWindow::acceleratorEdited);
    return page;
}

void MainWindow::acceleratorEdited()
{
    if (m_loadingDocuments)
        return; // opened, not edited
    if (FieldIssues issues = validateAccelerator(m_accDoc->accelerator()); !issues.empty()) {
        statusBar()->showMessage(tr("Accelerator not evaluated: %1").arg(qs(joinIssues(issues))), 8000);
        return; // the editor shows what is wrong; the last evaluation stays
    }
    m_accelerator = m_accDoc->accelerator();
    markDirty();
    updateRunsProblem();
    reevaluate();
}

void MainWindow::networkEdited()
{
    if (m_network && *m_network == m_networkDoc->network())
        return; // a network was opened, not edited
    m_network = m_networkDoc->network();
    if (FieldIssues issues = validateNetwork(*m_network); !issues.empty()) {
        statusBar()->showMessage(tr("Network not evaluated: %1").arg(qs(joinIssues(issues))), 8000);
        return; // keep the last evaluation; the editor shows what is wrong
    }
    updateRunsProblem();
    reevaluate();
}

bool MainWindow::showMapping(const Mapping& mapping, const QString& label)
{
    if (!m_accelerator || !m_network || mapping.accelerator != m_accelerator->name || mapping.network != m_network->name) {
        reportError(tr("This mapping was made for %1 / %2; select them first.")
                        .arg(qs(mapping.accelerator), qs(mapping.network)));
        return false;
    }
    const QString key = QStringLiteral("session:") + label;
    m_sessionMappings.insert(key, mapping);
    markDirty();
    m_mapping = mapping;
    m_updatingCombos = true;
    int i = m_mapCombo->findData(key);
    if (i < 0) {
        m_mapCombo->addItem(label, key);
        i = m_mapCombo->count() - 1;
    }
    m_mapCombo->setCurrentIndex(i);
    m_updatingCombos = false;
    showTab(0);
    reevaluate();
    return true;
}

void MainWindow::markDirty()
{
    if (m_loadingDocuments)
        return; // a network was opened, not edited
    m_dirty = true;
    setWindowModified(true);
}

std::optional<Project> MainWindow::currentProject() const
{
    if (!m_accelerator)
        return std::nullopt;
    Project p;
    p.accelerator = *m_accelerator;
    p.network = m_networkDoc->network();
    p.mapping = m_mapping;
    const RunSettings s = m_runs->optimizerPanel()->settings();
    p.optimizer.id = s.optimizer;
    p.optimizer.options = s.options;
    p.optimizer.metric = s.metric;
    p.optimizer.dataflow = s.dataflow;
    p.optimizer.seed = s.seed;
    p.optimizer.threads = s.threads;
    return p;
}

bool MainWindow::openProject(const QString& path)
{
    Project p;
    try {
        p = loadProject(path.toStdString());
        SchedulingModel check(p.accelerator);
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    m_accelerator = p.accelerator;
    m_network = p.network;
    m_updatingCombos = true;
    m_projectAccelerator = p.accelerator;
    m_projectNetwork = p.network;
    for (QComboBox* combo : {m_accCombo, m_netCombo}) {
        const QString key = combo == m_accCombo ? QStringLiteral("project:accelerator") : QStringLiteral("project:network");
        const QString label = qs(combo == m_accCombo ? p.accelerator.name : p.network.name) + tr(" (project)");
        int i = combo->findData(key);
        if (i < 0) {
            combo->addItem(label, key);
            i = combo->count() - 1;
        }
        combo->setItemText(i, label);
        combo->setCurrentIndex(i);
    }
    m_updatingCombos = false;
    m_loadingDocuments = true;
    m_networkDoc->setNetwork(p.network);
    m_accDoc->setAccelerator(p.accelerator);
    m_loadingDocuments = false;
    refillMappingCombo();
    updateRunsProblem();
    RunSettings rs;
    rs.optimizer = p.optimizer.id;
    rs.options = p.optimizer.options;
    rs.metric = p.optimizer.metric;
    rs.dataflow = p.optimizer.dataflow;
    rs.seed = p.optimizer.seed;
    rs.threads = p.optimizer.threads;
    if (const QStringList problems = m_runs->optimizerPanel()->applySettings(rs); !problems.isEmpty())
        statusBar()->showMessage(tr("Optimizer settings not applied: %1").arg(problems.join(QStringLiteral(", "))), 10000);
    m_mapping.reset();
    if (p.mapping)
        showMapping(*p.mapping, tr("project mapping"));
    else
        reevaluate();
    m_projectPath = path;
    m_dirty = false;
    setWindowModified(false);
    setWindowTitle(tr("Mapscape — %1[*]").arg(QFileInfo(path).fileName()));
    rememberRecent(path);
    return true;
}

bool MainWindow::saveProjectAs(const QString& path)
{
    const std::optional<Project> p = currentProject();
    if (!p) {
        reportError(tr("Nothing to save yet: choose an accelerator."));
        return false;
    }
    try {
        saveProject(*p, path.toStdString());
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    m_projectPath = path;
    m_dirty = false;
    setWindowModified(false);
    setWindowTitle(tr("Mapscape — %1[*]").arg(QFileInfo(path).fileName()));
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
    setWindowModified(true);
    setWindowTitle(tr("Mapscape — restored unsaved work[*]"));
    statusBar()->showMessage(tr("Restored unsaved work from %1").arg(path), 10000);
    return true;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_dirty && isVisible() && QGuiApplication::platformName() != QStringLiteral("offscreen")) {
        const auto answer = QMessageBox::question(this, tr("Mapscape"), tr("Save changes to the project before closing?"),
                                                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
        if (answer == QMessageBox::Cancel) {
            event->ignore();
            return;
        }
        if (answer == QMessageBox::Save) {
            QString path = m_projectPath;
            if (path.isEmpty())
                path = QFileDialog::getSaveFileName(this, tr("Save project"), QStringLiteral("project.mapscape.json"));
            if (path.isEmpty() || !saveProjectAs(path)) {
                event->ignore();
                return;
            }
        }
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
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openProject(path); })->setToolTip(path);
    m_recentMenu->setEnabled(!list.isEmpty());
}

bool MainWindow::selectMapping(const QString& nameOrPath)
{
    if (nameOrPath.isEmpty()) {
        m_mapping.reset();
        reevaluate();
        return true;
    }
    if (auto it = m_sessionMappings.constFind(nameOrPath); it != m_sessionMappings.cend()) {
        m_mapping = *it;
        reevaluate();
        return true;
    }
    if (!m_accelerator || !m_network) {
        reportError(tr("Choose an accelerator and a network before a mapping."));
        return false;
    }
    try {
        m_mapping = loadMapping(resolvePreset(nameOrPath.toStdString(), PresetKind::Mapping), *m_accelerator, *m_network);
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
        return false;
    }
    showInCombo(m_mapCombo, nameOrPath, QFileInfo(nameOrPath).completeBaseName());
    reevaluate();
    return true;
}

void MainWindow::showInCombo(QComboBox* combo, const QString& nameOrPath, const QString& label)
{
    // Selecting programmatically must not re-trigger the combo's own selection handler.
    m_updatingCombos = true;
    if (const int i = findItem(combo, nameOrPath); i >= 0) {
        combo->setCurrentIndex(i);
    } else {
        combo->addItem(label, nameOrPath);
        combo->setCurrentIndex(combo->count() - 1);
    }
    m_updatingCombos = false;
}

void MainWindow::refillMappingCombo()
{
    m_updatingCombos = true;
    m_sessionMappings.clear();
    m_mapCombo->clear();
    m_mapCombo->addItem(tr("trivial (every loop at DRAM)"), QString());
    // Mapping presets are named <accelerator>_<network>_<source>_<metric>.
    const QString acc = m_accCombo->currentText();
    const QString net = m_netCombo->currentText();
    for (const PresetInfo& p : listPresets(PresetKind::Mapping)) {
        const QStringList parts = qs(p.name).split(QLatin1Char('_'));
        if (parts.size() == 4 && parts[0] == acc && parts[1] == net)
            m_mapCombo->addItem(parts[2] + QStringLiteral(" (") + parts[3] + QLatin1Char(')'), qs(p.path));
    }
    m_mapCombo->setCurrentIndex(0);
    m_updatingCombos = false;
}

void MainWindow::reevaluate()
{
    if (!m_accelerator || !m_network)
        return;
    statusBar()->showMessage(tr("Evaluating…"));
    m_runner.request(*m_accelerator, *m_network, m_mapping.value_or(Mapping{}),
                     {.trivialForMissing = !m_mapping.has_value()});
}

const EvaluationSnapshot* MainWindow::currentSnapshot() const { return m_snapshot.get(); }

void MainWindow::showSnapshot(quint64 generation, std::shared_ptr<const EvaluationSnapshot> snapshot)
{
    if (generation != m_runner.latestGeneration())
        return;
    m_snapshot = snapshot;
    m_model->setSnapshot(snapshot);
    m_table->resizeColumnsToContents();
    const NetworkResult& r = snapshot->result;
    m_totals->setText(tr("Total: %1 pJ, %2 cycles%3")
                          .arg(r.energy, 0, 'g', 6)
                          .arg(r.cycles, 0, 'g', 6)
                          .arg(r.complete() ? QString() : tr(" (%1 invalid layers excluded)").arg(r.invalidLayers)));
    statusBar()->showMessage(tr("%1 on %2: %3 layers evaluated")
                                 .arg(qs(snapshot->network.name), qs(snapshot->model->accelerator().name))
                                 .arg(r.layers.size()),
                             5000);
    setWindowTitle(tr("Mapscape — %1 on %2").arg(qs(snapshot->network.name), qs(snapshot->model->accelerator().name)));
    if (m_proxy->rowCount() > 0)
        m_table->selectRow(0);
    showLayerDetails();
    Q_EMIT evaluationShown();
}

void MainWindow::showFailure(quint64 generation, const QString& message)
{
    if (generation == m_runner.latestGeneration())
        reportError(message);
}

void MainWindow::showLayerDetails()
{
    const QModelIndex current = m_proxy->mapToSource(m_table->currentIndex());
    if (!m_snapshot || !current.isValid()) {
        m_details->clear();
        m_tableView->clear();
        m_breakdown->setBreakdown(QString(), {}, {}, {});
        return;
    }
    const LayerResult& lr = m_snapshot->result.layers[std::size_t(current.row())];
    m_tableView->setTable(m_snapshot->model, lr.layer, lr.table, lr.ok ? std::optional<Evaluation>(lr.eval) : std::nullopt);
    QStringList parts;
    QList<double> dyn, stat;
    for (CostPart part : {CostPart::Mac, CostPart::LocalBuffer, CostPart::GlobalBuffer, CostPart::Dram}) {
        parts.append(QString::fromUtf8(costPartShort(part).data()));
        dyn.append(lr.ok ? lr.eval.dynamicEnergy[std::size_t(idx(part))] : 0.0);
        stat.append(lr.ok ? lr.eval.staticEnergy[std::size_t(idx(part))] : 0.0);
    }
    m_breakdown->setBreakdown(tr("%1: energy by level").arg(qs(lr.layer)), parts, dyn, stat);
    const Layer& l = m_snapshot->network.layers[std::size_t(current.row())];
    std::string text = "Layer " + lr.layer + "  (" + std::string(layerKindName(l.kind())) + ")\n";
    text += "K=" + std::to_string(l.k) + " B=" + std::to_string(l.b) + " P=" + std::to_string(l.p) +
            " Q=" + std::to_string(l.q) + " C=" + std::to_string(l.c) + " R=" + std::to_string(l.r) +
            " S=" + std::to_string(l.s) + " G=" + std::to_string(l.g) + " stride=" + std::to_string(l.stride) +
            "\n\nScheduling table (outermost first)\n";
    text += formatTable(*m_snapshot->model, lr.table);
    if (!lr.ok) {
        text += "\nINVALID: " + lr.error + "\n";
    } else {
        text += "\n";
        for (const ReportField& f : reportFields(*m_snapshot->model, lr.eval, {.neurospectorZeroing = false})) {
            std::string label = f.label;
            label.resize(std::max<std::size_t>(label.size(), 28), ' ');
            text += label + formatSig(f.value, 8) + "\n";
        }
    }
    m_details->setPlainText(qs(text));
}

void MainWindow::openFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open"), QString(),
                                                      tr("Mapscape and NeuroSpector files (*.json *.jsonl *.cfg)"));
    if (path.isEmpty())
        return;
    try {
        const std::string text = readTextFile(path.toStdString());
        // Anything that is neither an accelerator nor a network is read as a mapping (tables,
        // reference result lines).
        const std::string kind = detectDocumentKind(text);
        if (kind == "accelerator")
            selectAccelerator(path);
        else if (kind == "network")
            selectNetwork(path);
        else
            selectMapping(path);
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
    }
}

QString MainWindow::writeMapping(const QString& path) const
{
    if (!m_snapshot)
        return tr("Nothing evaluated yet.");
    const Accelerator& acc = m_snapshot->model->accelerator();
    const Network& net = m_snapshot->network;
    // The tables shown: the evaluated mapping (trivial tables for layers without one).
    Mapping mapping = m_snapshot->mapping;
    mapping.accelerator = acc.name;
    mapping.network = net.name;
    mapping.layers.clear();
    for (std::size_t i = 0; i < net.layers.size() && i < m_snapshot->result.layers.size(); ++i)
        mapping.layers.push_back({net.layers[i].name, m_snapshot->result.layers[i].table});
    try {
        const std::string p = path.toStdString();
        if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
            writeTextFileAtomic(p, mappingToJson(mapping, acc));
        else if (path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive))
            writeTextFileAtomic(p, mappingToCsv(mapping, acc));
        else if (path.endsWith(QStringLiteral(".yaml"), Qt::CaseInsensitive) ||
                 path.endsWith(QStringLiteral(".yml"), Qt::CaseInsensitive))
            writeTextFileAtomic(p, mappingToTimeloopYaml(net, mapping, acc));
        else
            writeNeuroSpectorFolder(p, acc, net, mapping);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

void MainWindow::exportMapping()
{
    QString filter;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export mapping"), QStringLiteral("mapping.json"),
        tr("Mapscape JSON (*.json);;CSV (*.csv);;Timeloop map YAML (*.yaml);;NeuroSpector cfg folder (*)"), &filter);
    if (path.isEmpty())
        return;
    if (const QString error = writeMapping(path); !error.isEmpty())
        reportError(error);
    else
        statusBar()->showMessage(tr("Wrote %1").arg(path), 5000);
}

void MainWindow::exportResults()
{
    if (!m_snapshot) {
        reportError(tr("Nothing evaluated yet."));
        return;
    }
    QString selected;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export results"), QStringLiteral("results.csv"),
                                                      tr("CSV (*.csv);;JSON (*.json);;Text (*.txt)"), &selected);
    if (path.isEmpty())
        return;
    const OutputFormat fmt = path.endsWith(QStringLiteral(".json")) ? OutputFormat::Json
                             : path.endsWith(QStringLiteral(".txt")) ? OutputFormat::Text
                                                                     : OutputFormat::Csv;
    try {
        writeTextFileAtomic(path.toStdString(),
                            writeEvaluation(*m_snapshot->model, m_snapshot->network, m_snapshot->result, fmt));
        statusBar()->showMessage(tr("Wrote %1").arg(path), 5000);
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()));
    }
}

void MainWindow::reportError(const QString& message)
{
    statusBar()->showMessage(message.section(QLatin1Char('\n'), 0, 0), 15000);
    if (isVisible())
        QMessageBox::warning(this, tr("Mapscape"), message);
    else
        qWarning("%s", qPrintable(message));
}

} // namespace mapscape
