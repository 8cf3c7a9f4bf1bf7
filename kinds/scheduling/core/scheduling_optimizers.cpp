// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The scheduling-table kind's optimizers: their options (the GUI's forms, the CLI's --option
// checks) and their factory.

#include "core/model/validation.h"
#include "kinds/scheduling/core/baselines.h"
#include "kinds/scheduling/core/scheduling_study.h"
// Torch-free: the learner itself is in the learner module, opened on first use.
#include "core/optim/rl/module/learner_module.h"
#include "kinds/scheduling/learners/ppo_scheduler.h"

namespace mapscape {

namespace {

std::vector<OptimizerInfo> buildOptimizers()
{
    std::vector<OptimizerInfo> r;
    const auto add = [&r](OptimizerInfo info) {
        info.kind = "scheduling";
        r.push_back(std::move(info));
    };
    {
        OptimizerInfo ppo;
        ppo.id = "ppo";
        ppo.title = "PPO scheduling (seed 000)";
        ppo.description = "A PPO agent picks 2 or 3 table rows per step; an exact search re-distributes their factors.";
        ppo.budgetKey = "episodes";
        const PpoSchedulerOptions d;
        const rl::PpoOptions& p = d.ppo;
        ppo.options = {
            integerOption("episodes", "Episodes per layer", d.episodesPerLayer, 0, 100000, "training episodes per layer"),
            integerOption("max_steps", "Steps per episode (T_max)", d.maxSteps, 1, 1000, ""),
            integerOption("stall_limit", "Stall limit", d.stallLimit, 1, 1000, "non-improving steps that end an episode"),
            booleanOption("multi_row", "3-row actions", d.multiRowActions, "allow the 45 three-row actions"),
            choiceOption("row_rule", "Current-row rule", {"follow", "fixed-dram", "round-robin"}, "how r moves after an action"),
            integerOption("steps_per_update", "Steps per PPO update", d.stepsPerUpdate, 1, 1000000, ""),
            booleanOption("greedy_finish", "Greedy final episode", d.greedyFinish, "one argmax episode per layer at the end"),
            realOption("actor_lr", "Actor learning rate", p.actorLr, 1e-7, 1, ""),
            realOption("critic_lr", "Critic learning rate", p.criticLr, 1e-7, 1, ""),
            realOption("gamma", "Discount γ", p.gamma, 0, 1, ""),
            realOption("clip", "Clip ε", p.clipEps, 0.01, 1, ""),
            realOption("l2", "Critic L2 λ", p.l2, 0, 10, ""),
            booleanOption("squared_l2", "Squared L2 norm", p.squaredL2, "weight decay instead of the paper's ‖ω‖"),
            realOption("value_coef", "Value coefficient c1", p.valueCoef, 0, 100, ""),
            realOption("entropy_coef", "Entropy coefficient c2⁰", p.entropyCoef, 0, 10, ""),
            realOption("entropy_final", "Final entropy coefficient", p.entropyCoefFinal, 0, 10, ""),
            realOption("entropy_decay", "Entropy decay γ_c2", p.entropyDecay, 0, 1, ""),
            integerOption("entropy_decay_start", "Decay start episode", p.entropyDecayStart, 0, 1000000, ""),
            realOption("gae_lambda", "GAE λ", p.gaeLambda, 0, 1, ""),
            integerOption("epochs", "PPO epochs", p.epochs, 1, 100, ""),
            integerOption("minibatch", "Minibatch size", p.miniBatch, 1, 100000, ""),
            integerOption("hidden", "Hidden units", p.hidden, 1, 4096, "per layer, two tanh layers"),
            realOption("max_grad_norm", "Gradient clip", p.maxGradNorm, 0, 1000, "0 disables"),
            choiceOption("critic_target", "Critic target", {"td0", "gae-return"}, "equation (3) as written, or GAE returns"),
        };
        learners::markAvailability(ppo);
        add(std::move(ppo));
    }
    {
        OptimizerInfo rs;
        rs.id = "random";
        rs.title = "Random search";
        rs.description = "Uniformly drawn factorisations per column (Timeloop's random mapper); invalid draws count.";
        rs.budgetKey = "samples";
        const RandomSearchOptions d;
        rs.options = {integerOption("samples", "Samples per layer", d.samplesPerLayer, 1, 1e9, ""),
                      integerOption("batch", "Batch size", d.batch, 1, 1e6, "tables per ask")};
        add(std::move(rs));
    }
    {
        OptimizerInfo ex;
        ex.id = "exhaustive";
        ex.title = "Exhaustive search";
        ex.description = "Exact search over every factor split of every row (pruned depth-first): the optimum of small layers.";
        ex.options = {realOption("max_candidates", "Largest space", double(ExhaustiveSearchOptions{}.maxCandidates), 1, 1e18,
                                 "layers with more candidates are skipped")};
        add(std::move(ex));
    }
    {
        OptimizerInfo bu;
        bu.id = "bottom-up";
        bu.title = "Bottom-up (NeuroSpector-style)";
        bu.description = "Level sets from DRAM inwards, each searched exactly for its partial cost; with flexible dataflows, "
                         "once per combination of the allowed dataflows (as NeuroSpector).";
        add(std::move(bu));
    }
    return r;
}

} // namespace

std::span<const OptimizerInfo> schedulingOptimizers()
{
    static const std::vector<OptimizerInfo> optimizers = buildOptimizers();
    return optimizers;
}

std::unique_ptr<SearchStrategy> makeSchedulingStrategy(std::string_view id, const SchedulingProblem& problem,
                                                       const OptionValues& values, std::uint64_t seed)
{
    const OptimizerInfo& info = requireOptimizer(schedulingKind(), id);
    const OptionReader o(info, values);
    if (info.id == "random") {
        RandomSearchOptions r;
        r.samplesPerLayer = o.integer("samples");
        r.batch = o.integer("batch");
        return std::make_unique<RandomSearch>(problem, r, seed);
    }
    if (info.id == "exhaustive") {
        ExhaustiveSearchOptions e;
        e.maxCandidates = std::uint64_t(o.number("max_candidates"));
        return std::make_unique<ExhaustiveSearch>(problem, e);
    }
    if (info.id == "bottom-up")
        return std::make_unique<BottomUpSearch>(problem);
    if (info.id == "ppo") {
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
        return learners::factory<PpoSchedulerFactory>(kPpoSchedulerFactory)(problem, s, seed);
    }
    throw InputError("optimizer \"" + info.id + "\" has no factory");
}

} // namespace mapscape
