// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The tensor-placement kind's methods. Every method's budget is its number of maps evaluated
// ("hardware iterations"); EGRL and its ablations share Table 2's options.

#include "core/model/validation.h"
#include "core/optim/rl/module/learner_module.h"
#include "kinds/placement/core/egrl_options.h"
#include "kinds/placement/core/placement_study.h"
#include "kinds/placement/learners/egrl.h"

namespace mapscape {

namespace {

std::vector<OptimizerInfo> buildOptimizers()
{
    std::vector<OptimizerInfo> r;
    // Seed 004: tensor placement. Every method's budget is its number of maps evaluated
    // ("hardware iterations"); EGRL and its ablations share Table 2's options.
    const auto placementIterations = [] {
        // 400 by default: the learners' behaviour shows in about a minute on two cores; the
        // paper's budget (4,000 hardware inferences) is what the seed-004 sweeps set.
        return integerOption("iterations", "Iterations", 400, 1, 1e7,
                             "maps evaluated (the paper runs 4,000 hardware inferences; 400 take about a minute here)");
    };
    const auto egrlOptions = [](placement::EgrlMode mode) {
        const placement::EgrlOptions d;
        std::vector<OptionSpec> o;
        if (mode != placement::EgrlMode::Pg) {
            o.push_back(integerOption("population", "Population", d.population, 4, 1000, "EA population size k (Table 2: 20)"));
            o.push_back(realOption("boltzmann_fraction", "Boltzmann share", d.boltzmannFraction, 0, 1,
                             "fraction of the population that are Boltzmann chromosomes (Table 2: 0.2)"));
            o.push_back(realOption("mutation_prob", "Mutation probability", d.mutationProb, 0, 1, "per individual and generation"));
            o.push_back(realOption("crossover_prob", "Crossover probability", d.crossoverProb, 0, 1, "per pair of selected members"));
        }
        if (mode != placement::EgrlMode::Ea) {
            o.push_back(realOption("alpha", "Entropy coefficient α", d.alpha, 0, 100, "SAC's fixed α (Table 2: 0.05)"));
            o.push_back(realOption("gamma", "Discount γ", d.gamma, 0, 1, "Table 2: 0.99 (1-step episodes still bootstrap)"));
            o.push_back(realOption("tau", "Target rate τ", d.tau, 0, 1, "soft update of the target critic (Table 2: 1e-3)"));
            o.push_back(integerOption("batch", "Batch size", d.batch, 1, 4096, "transitions per gradient step (Table 2: 24)"));
            o.push_back(integerOption("burn_in", "Burn-in", d.burnIn, 1, 1e7, "transitions in the replay buffer before the first "
                                                                              "gradient step"));
            o.push_back(realOption("critic_lr", "Critic learning rate", d.criticLr, 0, 1, "Adam"));
            o.push_back(realOption("actor_lr", "Actor learning rate", d.actorLr, 0, 1, "Adam"));
            o.push_back(realOption("epsilon_decay", "ε decay (rollouts)", d.epsilonDecay, 1e-3, 1e9,
                             "ε-greedy exploration of the learner's noisy rollout: ε = 0.05 + 0.95·exp(−t / decay)"));
            o.push_back(choiceOption("target", "Bellman target", {"code", "paper"},
                               "code: α·0.2·H inside the γ bracket (public code); paper: +H outside (Algorithm 2)"));
            o.push_back(booleanOption("terminal", "Terminal episodes", d.terminal, "no bootstrap at the 1-step episode's end"));
        }
        o.push_back(integerOption("heads", "Attention heads", d.heads, 0, 16, "GAT heads per convolution; 0 = GCN (Table 2: 4)"));
        o.push_back(integerOption("depth", "U-Net depth", d.depth, 1, 8, "pooling levels (Table 2: 4)"));
        o.push_back(integerOption("hidden", "Hidden size", d.hidden, 4, 1024, "GNN hidden and output width (Table 2: 128)"));
        o.push_back(integerOption("threads", "LibTorch threads", 1, 1, 256,
                                  "intra-op threads of the policies and the learner. 1 by default: their tensors are small "
                                  "(a few hundred nodes), a second thread gains nothing on an idle machine and costs up to "
                                  "3x on a busy one (bench/learner_under_load.sh); -j does not change it"));
        o.push_back(textOption("zero_shot", "Zero-shot workloads", "",
                         "built-in workloads (resnet50, resnet101, bert; comma-separated) on which each generation's best "
                         "GNN is tried with no further training, on the same hardware (Fig. 4: Zero-shot tab)"));
        return o;
    };
    const auto placementEntry = [&](std::string id, std::string title, std::string description, bool torch,
                                    std::vector<OptionSpec> extra) {
        OptimizerInfo p;
        p.kind = "placement";
        p.id = std::move(id);
        p.title = std::move(title);
        p.description = std::move(description);
        p.budgetKey = "iterations";
        p.options = {placementIterations()};
        for (OptionSpec& o : extra)
            p.options.push_back(std::move(o));
        if (torch)
            learners::markAvailability(p);
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

} // namespace

std::span<const OptimizerInfo> placementOptimizers()
{
    static const std::vector<OptimizerInfo> optimizers = buildOptimizers();
    return optimizers;
}

PlacementMethod makePlacementMethod(std::string_view id, const placement::PlacementModel& model,
                                    const OptionValues& values, std::uint64_t seed)
{
    const OptimizerInfo& info = requireOptimizer(placementKind(), id);
    const OptionReader o(info, values);
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
        placement::setEgrlOption(e, spec.key, spec.type == OptionSpec::Type::Choice ? o.pick(spec.key) : o.str(spec.key));
    }
    bool learner = false;
    for (placement::EgrlMode mode : {placement::EgrlMode::Egrl, placement::EgrlMode::Ea, placement::EgrlMode::Pg})
        learner = learner || info.id == placement::egrlModeId(mode);
    if (learner)
        placement::checkGnnWorkloadSize(model.graph().nodeCount(), info.id);
    const FieldIssues issues = placement::validateEgrlOptions(e);
    if (!issues.empty())
        throw InputError(info.id + "." + issues.front().field.substr(5) + ": " + issues.front().message);
    if (!info.available)
        throw InputError(info.id + ": " + info.unavailableReason);
    if (learner)
        m.search = learners::factory<placement::EgrlFactory>(placement::kEgrlFactory)(info.id, model, e, seed, std::move(zeroShot));
    else
        m.search = placement::makeBaselineSearch(info.id, model, seed);
    return m;
}

} // namespace mapscape
