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

} // namespace

PointSearchResult runPointSearch(const PointProblem& problem, PointOptimizer& optimizer, const PointDriverOptions& options,
                                 std::stop_token stop, MetricsSink& sink)
{
    optimizer.bindStop(stop);
    const auto start = std::chrono::steady_clock::now();
    PointSearchResult result;
    std::unordered_map<Point, PointEvaluation, PointHash> cache;
    struct Invalid {
        std::uint64_t count = 0;
        Point example; ///< the first point invalid for this reason
    };
    std::map<std::int16_t, Invalid> invalid; // by the problem's reason code
    const int threads = std::max(1, options.threads);
    const int primary = problem.primaryObjective();
    const std::span<const ObjectiveInfo> objectives = problem.objectives();
    const std::size_t nParams = problem.parameters().size();
    double pausedSeconds = 0;
    const std::vector<int>& archiveObjectives = options.paretoObjectives;
    for (int k : archiveObjectives) {
        if (k < 0 || std::size_t(k) >= objectives.size())
            throw std::invalid_argument("runPointSearch: archive objective " + std::to_string(k) + " out of range");
    }
    if (!options.hypervolumeReference.empty() && options.hypervolumeReference.size() != archiveObjectives.size())
        throw std::invalid_argument("runPointSearch: the hypervolume reference needs one value per archive objective");
    std::vector<ObjectiveVector> archive;
    const auto project = [&](const PointEvaluation& e) {
        ObjectiveVector v(archiveObjectives.size());
        for (std::size_t k = 0; k < v.size(); ++k)
            v[k] = e.objective[std::size_t(archiveObjectives[k])];
        return v;
    };
    // Adds a point to the archive unless a member dominates or equals it; drops those it dominates.
    const auto archiveInsert = [&](const Point& p, const PointEvaluation& e) {
        const ObjectiveVector v = project(e);
        for (const ObjectiveVector& q : archive) {
            if (std::equal(q.begin(), q.end(), v.begin(), [](double a, double b) { return a <= b; }))
                return false;
        }
        for (std::size_t i = archive.size(); i-- > 0;) {
            if (std::equal(v.begin(), v.end(), archive[i].begin(), [](double a, double b) { return a <= b; })) {
                archive.erase(archive.begin() + std::ptrdiff_t(i));
                result.front.erase(result.front.begin() + std::ptrdiff_t(i));
                result.frontEvaluations.erase(result.frontEvaluations.begin() + std::ptrdiff_t(i));
            }
        }
        archive.push_back(v);
        result.front.push_back(p);
        result.frontEvaluations.push_back(e);
        return true;
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
        const int n = int(std::min<std::size_t>(std::size_t(threads), todo.size() / 64 + 1));
        if (n <= 1) {
            work();
        } else {
            std::vector<std::jthread> pool;
            for (int t = 0; t < n; ++t)
                pool.emplace_back(work);
        }
        if (stop.stop_requested())
            break; // a partly evaluated batch is neither told nor cached
        result.modelEvaluations += todo.size();
        for (std::size_t i : todo) {
            if (options.cacheEntries > 0) {
                if (cache.size() >= options.cacheEntries)
                    cache.clear();
                cache.emplace(batch[i], evals[i]);
            }
        }
        std::uint64_t validInBatch = 0;
        bool archiveChanged = false;
        for (std::size_t i = 0; i < batch.size(); ++i) {
            ++result.samples;
            const PointEvaluation& e = evals[i];
            if (!e.valid) {
                Invalid& why = invalid[e.reason];
                if (why.count++ == 0)
                    why.example = batch[i];
                continue;
            }
            ++validInBatch;
            if (!archiveObjectives.empty())
                archiveChanged = archiveInsert(batch[i], e) || archiveChanged;
            if (options.reportEvaluated)
                sink.pointEvaluated(std::span<const double>(e.objective.data(), objectives.size()), -1);
            if (!result.found || e.objective[std::size_t(primary)] < result.bestEvaluation.objective[std::size_t(primary)]) {
                result.found = true;
                result.best = batch[i];
                result.bestEvaluation = e;
                if (options.observer)
                    options.observer->bestPoint(result.best, e);
                const auto step = std::int64_t(result.samples);
                sink.record("search/best", step, e.objective[std::size_t(primary)]);
                for (std::size_t k = 0; k < objectives.size(); ++k)
                    sink.record("search/best_" + objectives[k].id, step, e.objective[k]);
            }
        }
        result.valid += validInBatch;
        const auto step = std::int64_t(result.samples);
        sink.record("search/valid_fraction", step, double(validInBatch) / double(batch.size()));
        if (!archiveObjectives.empty())
            sink.record("search/seconds", step,
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() - pausedSeconds);
        if (archiveChanged) {
            sink.record("search/front_size", step, double(archive.size()));
            if (!options.hypervolumeReference.empty()) {
                result.hypervolume = hypervolume(archive, options.hypervolumeReference);
                sink.record("search/hypervolume", step, result.hypervolume);
            }
        }
        optimizer.tell(batch, evals, sink);
        sink.evaluations(result.samples);
        sink.progress(std::clamp(optimizer.progress(), 0.0, 1.0));
    }
    result.cancelled = stop.stop_requested();
    if (!result.found && !invalid.empty()) {
        const auto most = std::max_element(invalid.begin(), invalid.end(),
                                           [](const auto& a, const auto& b) { return a.second.count < b.second.count; });
        result.invalidSummary = std::to_string(most->second.count) + " of " + std::to_string(result.samples) +
                                " points: " + problem.explain(most->second.example);
    }
    optimizer.finish(sink);
    if (result.found)
        sink.record("search/best", std::int64_t(result.samples), result.bestEvaluation.objective[std::size_t(primary)]);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() - pausedSeconds;
    return result;
}

} // namespace mapscape
