// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/rl/ppo/rollout_math.h"

#include <algorithm>
#include <numeric>

namespace mapscape::rl {

Advantages generalizedAdvantages(std::span<const int> streams, std::span<const float> rewards,
    std::span<const float> dones, std::span<const float> values, std::span<const float> nextValues, float gamma,
    float lambda)
{
    const std::size_t n = rewards.size();
    // The next transition of the same stream, if any.
    std::vector<std::int64_t> nextInStream(n, -1);
    std::vector<std::int64_t> lastSeen;
    for (std::size_t i = n; i-- > 0;) {
        const auto s = std::size_t(streams[i]);
        if (s >= lastSeen.size())
            lastSeen.resize(s + 1, -1);
        nextInStream[i] = lastSeen[s];
        lastSeen[s] = std::int64_t(i);
    }
    Advantages out;
    out.advantages.assign(n, 0.f);
    out.tdTargets.assign(n, 0.f);
    out.returns.assign(n, 0.f);
    for (std::size_t k = n; k-- > 0;) {
        const float notDone = 1.f - dones[k];
        out.tdTargets[k] = rewards[k] + notDone * gamma * nextValues[k];
        const float delta = out.tdTargets[k] - values[k];
        float next = 0;
        if (notDone > 0 && nextInStream[k] >= 0)
            next = out.advantages[std::size_t(nextInStream[k])];
        out.advantages[k] = delta + gamma * lambda * notDone * next;
        out.returns[k] = out.advantages[k] + values[k];
    }
    return out;
}

void forEachMinibatch(std::int64_t n, int miniBatch, int epochs, std::mt19937_64& rng,
    const std::function<void(std::span<const std::int64_t>)>& batch)
{
    std::vector<std::int64_t> order(std::size_t(std::max<std::int64_t>(0, n)));
    std::iota(order.begin(), order.end(), 0);
    const std::int64_t mb = std::max(1, miniBatch);
    for (int epoch = 0; epoch < std::max(1, epochs); ++epoch) {
        std::shuffle(order.begin(), order.end(), rng);
        for (std::int64_t start = 0; start < n; start += mb) {
            const std::int64_t end = std::min(n, start + mb);
            batch(std::span<const std::int64_t>(order.data() + start, std::size_t(end - start)));
        }
    }
}

} // namespace mapscape::rl
