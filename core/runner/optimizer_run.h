// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// One optimizer run on its own worker thread, for the GUI: a thin Qt adapter over a study job
/// (StudyKind::makeJob) that adds start / pause / resume / cancel, progress with ETA, and the
/// run's metrics, evaluated points and messages buffered for the GUI to pull at a capped rate.
/// It knows no study kind: views of a kind's insides ask the job (jobAs<SchedulingJob>()).

#include "core/optim/eta.h"
#include "core/runner/posted_calls.h"
#include "core/study/study.h"
#include "core/study/study_job.h"

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
    const StudyKind& kind() const { return inputs.kind(); }
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
    int group = -1; ///< the part of the problem it belongs to (scheduling: the layer); -1 otherwise
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
    const StudyKind& kind() const { return m_settings.kind(); }
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
    /// The job's result so far (figures, evaluations); default before start.
    JobResult jobResult() const;

    /// The study job (null before start() succeeded). Thread-safe to read while it runs.
    const StudyJob* job() const { return m_job.get(); }
    /// The job as the kind's own type, for that kind's views (null for other kinds).
    template <typename Job>
    const Job* jobAs() const
    {
        return dynamic_cast<const Job*>(m_job.get());
    }

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
    double elapsedLocked() const;

    const int m_id;
    const RunSettings m_settings;
    std::unique_ptr<StudyJob> m_job;
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
    std::map<std::string, std::string, std::less<>> m_snapshots;
    std::uint64_t m_snapshotVersion = 0;
    bool m_notified = false;

    std::jthread m_worker; // last: joined before the members it uses are destroyed
};

} // namespace mapscape

Q_DECLARE_METATYPE(mapscape::RunState)
