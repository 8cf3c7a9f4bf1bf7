// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Hyper-parameters of the PPO actor-critic (seed 000 §3.6 / paper §4.1; the values the paper
/// leaves open follow the spec's recommendations).

#include <cstdint>

namespace mapscape::rl {

/// Target of the critic's SmoothL1 loss.
enum class CriticTarget : std::uint8_t {
    TdZero,   ///< r + (1 − done)·γ·V(s'), equation (3) as written
    GaeReturn ///< advantage + V(s)
};

struct PpoOptions {
    float actorLr = 3e-4f;        ///< paper
    float criticLr = 1e-3f;       ///< paper
    float gamma = 0.99f;          ///< discount, paper
    float clipEps = 0.2f;         ///< surrogate clip ε, paper
    float l2 = 0.01f;             ///< λ_L2 on the critic's weights, paper
    bool squaredL2 = false;       ///< ‖ω‖² (weight decay) instead of the paper's ‖ω‖
    float valueCoef = 0.5f;       ///< c1, paper
    float entropyCoef = 0.1f;     ///< c2⁰, paper
    float entropyCoefFinal = 0.02f; ///< c2^final, paper
    float entropyDecay = 0.995f;  ///< γ_c2 of equation (6)
    int entropyDecayStart = 500;  ///< first episode of the decay
    int entropyDecayEvery = 5;    ///< episodes between decays
    float gaeLambda = 0.95f;
    int epochs = 4;               ///< PPO epochs per update
    int miniBatch = 64;
    int hidden = 128;             ///< units of each of the two tanh layers (actor and critic)
    float maxGradNorm = 0.5f;     ///< global gradient-norm clip
    bool normalizeAdvantages = true;
    CriticTarget criticTarget = CriticTarget::TdZero;

    friend bool operator==(const PpoOptions&, const PpoOptions&) = default;
};

/// c2 after `episode` episodes under equation (6).
float entropyCoefficient(const PpoOptions& o, std::int64_t episode);

} // namespace mapscape::rl
