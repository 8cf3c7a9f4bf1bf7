// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The DPU-configuration kind's methods. The learners train on the recorded runs' training
// variants and are evaluated greedily on the held-out ones; the baselines need no training.

#include "core/model/validation.h"
#include "core/optim/option_binding.h"
#include "core/optim/rl/module/learner_module.h"
#include "kinds/dpu/core/dpu_study.h"

namespace mapscape {

bool isDpuLearner(std::string_view id) { return id == "dpucconfig" || id == "linucb"; }

namespace {

using dpu::TrainerSpec;

/// Algorithm 1's reward, shared by the learners.
OptionBinding<dpu::RewardOptions> rewardOptions()
{
    using R = dpu::RewardOptions;
    OptionBinding<R> b;
    b.real(&R::lambda, "lambda", "Global-mean weight λ", 0, 1, "baseline b = (1 − λ)·CTXMEAN + λ·GLOBALMEANPPW")
        .real(&R::alpha, "alpha", "tanh scale α", 1e-6, 100, "reward tanh((PPW − b) / (α·max(1, |b|)))")
        .real(&R::violationReward, "violation_reward", "Missed-constraint reward", -100, 0,
              "reward when the chosen configuration runs below C_PERF (the paper: −1)")
        .boolean(&R::postActionKey, "post_action_key", "Post-action context key",
                 "paper-literal: bucket the reward by the telemetry after acting (default: before)")
        .boolean(&R::includeArmPower, "arm_power", "Arm power in PPW", "PPW over P_FPGA + P_ARM instead of P_FPGA");
    return b;
}

/// Seed 003's agent: PPO as a contextual bandit.
OptionBinding<TrainerSpec> agentOptions()
{
    using T = TrainerSpec;
    OptionBinding<T> b;
    b.integer(&T::iterations, "iterations", "PPO iterations", 1, 100000, "policy updates")
        .integer(&T::stepsPerIteration, "steps", "Steps per iteration", 16, 1000000,
                 "bandit steps (one 3 Hz sample each) between updates")
        .integer(&T::patience, "patience", "Plateau patience", 0, 100000,
                 "stop after this many iterations without a better training-set PPW (0: off)")
        .integer(&T::hidden, "hidden", "Hidden units", 4, 4096, "two tanh layers in policy and value networks")
        .include(&T::reward, rewardOptions());
    return b;
}

/// The non-deep reference: disjoint LinUCB on the same stream and reward.
OptionBinding<TrainerSpec> linucbOptions()
{
    using T = TrainerSpec;
    OptionBinding<T> b;
    b.integer(&T::steps, "steps", "Steps", 1, 1e8, "bandit steps")
        .real(&T::exploration, "exploration", "Exploration α", 0, 100, "weight of the confidence bonus")
        .real(&T::ridge, "ridge", "Ridge λ", 1e-9, 1e6, "prior precision of each regression")
        .include(&T::reward, rewardOptions());
    return b;
}

std::vector<OptimizerInfo> buildOptimizers()
{
    // Seed 003: DPU configuration. The learners train on the recorded runs' training variants and
    // are evaluated greedily on the held-out ones; the reward options are shared.
    OptimizerInfo agent{
        .id = "dpucconfig",
        .title = "DPUCConfig PPO agent (seed 003)",
        .description = "PPO as a contextual bandit: one step per episode observes telemetry, model features and "
                       "C_PERF, picks one of the configurations and is rewarded by Algorithm 1's context-normalised "
                       "PPW.",
        .options = agentOptions().specs(),
        .budgetKey = "iterations"};
    learners::markAvailability(agent);
    // The extreme baselines pick per model and state from the measurements, or always the
    // configuration the paper names.
    const auto pick = [](const char* help) {
        return std::vector<OptionSpec>{choiceOption("pick", "Pick", {"measured", "paper"}, help)};
    };
    std::vector<OptimizerInfo> r{
        std::move(agent),
        {.id = "linucb",
         .title = "LinUCB (non-deep reference)",
         .description = "Disjoint LinUCB: one ridge regression of the reward per configuration on the normalised "
                        "observation, with an upper-confidence bonus; same stream and reward as the agent.",
         .options = linucbOptions().specs(),
         .budgetKey = "steps"},
        // The baselines of Fig. 5 as methods too, so that sweeps and comparisons hold every row.
        {.id = "optimal",
         .title = "Optimal (look-up)",
         .description = "The best feasible configuration of every model and state from the recorded runs' means: the "
                        "upper bound every method is normalised by."},
        {.id = "max-fps",
         .title = "Max-FPS",
         .description = "The configuration of highest measured FPS (the paper: \"typically B4096_1\").",
         .options = pick("measured: the highest FPS per model and state; paper: always B4096_1")},
        {.id = "min-power",
         .title = "Min-Power",
         .description = "The configuration of lowest FPGA power.",
         .options = pick("measured: the lowest power per model and state; paper: always B512_1")},
        {.id = "random",
         .title = "Random",
         .description = "A uniformly random configuration per model and state (seeded)."},
    };
    for (OptimizerInfo& info : r)
        info.kind = "dpu";
    return r;
}

} // namespace

std::span<const OptimizerInfo> dpuOptimizers()
{
    static const std::vector<OptimizerInfo> optimizers = buildOptimizers();
    return optimizers;
}

dpu::TrainerSpec makeDpuTrainerSpec(std::string_view id, const OptionValues& values, std::uint64_t seed)
{
    const OptimizerInfo& info = requireOptimizer(dpuKind(), id);
    if (!isDpuLearner(info.id))
        throw InputError(info.id + ": a baseline policy, not a learner");
    TrainerSpec spec = (info.id == "dpucconfig" ? agentOptions() : linucbOptions()).read(OptionReader(info, values));
    spec.id = info.id;
    spec.seed = seed;
    return spec;
}

} // namespace mapscape
