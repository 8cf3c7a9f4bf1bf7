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
#include <span>

class QComboBox;
class QLabel;
class QVBoxLayout;

namespace mapscape {

class LiveLineChart;
class RunListModel;
class RunsPanel;

/// A view that follows one run of the panel, chosen in a combo box above its charts: the list
/// follows the panel's runs (those the view accepts), the newest is chosen when the followed run
/// goes, and the charts start afresh when another run is chosen. GUI thread only.
class RunFollowingView : public QWidget {
    Q_OBJECT

public:
    /// Follows a run by id (false if the view does not list it).
    bool followRun(int runId);
    int followedRun() const { return m_runId; }
    QString statusText() const;
    /// Re-lists the runs and appends what the followed run recorded since the last refresh.
    virtual void refresh() = 0;

protected:
    RunFollowingView(RunsPanel* runs, const QString& chooserLabel, const QString& chooserTip,
                     std::function<bool(const RunListModel&, int row)> accept, QWidget* parent);
    /// Re-lists the accepted runs; follows the chosen one (charts cleared) if it changed.
    void relist();
    /// The charts cleared when another run is followed.
    virtual std::span<LiveLineChart* const> charts() const = 0;

    RunsPanel* m_runs;
    QVBoxLayout* m_layout = nullptr; ///< the chooser bar, then what the view adds
    QComboBox* m_chooser = nullptr;
    QLabel* m_status = nullptr;
    int m_runId = -1;
    QHash<QString, qsizetype> m_consumed; ///< points appended per metric (appendRecorded)

private:
    void follow(int runId);
    std::function<bool(const RunListModel&, int row)> m_accept;
};

/// GUI thread only.
class PlacementTrainingView final : public RunFollowingView {
    Q_OBJECT

public:
    explicit PlacementTrainingView(RunsPanel* runs, QWidget* parent = nullptr);
    void refresh() override;
    /// 0 speed-ups, 1 validity, 2 temperatures, 3 migration, 4 SAC losses, 5 SAC entropy and Q.
    LiveLineChart* chart(int index) const { return m_charts.at(std::size_t(index)); }

private:
    std::span<LiveLineChart* const> charts() const override { return m_charts; }
    std::array<LiveLineChart*, 6> m_charts{};
};

/// Fig. 4, zero-shot transfer: the speed-up on other workloads of the best GNN a run has trained
/// so far, with no further training, against the run's iterations (runs started with the
/// "Zero-shot workloads" option). GUI thread only.
class PlacementZeroShotView final : public RunFollowingView {
    Q_OBJECT

public:
    explicit PlacementZeroShotView(RunsPanel* runs, QWidget* parent = nullptr);
    void refresh() override;
    /// 0 speed-up of the compiled map per target, 1 mapping error ε per target.
    LiveLineChart* chart(int index) const { return m_charts.at(std::size_t(index)); }

private:
    std::span<LiveLineChart* const> charts() const override { return m_charts; }
    std::array<LiveLineChart*, 2> m_charts{};
    QHash<QString, QString> m_names; ///< target id → workload name ("bert" → "BERT-base")
};

} // namespace mapscape
