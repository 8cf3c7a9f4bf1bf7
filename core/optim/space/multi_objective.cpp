// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/space/multi_objective.h"

#include "core/model/validation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>

namespace mapscape {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

MoScore moScore(const PointEvaluation& e, std::span<const int> objectives, const ViolationFunction& violation)
{
    MoScore s;
    s.objectives.resize(objectives.size(), kInf);
    if (!e.valid) {
        s.violation = kInf;
        return s;
    }
    for (std::size_t k = 0; k < objectives.size(); ++k)
        s.objectives[k] = e.objective[std::size_t(objectives[k])];
    s.violation = violation ? violation(e) : 0.0;
    return s;
}

bool constrainedDominates(const MoScore& a, const MoScore& b)
{
    if (a.violation < b.violation)
        return true; // feasible beats infeasible, less violation beats more
    if (a.violation > b.violation || a.violation > 0)
        return false;
    bool strictly = false;
    for (std::size_t k = 0; k < a.objectives.size(); ++k) {
        if (a.objectives[k] > b.objectives[k])
            return false;
        strictly = strictly || a.objectives[k] < b.objectives[k];
    }
    return strictly;
}

std::vector<int> nondominatedRanks(std::span<const MoScore> scores)
{
    const std::size_t n = scores.size();
    std::vector<std::vector<std::size_t>> dominated(n);
    std::vector<int> count(n, 0), rank(n, 0);
    std::vector<std::size_t> current;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < n; ++j) {
            if (i == j)
                continue;
            if (constrainedDominates(scores[i], scores[j]))
                dominated[i].push_back(j);
            else if (constrainedDominates(scores[j], scores[i]))
                ++count[i];
        }
        if (count[i] == 0)
            current.push_back(i);
    }
    int front = 0;
    while (!current.empty()) {
        std::vector<std::size_t> next;
        for (std::size_t i : current) {
            rank[i] = front;
            for (std::size_t j : dominated[i])
                if (--count[j] == 0)
                    next.push_back(j);
        }
        current = std::move(next);
        ++front;
    }
    return rank;
}

std::vector<double> crowdingDistances(std::span<const MoScore> scores, std::span<const std::size_t> front)
{
    const std::size_t m = front.size();
    std::vector<double> d(m, 0.0);
    if (m <= 2) {
        std::fill(d.begin(), d.end(), kInf);
        return d;
    }
    const std::size_t k = scores[front[0]].objectives.size();
    std::vector<std::size_t> order(m);
    for (std::size_t obj = 0; obj < k; ++obj) {
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return scores[front[a]].objectives[obj] < scores[front[b]].objectives[obj];
        });
        const double lo = scores[front[order.front()]].objectives[obj];
        const double hi = scores[front[order.back()]].objectives[obj];
        d[order.front()] = d[order.back()] = kInf;
        if (!(hi > lo) || !std::isfinite(hi - lo))
            continue;
        for (std::size_t r = 1; r + 1 < m; ++r)
            d[order[r]] += (scores[front[order[r + 1]]].objectives[obj] - scores[front[order[r - 1]]].objectives[obj]) / (hi - lo);
    }
    return d;
}

// ---- NSGA-II ----------------------------------------------------------------------------------

Nsga2Search::Nsga2Search(const PointProblem& problem, std::vector<int> objectives, std::vector<std::uint8_t> choiceGenes,
                         ViolationFunction violation, Nsga2Options options, std::uint64_t seed)
    : BudgetedPointOptimizer(problem, options, seed)
    , m_objectives(std::move(objectives))
    , m_violation(std::move(violation))
    , m_ops(problem, std::move(choiceGenes), options.operators)
{
    if (m_options.samples < 1)
        throw InputError("nsga2.samples: must be at least 1");
    if (m_options.population < 2)
        throw InputError("nsga2.population: must be at least 2");
    if (m_objectives.empty())
        throw InputError("nsga2: needs at least one objective");
}

const Nsga2Search::Member& Nsga2Search::tournament()
{
    std::uniform_int_distribution<std::size_t> pick(0, m_population.size() - 1);
    const Member& a = m_population[pick(m_rng)];
    const Member& b = m_population[pick(m_rng)];
    if (a.rank != b.rank)
        return a.rank < b.rank ? a : b;
    return a.crowding >= b.crowding ? a : b;
}

std::vector<Point> Nsga2Search::ask()
{
    const std::int64_t left = remaining();
    if (left <= 0)
        return {};
    std::vector<Point> out;
    const std::size_t n = std::size_t(m_options.population);
    if (m_population.empty()) {
        for (std::size_t i = 0; i < n; ++i)
            out.push_back(m_ops.random(m_rng));
    } else {
        while (out.size() < n) {
            auto [a, b] = m_ops.crossover(tournament().point, tournament().point, m_rng);
            m_ops.mutate(a, m_rng);
            m_ops.mutate(b, m_rng);
            out.push_back(std::move(a));
            if (out.size() < n)
                out.push_back(std::move(b));
        }
    }
    if (std::int64_t(out.size()) > left)
        out.resize(std::size_t(left));
    m_asked += std::int64_t(out.size());
    return out;
}

void Nsga2Search::tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink)
{
    std::vector<Member> all = std::move(m_population);
    std::set<Point> seen;
    for (const Member& m : all)
        seen.insert(m.point);
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (!seen.insert(points[i]).second)
            continue; // a duplicate adds nothing to the population
        all.push_back({points[i], moScore(evaluations[i], m_objectives, m_violation), 0, 0});
    }
    std::vector<MoScore> scores;
    for (const Member& m : all)
        scores.push_back(m.score);
    const std::vector<int> rank = nondominatedRanks(scores);
    const int fronts = all.empty() ? 0 : *std::max_element(rank.begin(), rank.end()) + 1;
    const std::size_t n = std::size_t(m_options.population);
    std::vector<Member> next;
    for (int f = 0; f < fronts && next.size() < n; ++f) {
        std::vector<std::size_t> front;
        for (std::size_t i = 0; i < all.size(); ++i)
            if (rank[i] == f)
                front.push_back(i);
        const std::vector<double> crowd = crowdingDistances(scores, front);
        std::vector<std::size_t> order(front.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return crowd[a] > crowd[b]; });
        for (std::size_t o : order) {
            if (next.size() >= n)
                break;
            Member m = all[front[o]];
            m.rank = f;
            m.crowding = crowd[o];
            next.push_back(std::move(m));
        }
    }
    m_population = std::move(next);
    ++m_generation;
    const auto firstFront = std::count_if(m_population.begin(), m_population.end(), [](const Member& m) { return m.rank == 0; });
    sink.record("nsga2/first_front", m_generation, double(firstFront));
}


// ---- MOPSO ------------------------------------------------------------------------------------

MopsoSearch::MopsoSearch(const PointProblem& problem, std::vector<int> objectives, ViolationFunction violation,
                         MopsoOptions options, std::uint64_t seed)
    : BudgetedPointOptimizer(problem, options, seed)
    , m_objectives(std::move(objectives))
    , m_violation(std::move(violation))
{
    if (m_options.samples < 1)
        throw InputError("mopso.samples: must be at least 1");
    if (m_options.swarm < 1)
        throw InputError("mopso.swarm: must be at least 1");
    if (m_options.archiveSize < 1)
        throw InputError("mopso.archive: must be at least 1");
    if (m_objectives.empty())
        throw InputError("mopso: needs at least one objective");
    const auto params = m_problem.parameters();
    std::uniform_real_distribution<double> u(0, 1);
    for (int i = 0; i < m_options.swarm; ++i) {
        Particle p;
        for (const Parameter& prm : params) {
            p.x.push_back(u(m_rng) * double(prm.count() - 1));
            p.v.push_back(0.0);
        }
        m_swarm.push_back(std::move(p));
    }
}

Point MopsoSearch::toPoint(const std::vector<double>& x) const
{
    const auto params = m_problem.parameters();
    Point p(params.size(), 0);
    for (std::size_t i = 0; i < params.size(); ++i)
        p[i] = nearestAllowed(params[i], std::llround(x[i]));
    return p;
}

std::vector<Point> MopsoSearch::ask()
{
    const std::int64_t left = remaining();
    if (left <= 0)
        return {};
    if (m_iteration > 0) {
        // Move every particle towards its personal best and an archive leader.
        std::uniform_real_distribution<double> u(0, 1);
        const auto params = m_problem.parameters();
        const std::vector<double> crowd = archiveCrowding();
        for (Particle& p : m_swarm) {
            const std::vector<double>* leader = &p.best;
            if (!m_archive.empty()) {
                std::uniform_int_distribution<std::size_t> pick(0, m_archive.size() - 1);
                const std::size_t a = pick(m_rng), b = pick(m_rng);
                leader = &m_archive[crowd[a] >= crowd[b] ? a : b].x;
            }
            for (std::size_t i = 0; i < p.x.size(); ++i) {
                const double hi = double(params[i].count() - 1);
                p.v[i] = m_options.inertia * p.v[i] + m_options.cognitive * u(m_rng) * (p.best[i] - p.x[i]) +
                         m_options.social * u(m_rng) * ((*leader)[i] - p.x[i]);
                p.x[i] += p.v[i];
                if (p.x[i] < 0 || p.x[i] > hi) {
                    p.x[i] = std::clamp(p.x[i], 0.0, hi);
                    p.v[i] = -p.v[i]; // bounce off the wall
                }
            }
        }
    }
    std::vector<Point> out;
    for (const Particle& p : m_swarm)
        out.push_back(toPoint(p.x));
    if (std::int64_t(out.size()) > left)
        out.resize(std::size_t(left));
    m_asked += std::int64_t(out.size());
    return out;
}

std::vector<double> MopsoSearch::archiveCrowding() const
{
    std::vector<std::size_t> all(m_archive.size());
    std::iota(all.begin(), all.end(), 0);
    std::vector<MoScore> scores;
    for (const Elite& e : m_archive)
        scores.push_back(e.score);
    return crowdingDistances(scores, all);
}

void MopsoSearch::addToArchive(const std::vector<double>& x, const MoScore& s)
{
    if (s.violation == kInf)
        return;
    for (const Elite& e : m_archive) {
        if (constrainedDominates(e.score, s) || (e.score.violation == s.violation && e.score.objectives == s.objectives))
            return;
    }
    std::erase_if(m_archive, [&](const Elite& e) { return constrainedDominates(s, e.score); });
    m_archive.push_back({x, s});
    if (m_archive.size() > std::size_t(m_options.archiveSize)) {
        const std::vector<double> crowd = archiveCrowding();
        const std::size_t worst = std::size_t(std::min_element(crowd.begin(), crowd.end()) - crowd.begin());
        m_archive.erase(m_archive.begin() + std::ptrdiff_t(worst));
    }
}

void MopsoSearch::tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink)
{
    std::uniform_real_distribution<double> u(0, 1);
    for (std::size_t i = 0; i < points.size() && i < m_swarm.size(); ++i) {
        Particle& p = m_swarm[i];
        const MoScore s = moScore(evaluations[i], m_objectives, m_violation);
        std::vector<double> snapped(points[i].begin(), points[i].end());
        if (!p.hasBest || constrainedDominates(s, p.bestScore) ||
            (!constrainedDominates(p.bestScore, s) && u(m_rng) < 0.5)) {
            p.best = snapped;
            p.bestScore = s;
            p.hasBest = true;
        }
        addToArchive(snapped, s);
    }
    ++m_iteration;
    sink.record("mopso/archive", m_iteration, double(m_archive.size()));
}


} // namespace mapscape
