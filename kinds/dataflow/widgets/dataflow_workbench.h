// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The workbench of a dataflow-mapping study (seed 001, MAESTRO-compatible model): edit one
/// layer and the spatial accelerator it runs on, write the mapping as MAESTRO directives (or
/// pick a dataflow template), see it as a loop nest, and watch the model's answer live — runtime
/// and what bounds it (compute, NoC, off-chip), energy by component (L1, L2, MACs), per-tensor
/// buffer requirements against capacity and reads / writes, area and power. The Design space
/// tab narrows the optimizers' parameters (with the space size), Explore sweeps two of them as
/// a heatmap, Optimize runs the optimizers (random, GA, GAMMA, BO, PPO, MARL) and compares them,
/// Agents clusters the parameters into MARL agents. Every edit is undoable.

#include "kinds/dataflow/core/dataflow_study.h"
#include "core/maestro/dataflow_types.h"
#include "widgets/study/workbench_shell.h"

#include <map>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace mapscape {

class AgentClusteringView;
class NumberEdit;
using DataflowDocument = InputsDocument<DataflowInputs>;
class DataflowProblem;
class EnergyBreakdownChart;
class HeatmapWidget;

/// GUI thread only.
class DataflowWorkbench final : public KindWorkbench<DataflowInputs> {
    Q_OBJECT

public:
    enum Tab { MappingTab, SpaceTab, ExploreTab, OptimizeTab, AgentsTab, TabCount };

    explicit DataflowWorkbench(QWidget* parent = nullptr);
    ~DataflowWorkbench() override;

    QString openFile(const QString& path) override;
    QString exportResults(const QString& path) const override;
    /// ".m": a MAESTRO mapping file (and <name>.hw.m beside it: the hardware); ".json": the
    /// mapping as a Mapscape template; ".study.json": the whole study. Error message or "".
    QString writeMapping(const QString& path) const override;
    QStringList tabNames() const override;

    /// Select a workload layer, hardware or mapping template by preset name or path (undoable).
    bool selectLayer(const QString& workload, const QString& layerName);
    bool selectHardware(const QString& nameOrPath);
    bool selectMappingTemplate(const QString& nameOrPath);
    /// Replaces the directives with MAESTRO text (one directive per line; "//" comments and
    /// blank lines ignored). Returns "" or the error naming the line.
    QString setDirectivesText(const QString& text);
    /// Shows a run's best mapping (JSON result document), undoably.
    bool showResult(const QString& resultJson, const QString& label);

    /// The current evaluation (nullopt when the inputs are invalid; then `evaluationError`).
    const std::optional<DataflowResult>& result() const { return m_result; }
    QString evaluationError() const { return m_error; }
    QString summaryText() const;
    QString loopNestText() const;
    /// The design-space size of the current options ("" when they are invalid).
    QString spaceSizeText() const;
    HeatmapWidget* heatmap() const { return m_heatmap; }
    /// The Agents tab (MARL's correlation clustering).
    AgentClusteringView* agentsView() const { return m_agentsView; }
    /// Recomputes the explorer's sweep now (the tab does it when shown or changed).
    void refreshExplorer();
    /// Explorer axes and objective by parameter / objective id.
    bool setExplorerAxes(const QString& rowParameter, const QString& colParameter, const QString& objective);

private:
    void buildUi();
    QWidget* buildMappingTab();
    QWidget* buildMappingResults(); ///< the Mapping tab's right side
    QGroupBox* buildLayerBox(QWidget* parent);       ///< the Mapping tab's editors, top to bottom
    QGroupBox* buildHardwareBox(QWidget* parent);
    QGroupBox* buildDirectivesBox(QWidget* parent);
    QWidget* buildSpaceTab();
    QWidget* buildExploreTab();
    void documentChanged() override;
    /// The hardware must be one the model accepts.
    QString refusal(const DataflowInputs& in) const override;
    void evaluate();
    void refreshEditors();
    void refreshLayerChooser(const DataflowInputs& in); ///< the workload and layer choosers
    void refreshLayerEdits(const DataflowLayer& layer); ///< the layer's sizes and strides
    QString layerVariableHelp(DfLayerType type, int var) const; ///< "output channels"
    void refreshSpaceTable();
    void applySpaceEdit(int row, int column);
    void setField(int var, int value);
    void setHardwareField(int field, long long value);
    void reportError(const QString& message);
    void explorerCellClicked(int row, int col);

    AgentClusteringView* m_agentsView = nullptr;
    // Choosers.
    QComboBox* m_workload = nullptr;
    QComboBox* m_layer = nullptr;
    QComboBox* m_hardware = nullptr;
    QComboBox* m_template = nullptr;
    // Layer and hardware editors.
    QComboBox* m_type = nullptr;
    std::map<int, NumberEdit*> m_varEdits;   ///< by variable slot (and 100 + n for strides)
    std::map<int, QLabel*> m_varLabels;
    std::map<int, NumberEdit*> m_hwEdits;    ///< by hardware field
    std::map<int, QLabel*> m_hwReadings;     ///< sizes and bandwidths in engineering units, by field
    QComboBox* m_costDb = nullptr;
    QPlainTextEdit* m_directives = nullptr;
    QLabel* m_directiveError = nullptr;
    QPushButton* m_applyDirectives = nullptr;
    // Results.
    QLabel* m_summary = nullptr;
    QTableWidget* m_tensorTable = nullptr;
    EnergyBreakdownChart* m_boundChart = nullptr;
    EnergyBreakdownChart* m_energyChart = nullptr;
    EnergyBreakdownChart* m_bufferChart = nullptr;
    QPlainTextEdit* m_loopNest = nullptr;
    // Design space.
    QTableWidget* m_spaceTable = nullptr;
    QCheckBox* m_divisors = nullptr;
    QCheckBox* m_parallelRS = nullptr;
    QCheckBox* m_capacity = nullptr;
    QLabel* m_spaceSize = nullptr;
    // Explorer.
    QComboBox* m_rowParam = nullptr;
    QComboBox* m_colParam = nullptr;
    QComboBox* m_exploreObjective = nullptr;
    HeatmapWidget* m_heatmap = nullptr;
    QLabel* m_exploreHelp = nullptr;
    std::vector<int> m_rowIndices, m_colIndices; ///< parameter value indices of the sweep's rows / columns

    std::optional<DataflowResult> m_result;
    QString m_error;
    std::shared_ptr<const DataflowProblem> m_problem; ///< for the space tab and the explorer
    QString m_problemError;
    std::map<std::string, std::int64_t> m_explorePoint; ///< the explorer's other parameters
    bool m_updating = false;
    bool m_explorerDirty = true;
};

} // namespace mapscape
