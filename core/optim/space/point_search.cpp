// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/space/point_search.h"

#include "core/optim/pareto.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_map>

namespace mapscape {

namespace {

struct PointHash {
    std::size_t operator()(const Point& p) const noexcept
    {
        std::uint64_t h = 1469598103934665603ull;
        for (std::int32_t v : p) {
            h ^= std::uint64_t(std::uint32_t(v));
            h *= 1099511628211ull;
        }
        return std::size_t(h);
    }
};

using PointCache = std::unordered_map<Point, PointEvaluation, PointHash>;

/// Points invalid for one reason: how many, and the first.
struct Invalid {
    std::uint64_t count = 0;
    Point example; ///< the first point invalid for this reason
};

/// The non-dominated points of the objectives `objectives`, kept in the result's front.
class ParetoArchive {
public:
    ParetoArchive(const std::vector<int>& objectives, PointSearchResult& result)
        : m_objectives(objectives)
        , m_result(result)
    {
    }
    bool enabled() const { return !m_objectives.empty(); }
    const std::vector<ObjectiveVector>& members() const { return m_archive; }

    /// Adds a point unless a member dominates or equals it; drops those it dominates.
    bool insert(const Point& p, const PointEvaluation& e)
    {
        ObjectiveVector v(m_objectives.size());
        for (std::size_t k = 0; k < v.size(); ++k)
            v[k] = e.objective[std::size_t(m_objectives[k])];
        for (const ObjectiveVector& q : m_archive) {
            if (std::equal(q.begin(), q.end(), v.begin(), [](double a, double b) { return a <= b; }))
                return false;
        }
        for (std::size_t i = m_archive.size(); i-- > 0;) {
            if (std::equal(v.begin(), v.end(), m_archive[i].begin(), [](double a, double b) { return a <= b; })) {
                m_archive.erase(m_archive.begin() + std::ptrdiff_t(i));
                m_result.front.erase(m_result.front.begin() + std::ptrdiff_t(i));
                m_result.frontEvaluations.erase(m_result.frontEvaluations.begin() + std::ptrdiff_t(i));
            }
        }
        m_archive.push_back(v);
        m_result.front.push_back(p);
        m_result.frontEvaluations.push_back(e);
        return true;
    }

private:
    const std::vector<int>& m_objectives;
    PointSearchResult& m_result;
    std::vector<ObjectiveVector> m_archive;
};

void checkDriverOptions(const PointDriverOptions& options, std::size_t objectiveCount)
{
    for (int k : options.paretoObjectives) {
        if (k < 0 || std::size_t(k) >= objectiveCount)
            throw std::invalid_argument("runPointSearch: archive objective " + std::to_string(k) + " out of range");
    }
    if (!options.hypervolumeReference.empty() && options.hypervolumeReference.size() != options.paretoObjectives.size())
        throw std::invalid_argument("runPointSearch: the hypervolume reference needs one value per archive objective");
}

/// Evaluates the points of `batch` that the cache does not hold, on the driver's threads; the
/// indices of those evaluated.
std::vector<std::size_t> evaluateBatch(const PointProblem& problem, std::span<const Point> batch, const PointCache& cache,
                                       const PointDriverOptions& options, std::stop_token stop,
                                       std::vector<PointEvaluation>& evals)
{
    std::vector<std::size_t> todo;
    for (std::size_t i = 0; i < batch.size(); ++i) {
        if (options.cacheEntries > 0) {
            if (auto it = cache.find(batch[i]); it != cache.end()) {
                evals[i] = it->second;
                continue;
            }
        }
        todo.push_back(i);
    }
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (;;) {
            const std::size_t k = next.fetch_add(1);
            if (k >= todo.size() || stop.stop_requested())
                return;
            evals[todo[k]] = problem.evaluate(batch[todo[k]]);
        }
    };
    // Threads pay off only for batches worth more than their start-up.
    const int n = int(std::min<std::size_t>(std::size_t(std::max(1, options.threads)), todo.size() / 64 + 1));
    if (n <= 1) {
        work();
    } else {
        std::vector<std::jthread> pool;
        for (int t = 0; t < n; ++t)
            pool.emplace_back(work);
    }
    return todo;
}

/// One search: its result so far, what it keeps between batches and what it reports.
class PointSearch {
public:
    PointSearch(const PointProblem& problem, const PointDriverOptions& options, MetricsSink& sink)
        : m_problem(problem)
        , m_options(options)
        , m_sink(sink)
        , m_primary(problem.primaryObjective())
        , m_objectives(problem.objectives())
        , m_archive(options.paretoObjectives, m_result)
    {
        checkDriverOptions(options, m_objectives.size());
    }

    PointSearchResult& result() { return m_result; }

    void cache(std::span<const Point> batch, std::span<const std::size_t> todo, std::span<const PointEvaluation> evals)
    {
        if (m_options.cacheEntries == 0)
            return;
        for (std::size_t i : todo) {
            if (m_cache.size() >= m_options.cacheEntries)
                m_cache.clear();
            m_cache.emplace(batch[i], evals[i]);
        }
    }
    const PointCache& cached() const { return m_cache; }

    /// Takes a batch's evaluations: invalid reasons, the archive, the best point, the metrics
    /// (`seconds`: the search's time so far).
    void take(std::span<const Point> batch, std::span<const PointEvaluation> evals, double seconds)
    {
        std::uint64_t validInBatch = 0;
        bool archiveChanged = false;
        for (std::size_t i = 0; i < batch.size(); ++i) {
            ++m_result.samples;
            const PointEvaluation& e = evals[i];
            if (!e.valid) {
                Invalid& why = m_invalid[e.reason];
                if (why.count++ == 0)
                    why.example = batch[i];
                continue;
            }
            ++validInBatch;
            if (m_archive.enabled())
                archiveChanged = m_archive.insert(batch[i], e) || archiveChanged;
            if (m_options.reportEvaluated) {
                m_sink.pointEvaluated(std::span<const double>(e.objective.data(), m_objectives.size()), -1);
                if (m_options.observer)
                    m_options.observer->evaluatedPoint(batch[i], e);
            }
            if (!m_result.found ||
                e.objective[std::size_t(m_primary)] < m_result.bestEvaluation.objective[std::size_t(m_primary)])
                takeBest(batch[i], e);
        }
        m_result.valid += validInBatch;
        const auto step = std::int64_t(m_result.samples);
        m_sink.record("search/valid_fraction", step, double(validInBatch) / double(batch.size()));
        if (m_archive.enabled())
            m_sink.record("search/seconds", step, seconds);
        if (archiveChanged) {
            m_sink.record("search/front_size", step, double(m_archive.members().size()));
            if (!m_options.hypervolumeReference.empty()) {
                m_result.hypervolume = hypervolume(m_archive.members(), m_options.hypervolumeReference);
                m_sink.record("search/hypervolume", step, m_result.hypervolume);
            }
        }
    }

    /// After the last batch: why nothing was found, if so, and the final best.
    void finish()
    {
        if (!m_result.found && !m_invalid.empty()) {
            const auto most = std::max_element(m_invalid.begin(), m_invalid.end(), [](const auto& a, const auto& b) {
                return a.second.count < b.second.count;
            });
            m_result.invalidSummary = std::to_string(most->second.count) + " of " + std::to_string(m_result.samples) +
                                      " points: " + m_problem.explain(most->second.example);
        }
    }
    void recordBest()
    {
        if (m_result.found)
            m_sink.record("search/best", std::int64_t(m_result.samples),
                          m_result.bestEvaluation.objective[std::size_t(m_primary)]);
    }

private:
    void takeBest(const Point& p, const PointEvaluation& e)
    {
        m_result.found = true;
        m_result.best = p;
        m_result.bestEvaluation = e;
        if (m_options.observer)
            m_options.observer->bestPoint(m_result.best, e);
        const auto step = std::int64_t(m_result.samples);
        m_sink.record("search/best", step, e.objective[std::size_t(m_primary)]);
        for (std::size_t k = 0; k < m_objectives.size(); ++k)
            m_sink.record("search/best_" + m_objectives[k].id, step, e.objective[k]);
    }

    const PointProblem& m_problem;
    const PointDriverOptions& m_options;
    MetricsSink& m_sink;
    const int m_primary;
    const std::span<const ObjectiveInfo> m_objectives;
    PointSearchResult m_result;
    ParetoArchive m_archive;
    PointCache m_cache;
    std::map<std::int16_t, Invalid> m_invalid; // by the problem's reason code
};

} // namespace

PointSearchResult runPointSearch(const PointProblem& problem, PointOptimizer& optimizer, const PointDriverOptions& options,
                                 std::stop_token stop, MetricsSink& sink)
{
    optimizer.bindStop(stop);
    const auto start = std::chrono::steady_clock::now();
    PointSearch search(problem, options, sink);
    PointSearchResult& result = search.result();
    const std::size_t nParams = problem.parameters().size();
    double pausedSeconds = 0;
    const auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() - pausedSeconds;
    };

    while (!stop.stop_requested()) {
        if (options.control) {
            pausedSeconds += options.control->waitWhilePaused(stop);
            if (stop.stop_requested())
                break;
        }
        std::vector<Point> batch = optimizer.ask();
        if (batch.empty())
            break;
        for (const Point& p : batch) {
            if (p.size() != nParams || !problem.inSpace(p))
                throw std::logic_error("optimizer proposed a point outside the design space: " + problem.describe(p));
        }
        std::vector<PointEvaluation> evals(batch.size());
        const std::vector<std::size_t> todo = evaluateBatch(problem, batch, search.cached(), options, stop, evals);
        if (stop.stop_requested())
            break; // a partly evaluated batch is neither told nor cached
        result.modelEvaluations += todo.size();
        search.cache(batch, todo, evals);
        search.take(batch, evals, options.paretoObjectives.empty() ? 0.0 : seconds());
        optimizer.tell(batch, evals, sink);
        sink.evaluations(result.samples);
        sink.progress(std::clamp(optimizer.progress(), 0.0, 1.0));
    }
    result.cancelled = stop.stop_requested();
    search.finish();
    optimizer.finish(sink);
    search.recordBest();
    result.seconds = seconds();
    return std::move(result);
}

} // namespace mapscape
