// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Inside a GRMD run (seed 002), for the accelerator-sizing workbench: stage 1's genetic
/// algorithm (best / mean / worst area per generation, feasible vs violating members, the latest
/// population coloured by feasibility), stage 2's actor-critic (reward and its running mean, ε,
/// actor and critic losses, per-gene policy entropies, the policy as a resource × value heatmap,
/// the GA's subspace) and step 3's solutions. It follows one GRMD or plain-GA run of the study's
/// RunsPanel: its curves from the panel's recorded metrics, its tables from the run's latest
/// snapshots ("ga/population", "rl/policy", "grmd/subspace", "grmd/solutions").

#include <QHash>
#include <QWidget>

#include <array>
#include <cstdint>
#include <string>

class QComboBox;
class QLabel;
class QTabWidget;
class QTableWidget;

namespace mapscape {

class HeatmapWidget;
class LiveLineChart;
class OptimizerRun;
class RunsPanel;

/// GUI thread only.
class GrmdStagesView : public QWidget {
    Q_OBJECT

public:
    explicit GrmdStagesView(RunsPanel* runs, QWidget* parent = nullptr);

    /// Lists the panel's GRMD and GA runs; keeps the one shown, else shows the newest.
    void syncChooser();
    /// Appends what the run recorded since the last refresh; re-reads changed snapshots.
    void refresh();
    /// The run followed (nullptr: none, or a saved run of an earlier session).
    OptimizerRun* run() const;
    /// 0 stage 1, 1 stage 2, 2 step 3.
    void showStage(int index);
    /// 0 area, 1 feasible / violating, 2 reward, 3 ε, 4 losses, 5 entropies.
    LiveLineChart* stageChart(int index) const;
    QTableWidget* populationTable() const { return m_population; }
    QTableWidget* solutionsTable() const { return m_solutions; }
    HeatmapWidget* policyHeatmap() const { return m_policy; }

Q_SIGNALS:
    /// A solution was double-clicked: its design as a result document.
    void designRequested(const QString& resultJson, const QString& label);

private:
    /// Shows another run: its curves are appended again from the start.
    void follow(int runId);
    /// Appends the run's recorded metrics to the stage charts.
    void appendCurves();
    /// Each snapshot of the run (its JSON) shown in its table, map or note.
    void showPopulation(const std::string& json);
    void showPolicy(const std::string& json);
    void showSubspace(const std::string& json);
    void showSolutions(const std::string& json, const OptimizerRun& run);

    RunsPanel* m_runs;
    QComboBox* m_stagesRun = nullptr;
    QLabel* m_stagesHelp = nullptr;
    QTabWidget* m_stageTabs = nullptr;
    std::array<LiveLineChart*, 6> m_stageCharts{};
    QTableWidget* m_population = nullptr;
    HeatmapWidget* m_policy = nullptr;
    QTableWidget* m_solutions = nullptr;
    QLabel* m_subspace = nullptr;
    int m_stagesRunId = -1;
    QHash<QString, qsizetype> m_consumed; ///< metric → points already appended to the charts
    std::uint64_t m_snapshotVersion = 0;
};

} // namespace mapscape
