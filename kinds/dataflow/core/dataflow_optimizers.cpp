// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The dataflow-mapping kind's optimizers: seed 001's learners (single-agent PPO, MARL) and the
// baselines (random walk, GAMMA-style GA, a plain GA, Bayesian optimisation).

#include "core/model/validation.h"
#include "core/study/point_optimizer_catalog.h"
#include "kinds/dataflow/core/dataflow_study.h"
#include "core/util/strings.h"
// Torch-free: the learners' options are described here; the learners are in the learner module.
#include "core/optim/rl/module/learner_module.h"
#include "core/optim/rl/marl/marl_search.h"

namespace mapscape {

namespace {

std::vector<OptionSpec> learnerOptions(bool marl)
{
    MarlOptions d;
    std::vector<OptionSpec> o{
        integerOption("samples", "Samples", 20000, 1, 1e9, "training samples: joint mappings evaluated (the iso-sample budget)"),
        choiceOption("profile", "Learner profile", {"fast", "archgym"},
                     "fast: lr 3e-4, entropy 0.01, 128 samples per update, γ 0; archgym: ArchGym's Acme PPO (lr 2e-5, "
                     "entropy 0.1, 2,048 samples per update, γ 0.99)"),
        integerOption("streams", "Parallel environments", d.streams, 1, 256, "environments stepped together (batched acting)"),
        integerOption("episode_length", "Episode length", d.episodeLength, 1, 100000,
                      "steps before an environment's observation resets"),
        realOption("lr", "Learning rate", 0, 0, 1, "0 = the profile's"),
        realOption("entropy", "Entropy coefficient", -1, -1, 10, "−1 = the profile's"),
        integerOption("rollout", "Samples per update", 0, 0, 1000000, "0 = the profile's"),
        integerOption("epochs", "Epochs per update", 0, 0, 100, "0 = the profile's"),
    };
    for (OptionSpec& spec : o)
        if (spec.help.ends_with("= the profile's"))
            spec.minimumText = "profile's";
    if (marl) {
        // Three agents by default: a clustered middle between one agent and one per parameter
        // (the launch study has 8 free parameters); the paper's sweeps set B themselves.
        o.insert(o.begin() + 1, integerOption("agents", "Agents (B)", 3, 1, 64,
                                              "1 = single agent; one per free parameter = fully decentralized; in between, "
                                              "groups from correlation clustering of a pre-pass"));
        o.insert(o.begin() + 2, textOption("groups", "Agent of each parameter", "",
                                           "manual grouping, e.g. 0,1,1,2,... (one number per parameter; empty = clustering)"));
        o.insert(o.begin() + 3, choiceOption("cluster_policy", "Pre-pass policy", {"random", "ga"},
                                             "how the clustering samples are collected"));
        o.insert(o.begin() + 4, integerOption("cluster_samples", "Pre-pass samples", d.clusterSamples, 2, 1e9,
                                              "samples collected for the clustering (not counted in Samples)"));
        o.insert(o.begin() + 5, realOption("top_fraction", "Elite fraction", d.topFraction, 0.001, 1,
                                           "share of the best pre-pass samples correlated"));
    }
    return o;
}

/// Seed 001's learner (one agent = single-agent PPO) with the options a run was given.
std::unique_ptr<PointOptimizer> makeLearner(const OptionReader& o, bool marl, const PointProblem& problem,
                                            std::uint64_t seed)
{
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
    if (marl) {
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
    for (const char* objective : {"latency", "power", "energy", "area"})
        for (std::size_t k = 0; k < objectives.size(); ++k)
            if (objectives[k].id == objective)
                m.observation.push_back(int(k));
    return learners::factory<MarlFactory>(kMarlFactory)(problem, m, seed);
}

PointOptimizerTable buildOptimizers()
{
    PointOptimizerTable r;
    addGenericPointOptimizers(r, {"random", "gamma", "ga", "bo"});
    // Seed 001: single-agent PPO and decentralized MARL on the same learner (one agent = PPO).
    OptimizerInfo ppo;
    ppo.id = "ppo";
    ppo.title = "Single-agent PPO";
    ppo.description = "One PPO agent chooses every parameter (a categorical head each, masked to the allowed values); "
                      "reward X_ref / X. The baseline of seed 001.";
    ppo.options = learnerOptions(false);
    OptimizerInfo marl = ppo;
    marl.id = "marl";
    marl.title = "MARL (seed 001)";
    marl.description = "Decentralized multi-agent PPO: each agent owns a group of correlated parameters, all share the "
                       "observation and the global reward.";
    marl.options = learnerOptions(true);
    learners::markAvailability(ppo);
    learners::markAvailability(marl);
    r.add(std::move(ppo), [](const OptionReader& o, const PointProblem& problem, std::uint64_t seed) {
        return makeLearner(o, false, problem, seed);
    });
    r.add(std::move(marl), [](const OptionReader& o, const PointProblem& problem, std::uint64_t seed) {
        return makeLearner(o, true, problem, seed);
    });
    for (OptimizerInfo& info : r.infos()) {
        info.kind = "dataflow";
        info.budgetKey = "samples";
    }
    return r;
}

const PointOptimizerTable& optimizerTable()
{
    static const PointOptimizerTable table = buildOptimizers();
    return table;
}

} // namespace

std::span<const OptimizerInfo> dataflowOptimizers() { return optimizerTable().infos(); }

std::unique_ptr<PointOptimizer> makeDataflowOptimizer(std::string_view id, const PointProblem& problem,
                                                      const OptionValues& values, std::uint64_t seed)
{
    return optimizerTable().make(requireOptimizer(dataflowKind(), id), values, problem, seed);
}

} // namespace mapscape
