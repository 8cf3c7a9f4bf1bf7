// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// EGRL's options (Table 2 and the public code's constants, docs/reproduction.md, seed 004), without
/// LibTorch: set by name from the CLI, projects and the GUI's option form.

#include "kinds/placement/core/placement_model.h"
#include "core/model/validation.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape::placement {

enum class EgrlMode : std::uint8_t {
    Egrl, ///< population + SAC + shared buffer + migration
    Ea,   ///< the population alone
    Pg    ///< the SAC learner alone (one noisy and one greedy rollout per round)
};
/// "egrl", "ea", "pg".
std::string_view egrlModeId(EgrlMode m);

/// The largest workload the graph-network methods accept. Their Graph U-Net (and its TopK
/// pooling) works on dense N×N adjacency matrices, about 32·N² bytes in all: 4,096 nodes take
/// about 0.5 GB; 200,000 nodes would take 1.3 TB.
inline constexpr int kMaxGnnNodes = 4096;
/// Throws InputError naming `method` when `nodes` exceeds kMaxGnnNodes, with the memory it would take.
void checkGnnWorkloadSize(int nodes, std::string_view method);

enum class BellmanTarget : std::uint8_t {
    Code, ///< y = r̃ + γ·[min Q'(s', p') + α·0.2·H'] (the public code)
    Paper ///< y = r̃ + γ·min Q'(s', p') + H' (Algorithm 2)
};

/// Every hyper-parameter of Table 2 and the public code's extra constants (§3.7).
struct EgrlOptions {
    EgrlMode mode = EgrlMode::Egrl;
    // Graph U-Net (policy and critic).
    int hidden = 128;          ///< GNN hidden layer size
    int output = 128;          ///< GNN output layer size
    int depth = 4;             ///< U-Net pooling levels
    int heads = 4;             ///< GAT attention heads; 0 = improved GCN convolutions
    double poolRatio = 0.5;    ///< TopK pooling ratio
    bool undirected = true;    ///< message passing over both edge directions
    bool batchNorm = true;
    bool oneHotOp = true;      ///< op_id one-hot (false: one scalar feature)
    /// GAT levels whose mask holds more than this share of the n² node pairs attend densely
    /// (one masked matrix per head) instead of over the edges: the same function (0: always
    /// dense, 1: always over the edges, the fastest on every level since the fused edge kernel).
    double denseShare = 1.0;
    // Evolution.
    int population = 20;
    double boltzmannFraction = 0.2;
    double eliteFraction = 0.1;  ///< at least 2 elites
    int tournamentSize = 3;
    double crossoverProb = 0.3;
    double mutationProb = 0.85;
    double boltzmannSigma = 0.1;       ///< prior mutation: P ⊙ 𝒩(1, σ²)
    double temperatureMutationMean = 0.95; ///< T ⊙ 𝒩(mean, σ²)
    double temperatureMin = 0.1;
    double temperatureMax = 10;
    double mutationStrength = 0.1;
    double superMutationStrength = 10;
    double superMutationProb = 0.05;
    double resetProb = 0.02;
    double mutationFraction = 0.05;    ///< at most this share of a tensor's entries per mutation
    double weightLimit = 1e7;
    bool migration = true;
    // SAC-discrete.
    int pgRollouts = 1;        ///< (noisy, greedy) rollout pairs of the learner per generation
    double gamma = 0.99;
    int bufferSize = 100000;
    double criticLr = 1e-3;
    double actorLr = 1e-3;
    double alpha = 0.05;
    double tau = 1e-3;
    int batch = 24;
    double rewardScale = 5;    ///< r̃ = scale·(r + shift)
    double rewardShift = 2;
    double gradientStepsPerFrame = 1;
    double actionNoise = 0.2;  ///< σ of the critic's noisy one-hot actions
    double entropyFactor = 0.2;
    double gradientClip = 5;
    double epsilonMin = 0.05;  ///< PG exploration: ε = min + (1 − min)·exp(−t / decay)
    double epsilonDecay = 200; ///< noisy rollouts
    BellmanTarget target = BellmanTarget::Code;
    bool terminal = false;     ///< treat the 1-step episode's end as terminal (no bootstrap)
    int burnIn = 24;           ///< transitions before the first update
    int threads = 0;           ///< LibTorch intra-op threads (0: keep the current setting; the registry's option gives 1)
    friend bool operator==(const EgrlOptions&, const EgrlOptions&) = default;
};

/// A workload the champion GNN is tried on each generation with no further training (spec §3.9,
/// Fig. 4). The GNN's weights do not depend on the node count, so the same network runs on the
/// target's graph; Boltzmann chromosomes cannot transfer.
struct ZeroShotTarget {
    std::string id;                              ///< metric suffix: "zeroshot/<id>"
    std::shared_ptr<const PlacementModel> model; ///< the target workload on the same hardware
};

/// Zero-shot targets from a comma-separated list of built-in workloads ("resnet101, bert"), each
/// on the trained model's hardware and reward; blanks are skipped. Throws InputError starting
/// with `field` for an unknown name.
std::vector<ZeroShotTarget> zeroShotTargets(std::string_view list, const PlacementModel& trained, const std::string& field);

/// Problems with the options, one per field ("egrl.population: …").
FieldIssues validateEgrlOptions(const EgrlOptions& o);

/// Option names as used in files and on the command line ("population", "alpha", …).
std::vector<std::string> egrlOptionKeys();
/// Sets one option from text ("mode": egrl|ea|pg, "target": code|paper, booleans true|false).
/// Throws InputError naming "egrl.<key>".
void setEgrlOption(EgrlOptions& o, std::string_view key, std::string_view value);
/// The option's value as text.
std::string egrlOptionValue(const EgrlOptions& o, std::string_view key);

} // namespace mapscape::placement
