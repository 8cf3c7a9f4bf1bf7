// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// One optimizer run on its own worker thread, for the GUI: start / pause / resume / cancel,
/// progress with ETA, and the run's metrics, evaluated points and best result buffered for the
/// GUI to pull at a capped rate. Any registered optimizer of any study kind runs through this one
/// path: scheduling-table strategies through runSearch, design-space optimizers through
/// runPointSearch.

#include "core/optim/accel/accel_problem.h"
#include "core/optim/dataflow/dataflow_space.h"
#include "core/optim/eta.h"
#include "core/optim/optimizer_registry.h"
#include "core/runner/posted_calls.h"
#include "core/study/study.h"

#include <QObject>
#include <QString>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace mapscape {

/// Everything a run needs, by value (copied into the worker).
struct RunSettings {
    std::string studyName;
    StudyInputs inputs;
    OptimizerSettings optimizer;
    ProblemKind kind() const { return kindOf(inputs); }
};

enum class RunState { Pending, Running, Paused, Finished, Cancelled, Failed };
/// "pending", "running", ...
QString runStateName(RunState s);

struct MetricPoint {
    std::string name;
    std::int64_t step = 0;
    double value = 0;
};

/// One evaluated design for the Pareto views: the objective values in the order of the study
/// kind's objectives (scheduling: energy, cycles, EDP of one layer's table).
struct EvaluatedPoint {
    int layer = -1; ///< scheduling studies: the layer; -1 otherwise
    std::array<double, kMaxObjectives> values{};
};

/// Lives on the thread that created it (the GUI thread); the search runs on a std::jthread it
/// owns. All signals are emitted on the owner's thread (the worker posts them queued);
/// `dataAvailable` is coalesced: it fires once until the buffers are drained with take*.
class OptimizerRun : public QObject {
    Q_OBJECT

public:
    OptimizerRun(int id, RunSettings settings, QObject* parent = nullptr);
    /// Cancels and joins the worker.
    ~OptimizerRun() override;

    int id() const { return m_id; }
    const RunSettings& settings() const { return m_settings; }
    ProblemKind kind() const { return m_settings.kind(); }
    /// "gamma #3 · VGG16 row 2 on Edge 256 PEs · latency"
    QString title() const;

    /// Validates the settings (building the problem and the optimizer) and starts the worker.
    /// Returns false and emits `failed` with a message naming the field on bad input.
    bool start();
    void pause();
    void resume();
    void cancel();

    RunState state() const;
    /// Paused and the worker has stopped between batches.
    bool pauseHeld() const { return m_control.holding(); }
    double progress() const;       ///< 0..1
    double elapsedSeconds() const; ///< pauses excluded
    /// From the recent rate of progress (see EtaEstimator); < 0 when unknown.
    double etaSeconds() const;
    QString errorMessage() const;
    /// Samples so far: complete tables evaluated (scheduling) or points evaluated (design spaces).
    std::uint64_t evaluations() const;

    std::vector<MetricPoint> takeMetrics();
    std::vector<EvaluatedPoint> takeEvaluatedPoints();
    /// Status lines from the optimizer ("exhaustive: layer X skipped: ...").
    std::vector<std::string> takeMessages();

    /// Objective values of the best result so far, in the kind's objective order; empty until one
    /// exists (scheduling: network totals once every layer has a table).
    std::vector<double> bestObjectives() const;
    /// The best design so far as the kind's JSON document (mapping / directives); "" if none.
    std::string resultJson() const;

    // Scheduling studies.
    /// Best table per layer so far (copies; `found` false for layers without one yet).
    std::vector<LayerBest> bestSoFar() const;
    /// Rows of the latest row search on a layer (empty if none yet).
    std::vector<Row> lastSearchedRows(int layer) const;
    std::shared_ptr<const SchedulingProblem> problem() const { return m_problem; }
    /// Totals of the final result (valid in Finished or Cancelled).
    SearchResult result() const;

    // Design-space studies.
    std::shared_ptr<const PointProblem> pointProblem() const { return m_point; }
    std::shared_ptr<const DataflowProblem> dataflowProblem() const { return m_dataflow; }
    std::shared_ptr<const AccelProblem> accelProblem() const { return m_accel; }
    /// The best point so far, if any.
    std::optional<Point> bestPoint() const;

    // DPU-configuration studies (seed 003): a learner trained on recorded runs.
    /// The trained policy, once the worker has ended (finished or cancelled); null before, on
    /// failure and for other kinds. GUI thread only.
    std::shared_ptr<dpu::PolicyModel> dpuModel() const;

    // Tensor-placement studies (seed 004).
    std::shared_ptr<const placement::PlacementModel> placementModel() const { return m_placement; }
    /// Distinct valid maps the run evaluated (up to 3,000) with their speed-ups, once the worker
    /// has ended; empty before. GUI thread only.
    std::vector<placement::VisitedMap> placementVisited() const;
    /// The best map so far (valid, pins applied), if any.
    std::optional<placement::MemoryMap> placementBest() const;

    /// The latest snapshot of a name the optimizer published ("ga/population", "rl/policy"), as
    /// JSON; "" if none yet. `version` (optional) receives a counter that grows with every
    /// snapshot of any name, so views can skip re-parsing.
    std::string latestSnapshot(const std::string& name, std::uint64_t* version = nullptr) const;
    std::uint64_t snapshotVersion() const;

    /// Blocks until the worker has ended (tests, shutdown).
    void wait();

Q_SIGNALS:
    void stateChanged(mapscape::RunState state);
    void dataAvailable();
    void progressChanged(double fraction);
    void finished();
    void failed(const QString& message);

private:
    class Sink;
    void setState(RunState s);
    /// Changes the state to `s` only while it is `expected` (any state when none); false if not.
    bool setStateFrom(std::optional<RunState> expected, RunState s);
    /// Runs `fn` on this object's thread: directly there, queued from the worker through
    /// m_posted (dropped if this object is gone by then).
    void post(std::function<void()> fn) { m_posted.post(this, std::move(fn)); }
    Q_INVOKABLE void deliverPosted() { m_posted.deliver(this); }
    void work(std::stop_token stop);
    /// The DPU learner's part of work(): returns whether it was cancelled.
    bool trainDpu(std::stop_token stop);
    double elapsedLocked() const;

    const int m_id;
    const RunSettings m_settings;
    std::shared_ptr<const SchedulingProblem> m_problem;
    std::unique_ptr<SearchStrategy> m_strategy;
    std::shared_ptr<const PointProblem> m_point;
    std::shared_ptr<const DataflowProblem> m_dataflow;
    std::shared_ptr<const AccelProblem> m_accel;
    std::unique_ptr<PointOptimizer> m_pointOptimizer;
    std::optional<dpu::TrainerSpec> m_dpuSpec;
    std::shared_ptr<const placement::PlacementModel> m_placement;
    PlacementMethod m_placementMethod;
    RunControl m_control;
    std::unique_ptr<Sink> m_sink;

    PostedCalls m_posted;

    mutable std::mutex m_mutex; // guards everything below
    RunState m_state = RunState::Pending;
    double m_progress = 0;
    double m_elapsed = 0;
    double m_pausedTotal = 0;
    std::chrono::steady_clock::time_point m_startTime;
    std::chrono::steady_clock::time_point m_pauseStart;
    EtaEstimator m_eta;
    QString m_error;
    std::uint64_t m_evaluations = 0;
    std::vector<MetricPoint> m_metrics;
    std::vector<EvaluatedPoint> m_points;
    std::vector<std::string> m_messages;
    std::vector<LayerBest> m_best;
    std::vector<std::vector<Row>> m_lastRows;
    std::optional<Point> m_bestPoint;
    PointEvaluation m_bestPointEval{};
    std::shared_ptr<dpu::PolicyModel> m_dpuModel;
    std::vector<double> m_dpuBest;
    std::string m_dpuResult;
    std::vector<double> m_placementBest;
    std::optional<placement::MemoryMap> m_placementMap;
    std::vector<placement::VisitedMap> m_placementVisited;
    std::map<std::string, std::string, std::less<>> m_snapshots;
    std::uint64_t m_snapshotVersion = 0;
    SearchResult m_result;
    bool m_notified = false;

    std::jthread m_worker; // last: joined before the members it uses are destroyed
};

} // namespace mapscape

Q_DECLARE_METATYPE(mapscape::RunState)
