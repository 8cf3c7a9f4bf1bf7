// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// DPUCConfig's agent (seed 003 §3): PPO trained as a contextual bandit (single-step episodes)
/// on the recorded runs. Each step observes a background-only telemetry sample of a (training
/// variant, state) pair taken round-robin, samples one of the 26 configurations from the policy,
/// draws one 3 Hz sample of that configuration's recorded run and is rewarded by Algorithm 1.
/// Greedy actions at evaluation. LibTorch stays behind the pimpl (core/optim/rl/ppo).

#include "kinds/dpu/core/dpu_bandit.h"
#include "kinds/dpu/core/dpu_methods.h"
#include "core/optim/rl/ppo/ppo_options.h"

#include <cstdint>
#include <memory>
#include <stop_token>
#include <vector>

namespace mapscape::dpu {

struct DpuAgentOptions {
    /// A 22 → h → h → 26 tanh policy and a separate value network (spec §3.2), Adam. With one
    /// step per episode the advantage is r − V(s); entropy only from sampling (RLlib's 0 bonus).
    rl::PpoOptions ppo{.actorLr = 3e-4f,
                       .criticLr = 1e-3f,
                       .gamma = 0.99f,
                       .clipEps = 0.3f,
                       .l2 = 0.0f,
                       .valueCoef = 1.0f,
                       .entropyCoef = 0.0f,
                       .entropyCoefFinal = 0.0f,
                       .gaeLambda = 1.0f,
                       .epochs = 8,
                       .miniBatch = 128,
                       .hidden = 128,
                       .maxGradNorm = 0.5f,
                       .normalizeAdvantages = true,
                       .criticTarget = rl::CriticTarget::GaeReturn};
    int iterations = 60;           ///< PPO updates
    int stepsPerIteration = 1024;  ///< environment steps (episodes) per update
    /// Plateau stop: end after this many iterations without a better training-set normalised
    /// PPW (0 = run every iteration). The test set is never used to stop.
    int patience = 0;
    bool runMeanReward = false;    ///< reward from the run's mean instead of one 3 Hz sample
    RewardOptions reward;
    std::uint64_t seed = 1;
    friend bool operator==(const DpuAgentOptions&, const DpuAgentOptions&) = default;
};

/// One iteration's figures (also reported to the sink under the names in brackets).
struct TrainingIteration {
    int iteration = 0;
    double meanReward = 0;       ///< dpu/reward
    double violationRate = 0;    ///< dpu/violation_rate
    double entropy = 0;          ///< ppo/entropy
    double approxKl = 0;         ///< ppo/approx_kl
    double valueLoss = 0;        ///< ppo/critic_loss
    double policyLoss = 0;       ///< ppo/actor_loss
    double trainPpw = 0;         ///< dpu/train_ppw: greedy mean normalised PPW, training variants, N/C/M
    std::array<double, kStates> testPpw{}; ///< dpu/test_ppw_N, _C, _M: held-out variants
    double testConstraint = 0;   ///< dpu/test_constraint: share of held-out C and M cases meeting C_PERF
    double seconds = 0;          ///< wall time since training started
};

class DpuAgent {
public:
    /// Throws InputError on a bad split or options.
    DpuAgent(const RecordedRuns& runs, Split split, DpuAgentOptions options);
    ~DpuAgent();
    DpuAgent(const DpuAgent&) = delete;
    DpuAgent& operator=(const DpuAgent&) = delete;

    /// Trains until the iterations are done, the plateau stop fires or `stop` is requested.
    /// Reports per-iteration metrics, progress, evaluations (environment steps) and the
    /// "dpu/context" snapshot (CTXMEAN buckets as JSON), at the environment-step count.
    /// `control` (optional) pauses between iterations; paused time is not counted in `seconds`.
    std::vector<TrainingIteration> train(std::stop_token stop, MetricsSink& sink, RunControl* control = nullptr);

    /// π(·|s) over the configurations for a raw observation.
    std::vector<double> probabilities(const Observation& raw);
    double value(const Observation& raw);
    /// The most probable configuration.
    int act(const Observation& raw);
    /// The greedy policy (valid while the agent lives).
    Policy policy();

    const RecordedRuns& runs() const;
    const Split& split() const;
    const DpuAgentOptions& options() const;
    const Normalizer& normalizer() const;
    const ContextStats& context() const;
    std::int64_t steps() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// The DPUCConfig agent as a policy trainer (its model answers with the agent's π). Lives in the
/// learner module; the core reaches it through learners::api().dpuAgent.
std::unique_ptr<PolicyTrainer> makeDpuAgentTrainer(std::shared_ptr<const RecordedRuns> runs, DpuAgentOptions options);

/// The learner module's factory of the DPU agent's trainer (core/optim/rl/module/learner_module.h).
using DpuAgentFactory = std::unique_ptr<PolicyTrainer>(std::shared_ptr<const RecordedRuns> runs,
                                                       const DpuAgentOptions& options);
inline constexpr const char* kDpuAgentFactory = "dpu/agent";

} // namespace mapscape::dpu
