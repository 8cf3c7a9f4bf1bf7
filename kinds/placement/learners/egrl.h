// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// EGRL (seed 004; docs/reproduction.md, seed 004): an evolutionary population of Graph U-Net policies
/// and Boltzmann chromosomes, and a discrete SAC learner with a GNN actor and a twin-Q GNN
/// critic training off-policy from a replay buffer every rollout fills; the SAC actor migrates
/// into the population every generation. The same class runs the paper's ablations: EA (no
/// learner, no buffer, no migration) and PG (the SAC learner alone). LibTorch stays in the .cpp.

#include "kinds/placement/core/egrl_options.h"
#include "kinds/placement/core/placement_search.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mapscape::placement {

/// Per-tensor level probabilities of a policy (probability mode of the memory map).
struct MapDistribution {
    std::string source;                  ///< "GNN #3", "Boltzmann #17", "SAC actor"
    std::vector<std::array<float, 3>> weights, activations; ///< per node: p(SRAM), p(LLC), p(DRAM)
    std::vector<float> temperature;      ///< Boltzmann: per node (mean of the two heads); empty for GNNs
};

/// EGRL and its ablations as an ask/tell search (one generation per ask). Deterministic for a
/// seed. Metrics per generation: "egrl/best_<type>" (best speed-up of GNN members, Boltzmann
/// members, the learner's noisy and greedy rollouts), "egrl/champion_type", "egrl/invalid_fraction",
/// "egrl/mean_epsilon", "egrl/temperature_{min,mean,max}", "egrl/migrant_{elite,selected,discarded}",
/// "sac/{critic_loss,actor_loss,entropy,q}"; with zero-shot targets, per generation and target
/// "zeroshot/<id>" (noiseless speed-up of the champion GNN's greedy map on the target, 0 if the
/// compiler had to change it), "zeroshot/<id>_compiled" (speed-up of the compiler's rectification
/// of that map, what the chip would run) and "zeroshot/<id>_epsilon". Probes draw no random
/// numbers, so a run with targets follows the same trajectory as one without.
class EgrlSearch final : public PlacementSearch {
public:
    EgrlSearch(const PlacementModel& model, const EgrlOptions& options, std::uint64_t seed);
    ~EgrlSearch() override;
    std::vector<Proposal> ask(int remaining) override;
    void tell(std::span<const Proposal> proposals, std::span<const PlacementOutcome> outcomes, std::int64_t iterations,
              MetricsSink& sink) override;
    void bindStop(std::stop_token stop) override;
    int generation() const;
    /// The current champion's (or, in PG mode, the actor's) per-tensor distribution.
    MapDistribution championDistribution() const;
    /// Workloads to probe the champion GNN on (replaces earlier targets). Throws InputError if a
    /// target's hardware has a different bytes-per-element (features would not be comparable).
    void setZeroShotTargets(std::vector<ZeroShotTarget> targets);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// Logits (N × 6: activation SRAM/LLC/DRAM, then weights) of a freshly initialised actor on a
/// graph (row-major features N × F, edges as producer→consumer pairs), for tests of
/// permutation equivariance.
std::vector<float> gnnActorLogits(const EgrlOptions& options, int nodes, int featureCount, const std::vector<float>& features,
                                  const std::vector<std::pair<int, int>>& edges, std::uint64_t seed);

/// A freshly initialised actor (training mode, double precision) on `batch` copies of a graph's
/// start state (copies after the first with pseudo-random levels, so pooling differs per copy):
/// its logits (batch × N × 6) and the gradient of a fixed pseudo-random weighting of them with
/// respect to every parameter, concatenated. For tests that the GAT's dense and per-edge forms
/// agree in value and gradient (double, so that batch normalisation's amplified rounding does
/// not hide or fake a difference).
struct GnnProbe {
    std::vector<double> logits, gradients;
};
GnnProbe gnnActorProbe(const EgrlOptions& options, int nodes, int featureCount, const std::vector<float>& features,
                       const std::vector<std::pair<int, int>>& edges, std::uint64_t seed, int batch);

/// A learner by id: "egrl", "ea", "pg", or a baseline of makeBaselineSearch. Throws InputError.
std::unique_ptr<PlacementSearch> makePlacementSearch(std::string_view id, const PlacementModel& model,
                                                     const EgrlOptions& options, std::uint64_t seed);

/// The learner module's factory of EGRL and its ablations (core/optim/rl/module/learner_module.h):
/// `id` is "egrl", "ea" or "pg"; `zeroShot` may be empty.
using EgrlFactory = std::unique_ptr<PlacementSearch>(std::string_view id, const PlacementModel& model,
                                                     const EgrlOptions& options, std::uint64_t seed,
                                                     std::vector<ZeroShotTarget> zeroShot);
inline constexpr const char* kEgrlFactory = "placement/egrl";

} // namespace mapscape::placement
