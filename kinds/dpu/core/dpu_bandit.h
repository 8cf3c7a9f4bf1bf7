// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The contextual bandit of seed 003 without the learner (spec §2.2, §2.4, §3.3, §5): the
/// agent's 22-feature observation and its normalisation, the context-normalised reward of the
/// paper's Algorithm 1 (CTXMEAN buckets, global mean, tanh squashing, −1 for a missed FPS
/// constraint), the train/test split, the evaluation of a policy against the optimum, the
/// non-learning baselines (optimal, max-FPS, min-power, random) and LinUCB as the non-deep
/// learning reference.

#include "kinds/dpu/core/dpu_dataset.h"
#include "core/optim/metrics_sink.h"
#include "core/optim/run_control.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <stop_token>
#include <string>
#include <vector>

namespace mapscape::dpu {

using Observation = std::array<double, kObservationSize>;

/// Raw observation: telemetry (a background sample before the action, §7 #14), static features
/// of the variant, and the FPS constraint.
Observation observe(const Platform& platform, int variant, const Telemetry& telemetry, double fpsConstraint);

/// log1p on the heavy-tailed features (bandwidths, GMAC, bytes, parameters), then z-scores with
/// statistics of the training observations (features that do not vary keep a unit scale).
struct Normalizer {
    std::array<double, kObservationSize> mean{};
    std::array<double, kObservationSize> scale{};
    static Normalizer fit(const std::vector<Observation>& observations);
    std::array<float, kObservationSize> apply(const Observation& raw) const;
    friend bool operator==(const Normalizer&, const Normalizer&) = default;
};
/// Whether feature i is log1p-transformed before z-scoring.
bool isLogFeature(int feature);

/// Algorithm 1's options (the paper leaves λ, α and the buckets open; spec §2.4 decisions).
struct RewardOptions {
    double lambda = 0.1;            ///< weight of the global mean in the baseline
    double alpha = 0.5;             ///< scale of the tanh argument
    double violationReward = -1.0;  ///< reward when FPS < C_PERF
    double cpuBinPercent = 25;      ///< width of a CPU-utilisation bin
    std::vector<double> memoryEdgesMbs{1000, 3000, 6000}; ///< Σ MEMR + MEMW bin edges
    double gmacBase = 0.25;         ///< gmac bin = clamp(⌊log2(GMAC / base)⌋, 0, bins − 1)
    double dataBaseMb = 4;          ///< data bin = clamp(⌊log2(MB / base)⌋, 0, bins − 1)
    int logBins = 7;
    bool postActionKey = false;     ///< paper-literal: the bucket from the telemetry after acting (§7 #13)
    bool includeArmPower = false;   ///< PPW over P_FPGA + P_ARM instead of P_FPGA (§7 #15)
    friend bool operator==(const RewardOptions&, const RewardOptions&) = default;
};

/// The context key of Algorithm 1: (CPU bin, memory bin, GMAC bin, data bin).
struct ContextKey {
    int cpu = 0;
    int memory = 0;
    int gmac = 0;
    int data = 0;
    auto operator<=>(const ContextKey&) const = default;
};
ContextKey contextKey(const Observation& raw, const RewardOptions& options);
/// "CPU < 25 % · DDR 1000–3000 MB/s · 1–2 GMAC · 16–32 MB".
std::string contextLabel(const ContextKey& key, const RewardOptions& options);

/// CTXMEAN and GLOBALMEANPPW: incremental means of feasible PPW per bucket and overall.
class ContextStats {
public:
    struct Bucket {
        double sum = 0;
        std::int64_t count = 0;
        double mean() const { return count > 0 ? sum / double(count) : 0; }
    };
    /// Algorithm 1: −penalty when the constraint is missed (statistics unchanged); otherwise
    /// tanh((ppw − b)/(α·max(1, |b|))) with b = (1 − λ)·b_local + λ·b_global, then the bucket
    /// and the global mean take the sample. `baseline` (optional) receives b.
    double reward(double ppw, double fps, double constraint, const ContextKey& key, const RewardOptions& options,
                  double* baseline = nullptr);
    /// b without updating (for the policy inspector); ppw is used only when nothing was seen yet.
    double baseline(const ContextKey& key, double ppw, const RewardOptions& options) const;
    const std::map<ContextKey, Bucket>& buckets() const { return m_buckets; }
    const Bucket& global() const { return m_global; }
    void clear();

private:
    std::map<ContextKey, Bucket> m_buckets;
    Bucket m_global;
};

/// One bandit step's reward: PPW of the drawn outcome sample (over P_FPGA, or P_FPGA + P_ARM),
/// keyed by the pre-action observation or, paper-literal, the outcome's telemetry; updates `ctx`.
double stepReward(ContextStats& ctx, const Platform& platform, int variant, const Observation& pre, const Sample& outcome,
                  const RewardOptions& options);

/// A uniformly drawn sample of a non-empty list (one 3 Hz sample of a run or of a background).
const Sample& drawSample(const std::vector<Sample>& samples, std::mt19937_64& rng);

/// The "dpu/context" snapshot: {"global": {"count", "mean"}, "buckets": [{"label", "cpu", "memory",
/// "gmac", "data", "count", "mean"}]}.
std::string contextSnapshotJson(const ContextStats& stats, const RewardOptions& options);

/// Train and test variants (default: the models marked `test` with all their pruning levels).
struct Split {
    std::vector<int> train;
    std::vector<int> test;
};
Split defaultSplit(const Platform& platform);

/// A deterministic policy: the action for (variant, state) given the raw pre-action observation.
using Policy = std::function<int(int variant, int state, const Observation& raw)>;

/// One evaluated (variant, state).
struct EvaluationCase {
    int variant = 0;
    int state = 0;
    int action = 0;
    int optimal = 0;
    bool feasibleExists = true; ///< some configuration meets C_PERF
    double ppw = 0;
    double optimalPpw = 0;
    double normalizedPpw = 0;   ///< ppw / optimalPpw
    bool exact = false;
    bool constraintMet = false;
};

/// Per-state summary (spec §5's side-by-side report).
struct StateSummary {
    int state = 0;
    int cases = 0;
    double meanNormalizedPpw = 0;
    double minNormalizedPpw = 0;
    int exact = 0;
    int constraintMet = 0;
    double satisfaction() const { return cases > 0 ? double(constraintMet) / cases : 0; }
};

struct EvaluationReport {
    std::vector<EvaluationCase> cases;
    std::vector<StateSummary> states;  ///< one per evaluated state, in the order asked
    StateSummary overall;              ///< all cases together (state = −1)
};

/// Evaluates a policy on `variants` × `states` against the best feasible configuration of the
/// recorded run means, observing each state's mean background telemetry.
EvaluationReport evaluatePolicy(const RecordedRuns& runs, const Policy& policy, const std::vector<int>& variants,
                                const std::vector<int>& states);

/// A policy's standing during training: greedy mean normalised PPW on the training variants (all
/// states) and on the held-out variants per state, and the share of held-out C and M cases that
/// meet C_PERF.
struct PolicyProgress {
    double trainPpw = 0;
    std::array<double, kStates> testPpw{};
    double testConstraint = 0;
    bool hasTest = false;
};
PolicyProgress policyProgress(const RecordedRuns& runs, const Split& split, const Policy& policy);
/// Records it as "dpu/train_ppw", "dpu/test_ppw_<state>" and "dpu/test_constraint" at `step`
/// (environment steps, so learners of different batch sizes share one axis).
void recordPolicyProgress(const PolicyProgress& progress, const Platform& platform, std::int64_t step, MetricsSink& sink);

/// The paper's baselines as policies over the recorded runs.
enum class Baseline : std::uint8_t {
    Optimal,        ///< exhaustive look-up of the best feasible configuration
    MaxFps,         ///< highest measured FPS (or the fixed paper-literal B4096_1)
    MinPower,       ///< lowest FPGA power (or the fixed B512_1)
    Random,         ///< uniformly random configuration (seeded)
};
std::string baselineName(Baseline b);
/// `paperLiteral`: MaxFps always B4096_1, MinPower always B512_1 (falls back to measured when the
/// platform has no such configuration).
Policy baselinePolicy(const RecordedRuns& runs, Baseline baseline, std::uint64_t seed = 1, bool paperLiteral = false);

/// Disjoint LinUCB (one ridge regression per action on the normalised observation plus a bias)
/// trained on the same round-robin stream and reward as the agent.
struct LinUcbOptions {
    double exploration = 1.0; ///< α of the UCB bonus
    double ridge = 1.0;       ///< λ of the ridge prior
    std::int64_t steps = 20000;
    RewardOptions reward;
    std::uint64_t seed = 1;
    friend bool operator==(const LinUcbOptions&, const LinUcbOptions&) = default;
};

class LinUcb {
public:
    LinUcb(const RecordedRuns& runs, const Split& split, LinUcbOptions options);
    ~LinUcb();
    LinUcb(const LinUcb&) = delete;
    LinUcb& operator=(const LinUcb&) = delete;
    /// Trains on the split's training variants (all states), reporting every 1,000 steps
    /// "dpu/reward", "dpu/violation_rate", the policy's progress (recordPolicyProgress) and the
    /// "dpu/context" snapshot, as the agent does. `control` (optional) pauses between reports.
    void train(std::stop_token stop, MetricsSink& sink, RunControl* control = nullptr);
    /// Greedy action (highest estimated reward).
    int act(const Observation& raw) const;
    /// The ridge estimate θ_a·x of each action's reward (no exploration bonus).
    std::vector<double> estimates(const Observation& raw) const;
    Policy policy() const;
    const ContextStats& context() const;
    const LinUcbOptions& options() const;
    std::int64_t steps() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// The round-robin (variant, state) stream over the training variants (Algorithm 2).
class RoundRobin {
public:
    explicit RoundRobin(std::vector<int> variants);
    std::pair<int, int> next();

private:
    std::vector<int> m_variants;
    std::size_t m_i = 0;
};

/// The observations the normaliser is fitted on: every background sample of every state for
/// every training variant.
std::vector<Observation> trainingObservations(const RecordedRuns& runs, const std::vector<int>& variants);

} // namespace mapscape::dpu
