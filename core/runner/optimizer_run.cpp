// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/runner/optimizer_run.h"

#ifdef MAPSCAPE_HAS_TORCH
#include "core/optim/rl/common/torch_setup.h"
#endif

#include <QMetaObject>
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
        {
            std::lock_guard lock(m_run.m_mutex);
            m_run.m_progress = fraction;
        }
        m_run.post([r = &m_run, fraction] { Q_EMIT r->progressChanged(fraction); });
    }
    void bestChanged(int layer, const SchedulingTable& table, const Evaluation& e) override
    {
        std::lock_guard lock(m_run.m_mutex);
        LayerBest& b = m_run.m_best[std::size_t(layer)];
        b.found = true;
        b.table = table;
        b.evaluation = e;
        b.metric = metricValue(e, m_run.m_settings.metric);
        notifyLocked();
    }
    void searched(int layer, std::span<const Row> rows, bool) override
    {
        std::lock_guard lock(m_run.m_mutex);
        m_run.m_lastRows[std::size_t(layer)].assign(rows.begin(), rows.end());
    }
    void evaluated(int layer, double energy, double cycles) override
    {
        std::lock_guard lock(m_run.m_mutex);
        if (m_run.m_points.size() < kMaxPendingPoints)
            m_run.m_points.push_back({layer, energy, cycles});
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
    return QStringLiteral("%1 #%2 · %3 / %4 · %5")
        .arg(QString::fromStdString(m_settings.optimizer))
        .arg(m_id)
        .arg(QString::fromStdString(m_settings.accelerator.name), QString::fromStdString(m_settings.network.name),
             QString::fromUtf8(metricName(m_settings.metric).data()));
}

bool OptimizerRun::start()
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (state() != RunState::Pending)
        return false;
    try {
        m_problem = std::make_shared<const SchedulingProblem>(
            SchedulingProblem::make(m_settings.accelerator, m_settings.network, m_settings.metric, m_settings.dataflow));
        m_strategy = makeOptimizer(m_settings.optimizer, *m_problem, m_settings.options, m_settings.seed);
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
        m_best.assign(std::size_t(m_problem->layerCount()), LayerBest{});
        m_lastRows.assign(std::size_t(m_problem->layerCount()), {});
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
#ifdef MAPSCAPE_HAS_TORCH
        rl::setTorchThreads(1);
#endif
        DriverOptions options;
        options.threads = std::max(1, m_settings.threads);
        options.control = &m_control;
        options.paretoFronts = true; // the Pareto view shows every row search's front
        SearchResult r = runSearch(*m_problem, *m_strategy, options, stop, *m_sink);
        {
            std::lock_guard lock(m_mutex);
            m_elapsed = r.seconds;
            m_result = std::move(r);
            if (!m_result.cancelled)
                m_progress = 1.0;
        }
        setState(m_result.cancelled ? RunState::Cancelled : RunState::Finished);
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
    {
        std::lock_guard lock(m_mutex);
        if (m_state == s)
            return;
        if (s == RunState::Paused)
            m_pauseStart = std::chrono::steady_clock::now();
        if (m_state == RunState::Paused && s != RunState::Paused)
            m_pausedTotal += std::chrono::duration<double>(std::chrono::steady_clock::now() - m_pauseStart).count();
        m_state = s;
    }
    post([this, s] { Q_EMIT stateChanged(s); });
}

void OptimizerRun::post(std::function<void()> fn)
{
    if (QThread::currentThread() == thread())
        fn();
    else
        QMetaObject::invokeMethod(this, std::move(fn), Qt::QueuedConnection);
}

void OptimizerRun::pause()
{
    if (state() != RunState::Running)
        return;
    m_control.pause();
    setState(RunState::Paused);
}

void OptimizerRun::resume()
{
    if (state() != RunState::Paused)
        return;
    m_control.resume();
    setState(RunState::Running);
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

double OptimizerRun::elapsedSeconds() const
{
    std::lock_guard lock(m_mutex);
    if (m_state == RunState::Pending)
        return 0;
    if (m_state != RunState::Running && m_state != RunState::Paused)
        return m_elapsed;
    const auto now = m_state == RunState::Paused ? m_pauseStart : std::chrono::steady_clock::now();
    return std::chrono::duration<double>(now - m_startTime).count() - m_pausedTotal;
}

double OptimizerRun::etaSeconds() const
{
    const double p = progress();
    const double t = elapsedSeconds();
    if (p <= 0 || p >= 1)
        return p >= 1 ? 0 : -1;
    return t * (1 - p) / p;
}

QString OptimizerRun::errorMessage() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
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

std::vector<LayerBest> OptimizerRun::bestSoFar() const
{
    std::lock_guard lock(m_mutex);
    return m_best;
}

std::vector<Row> OptimizerRun::lastSearchedRows(int layer) const
{
    std::lock_guard lock(m_mutex);
    return layer >= 0 && layer < int(m_lastRows.size()) ? m_lastRows[std::size_t(layer)] : std::vector<Row>{};
}

SearchResult OptimizerRun::result() const
{
    std::lock_guard lock(m_mutex);
    return m_result;
}

void OptimizerRun::wait()
{
    if (m_worker.joinable())
        m_worker.join();
}

} // namespace mapscape
