// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The workbench of a DPU-configuration study (seed 003: DPUCConfig on a ZCU102). Platform: the
/// simulator's FPS, FPGA power and PPW over the 26 configurations × 33 model variants for each
/// background state as heatmaps, configurations below C_PERF crossed out, each variant's optimum
/// outlined; the cell shown with its figures; the simulator's parameters, background states and
/// measured corrections as editable tables (undoable, checked field by field); the paper's
/// calibration anchors as a pass/fail list and the calibration routine. Optimize: the PPO agent
/// and LinUCB as runs. Training: the learners' curves and the reward's CTXMEAN buckets.
/// Evaluation: Fig. 5's grouped bars and the summary beside the paper. Timeline: Fig. 6's
/// runtime trace. Policy: the trained policy's scores over the configurations for any observation.

#include "kinds/dpu/core/dpu_study.h"
#include "widgets/editors/refused_cells.h"
#include "widgets/study/workbench_shell.h"

#include "kinds/dpu/core/dpu_calibration.h"

#include <QFutureWatcher>
#include <QTimer>

#include <functional>
#include <memory>
#include <atomic>
#include <stop_token>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace mapscape {

namespace dpu {
class RecordedRuns;
}

using DpuDocument = InputsDocument<DpuInputs>;
class DpuEvaluationView;
class DpuPolicyView;
class DpuTimelineView;
class DpuTrainingView;
class HeatmapWidget;
class NumberEdit;
class RealEdit;

/// GUI thread only.
class DpuWorkbench final : public KindWorkbench<DpuInputs> {
    Q_OBJECT

public:
    enum Tab { PlatformTab, OptimizeTab, TrainingTab, EvaluationTab, TimelineTab, PolicyTab, TabCount };
    /// What the platform heatmap shows.
    enum class Metric { Fps, Power, Ppw, RelativePpw };

    explicit DpuWorkbench(QWidget* parent = nullptr);
    ~DpuWorkbench() override;

    /// A platform file ("mapscape/dpu-platform"): replaces the platform (undoable).
    QString openFile(const QString& path) override;
    /// The evaluation summary of every learner run and baseline (.txt, .csv or .json).
    QString exportResults(const QString& path) const override;
    /// ".json": the platform file (with its corrections); ".csv": the table shown in the
    /// heatmap for every state (variant, state, configuration, FPS, powers, PPW, feasible).
    QString writeMapping(const QString& path) const override;
    QStringList tabNames() const override;

    /// The recorded runs of the current platform and data seed (null while they are generated).
    std::shared_ptr<const dpu::RecordedRuns> recordedRuns() const { return m_recorded; }
    /// Blocks until the recorded runs of the current inputs exist (tests).
    void waitForRecordedRuns();

    /// Platform explorer.
    void setExplorerState(int state);
    void setExplorerMetric(Metric metric);
    HeatmapWidget* heatmap() const { return m_heatmap; }
    QString cellDetails() const;
    /// Shows a cell (variant, configuration) of the explorer's state (undoable, like a click).
    void showCell(int variant, int action);
    QTableWidget* parameterTable() const { return m_params; }
    QTableWidget* stateTable() const { return m_states; }
    QTableWidget* correctionTable() const { return m_corrections; }
    QTableWidget* anchorTable() const { return m_anchors; }
    QString anchorSummary() const;
    /// Edits a cell of the parameter / state / correction table as the user would: "" or why it
    /// is refused, naming the field as the table shows it with its unit ("DPU clock (MHz): must
    /// be positive, got 0"); a refused edit is not applied.
    QString setParameterCell(int row, const QString& text);
    QString setStateCell(int row, int column, const QString& text);
    QString setCorrectionCell(int row, int column, const QString& text);
    /// Adds a correction for the cell shown (factor 1: edit it, or type a measurement).
    void addCorrectionForShownCell();
    void removeCorrection(int row);
    /// Runs the §4.4 calibration in the background with this seed; applied (undoably) when done.
    void startCalibration(std::uint64_t seed);
    bool calibrating() const { return m_calibration.isRunning(); }
    void waitForCalibration();

    DpuTrainingView* trainingView() const { return m_training; }
    DpuEvaluationView* evaluationView() const { return m_evaluation; }
    DpuTimelineView* timelineView() const { return m_timeline; }
    DpuPolicyView* policyView() const { return m_policy; }
    /// Recomputes the run views now (they follow the runs at the panel's drain rate).
    void refreshRunViews();

private:
    void buildUi();
    QWidget* buildPlatformTab();
    // The Platform tab's parts (dpu_platform_tab.cpp), in the order it shows them.
    QWidget* buildPlatformExplorer(QWidget* parent);
    void buildParametersPage(QTabWidget* tabs);
    void buildBackgroundsPage(QTabWidget* tabs);
    void buildCorrectionsPage(QTabWidget* tabs);
    void buildAnchorsPage(QTabWidget* tabs);
    void documentChanged() override;
    /// The platform must validate and the cell shown be one of its cells.
    QString refusal(const DpuInputs& in) const override;
    void afterStudySet() override { refreshRunViews(); }
    void refreshExplorer();
    void refreshTables();
    void refreshAnchors();
    void regenerateRuns();
    void editInputs(const std::function<void(DpuInputs&)>& edit, const QString& label, int mergeKey);
    /// Applies a platform edit if it validates, else returns the first problem (field named).
    QString applyPlatform(const dpu::Platform& platform, const QString& label, int mergeKey);
    void reportError(const QString& message);
    /// The field names of the platform's issues as the tables show them.
    QString readableIssues(const FieldIssues& issues) const;
    /// A table edit's outcome: a refused entry keeps its text in a tinted cell that says why
    /// (kept across refreshes until fixed), and the status line names what is still refused.
    void showCellOutcome(QTableWidget* table, int row, int column, const QString& text, const QString& error);
    QString refusedStatus() const override;
    RefusedCells m_refused;

    bool m_updating = false;

    // Platform tab.
    QComboBox* m_stateChoice = nullptr;
    QComboBox* m_metricChoice = nullptr;
    QCheckBox* m_logColours = nullptr;
    HeatmapWidget* m_heatmap = nullptr;
    QLabel* m_details = nullptr;
    RealEdit* m_constraint = nullptr;
    NumberEdit* m_dataSeed = nullptr;
    QTableWidget* m_params = nullptr;
    QTableWidget* m_states = nullptr;
    QTableWidget* m_corrections = nullptr;
    QTableWidget* m_anchors = nullptr;
    QLabel* m_anchorSummary = nullptr;
    QPushButton* m_calibrate = nullptr;
    NumberEdit* m_calibrationSeed = nullptr;
    QLabel* m_calibrationStatus = nullptr;
    int m_explorerState = 0;
    Metric m_metric = Metric::Ppw;

    // Background work.
    std::shared_ptr<const dpu::RecordedRuns> m_recorded;
    QFutureWatcher<std::shared_ptr<const dpu::RecordedRuns>> m_runsWatcher;
    quint64 m_runsGeneration = 0;
    QTimer m_runsTimer;
    QFutureWatcher<dpu::CalibrationResult> m_calibration;
    std::stop_source m_calibrationStop;
    std::shared_ptr<std::atomic<double>> m_calibrationProgress;
    QTimer m_calibrationTimer;

    // Run views.
    DpuTrainingView* m_training = nullptr;
    DpuEvaluationView* m_evaluation = nullptr;
    DpuTimelineView* m_timeline = nullptr;
    DpuPolicyView* m_policy = nullptr;
    QTimer m_runViewsTimer;
};

} // namespace mapscape
