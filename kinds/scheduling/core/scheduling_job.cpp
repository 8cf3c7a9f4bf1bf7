// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/preset_io.h"
#include "core/model/validation.h"
#include "kinds/scheduling/core/scheduling_study.h"

#include <algorithm>

namespace mapscape {

SchedulingProblem schedulingProblemOf(const SchedulingInputs& inputs, const OptimizerSettings& settings)
{
    const std::optional<Metric> metric = parseMetric(settings.objective);
    if (!metric)
        throw InputError("objective: expected energy, cycle or edp, got \"" + settings.objective + "\"");
    const OptionReader run("run", schedulingKind().info().runOptions, settings.runOptions);
    const DataflowMode dataflow = run.pick("dataflow") == "flexible" ? DataflowMode::Flexible : DataflowMode::Fixed;
    return SchedulingProblem::make(inputs.accelerator, inputs.network, *metric, dataflow);
}

/// Runs on the worker thread: keeps the best table per layer and the rows searched last.
class SchedulingJob::Observer final : public SearchObserver {
public:
    explicit Observer(SchedulingJob& job)
        : m_job(job)
    {
    }
    void bestChanged(int layer, const SchedulingTable& table, const Evaluation& e) override
    {
        std::lock_guard lock(m_job.m_mutex);
        LayerBest& b = m_job.m_best[std::size_t(layer)];
        b.found = true;
        b.table = table;
        b.evaluation = e;
        b.metric = metricValue(e, m_job.m_problem->metric);
    }
    void searched(int layer, std::span<const Row> rows, bool) override
    {
        std::lock_guard lock(m_job.m_mutex);
        m_job.m_lastRows[std::size_t(layer)].assign(rows.begin(), rows.end());
    }

private:
    SchedulingJob& m_job;
};

SchedulingJob::SchedulingJob(const SchedulingInputs& inputs, const OptimizerSettings& settings, JobContext context)
    : m_inputs(inputs)
    , m_settings(settings)
    , m_context(std::move(context))
{
    m_problem = std::make_shared<const SchedulingProblem>(schedulingProblemOf(inputs, settings));
    // The smallest table (every loop at DRAM, one element per tile below) needs only a word per
    // data type at each level: if even it is invalid, no table fits the layer and no optimizer
    // can find a mapping. Said now, with the reason, instead of after a search finds nothing.
    for (int i = 0; i < m_problem->layerCount(); ++i) {
        const LayerShape& shape = m_problem->shapes[std::size_t(i)];
        Evaluation ev{};
        if (const EvalStatus st = m_problem->model->evaluate(shape, SchedulingTable::allAtDram(shape.dims), ev); !st.ok())
            throw InputError("layer \"" + m_problem->network.layers[std::size_t(i)].name +
                             "\": no scheduling table fits this accelerator, not even the smallest (every loop at "
                             "DRAM): " + m_problem->model->describe(st));
    }
    m_strategy = makeSchedulingStrategy(settings.id, *m_problem, settings.options, settings.seed);
    m_best.assign(std::size_t(m_problem->layerCount()), LayerBest{});
    m_lastRows.assign(std::size_t(m_problem->layerCount()), {});
}

SchedulingJob::~SchedulingJob() = default;

void SchedulingJob::run(std::stop_token stop, MetricsSink& sink, RunControl& control)
{
    Observer observer(*this);
    DriverOptions options;
    options.threads = std::max(1, m_settings.threads);
    options.control = &control;
    options.paretoFronts = m_context.reportPoints; // the Pareto view shows every row search's front
    options.observer = &observer;
    SearchResult r = runSearch(*m_problem, *m_strategy, options, stop, sink);
    std::lock_guard lock(m_mutex);
    m_seconds = r.seconds;
    m_evaluations = r.evaluations;
    m_result = std::move(r);
    m_ended = true;
}

JobResult SchedulingJob::result() const
{
    std::lock_guard lock(m_mutex);
    JobResult out;
    const BestTotals t = sumBest(m_problem->network, m_best);
    out.found = t.found == m_problem->layerCount() && t.found > 0;
    if (out.found)
        out.best = {t.energy, t.cycles, t.energy * t.cycles};
    out.cancelled = m_ended && m_result.cancelled;
    out.complete = m_ended && !m_result.cancelled;
    out.evaluations = m_evaluations;
    out.seconds = m_seconds;
    out.figures = {{"layers_found", double(t.found)}, {"layers", double(m_problem->layerCount())}};
    if (!out.found)
        out.failure = std::to_string(m_problem->layerCount() - t.found) + " of " + std::to_string(m_problem->layerCount()) +
                      " layers without a valid table";
    return out;
}

std::string SchedulingJob::resultDocument() const
{
    const std::vector<LayerBest> best = bestSoFar();
    bool any = false;
    for (const LayerBest& b : best)
        any = any || b.found;
    if (!any)
        return {};
    Mapping m = mappingOf(m_problem->network, best);
    m.accelerator = m_inputs.accelerator.name;
    m.metric = m_settings.objective;
    m.source = m_context.label.empty() ? m_settings.id : m_context.label;
    return mappingToJson(m, m_inputs.accelerator);
}

bool SchedulingJob::hasResult() const
{
    std::lock_guard lock(m_mutex);
    return std::any_of(m_best.begin(), m_best.end(), [](const LayerBest& b) { return b.found; });
}

std::vector<LayerBest> SchedulingJob::bestSoFar() const
{
    std::lock_guard lock(m_mutex);
    return m_best;
}

std::vector<Row> SchedulingJob::lastSearchedRows(int layer) const
{
    std::lock_guard lock(m_mutex);
    return layer >= 0 && layer < int(m_lastRows.size()) ? m_lastRows[std::size_t(layer)] : std::vector<Row>{};
}

SearchResult SchedulingJob::searchResult() const
{
    std::lock_guard lock(m_mutex);
    return m_result;
}

} // namespace mapscape
