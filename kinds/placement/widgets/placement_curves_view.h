// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Speed-up curves over seeds (spec §7, the paper's Fig. 3): speed-up over the compiler against
/// iterations for EGRL, EA, PG, Greedy-DP and random search as mean ± std over runs, with the
/// paper's final values as dashed lines; from this project's runs on the current workload and
/// hardware (best so far, or each window's best: the current champion) or from a results file of
/// bench/reproduce_seed004. A sweep runs methods × seeds one after the other.

#include "kinds/placement/core/placement_study.h"
#include "core/study/study.h"

#include <QWidget>

#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace mapscape {

class NumberEdit;

class BandChart;
class OptimizerRun;
class RunsPanel;
struct PlacementBenchRun;

/// GUI thread only.
class PlacementCurvesView final : public QWidget {
    Q_OBJECT

public:
    enum Source { ProjectRuns, BenchmarkFile };
    enum Curve { BestSoFar, WindowBest };

    PlacementCurvesView(RunsPanel* runs, QWidget* parent = nullptr);
    ~PlacementCurvesView() override;

    /// The study's inputs: project runs are grouped on this workload and hardware, and the
    /// paper's lines follow its workload.
    void setInputs(const PlacementInputs& inputs);
    void refresh();

    void setSource(Source source);
    void setCurve(Curve curve);
    /// Reads a reproduce_seed004 results file and shows it; false + message on error (the view
    /// keeps what it showed).
    bool loadBenchmark(const QString& path, QString* error = nullptr);
    /// Benchmark mode: which preset and workload ("hardware-like", "resnet50").
    bool chooseBenchmark(const QString& preset, const QString& workload);

    /// Queues `seeds` runs of each method (seeds first, first+1, …) with `iterations` maps each;
    /// they run one after the other. False if nothing was queued.
    bool startSweep(const QStringList& methods, int seeds, int firstSeed, int iterations);
    void stopSweep();
    int pendingSweepRuns() const { return int(m_pending.size()); }
    bool sweepRunning() const { return m_sweepRun != nullptr; }

    BandChart* chart() const { return m_chart; }
    QTableWidget* summary() const { return m_summary; }
    QString statusText() const;

private:
    struct Group;
    /// This project's runs on the current setup by method; `windowBest` also collects every
    /// map's speed-up (the window-best curves).
    std::vector<Group> projectGroups(bool windowBest) const;
    std::vector<Group> benchmarkGroups() const;
    void syncBenchmarkChoosers();
    void startNextSweepRun();

    RunsPanel* m_runs;
    std::optional<PlacementInputs> m_inputs;
    QComboBox* m_source = nullptr;
    QComboBox* m_curve = nullptr;
    QComboBox* m_preset = nullptr;
    QComboBox* m_workload = nullptr;
    QLabel* m_presetLabel = nullptr;
    QLabel* m_workloadLabel = nullptr;
    QPushButton* m_load = nullptr;
    std::vector<QCheckBox*> m_sweepMethods;
    NumberEdit* m_seeds = nullptr;
    NumberEdit* m_firstSeed = nullptr;
    NumberEdit* m_iterations = nullptr;
    QPushButton* m_startSweep = nullptr;
    QPushButton* m_stopSweep = nullptr;
    QLabel* m_sweepStatus = nullptr;
    QLabel* m_status = nullptr;
    BandChart* m_chart = nullptr;
    QTableWidget* m_summary = nullptr;
    std::vector<PlacementBenchRun> m_bench;
    QString m_benchPath;
    std::vector<OptimizerSettings> m_pending;
    OptimizerRun* m_sweepRun = nullptr;
    int m_sweepTotal = 0, m_sweepDone = 0;
};

} // namespace mapscape
