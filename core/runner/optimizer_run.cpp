// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/runner/optimizer_run.h"

#include "core/io/placement_io.h"

#include "core/io/accel_io.h"
#include "core/io/dpu_io.h"
#include "core/io/preset_io.h"
#include "core/io/project_io.h"
#include "core/util/fault_injection.h"
#ifdef MAPSCAPE_HAS_TORCH
#include "core/optim/rl/common/torch_setup.h"
#endif

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
        if (m_run.m_placement && name == "placement/best_true_speedup" && value > 0)
            m_run.m_placementBest = {value, m_run.m_placement->compilerLatency() * 1e6 / value};
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
        m_run.post([r = &m_run, fraction] { Q_EMIT r->progressChanged(fraction); });
    }
    void evaluations(std::uint64_t total) override
    {
        std::lock_guard lock(m_run.m_mutex);
        m_run.m_evaluations = total;
    }
    void bestChanged(int layer, const SchedulingTable& table, const Evaluation& e) override
    {
        std::lock_guard lock(m_run.m_mutex);
        LayerBest& b = m_run.m_best[std::size_t(layer)];
        b.found = true;
        b.table = table;
        b.evaluation = e;
        b.metric = metricValue(e, m_run.m_problem->metric);
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
            m_run.m_points.push_back({layer, {energy, cycles, energy * cycles}});
        notifyLocked();
    }
    void pointEvaluated(std::span<const double> objectives) override
    {
        std::lock_guard lock(m_run.m_mutex);
        if (m_run.m_points.size() < kMaxPendingPoints) {
            EvaluatedPoint p;
            std::copy_n(objectives.begin(), std::min(objectives.size(), p.values.size()), p.values.begin());
            m_run.m_points.push_back(p);
        }
        notifyLocked();
    }
    void bestPoint(std::span<const std::int32_t> point, const PointEvaluation& e) override
    {
        std::lock_guard lock(m_run.m_mutex);
        m_run.m_bestPoint = Point(point.begin(), point.end());
        m_run.m_bestPointEval = e;
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
    const OptimizerSettings& o = m_settings.optimizer;
    try {
        if (const auto* in = std::get_if<SchedulingInputs>(&m_settings.inputs)) {
            const auto metric = parseMetric(o.objective);
            if (!metric)
                throw InputError("objective: expected energy, cycle or edp, got \"" + o.objective + "\"");
            m_problem = std::make_shared<const SchedulingProblem>(
                SchedulingProblem::make(in->accelerator, in->network, *metric, o.dataflow));
            m_strategy = makeOptimizer(o.id, *m_problem, o.options, o.seed);
        } else if (const auto* u = std::get_if<DpuInputs>(&m_settings.inputs)) {
            dpu::requireValid(u->platform);
            dpu::learnerSplit(u->platform); // fails here, before the worker, naming the platform
            m_dpuSpec = makeDpuTrainerSpec(o.id, o.options, o.seed);
        } else if (const auto* pl = std::get_if<PlacementInputs>(&m_settings.inputs)) {
            m_placement = std::make_shared<const placement::PlacementModel>(pl->workload, pl->hardware, pl->reward);
            m_placementMethod = makePlacementMethod(o.id, *m_placement, o.options, o.seed);
        } else if (const auto* d = std::get_if<DataflowInputs>(&m_settings.inputs)) {
            m_dataflow = std::make_shared<const DataflowProblem>(d->layer, d->hardware, d->space, o.objective);
            m_point = m_dataflow;
        } else {
            m_accel = std::make_shared<const AccelProblem>(std::get<AccelInputs>(m_settings.inputs).setup, o.objective);
            m_point = m_accel;
        }
        if (m_point)
            m_pointOptimizer = makePointOptimizer(kind(), o.id, *m_point, o.options, o.seed);
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
        if (m_problem) {
            m_best.assign(std::size_t(m_problem->layerCount()), LayerBest{});
            m_lastRows.assign(std::size_t(m_problem->layerCount()), {});
        }
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
        bool cancelled = false;
        double seconds = 0;
        if (m_problem) {
            DriverOptions options;
            options.threads = std::max(1, m_settings.optimizer.threads);
            options.control = &m_control;
            options.paretoFronts = true; // the Pareto view shows every row search's front
            SearchResult r = runSearch(*m_problem, *m_strategy, options, stop, *m_sink);
            cancelled = r.cancelled;
            seconds = r.seconds;
            std::lock_guard lock(m_mutex);
            m_evaluations = r.evaluations;
            m_result = std::move(r);
        } else if (m_dpuSpec) {
            cancelled = trainDpu(stop);
            std::lock_guard lock(m_mutex);
            seconds = elapsedLocked();
        } else if (m_placement) {
            placement::PlacementRunOptions options;
            options.iterations = m_placementMethod.iterations;
            options.seed = m_settings.optimizer.seed;
            options.control = &m_control;
            options.keepMaps = 3000;
            options.pins = std::get<PlacementInputs>(m_settings.inputs).pins;
            placement::PlacementRunResult r =
                placement::runPlacementSearch(*m_placement, *m_placementMethod.search, options, stop, *m_sink);
            cancelled = r.cancelled;
            seconds = r.seconds;
            std::lock_guard lock(m_mutex);
            m_evaluations = std::uint64_t(r.iterations);
            if (r.found) {
                m_placementMap = std::move(r.best);
                m_placementBest = {r.bestSpeedup, r.bestSpeedup > 0 ? m_placement->compilerLatency() * 1e6 / r.bestSpeedup : 0};
            }
            m_placementVisited = std::move(r.visited);
        } else {
            PointDriverOptions options;
            options.threads = std::max(1, m_settings.optimizer.threads);
            options.control = &m_control;
            if (m_accel) {
                // The paper's hypervolume objectives, against the setup's fixed live reference.
                options.paretoObjectives = {accelobj::Latency, accelobj::Power, accelobj::Area};
                options.hypervolumeReference = m_accel->liveReference();
            }
            const PointSearchResult r = runPointSearch(*m_point, *m_pointOptimizer, options, stop, *m_sink);
            cancelled = r.cancelled;
            seconds = r.seconds;
            std::lock_guard lock(m_mutex);
            m_evaluations = r.samples;
        }
        {
            std::lock_guard lock(m_mutex);
            m_elapsed = seconds;
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

bool OptimizerRun::trainDpu(std::stop_token stop)
{
    const auto& in = std::get<DpuInputs>(m_settings.inputs);
    m_sink->message("generating the recorded runs (seed " + std::to_string(in.dataSeed) + ")");
    auto runs = std::make_shared<const dpu::RecordedRuns>(dpu::RecordedRuns::generate(in.platform, {.seed = in.dataSeed}));
    const std::unique_ptr<dpu::PolicyTrainer> trainer = dpu::makeTrainer(*m_dpuSpec, runs);
    trainer->train(stop, *m_sink, &m_control);
    const bool cancelled = stop.stop_requested();
    // The greedy policy on the held-out variants: the run's result, also when cancelled.
    const std::shared_ptr<dpu::PolicyModel> model = trainer->model();
    DpuResult result;
    result.source = m_settings.optimizer.id + " run #" + std::to_string(m_id);
    result.probabilistic = model->probabilistic();
    result.decisions = dpu::policyDecisions(*model);
    const dpu::Split split = dpu::defaultSplit(in.platform);
    const dpu::EvaluationReport report =
        dpu::evaluatePolicy(*runs, dpu::decisionPolicy(in.platform, result.decisions), split.test, {0, 1, 2});
    const int met = report.states[1].constraintMet + report.states[2].constraintMet;
    const int cases = report.states[1].cases + report.states[2].cases;
    std::lock_guard lock(m_mutex);
    m_dpuBest = {100 * report.overall.meanNormalizedPpw, 100 * report.states[1].meanNormalizedPpw,
                 100 * report.states[2].meanNormalizedPpw, cases > 0 ? 100.0 * met / cases : 0.0};
    m_dpuResult = dpuResultToJson(in.platform, result);
    m_dpuModel = model;
    return cancelled;
}

std::shared_ptr<dpu::PolicyModel> OptimizerRun::dpuModel() const
{
    std::lock_guard lock(m_mutex);
    return m_dpuModel;
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
    std::lock_guard lock(m_mutex);
    if (m_problem) {
        const BestTotals t = sumBest(m_problem->network, m_best);
        if (t.found != m_problem->layerCount() || t.found == 0)
            return {};
        return {t.energy, t.cycles, t.energy * t.cycles};
    }
    if (m_dpuSpec)
        return m_dpuBest;
    if (m_placement)
        return m_placementBest;
    if (!m_bestPoint || !m_point)
        return {};
    const std::size_t n = m_point->objectives().size();
    return std::vector<double>(m_bestPointEval.objective.begin(), m_bestPointEval.objective.begin() + std::ptrdiff_t(n));
}

std::string OptimizerRun::resultJson() const
{
    if (m_dpuSpec) {
        std::lock_guard lock(m_mutex);
        return m_dpuResult;
    }
    if (m_placement) {
        const std::optional<placement::MemoryMap> best = placementBest();
        if (!best)
            return {};
        return placementMapToJson(m_placement->graph(), *best,
                                  m_settings.optimizer.id + " run #" + std::to_string(m_id) + " best");
    }
    if (m_problem) {
        const std::vector<LayerBest> best = bestSoFar();
        bool any = false;
        for (const LayerBest& b : best)
            any = any || b.found;
        if (!any)
            return {};
        const auto& in = std::get<SchedulingInputs>(m_settings.inputs);
        Mapping m = mappingOf(m_problem->network, best);
        m.accelerator = in.accelerator.name;
        m.metric = m_settings.optimizer.objective;
        m.source = m_settings.optimizer.id + " run #" + std::to_string(m_id);
        return mappingToJson(m, in.accelerator);
    }
    const std::optional<Point> p = bestPoint();
    if (p && m_accel) {
        const std::optional<Point> repaired = m_accel->repair(*p);
        const AccelDesign d = m_accel->decode(repaired ? *repaired : *p);
        const AccelMetrics m = m_accel->model().evaluate(d);
        return accelResultToJson(d, &m, m_settings.optimizer.id + " run #" + std::to_string(m_id) + " best");
    }
    if (!p || !m_dataflow)
        return {};
    DataflowMapping m = m_dataflow->decode(*p);
    m.name = m_settings.optimizer.id + " run #" + std::to_string(m_id) + " best";
    std::map<std::string, std::int64_t> values;
    const auto params = m_dataflow->parameters();
    for (std::size_t i = 0; i < params.size(); ++i)
        values[params[i].name] = params[i].values[std::size_t((*p)[i])];
    return dataflowResultToJson(m, m_dataflow->layer().type, values);
}

std::optional<placement::MemoryMap> OptimizerRun::placementBest() const
{
    std::lock_guard lock(m_mutex);
    if (m_placementMap)
        return m_placementMap;
    const auto it = m_snapshots.find(std::string_view("placement/best"));
    if (it == m_snapshots.end() || !m_placement)
        return std::nullopt;
    try {
        return placementMapFromJson(it->second, "placement/best", m_placement->nodeCount()).map;
    } catch (const InputError&) {
        return std::nullopt;
    }
}

std::vector<placement::VisitedMap> OptimizerRun::placementVisited() const
{
    std::lock_guard lock(m_mutex);
    return m_placementVisited;
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

std::optional<Point> OptimizerRun::bestPoint() const
{
    std::lock_guard lock(m_mutex);
    return m_bestPoint;
}

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
