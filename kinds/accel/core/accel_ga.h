// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// GRMD's stage-1 genetic algorithm (docs/reproduction.md, seed 002, the paper's Algorithm 1) as a
/// reusable population: uniform initialisation, N parents drawn with replacement, GRMD's crossover
/// and mutation, repair against the FPGA limits, the (μ+λ) merge with de-duplication, a sort by
/// fitness and the split into chromosomes that meet the constraint (P_s) and those that violate
/// it (P_v). GRMD runs it on area; `AccelGaSearch` runs it alone as the plain-GA baseline, on
/// area or on the weighted latency / power fitness of the paper's Fig. 6.

#include "kinds/accel/core/accel_problem.h"
#include "core/optim/space/gene_operators.h"
#include "core/optim/space/budgeted_optimizer.h"

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace mapscape {

struct AccelGaOptions {
    int population = 15;  ///< N (the paper's GA population)
    int generations = 20; ///< T_ga
    GeneOperatorOptions operators;
    bool deduplicate = true; ///< drop repeated chromosomes before truncation (keeps the subspace diverse)
    /// Also drop chromosomes whose evaluation equals a fitter one's (under HASCO's model four genes
    /// do not move the metrics, so area-only truncation otherwise keeps N copies of one design).
    bool distinctDesigns = false;
    friend bool operator==(const AccelGaOptions&, const AccelGaOptions&) = default;
};

struct GaIndividual {
    Point point;             ///< as repaired
    PointEvaluation evaluation;
    double fitness = 0;      ///< lower is better; +inf when invalid
    bool meetsConstraint = false;
};

/// The population and its operators. The caller evaluates what `initial()` / `offspring()`
/// return and hands the results to `absorb()`.
class AccelGaPopulation {
public:
    using Fitness = std::function<double(const PointEvaluation&)>;
    using Constraint = std::function<bool(const PointEvaluation&)>;

    AccelGaPopulation(const AccelProblem& problem, AccelGaOptions options, Fitness fitness, Constraint constraint);

    std::vector<Point> initial(std::mt19937_64& rng) const;
    /// |Q| = N children of N parents drawn uniformly with replacement, paired in order.
    std::vector<Point> offspring(std::mt19937_64& rng) const;
    /// Repairs and scores the evaluated points, merges them into the population (the first call
    /// sets it) and keeps N: P_s first, then the best of P_v.
    void absorb(std::span<const Point> points, std::span<const PointEvaluation> evaluations);

    const std::vector<GaIndividual>& members() const { return m_members; }
    int generation() const { return m_generation; }
    int feasibleCount() const;
    const AccelGaOptions& options() const { return m_options; }
    const GeneOperators& operators() const { return m_ops; }

    /// Per generation: "ga/best_<fitness>", "ga/mean_…", "ga/worst_…" (valid members), "ga/feasible",
    /// "ga/violating", "ga/distinct_<gene>" (distinct values per gene), at step = generation;
    /// and the population table as the "ga/population" snapshot.
    void report(MetricsSink& sink, const std::string& fitnessName) const;

private:
    const AccelProblem& m_problem;
    AccelGaOptions m_options;
    Fitness m_fitness;
    Constraint m_constraint;
    GeneOperators m_ops;
    std::vector<GaIndividual> m_members;
    int m_generation = -1;
};

/// The GRMD paper's choice genes: the dataflow, dtype and every gene given as a list of values.
std::vector<std::uint8_t> accelChoiceGenes(const AccelProblem& problem);

enum class AccelGaFitness : std::uint8_t { Area, Weighted };

struct AccelGaSearchOptions {
    AccelGaOptions ga;
    std::int64_t samples = 679;  ///< evaluation budget (generations continue until it is spent)
    AccelGaFitness fitness = AccelGaFitness::Weighted;
    double weightLatency = 0.5;  ///< A
    double weightPower = 0.5;    ///< B
    double weightArea = 0;       ///< added to the weighted fitness (0 in the paper's Fig. 6)
};

/// The plain-GA baseline: the stage-1 GA alone, with fitness area or A·lat/lat_ref +
/// B·pow/pow_ref (+ C·area/area_ref), the refs being the medians of the initial population;
/// the constraint is every user constraint.
class AccelGaSearch final : public BudgetedPointOptimizer<AccelGaSearchOptions, AccelProblem> {
public:
    AccelGaSearch(const AccelProblem& problem, AccelGaSearchOptions options, std::uint64_t seed);
    std::vector<Point> ask() override;
    void tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink) override;

private:
    std::array<double, 3> m_refs{1, 1, 1};
    AccelGaPopulation m_population;
};

/// The median of objective `k` over the valid evaluations (1 if there is none).
double medianObjective(std::span<const PointEvaluation> evaluations, int k);

} // namespace mapscape
