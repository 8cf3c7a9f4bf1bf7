// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A PPO actor-critic whose action is several categorical choices at once: a shared torso, one
/// softmax head per choice (each with its own mask of allowed values), the joint log-probability
/// the sum over the heads. The agent of one MARL cluster owns the heads of its parameters; a
/// single agent owning every head is the single-agent baseline (seed 001). LibTorch stays behind
/// a pimpl. Acting is batched over environments (streams).

#include "core/optim/rl/ppo/ppo_options.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace mapscape::rl {

struct MultiHeadOptions {
    PpoOptions ppo;                       ///< actorLr, criticLr, gamma, clipEps, valueCoef, gaeLambda, epochs, miniBatch, maxGradNorm
    std::vector<int> hidden{64, 64};      ///< torso layers (tanh); the critic has the same shape
    friend bool operator==(const MultiHeadOptions&, const MultiHeadOptions&) = default;
};

/// One joint action of one stream.
struct MultiHeadStep {
    std::vector<int> actions; ///< one value index per head
    float logProb = 0;        ///< Σ over heads
    float value = 0;
};

struct MultiHeadTransition {
    int stream = 0;
    std::vector<float> observation;
    std::vector<int> actions;
    float logProb = 0;
    float reward = 0;
    bool done = false;
    std::vector<float> nextObservation;
};

struct MultiHeadUpdateStats {
    double actorLoss = 0;
    double criticLoss = 0;
    double entropy = 0;               ///< Σ over heads, mean over samples
    double approxKl = 0;
    std::vector<double> headEntropy;  ///< per head
    int samples = 0;
};

/// Not thread-safe. Deterministic for a seed (own generator for weights, sampling and shuffles).
class MultiHeadPpoAgent {
public:
    MultiHeadPpoAgent(int observationSize, std::vector<int> headSizes, MultiHeadOptions options, std::uint64_t seed);
    ~MultiHeadPpoAgent();
    MultiHeadPpoAgent(const MultiHeadPpoAgent&) = delete;
    MultiHeadPpoAgent& operator=(const MultiHeadPpoAgent&) = delete;

    int observationSize() const;
    const std::vector<int>& headSizes() const;
    /// Allowed values of each head (1 = allowed); by default every value. Throws
    /// std::invalid_argument when a head would allow nothing or sizes differ.
    void setMasks(std::vector<std::vector<std::uint8_t>> masks);

    /// One joint action per observation (a batch over streams); greedy takes each head's most
    /// probable allowed value. Never returns a masked value.
    std::vector<MultiHeadStep> act(std::span<const std::vector<float>> observations, bool greedy);
    /// π(·|s) of every head (masked values are 0).
    std::vector<std::vector<double>> probabilities(std::span<const float> observation);

    void store(MultiHeadTransition t);
    std::size_t pendingTransitions() const;
    /// One PPO update over the stored transitions (then cleared): GAE per stream, the clipped
    /// surrogate on the joint ratio exp(Σ_heads Δlog π), MSE critic, entropy bonus.
    MultiHeadUpdateStats update(double entropyCoef);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace mapscape::rl
