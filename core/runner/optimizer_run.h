// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// One optimizer run on its own worker thread, for the GUI: start / pause / resume / cancel,
/// progress with ETA, and the run's metrics, evaluated points and best tables buffered for the
/// GUI to pull at a capped rate. Any registered optimizer runs through this one path.

#include "core/optim/optimizer_registry.h"

#include <QObject>
#include <QString>

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace mapscape {

/// Everything a run needs, by value (copied into the worker).
struct RunSettings {
    std::string optimizer = "ppo";
    OptionValues options;
    Accelerator accelerator;
    Network network;
    Metric metric = Metric::Energy;
    DataflowMode dataflow = DataflowMode::Fixed;
    std::uint64_t seed = 1;
    int threads = 1;
};

enum class RunState { Pending, Running, Paused, Finished, Cancelled, Failed };
/// "pending", "running", ...
QString runStateName(RunState s);

struct MetricPoint {
    std::string name;
    std::int64_t step = 0;
    double value = 0;
};

struct EvaluatedPoint {
    int layer = 0;
    double energy = 0;
    double cycles = 0;
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
    /// "ppo #3 · Eyeriss / ResNet-50 · energy"
    QString title() const;

    /// Validates the settings (building the problem and the optimizer) and starts the worker.
    /// Returns false and emits `failed` with a message naming the field on bad input.
    bool start();
    void pause();
    void resume();
    void cancel();

    RunState state() const;
    /// Paused and the worker has stopped between batches (a pause takes effect after the batch
    /// in flight).
    bool pauseHeld() const { return m_control.holding(); }
    double progress() const;      ///< 0..1
    double elapsedSeconds() const; ///< pauses excluded
    double etaSeconds() const;     ///< < 0 when unknown
    /// The failure message (state Failed).
    QString errorMessage() const;

    std::vector<MetricPoint> takeMetrics();
    std::vector<EvaluatedPoint> takeEvaluatedPoints();
    /// Status lines from the optimizer ("exhaustive: layer X skipped: ...").
    std::vector<std::string> takeMessages();
    /// Best table per layer so far (copies; `found` false for layers without one yet).
    std::vector<LayerBest> bestSoFar() const;
    /// Rows of the latest row search on a layer (empty if none yet).
    std::vector<Row> lastSearchedRows(int layer) const;
    /// The problem being solved (valid after a successful `start`).
    std::shared_ptr<const SchedulingProblem> problem() const { return m_problem; }
    /// Totals of the final result (valid in Finished or Cancelled).
    SearchResult result() const;

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
    /// Runs `fn` on this object's thread: directly there, queued from the worker (dropped if
    /// this object is gone by then).
    void post(std::function<void()> fn);
    void work(std::stop_token stop);

    const int m_id;
    const RunSettings m_settings;
    std::shared_ptr<const SchedulingProblem> m_problem;
    std::unique_ptr<SearchStrategy> m_strategy;
    RunControl m_control;
    std::unique_ptr<Sink> m_sink;

    mutable std::mutex m_mutex; // guards everything below
    RunState m_state = RunState::Pending;
    double m_progress = 0;
    double m_elapsed = 0;
    double m_pausedTotal = 0;
    std::chrono::steady_clock::time_point m_startTime;
    std::chrono::steady_clock::time_point m_pauseStart;
    QString m_error;
    std::vector<MetricPoint> m_metrics;
    std::vector<EvaluatedPoint> m_points;
    std::vector<std::string> m_messages;
    std::vector<LayerBest> m_best;
    std::vector<std::vector<Row>> m_lastRows;
    SearchResult m_result;
    bool m_notified = false;

    std::jthread m_worker; // last: joined before the members it uses are destroyed
};

} // namespace mapscape

Q_DECLARE_METATYPE(mapscape::RunState)
