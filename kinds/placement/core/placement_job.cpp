// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/core/placement_io.h"
#include "core/model/validation.h"
#include "kinds/placement/core/placement_study.h"
#include "core/util/strings.h"

#include <cstdio>

namespace mapscape {

using namespace placement;

/// Forwards everything to the run's sink and keeps, on the worker thread, the best speed-up
/// and the zero-shot figures for result().
class PlacementJob::Sink final : public MetricsSink {
public:
    Sink(PlacementJob& job, MetricsSink& next)
        : m_job(job)
        , m_next(next)
    {
    }
    void record(std::string_view name, std::int64_t step, double value) override
    {
        if (name == "placement/best_true_speedup" && value > 0) {
            std::lock_guard lock(m_job.m_mutex);
            m_job.m_bestSpeedup = value;
            m_job.m_bestIteration = step;
        } else if (name == "placement/best_speedup" && value > 0) {
            std::lock_guard lock(m_job.m_mutex);
            m_job.m_bestMeasured = value;
        } else if (name.starts_with("zeroshot/")) {
            std::lock_guard lock(m_job.m_mutex);
            m_job.m_zeroShot[std::string(name)] = value;
        }
        m_next.record(name, step, value);
    }
    void progress(double fraction) override { m_next.progress(fraction); }
    void evaluations(std::uint64_t total) override { m_next.evaluations(total); }
    void message(std::string_view text) override { m_next.message(text); }
    void snapshot(std::string_view name, std::string_view json) override
    {
        if (name == "placement/best") {
            try {
                PlacementMapFile f = placementMapFromJson(json, "placement/best", m_job.m_model->nodeCount());
                std::lock_guard lock(m_job.m_mutex);
                m_job.m_best = std::move(f.map);
            } catch (const InputError& e) {
                // The search's own snapshot does not read back: a programming error, said on the
                // run's messages instead of dropped (the job keeps its previous best map).
                m_next.message(std::string("placement/best snapshot ignored: ") + e.what());
            }
        }
        m_next.snapshot(name, json);
    }
    void pointEvaluated(std::span<const double> objectives, int group) override { m_next.pointEvaluated(objectives, group); }

private:
    PlacementJob& m_job;
    MetricsSink& m_next;
};

PlacementJob::PlacementJob(const PlacementInputs& inputs, const OptimizerSettings& settings, JobContext context)
    : m_inputs(inputs)
    , m_settings(settings)
    , m_context(std::move(context))
{
    if (placementKind().objectiveIndex(settings.objective) < 0)
        throw InputError("objective: expected speedup or latency, got \"" + settings.objective + "\"");
    m_model = std::make_shared<const PlacementModel>(inputs.workload, inputs.hardware, inputs.reward);
    m_method = makePlacementMethod(settings.id, *m_model, settings.options, settings.seed);
}

PlacementJob::~PlacementJob() = default;

void PlacementJob::run(std::stop_token stop, MetricsSink& sink, RunControl& control)
{
    PlacementRunOptions options;
    options.iterations = m_method.iterations;
    options.seed = m_settings.seed;
    options.control = &control;
    options.keepMaps = m_context.reportPoints ? 3000 : 0; // the GUI's map-embedding view
    options.pins = m_inputs.pins;
    Sink wrapped(*this, sink);
    PlacementRunResult r = runPlacementSearch(*m_model, *m_method.search, options, stop, wrapped);
    std::lock_guard lock(m_mutex);
    m_ended = true;
    m_cancelled = r.cancelled;
    m_iterations = r.iterations;
    m_valid = r.valid;
    m_seconds = r.seconds;
    if (r.found) {
        m_best = std::move(r.best);
        m_bestSpeedup = r.bestSpeedup;
        m_bestMeasured = r.bestMeasured;
        m_bestIteration = r.bestIteration;
    }
    m_visited = std::move(r.visited);
}

JobResult PlacementJob::result() const
{
    std::lock_guard lock(m_mutex);
    JobResult out;
    out.found = m_best.has_value() && m_bestSpeedup > 0;
    if (out.found)
        out.best = {m_bestSpeedup, m_model->compilerLatency() * 1e6 / m_bestSpeedup};
    out.cancelled = m_cancelled;
    out.complete = m_ended && !m_cancelled;
    out.evaluations = std::uint64_t(m_iterations);
    out.seconds = m_seconds;
    out.figures = {{"measured_speedup", out.found ? m_bestMeasured : 0.0},
                   {"best_iteration", double(m_bestIteration)},
                   {"valid", double(m_valid)},
                   {"compiler_latency_us", m_model->compilerLatency() * 1e6}};
    for (const auto& [name, value] : m_zeroShot)
        out.figures.emplace_back(name, value);
    if (!out.found)
        out.failure = "no valid map: the compiler had to demote tensors of every map evaluated";
    return out;
}

std::string PlacementJob::resultDocument() const
{
    std::optional<MemoryMap> best;
    double speedup = 0;
    {
        std::lock_guard lock(m_mutex);
        best = m_best;
        speedup = m_bestSpeedup;
    }
    if (!best)
        return {};
    char text[64];
    std::snprintf(text, sizeof text, ", speed-up %.4f", speedup);
    return placementMapToJson(m_model->graph(), *best, (m_context.label.empty() ? m_settings.id : m_context.label) + text);
}

std::optional<MemoryMap> PlacementJob::bestMap() const
{
    std::lock_guard lock(m_mutex);
    return m_best;
}

std::vector<VisitedMap> PlacementJob::visited() const
{
    std::lock_guard lock(m_mutex);
    return m_visited;
}

} // namespace mapscape
