// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The workbench of a tensor-placement study (seed 004: EGRL on an NNP-I-like chip).
/// Memory map: the compiler's map above the map being edited (Fig. 6 bottom) with the diff, the
/// legalizer's demotions and pins; clicking a tensor cycles its level and the validity, ε,
/// latency and speed-up follow at once; Ctrl+click pins it; the compiler → map transition matrix
/// (Fig. 6 top); a run's policy as per-tensor probabilities. Optimize: EGRL, EA, PG, Greedy-DP,
/// random and local search as runs. Training: an EGRL run's population and learner per generation. Hardware: the latency model's parameters (undoable, checked
/// field by field). Workload: the built-in graphs or an imported one, node by node.

#include "kinds/placement/core/placement_study.h"
#include "widgets/editors/refused_cells.h"
#include "widgets/study/workbench_shell.h"

#include <QTimer>

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace mapscape {

namespace placement {
class PlacementModel;
}

using PlacementDocument = InputsDocument<PlacementInputs>;
class MemoryMapView;
class PlacementTimelineView;
class PlacementTrainingView;
class PlacementZeroShotView;
class PlacementCurvesView;
class MapEmbeddingView;

/// GUI thread only.
class PlacementWorkbench final : public KindWorkbench<PlacementInputs> {
    Q_OBJECT

public:
    enum Tab { MapTab, WorkloadTab, HardwareTab, OptimizeTab, CurvesTab, TrainingTab, ZeroShotTab, EmbeddingTab, TabCount };

    explicit PlacementWorkbench(QWidget* parent = nullptr);
    ~PlacementWorkbench() override;

    /// A workload (.json / .csv), a hardware file or a map file, recognised by its schema.
    QString openFile(const QString& path) override;
    bool acceptsOnnx() const override { return true; }
    /// Every run's best speed-up and latency (.csv).
    QString exportResults(const QString& path) const override;
    /// The map shown: ".json" a placement-map file, ".csv" per node (levels, t_comp, t_mem).
    QString writeMapping(const QString& path) const override;
    /// Columns of the Workload tab's node table.
    enum NodeColumn { NameColumn, OpColumn, InputsColumn, OutputColumn, WeightsColumn, ActivationColumn, MacsColumn, LiveColumn };
    /// Edits one cell of the node table (one undo step; the workload's name gains " (edited)");
    /// returns the error naming the field ("nodes[3].ofm: …"), nothing changed then.
    QString setWorkloadCell(int node, int column, const QString& text);
    /// Refreshes the run view on show (curves, training, zero-shot, embedding).
    void refreshShownView();
    QStringList tabNames() const override;

    /// The model of the current inputs (null while they are invalid).
    std::shared_ptr<const placement::PlacementModel> model() const { return m_model; }
    /// The map shown (the edited one, or the compiler's).
    placement::MemoryMap shownMap() const;
    MemoryMapView* mapView() const { return m_mapView; }
    PlacementTimelineView* timelineView() const { return m_timeline; }
    PlacementTrainingView* trainingView() const { return m_training; }
    PlacementZeroShotView* zeroShotView() const { return m_zeroShot; }
    PlacementCurvesView* curvesView() const { return m_curves; }
    MapEmbeddingView* embeddingView() const { return m_embedding; }
    QString mapSummary() const;
    QTableWidget* transitionTable() const { return m_transitions; }
    QTableWidget* hardwareTable() const { return m_hardware; }
    QTableWidget* nodeTable() const { return m_nodes; }

    /// Cycles a tensor's level (SRAM → LLC → DRAM → SRAM), one undo step; as a click does.
    void cycleTensor(int node, bool weights);
    /// Pins a tensor at its shown level, or unpins it.
    void togglePin(int node, bool weights);
    void resetToCompilerMap();
    /// Shows a run's best map (a placement-map document) as the edited map (undoable).
    QString showResultMap(const QString& json, const QString& label);
    /// Probability mode: the selected run's latest policy distribution (false if it has none).
    bool showPolicyDistribution(bool on);
    /// Edits a hardware parameter as the user would: "" or the error naming the field.
    QString setHardwareCell(int row, const QString& text);
    /// Chooses a built-in workload ("resnet50", "resnet101", "bert").
    void chooseWorkload(const QString& id);

private:
    void buildUi();
    QWidget* buildMapTab();
    QWidget* buildWorkloadTab();
    QWidget* buildHardwareTab();
    void documentChanged() override;
    /// The model must accept the workload and the hardware, and the map and pins fit the workload.
    QString refusal(const PlacementInputs& in) const override;
    void refreshMap();
    void refreshHardware();
    void refreshWorkload();
    /// A table edit's outcome: a refused entry keeps its text in a tinted cell that says why
    /// (kept across refreshes until fixed), and the status line names what is still refused.
    void showCellOutcome(QTableWidget* table, int row, int column, const QString& text, const QString& error);
    /// "llc_mib: …" → "LLC (MiB): …"; "nodes[3].inputs[0]: …" → "conv2 (node 3), Inputs: …".
    QString readable(QString message) const;
    /// The edits behind setHardwareCell / setWorkloadCell, with the model's field names.
    QString editHardwareCell(int row, const QString& text);
    QString editWorkloadCell(int node, int column, const QString& text);
    QString refusedStatus() const override;
    RefusedCells m_refused;
    void edit(const std::function<void(PlacementInputs&)>& change, const QString& label, int mergeKey = -1);
    /// Applies inputs that build a model (throws InputError naming the field otherwise, leaving
    /// the study as it was).
    void applyValid(PlacementInputs in, const QString& label, int mergeKey = -1);

    std::shared_ptr<const placement::PlacementModel> m_model;
    bool m_updating = false;

    MemoryMapView* m_mapView = nullptr;
    PlacementTimelineView* m_timeline = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_transitions = nullptr;
    QComboBox* m_transitionKind = nullptr;
    QComboBox* m_showMode = nullptr;
    QPushButton* m_resetMap = nullptr;
    QPushButton* m_clearPins = nullptr;

    QComboBox* m_workloadChooser = nullptr;
    QLabel* m_workloadSummary = nullptr;
    QTableWidget* m_nodes = nullptr;

    QTableWidget* m_hardware = nullptr;
    QComboBox* m_hardwarePreset = nullptr;
    QTimer m_distributionTimer;
    PlacementTrainingView* m_training = nullptr;
    PlacementZeroShotView* m_zeroShot = nullptr;
    PlacementCurvesView* m_curves = nullptr;
    MapEmbeddingView* m_embedding = nullptr;
    QTimer m_trainingTimer;
};

} // namespace mapscape
