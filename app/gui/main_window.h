// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/project_io.h"
#include "core/model/accelerator.h"
#include "core/model/layer.h"
#include "core/model/mapping.h"
#include "core/runner/evaluation_runner.h"

#include <QHash>
#include <QMainWindow>
#include <QTimer>

#include <optional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QTableView;
class QTabWidget;
class QUndoGroup;

namespace mapscape {

class AcceleratorDocument;
class AcceleratorTableModel;
class EnergyBreakdownChart;
class LayerTableModel;
class SchedulingTableView;
class NetworkDocument;
class ResultsTableModel;
class RunsPanel;

/// The workbench window: pick an accelerator, a network and a mapping; the evaluation runs in
/// the background and the per-layer results, the selected layer's scheduling table and the
/// network totals are shown. GUI thread only.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    enum Tab { EvaluateTab, NetworkTab, AcceleratorTab, OptimizeTab };

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Select presets (or files) by name; returns false and shows why on bad input.
    bool selectAccelerator(const QString& nameOrPath);
    bool selectNetwork(const QString& nameOrPath);
    bool selectMapping(const QString& nameOrPath);

    /// The evaluation shown (or null before the first one finishes).
    const EvaluationSnapshot* currentSnapshot() const;
    /// The optimisation workbench (its own tab).
    RunsPanel* runsPanel() const { return m_runs; }
    /// Shows a mapping produced in this session (e.g. a run's best tables) in the Evaluate tab;
    /// false (and a message) if it was made for another accelerator or network.
    bool showMapping(const Mapping& mapping, const QString& label);
    /// Writes the current mapping: .json (Mapscape), .csv, .yaml (Timeloop map) or, for any
    /// other path, a directory of NeuroSpector cfg files. Returns an error message or "".
    QString writeMapping(const QString& path) const;
    /// The project as it stands: accelerator, edited network, mapping shown, optimizer settings.
    std::optional<Project> currentProject() const;
    /// Opens a project file; false and a message naming the field on bad input (the current
    /// work is kept).
    bool openProject(const QString& path);
    /// Saves to a path (atomic); false and a message on failure.
    bool saveProjectAs(const QString& path);
    /// Where unsaved work is autosaved (removed on a clean exit; restored after a crash).
    static QString autosavePath();
    /// Writes the autosave file now if there are unsaved changes; returns whether it wrote.
    bool autosaveNow();
    /// Restores the autosave file if there is one; returns whether it did.
    bool restoreAutosave();
    bool hasUnsavedChanges() const { return m_dirty; }
    QStringList recentProjects() const;
    /// The accelerator being edited (its undo stack is the Edit menu's on the Accelerator tab).
    AcceleratorDocument* acceleratorDocument() const { return m_accDoc; }
    /// Switches tab (see Tab).
    void showTab(int index);
    /// The network being edited (its undo stack is the Edit menu's).
    NetworkDocument* networkDocument() const { return m_networkDoc; }

Q_SIGNALS:
    /// Emitted whenever a new evaluation has been displayed.
    void evaluationShown();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildUi();
    void markDirty();
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();
    void refillMappingCombo();
    void showInCombo(QComboBox* combo, const QString& nameOrPath, const QString& label);
    void reevaluate();
    void showSnapshot(quint64 generation, std::shared_ptr<const EvaluationSnapshot> snapshot);
    void showFailure(quint64 generation, const QString& message);
    void showLayerDetails();
    void openFile();
    void exportResults();
    void exportMapping();
    void reportError(const QString& message);
    void updateRunsProblem();
    QWidget* buildNetworkEditor();
    QWidget* buildAcceleratorEditor();
    void acceleratorEdited();
    void networkEdited();

    EvaluationRunner m_runner;
    ResultsTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    QPlainTextEdit* m_details = nullptr;
    SchedulingTableView* m_tableView = nullptr;
    EnergyBreakdownChart* m_breakdown = nullptr;
    QComboBox* m_accCombo = nullptr;
    QComboBox* m_netCombo = nullptr;
    QComboBox* m_mapCombo = nullptr;
    QLabel* m_totals = nullptr;
    QTabWidget* m_tabs = nullptr;
    NetworkDocument* m_networkDoc = nullptr;
    AcceleratorDocument* m_accDoc = nullptr;
    AcceleratorTableModel* m_accModel = nullptr;
    QUndoGroup* m_undoGroup = nullptr;
    LayerTableModel* m_layerModel = nullptr;
    QTableView* m_layerTable = nullptr;
    RunsPanel* m_runs = nullptr;

    std::optional<Accelerator> m_accelerator;
    std::optional<Network> m_network;
    std::optional<Mapping> m_mapping; // empty = trivial mapping
    std::shared_ptr<const EvaluationSnapshot> m_snapshot;
    QHash<QString, Mapping> m_sessionMappings; // combo data "session:<label>" → mapping
    QString m_projectPath;
    std::optional<Accelerator> m_projectAccelerator; // as opened from the project file
    std::optional<Network> m_projectNetwork;
    bool m_dirty = false;
    bool m_loadingDocuments = false;
    QTimer m_autosave;
    QMenu* m_recentMenu = nullptr;
    bool m_updatingCombos = false;
};

} // namespace mapscape
