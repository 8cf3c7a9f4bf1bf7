// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Decentralized multi-agent RL over a design space (seed 001): independent PPO learners, each
/// owning a group of parameters (one categorical head per parameter, masked to its allowed
/// values), all seeing the same observation — the log-ratio of the last sample's metrics to a
/// reference — and the same global reward X_ref / X (−1 for an invalid point). With one agent it
/// is the single-agent PPO baseline; with one agent per parameter it is fully decentralized; in
/// between the groups come from Algorithm 1 (correlation clustering of an exploration pre-pass)
/// or are given. Every joint action is one sample. Written against PointProblem, in ask/tell form.

#include "core/optim/space/agent_clustering.h"
#include "core/optim/space/point_search.h"

#include <cstdint>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

namespace mapscape {

enum class MarlProfile : std::uint8_t {
    Fast,    ///< lr 3e-4, entropy 0.01, 128 samples per update, 4 epochs × 4 minibatches, γ 0 (a bandit), 64×64
    ArchGym, ///< ArchGym's Acme PPO: lr 2e-5, entropy 0.1, 2,048 samples per update, 2 epochs × 8, γ 0.99, 32×32×32
};

/// Data policy of the clustering pre-pass.
enum class ClusterPolicy : std::uint8_t { Random, Genetic };

struct MarlOptions {
    std::int64_t samples = 20000;   ///< training budget (joint actions), without the pre-pass
    int agents = 10;                ///< B; at least the number of free parameters = one agent each
    std::vector<int> groups;        ///< agent of each parameter (overrides clustering); empty = automatic
    ClusterPolicy clusterPolicy = ClusterPolicy::Random;
    std::int64_t clusterSamples = 20000; ///< pre-pass samples (only when 1 < B < free parameters)
    double topFraction = 0.15;
    MarlProfile profile = MarlProfile::Fast;
    int streams = 8;                ///< environments stepped together (batched acting)
    int episodeLength = 100;        ///< steps per episode of a stream (the observation resets)
    int referenceSamples = 100;     ///< the reference is the median of this many first valid samples
    std::vector<int> observation;   ///< objective indices observed; empty = every objective
    // Profile values (set by applyProfile; editable afterwards).
    float lr = 3e-4f;
    float entropy = 0.01f;
    float clip = 0.2f;
    float gamma = 0.f;
    float gaeLambda = 0.95f;
    float valueCoef = 0.5f;
    int rolloutSamples = 128;
    int epochs = 4;
    int minibatches = 4;
    std::vector<int> hidden{64, 64};

    /// Sets the learner values of a profile.
    void applyProfile(MarlProfile p);
};

/// Algorithm 1 on its own, for looking at the clustering before training: the pre-pass MarlSearch
/// would run with this policy, sample count and seed, then the clustering of its best samples
/// (over the free parameters only) cut into `agents` groups (at most one per free parameter).
struct PrepassClustering {
    std::vector<int> freeParameters; ///< problem parameter index of each clustered row
    AgentClustering clustering;      ///< rows / groups index freeParameters
    std::int64_t samples = 0;
    std::int64_t valid = 0;
    bool cancelled = false;          ///< `stop` was requested; nothing else is filled in
};
/// Throws InputError naming the option for invalid settings, fewer than two free parameters or
/// fewer than two valid samples.
PrepassClustering clusterFromPrepass(const PointProblem& problem, ClusterPolicy policy, std::int64_t samples,
                                     double topFraction, int agents, std::uint64_t seed, std::stop_token stop = {});

class MarlSearch final : public PointOptimizer {
public:
    /// Throws InputError naming the option for invalid settings.
    MarlSearch(const PointProblem& problem, MarlOptions options, std::uint64_t seed);
    ~MarlSearch() override;

    std::vector<Point> ask() override;
    void tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink) override;
    double progress() const override;
    void bindStop(std::stop_token stop) override { m_stop = std::move(stop); }

    /// Agent of every parameter (−1 for parameters with one allowed value) — known once the
    /// pre-pass, if any, has run.
    const std::vector<int>& groups() const { return m_groups; }
    /// The clustering of the pre-pass (empty tree when the groups did not come from one).
    const AgentClustering& clustering() const { return m_clustering; }
    int agentCount() const;
    /// Samples spent in the clustering pre-pass (excluded from `samples`).
    std::int64_t overheadSamples() const { return m_clusterTold; }

private:
    struct Impl;
    void startTraining(MetricsSink& sink);
    void update(MetricsSink& sink);

    const PointProblem& m_problem;
    MarlOptions m_options;
    std::uint64_t m_seed;
    std::vector<int> m_free;   ///< parameters with more than one allowed value
    std::vector<int> m_groups;
    AgentClustering m_clustering;
    std::int64_t m_clusterTold = 0;
    std::int64_t m_clusterTarget = 0;
    std::int64_t m_told = 0;
    std::stop_token m_stop;
    std::unique_ptr<Impl> d;
};

/// The learner module's factory of MARL (core/optim/rl/module/learner_module.h).
using MarlFactory = std::unique_ptr<PointOptimizer>(const PointProblem& problem, const MarlOptions& options,
                                                    std::uint64_t seed);
inline constexpr const char* kMarlFactory = "marl";

} // namespace mapscape
