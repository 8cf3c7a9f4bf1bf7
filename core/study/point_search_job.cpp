// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/point_search_job.h"

#include "core/study/study.h"
#include "core/study/study_kind.h"
#include "core/util/units.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>

namespace mapscape {

/// The design of each distinct objective vector a run reported, so that any point the runs
/// panel draws can be opened (points with equal objectives are drawn as one; the first design
/// seen stands for them). Flat tables of keys and points found through a hash of the key,
/// bounded by kEvaluatedDesignBytes; guarded by the job's mutex.
class PointSearchJob::EvaluatedDesigns {
public:
    EvaluatedDesigns(std::size_t objectives, std::size_t parameters)
        : m_objectives(objectives)
        , m_parameters(parameters)
    {
        // A key, a point and a hash node (three words and the bucket's) per design.
        const std::size_t each = objectives * sizeof(double) + parameters * sizeof(std::int32_t) + 48;
        m_capacity = kEvaluatedDesignBytes / each;
    }

    void add(std::span<const std::int32_t> point, const PointEvaluation& e)
    {
        if (m_count >= m_capacity || point.size() != m_parameters)
            return;
        const std::span<const double> key(e.objective.data(), m_objectives);
        const std::uint64_t h = hash(key);
        if (find(key, h))
            return;
        m_keys.insert(m_keys.end(), key.begin(), key.end());
        m_points.insert(m_points.end(), point.begin(), point.end());
        m_index.emplace(h, std::uint32_t(m_count++));
    }

    std::optional<Point> find(std::span<const double> objectives) const
    {
        if (objectives.size() != m_objectives)
            return std::nullopt;
        const std::optional<std::size_t> i = find(objectives, hash(objectives));
        if (!i)
            return std::nullopt;
        const auto first = m_points.begin() + std::ptrdiff_t(*i * m_parameters);
        return Point(first, first + std::ptrdiff_t(m_parameters));
    }

private:
    static std::uint64_t hash(std::span<const double> key)
    {
        std::uint64_t h = 0xcbf29ce484222325ull;
        for (double v : key) {
            std::uint64_t bits = 0;
            std::memcpy(&bits, &v, sizeof bits);
            h = (h ^ bits) * 0x100000001b3ull;
            h ^= h >> 29;
        }
        return h;
    }

    std::optional<std::size_t> find(std::span<const double> key, std::uint64_t h) const
    {
        const auto [first, last] = m_index.equal_range(h);
        for (auto it = first; it != last; ++it) {
            const auto stored = m_keys.begin() + std::ptrdiff_t(std::size_t(it->second) * m_objectives);
            if (std::equal(key.begin(), key.end(), stored))
                return it->second;
        }
        return std::nullopt;
    }

    std::size_t m_objectives;
    std::size_t m_parameters;
    std::size_t m_capacity = 0;
    std::size_t m_count = 0;
    std::vector<double> m_keys;
    std::vector<std::int32_t> m_points;
    std::unordered_multimap<std::uint64_t, std::uint32_t> m_index;
};

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
    void evaluatedPoint(std::span<const std::int32_t> point, const PointEvaluation& e) override
    {
        std::lock_guard lock(m_job.m_mutex);
        m_job.m_evaluated->add(point, e);
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
    if (m_setup.driver.reportEvaluated)
        m_evaluated = std::make_unique<EvaluatedDesigns>(m_setup.problem->objectives().size(),
                                                         m_setup.problem->parameters().size());
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
    return m_evaluated ? m_evaluated->find(objectives) : std::nullopt;
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

std::string PointSearchJob::heldDesigns() const
{
    return "its best, its non-dominated ones once it has ended and, when it draws its evaluated points, their "
           "designs up to " +
           formatQuantity(double(kEvaluatedDesignBytes), "B", 3) + " of memory";
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
