// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/point_optimizer_catalog.h"

#include "core/model/validation.h"
#include "core/optim/space/bayesian_search.h"
#include "core/optim/space/point_optimizers.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace mapscape {

namespace {

/// Every generic optimizer's budget option.
OptionSpec samplesOption(long long def)
{
    return integerOption("samples", "Samples", def, 1, 1e9, "cost-model evaluations (the iso-sample budget)");
}

std::vector<OptimizerInfo> catalog()
{
    std::vector<OptimizerInfo> all;
    {
        OptimizerInfo rs;
        rs.id = "random";
        rs.title = "Random search";
        rs.description = "Every parameter drawn uniformly among its allowed values (ArchGym's random walker).";
        const RandomPointOptions d;
        rs.options = {samplesOption(d.samples),
                      integerOption("batch", "Batch size", d.batch, 1, 1e6, "points evaluated per step")};
        all.push_back(std::move(rs));
    }
    {
        OptimizerInfo ga;
        ga.id = "gamma";
        ga.title = "GAMMA-style genetic algorithm";
        ga.description = "Elitist GA with mapping-aware operators: whole-gene crossover, tile mutations to neighbouring "
                         "values and loop reordering (Kao & Krishna, ICCAD 2020).";
        const GeneticPointOptions d;
        ga.options = {samplesOption(d.samples),
                      integerOption("population", "Population", d.population, 2, 100000, "individuals per generation"),
                      integerOption("elite", "Elite", d.elite, 0, 100000, "best individuals kept unchanged"),
                      integerOption("tournament", "Tournament size", d.tournament, 1, 100, "parents: best of this many"),
                      realOption("crossover", "Crossover rate", d.crossoverRate, 0, 1, "children that mix two parents"),
                      realOption("mutation", "Mutation rate", d.mutationRate, 0, 1, "per-gene mutation probability"),
                      realOption("reorder", "Reorder rate", d.reorderRate, 0, 1, "per loop order: swap two loops"),
                      realOption("step", "Neighbour steps", d.stepFraction, 0, 1,
                                 "integer mutations that move to a neighbouring value rather than a random one")};
        all.push_back(std::move(ga));
    }
    {
        OptimizerInfo ga;
        ga.id = "ga";
        ga.title = "Genetic algorithm (plain)";
        ga.description = "Generational GA over the parameter vector: tournament parents, one-point crossover, uniform "
                         "mutation, no elitism (ArchGym's scikit-opt baseline).";
        const PlainGeneticOptions d;
        ga.options = {samplesOption(d.samples),
                      integerOption("population", "Population", d.population, 2, 100000, "individuals per generation"),
                      realOption("crossover", "Crossover rate", d.crossoverRate, 0, 1, "pairs that exchange a tail"),
                      realOption("mutation", "Mutation rate", d.mutationRate, 0, 1, "per-gene probability of a new value"),
                      integerOption("tournament", "Tournament size", d.tournament, 1, 100, "parents: best of this many")};
        all.push_back(std::move(ga));
    }
    {
        OptimizerInfo bo;
        bo.id = "bo";
        bo.title = "Bayesian optimisation (GP-EI)";
        bo.description = "A Gaussian process on log(objective) over the parameters' value indices; each batch takes the "
                         "candidates of highest expected improvement.";
        const BayesianOptions d;
        bo.options = {samplesOption(d.samples),
                      integerOption("initial", "Initial random points", d.initial, 2, 1e6, "before the first model"),
                      integerOption("batch", "Batch size", d.batch, 1, 4096, "points per model fit"),
                      integerOption("candidates", "EI candidates", d.candidates, 1, 1e6, "random points and mutations of the best"),
                      integerOption("model_points", "GP points", d.modelPoints, 8, 4096,
                                    "the GP is fitted on this many points: half the best, half the most recent"),
                      realOption("xi", "EI margin ξ", d.xi, 0, 10, "exploration margin in log objective")};
        all.push_back(std::move(bo));
    }
    for (OptimizerInfo& info : all)
        info.budgetKey = "samples";
    return all;
}

} // namespace

std::vector<OptimizerInfo> genericPointOptimizers(std::initializer_list<std::string_view> ids)
{
    static const std::vector<OptimizerInfo> all = catalog();
    std::vector<OptimizerInfo> out;
    for (std::string_view id : ids) {
        const auto it = std::find_if(all.begin(), all.end(), [&](const OptimizerInfo& i) { return i.id == id; });
        if (it == all.end())
            throw std::logic_error("no generic point optimizer \"" + std::string(id) + "\"");
        out.push_back(*it);
    }
    return out;
}

std::unique_ptr<PointOptimizer> makeGenericPointOptimizer(const OptimizerInfo& info, const PointProblem& problem,
                                                          const OptionValues& values, std::uint64_t seed)
{
    const std::string& id = info.id;
    if (id != "random" && id != "gamma" && id != "ga" && id != "bo")
        return nullptr;
    const OptionReader o(info, values);
    if (id == "random") {
        RandomPointOptions r;
        r.samples = std::int64_t(o.number("samples"));
        r.batch = o.integer("batch");
        return std::make_unique<RandomPointSearch>(problem, r, seed);
    }
    if (id == "gamma") {
        GeneticPointOptions g;
        g.samples = std::int64_t(o.number("samples"));
        g.population = o.integer("population");
        g.elite = o.integer("elite");
        g.tournament = o.integer("tournament");
        g.crossoverRate = o.number("crossover");
        g.mutationRate = o.number("mutation");
        g.reorderRate = o.number("reorder");
        g.stepFraction = o.number("step");
        if (g.elite >= g.population)
            throw InputError("gamma.elite: must be smaller than the population (" + std::to_string(g.population) + ")");
        return std::make_unique<GeneticPointSearch>(problem, g, seed);
    }
    if (id == "ga") {
        PlainGeneticOptions g;
        g.samples = std::int64_t(o.number("samples"));
        g.population = o.integer("population");
        g.crossoverRate = o.number("crossover");
        g.mutationRate = o.number("mutation");
        g.tournament = o.integer("tournament");
        return std::make_unique<PlainGeneticSearch>(problem, g, seed);
    }
    if (id == "bo") {
        BayesianOptions b;
        b.samples = std::int64_t(o.number("samples"));
        b.initial = o.integer("initial");
        b.batch = o.integer("batch");
        b.candidates = o.integer("candidates");
        b.modelPoints = o.integer("model_points");
        b.xi = o.number("xi");
        return std::make_unique<BayesianPointSearch>(problem, b, seed);
    }
    return nullptr;
}

} // namespace mapscape
