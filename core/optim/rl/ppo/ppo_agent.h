// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A discrete-action PPO actor-critic with invalid-action masking (LibTorch behind a pimpl, so
/// this header is cheap to include anywhere). Reusable by every RL optimizer.

#include "core/optim/rl/ppo/ppo_options.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace mapscape::rl {

struct PolicyStep {
    int action = -1;
    float logProb = 0;
    float value = 0;
};

/// One environment step as stored in the rollout buffer. `stream` identifies the environment
/// (for vectorised rollouts): advantages are chained only within a stream.
struct Transition {
    int stream = 0;
    std::vector<float> observation;
    std::vector<std::uint8_t> mask; ///< 1 = valid action
    int action = 0;
    float logProb = 0;
    float reward = 0;
    bool done = false;
    std::vector<float> nextObservation;
};

struct UpdateStats {
    double actorLoss = 0;
    double criticLoss = 0;
    double entropy = 0;
    double approxKl = 0;
    int samples = 0;
};

/// Not thread-safe: one agent is used by one thread at a time. Deterministic for a given seed
/// (weights, sampling and minibatch shuffles use the agent's own generator, not LibTorch's
/// global one, so concurrent runs do not disturb each other).
class PpoAgent {
public:
    PpoAgent(int observationSize, int actionCount, PpoOptions options, std::uint64_t seed);
    ~PpoAgent();
    PpoAgent(const PpoAgent&) = delete;
    PpoAgent& operator=(const PpoAgent&) = delete;

    int observationSize() const;
    int actionCount() const;
    const PpoOptions& options() const;

    /// Samples (or, when `greedy`, takes the most probable) valid action. Throws
    /// std::invalid_argument if the mask allows no action or sizes do not match.
    PolicyStep act(std::span<const float> observation, std::span<const std::uint8_t> mask, bool greedy);
    /// π(·|s) over all actions (masked ones are 0).
    std::vector<double> probabilities(std::span<const float> observation, std::span<const std::uint8_t> mask);
    /// V(s).
    double value(std::span<const float> observation);

    void store(Transition t);
    std::size_t pendingTransitions() const;
    /// One PPO update (GAE advantages, clipped surrogate, SmoothL1 critic + L2, entropy bonus
    /// weighted by `entropyCoef`) over the stored transitions, which are then cleared.
    UpdateStats update(double entropyCoef);

    /// Copies the weights (and optimiser state is reset) from another agent of the same shape:
    /// the warm start of a per-layer agent from a network-wide policy.
    void copyWeightsFrom(const PpoAgent& other);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace mapscape::rl
