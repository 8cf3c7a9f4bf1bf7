// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The accelerator-sizing kind's optimizers: GRMD (seed 002) and the multi-objective baselines.
// Every method gets the same evaluation budget (GRMD's 679 by default: 15 + 20 × 15 + 300 + 64).

#include "core/model/validation.h"
#include "kinds/accel/core/accel_ga.h"
#include "core/optim/space/bayesian_search.h"
#include "core/optim/space/multi_objective.h"
#include "core/optim/optimizer_table.h"
#include "core/optim/space/point_optimizers.h"
#include "kinds/accel/core/accel_study.h"
// Torch-free: GRMD's options are described here; the learner itself is in the learner module.
#include "core/optim/rl/module/learner_module.h"
#include "kinds/accel/learners/grmd_search.h"

namespace mapscape {

namespace {

using AccelOptimizerTable = OptimizerTable<std::unique_ptr<PointOptimizer>, const AccelProblem&, std::uint64_t>;

const std::vector<int> kObjectives{accelobj::Latency, accelobj::Power, accelobj::Area};

/// Every baseline's budget: the evaluations, GRMD's 679 by default.
template <class S>
OptionBinding<S> withEvaluations(S defaults = S{})
{
    OptionBinding<S> b(std::move(defaults));
    b.integer(&S::samples, "samples", "Evaluations", 1, 1e9, "configurations evaluated (the equal budget of the comparison)");
    return b;
}

/// GRMD's crossover and mutation operators, shared by the GAs.
OptionBinding<GeneOperatorOptions> geneOperators()
{
    using G = GeneOperatorOptions;
    OptionBinding<G> b;
    b.real(&G::mutationRate, "mutation", "Mutation rate", 0, 1, "per gene; 0 = 1 / number of genes that vary")
        .real(&G::eta, "eta", "Distribution index η", 0, 1000, "polynomial mutation of integer genes (larger: smaller steps)");
    return b;
}

/// Stage 1's gene operators inside a run's settings (GRMD's, the GA baseline's).
template <class S>
GeneOperatorOptions& gaOperatorsOf(S& s)
{
    return s.ga.operators;
}

ViolationFunction violationOf(const AccelProblem& problem)
{
    const AccelProblem* accel = &problem;
    return [accel](const PointEvaluation& e) { return accel->violation(e); };
}

void addGrmd(AccelOptimizerTable& r)
{
    using G = GrmdOptions;
    OptimizerInfo g = {.id = "grmd",
                       .title = "GRMD (seed 002)",
                       .description = "Stage 1: an elitist GA on area narrows the space to its survivors; stage 2: a "
                                      "Monte-Carlo actor-critic assigns one resource per step for latency and power; "
                                      "step 3: the non-dominated roll-outs that meet the constraints."};
    g.budgetKey = "episodes";
    learners::markAvailability(g);
    OptionBinding<G> b;
    b.integer([](G& s) -> int& { return s.ga.population; }, "population", "Population N", 2, 10000,
              "stage-1 GA population (the paper: 15)")
        .integer([](G& s) -> int& { return s.ga.generations; }, "generations", "Generations T_ga", 0, 100000,
                 "stage-1 GA iterations")
        .boolean([](G& s) -> bool& { return s.ga.distinctDesigns; }, "distinct_designs", "Distinct designs",
                 "stage 1 keeps one chromosome per distinct (latency, power, area): genes the model ignores "
                 "cannot fill the subspace with copies of one design")
        .integer(&G::episodes, "episodes", "Episodes E", 0, 1000000, "stage-2 actor-critic episodes")
        .real(&G::weightLatency, "weight_latency", "Latency weight A", 0, 1000,
              "reward −A·(lat − lat_max)/lat_ref − B·(pow − pow_max)/pow_ref; latency-first: 0.8")
        .real(&G::weightPower, "weight_power", "Power weight B", 0, 1000, "power-first: 0.8")
        .choice(&G::onPolicy, "mode", "Action selection",
                std::vector<std::pair<std::string, bool>>{{"faithful", false}, {"on-policy", true}},
                "faithful: argmax of π, uniform with probability ε (the paper); on-policy: sample π")
        .choice(&G::intervalSubspace, "subspace", "Subspace",
                std::vector<std::pair<std::string, bool>>{{"values", false}, {"interval", true}},
                "values: the survivors' values per resource; interval: every value between their min and max")
        .integer(&G::rollouts, "rollouts", "Inference roll-outs K", 0, 100000,
                 "configurations the trained actor proposes (half greedy, half sampled)")
        .boolean(&G::archive, "archive", "Training archive", "the final set also considers every evaluated configuration")
        .real(&G::penalty, "penalty", "Violation penalty λ", 0, 1e6, "reward − λ·Σ max(0, metric/limit − 1)")
        .real(&G::epsilonDecay, "epsilon_decay", "ε decay", 0.01, 1, "ε_e = max(ε_min, decay^e)")
        .real(&G::epsilonMin, "epsilon_min", "ε minimum", 0, 1, "")
        .real(&G::gamma, "gamma", "Discount γ", 0, 1, "G_i = γ^(T−i)·R")
        .boolean(&G::convolution, "convolution", "Conv1d features", "actor and critic start with a Conv1d layer")
        .integer(&G::hidden, "hidden", "Hidden units", 1, 4096, "two fully connected layers")
        .real(&G::actorLr, "actor_lr", "Actor learning rate", 1e-7, 1, "")
        .real(&G::criticLr, "critic_lr", "Critic learning rate", 1e-7, 1, "")
        .include(gaOperatorsOf<G>, geneOperators());
    r.add(std::move(g), std::move(b), [](const G& settings, const AccelProblem& problem, std::uint64_t seed) {
        return learners::factory<GrmdFactory>(kGrmdFactory)(problem, settings, seed);
    });
}

void addBaselines(AccelOptimizerTable& r)
{
    using N = Nsga2Options;
    r.add({.id = "nsga2",
           .title = "NSGA-II",
           .description = "Non-dominated sorting GA (Deb et al. 2002) on latency, power and area with GRMD's "
                          "crossover and mutation; constraints by constrained domination."},
          withEvaluations<N>()
              .integer(&N::population, "population", "Population", 2, 100000, "the paper's GA population: 15")
              .include(&N::operators, geneOperators()),
          [](const N& n, const AccelProblem& problem, std::uint64_t seed) {
              return std::make_unique<Nsga2Search>(problem, kObjectives, accelChoiceGenes(problem), violationOf(problem), n,
                                                   seed);
          });
    using M = MopsoOptions;
    r.add({.id = "mopso",
           .title = "MOPSO",
           .description = "Multi-objective particle swarm (Coello Coello et al. 2004) with an external archive; the "
                          "paper's c1 = 1.5, c2 = 1.0."},
          withEvaluations<M>()
              .integer(&M::swarm, "swarm", "Particles", 1, 100000, "")
              .real(&M::inertia, "inertia", "Inertia w", 0, 2, "")
              .real(&M::cognitive, "c1", "Cognitive c1", 0, 10, "pull towards the particle's own best")
              .real(&M::social, "c2", "Social c2", 0, 10, "pull towards an archive leader")
              .integer(&M::archiveSize, "archive", "Archive size", 1, 100000, "non-dominated points kept (crowding)"),
          [](const M& m, const AccelProblem& problem, std::uint64_t seed) {
              return std::make_unique<MopsoSearch>(problem, kObjectives, violationOf(problem), m, seed);
          });
    using B = BayesianOptions;
    B bo; // ParEGO: one point per step, no EI margin
    bo.samples = 679;
    bo.initial = 5;
    bo.batch = 1;
    bo.candidates = 2000;
    bo.xi = 0.0;
    r.add({.id = "bo",
           .title = "Bayesian optimisation (ParEGO)",
           .description = "A Gaussian process on a fresh random Tchebycheff scalarisation of log latency, power and "
                          "area at every step (ParEGO); one point of highest expected improvement per step after 5 "
                          "prior samples."},
          withEvaluations<B>(bo)
              .integer(&B::initial, "initial", "Prior samples", 2, 1e6, "random points before the first model (the paper: 5)")
              .integer(&B::candidates, "candidates", "EI candidates", 1, 1e6, "random points and mutations of the best")
              .integer(&B::modelPoints, "model_points", "GP points", 8, 4096, "the GP is fitted on at most this many points")
              .real(&B::rho, "rho", "Augmentation ρ", 0, 1, "weight of the sum term of the scalarisation"),
          [](B b, const AccelProblem& problem, std::uint64_t seed) {
              b.scalarised = kObjectives;
              return std::make_unique<BayesianPointSearch>(problem, b, seed);
          });
    using A = AccelGaSearchOptions;
    r.add({.id = "ga",
           .title = "Genetic algorithm (GRMD stage 1 alone)",
           .description = "The elitist GA of GRMD's stage 1 on its own, on a weighted fitness A·lat/lat_ref + "
                          "B·pow/pow_ref (+ C·area/area_ref) or on area."},
          withEvaluations<A>()
              .integer([](A& s) -> int& { return s.ga.population; }, "population", "Population", 2, 100000,
                       "the paper's GA population: 15")
              .choice(&A::fitness, "fitness", "Fitness",
                      std::vector<std::pair<std::string, AccelGaFitness>>{{"weighted", AccelGaFitness::Weighted},
                                                                          {"area", AccelGaFitness::Area}},
                      "weighted: the paper's Fig. 6 GA; area: stage 1")
              .real(&A::weightLatency, "weight_latency", "Latency weight A", 0, 1000, "")
              .real(&A::weightPower, "weight_power", "Power weight B", 0, 1000, "")
              .real(&A::weightArea, "weight_area", "Area weight C", 0, 1000, "")
              .include(gaOperatorsOf<A>, geneOperators()),
          [](const A& g, const AccelProblem& problem, std::uint64_t seed) {
              return std::make_unique<AccelGaSearch>(problem, g, seed);
          });
    using R = RandomPointOptions;
    R random;
    random.samples = 679;
    random.batch = 15;
    r.add({.id = "random",
           .title = "Random search",
           .description = "Every gene drawn uniformly among its allowed values."},
          withEvaluations<R>(random).integer(&R::batch, "batch", "Batch size", 1, 1e6, "configurations evaluated per step"),
          [](const R& rs, const AccelProblem& problem, std::uint64_t seed) {
              return std::make_unique<RandomPointSearch>(problem, rs, seed);
          });
}

// Seed 002: accelerator sizing. Every method gets the same evaluation budget (GRMD's 679 by
// default: 15 + 20 × 15 + 300 + 64).
AccelOptimizerTable buildOptimizers()
{
    AccelOptimizerTable r;
    addGrmd(r);
    addBaselines(r);
    for (OptimizerInfo& info : r.infos()) {
        info.kind = "accel";
        info.budgetKey = info.budgetKey.empty() ? "samples" : info.budgetKey;
    }
    return r;
}

const AccelOptimizerTable& optimizerTable()
{
    static const AccelOptimizerTable table = buildOptimizers();
    return table;
}

} // namespace

std::span<const OptimizerInfo> accelOptimizers() { return optimizerTable().infos(); }

std::unique_ptr<PointOptimizer> makeAccelOptimizer(std::string_view id, const AccelProblem& problem,
                                                   const OptionValues& values, std::uint64_t seed)
{
    return optimizerTable().make(requireOptimizer(accelKind(), id), values, problem, seed);
}

} // namespace mapscape
