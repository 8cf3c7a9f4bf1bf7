// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The DPU-configuration kind's methods. The learners train on the recorded runs' training
// variants and are evaluated greedily on the held-out ones; the baselines need no training.

#include "core/model/validation.h"
#include "core/optim/rl/module/learner_module.h"
#include "kinds/dpu/core/dpu_study.h"

namespace mapscape {

bool isDpuLearner(std::string_view id) { return id == "dpucconfig" || id == "linucb"; }

namespace {

std::vector<OptimizerInfo> buildOptimizers()
{
    std::vector<OptimizerInfo> r;
    // Seed 003: DPU configuration. The learners train on the recorded runs' training variants and
    // are evaluated greedily on the held-out ones; the reward options are shared.
    const auto rewardOptions = [] {
        const dpu::RewardOptions d;
        return std::vector<OptionSpec>{
            realOption("lambda", "Global-mean weight λ", d.lambda, 0, 1, "baseline b = (1 − λ)·CTXMEAN + λ·GLOBALMEANPPW"),
            realOption("alpha", "tanh scale α", d.alpha, 1e-6, 100, "reward tanh((PPW − b) / (α·max(1, |b|)))"),
            realOption("violation_reward", "Missed-constraint reward", d.violationReward, -100, 0,
                 "reward when the chosen configuration runs below C_PERF (the paper: −1)"),
            booleanOption("post_action_key", "Post-action context key", d.postActionKey,
                    "paper-literal: bucket the reward by the telemetry after acting (default: before)"),
            booleanOption("arm_power", "Arm power in PPW", d.includeArmPower, "PPW over P_FPGA + P_ARM instead of P_FPGA")};
    };
    {
        OptimizerInfo a;
        a.kind = "dpu";
        a.id = "dpucconfig";
        a.title = "DPUCConfig PPO agent (seed 003)";
        a.description = "PPO as a contextual bandit: one step per episode observes telemetry, model features and C_PERF, "
                        "picks one of the configurations and is rewarded by Algorithm 1's context-normalised PPW.";
        a.budgetKey = "iterations";
        const dpu::TrainerSpec d;
        a.options = {integerOption("iterations", "PPO iterations", d.iterations, 1, 100000, "policy updates"),
                     integerOption("steps", "Steps per iteration", d.stepsPerIteration, 16, 1000000,
                             "bandit steps (one 3 Hz sample each) between updates"),
                     integerOption("patience", "Plateau patience", d.patience, 0, 100000,
                             "stop after this many iterations without a better training-set PPW (0: off)"),
                     integerOption("hidden", "Hidden units", d.hidden, 4, 4096, "two tanh layers in policy and value networks")};
        for (OptionSpec& o : rewardOptions())
            a.options.push_back(std::move(o));
        learners::markAvailability(a);
        r.push_back(std::move(a));
    }
    {
        OptimizerInfo l;
        l.kind = "dpu";
        l.id = "linucb";
        l.title = "LinUCB (non-deep reference)";
        l.description = "Disjoint LinUCB: one ridge regression of the reward per configuration on the normalised "
                        "observation, with an upper-confidence bonus; same stream and reward as the agent.";
        l.budgetKey = "steps";
        const dpu::TrainerSpec d;
        l.options = {integerOption("steps", "Steps", double(d.steps), 1, 1e8, "bandit steps"),
                     realOption("exploration", "Exploration α", d.exploration, 0, 100, "weight of the confidence bonus"),
                     realOption("ridge", "Ridge λ", d.ridge, 1e-9, 1e6, "prior precision of each regression")};
        for (OptionSpec& o : rewardOptions())
            l.options.push_back(std::move(o));
        r.push_back(std::move(l));
    }
    // The baselines of Fig. 5 as methods too, so that sweeps and comparisons hold every row.
    const auto baseline = [&r](std::string id, std::string title, std::string description, std::vector<OptionSpec> options) {
        OptimizerInfo b;
        b.kind = "dpu";
        b.id = std::move(id);
        b.title = std::move(title);
        b.description = std::move(description);
        b.options = std::move(options);
        r.push_back(std::move(b));
    };
    baseline("optimal", "Optimal (look-up)", "The best feasible configuration of every model and state from the recorded "
             "runs' means: the upper bound every method is normalised by.", {});
    baseline("max-fps", "Max-FPS", "The configuration of highest measured FPS (the paper: \"typically B4096_1\").",
             {choiceOption("pick", "Pick", {"measured", "paper"},
                           "measured: the highest FPS per model and state; paper: always B4096_1")});
    baseline("min-power", "Min-Power", "The configuration of lowest FPGA power.",
             {choiceOption("pick", "Pick", {"measured", "paper"},
                           "measured: the lowest power per model and state; paper: always B512_1")});
    baseline("random", "Random", "A uniformly random configuration per model and state (seeded).", {});
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
    const OptionReader o(info, values);
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

} // namespace mapscape
