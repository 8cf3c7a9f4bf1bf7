// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/point_optimizer_catalog.h"

#include "core/model/validation.h"
#include "core/optim/space/bayesian_search.h"
#include "core/optim/space/point_optimizers.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace mapscape {

namespace {

/// Every generic optimizer's budget option.
template <class S>
OptionBinding<S> withSamples()
{
    OptionBinding<S> b;
    b.integer(&S::samples, "samples", "Samples", 1, 1e9, "cost-model evaluations (the iso-sample budget)");
    return b;
}

PointOptimizerTable catalog()
{
    using R = RandomPointOptions;
    using G = GeneticPointOptions;
    using P = PlainGeneticOptions;
    using B = BayesianOptions;
    PointOptimizerTable all;
    all.add({.id = "random",
             .title = "Random search",
             .description = "Every parameter drawn uniformly among its allowed values (ArchGym's random walker)."},
            withSamples<R>().integer(&R::batch, "batch", "Batch size", 1, 1e6, "points evaluated per step"),
            [](const R& r, const PointProblem& problem, std::uint64_t seed) {
                return std::make_unique<RandomPointSearch>(problem, r, seed);
            });
    all.add({.id = "gamma",
             .title = "GAMMA-style genetic algorithm",
             .description = "Elitist GA with mapping-aware operators: whole-gene crossover, tile mutations to "
                            "neighbouring values and loop reordering (Kao & Krishna, ICCAD 2020)."},
            withSamples<G>()
                .integer(&G::population, "population", "Population", 2, 100000, "individuals per generation")
                .integer(&G::elite, "elite", "Elite", 0, 100000, "best individuals kept unchanged")
                .integer(&G::tournament, "tournament", "Tournament size", 1, 100, "parents: best of this many")
                .real(&G::crossoverRate, "crossover", "Crossover rate", 0, 1, "children that mix two parents")
                .real(&G::mutationRate, "mutation", "Mutation rate", 0, 1, "per-gene mutation probability")
                .real(&G::reorderRate, "reorder", "Reorder rate", 0, 1, "per loop order: swap two loops")
                .real(&G::stepFraction, "step", "Neighbour steps", 0, 1,
                      "integer mutations that move to a neighbouring value rather than a random one"),
            [](const G& g, const PointProblem& problem, std::uint64_t seed) {
                if (g.elite >= g.population)
                    throw InputError("gamma.elite: must be smaller than the population (" + std::to_string(g.population) +
                                     ")");
                return std::make_unique<GeneticPointSearch>(problem, g, seed);
            });
    all.add({.id = "ga",
             .title = "Genetic algorithm (plain)",
             .description = "Generational GA over the parameter vector: tournament parents, one-point crossover, "
                            "uniform mutation, no elitism (ArchGym's scikit-opt baseline)."},
            withSamples<P>()
                .integer(&P::population, "population", "Population", 2, 100000, "individuals per generation")
                .real(&P::crossoverRate, "crossover", "Crossover rate", 0, 1, "pairs that exchange a tail")
                .real(&P::mutationRate, "mutation", "Mutation rate", 0, 1, "per-gene probability of a new value")
                .integer(&P::tournament, "tournament", "Tournament size", 1, 100, "parents: best of this many"),
            [](const P& g, const PointProblem& problem, std::uint64_t seed) {
                return std::make_unique<PlainGeneticSearch>(problem, g, seed);
            });
    all.add({.id = "bo",
             .title = "Bayesian optimisation (GP-EI)",
             .description = "A Gaussian process on log(objective) over the parameters' value indices; each batch takes "
                            "the candidates of highest expected improvement."},
            withSamples<B>()
                .integer(&B::initial, "initial", "Initial random points", 2, 1e6, "before the first model")
                .integer(&B::batch, "batch", "Batch size", 1, 4096, "points per model fit")
                .integer(&B::candidates, "candidates", "EI candidates", 1, 1e6, "random points and mutations of the best")
                .integer(&B::modelPoints, "model_points", "GP points", 8, 4096,
                         "the GP is fitted on this many points: half the best, half the most recent")
                .real(&B::xi, "xi", "EI margin ξ", 0, 10, "exploration margin in log objective"),
            [](const B& b, const PointProblem& problem, std::uint64_t seed) {
                return std::make_unique<BayesianPointSearch>(problem, b, seed);
            });
    for (OptimizerInfo& info : all.infos())
        info.budgetKey = "samples";
    return all;
}

const PointOptimizerTable& genericTable()
{
    static const PointOptimizerTable all = catalog();
    return all;
}

} // namespace

void addGenericPointOptimizers(PointOptimizerTable& table, std::initializer_list<std::string_view> ids)
{
    table.addFrom(genericTable(), ids);
}

std::vector<OptimizerInfo> genericPointOptimizers(std::initializer_list<std::string_view> ids)
{
    PointOptimizerTable some;
    addGenericPointOptimizers(some, ids);
    const std::span<const OptimizerInfo> infos = std::as_const(some).infos();
    return {infos.begin(), infos.end()};
}

std::unique_ptr<PointOptimizer> makeGenericPointOptimizer(const OptimizerInfo& info, const PointProblem& problem,
                                                          const OptionValues& values, std::uint64_t seed)
{
    if (!genericTable().has(info.id))
        return nullptr;
    return genericTable().make(info, values, problem, seed);
}

} // namespace mapscape
