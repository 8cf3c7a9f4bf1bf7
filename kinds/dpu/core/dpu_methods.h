// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Seed 003's methods side by side (spec §5): the learners (DPUCConfig's PPO agent, LinUCB) as
/// trainers behind one interface, the trained policy as a model a person can question (a score
/// per configuration for any observation), the policy's decisions as a table that outlives the
/// model (saved with a run), and the baselines evaluated once for every report that compares
/// methods (CLI, reproduction benchmark, the GUI's evaluation view).

#include "kinds/dpu/core/dpu_bandit.h"

#include <memory>
#include <string>
#include <vector>

namespace mapscape::dpu {

/// A trained policy. Not thread-safe: one caller at a time, after training has ended.
class PolicyModel {
public:
    virtual ~PolicyModel() = default;
    /// Whether scores() are probabilities (π(a|s), summing to 1) or reward estimates (LinUCB).
    virtual bool probabilistic() const = 0;
    /// One score per configuration for a raw observation.
    virtual std::vector<double> scores(const Observation& raw) = 0;
    /// The greedy configuration.
    virtual int act(const Observation& raw) = 0;
    /// The CTXMEAN statistics the learner built (the reward's baseline) and its reward options.
    virtual const ContextStats& context() const = 0;
    virtual const RewardOptions& reward() const = 0;
    virtual const RecordedRuns& runs() const = 0;
};

/// The greedy policy of a model (valid while the model lives).
Policy modelPolicy(PolicyModel& model);

/// A learner on the recorded runs' default split.
class PolicyTrainer {
public:
    virtual ~PolicyTrainer() = default;
    /// Trains until done or `stop`; reports "dpu/reward", "dpu/violation_rate", the policy's
    /// progress and the "dpu/context" snapshot at environment steps, and progress. `control`
    /// (optional) pauses between reports.
    virtual void train(std::stop_token stop, MetricsSink& sink, RunControl* control) = 0;
    /// The trained policy (shares the recorded runs; outlives the trainer).
    virtual std::shared_ptr<PolicyModel> model() const = 0;
};

/// Learner ids: "dpucconfig" (PPO agent, needs LibTorch) and "linucb".
struct TrainerSpec {
    std::string id = "dpucconfig";
    int iterations = 60;           ///< agent: PPO updates
    int stepsPerIteration = 1024;  ///< agent: steps per update
    int patience = 0;              ///< agent: plateau stop on the training set (0 = off)
    int hidden = 128;              ///< agent: hidden units
    std::int64_t steps = 20000;    ///< LinUCB: environment steps
    double exploration = 1.0;      ///< LinUCB: α
    double ridge = 1.0;            ///< LinUCB: λ
    RewardOptions reward;
    std::uint64_t seed = 1;
};

/// Throws InputError on an unknown id, bad options, a platform without held-out models, or an
/// agent in a build without LibTorch.
std::unique_ptr<PolicyTrainer> makeTrainer(const TrainerSpec& spec, std::shared_ptr<const RecordedRuns> runs);
/// The default split, or InputError when the platform has no held-out or no training model
/// (the learners need both).
Split learnerSplit(const Platform& platform);

/// The policy's choice for one (variant, state) at the state's mean background telemetry, with
/// its scores over the configurations.
struct PolicyDecision {
    int variant = 0;
    int state = 0;
    int action = 0;
    std::vector<double> scores;
    friend bool operator==(const PolicyDecision&, const PolicyDecision&) = default;
};

/// Every variant × state, variant-major.
std::vector<PolicyDecision> policyDecisions(PolicyModel& model);
/// A policy that looks decisions up by (variant, state) (a saved run's policy; telemetry is not
/// consulted). Throws InputError when a (variant, state) the platform has is missing.
Policy decisionPolicy(const Platform& platform, std::vector<PolicyDecision> decisions);

/// One baseline's evaluation on `variants` × `states`: one report, or one per seed (Random).
struct BaselineReports {
    Baseline baseline = Baseline::Optimal;
    bool paperLiteral = false;
    std::string name; ///< "Optimal", "Max-FPS (measured)", "Max-FPS (B4096_1)"
    std::vector<EvaluationReport> reports;
};

/// Optimal, Max-FPS and Min-Power (measured; with `paperLiteral` also B4096_1 and B512_1) and
/// Random (one report per seed), in that order.
std::vector<BaselineReports> baselineReports(const RecordedRuns& runs, const std::vector<int>& variants,
                                             const std::vector<int>& states, const std::vector<std::uint64_t>& randomSeeds,
                                             bool paperLiteral = false);

/// The paper's headline figures for a state (spec §5): mean normalised PPW of DPUCConfig and
/// of max-FPS; NaN where the paper gives none (state N).
struct PaperFigures {
    double agentMean = 0;
    double maxFpsMean = 0;
};
PaperFigures paperFigures(int state);
/// The paper's constraint satisfaction over C and M (16 of 18 cases).
inline constexpr double kPaperConstraintSatisfaction = 16.0 / 18.0;

} // namespace mapscape::dpu
