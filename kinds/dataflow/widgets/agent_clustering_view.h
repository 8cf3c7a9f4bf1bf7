// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The Agents tab of a dataflow-mapping study (seed 001's Algorithm 1, made visible): sample the
/// design space with a random walk or the GA, keep the best fraction, and see the |Pearson r|
/// matrix of the parameters as a heatmap beside the Ward dendrogram of its rows. Drag the cut
/// (or set B) to choose the number of agents; the groups are colour-coded in the dendrogram and
/// in a table where any parameter can be moved to another agent by hand. "Use for MARL" hands
/// the groups to the MARL optimizer; "Sweep agent budget" starts MARL runs for
/// B ∈ {1, 2, 3, 6, 9, 10} on the Optimize tab. The pre-pass runs off the GUI thread.

#include "kinds/dataflow/core/dataflow_study.h"
#include "core/optim/rl/marl/marl_search.h"
#include "core/study/study.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>
#include <optional>
#include <stop_token>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace mapscape {

class NumberEdit;

class DendrogramWidget;
class HeatmapWidget;
class RunsPanel;

/// GUI thread only.
class AgentClusteringView final : public QWidget {
    Q_OBJECT

public:
    AgentClusteringView(RunsPanel* runs, QWidget* parent = nullptr);
    ~AgentClusteringView() override;

    /// The study's inputs changed: a shown clustering is marked stale.
    void setInputs(const DataflowInputs& inputs);

    /// Runs the pre-pass and clustering in the background; false (with the reason in
    /// statusText) when the inputs or settings are invalid.
    bool cluster();
    bool busy() const;
    /// Blocks until a running clustering has been shown (tests).
    void waitForClustering();
    void setPrepass(const QString& policy, int samples, int topPercent, const QString& objective, int seed);

    /// Agents currently chosen (cut or manual) and the agent of every free parameter.
    int agentCount() const;
    void setAgentCount(int agents);
    /// Moves a free parameter (by row of the groups table) to an agent (0-based), by hand.
    bool setParameterAgent(int row, int agent);
    /// "a,b,c,…": one agent number per design-space parameter (fixed ones get 0), as the MARL
    /// option "groups" takes it; "" when there is no clustering.
    QString groupsOption() const;
    /// Selects MARL on the Optimize tab with these groups (and the pre-pass settings).
    bool useForMarl();
    /// Starts MARL runs for B ∈ {1, 2, 3, 6, 9, 10} (capped at the free parameters); runs started.
    int sweepAgentBudget();

    QString statusText() const;
    DendrogramWidget* dendrogram() const { return m_dendrogram; }
    HeatmapWidget* heatmap() const { return m_heatmap; }
    QTableWidget* groupsTable() const { return m_groups; }
    const std::optional<PrepassClustering>& clustering() const { return m_result; }

Q_SIGNALS:
    void message(const QString& text);
    /// The user asked to see the Optimize tab (after starting runs).
    void optimizeRequested();

private:
    struct Outcome {
        std::optional<PrepassClustering> clustering;
        QString error;
        QStringList names; ///< every parameter of the clustered problem
    };
    void showOutcome();
    void refreshGroups();
    std::vector<int> currentGroups() const; ///< per free parameter

    RunsPanel* m_runs = nullptr;
    std::optional<DataflowInputs> m_inputs;
    QStringList m_paramNames;                ///< every design-space parameter of the clustered problem
    std::optional<PrepassClustering> m_result;
    std::vector<int> m_manual;               ///< per free parameter when edited by hand, else empty
    bool m_stale = false;
    bool m_updating = false;

    QComboBox* m_policy = nullptr;
    NumberEdit* m_samples = nullptr;
    NumberEdit* m_top = nullptr;
    QComboBox* m_objective = nullptr;
    NumberEdit* m_seed = nullptr;
    QPushButton* m_clusterButton = nullptr;
    QLabel* m_status = nullptr;
    HeatmapWidget* m_heatmap = nullptr;
    DendrogramWidget* m_dendrogram = nullptr;
    NumberEdit* m_agents = nullptr;
    QTableWidget* m_groups = nullptr;
    QPushButton* m_use = nullptr;
    QPushButton* m_sweep = nullptr;
    QFutureWatcher<Outcome>* m_watcher = nullptr;
    std::shared_ptr<std::stop_source> m_stop;
};

} // namespace mapscape
