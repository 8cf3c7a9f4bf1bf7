// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Multi-objective design-space optimizers over any PointProblem: NSGA-II (Deb et al. 2002) with
/// the GRMD gene operators, and MOPSO (Coello Coello et al. 2004) with an external archive. Both
/// minimise a chosen subset of the problem's objectives with constrained domination: a valid
/// point that meets the constraints beats one that does not, two violating points compare by
/// their violation, and invalid points lose to every valid one.

#include "core/optim/space/gene_operators.h"
#include "core/optim/space/budgeted_optimizer.h"

#include <cstdint>
#include <functional>
#include <random>
#include <vector>

namespace mapscape {

/// A point's standing for constrained domination.
struct MoScore {
    std::vector<double> objectives; ///< the chosen objectives
    double violation = 0;           ///< 0 = feasible; +inf = invalid
};

/// Total violation of the user's constraints for an evaluation (0 when met); +inf for invalid
/// points is applied by the optimizers themselves.
using ViolationFunction = std::function<double(const PointEvaluation&)>;

MoScore moScore(const PointEvaluation& e, std::span<const int> objectives, const ViolationFunction& violation);
bool constrainedDominates(const MoScore& a, const MoScore& b);

/// Fast non-dominated sorting: the front index (0 = non-dominated) of each score.
std::vector<int> nondominatedRanks(std::span<const MoScore> scores);
/// Crowding distance of each member of one front (indices into `scores`); boundary points get +inf.
std::vector<double> crowdingDistances(std::span<const MoScore> scores, std::span<const std::size_t> front);

struct Nsga2Options {
    std::int64_t samples = 679;
    int population = 15;
    GeneOperatorOptions operators;
};

class Nsga2Search final : public BudgetedPointOptimizer<Nsga2Options> {
public:
    Nsga2Search(const PointProblem& problem, std::vector<int> objectives, std::vector<std::uint8_t> choiceGenes,
                ViolationFunction violation, Nsga2Options options, std::uint64_t seed);
    std::vector<Point> ask() override;
    void tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink) override;

    struct Member {
        Point point;
        MoScore score;
        int rank = 0;
        double crowding = 0;
    };
    const std::vector<Member>& population() const { return m_population; }

private:
    const Member& tournament();

    std::vector<int> m_objectives;
    ViolationFunction m_violation;
    GeneOperators m_ops;
    std::vector<Member> m_population;
    int m_generation = 0;
};

struct MopsoOptions {
    std::int64_t samples = 679;
    int swarm = 15;
    double inertia = 0.7;   ///< w
    double cognitive = 1.5; ///< c1 (the paper's value)
    double social = 1.0;    ///< c2 (the paper's value)
    int archiveSize = 100;
};

/// Particles move in value-index space (a categorical parameter's index is thresholded by
/// rounding); personal bests change when dominated (or, when neither dominates, by a coin flip);
/// each particle's leader is drawn from the archive by a binary tournament on crowding distance.
class MopsoSearch final : public BudgetedPointOptimizer<MopsoOptions> {
public:
    MopsoSearch(const PointProblem& problem, std::vector<int> objectives, ViolationFunction violation, MopsoOptions options,
                std::uint64_t seed);
    std::vector<Point> ask() override;
    void tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink) override;

    std::size_t archiveSize() const { return m_archive.size(); }

private:
    struct Particle {
        std::vector<double> x, v, best;
        MoScore bestScore;
        bool hasBest = false;
    };
    struct Elite {
        std::vector<double> x;
        MoScore score;
    };
    Point toPoint(const std::vector<double>& x) const;
    void addToArchive(const std::vector<double>& x, const MoScore& s);
    /// Crowding distance of every archive member (the archive is one front).
    std::vector<double> archiveCrowding() const;

    std::vector<int> m_objectives;
    ViolationFunction m_violation;
    std::vector<Particle> m_swarm;
    std::vector<Elite> m_archive;
    int m_iteration = 0;
};

} // namespace mapscape
