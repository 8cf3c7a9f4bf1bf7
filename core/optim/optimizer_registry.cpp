// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/optimizer_registry.h"

#include "core/optim/accel/accel_ga.h"
#include "core/optim/baselines/baselines.h"
#include "core/optim/space/bayesian_search.h"
#include "core/optim/space/multi_objective.h"
#include "core/optim/space/point_optimizers.h"
#include "core/util/strings.h"
// Torch-free headers (pimpl): their options describe the learners also in builds without LibTorch.
#include "core/optim/accel/grmd_search.h"
#include "core/optim/rl/marl/marl_search.h"
#include "core/optim/scheduling/ppo_scheduler.h"

#include <charconv>
#include <cmath>
#include <sstream>

namespace mapscape {

namespace {

using T = OptionSpec::Type;

OptionSpec integer(std::string key, std::string label, long long def, double lo, double hi, std::string help)
{
    return {std::move(key), std::move(label), std::move(help), T::Integer, std::to_string(def), lo, hi, {}};
}

OptionSpec real(std::string key, std::string label, double def, double lo, double hi, std::string help)
{
    std::ostringstream s;
    s << def;
    return {std::move(key), std::move(label), std::move(help), T::Real, s.str(), lo, hi, {}};
}

OptionSpec boolean(std::string key, std::string label, bool def, std::string help)
{
    return {std::move(key), std::move(label), std::move(help), T::Boolean, def ? "true" : "false", 0, 1, {}};
}

OptionSpec text(std::string key, std::string label, std::string def, std::string help)
{
    return {std::move(key), std::move(label), std::move(help), T::Text, std::move(def), 0, 0, {}};
}

OptionSpec choice(std::string key, std::string label, std::vector<std::string> choices, std::string help)
{
    std::string def = choices.front();
    return {std::move(key), std::move(label), std::move(help), T::Choice, def, 0, 0, std::move(choices)};
}

std::vector<OptimizerInfo> buildRegistry()
{
    std::vector<OptimizerInfo> r;
    {
        OptimizerInfo ppo;
        ppo.id = "ppo";
        ppo.title = "PPO scheduling (seed 000)";
        ppo.description = "A PPO agent picks 2 or 3 table rows per step; an exact search re-distributes their factors.";
        ppo.budgetKey = "episodes";
#ifdef MAPSCAPE_HAS_TORCH
        const PpoSchedulerOptions d;
        const rl::PpoOptions& p = d.ppo;
        ppo.options = {
            integer("episodes", "Episodes per layer", d.episodesPerLayer, 0, 100000, "training episodes per layer"),
            integer("max_steps", "Steps per episode (T_max)", d.maxSteps, 1, 1000, ""),
            integer("stall_limit", "Stall limit", d.stallLimit, 1, 1000, "non-improving steps that end an episode"),
            boolean("multi_row", "3-row actions", d.multiRowActions, "allow the 45 three-row actions"),
            choice("row_rule", "Current-row rule", {"follow", "fixed-dram", "round-robin"}, "how r moves after an action"),
            integer("steps_per_update", "Steps per PPO update", d.stepsPerUpdate, 1, 1000000, ""),
            boolean("greedy_finish", "Greedy final episode", d.greedyFinish, "one argmax episode per layer at the end"),
            real("actor_lr", "Actor learning rate", p.actorLr, 1e-7, 1, ""),
            real("critic_lr", "Critic learning rate", p.criticLr, 1e-7, 1, ""),
            real("gamma", "Discount γ", p.gamma, 0, 1, ""),
            real("clip", "Clip ε", p.clipEps, 0.01, 1, ""),
            real("l2", "Critic L2 λ", p.l2, 0, 10, ""),
            boolean("squared_l2", "Squared L2 norm", p.squaredL2, "weight decay instead of the paper's ‖ω‖"),
            real("value_coef", "Value coefficient c1", p.valueCoef, 0, 100, ""),
            real("entropy_coef", "Entropy coefficient c2⁰", p.entropyCoef, 0, 10, ""),
            real("entropy_final", "Final entropy coefficient", p.entropyCoefFinal, 0, 10, ""),
            real("entropy_decay", "Entropy decay γ_c2", p.entropyDecay, 0, 1, ""),
            integer("entropy_decay_start", "Decay start episode", p.entropyDecayStart, 0, 1000000, ""),
            real("gae_lambda", "GAE λ", p.gaeLambda, 0, 1, ""),
            integer("epochs", "PPO epochs", p.epochs, 1, 100, ""),
            integer("minibatch", "Minibatch size", p.miniBatch, 1, 100000, ""),
            integer("hidden", "Hidden units", p.hidden, 1, 4096, "per layer, two tanh layers"),
            real("max_grad_norm", "Gradient clip", p.maxGradNorm, 0, 1000, "0 disables"),
            choice("critic_target", "Critic target", {"td0", "gae-return"}, "equation (3) as written, or GAE returns"),
        };
#else
        ppo.available = false;
        ppo.unavailableReason = "this build has no LibTorch (MAPSCAPE_WITH_TORCH=OFF)";
#endif
        r.push_back(std::move(ppo));
    }
    {
        OptimizerInfo rs;
        rs.id = "random";
        rs.title = "Random search";
        rs.description = "Uniformly drawn factorisations per column (Timeloop's random mapper); invalid draws count.";
        rs.budgetKey = "samples";
        const RandomSearchOptions d;
        rs.options = {integer("samples", "Samples per layer", d.samplesPerLayer, 1, 1e9, ""),
                      integer("batch", "Batch size", d.batch, 1, 1e6, "tables per ask")};
        r.push_back(std::move(rs));
    }
    {
        OptimizerInfo ex;
        ex.id = "exhaustive";
        ex.title = "Exhaustive search";
        ex.description = "Exact search over every factor split of every row (pruned depth-first): the optimum of small layers.";
        ex.options = {real("max_candidates", "Largest space", double(ExhaustiveSearchOptions{}.maxCandidates), 1, 1e18,
                           "layers with more candidates are skipped")};
        r.push_back(std::move(ex));
    }
    {
        OptimizerInfo bu;
        bu.id = "bottom-up";
        bu.title = "Bottom-up (NeuroSpector-style)";
        bu.description = "Level sets from DRAM inwards, each searched exactly for its partial cost; with flexible dataflows, once per combination of the allowed dataflows (as NeuroSpector).";
        r.push_back(std::move(bu));
    }
    // Design-space optimizers of the dataflow-mapping study.
    {
        OptimizerInfo rs;
        rs.kind = ProblemKind::DataflowMapping;
        rs.id = "random";
        rs.title = "Random search";
        rs.description = "Every parameter drawn uniformly among its allowed values (ArchGym's random walker).";
        rs.budgetKey = "samples";
        const RandomPointOptions d;
        rs.options = {integer("samples", "Samples", d.samples, 1, 1e9, "cost-model evaluations (the iso-sample budget)"),
                      integer("batch", "Batch size", d.batch, 1, 1e6, "points evaluated per step")};
        r.push_back(std::move(rs));
    }
    {
        OptimizerInfo ga;
        ga.kind = ProblemKind::DataflowMapping;
        ga.id = "gamma";
        ga.title = "GAMMA-style genetic algorithm";
        ga.description = "Elitist GA with mapping-aware operators: whole-gene crossover, tile mutations to neighbouring "
                         "values and loop reordering (Kao & Krishna, ICCAD 2020).";
        ga.budgetKey = "samples";
        const GeneticPointOptions d;
        ga.options = {integer("samples", "Samples", d.samples, 1, 1e9, "cost-model evaluations (the iso-sample budget)"),
                      integer("population", "Population", d.population, 2, 100000, "individuals per generation"),
                      integer("elite", "Elite", d.elite, 0, 100000, "best individuals kept unchanged"),
                      integer("tournament", "Tournament size", d.tournament, 1, 100, "parents: best of this many"),
                      real("crossover", "Crossover rate", d.crossoverRate, 0, 1, "children that mix two parents"),
                      real("mutation", "Mutation rate", d.mutationRate, 0, 1, "per-gene mutation probability"),
                      real("reorder", "Reorder rate", d.reorderRate, 0, 1, "per loop order: swap two loops"),
                      real("step", "Neighbour steps", d.stepFraction, 0, 1,
                           "integer mutations that move to a neighbouring value rather than a random one")};
        r.push_back(std::move(ga));
    }
    {
        OptimizerInfo ga;
        ga.kind = ProblemKind::DataflowMapping;
        ga.id = "ga";
        ga.title = "Genetic algorithm (plain)";
        ga.description = "Generational GA over the parameter vector: tournament parents, one-point crossover, uniform "
                         "mutation, no elitism (ArchGym's scikit-opt baseline).";
        ga.budgetKey = "samples";
        const PlainGeneticOptions d;
        ga.options = {integer("samples", "Samples", d.samples, 1, 1e9, "cost-model evaluations (the iso-sample budget)"),
                      integer("population", "Population", d.population, 2, 100000, "individuals per generation"),
                      real("crossover", "Crossover rate", d.crossoverRate, 0, 1, "pairs that exchange a tail"),
                      real("mutation", "Mutation rate", d.mutationRate, 0, 1, "per-gene probability of a new value"),
                      integer("tournament", "Tournament size", d.tournament, 1, 100, "parents: best of this many")};
        r.push_back(std::move(ga));
    }
    {
        OptimizerInfo bo;
        bo.kind = ProblemKind::DataflowMapping;
        bo.id = "bo";
        bo.title = "Bayesian optimisation (GP-EI)";
        bo.description = "A Gaussian process on log(objective) over the parameters' value indices; each batch takes the "
                         "candidates of highest expected improvement.";
        bo.budgetKey = "samples";
        const BayesianOptions d;
        bo.options = {integer("samples", "Samples", d.samples, 1, 1e9, "cost-model evaluations (the iso-sample budget)"),
                      integer("initial", "Initial random points", d.initial, 2, 1e6, "before the first model"),
                      integer("batch", "Batch size", d.batch, 1, 4096, "points per model fit"),
                      integer("candidates", "EI candidates", d.candidates, 1, 1e6, "random points and mutations of the best"),
                      integer("model_points", "GP points", d.modelPoints, 8, 4096,
                              "the GP is fitted on this many points: half the best, half the most recent"),
                      real("xi", "EI margin ξ", d.xi, 0, 10, "exploration margin in log objective")};
        r.push_back(std::move(bo));
    }
    // Seed 001: single-agent PPO and decentralized MARL on the same learner (one agent = PPO).
    {
        const auto rlOptions = [](bool marl) {
            MarlOptions d;
            std::vector<OptionSpec> o{
                integer("samples", "Samples", 20000, 1, 1e9, "training samples: joint mappings evaluated (the iso-sample budget)"),
                choice("profile", "Learner profile", {"fast", "archgym"},
                       "fast: lr 3e-4, entropy 0.01, 128 samples per update, γ 0; archgym: ArchGym's Acme PPO (lr 2e-5, "
                       "entropy 0.1, 2,048 samples per update, γ 0.99)"),
                integer("streams", "Parallel environments", d.streams, 1, 256, "environments stepped together (batched acting)"),
                integer("episode_length", "Episode length", d.episodeLength, 1, 100000, "steps before an environment's observation resets"),
                real("lr", "Learning rate", 0, 0, 1, "0 = the profile's"),
                real("entropy", "Entropy coefficient", -1, -1, 10, "−1 = the profile's"),
                integer("rollout", "Samples per update", 0, 0, 1000000, "0 = the profile's"),
                integer("epochs", "Epochs per update", 0, 0, 100, "0 = the profile's"),
            };
            for (OptionSpec& spec : o)
                if (spec.help.ends_with("= the profile's"))
                    spec.minimumText = "profile's";
            if (marl) {
                o.insert(o.begin() + 1,
                         integer("agents", "Agents (B)", d.agents, 1, 64,
                                 "1 = single agent; one per free parameter = fully decentralized; in between, groups from "
                                 "correlation clustering of a pre-pass"));
                o.insert(o.begin() + 2, text("groups", "Agent of each parameter", "",
                                             "manual grouping, e.g. 0,1,1,2,... (one number per parameter; empty = clustering)"));
                o.insert(o.begin() + 3, choice("cluster_policy", "Pre-pass policy", {"random", "ga"},
                                               "how the clustering samples are collected"));
                o.insert(o.begin() + 4, integer("cluster_samples", "Pre-pass samples", d.clusterSamples, 2, 1e9,
                                                "samples collected for the clustering (not counted in Samples)"));
                o.insert(o.begin() + 5, real("top_fraction", "Elite fraction", d.topFraction, 0.001, 1,
                                             "share of the best pre-pass samples correlated"));
            }
            return o;
        };
        OptimizerInfo ppo;
        ppo.kind = ProblemKind::DataflowMapping;
        ppo.id = "ppo";
        ppo.title = "Single-agent PPO";
        ppo.description = "One PPO agent chooses every parameter (a categorical head each, masked to the allowed values); "
                          "reward X_ref / X. The baseline of seed 001.";
        ppo.budgetKey = "samples";
        ppo.options = rlOptions(false);
        OptimizerInfo marl = ppo;
        marl.id = "marl";
        marl.title = "MARL (seed 001)";
        marl.description = "Decentralized multi-agent PPO: each agent owns a group of correlated parameters, all share the "
                           "observation and the global reward.";
        marl.options = rlOptions(true);
#ifndef MAPSCAPE_HAS_TORCH
        ppo.available = marl.available = false;
        ppo.unavailableReason = marl.unavailableReason = "this build has no LibTorch (MAPSCAPE_WITH_TORCH=OFF)";
#endif
        r.push_back(std::move(ppo));
        r.push_back(std::move(marl));
    }
    // Seed 002: accelerator sizing. Every method gets the same evaluation budget (GRMD's 679 by
    // default: 15 + 20 × 15 + 300 + 64).
    const auto accel = [&r](OptimizerInfo info) {
        info.kind = ProblemKind::AccelSizing;
        info.budgetKey = info.budgetKey.empty() ? "samples" : info.budgetKey;
        r.push_back(std::move(info));
    };
    const auto samples = [] {
        return integer("samples", "Evaluations", 679, 1, 1e9, "configurations evaluated (the equal budget of the comparison)");
    };
    const auto geneOps = [] {
        return std::vector<OptionSpec>{
            real("mutation", "Mutation rate", 0, 0, 1, "per gene; 0 = 1 / number of genes that vary"),
            real("eta", "Distribution index η", 20, 0, 1000, "polynomial mutation of integer genes (larger: smaller steps)")};
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
        g.options = {integer("population", "Population N", d.ga.population, 2, 10000, "stage-1 GA population (the paper: 15)"),
                     integer("generations", "Generations T_ga", d.ga.generations, 0, 100000, "stage-1 GA iterations"),
                     boolean("distinct_designs", "Distinct designs", d.ga.distinctDesigns,
                             "stage 1 keeps one chromosome per distinct (latency, power, area): genes the model ignores "
                             "cannot fill the subspace with copies of one design"),
                     integer("episodes", "Episodes E", d.episodes, 0, 1000000, "stage-2 actor-critic episodes"),
                     real("weight_latency", "Latency weight A", d.weightLatency, 0, 1000,
                          "reward −A·(lat − lat_max)/lat_ref − B·(pow − pow_max)/pow_ref; latency-first: 0.8"),
                     real("weight_power", "Power weight B", d.weightPower, 0, 1000, "power-first: 0.8"),
                     choice("mode", "Action selection", {"faithful", "on-policy"},
                            "faithful: argmax of π, uniform with probability ε (the paper); on-policy: sample π"),
                     choice("subspace", "Subspace", {"values", "interval"},
                            "values: the survivors' values per resource; interval: every value between their min and max"),
                     integer("rollouts", "Inference roll-outs K", d.rollouts, 0, 100000,
                             "configurations the trained actor proposes (half greedy, half sampled)"),
                     boolean("archive", "Training archive", d.archive, "the final set also considers every evaluated configuration"),
                     real("penalty", "Violation penalty λ", d.penalty, 0, 1e6, "reward − λ·Σ max(0, metric/limit − 1)"),
                     real("epsilon_decay", "ε decay", d.epsilonDecay, 0.01, 1, "ε_e = max(ε_min, decay^e)"),
                     real("epsilon_min", "ε minimum", d.epsilonMin, 0, 1, ""),
                     real("gamma", "Discount γ", d.gamma, 0, 1, "G_i = γ^(T−i)·R"),
                     boolean("convolution", "Conv1d features", d.convolution, "actor and critic start with a Conv1d layer"),
                     integer("hidden", "Hidden units", d.hidden, 1, 4096, "two fully connected layers"),
                     real("actor_lr", "Actor learning rate", d.actorLr, 1e-7, 1, ""),
                     real("critic_lr", "Critic learning rate", d.criticLr, 1e-7, 1, "")};
        for (OptionSpec& o : geneOps())
            g.options.push_back(std::move(o));
#ifndef MAPSCAPE_HAS_TORCH
        g.available = false;
        g.unavailableReason = "this build has no LibTorch (MAPSCAPE_WITH_TORCH=OFF)";
#endif
        accel(std::move(g));
    }
    {
        OptimizerInfo n;
        n.id = "nsga2";
        n.title = "NSGA-II";
        n.description = "Non-dominated sorting GA (Deb et al. 2002) on latency, power and area with GRMD's crossover and "
                        "mutation; constraints by constrained domination.";
        n.options = {samples(), integer("population", "Population", 15, 2, 100000, "the paper's GA population: 15")};
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
                     integer("swarm", "Particles", d.swarm, 1, 100000, ""),
                     real("inertia", "Inertia w", d.inertia, 0, 2, ""),
                     real("c1", "Cognitive c1", d.cognitive, 0, 10, "pull towards the particle's own best"),
                     real("c2", "Social c2", d.social, 0, 10, "pull towards an archive leader"),
                     integer("archive", "Archive size", d.archiveSize, 1, 100000, "non-dominated points kept (crowding)")};
        accel(std::move(m));
    }
    {
        OptimizerInfo b;
        b.id = "bo";
        b.title = "Bayesian optimisation (ParEGO)";
        b.description = "A Gaussian process on a fresh random Tchebycheff scalarisation of log latency, power and area at "
                        "every step (ParEGO); one point of highest expected improvement per step after 5 prior samples.";
        b.options = {samples(),
                     integer("initial", "Prior samples", 5, 2, 1e6, "random points before the first model (the paper: 5)"),
                     integer("candidates", "EI candidates", 2000, 1, 1e6, "random points and mutations of the best"),
                     integer("model_points", "GP points", 192, 8, 4096, "the GP is fitted on at most this many points"),
                     real("rho", "Augmentation ρ", 0.05, 0, 1, "weight of the sum term of the scalarisation")};
        accel(std::move(b));
    }
    {
        OptimizerInfo g;
        g.id = "ga";
        g.title = "Genetic algorithm (GRMD stage 1 alone)";
        g.description = "The elitist GA of GRMD's stage 1 on its own, on a weighted fitness A·lat/lat_ref + B·pow/pow_ref "
                        "(+ C·area/area_ref) or on area.";
        g.options = {samples(),
                     integer("population", "Population", 15, 2, 100000, "the paper's GA population: 15"),
                     choice("fitness", "Fitness", {"weighted", "area"}, "weighted: the paper's Fig. 6 GA; area: stage 1"),
                     real("weight_latency", "Latency weight A", 0.5, 0, 1000, ""),
                     real("weight_power", "Power weight B", 0.5, 0, 1000, ""),
                     real("weight_area", "Area weight C", 0, 0, 1000, "")};
        for (OptionSpec& o : geneOps())
            g.options.push_back(std::move(o));
        accel(std::move(g));
    }
    {
        OptimizerInfo rs;
        rs.id = "random";
        rs.title = "Random search";
        rs.description = "Every gene drawn uniformly among its allowed values.";
        rs.options = {samples(), integer("batch", "Batch size", 15, 1, 1e6, "configurations evaluated per step")};
        accel(std::move(rs));
    }
    // Seed 003: DPU configuration. The learners train on the recorded runs' training variants and
    // are evaluated greedily on the held-out ones; the reward options are shared.
    const auto rewardOptions = [] {
        const dpu::RewardOptions d;
        return std::vector<OptionSpec>{
            real("lambda", "Global-mean weight λ", d.lambda, 0, 1, "baseline b = (1 − λ)·CTXMEAN + λ·GLOBALMEANPPW"),
            real("alpha", "tanh scale α", d.alpha, 1e-6, 100, "reward tanh((PPW − b) / (α·max(1, |b|)))"),
            real("violation_reward", "Missed-constraint reward", d.violationReward, -100, 0,
                 "reward when the chosen configuration runs below C_PERF (the paper: −1)"),
            boolean("post_action_key", "Post-action context key", d.postActionKey,
                    "paper-literal: bucket the reward by the telemetry after acting (default: before)"),
            boolean("arm_power", "Arm power in PPW", d.includeArmPower, "PPW over P_FPGA + P_ARM instead of P_FPGA")};
    };
    {
        OptimizerInfo a;
        a.kind = ProblemKind::DpuConfig;
        a.id = "dpucconfig";
        a.title = "DPUCConfig PPO agent (seed 003)";
        a.description = "PPO as a contextual bandit: one step per episode observes telemetry, model features and C_PERF, "
                        "picks one of the configurations and is rewarded by Algorithm 1's context-normalised PPW.";
        a.budgetKey = "iterations";
        const dpu::TrainerSpec d;
        a.options = {integer("iterations", "PPO iterations", d.iterations, 1, 100000, "policy updates"),
                     integer("steps", "Steps per iteration", d.stepsPerIteration, 16, 1000000,
                             "bandit steps (one 3 Hz sample each) between updates"),
                     integer("patience", "Plateau patience", d.patience, 0, 100000,
                             "stop after this many iterations without a better training-set PPW (0: off)"),
                     integer("hidden", "Hidden units", d.hidden, 4, 4096, "two tanh layers in policy and value networks")};
        for (OptionSpec& o : rewardOptions())
            a.options.push_back(std::move(o));
#ifndef MAPSCAPE_HAS_TORCH
        a.available = false;
        a.unavailableReason = "this build has no LibTorch (MAPSCAPE_WITH_TORCH=OFF)";
#endif
        r.push_back(std::move(a));
    }
    {
        OptimizerInfo l;
        l.kind = ProblemKind::DpuConfig;
        l.id = "linucb";
        l.title = "LinUCB (non-deep reference)";
        l.description = "Disjoint LinUCB: one ridge regression of the reward per configuration on the normalised "
                        "observation, with an upper-confidence bonus; same stream and reward as the agent.";
        l.budgetKey = "steps";
        const dpu::TrainerSpec d;
        l.options = {integer("steps", "Steps", double(d.steps), 1, 1e8, "bandit steps"),
                     real("exploration", "Exploration α", d.exploration, 0, 100, "weight of the confidence bonus"),
                     real("ridge", "Ridge λ", d.ridge, 1e-9, 1e6, "prior precision of each regression")};
        for (OptionSpec& o : rewardOptions())
            l.options.push_back(std::move(o));
        r.push_back(std::move(l));
    }
    // Seed 004: tensor placement. Every method's budget is its number of maps evaluated
    // ("hardware iterations"); EGRL and its ablations share Table 2's options.
    const auto placementIterations = [] {
        return integer("iterations", "Iterations", 4000, 1, 1e7, "maps evaluated (the paper's 4,000 hardware inferences)");
    };
    const auto egrlOptions = [](placement::EgrlMode mode) {
        const placement::EgrlOptions d;
        std::vector<OptionSpec> o;
        if (mode != placement::EgrlMode::Pg) {
            o.push_back(integer("population", "Population", d.population, 4, 1000, "EA population size k (Table 2: 20)"));
            o.push_back(real("boltzmann_fraction", "Boltzmann share", d.boltzmannFraction, 0, 1,
                             "fraction of the population that are Boltzmann chromosomes (Table 2: 0.2)"));
            o.push_back(real("mutation_prob", "Mutation probability", d.mutationProb, 0, 1, "per individual and generation"));
            o.push_back(real("crossover_prob", "Crossover probability", d.crossoverProb, 0, 1, "per pair of selected members"));
        }
        if (mode != placement::EgrlMode::Ea) {
            o.push_back(real("alpha", "Entropy coefficient α", d.alpha, 0, 100, "SAC's fixed α (Table 2: 0.05)"));
            o.push_back(real("gamma", "Discount γ", d.gamma, 0, 1, "Table 2: 0.99 (1-step episodes still bootstrap)"));
            o.push_back(real("tau", "Target rate τ", d.tau, 0, 1, "soft update of the target critic (Table 2: 1e-3)"));
            o.push_back(integer("batch", "Batch size", d.batch, 1, 4096, "transitions per gradient step (Table 2: 24)"));
            o.push_back(real("critic_lr", "Critic learning rate", d.criticLr, 0, 1, "Adam"));
            o.push_back(real("actor_lr", "Actor learning rate", d.actorLr, 0, 1, "Adam"));
            o.push_back(real("epsilon_decay", "ε decay (rollouts)", d.epsilonDecay, 1e-3, 1e9,
                             "ε-greedy exploration of the learner's noisy rollout: ε = 0.05 + 0.95·exp(−t / decay)"));
            o.push_back(choice("target", "Bellman target", {"code", "paper"},
                               "code: α·0.2·H inside the γ bracket (public code); paper: +H outside (Algorithm 2)"));
            o.push_back(boolean("terminal", "Terminal episodes", d.terminal, "no bootstrap at the 1-step episode's end"));
        }
        o.push_back(integer("heads", "Attention heads", d.heads, 0, 16, "GAT heads per convolution; 0 = GCN (Table 2: 4)"));
        o.push_back(integer("depth", "U-Net depth", d.depth, 1, 8, "pooling levels (Table 2: 4)"));
        o.push_back(integer("hidden", "Hidden size", d.hidden, 4, 1024, "GNN hidden and output width (Table 2: 128)"));
        o.push_back(text("zero_shot", "Zero-shot workloads", "",
                         "built-in workloads (resnet50, resnet101, bert; comma-separated) on which each generation's best "
                         "GNN is tried with no further training, on the same hardware (Fig. 4: Zero-shot tab)"));
        return o;
    };
    const auto placementEntry = [&](std::string id, std::string title, std::string description, bool torch,
                                    std::vector<OptionSpec> extra) {
        OptimizerInfo p;
        p.kind = ProblemKind::TensorPlacement;
        p.id = std::move(id);
        p.title = std::move(title);
        p.description = std::move(description);
        p.budgetKey = "iterations";
        p.options = {placementIterations()};
        for (OptionSpec& o : extra)
            p.options.push_back(std::move(o));
#ifndef MAPSCAPE_HAS_TORCH
        if (torch) {
            p.available = false;
            p.unavailableReason = "this build has no LibTorch (MAPSCAPE_WITH_TORCH=OFF)";
        }
#else
        (void)torch;
#endif
        r.push_back(std::move(p));
    };
    placementEntry("egrl", "EGRL (seed 004)",
                   "Evolutionary graph RL: 16 Graph U-Net policies and 4 Boltzmann chromosomes evolve while a discrete "
                   "SAC learner trains on their shared replay buffer and migrates into the population.",
                   true, egrlOptions(placement::EgrlMode::Egrl));
    placementEntry("ea", "EA (EGRL without the learner)",
                   "The same mixed population evolving alone: no SAC, no replay buffer, no migration.", true,
                   egrlOptions(placement::EgrlMode::Ea));
    placementEntry("pg", "PG (discrete SAC alone)",
                   "The SAC learner alone: one ε-greedy and one greedy rollout per round, one gradient step per map.", true,
                   egrlOptions(placement::EgrlMode::Pg));
    placementEntry("greedy-dp", "Greedy-DP",
                   "From all-DRAM, each node in turn tries its 9 (weights, activation) level pairs with the rest fixed "
                   "and keeps the best; passes repeat until the budget ends or nothing changes.",
                   false, {});
    placementEntry("random", "Random search", "Uniform random maps.", false, {});
    placementEntry("local", "Local search",
                   "From the compiler's map, change one tensor's level at a time and keep changes that do not "
                   "lower the reward.",
                   false, {});
    return r;
}

/// Typed access to option values with range checks and error messages naming the option.
class Options {
public:
    Options(const OptimizerInfo& info, const OptionValues& values)
        : m_info(info)
        , m_values(values)
    {
        for (const auto& [key, value] : values) {
            if (!spec(key))
                throw InputError(info.id + "." + key + ": unknown option; known: " + known());
        }
    }

    double number(const std::string& key) const
    {
        const OptionSpec& s = *spec(key);
        const std::string text = valueOf(s);
        double v = 0;
        const char* end = text.data() + text.size();
        auto [ptr, ec] = std::from_chars(text.data(), end, v);
        const bool integral = s.type == T::Integer;
        if (ec != std::errc() || ptr != end || !std::isfinite(v) || (integral && v != std::floor(v)) || v < s.minimum ||
            v > s.maximum) {
            std::ostringstream m;
            m << m_info.id << "." << key << ": must be " << (integral ? "an integer" : "a number") << " in ["
              << s.minimum << ", " << s.maximum << "], got \"" << text << "\"";
            throw InputError(m.str());
        }
        return v;
    }

    int integer(const std::string& key) const { return int(number(key)); }

    bool flag(const std::string& key) const
    {
        const std::string text = valueOf(*spec(key));
        if (text == "true" || text == "1" || text == "yes" || text == "on")
            return true;
        if (text == "false" || text == "0" || text == "no" || text == "off")
            return false;
        throw InputError(m_info.id + "." + key + ": must be true or false, got \"" + text + "\"");
    }

    std::string str(const std::string& key) const { return valueOf(*spec(key)); }

    std::string pick(const std::string& key) const
    {
        const OptionSpec& s = *spec(key);
        const std::string text = valueOf(s);
        for (const std::string& c : s.choices) {
            if (c == text)
                return c;
        }
        std::string list;
        for (const std::string& c : s.choices)
            list += (list.empty() ? "" : ", ") + c;
        throw InputError(m_info.id + "." + key + ": must be one of " + list + ", got \"" + text + "\"");
    }

private:
    const OptionSpec* spec(const std::string& key) const
    {
        for (const OptionSpec& s : m_info.options) {
            if (s.key == key)
                return &s;
        }
        return nullptr;
    }
    std::string valueOf(const OptionSpec& s) const
    {
        auto it = m_values.find(s.key);
        return it == m_values.end() ? s.defaultValue : it->second;
    }
    std::string known() const
    {
        std::string k;
        for (const OptionSpec& s : m_info.options)
            k += (k.empty() ? "" : ", ") + s.key;
        return k.empty() ? "(none)" : k;
    }

    const OptimizerInfo& m_info;
    const OptionValues& m_values;
};

} // namespace

const std::vector<OptimizerInfo>& optimizerRegistry()
{
    static const std::vector<OptimizerInfo> registry = buildRegistry();
    return registry;
}

std::vector<const OptimizerInfo*> optimizersFor(ProblemKind kind)
{
    std::vector<const OptimizerInfo*> out;
    for (const OptimizerInfo& i : optimizerRegistry()) {
        if (i.kind == kind)
            out.push_back(&i);
    }
    return out;
}

const OptimizerInfo* findOptimizer(std::string_view id, ProblemKind kind)
{
    for (const OptimizerInfo& i : optimizerRegistry()) {
        if (i.id == id && i.kind == kind)
            return &i;
    }
    return nullptr;
}

namespace {

const OptimizerInfo& requireOptimizer(std::string_view id, ProblemKind kind)
{
    const OptimizerInfo* info = findOptimizer(id, kind);
    if (!info) {
        std::string list;
        for (const OptimizerInfo* i : optimizersFor(kind))
            list += (list.empty() ? "" : ", ") + i->id;
        throw InputError("optimizer \"" + std::string(id) + "\" is unknown for " + problemKindInfo(kind).title +
                         " studies; available: " + list);
    }
    if (!info->available)
        throw InputError("optimizer \"" + info->id + "\" is not available: " + info->unavailableReason);
    return *info;
}

} // namespace

namespace {

std::unique_ptr<PointOptimizer> makeAccelOptimizer(const OptimizerInfo& info, const Options& o, const PointProblem& problem,
                                                   std::uint64_t seed)
{
    const auto* accel = dynamic_cast<const AccelProblem*>(&problem);
    if (!accel)
        throw InputError(info.id + ": needs an accelerator-sizing problem");
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
#ifdef MAPSCAPE_HAS_TORCH
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
        return std::make_unique<GrmdSearch>(*accel, g, seed);
    }
#endif
    throw InputError("optimizer \"" + info.id + "\" has no factory");
}

} // namespace

std::unique_ptr<PointOptimizer> makePointOptimizer(ProblemKind kind, std::string_view id, const PointProblem& problem,
                                                   const OptionValues& values, std::uint64_t seed)
{
    const OptimizerInfo* info = &requireOptimizer(id, kind);
    const Options o(*info, values);
    if (kind == ProblemKind::AccelSizing)
        return makeAccelOptimizer(*info, o, problem, seed);
    if (info->id == "random") {
        RandomPointOptions r;
        r.samples = std::int64_t(o.number("samples"));
        r.batch = o.integer("batch");
        return std::make_unique<RandomPointSearch>(problem, r, seed);
    }
    if (info->id == "gamma") {
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
    if (info->id == "ga") {
        PlainGeneticOptions g;
        g.samples = std::int64_t(o.number("samples"));
        g.population = o.integer("population");
        g.crossoverRate = o.number("crossover");
        g.mutationRate = o.number("mutation");
        g.tournament = o.integer("tournament");
        return std::make_unique<PlainGeneticSearch>(problem, g, seed);
    }
    if (info->id == "bo") {
        BayesianOptions b;
        b.samples = std::int64_t(o.number("samples"));
        b.initial = o.integer("initial");
        b.batch = o.integer("batch");
        b.candidates = o.integer("candidates");
        b.modelPoints = o.integer("model_points");
        b.xi = o.number("xi");
        return std::make_unique<BayesianPointSearch>(problem, b, seed);
    }
#ifdef MAPSCAPE_HAS_TORCH
    if (info->id == "ppo" || info->id == "marl") {
        MarlOptions m;
        m.applyProfile(o.pick("profile") == "archgym" ? MarlProfile::ArchGym : MarlProfile::Fast);
        m.samples = std::int64_t(o.number("samples"));
        m.streams = o.integer("streams");
        m.episodeLength = o.integer("episode_length");
        if (const double lr = o.number("lr"); lr > 0)
            m.lr = float(lr);
        if (const double e = o.number("entropy"); e >= 0)
            m.entropy = float(e);
        if (const int roll = o.integer("rollout"); roll > 0)
            m.rolloutSamples = roll;
        if (const int ep = o.integer("epochs"); ep > 0)
            m.epochs = ep;
        m.agents = 1;
        if (info->id == "marl") {
            m.agents = o.integer("agents");
            m.clusterPolicy = o.pick("cluster_policy") == "ga" ? ClusterPolicy::Genetic : ClusterPolicy::Random;
            m.clusterSamples = std::int64_t(o.number("cluster_samples"));
            m.topFraction = o.number("top_fraction");
            const std::string groups = o.str("groups");
            if (!groups.empty()) {
                for (const std::string& item : split(groups, ',')) {
                    const auto v = parseInt(item);
                    if (!v || *v < 0 || *v > 1000)
                        throw InputError("marl.groups: expected agent numbers separated by commas, got \"" + groups + "\"");
                    m.groups.push_back(int(*v));
                }
            }
        }
        // The paper's observation: latency, power, energy and area (those the problem has).
        const auto objectives = problem.objectives();
        for (const char* id : {"latency", "power", "energy", "area"})
            for (std::size_t k = 0; k < objectives.size(); ++k)
                if (objectives[k].id == id)
                    m.observation.push_back(int(k));
        return std::make_unique<MarlSearch>(problem, m, seed);
    }
#endif
    throw InputError("optimizer \"" + info->id + "\" has no factory");
}

std::unique_ptr<SearchStrategy> makeOptimizer(std::string_view id, const SchedulingProblem& problem,
                                              const OptionValues& values, std::uint64_t seed)
{
    const OptimizerInfo* info = &requireOptimizer(id, ProblemKind::SchedulingTables);
    const Options o(*info, values);
    if (info->id == "random") {
        RandomSearchOptions r;
        r.samplesPerLayer = o.integer("samples");
        r.batch = o.integer("batch");
        return std::make_unique<RandomSearch>(problem, r, seed);
    }
    if (info->id == "exhaustive") {
        ExhaustiveSearchOptions e;
        e.maxCandidates = std::uint64_t(o.number("max_candidates"));
        return std::make_unique<ExhaustiveSearch>(problem, e);
    }
    if (info->id == "bottom-up")
        return std::make_unique<BottomUpSearch>(problem);
#ifdef MAPSCAPE_HAS_TORCH
    if (info->id == "ppo") {
        PpoSchedulerOptions s;
        s.episodesPerLayer = o.integer("episodes");
        s.maxSteps = o.integer("max_steps");
        s.stallLimit = o.integer("stall_limit");
        s.multiRowActions = o.flag("multi_row");
        const std::string rule = o.pick("row_rule");
        s.rowRule = rule == "follow" ? RowUpdateRule::Follow : rule == "fixed-dram" ? RowUpdateRule::FixedDram : RowUpdateRule::RoundRobin;
        s.stepsPerUpdate = o.integer("steps_per_update");
        s.greedyFinish = o.flag("greedy_finish");
        rl::PpoOptions& p = s.ppo;
        p.actorLr = float(o.number("actor_lr"));
        p.criticLr = float(o.number("critic_lr"));
        p.gamma = float(o.number("gamma"));
        p.clipEps = float(o.number("clip"));
        p.l2 = float(o.number("l2"));
        p.squaredL2 = o.flag("squared_l2");
        p.valueCoef = float(o.number("value_coef"));
        p.entropyCoef = float(o.number("entropy_coef"));
        p.entropyCoefFinal = float(o.number("entropy_final"));
        p.entropyDecay = float(o.number("entropy_decay"));
        p.entropyDecayStart = o.integer("entropy_decay_start");
        p.gaeLambda = float(o.number("gae_lambda"));
        p.epochs = o.integer("epochs");
        p.miniBatch = o.integer("minibatch");
        p.hidden = o.integer("hidden");
        p.maxGradNorm = float(o.number("max_grad_norm"));
        p.criticTarget = o.pick("critic_target") == "td0" ? rl::CriticTarget::TdZero : rl::CriticTarget::GaeReturn;
        return std::make_unique<PpoScheduler>(problem, s, seed);
    }
#endif
    throw InputError("optimizer \"" + info->id + "\" has no factory");
}

dpu::TrainerSpec makeDpuTrainerSpec(std::string_view id, const OptionValues& values, std::uint64_t seed)
{
    const OptimizerInfo& info = requireOptimizer(id, ProblemKind::DpuConfig);
    const Options o(info, values);
    dpu::TrainerSpec spec;
    spec.id = info.id;
    spec.seed = seed;
    if (info.id == "dpucconfig") {
        spec.iterations = o.integer("iterations");
        spec.stepsPerIteration = o.integer("steps");
        spec.patience = o.integer("patience");
        spec.hidden = o.integer("hidden");
    } else {
        spec.steps = std::int64_t(o.number("steps"));
        spec.exploration = o.number("exploration");
        spec.ridge = o.number("ridge");
    }
    spec.reward.lambda = o.number("lambda");
    spec.reward.alpha = o.number("alpha");
    spec.reward.violationReward = o.number("violation_reward");
    spec.reward.postActionKey = o.flag("post_action_key");
    spec.reward.includeArmPower = o.flag("arm_power");
    return spec;
}

PlacementMethod makePlacementMethod(std::string_view id, const placement::PlacementModel& model,
                                    const OptionValues& values, std::uint64_t seed)
{
    const OptimizerInfo& info = requireOptimizer(id, ProblemKind::TensorPlacement);
    const Options o(info, values);
    PlacementMethod m;
    m.iterations = o.integer("iterations");
    placement::EgrlOptions e;
    std::vector<placement::ZeroShotTarget> zeroShot;
    for (const OptionSpec& spec : info.options) {
        if (spec.key == "iterations")
            continue;
        if (spec.key == "zero_shot") {
            zeroShot = placement::zeroShotTargets(o.str(spec.key), model, info.id + ".zero_shot");
            continue;
        }
        placement::setEgrlOption(e, spec.key, spec.type == T::Choice ? o.pick(spec.key) : o.str(spec.key));
    }
    const FieldIssues issues = placement::validateEgrlOptions(e);
    if (!issues.empty())
        throw InputError(info.id + "." + issues.front().field.substr(5) + ": " + issues.front().message);
#ifdef MAPSCAPE_HAS_TORCH
    m.search = placement::makePlacementSearch(info.id, model, e, seed);
    if (!zeroShot.empty())
        if (auto* egrl = dynamic_cast<placement::EgrlSearch*>(m.search.get()))
            egrl->setZeroShotTargets(std::move(zeroShot));
#else
    if (!info.available)
        throw InputError(info.id + ": " + info.unavailableReason);
    m.search = placement::makeBaselineSearch(info.id, model, seed);
#endif
    return m;
}

void parseOptionAssignment(std::string_view text, OptionValues& values)
{
    const std::size_t eq = text.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == text.size())
        throw InputError("option \"" + std::string(text) + "\": expected key=value");
    values[std::string(text.substr(0, eq))] = std::string(text.substr(eq + 1));
}

} // namespace mapscape
