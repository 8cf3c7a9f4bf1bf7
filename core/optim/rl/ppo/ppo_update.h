// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The PPO update both agents share (ppo_agent, multi_head_agent): the rollout buffer as tensors,
/// GAE advantages and critic targets, and the epochs of minibatch steps. What differs between
/// the agents — how a minibatch's log-probabilities, entropy and critic loss are computed, and
/// how gradients are clipped — is theirs. Included only by .cpp files that already use LibTorch.

#include "core/optim/rl/ppo/ppo_agent.h"
#include "core/optim/rl/ppo/ppo_options.h"

#include <torch/torch.h>

#include <cstdint>
#include <functional>
#include <random>
#include <vector>

namespace mapscape::rl {

/// What every transition holds, as tensors and arrays in insertion order.
struct Rollout {
    std::int64_t size = 0;
    torch::Tensor states;     ///< [n, observation]
    torch::Tensor nextStates; ///< [n, observation]
    torch::Tensor oldLogp;    ///< [n]: log π_old(a|s) at acting time
    std::vector<float> rewards;
    std::vector<float> dones;
    std::vector<int> streams;
};

/// `data` as a [shape] float tensor (a copy).
torch::Tensor floatTensor(std::vector<float>& data, std::vector<std::int64_t> shape);

/// The shared members of a transition type (observation, nextObservation, logProb, reward,
/// done, stream) of a buffer, in order.
template <class Transition>
Rollout rolloutOf(const std::vector<Transition>& buffer, int observationSize)
{
    Rollout r;
    r.size = std::int64_t(buffer.size());
    std::vector<float> obsData, nextData, logpData;
    obsData.reserve(buffer.size() * std::size_t(observationSize));
    nextData.reserve(buffer.size() * std::size_t(observationSize));
    for (const Transition& t : buffer) {
        obsData.insert(obsData.end(), t.observation.begin(), t.observation.end());
        nextData.insert(nextData.end(), t.nextObservation.begin(), t.nextObservation.end());
        logpData.push_back(t.logProb);
        r.rewards.push_back(t.reward);
        r.dones.push_back(t.done ? 1.f : 0.f);
        r.streams.push_back(t.stream);
    }
    r.states = floatTensor(obsData, {r.size, observationSize});
    r.nextStates = floatTensor(nextData, {r.size, observationSize});
    r.oldLogp = floatTensor(logpData, {r.size});
    return r;
}

struct AdvantageTargets {
    torch::Tensor advantages; ///< [n]: GAE(γ, λ), normalised when the options ask
    torch::Tensor targets;    ///< [n]: the critic's targets
};

/// V(s) and V(s') by `critic` (a [n] tensor of a [n, observation] batch, without gradients),
/// GAE advantages chained per stream in insertion order, and the critic targets `target`.
AdvantageTargets advantageTargets(const Rollout& rollout, const std::function<torch::Tensor(const torch::Tensor&)>& critic,
                                  const PpoOptions& o, CriticTarget target);

/// One minibatch: its indices into the rollout and the shared rows.
struct Minibatch {
    std::int64_t size = 0;
    torch::Tensor index; ///< [size] int64
    torch::Tensor states;
    torch::Tensor oldLogp;
    torch::Tensor advantages;
    torch::Tensor targets;
};

/// An agent's losses on one minibatch.
struct MinibatchLosses {
    torch::Tensor actorLoss;
    torch::Tensor criticLoss;
    torch::Tensor entropy;
    torch::Tensor newLogp; ///< log π(a|s) under the current weights
};

/// −mean(min(ρ·A, clip(ρ, 1 − ε, 1 + ε)·A)) with ρ = exp(log π − log π_old): PPO's clipped
/// surrogate.
torch::Tensor clippedSurrogateLoss(const torch::Tensor& newLogp, const torch::Tensor& oldLogp,
                                   const torch::Tensor& advantages, float clipEps);

/// The losses of an update: their means over its minibatches (`samples` left to the caller),
/// and the number of minibatches.
struct PpoEpochs {
    UpdateStats means;
    int batches = 0;
};

/// The epochs of an update (forEachMinibatch with `rng`): for each minibatch the agent's
/// `losses`, loss = actor + valueCoef·critic − entropyCoef·entropy, backward, `clipGradients`
/// (when maxGradNorm > 0), one step of both optimisers.
PpoEpochs runPpoEpochs(const Rollout& rollout, const AdvantageTargets& at, const PpoOptions& o, double entropyCoef,
                          std::mt19937_64& rng, torch::optim::Optimizer& actorOpt, torch::optim::Optimizer& criticOpt,
                          const std::function<MinibatchLosses(const Minibatch&)>& losses,
                          const std::function<void()>& clipGradients);

} // namespace mapscape::rl
