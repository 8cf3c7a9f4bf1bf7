// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// GRMD's Monte-Carlo actor-critic (docs/reproduction.md, seed 002): an actor π_θ and a critic V_ω with
/// separate weights, each a Conv1d feature layer over the resources (3 channels: normalised
/// value, allocated flag, one-hot of the resource being decided) followed by two fully connected
/// layers; the actor has one softmax head per resource. Parameters change only at the end of an
/// episode: δ_i = G_i − V(s_i), the critic follows Σ δ_i ∇V(s_i) (Eq. 7) and the actor
/// Σ δ_i ∇log π(a_i|s_i) (Eq. 8) — REINFORCE with a learned baseline. LibTorch stays behind a
/// pimpl. Not thread-safe; deterministic for a seed.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace mapscape::rl {

struct McActorCriticOptions {
    bool convolution = true; ///< the Conv1d feature layer (off: the state goes straight to the FC layers)
    int channels = 16;
    int hidden = 64;
    double actorLr = 1e-3;
    double criticLr = 1e-3;
    double gradClip = 1.0;   ///< global norm per network; 0 disables
};

struct McStep {
    std::vector<float> state; ///< 3 × slots values, channel-major
    int head = 0;             ///< resource decided at this step
    int action = 0;           ///< index among that head's values
};

struct McUpdateStats {
    double actorLoss = 0;  ///< −Σ δ_i log π(a_i|s_i)
    double criticLoss = 0; ///< ½ Σ δ_i²
    double meanValue = 0;
};

class McActorCritic {
public:
    /// `slots`: positions of the state (one per resource); `headSizes`: values per resource.
    McActorCritic(int slots, std::vector<int> headSizes, McActorCriticOptions options, std::uint64_t seed);
    ~McActorCritic();
    McActorCritic(const McActorCritic&) = delete;
    McActorCritic& operator=(const McActorCritic&) = delete;

    int slots() const;
    /// π(·|s) over one head's values.
    std::vector<float> policy(std::span<const float> state, int head);
    float value(std::span<const float> state);
    /// One end-of-episode update from the steps and their returns G_i.
    McUpdateStats update(std::span<const McStep> steps, std::span<const float> returns);

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

} // namespace mapscape::rl
