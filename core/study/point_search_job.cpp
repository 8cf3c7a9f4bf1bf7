// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/point_search_job.h"

#include "core/study/study.h"
#include "core/study/study_kind.h"

#include <algorithm>

namespace mapscape {

/// Runs on the worker thread: keeps the best point so far for result() from other threads.
class PointSearchJob::Observer final : public PointSearchObserver {
public:
    explicit Observer(PointSearchJob& job)
        : m_job(job)
    {
    }
    void bestPoint(std::span<const std::int32_t> point, const PointEvaluation& e) override
    {
        std::lock_guard lock(m_job.m_mutex);
        m_job.m_best = Point(point.begin(), point.end());
        m_job.m_bestEvaluation = e;
    }

private:
    PointSearchJob& m_job;
};

PointSearchJob::Setup PointSearchJob::setup(std::shared_ptr<const PointProblem> problem,
                                            std::unique_ptr<PointOptimizer> optimizer, const OptimizerSettings& settings,
                                            const JobContext& context)
{
    Setup s;
    s.problem = std::move(problem);
    s.optimizer = std::move(optimizer);
    s.driver.threads = std::max(1, settings.threads);
    s.driver.reportEvaluated = context.reportPoints;
    return s;
}

std::string PointSearchJob::bestLabel(const OptimizerSettings& settings, const JobContext& context)
{
    return (context.label.empty() ? settings.id : context.label) + " best";
}

PointSearchJob::PointSearchJob(Setup setup)
    : m_setup(std::move(setup))
{
}

PointSearchJob::~PointSearchJob() = default;

void PointSearchJob::run(std::stop_token stop, MetricsSink& sink, RunControl& control)
{
    Observer observer(*this);
    PointDriverOptions options = m_setup.driver;
    options.control = &control;
    options.observer = &observer;
    PointSearchResult r = runPointSearch(*m_setup.problem, *m_setup.optimizer, options, stop, sink);
    // The kind's figures of the final best, computed once here: result() is read often (the
    // run table asks on every repaint) and the figures may cost a full evaluation.
    std::vector<std::pair<std::string, double>> figures;
    if (r.found && m_setup.figures)
        figures = m_setup.figures(r.best);
    std::lock_guard lock(m_mutex);
    if (r.found) {
        m_best = r.best;
        m_bestEvaluation = r.bestEvaluation;
    }
    m_bestFigures = std::move(figures);
    m_result = std::move(r);
}

JobResult PointSearchJob::result() const
{
    std::lock_guard lock(m_mutex);
    JobResult out;
    out.found = m_best.has_value();
    if (out.found) {
        const std::size_t n = m_setup.problem->objectives().size();
        out.best.assign(m_bestEvaluation.objective.begin(), m_bestEvaluation.objective.begin() + std::ptrdiff_t(n));
    }
    if (m_result) {
        const PointSearchResult& r = *m_result;
        out.cancelled = r.cancelled;
        out.complete = !r.cancelled;
        out.evaluations = r.samples;
        out.seconds = r.seconds;
        out.figures = {{"valid", double(r.valid)}, {"model_evaluations", double(r.modelEvaluations)}};
        if (!m_setup.driver.paretoObjectives.empty()) {
            out.figures.emplace_back("front_size", double(r.front.size()));
            if (!m_setup.driver.hypervolumeReference.empty())
                out.figures.emplace_back("hypervolume", r.hypervolume);
        }
    }
    out.figures.insert(out.figures.end(), m_bestFigures.begin(), m_bestFigures.end());
    if (!out.found)
        out.failure = std::string("no valid design found") +
                      (m_result && !m_result->invalidSummary.empty() ? "; " + m_result->invalidSummary : std::string());
    return out;
}

std::string PointSearchJob::resultDocument() const
{
    std::optional<Point> best;
    std::optional<PointSearchResult> search;
    {
        std::lock_guard lock(m_mutex);
        best = m_best;
        search = m_result;
    }
    if (!best || !m_setup.document)
        return {};
    return m_setup.document(*best, search ? &*search : nullptr);
}

std::optional<Point> PointSearchJob::heldPoint(std::span<const double> objectives) const
{
    const auto same = [objectives](const PointEvaluation& e) {
        return objectives.size() <= e.objective.size() && std::equal(objectives.begin(), objectives.end(), e.objective.begin());
    };
    std::lock_guard lock(m_mutex);
    if (objectives.empty())
        return std::nullopt;
    if (m_best && same(m_bestEvaluation))
        return m_best;
    if (m_result)
        for (std::size_t i = 0; i < m_result->front.size() && i < m_result->frontEvaluations.size(); ++i)
            if (same(m_result->frontEvaluations[i]))
                return m_result->front[i];
    return std::nullopt;
}

std::string PointSearchJob::designText(std::span<const double> objectives) const
{
    const std::optional<Point> p = heldPoint(objectives);
    if (!p)
        return {};
    const std::span<const Parameter> params = m_setup.problem->parameters();
    std::string out;
    for (std::size_t i = 0; i < params.size() && i < p->size(); ++i) {
        if (params[i].allowedCount() <= 1)
            continue; // no choice: not part of what was searched
        if (!out.empty())
            out += '\n';
        out += params[i].name + "=" + m_setup.problem->valueText(i, (*p)[i]);
    }
    return out;
}

std::string PointSearchJob::designDocument(std::span<const double> objectives) const
{
    const std::optional<Point> p = heldPoint(objectives);
    return p && m_setup.document ? m_setup.document(*p, nullptr) : std::string();
}

std::optional<Point> PointSearchJob::bestPoint() const
{
    std::lock_guard lock(m_mutex);
    return m_best;
}

std::optional<PointSearchResult> PointSearchJob::searchResult() const
{
    std::lock_guard lock(m_mutex);
    return m_result;
}

} // namespace mapscape
