// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Generic design-space optimizers: uniform random search, and a GAMMA-style genetic algorithm
/// (Kao & Krishna, ICCAD 2020) with mapping-aware operators — crossover of whole genes, tile
/// mutations that step to a neighbouring value, and "reorder" mutations that swap two loops of
/// a loop order.

#include "core/optim/space/budgeted_optimizer.h"

#include <cstdint>
#include <memory>
#include <random>

namespace mapscape {

struct RandomPointOptions {
    std::int64_t samples = 20000; ///< budget
    int batch = 256;              ///< points per ask
};

/// Draws every parameter uniformly among its allowed values.
class RandomPointSearch final : public BudgetedPointOptimizer<RandomPointOptions> {
public:
    RandomPointSearch(const PointProblem& problem, RandomPointOptions options, std::uint64_t seed);
    std::vector<Point> ask() override;
    void tell(std::span<const Point>, std::span<const PointEvaluation>, MetricsSink&) override {}
};

struct GeneticPointOptions {
    std::int64_t samples = 20000;   ///< budget (the last generation may be cut short)
    int population = 40;
    int elite = 4;                  ///< best individuals copied unchanged
    int tournament = 3;             ///< parents are the best of this many random individuals
    double crossoverRate = 0.8;     ///< probability that a child mixes two parents (else copies one)
    double mutationRate = 0.15;     ///< per-gene mutation probability
    double reorderRate = 0.3;       ///< per-loop-order probability of swapping two loops
    double stepFraction = 0.7;      ///< integer mutations step to a neighbouring value this often (else draw anew)
};

class GeneticPointSearch final : public BudgetedPointOptimizer<GeneticPointOptions> {
public:
    GeneticPointSearch(const PointProblem& problem, GeneticPointOptions options, std::uint64_t seed);
    std::vector<Point> ask() override;
    void tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink) override;

private:
    struct Individual {
        Point point;
        double fitness = 0; ///< primary objective; +inf when invalid
    };
    const Individual& select();
    void mutate(Point& p);

    std::vector<Individual> m_population;
    int m_generation = 0;
};

struct PlainGeneticOptions {
    std::int64_t samples = 20000;
    int population = 64;            ///< scikit-opt's size_pop, as ArchGym sweeps it (16/32/64)
    double crossoverRate = 0.9;     ///< one-point crossover of the parameter vector
    double mutationRate = 0.05;     ///< per gene: draw a new allowed value (prob_mut)
    int tournament = 3;
};

/// A plain generational GA over the parameter vector (ArchGym's scikit-opt baseline): tournament
/// parents, one-point crossover, uniform per-gene mutation, no elitism and no mapping-aware
/// operators — the "GA" column next to GAMMA's.
class PlainGeneticSearch final : public BudgetedPointOptimizer<PlainGeneticOptions> {
public:
    PlainGeneticSearch(const PointProblem& problem, PlainGeneticOptions options, std::uint64_t seed);
    std::vector<Point> ask() override;
    void tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink) override;

private:
    std::vector<std::pair<Point, double>> m_population; ///< (point, primary objective; +inf invalid)
    int m_generation = 0;
};

} // namespace mapscape
