// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// How an EGRL run (or its EA / PG ablation) learns, generation by generation: best speed-up so
/// far beside the best of each population type (GNN members, Boltzmann chromosomes, the SAC
/// learner's ε-greedy and greedy rollouts), invalid maps and mean ε, the Boltzmann temperatures,
/// what became of the migrated SAC actor, and the SAC learner's losses, entropy and Q.

#include <QHash>
#include <QPointF>
#include <QWidget>

#include <array>
#include <functional>

class QComboBox;
class QLabel;

namespace mapscape {

class LiveLineChart;
class RunListModel;
class RunsPanel;

/// Re-lists the runs of `model` that `accept` takes (by row) in `chooser`, keeping its current
/// run or else choosing the newest; returns the chosen run's id (−1 if none).
int relistRuns(QComboBox* chooser, RunListModel* model, const std::function<bool(int row)>& accept);

/// GUI thread only.
class PlacementTrainingView final : public QWidget {
    Q_OBJECT

public:
    explicit PlacementTrainingView(RunsPanel* runs, QWidget* parent = nullptr);
    /// Re-lists the runs and appends what the followed run recorded since the last refresh.
    void refresh();
    /// Follows a run by id (false if the panel has no such run).
    bool followRun(int runId);
    int followedRun() const { return m_runId; }
    /// 0 speed-ups, 1 validity, 2 temperatures, 3 migration, 4 SAC losses, 5 SAC entropy and Q.
    LiveLineChart* chart(int index) const { return m_charts.at(std::size_t(index)); }
    QString statusText() const;

private:
    void syncChooser();
    void follow(int runId);

    RunsPanel* m_runs;
    QComboBox* m_chooser = nullptr;
    QLabel* m_status = nullptr;
    std::array<LiveLineChart*, 6> m_charts{};
    int m_runId = -1;
    QHash<QString, qsizetype> m_consumed;
};

/// Fig. 4, zero-shot transfer: the speed-up on other workloads of the best GNN a run has trained
/// so far, with no further training, against the run's iterations (runs started with the
/// "Zero-shot workloads" option). GUI thread only.
class PlacementZeroShotView final : public QWidget {
    Q_OBJECT

public:
    explicit PlacementZeroShotView(RunsPanel* runs, QWidget* parent = nullptr);
    void refresh();
    bool followRun(int runId);
    int followedRun() const { return m_runId; }
    /// 0 speed-up of the compiled map per target, 1 mapping error ε per target.
    LiveLineChart* chart(int index) const { return m_charts.at(std::size_t(index)); }
    QString statusText() const;

private:
    void follow(int runId);

    RunsPanel* m_runs;
    QComboBox* m_chooser = nullptr;
    QLabel* m_status = nullptr;
    std::array<LiveLineChart*, 2> m_charts{};
    int m_runId = -1;
    QHash<QString, qsizetype> m_consumed;
    QHash<QString, QString> m_names; ///< target id → workload name ("bert" → "BERT-base")
};

} // namespace mapscape
