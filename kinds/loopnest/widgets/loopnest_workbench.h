// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The workbench of a loop-nest mapping study (Timeloop): the spec's mapping drawn as Timeloop's
/// loop nest, level by level, with its factors, loop orders and keep / bypass edited in place and
/// evaluated at once by the Timeloop-compatible model (an invalid mapping names the level and says
/// why); the results as totals, energy by level and data space, capacity used, and the per-level
/// statistics of timeloop-model's stats.txt in engineering units; the architecture's storage
/// levels and the problem as editable tables; and the Optimize tab (the mappers). Every edit is
/// one undo step on the study's spec tree.

#include "kinds/loopnest/core/loopnest_model.h"
#include "kinds/loopnest/core/loopnest_study.h"
#include "widgets/editors/refused_cells.h"
#include "widgets/study/workbench_shell.h"

#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTableWidget;

namespace mapscape {

class EnergyBreakdownChart;
using LoopnestDocument = InputsDocument<LoopnestInputs>;

/// GUI thread only. Evaluation runs on the GUI thread: one evaluation of a mapping takes
/// microseconds to a millisecond (measured in tst_loopnest_workbench), well below a frame.
class LoopnestWorkbench final : public KindWorkbench<LoopnestInputs> {
    Q_OBJECT

public:
    enum Tab { MappingTab, ResultsTab, ArchitectureTab, ProblemTab, OptimizeTab, TabCount };
    /// Columns of the loop-nest table: one keep / bypass column per data space from KeepColumn,
    /// then the model's verdict on the level (checkColumn()).
    enum NestColumn { NestText, FactorColumn, OrderColumn, SplitColumn, KeepColumn };
    /// Columns of the architecture table.
    enum ArchColumn {
        ArchLevel, ArchClass, ArchInstances, ArchMeshX, ArchMeshY, ArchDepth, ArchWidth, ArchWordBits, ArchBlockSize,
        ArchReadBw, ArchWriteBw, ArchReadPj, ArchFillPj, ArchUpdatePj, ArchLeakPj, ArchColumnCount
    };
    /// What a row of the loop-nest table stands for.
    struct NestRow {
        enum class Kind { Level, Spatial, TemporalLoop, SpatialLoop, Compute } kind = Kind::Level;
        int level = 0; ///< architecture index (0 = outermost)
        int dim = -1;  ///< loops: the problem dimension
    };

    explicit LoopnestWorkbench(QWidget* parent = nullptr);
    ~LoopnestWorkbench() override;

    /// Empty while no spec is parsed.
    std::optional<Study> study() const override;
    QString setupText() const override;
    /// A Timeloop YAML file (or a folder of them): a whole spec replaces the study's; a part
    /// (map.yaml, arch.yaml, ERT.yaml …) replaces that part of the spec. One undo step.
    QString openFile(const QString& path) override;
    /// Several files (or folders) as one spec or as parts of the current one, in one undo step.
    QString openFiles(const QStringList& paths);
    /// ".json": resultToJson; ".csv": one row per level and data space; otherwise the text report.
    QString exportResults(const QString& path) const override;
    /// "map.yaml" or any name without "spec": the mapping as timeloop-model reads it; a name with
    /// "spec" (or ".spec.yaml"): the whole spec tree as YAML. Error message or "".
    QString writeMapping(const QString& path) const override;
    QStringList tabNames() const override;

    /// The mapping shown (the spec's, or a trivial one — every factor at the outermost level —
    /// when the spec has none).
    const loopnest::Mapping& mapping() const { return m_mapping; }
    /// The model's answer for the mapping shown; nullopt when the spec cannot be evaluated (then
    /// evaluationError). A result that is not ok is an invalid mapping with the model's reason.
    const std::optional<loopnest::EvalResult>& result() const { return m_result; }
    QString evaluationError() const { return m_evalError; }
    /// The Results tab's totals, the Mapping tab's loop nest as text.
    QString summaryText() const;
    QString loopNestText() const;
    /// Replaces the mapping (one undo step; `label` names it).
    void setMapping(const loopnest::Mapping& mapping, const QString& label);
    /// Shows a run's best mapping (the kind's result document with mapping_yaml), undoably.
    bool showResult(const QString& resultJson, const QString& label);

    QTableWidget* nestTable() const { return m_nest; }
    QTableWidget* architectureTable() const { return m_arch; }
    QTableWidget* boundsTable() const { return m_bounds; }
    QTableWidget* coefficientsTable() const { return m_coefficients; }
    QTableWidget* statsTable() const { return m_stats; }
    EnergyBreakdownChart* energyChart() const { return m_energyChart; }
    EnergyBreakdownChart* capacityChart() const { return m_capacityChart; }
    QPlainTextEdit* projectionsText() const { return m_projections; }
    /// "Outermost level takes the rest": a factor edit keeps each dimension's product by
    /// changing the outermost level's temporal factor when it can.
    QCheckBox* balanceBox() const { return m_balance; }
    /// Shows loops of factor 1 too (so that any dimension's factor can be raised).
    QCheckBox* allLoopsBox() const { return m_allLoops; }
    /// The row of the loop-nest table of a level's header, or of a loop (-1 when not shown).
    int nestRow(NestRow::Kind kind, int level, int dim = -1) const;
    const std::vector<NestRow>& nestRows() const { return m_nestRows; }
    int checkColumn() const;
    /// The row of the architecture table of a storage level (the arithmetic level is the last row).
    int archRow(const QString& level) const;

private:
    void buildUi();
    QWidget* buildMappingTab();
    QWidget* buildResultsTab();
    QWidget* buildArchitectureTab();
    QWidget* buildProblemTab();
    void documentChanged() override;
    /// A new study forgets the entries refused in the last one.
    void beforeStudySet() override { m_refused = {}; }
    void evaluate();
    /// The status line: the evaluation's first line, or why the mapping or spec is refused.
    void showEvaluationMessage();
    void refreshNest();
    void refreshResults();
    void refreshArchitecture();
    void refreshProblem();
    /// Applies an edited cell of a table; "" or why the text was refused.
    QString editNestCell(int row, int column, const QString& text);
    QString editArchCell(int row, int column, const QString& text);
    /// Sets the energy of `level`'s ERT action (the first of `actions` its table has) in the spec.
    QString editErtCell(const std::string& level, const std::vector<const char*>& actions, const QString& header,
                        const QString& text);
    QString editBoundCell(int row, const QString& text);
    QString editCoefficientCell(int row, const QString& text);
    /// Keeps a refused entry in its cell with the reason (or forgets it once accepted).
    void showCellOutcome(QTableWidget* table, int row, int column, const QString& text, const QString& error);
    /// Applies a spec tree (architecture or problem edit): "" or the reader's reason.
    QString applyTree(nlohmann::ordered_json tree, const QString& label);
    QString refusedStatus() const override;

    // Mapping.
    QTableWidget* m_nest = nullptr;
    QLabel* m_nestStatus = nullptr;
    QCheckBox* m_balance = nullptr;
    QCheckBox* m_allLoops = nullptr;
    std::vector<NestRow> m_nestRows;
    // Results.
    QLabel* m_summary = nullptr;
    EnergyBreakdownChart* m_energyChart = nullptr;
    EnergyBreakdownChart* m_capacityChart = nullptr;
    QTableWidget* m_stats = nullptr;
    // Architecture and problem.
    QTableWidget* m_arch = nullptr;
    QLabel* m_archNote = nullptr;
    QTableWidget* m_bounds = nullptr;
    QTableWidget* m_coefficients = nullptr;
    QPlainTextEdit* m_projections = nullptr;

    std::shared_ptr<const loopnest::LoopnestModel> m_model; ///< compiled for the spec shown
    std::shared_ptr<const loopnest::Spec> m_modelSpec;      ///< the spec m_model was compiled from
    loopnest::Mapping m_mapping;
    std::optional<loopnest::EvalResult> m_result;
    QString m_evalError;
    RefusedCells m_refused;
    bool m_updating = false;
    int m_editedLevel = -1;     ///< the level of the last mapping edit (named by product errors)
    bool m_mappingEdit = false; ///< the edit being applied changes the mapping only
};

} // namespace mapscape
