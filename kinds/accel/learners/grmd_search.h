// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// GRMD (Li, Xiao & Wei, Symmetry 2024; docs/reproduction.md, seed 002): a two-stage search for RNN
/// accelerators.
/// - Stage 1: the elitist GA on area (kinds/accel/core/accel_ga.h) narrows the space to its N
///   survivors; the subspace gives each resource the values the survivors use.
/// - Stage 2: a Monte-Carlo actor-critic builds one configuration per episode, one resource per
///   step in a random order, ε-greedy, with the single end-of-episode reward
///   −A·(lat − lat_max)/lat_ref − B·(pow − pow_max)/pow_ref (the refs: stage-1 medians).
/// - Inference and step 3: K roll-outs of the trained actor (greedy with random orders, and
///   sampled), the non-dominated set in (latency, power, area), filtered by the constraints; if
///   none is feasible, the five of least violation, flagged.
/// Every configuration it evaluates is one sample of the driver's budget.

#include "kinds/accel/core/accel_ga.h"

#include <memory>
#include <string>
#include <vector>

namespace mapscape {

namespace rl {
class McActorCritic;
}

struct GrmdOptions {
    AccelGaOptions ga;             ///< stage 1: N = 15, T_ga = 20
    int episodes = 300;            ///< E
    double weightLatency = 0.5;    ///< A
    double weightPower = 0.5;      ///< B
    double epsilonStart = 1.0;     ///< ε_e = max(ε_min, ε0 · decay^e)
    double epsilonDecay = 0.99;
    double epsilonMin = 0.05;
    double gamma = 0.99;
    bool onPolicy = false;         ///< false: the paper's argmax / uniform ε-greedy; true: sample π, ε-uniform
    bool intervalSubspace = false; ///< resources take every value in [min, max] of the survivors, not just theirs
    int rollouts = 64;             ///< K: half greedy with random orders, half sampled
    bool archive = false;          ///< the final set also considers every configuration evaluated in training
    double penalty = 0;            ///< λ: reward − λ·Σ max(0, metric/limit − 1)
    bool convolution = true;       ///< the Conv1d feature layer of actor and critic
    int hidden = 64;
    double actorLr = 1e-3;
    double criticLr = 1e-3;

    /// N + T_ga·N + E + K: the evaluations a run asks for (679 by default).
    std::int64_t budget() const;
};

/// One configuration of GRMD's output.
struct GrmdSolution {
    Point point;
    PointEvaluation evaluation;
    bool feasible = false; ///< meets area_max, latency_max and power_max
};

/// GRMD's final set, as the study's result writer reads it (an interface of its own, so that
/// the core can ask without knowing the learner's class, which lives in the learner module).
class GrmdReport {
public:
    virtual ~GrmdReport() = default;
    /// The final configurations (after finish()).
    virtual const std::vector<GrmdSolution>& solutions() const = 0;
    /// Whether the final set had to fall back to the least-violating configurations.
    virtual bool constraintsUnmet() const = 0;
};

class GrmdSearch final : public PointOptimizer, public GrmdReport {
public:
    /// Throws InputError naming the option for bad options.
    GrmdSearch(const AccelProblem& problem, GrmdOptions options, std::uint64_t seed);
    ~GrmdSearch() override;

    std::vector<Point> ask() override;
    void tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink) override;
    double progress() const override;
    void finish(MetricsSink& sink) override;

    enum class Stage { Genetic, Reinforcement, Inference, Done };
    Stage stage() const { return m_stage; }
    /// Per parameter: the value indices stage 2 may choose (empty before stage 2).
    const std::vector<std::vector<std::int32_t>>& subspace() const { return m_subspace; }
    const std::vector<GrmdSolution>& solutions() const override { return m_solutions; }
    bool constraintsUnmet() const override { return m_unmet; }
    double latencyReference() const { return m_latRef; }
    double powerReference() const { return m_powRef; }

private:
    void startStage2(MetricsSink& sink);
    std::vector<float> encode(const Point& alloc, const std::vector<std::uint8_t>& allocated, int current) const;
    Point episode(double epsilon, bool sample, bool record);
    void reportPolicy(MetricsSink& sink, int episode);

    const AccelProblem& m_problem;
    GrmdOptions m_options;
    std::mt19937_64 m_rng;
    AccelGaPopulation m_population;
    Stage m_stage = Stage::Genetic;
    std::int64_t m_asked = 0;
    std::int64_t m_budget = 0;

    // Stage 2.
    std::vector<std::vector<std::int32_t>> m_subspace;
    std::vector<int> m_resources; ///< parameters decided per episode (those with ≥ 2 subspace values)
    std::unique_ptr<rl::McActorCritic> m_agent;
    struct StepRecord {
        std::vector<float> state;
        int head = 0;
        int action = 0;
    };
    std::vector<StepRecord> m_steps;
    int m_episode = 0;
    double m_latRef = 1, m_powRef = 1, m_latMax = 0, m_powMax = 0;
    double m_worstReward = 0;
    double m_rewardAverage = 0;
    bool m_haveReward = false;

    // Inference and step 3.
    std::vector<Point> m_evaluatedPoints;
    std::vector<PointEvaluation> m_evaluated;
    std::vector<Point> m_inference;
    std::vector<PointEvaluation> m_inferenceEval;
    std::vector<GrmdSolution> m_solutions;
    bool m_unmet = false;
};

/// The learner module's factory of GRMD (core/optim/rl/module/learner_module.h).
using GrmdFactory = std::unique_ptr<PointOptimizer>(const AccelProblem& problem, const GrmdOptions& options,
                                                    std::uint64_t seed);
inline constexpr const char* kGrmdFactory = "accel/grmd";

} // namespace mapscape
