// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The accelerator-sizing kind's optimizers: GRMD (seed 002) and the multi-objective baselines.
// Every method gets the same evaluation budget (GRMD's 679 by default: 15 + 20 × 15 + 300 + 64).

#include "core/model/validation.h"
#include "kinds/accel/core/accel_ga.h"
#include "core/optim/space/bayesian_search.h"
#include "core/optim/space/multi_objective.h"
#include "core/optim/space/point_optimizers.h"
#include "kinds/accel/core/accel_study.h"
// Torch-free: GRMD's options are described here; the learner itself is in the learner module.
#include "core/optim/rl/module/learner_module.h"
#include "kinds/accel/learners/grmd_search.h"

namespace mapscape {

namespace {

std::vector<OptimizerInfo> buildOptimizers()
{
    std::vector<OptimizerInfo> r;
    // Seed 002: accelerator sizing. Every method gets the same evaluation budget (GRMD's 679 by
    // default: 15 + 20 × 15 + 300 + 64).
    const auto accel = [&r](OptimizerInfo info) {
        info.kind = "accel";
        info.budgetKey = info.budgetKey.empty() ? "samples" : info.budgetKey;
        r.push_back(std::move(info));
    };
    const auto samples = [] {
        return integerOption("samples", "Evaluations", 679, 1, 1e9, "configurations evaluated (the equal budget of the comparison)");
    };
    const auto geneOps = [] {
        return std::vector<OptionSpec>{
            realOption("mutation", "Mutation rate", 0, 0, 1, "per gene; 0 = 1 / number of genes that vary"),
            realOption("eta", "Distribution index η", 20, 0, 1000, "polynomial mutation of integer genes (larger: smaller steps)")};
    };
    {
        OptimizerInfo g;
        g.id = "grmd";
        g.title = "GRMD (seed 002)";
        g.description = "Stage 1: an elitist GA on area narrows the space to its survivors; stage 2: a Monte-Carlo "
                        "actor-critic assigns one resource per step for latency and power; step 3: the non-dominated "
                        "roll-outs that meet the constraints.";
        g.budgetKey = "episodes";
        const GrmdOptions d;
        g.options = {integerOption("population", "Population N", d.ga.population, 2, 10000, "stage-1 GA population (the paper: 15)"),
                     integerOption("generations", "Generations T_ga", d.ga.generations, 0, 100000, "stage-1 GA iterations"),
                     booleanOption("distinct_designs", "Distinct designs", d.ga.distinctDesigns,
                             "stage 1 keeps one chromosome per distinct (latency, power, area): genes the model ignores "
                             "cannot fill the subspace with copies of one design"),
                     integerOption("episodes", "Episodes E", d.episodes, 0, 1000000, "stage-2 actor-critic episodes"),
                     realOption("weight_latency", "Latency weight A", d.weightLatency, 0, 1000,
                          "reward −A·(lat − lat_max)/lat_ref − B·(pow − pow_max)/pow_ref; latency-first: 0.8"),
                     realOption("weight_power", "Power weight B", d.weightPower, 0, 1000, "power-first: 0.8"),
                     choiceOption("mode", "Action selection", {"faithful", "on-policy"},
                            "faithful: argmax of π, uniform with probability ε (the paper); on-policy: sample π"),
                     choiceOption("subspace", "Subspace", {"values", "interval"},
                            "values: the survivors' values per resource; interval: every value between their min and max"),
                     integerOption("rollouts", "Inference roll-outs K", d.rollouts, 0, 100000,
                             "configurations the trained actor proposes (half greedy, half sampled)"),
                     booleanOption("archive", "Training archive", d.archive, "the final set also considers every evaluated configuration"),
                     realOption("penalty", "Violation penalty λ", d.penalty, 0, 1e6, "reward − λ·Σ max(0, metric/limit − 1)"),
                     realOption("epsilon_decay", "ε decay", d.epsilonDecay, 0.01, 1, "ε_e = max(ε_min, decay^e)"),
                     realOption("epsilon_min", "ε minimum", d.epsilonMin, 0, 1, ""),
                     realOption("gamma", "Discount γ", d.gamma, 0, 1, "G_i = γ^(T−i)·R"),
                     booleanOption("convolution", "Conv1d features", d.convolution, "actor and critic start with a Conv1d layer"),
                     integerOption("hidden", "Hidden units", d.hidden, 1, 4096, "two fully connected layers"),
                     realOption("actor_lr", "Actor learning rate", d.actorLr, 1e-7, 1, ""),
                     realOption("critic_lr", "Critic learning rate", d.criticLr, 1e-7, 1, "")};
        for (OptionSpec& o : geneOps())
            g.options.push_back(std::move(o));
        learners::markAvailability(g);
        accel(std::move(g));
    }
    {
        OptimizerInfo n;
        n.id = "nsga2";
        n.title = "NSGA-II";
        n.description = "Non-dominated sorting GA (Deb et al. 2002) on latency, power and area with GRMD's crossover and "
                        "mutation; constraints by constrained domination.";
        n.options = {samples(), integerOption("population", "Population", 15, 2, 100000, "the paper's GA population: 15")};
        for (OptionSpec& o : geneOps())
            n.options.push_back(std::move(o));
        accel(std::move(n));
    }
    {
        OptimizerInfo m;
        m.id = "mopso";
        m.title = "MOPSO";
        m.description = "Multi-objective particle swarm (Coello Coello et al. 2004) with an external archive; the paper's "
                        "c1 = 1.5, c2 = 1.0.";
        const MopsoOptions d;
        m.options = {samples(),
                     integerOption("swarm", "Particles", d.swarm, 1, 100000, ""),
                     realOption("inertia", "Inertia w", d.inertia, 0, 2, ""),
                     realOption("c1", "Cognitive c1", d.cognitive, 0, 10, "pull towards the particle's own best"),
                     realOption("c2", "Social c2", d.social, 0, 10, "pull towards an archive leader"),
                     integerOption("archive", "Archive size", d.archiveSize, 1, 100000, "non-dominated points kept (crowding)")};
        accel(std::move(m));
    }
    {
        OptimizerInfo b;
        b.id = "bo";
        b.title = "Bayesian optimisation (ParEGO)";
        b.description = "A Gaussian process on a fresh random Tchebycheff scalarisation of log latency, power and area at "
                        "every step (ParEGO); one point of highest expected improvement per step after 5 prior samples.";
        b.options = {samples(),
                     integerOption("initial", "Prior samples", 5, 2, 1e6, "random points before the first model (the paper: 5)"),
                     integerOption("candidates", "EI candidates", 2000, 1, 1e6, "random points and mutations of the best"),
                     integerOption("model_points", "GP points", 192, 8, 4096, "the GP is fitted on at most this many points"),
                     realOption("rho", "Augmentation ρ", 0.05, 0, 1, "weight of the sum term of the scalarisation")};
        accel(std::move(b));
    }
    {
        OptimizerInfo g;
        g.id = "ga";
        g.title = "Genetic algorithm (GRMD stage 1 alone)";
        g.description = "The elitist GA of GRMD's stage 1 on its own, on a weighted fitness A·lat/lat_ref + B·pow/pow_ref "
                        "(+ C·area/area_ref) or on area.";
        g.options = {samples(),
                     integerOption("population", "Population", 15, 2, 100000, "the paper's GA population: 15"),
                     choiceOption("fitness", "Fitness", {"weighted", "area"}, "weighted: the paper's Fig. 6 GA; area: stage 1"),
                     realOption("weight_latency", "Latency weight A", 0.5, 0, 1000, ""),
                     realOption("weight_power", "Power weight B", 0.5, 0, 1000, ""),
                     realOption("weight_area", "Area weight C", 0, 0, 1000, "")};
        for (OptionSpec& o : geneOps())
            g.options.push_back(std::move(o));
        accel(std::move(g));
    }
    {
        OptimizerInfo rs;
        rs.id = "random";
        rs.title = "Random search";
        rs.description = "Every gene drawn uniformly among its allowed values.";
        rs.options = {samples(), integerOption("batch", "Batch size", 15, 1, 1e6, "configurations evaluated per step")};
        accel(std::move(rs));
    }
    return r;
}

} // namespace

std::span<const OptimizerInfo> accelOptimizers()
{
    static const std::vector<OptimizerInfo> optimizers = buildOptimizers();
    return optimizers;
}

std::unique_ptr<PointOptimizer> makeAccelOptimizer(std::string_view id, const AccelProblem& problem,
                                                   const OptionValues& values, std::uint64_t seed)
{
    const OptimizerInfo& info = requireOptimizer(accelKind(), id);
    const OptionReader o(info, values);
    const AccelProblem* accel = &problem;
    const std::vector<int> objectives{accelobj::Latency, accelobj::Power, accelobj::Area};
    const ViolationFunction violation = [accel](const PointEvaluation& e) { return accel->violation(e); };
    const auto geneOptions = [&] {
        GeneOperatorOptions g;
        g.mutationRate = o.number("mutation");
        g.eta = o.number("eta");
        return g;
    };
    if (info.id == "nsga2") {
        Nsga2Options n;
        n.samples = std::int64_t(o.number("samples"));
        n.population = o.integer("population");
        n.operators = geneOptions();
        return std::make_unique<Nsga2Search>(problem, objectives, accelChoiceGenes(*accel), violation, n, seed);
    }
    if (info.id == "mopso") {
        MopsoOptions m;
        m.samples = std::int64_t(o.number("samples"));
        m.swarm = o.integer("swarm");
        m.inertia = o.number("inertia");
        m.cognitive = o.number("c1");
        m.social = o.number("c2");
        m.archiveSize = o.integer("archive");
        return std::make_unique<MopsoSearch>(problem, objectives, violation, m, seed);
    }
    if (info.id == "bo") {
        BayesianOptions b;
        b.samples = std::int64_t(o.number("samples"));
        b.initial = o.integer("initial");
        b.batch = 1;
        b.candidates = o.integer("candidates");
        b.modelPoints = o.integer("model_points");
        b.scalarised = objectives;
        b.rho = o.number("rho");
        b.xi = 0.0;
        return std::make_unique<BayesianPointSearch>(problem, b, seed);
    }
    if (info.id == "ga") {
        AccelGaSearchOptions g;
        g.samples = std::int64_t(o.number("samples"));
        g.ga.population = o.integer("population");
        g.ga.operators = geneOptions();
        g.fitness = o.pick("fitness") == "area" ? AccelGaFitness::Area : AccelGaFitness::Weighted;
        g.weightLatency = o.number("weight_latency");
        g.weightPower = o.number("weight_power");
        g.weightArea = o.number("weight_area");
        return std::make_unique<AccelGaSearch>(*accel, g, seed);
    }
    if (info.id == "random") {
        RandomPointOptions r;
        r.samples = std::int64_t(o.number("samples"));
        r.batch = o.integer("batch");
        return std::make_unique<RandomPointSearch>(problem, r, seed);
    }
    if (info.id == "grmd") {
        GrmdOptions g;
        g.ga.population = o.integer("population");
        g.ga.generations = o.integer("generations");
        g.ga.distinctDesigns = o.flag("distinct_designs");
        g.ga.operators = geneOptions();
        g.episodes = o.integer("episodes");
        g.weightLatency = o.number("weight_latency");
        g.weightPower = o.number("weight_power");
        g.onPolicy = o.pick("mode") == "on-policy";
        g.intervalSubspace = o.pick("subspace") == "interval";
        g.rollouts = o.integer("rollouts");
        g.archive = o.flag("archive");
        g.penalty = o.number("penalty");
        g.epsilonDecay = o.number("epsilon_decay");
        g.epsilonMin = o.number("epsilon_min");
        g.gamma = o.number("gamma");
        g.convolution = o.flag("convolution");
        g.hidden = o.integer("hidden");
        g.actorLr = o.number("actor_lr");
        g.criticLr = o.number("critic_lr");
        return learners::factory<GrmdFactory>(kGrmdFactory)(*accel, g, seed);
    }
    throw InputError("optimizer \"" + info.id + "\" has no factory");
}

} // namespace mapscape
