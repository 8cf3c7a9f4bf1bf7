// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/runner/optimizer_run.h"

#include "core/util/fault_injection.h"
#include "core/optim/rl/module/learner_module.h"

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif
#include <QThread>

namespace mapscape {

namespace {
/// Evaluated points waiting for the GUI beyond this are dropped (the GUI drains at ~25 Hz).
constexpr std::size_t kMaxPendingPoints = 200'000;
} // namespace

QString runStateName(RunState s)
{
    switch (s) {
    case RunState::Pending:
        return QStringLiteral("pending");
    case RunState::Running:
        return QStringLiteral("running");
    case RunState::Paused:
        return QStringLiteral("paused");
    case RunState::Finished:
        return QStringLiteral("finished");
    case RunState::Cancelled:
        return QStringLiteral("cancelled");
    case RunState::Failed:
        return QStringLiteral("failed");
    }
    return {};
}

/// Runs on the worker thread; appends under the run's mutex and notifies once per drain.
class OptimizerRun::Sink final : public MetricsSink {
public:
    explicit Sink(OptimizerRun& run)
        : m_run(run)
    {
    }
    void record(std::string_view name, std::int64_t step, double value) override
    {
        std::lock_guard lock(m_run.m_mutex);
        m_run.m_metrics.push_back({std::string(name), step, value});
        notifyLocked();
    }
    void progress(double fraction) override
    {
        fault::check("run.progress"); // tests make the optimizer fail here, mid-run
        {
            std::lock_guard lock(m_run.m_mutex);
            m_run.m_progress = fraction;
            m_run.m_eta.add(m_run.elapsedLocked(), fraction);
        }
    }
    void evaluations(std::uint64_t total) override
    {
        std::lock_guard lock(m_run.m_mutex);
        m_run.m_evaluations = total;
    }
    void pointEvaluated(std::span<const double> objectives, int group) override
    {
        std::lock_guard lock(m_run.m_mutex);
        if (m_run.m_points.size() < kMaxPendingPoints) {
            EvaluatedPoint p;
            p.group = group;
            std::copy_n(objectives.begin(), std::min(objectives.size(), p.values.size()), p.values.begin());
            m_run.m_points.push_back(p);
        }
        notifyLocked();
    }
    void snapshot(std::string_view name, std::string_view json) override
    {
        std::lock_guard lock(m_run.m_mutex);
        auto it = m_run.m_snapshots.find(name);
        if (it == m_run.m_snapshots.end())
            m_run.m_snapshots.emplace(std::string(name), std::string(json));
        else
            it->second.assign(json);
        ++m_run.m_snapshotVersion;
        notifyLocked();
    }
    void message(std::string_view text) override
    {
        std::lock_guard lock(m_run.m_mutex);
        m_run.m_messages.emplace_back(text);
        notifyLocked();
    }

private:
    void notifyLocked()
    {
        if (m_run.m_notified)
            return;
        m_run.m_notified = true;
        m_run.post([r = &m_run] { Q_EMIT r->dataAvailable(); });
    }
    OptimizerRun& m_run;
};

OptimizerRun::OptimizerRun(int id, RunSettings settings, QObject* parent)
    : QObject(parent)
    , m_id(id)
    , m_settings(std::move(settings))
{
    qRegisterMetaType<mapscape::RunState>();
}

OptimizerRun::~OptimizerRun()
{
    if (m_worker.joinable()) {
        m_worker.request_stop();
        m_control.resume();
        m_worker.join();
    }
}

QString OptimizerRun::title() const
{
    return QStringLiteral("%1 #%2 · %3 · %4")
        .arg(QString::fromStdString(m_settings.optimizer.id))
        .arg(m_id)
        .arg(QString::fromStdString(setupLabel(m_settings.inputs)), QString::fromStdString(m_settings.optimizer.objective));
}

bool OptimizerRun::start()
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (state() != RunState::Pending)
        return false;
    try {
        JobContext context;
        context.label = m_settings.optimizer.id + " run #" + std::to_string(m_id);
        m_job = m_settings.kind().makeJob(m_settings.inputs, m_settings.optimizer, context);
    } catch (const std::exception& e) {
        {
            std::lock_guard lock(m_mutex);
            m_error = QString::fromUtf8(e.what());
            m_state = RunState::Failed;
        }
        Q_EMIT stateChanged(RunState::Failed);
        Q_EMIT failed(QString::fromUtf8(e.what()));
        return false;
    }
    {
        std::lock_guard lock(m_mutex);
        m_startTime = std::chrono::steady_clock::now();
    }
    m_sink = std::make_unique<Sink>(*this);
    setState(RunState::Running);
    m_worker = std::jthread([this](std::stop_token stop) { work(std::move(stop)); });
    return true;
}

void OptimizerRun::work(std::stop_token stop)
{
#ifdef __linux__
    // Below the GUI thread: on a 2-core machine two runs plus their helpers would otherwise
    // compete with the event loop for time slices. Threads the search spawns inherit this.
    setpriority(PRIO_PROCESS, id_t(gettid()), 10);
#endif
    try {
        learners::setThreads(1);
        m_job->run(stop, *m_sink, m_control);
        const bool cancelled = stop.stop_requested();
        const JobResult r = m_job->result();
        {
            std::lock_guard lock(m_mutex);
            if (r.evaluations > 0)
                m_evaluations = r.evaluations;
            m_elapsed = r.seconds > 0 ? r.seconds : elapsedLocked();
            if (!cancelled)
                m_progress = 1.0;
        }
        setState(cancelled ? RunState::Cancelled : RunState::Finished);
        post([this] { Q_EMIT finished(); });
    } catch (const std::exception& e) {
        {
            std::lock_guard lock(m_mutex);
            m_error = QString::fromUtf8(e.what());
        }
        setState(RunState::Failed);
        post([this, msg = QString::fromUtf8(e.what())] { Q_EMIT failed(msg); });
    } catch (...) {
        {
            std::lock_guard lock(m_mutex);
            m_error = QStringLiteral("unknown error");
        }
        setState(RunState::Failed);
        post([this] { Q_EMIT failed(QStringLiteral("unknown error")); });
    }
}

void OptimizerRun::setState(RunState s)
{
    setStateFrom(std::nullopt, s);
}

bool OptimizerRun::setStateFrom(std::optional<RunState> expected, RunState s)
{
    {
        std::lock_guard lock(m_mutex);
        // Pause and resume come from the owner's thread while the worker may end the run at any
        // moment: checked and changed under one lock, so an ended run is never put back.
        if (expected && m_state != *expected)
            return false;
        if (m_state == s)
            return true;
        if (s == RunState::Paused)
            m_pauseStart = std::chrono::steady_clock::now();
        if (m_state == RunState::Paused && s != RunState::Paused)
            m_pausedTotal += std::chrono::duration<double>(std::chrono::steady_clock::now() - m_pauseStart).count();
        if (s == RunState::Failed || s == RunState::Finished || s == RunState::Cancelled)
            m_elapsed = m_elapsed > 0 ? m_elapsed : elapsedLocked();
        m_state = s;
    }
    post([this, s] { Q_EMIT stateChanged(s); });
    return true;
}

void OptimizerRun::pause()
{
    if (setStateFrom(RunState::Running, RunState::Paused))
        m_control.pause();
}

void OptimizerRun::resume()
{
    if (setStateFrom(RunState::Paused, RunState::Running))
        m_control.resume();
}

void OptimizerRun::cancel()
{
    const RunState s = state();
    if (s != RunState::Running && s != RunState::Paused)
        return;
    m_worker.request_stop();
    m_control.resume(); // a paused driver wakes up and sees the stop
}

RunState OptimizerRun::state() const
{
    std::lock_guard lock(m_mutex);
    return m_state;
}

double OptimizerRun::progress() const
{
    std::lock_guard lock(m_mutex);
    return m_progress;
}

double OptimizerRun::elapsedLocked() const
{
    if (m_state == RunState::Pending)
        return 0;
    if (m_state != RunState::Running && m_state != RunState::Paused)
        return m_elapsed;
    const auto now = m_state == RunState::Paused ? m_pauseStart : std::chrono::steady_clock::now();
    return std::chrono::duration<double>(now - m_startTime).count() - m_pausedTotal;
}

double OptimizerRun::elapsedSeconds() const
{
    std::lock_guard lock(m_mutex);
    return elapsedLocked();
}

double OptimizerRun::etaSeconds() const
{
    std::lock_guard lock(m_mutex);
    if (m_state != RunState::Running && m_state != RunState::Paused)
        return m_state == RunState::Finished ? 0 : -1;
    return m_eta.eta();
}

QString OptimizerRun::errorMessage() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
}

std::uint64_t OptimizerRun::evaluations() const
{
    std::lock_guard lock(m_mutex);
    return m_evaluations;
}

std::vector<MetricPoint> OptimizerRun::takeMetrics()
{
    std::lock_guard lock(m_mutex);
    m_notified = false;
    return std::exchange(m_metrics, {});
}

std::vector<std::string> OptimizerRun::takeMessages()
{
    std::lock_guard lock(m_mutex);
    m_notified = false;
    return std::exchange(m_messages, {});
}

std::vector<EvaluatedPoint> OptimizerRun::takeEvaluatedPoints()
{
    std::lock_guard lock(m_mutex);
    m_notified = false;
    return std::exchange(m_points, {});
}

std::vector<double> OptimizerRun::bestObjectives() const
{
    if (!m_job)
        return {};
    const JobResult r = m_job->result();
    return r.found ? r.best : std::vector<double>{};
}

std::string OptimizerRun::resultJson() const { return m_job ? m_job->resultDocument() : std::string(); }

JobResult OptimizerRun::jobResult() const { return m_job ? m_job->result() : JobResult{}; }

std::string OptimizerRun::latestSnapshot(const std::string& name, std::uint64_t* version) const
{
    std::lock_guard lock(m_mutex);
    if (version)
        *version = m_snapshotVersion;
    const auto it = m_snapshots.find(name);
    return it == m_snapshots.end() ? std::string() : it->second;
}

std::uint64_t OptimizerRun::snapshotVersion() const
{
    std::lock_guard lock(m_mutex);
    return m_snapshotVersion;
}

void OptimizerRun::wait()
{
    if (m_worker.joinable())
        m_worker.join();
}

} // namespace mapscape
