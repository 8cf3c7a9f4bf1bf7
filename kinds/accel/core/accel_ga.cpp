// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/accel/core/accel_ga.h"

#include "core/model/validation.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace mapscape {

std::vector<std::uint8_t> accelChoiceGenes(const AccelProblem& problem)
{
    std::vector<std::uint8_t> choice(std::size_t(kAccelGenes), 0);
    for (int g = 0; g < kAccelGenes; ++g) {
        const AccelGene gene = AccelGene(g);
        choice[std::size_t(g)] =
            gene == AccelGene::Dataflow || gene == AccelGene::Dtype || problem.setup().space[gene].useList ? 1 : 0;
    }
    return choice;
}

double medianObjective(std::span<const PointEvaluation> evaluations, int k)
{
    std::vector<double> v;
    for (const PointEvaluation& e : evaluations)
        if (e.valid)
            v.push_back(e.objective[std::size_t(k)]);
    if (v.empty())
        return 1;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

AccelGaPopulation::AccelGaPopulation(const AccelProblem& problem, AccelGaOptions options, Fitness fitness,
                                     Constraint constraint)
    : m_problem(problem)
    , m_options(options)
    , m_fitness(std::move(fitness))
    , m_constraint(std::move(constraint))
    , m_ops(problem, accelChoiceGenes(problem), options.operators)
{
    if (m_options.population < 2)
        throw InputError("population: must be at least 2, got " + std::to_string(m_options.population));
    if (m_options.generations < 0)
        throw InputError("generations: must be at least 0, got " + std::to_string(m_options.generations));
}

std::vector<Point> AccelGaPopulation::initial(std::mt19937_64& rng) const
{
    std::vector<Point> out;
    for (int i = 0; i < m_options.population; ++i)
        out.push_back(m_ops.random(rng));
    return out;
}

std::vector<Point> AccelGaPopulation::offspring(std::mt19937_64& rng) const
{
    const std::size_t n = std::size_t(m_options.population);
    if (m_members.empty())
        return initial(rng);
    std::uniform_int_distribution<std::size_t> pick(0, m_members.size() - 1);
    std::vector<Point> parents;
    for (std::size_t i = 0; i < n; ++i)
        parents.push_back(m_members[pick(rng)].point);
    if (parents.size() % 2)
        parents.push_back(m_members[pick(rng)].point);
    std::vector<Point> children;
    for (std::size_t i = 0; i + 1 < parents.size(); i += 2) {
        auto [a, b] = m_ops.crossover(parents[i], parents[i + 1], rng);
        m_ops.mutate(a, rng);
        m_ops.mutate(b, rng);
        children.push_back(std::move(a));
        children.push_back(std::move(b));
    }
    children.resize(n);
    return children;
}

void AccelGaPopulation::absorb(std::span<const Point> points, std::span<const PointEvaluation> evaluations)
{
    std::vector<GaIndividual> all = std::move(m_members);
    for (std::size_t i = 0; i < points.size(); ++i) {
        GaIndividual ind;
        const std::optional<Point> repaired = m_problem.repair(points[i]);
        ind.point = repaired ? *repaired : points[i];
        ind.evaluation = evaluations[i];
        ind.fitness = ind.evaluation.valid ? m_fitness(ind.evaluation) : std::numeric_limits<double>::infinity();
        ind.meetsConstraint = ind.evaluation.valid && m_constraint(ind.evaluation);
        all.push_back(std::move(ind));
    }
    if (m_options.deduplicate) {
        std::set<Point> seen;
        std::erase_if(all, [&](const GaIndividual& m) { return !seen.insert(m.point).second; });
    }
    std::stable_sort(all.begin(), all.end(), [](const GaIndividual& a, const GaIndividual& b) { return a.fitness < b.fitness; });
    if (m_options.distinctDesigns) {
        std::set<std::array<double, 3>> seen;
        std::erase_if(all, [&](const GaIndividual& m) {
            if (!m.evaluation.valid)
                return false;
            const auto& o = m.evaluation.objective;
            return !seen.insert({o[accelobj::Latency], o[accelobj::Power], o[accelobj::Area]}).second;
        });
    }
    std::vector<GaIndividual> ps, pv;
    for (GaIndividual& m : all)
        (m.meetsConstraint ? ps : pv).push_back(std::move(m));
    const std::size_t n = std::size_t(m_options.population);
    ps.resize(std::min(ps.size(), n));
    for (std::size_t i = 0; ps.size() < n && i < pv.size(); ++i)
        ps.push_back(std::move(pv[i]));
    m_members = std::move(ps);
    ++m_generation;
}

int AccelGaPopulation::feasibleCount() const
{
    return int(std::count_if(m_members.begin(), m_members.end(), [](const GaIndividual& m) { return m.meetsConstraint; }));
}

void AccelGaPopulation::report(MetricsSink& sink, const std::string& fitnessName) const
{
    const std::int64_t step = m_generation;
    double best = std::numeric_limits<double>::infinity(), worst = -best, sum = 0;
    int valid = 0;
    for (const GaIndividual& m : m_members) {
        if (!m.evaluation.valid)
            continue;
        best = std::min(best, m.fitness);
        worst = std::max(worst, m.fitness);
        sum += m.fitness;
        ++valid;
    }
    if (valid > 0) {
        sink.record("ga/best_" + fitnessName, step, best);
        sink.record("ga/mean_" + fitnessName, step, sum / valid);
        sink.record("ga/worst_" + fitnessName, step, worst);
    }
    const int feasible = feasibleCount();
    sink.record("ga/feasible", step, feasible);
    sink.record("ga/violating", step, double(m_members.size()) - feasible);
    const auto params = m_problem.parameters();
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t g = 0; g < params.size(); ++g) {
        std::set<std::int32_t> distinct;
        for (const GaIndividual& m : m_members)
            distinct.insert(m.point[g]);
        sink.record("ga/distinct_" + params[g].name, step, double(distinct.size()));
    }
    for (const GaIndividual& m : m_members) {
        nlohmann::json genes = nlohmann::json::array();
        for (std::size_t g = 0; g < params.size(); ++g)
            genes.push_back(params[g].text(m.point[g]));
        nlohmann::json row{{"genes", genes}, {"valid", m.evaluation.valid}, {"meets_constraint", m.meetsConstraint}};
        if (m.evaluation.valid) {
            row["fitness"] = m.fitness;
            row["latency"] = m.evaluation.objective[accelobj::Latency];
            row["power"] = m.evaluation.objective[accelobj::Power];
            row["area"] = m.evaluation.objective[accelobj::Area];
        } else {
            row["why"] = m_problem.explain(m.point);
        }
        rows.push_back(std::move(row));
    }
    nlohmann::json names = nlohmann::json::array();
    for (const Parameter& p : params)
        names.push_back(p.name);
    sink.snapshot("ga/population",
                  nlohmann::json{{"generation", m_generation}, {"fitness", fitnessName}, {"genes", names}, {"members", rows}}.dump());
}

AccelGaSearch::AccelGaSearch(const AccelProblem& problem, AccelGaSearchOptions options, std::uint64_t seed)
    : BudgetedPointOptimizer(problem, options, seed)
    , m_population(
          problem, options.ga,
          [this](const PointEvaluation& e) {
              if (m_options.fitness == AccelGaFitness::Area)
                  return e.objective[accelobj::Area];
              return m_options.weightLatency * e.objective[accelobj::Latency] / m_refs[0] +
                     m_options.weightPower * e.objective[accelobj::Power] / m_refs[1] +
                     m_options.weightArea * e.objective[accelobj::Area] / m_refs[2];
          },
          [this](const PointEvaluation& e) { return m_problem.feasible(e); })
{
    if (m_options.samples < 1)
        throw InputError("ga.samples: must be at least 1");
}

std::vector<Point> AccelGaSearch::ask()
{
    const std::int64_t left = remaining();
    if (left <= 0)
        return {};
    std::vector<Point> out = m_population.offspring(m_rng);
    if (std::int64_t(out.size()) > left)
        out.resize(std::size_t(left));
    m_asked += std::int64_t(out.size());
    return out;
}

void AccelGaSearch::tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink)
{
    const bool first = m_population.members().empty();
    if (first && m_options.fitness == AccelGaFitness::Weighted) {
        // References: medians of the initial population.
        for (int k = 0; k < 3; ++k)
            m_refs[std::size_t(k)] = std::max(1e-12, medianObjective(evaluations, k));
    }
    m_population.absorb(points, evaluations);
    m_population.report(sink, m_options.fitness == AccelGaFitness::Area ? "area" : "weighted");
}

} // namespace mapscape
