// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The scheduling-table kind's optimizers: their options (the GUI's forms, the CLI's --option
// checks) and their factory.

#include "core/model/validation.h"
#include "core/optim/optimizer_table.h"
#include "kinds/scheduling/core/baselines.h"
#include "kinds/scheduling/core/scheduling_study.h"
// Torch-free: the learner itself is in the learner module, opened on first use.
#include "core/optim/rl/module/learner_module.h"
#include "kinds/scheduling/learners/ppo_scheduler.h"

namespace mapscape {

namespace {

using SchedulingOptimizerTable =
    OptimizerTable<std::unique_ptr<SearchStrategy>, const SchedulingProblem&, std::uint64_t>;

/// The PPO actor-critic's hyper-parameters (seed 000 §3.6).
OptionBinding<rl::PpoOptions> ppoOptions()
{
    using P = rl::PpoOptions;
    OptionBinding<P> b;
    b.real(&P::actorLr, "actor_lr", "Actor learning rate", 1e-7, 1, "")
        .real(&P::criticLr, "critic_lr", "Critic learning rate", 1e-7, 1, "")
        .real(&P::gamma, "gamma", "Discount γ", 0, 1, "")
        .real(&P::clipEps, "clip", "Clip ε", 0.01, 1, "")
        .real(&P::l2, "l2", "Critic L2 λ", 0, 10, "")
        .boolean(&P::squaredL2, "squared_l2", "Squared L2 norm", "weight decay instead of the paper's ‖ω‖")
        .real(&P::valueCoef, "value_coef", "Value coefficient c1", 0, 100, "")
        .real(&P::entropyCoef, "entropy_coef", "Entropy coefficient c2⁰", 0, 10, "")
        .real(&P::entropyCoefFinal, "entropy_final", "Final entropy coefficient", 0, 10, "")
        .real(&P::entropyDecay, "entropy_decay", "Entropy decay γ_c2", 0, 1, "")
        .integer(&P::entropyDecayStart, "entropy_decay_start", "Decay start episode", 0, 1000000, "")
        .real(&P::gaeLambda, "gae_lambda", "GAE λ", 0, 1, "")
        .integer(&P::epochs, "epochs", "PPO epochs", 1, 100, "")
        .integer(&P::miniBatch, "minibatch", "Minibatch size", 1, 100000, "")
        .integer(&P::hidden, "hidden", "Hidden units", 1, 4096, "per layer, two tanh layers")
        .real(&P::maxGradNorm, "max_grad_norm", "Gradient clip", 0, 1000, "0 disables")
        .choice(&P::criticTarget, "critic_target", "Critic target",
                std::vector<std::pair<std::string, rl::CriticTarget>>{{"td0", rl::CriticTarget::TdZero},
                                                                       {"gae-return", rl::CriticTarget::GaeReturn}},
                "equation (3) as written, or GAE returns");
    return b;
}

SchedulingOptimizerTable buildOptimizers()
{
    SchedulingOptimizerTable r;
    using S = PpoSchedulerOptions;
    OptimizerInfo ppo = {.id = "ppo",
                         .title = "PPO scheduling (seed 000)",
                         .description = "A PPO agent picks 2 or 3 table rows per step; an exact search re-distributes "
                                        "their factors.",
                         .budgetKey = "episodes"};
    learners::markAvailability(ppo);
    r.add(std::move(ppo),
          OptionBinding<S>()
              .integer(&S::episodesPerLayer, "episodes", "Episodes per layer", 0, 100000, "training episodes per layer")
              .integer(&S::maxSteps, "max_steps", "Steps per episode (T_max)", 1, 1000, "")
              .integer(&S::stallLimit, "stall_limit", "Stall limit", 1, 1000, "non-improving steps that end an episode")
              .boolean(&S::multiRowActions, "multi_row", "3-row actions", "allow the 45 three-row actions")
              .choice(&S::rowRule, "row_rule", "Current-row rule",
                      std::vector<std::pair<std::string, RowUpdateRule>>{{"follow", RowUpdateRule::Follow},
                                                                         {"fixed-dram", RowUpdateRule::FixedDram},
                                                                         {"round-robin", RowUpdateRule::RoundRobin}},
                      "how r moves after an action")
              .integer(&S::stepsPerUpdate, "steps_per_update", "Steps per PPO update", 1, 1000000, "")
              .boolean(&S::greedyFinish, "greedy_finish", "Greedy final episode", "one argmax episode per layer at the end")
              .include(&S::ppo, ppoOptions()),
          [](const S& s, const SchedulingProblem& problem, std::uint64_t seed) {
              return learners::factory<PpoSchedulerFactory>(kPpoSchedulerFactory)(problem, s, seed);
          });
    using R = RandomSearchOptions;
    r.add({.id = "random",
           .title = "Random search",
           .description = "Uniformly drawn factorisations per column (Timeloop's random mapper); invalid draws count.",
           .budgetKey = "samples"},
          OptionBinding<R>()
              .integer(&R::samplesPerLayer, "samples", "Samples per layer", 1, 1e9, "")
              .integer(&R::batch, "batch", "Batch size", 1, 1e6, "tables per ask"),
          [](const R& rs, const SchedulingProblem& problem, std::uint64_t seed) {
              return std::make_unique<RandomSearch>(problem, rs, seed);
          });
    using E = ExhaustiveSearchOptions;
    r.add({.id = "exhaustive",
           .title = "Exhaustive search",
           .description = "Exact search over every factor split of every row (pruned depth-first): the optimum of "
                          "small layers."},
          OptionBinding<E>().real(&E::maxCandidates, "max_candidates", "Largest space", 1, 1e18,
                                  "layers with more candidates are skipped"),
          [](const E& e, const SchedulingProblem& problem, std::uint64_t) {
              return std::make_unique<ExhaustiveSearch>(problem, e);
          });
    r.add({.id = "bottom-up",
           .title = "Bottom-up (NeuroSpector-style)",
           .description = "Level sets from DRAM inwards, each searched exactly for its partial cost; with flexible "
                          "dataflows, once per combination of the allowed dataflows (as NeuroSpector)."},
          [](const OptionReader&, const SchedulingProblem& problem, std::uint64_t) {
              return std::make_unique<BottomUpSearch>(problem);
          });
    for (OptimizerInfo& info : r.infos())
        info.kind = "scheduling";
    return r;
}

const SchedulingOptimizerTable& optimizerTable()
{
    static const SchedulingOptimizerTable table = buildOptimizers();
    return table;
}

} // namespace

std::span<const OptimizerInfo> schedulingOptimizers() { return optimizerTable().infos(); }

std::unique_ptr<SearchStrategy> makeSchedulingStrategy(std::string_view id, const SchedulingProblem& problem,
                                                       const OptionValues& values, std::uint64_t seed)
{
    return optimizerTable().make(requireOptimizer(schedulingKind(), id), values, problem, seed);
}

} // namespace mapscape
