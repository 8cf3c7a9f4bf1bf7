// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The workbench of an accelerator-sizing study (seed 002: GRMD on RNN / LSTM / GRU
/// accelerators). Design: edit the workload (cell, sizes, sequence length; the components of a
/// custom cell), the design (the paper's seven genes), the model options (tile policy, SIMD
/// lanes, HASCO's noise, off-chip), the FPGA limits (ZCU102 preset) and the constraints, and see
/// the model's answer live — latency, power, area and energy, the cost database's area / power
/// split per component, FPGA resources against the limits, each component's tile. Design space:
/// enable, fix, range or list each gene, with the live space size. Sensitivity: the paper's
/// Table 3 regenerated beside the paper's numbers. Optimize: GRMD and its baselines. GRMD stages:
/// stage 1's populations (best / mean / worst area, feasible vs violating, the population
/// coloured by feasibility), stage 2's learning (reward, ε, losses, the policy as a resource ×
/// value heatmap, entropies) and stage 3's solutions. Results: every run's non-dominated designs
/// overlaid in three 2-D projections and parallel coordinates, hypervolume against evaluations
/// and wall time. Every edit is undoable.

#include "kinds/accel/core/accel_study.h"
#include "kinds/accel/core/accel_model.h"
#include "widgets/study/workbench_shell.h"

#include <QHash>
#include <QTimer>

#include <functional>

#include <array>
#include <map>
#include <optional>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace mapscape {

class NumberEdit;
class RealEdit;

using AccelDocument = InputsDocument<AccelInputs>;
class AccelResultsView;
class EnergyBreakdownChart;
class GrmdStagesView;

/// GUI thread only.
class AccelWorkbench final : public KindWorkbench<AccelInputs> {
    Q_OBJECT

public:
    enum Tab { DesignTab, SpaceTab, SensitivityTab, OptimizeTab, StagesTab, ResultsTab, TabCount };
    /// Columns of the design-space table.
    enum SpaceColumn { SpGene, SpSearched, SpHow, SpLow, SpHigh, SpStep, SpValues, SpFixed, SpCount, SpColumns };

    explicit AccelWorkbench(QWidget* parent = nullptr);
    ~AccelWorkbench() override;

    /// An accelerator-sizing study file, or a design / run-result JSON (the design shown).
    QString openFile(const QString& path) override;
    QString exportResults(const QString& path) const override;
    /// ".study.json": the study; ".json": the design with its metrics; ".m": MAESTRO files of
    /// every component in a folder named after the file. Error message or "".
    QString writeMapping(const QString& path) const override;
    QStringList tabNames() const override;

    /// Loads a study preset ("rnn", "lstm", "gru") or file as the inputs (undoable).
    bool selectPreset(const QString& nameOrPath);
    /// Shows a run's best design (result JSON), undoably.
    bool showResult(const QString& resultJson, const QString& label);
    /// Sets one gene of the design shown (undoable); false + error message on a bad value.
    bool setDesignGene(AccelGene gene, int value);
    /// Edits a cell of the design-space table as the user would; "" or the error naming the field
    /// (the edit is then not applied).
    QString setSpaceCell(AccelGene gene, SpaceColumn column, const QString& text);

    /// The current evaluation (invalid metrics carry the reason in `evaluationError`).
    const AccelDetail& detail() const { return m_detail; }
    QString evaluationError() const { return m_error; }
    QString summaryText() const;
    QString spaceSizeText() const;
    QTableWidget* componentTable() const { return m_components; }
    QTableWidget* spaceTable() const { return m_spaceTable; }
    QTableWidget* sensitivityTable() const { return m_sensitivity; }
    QString sensitivitySummary() const;
    GrmdStagesView* stagesView() const { return m_stagesView; }
    AccelResultsView* resultsView() const { return m_resultsView; }
    /// Recomputes the stage and results views from the runs now (they follow the runs at the
    /// panel's drain rate).
    void refreshRunViews();
    void refreshSensitivity();

private:
    void buildUi();
    QWidget* buildDesignTab();
    // The Design tab's parts (accel_design_tab.cpp), in the order it shows them.
    QGroupBox* buildWorkloadBox(QWidget* parent);
    QGroupBox* buildDesignBox(QWidget* parent);
    QGroupBox* buildConstraintsBox(QWidget* parent);
    QGroupBox* buildFpgaBox(QWidget* parent);
    QGroupBox* buildModelBox(QWidget* parent);
    QWidget* buildDesignResults();
    QWidget* buildSpaceTab();
    QWidget* buildSensitivityTab();
    void documentChanged() override;
    /// The model must accept the workload and its options, and the design be well formed.
    QString refusal(const AccelInputs& in) const override;
    void afterStudySet() override;
    void evaluate();
    void refreshEditors();
    void refreshComponents();
    void refreshSpaceTable();
    void applySpaceEdit(int row, int column);
    void editInputs(const std::function<void(AccelInputs&)>& edit, const QString& label, int mergeKey);
    void reportError(const QString& message);

    bool m_updating = false;
    AccelDetail m_detail;
    QString m_error;

    // Design tab.
    QComboBox* m_preset = nullptr;
    QComboBox* m_cell = nullptr;
    std::array<NumberEdit*, 4> m_sizes{};     ///< input, hidden, output, sequence length
    QTableWidget* m_components = nullptr;
    QPushButton* m_addComponent = nullptr;
    QPushButton* m_removeComponent = nullptr;
    std::array<NumberEdit*, kAccelGenes> m_genes{}; ///< null for dataflow and dtype
    QComboBox* m_dataflow = nullptr;
    QComboBox* m_tilePolicy = nullptr;
    QComboBox* m_costDb = nullptr;
    NumberEdit* m_simd = nullptr;
    NumberEdit* m_nocPorts = nullptr;
    NumberEdit* m_hopLatency = nullptr;
    QCheckBox* m_noise = nullptr;
    RealEdit* m_noiseAmplitude = nullptr;
    NumberEdit* m_noiseSeed = nullptr;
    QCheckBox* m_offchip = nullptr;
    std::array<RealEdit*, 3> m_constraints{}; ///< area, latency, power
    QComboBox* m_limitsPreset = nullptr;
    std::array<RealEdit*, 4> m_limits{};      ///< LUT, DSP, BRAM36, bandwidth
    std::array<RealEdit*, 6> m_proxy{};
    std::array<QProgressBar*, 4> m_usage{};
    QLabel* m_summary = nullptr;
    EnergyBreakdownChart* m_areaChart = nullptr;
    EnergyBreakdownChart* m_powerChart = nullptr;
    QTableWidget* m_componentResults = nullptr;

    // Design space tab.
    QTableWidget* m_spaceTable = nullptr;
    QLabel* m_spaceSize = nullptr;

    // Sensitivity tab.
    QComboBox* m_sensitivityControl = nullptr;
    QTableWidget* m_sensitivity = nullptr;
    QLabel* m_sensitivityLabel = nullptr;
    bool m_sensitivityDirty = true;

    // Run views.
    GrmdStagesView* m_stagesView = nullptr;
    AccelResultsView* m_resultsView = nullptr;
    QTimer m_runViewsTimer;
};

} // namespace mapscape
