// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/space/point_optimizers.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mapscape {

// ---- random search -------------------------------------------------------------------------

RandomPointSearch::RandomPointSearch(const PointProblem& problem, RandomPointOptions options, std::uint64_t seed)
    : BudgetedPointOptimizer(problem, options, seed)
{
}

std::vector<Point> RandomPointSearch::ask()
{
    const std::int64_t n = std::min<std::int64_t>(m_options.batch, remaining());
    std::vector<Point> batch;
    for (std::int64_t k = 0; k < n; ++k)
        batch.push_back(randomPoint(m_problem, m_rng));
    m_asked += n;
    return batch;
}

// ---- genetic algorithm ---------------------------------------------------------------------

GeneticPointSearch::GeneticPointSearch(const PointProblem& problem, GeneticPointOptions options, std::uint64_t seed)
    : BudgetedPointOptimizer(problem, options, seed)
{
    m_options.population = std::max(2, m_options.population);
    m_options.elite = std::clamp(m_options.elite, 0, m_options.population - 1);
    m_options.tournament = std::max(1, m_options.tournament);
}

const GeneticPointSearch::Individual& GeneticPointSearch::select()
{
    std::uniform_int_distribution<std::size_t> pick(0, m_population.size() - 1);
    const Individual* best = &m_population[pick(m_rng)];
    for (int k = 1; k < m_options.tournament; ++k) {
        const Individual& c = m_population[pick(m_rng)];
        if (c.fitness < best->fitness)
            best = &c;
    }
    return *best;
}

void GeneticPointSearch::mutate(Point& p)
{
    const auto params = m_problem.parameters();
    std::uniform_real_distribution<double> u(0, 1);
    for (std::size_t i = 0; i < params.size(); ++i) {
        const Parameter& param = params[i];
        if (param.allowedCount() <= 1)
            continue;
        if (param.kind == Parameter::Kind::Permutation) {
            // GAMMA's "reorder": swap two loops of the order.
            if (u(m_rng) >= m_options.reorderRate)
                continue;
            const int n = int(param.items.size());
            std::vector<int> order = permutationFromIndex(param.values[std::size_t(p[i])], n);
            std::uniform_int_distribution<int> pos(0, n - 1);
            const int a = pos(m_rng);
            int b = pos(m_rng);
            if (b == a)
                b = (a + 1) % n;
            std::swap(order[std::size_t(a)], order[std::size_t(b)]);
            const int idx = param.indexOf(indexFromPermutation(order));
            if (idx >= 0 && param.allowed[std::size_t(idx)])
                p[i] = idx;
            continue;
        }
        if (u(m_rng) >= m_options.mutationRate)
            continue;
        if (param.kind == Parameter::Kind::Integer && u(m_rng) < m_options.stepFraction) {
            // Step to a neighbouring allowed value (a slightly larger or smaller tile).
            const int dir = u(m_rng) < 0.5 ? -1 : 1;
            const int steps = 1 + int(std::uniform_int_distribution<int>(0, 1)(m_rng));
            int j = p[i];
            for (int s = 0; s < steps; ++s) {
                const int k = param.allowed.next(j, dir);
                if (k < 0)
                    break;
                j = k;
            }
            p[i] = j;
        } else {
            p[i] = drawAllowed(param, m_rng);
        }
    }
}

std::vector<Point> GeneticPointSearch::ask()
{
    const std::int64_t left = remaining();
    if (left <= 0)
        return {};
    const int n = int(std::min<std::int64_t>(m_options.population, left));
    std::vector<Point> batch;
    if (m_population.empty()) {
        for (int k = 0; k < n; ++k)
            batch.push_back(randomPoint(m_problem, m_rng));
    } else {
        std::vector<Individual> sorted = m_population;
        std::stable_sort(sorted.begin(), sorted.end(),
                         [](const Individual& a, const Individual& b) { return a.fitness < b.fitness; });
        std::uniform_real_distribution<double> u(0, 1);
        for (int k = 0; k < n; ++k) {
            if (k < m_options.elite && k < int(sorted.size()) && std::isfinite(sorted[std::size_t(k)].fitness)) {
                batch.push_back(sorted[std::size_t(k)].point); // elites re-enter (the cache answers them)
                continue;
            }
            const Individual& a = select();
            Point child = a.point;
            if (u(m_rng) < m_options.crossoverRate) {
                const Individual& b = select();
                // Uniform crossover: every gene (a tile, a parallel dimension, a loop order) comes
                // whole from one parent.
                for (std::size_t i = 0; i < child.size(); ++i) {
                    if (u(m_rng) < 0.5)
                        child[i] = b.point[i];
                }
            }
            mutate(child);
            batch.push_back(std::move(child));
        }
    }
    m_asked += n;
    return batch;
}

void GeneticPointSearch::tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink)
{
    const int primary = m_problem.primaryObjective();
    std::vector<Individual> next;
    next.reserve(points.size());
    double best = std::numeric_limits<double>::infinity(), sum = 0;
    int valid = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const double f = evaluations[i].valid ? evaluations[i].objective[std::size_t(primary)]
                                              : std::numeric_limits<double>::infinity();
        next.push_back({points[i], f});
        if (std::isfinite(f)) {
            best = std::min(best, f);
            sum += f;
            ++valid;
        }
    }
    // Generational replacement: the elites were re-asked, so they are in `next` already.
    m_population = std::move(next);
    ++m_generation;
    const auto step = std::int64_t(m_asked);
    if (valid > 0) {
        sink.record("ga/generation_best", step, best);
        sink.record("ga/generation_mean", step, sum / valid);
    }
    sink.record("ga/valid_fraction", step, double(valid) / double(std::max<std::size_t>(1, points.size())));
}


// ---- plain genetic algorithm -----------------------------------------------------------------

PlainGeneticSearch::PlainGeneticSearch(const PointProblem& problem, PlainGeneticOptions options, std::uint64_t seed)
    : BudgetedPointOptimizer(problem, options, seed)
{
    m_options.population = std::max(2, m_options.population);
    m_options.tournament = std::max(1, m_options.tournament);
}

std::vector<Point> PlainGeneticSearch::ask()
{
    const std::int64_t left = remaining();
    if (left <= 0)
        return {};
    const int n = int(std::min<std::int64_t>(m_options.population, left));
    const auto params = m_problem.parameters();
    std::vector<Point> batch;
    std::uniform_real_distribution<double> u(0, 1);
    if (m_population.empty()) {
        for (int k = 0; k < n; ++k)
            batch.push_back(randomPoint(m_problem, m_rng));
    } else {
        std::uniform_int_distribution<std::size_t> pick(0, m_population.size() - 1);
        const auto tournament = [&]() -> const Point& {
            std::size_t best = pick(m_rng);
            for (int k = 1; k < m_options.tournament; ++k) {
                const std::size_t c = pick(m_rng);
                if (m_population[c].second < m_population[best].second)
                    best = c;
            }
            return m_population[best].first;
        };
        while (int(batch.size()) < n) {
            Point a = tournament();
            Point b = tournament();
            if (params.size() > 1 && u(m_rng) < m_options.crossoverRate) {
                const std::size_t cut = std::uniform_int_distribution<std::size_t>(1, params.size() - 1)(m_rng);
                for (std::size_t i = cut; i < params.size(); ++i)
                    std::swap(a[i], b[i]);
            }
            for (Point* c : {&a, &b}) {
                for (std::size_t i = 0; i < params.size(); ++i)
                    if (params[i].allowedCount() > 1 && u(m_rng) < m_options.mutationRate)
                        (*c)[i] = drawAllowed(params[i], m_rng);
                if (int(batch.size()) < n)
                    batch.push_back(*c);
            }
        }
    }
    m_asked += std::int64_t(batch.size());
    return batch;
}

void PlainGeneticSearch::tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink)
{
    const int primary = m_problem.primaryObjective();
    m_population.clear();
    double best = std::numeric_limits<double>::infinity(), sum = 0;
    int valid = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const double f = evaluations[i].valid ? evaluations[i].objective[std::size_t(primary)]
                                              : std::numeric_limits<double>::infinity();
        m_population.emplace_back(points[i], f);
        if (std::isfinite(f)) {
            best = std::min(best, f);
            sum += f;
            ++valid;
        }
    }
    ++m_generation;
    if (valid > 0) {
        sink.record("ga/generation_best", m_asked, best);
        sink.record("ga/generation_mean", m_asked, sum / valid);
    }
}


} // namespace mapscape
