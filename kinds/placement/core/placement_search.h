// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Tensor-placement searches (seed 004) in ask/tell form and the driver that owns evaluation:
/// every proposed map is one "hardware iteration" (legalize, and if valid, measure), budgets
/// count iterations, pause and cancellation act between batches, and metrics go to a sink.
/// The non-learning baselines live here too: Greedy-DP as the paper describes it, uniform
/// random search and a first-improvement local search (the §6.7 separability probe).

#include "kinds/placement/core/placement_model.h"
#include "core/optim/metrics_sink.h"
#include "core/optim/run_control.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

namespace mapscape::placement {

/// Who proposed a map (for per-population-type curves).
enum class Proposer : std::uint8_t { Gnn, Boltzmann, PgNoisy, PgClean, Greedy, Random, Local, Manual, Count };
inline constexpr int kProposerCount = int(Proposer::Count);
/// "gnn", "boltzmann", "pg_noisy", "pg_clean", "greedy", "random", "local", "manual".
std::string_view proposerId(Proposer p);

struct Proposal {
    MemoryMap map;
    Proposer proposer = Proposer::Random;
    int member = -1; ///< population slot, −1 if none
};

/// A placement optimizer. `ask` returns the next batch (empty: finished before the budget);
/// the driver evaluates at most `remaining` of them and passes the outcomes to `tell` in order.
class PlacementSearch {
public:
    virtual ~PlacementSearch() = default;
    virtual std::vector<Proposal> ask(int remaining) = 0;
    /// `iterations` counts every map evaluated so far, this batch included.
    virtual void tell(std::span<const Proposal> proposals, std::span<const PlacementOutcome> outcomes,
                      std::int64_t iterations, MetricsSink& sink) = 0;
    /// Called once when the run ends (also after cancellation).
    virtual void finish(MetricsSink& /*sink*/) {}
    /// The run's stop token, before the first ask (learners check it inside long updates).
    virtual void bindStop(std::stop_token /*stop*/) {}
};

struct PlacementRunOptions {
    int iterations = 4000;       ///< budget: maps evaluated
    std::uint64_t seed = 1;      ///< seeds the measurement noise (searches take their own seed)
    RunControl* control = nullptr;
    /// Keep up to this many distinct valid maps with their speed-ups (map embedding view).
    int keepMaps = 0;
    /// Tensors held at a level: every proposal is overridden there before it is evaluated.
    std::vector<Pin> pins;
};

struct VisitedMap {
    MemoryMap map;
    double speedup = 0; ///< noiseless
    std::int64_t iteration = 0;
};

struct PlacementRunResult {
    bool found = false;       ///< a valid map was seen
    MemoryMap best;           ///< the valid map with the best measured reward (what would be deployed)
    double bestMeasured = 0;  ///< its measured speed-up
    double bestSpeedup = 0;   ///< its noiseless speed-up (= bestMeasured when σ = 0)
    std::int64_t bestIteration = 0;
    std::int64_t iterations = 0;
    std::int64_t valid = 0;
    double seconds = 0;       ///< wall time, pauses excluded
    bool cancelled = false;
    std::vector<VisitedMap> visited;
};

/// The paper's final speed-ups over the compiler on the real NNP-I (spec §5.2, mean of 5 runs):
/// workload "resnet50" | "resnet101" | "bert" (or the built-in graphs' names, "ResNet-50"),
/// method "egrl" | "ea" | "greedy-dp" | "pg". Nullopt for anything else.
std::optional<double> paperSpeedup(std::string_view workload, std::string_view method);

/// Readable names of the benchmark's ids for tables and charts: "resnet50" → "ResNet-50",
/// "bert" → "BERT-base"; "egrl" → "EGRL", "greedy-dp" → "Greedy-DP", "random" → "Random".
/// Anything else comes back unchanged.
std::string benchWorkloadLabel(std::string_view workload);
std::string benchMethodLabel(std::string_view method);

/// Runs a search to its budget, to its own end or to cancellation. Records per iteration
/// "placement/speedup" (measured; 0 for an invalid map), "placement/true_speedup" (its noiseless
/// value, the measure of the tables and of best_true_speedup), "placement/epsilon",
/// "placement/best_speedup" (best measured so far) and "placement/best_true_speedup" (its noiseless
/// value) whenever it improves; snapshots "placement/best" (the best map as JSON: levels per
/// node). Exceptions from the search propagate.
PlacementRunResult runPlacementSearch(const PlacementModel& model, PlacementSearch& search,
                                      const PlacementRunOptions& options, std::stop_token stop, MetricsSink& sink);

/// Greedy-DP (spec §5.1): from all-DRAM, for each node in topological order try its 9 (W, A)
/// level pairs with every other tensor fixed, keep the best (the current value on ties); repeat
/// passes until the budget ends or a pass changes nothing.
class GreedyDpSearch final : public PlacementSearch {
public:
    explicit GreedyDpSearch(const PlacementModel& model);
    std::vector<Proposal> ask(int remaining) override;
    void tell(std::span<const Proposal> proposals, std::span<const PlacementOutcome> outcomes, std::int64_t iterations,
              MetricsSink& sink) override;
    int passes() const { return m_pass; }

private:
    const PlacementModel& m_model;
    MemoryMap m_current;
    int m_node = 0;
    int m_pass = 0;
    bool m_changed = false;
    bool m_done = false;
};

/// Uniform random maps, `batch` per ask.
class RandomSearch final : public PlacementSearch {
public:
    RandomSearch(const PlacementModel& model, std::uint64_t seed, int batch = 20);
    std::vector<Proposal> ask(int remaining) override;
    void tell(std::span<const Proposal>, std::span<const PlacementOutcome>, std::int64_t, MetricsSink&) override {}

private:
    const PlacementModel& m_model;
    std::mt19937_64 m_rng;
    int m_batch;
};

/// First-improvement local search from the compiler's map: change one random tensor's level,
/// keep the change if the reward does not drop.
class LocalSearch final : public PlacementSearch {
public:
    LocalSearch(const PlacementModel& model, std::uint64_t seed);
    std::vector<Proposal> ask(int remaining) override;
    void tell(std::span<const Proposal> proposals, std::span<const PlacementOutcome> outcomes, std::int64_t iterations,
              MetricsSink& sink) override;

private:
    const PlacementModel& m_model;
    std::mt19937_64 m_rng;
    MemoryMap m_current;
    double m_reward = -1e300;
    bool m_started = false;
};

/// A search by id: "greedy-dp", "random", "local" (the learners are in egrl.h). Throws InputError.
std::unique_ptr<PlacementSearch> makeBaselineSearch(std::string_view id, const PlacementModel& model, std::uint64_t seed);

} // namespace mapscape::placement
