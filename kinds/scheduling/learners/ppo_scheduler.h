// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// RL-Scheduling (seed 000): a PPO agent picks which 2 or 3 table rows to re-optimise next, the
/// driver's exact row search re-distributes their factors, and the reward is the relative
/// improvement of equation (1). One agent is shared by all layers of the problem (vectorised
/// environments, one per layer, stepped in lock-step so their row searches run in parallel).

#include "core/optim/rl/ppo/ppo_options.h"
#include "kinds/scheduling/core/search.h"

#include <array>
#include <memory>
#include <optional>

namespace mapscape {

namespace rl {
class PpoAgent;
}

/// How the "current row" r moves after an action (spec §3.3).
enum class RowUpdateRule : std::uint8_t {
    Follow,    ///< r ← i after a 2-row action, r ← min(i, j) after a 3-row action (default)
    FixedDram, ///< r stays at DRAM
    RoundRobin ///< r cycles through the mappable rows
};

struct PpoSchedulerOptions {
    int episodesPerLayer = 40; ///< training episodes per layer (the paper trains up to 3000 in all)
    int maxSteps = 20;         ///< T_max
    int stallLimit = 6;        ///< consecutive non-improving steps that end an episode
    bool multiRowActions = true; ///< allow the 45 three-row actions
    RowUpdateRule rowRule = RowUpdateRule::Follow;
    int stepsPerUpdate = 512;  ///< transitions between PPO updates
    bool greedyFinish = true;  ///< one greedy (argmax) episode per layer after training
    rl::PpoOptions ppo;
};

/// The 55 actions of the paper: a < 10 is the 2-row action [a, r]; a ≥ 10 the 3-row action
/// [i, j, r] for the a−10-th unordered pair i < j in lexicographic order.
inline constexpr int kSchedulingActions = 55;
/// Size of the state vector (see `SchedulingEnvironment::observe`).
inline constexpr int kSchedulingObservation = 119;

/// Rows {i, r} or {i, j, r} selected by an action.
std::vector<Row> actionRows(int action, Row current);
/// Action index of the unordered row pair (i, j), i ≠ j.
int pairAction(int i, int j);
/// Valid actions in state r: selected rows must be mappable and different from r.
std::array<std::uint8_t, kSchedulingActions> actionMask(const SchedulingModel& model, Row current, bool multiRow);

/// One layer's episode state and the reward of equation (1). Plain value; no LibTorch.
struct SchedulingEnvironment {
    int layer = 0;
    SchedulingTable table;
    Row current = Row::Dram;
    int multiRowRun = 0; ///< n: consecutive 3-row actions including the current one
    int stall = 0;
    int step = 0;
    double initialMetric = 0, initialEnergy = 0, initialCycles = 0;
    double metric = 0, energy = 0, cycles = 0;
    Evaluation evaluation{};
    double episodeReturn = 0;

    /// Starts an episode from the all-at-DRAM table. Throws InputError if that table is invalid
    /// (e.g. memory constraints that force factors elsewhere).
    void reset(const SchedulingProblem& problem, int layerIndex);
    /// The state vector (kSchedulingObservation floats).
    std::vector<float> observe(const SchedulingProblem& problem, int maxSteps) const;
    /// Equation (1).
    static double reward(double delta, double initialMetric, int action, int multiRowRun);
};

/// Ask/tell PPO scheduler. Not thread-safe; the driver calls it from one thread.
class PpoScheduler final : public SearchStrategy {
public:
    /// `warmStart` (optional) provides initial policy weights of the same shape.
    PpoScheduler(const SchedulingProblem& problem, PpoSchedulerOptions options, std::uint64_t seed,
                 const rl::PpoAgent* warmStart = nullptr);
    ~PpoScheduler() override;

    std::vector<Proposal> ask() override;
    void tell(std::span<const Proposal> proposals, std::span<const Outcome> outcomes, MetricsSink& sink) override;
    double progress() const override;

    /// The shared policy (to warm-start another run, or to inspect π).
    rl::PpoAgent& agent();
    std::int64_t episodesFinished() const { return m_episodes; }
    /// Actions taken by the final greedy episode of each layer (empty before it ran).
    const std::vector<std::vector<int>>& greedyTrajectories() const { return m_greedyActions; }

private:
    struct Slot {
        SchedulingEnvironment env;
        int episodesDone = 0;
        bool greedy = false;
        bool finished = false;
        std::vector<float> observation;
        std::array<std::uint8_t, kSchedulingActions> mask{};
        int action = -1;
        float logProb = 0;
    };
    void finishEpisode(Slot& s, MetricsSink& sink);

    const SchedulingProblem& m_problem;
    PpoSchedulerOptions m_options;
    std::unique_ptr<rl::PpoAgent> m_agent;
    std::vector<Slot> m_slots;
    std::vector<Row> m_mappable;
    std::vector<std::vector<int>> m_greedyActions;
    std::vector<double> m_bestMetric;
    std::int64_t m_episodes = 0;
    std::int64_t m_steps = 0;
    std::int64_t m_updates = 0;
    bool m_trivial = false;
    bool m_trivialAsked = false;
};

/// The learner module's factory of the PPO scheduler (core/optim/rl/module/learner_module.h).
using PpoSchedulerFactory = std::unique_ptr<SearchStrategy>(const SchedulingProblem& problem,
                                                            const PpoSchedulerOptions& options, std::uint64_t seed);
inline constexpr const char* kPpoSchedulerFactory = "scheduling/ppo";

} // namespace mapscape
