// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The torch-free arithmetic both PPO agents share (ppo_agent, multi_head_agent): generalized
/// advantage estimation over a buffer that interleaves several environment streams, and the
/// shuffled minibatches of an update.

#include <cstdint>
#include <functional>
#include <random>
#include <span>
#include <vector>

namespace mapscape::rl {

struct Advantages {
    std::vector<float> advantages; ///< GAE(γ, λ)
    std::vector<float> tdTargets;  ///< r + γ·V(s') (no bootstrap after a terminal step)
    std::vector<float> returns;    ///< advantages + V(s): the λ-returns
};

/// GAE over transitions in insertion order; a transition continues with the next one of the same
/// stream (`streams[i]`, non-negative) unless it is terminal (`dones[i]` = 1).
Advantages generalizedAdvantages(std::span<const int> streams, std::span<const float> rewards,
                                 std::span<const float> dones, std::span<const float> values,
                                 std::span<const float> nextValues, float gamma, float lambda);

/// For each of `epochs` epochs (at least one), shuffles the indices 0..n−1 with `rng` (the order
/// carries over between epochs) and calls `batch` with consecutive slices of `miniBatch` indices
/// (at least one; the last slice may be shorter).
void forEachMinibatch(std::int64_t n, int miniBatch, int epochs, std::mt19937_64& rng,
                      const std::function<void(std::span<const std::int64_t>)>& batch);

} // namespace mapscape::rl
