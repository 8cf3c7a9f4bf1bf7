// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The workbench of a scheduling-table study (seed 000): pick an accelerator, a network and a
/// mapping; the evaluation runs in the background and the per-layer results, the selected
/// layer's scheduling table and the network totals are shown; the network and the accelerator
/// are edited as tables; optimizer runs search tables. Choosing an accelerator, a network or a
/// mapping (from the boxes, a file or a run) is one undoable step of the Evaluate tab.

#include "kinds/scheduling/core/scheduling_study.h"
#include "kinds/scheduling/core/accelerator.h"
#include "core/network/layer.h"
#include "kinds/scheduling/core/mapping.h"
#include "kinds/scheduling/widgets/evaluation_runner.h"
#include "widgets/study/workbench_shell.h"

#include <QHash>
#include <QUndoStack>

#include <optional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QTableView;
class QTabWidget;

namespace mapscape {

class AcceleratorDocument;
class AcceleratorTableModel;
class EnergyBreakdownChart;
class LayerTableModel;
class NetworkDocument;
class ResultsTableModel;
class SchedulingTableView;

/// GUI thread only.
class SchedulingWorkbench final : public WorkbenchShell {
    Q_OBJECT

public:
    enum Tab { EvaluateTab, NetworkTab, AcceleratorTab, OptimizeTab, TabCount };

    explicit SchedulingWorkbench(QWidget* parent = nullptr);
    ~SchedulingWorkbench() override;

    std::optional<Study> study() const override;
    bool setStudy(const Study& study, QString* error) override;
    QList<QUndoStack*> undoStacks() const override;
    QUndoStack* activeUndoStack() const override;
    QString setupText() const override;
    QString openFile(const QString& path) override;
    bool acceptsOnnx() const override { return true; }
    QString exportResults(const QString& path) const override;
    /// Writes the current mapping: .json (Mapscape), .csv, .yaml (Timeloop map) or, for any
    /// other path, a folder of NeuroSpector cfg files. Returns an error message or "".
    QString writeMapping(const QString& path) const override;
    QStringList tabNames() const override;
    bool evaluationPending() const override { return !m_snapshot; }

    /// Select presets (or files) by name; false (and errorOccurred) on bad input.
    bool selectAccelerator(const QString& nameOrPath);
    bool selectNetwork(const QString& nameOrPath);
    bool selectMapping(const QString& nameOrPath);
    /// Shows a mapping (a run's best tables) in the Evaluate tab, undoably; false (and a
    /// message) if it was made for another accelerator or network, or has no table at all.
    bool showMapping(const Mapping& mapping, const QString& label);

    /// The evaluation shown (or null before the first one finishes).
    const EvaluationSnapshot* currentSnapshot() const;
    NetworkDocument* networkDocument() const { return m_networkDoc; }
    AcceleratorDocument* acceleratorDocument() const { return m_accDoc; }
    /// The Evaluate tab's undo stack: accelerator, network and mapping choices.
    QUndoStack* setupUndoStack() { return &m_setupStack; }
    ResultsTableModel* resultsModel() const { return m_model; }
    /// The totals line above the results ("Total: 12.5 mJ, 162 M cycles", or why there is none).
    QString totalsText() const;
    QComboBox* acceleratorCombo() const { return m_accCombo; }
    QComboBox* networkCombo() const { return m_netCombo; }
    QComboBox* mappingCombo() const { return m_mapCombo; }

    /// What the boxes and editors hold, as one undoable value.
    struct SetupState {
        QString accKey, accLabel; ///< preset path, or "custom" with a label
        Accelerator accelerator;
        QString netKey, netLabel;
        Network network;
        QString mapKey, mapLabel; ///< "" = trivial, a preset path, or "session:<label>"
        std::optional<Mapping> mapping;
        bool hasAccelerator = false, hasNetwork = false;
    };
    SetupState captureState() const;
    void applyState(const SetupState& state);

private:
    void buildUi();
    QWidget* buildNetworkEditor();
    QWidget* buildAcceleratorEditor();
    void pushState(SetupState after, const QString& text);
    void syncCombo(QComboBox* combo, const QString& key, const QString& label);
    void refillMappingCombo(const SetupState& state);
    void inputsChanged();
    void reevaluate();
    void showSnapshot(quint64 generation, std::shared_ptr<const EvaluationSnapshot> snapshot);
    void showFailure(quint64 generation, const QString& message);
    void showLayerDetails();
    void setTotals(const QString& text, bool problem);
    void acceleratorEdited();
    void networkEdited();
    void reportError(const QString& message);

    EvaluationRunner m_runner;
    QUndoStack m_setupStack;
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
    NetworkDocument* m_networkDoc = nullptr;
    AcceleratorDocument* m_accDoc = nullptr;
    AcceleratorTableModel* m_accModel = nullptr;
    LayerTableModel* m_layerModel = nullptr;
    QTableView* m_layerTable = nullptr;

    bool m_hasAccelerator = false;
    bool m_hasNetwork = false;
    /// The last inputs that evaluated (saved when the editors hold an invalid value).
    std::optional<Accelerator> m_validAccelerator;
    std::optional<Network> m_validNetwork;
    QString m_accKey, m_accLabel, m_netKey, m_netLabel, m_mapKey, m_mapLabel;
    /// The chosen preset or file an edited input is compared with ("(edited)" or not).
    template <class T>
    struct Base {
        QString key, label;
        T value;
    };
    std::optional<Base<Accelerator>> m_accBase;
    std::optional<Base<Network>> m_netBase;
    /// "(edited)" follows the content: the box shows the base's entry while `value` equals it
    /// (undoing every edit brings the preset's name back), else "<name> (edited)".
    template <class T>
    void followEdits(const T& value, const std::optional<Base<T>>& base, QString& key, QString& label, QComboBox* combo)
    {
        if (!base || base->key.isEmpty())
            return;
        const bool same = value == base->value;
        const QString k = same ? base->key : kCustomKey();
        const QString l = same ? base->label : QString::fromStdString(value.name) + tr(" (edited)");
        if (k == key && l == label)
            return;
        key = k;
        label = l;
        m_applying = true;
        syncCombo(combo, key, label);
        m_applying = false;
    }
    static QString kCustomKey();
    std::optional<Mapping> m_mapping; // empty = trivial mapping
    QHash<QString, Mapping> m_sessionMappings; // combo data "session:<label>" → mapping
    std::shared_ptr<const EvaluationSnapshot> m_snapshot;
    bool m_applying = false;
    bool m_inputsInvalid = false; ///< the editors hold inputs that cannot be evaluated
    QString m_optimizerProblems;
};

} // namespace mapscape
