// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Bayesian optimisation over a design space: a Gaussian process (squared-exponential kernel on
/// the parameters' value indices scaled to [0, 1], length scale chosen by marginal likelihood)
/// models log(objective); each batch is the candidates of highest expected improvement among
/// random points and mutations of the best ones. Invalid points get a penalty value. The GP is
/// fitted on a bounded subset (the best and the most recent points), so a 20,000-sample budget
/// stays affordable. With `scalarised` objectives it is ParEGO, the multi-objective form. Eigen only;
/// deterministic for a seed.

#include "core/optim/space/budgeted_optimizer.h"

#include <cstdint>
#include <random>
#include <vector>

namespace mapscape {

struct BayesianOptions {
    std::int64_t samples = 20000;
    int initial = 64;       ///< random points before the first model
    int batch = 32;         ///< points per ask (the best distinct EI candidates)
    int candidates = 1024;  ///< EI candidates per batch (half random, half mutations of the best)
    int modelPoints = 192;  ///< most points the GP is fitted on (half best, half most recent)
    double xi = 0.01;       ///< EI exploration margin (in log objective)
    /// ParEGO (Knowles 2006): when not empty, the GP models a fresh random scalarisation of these
    /// objectives at every fit — max_k λ_k f̃_k + ρ Σ_k λ_k f̃_k over log objectives normalised to
    /// [0, 1], λ uniform on the simplex — instead of the primary objective.
    std::vector<int> scalarised;
    double rho = 0.05;
};

class BayesianPointSearch final : public BudgetedPointOptimizer<BayesianOptions> {
public:
    BayesianPointSearch(const PointProblem& problem, BayesianOptions options, std::uint64_t seed);
    std::vector<Point> ask() override;
    void tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink) override;

    /// The GP's length scale after the last fit (for tests and the metrics).
    double lengthScale() const { return m_lengthScale; }

private:
    std::vector<double> encode(const Point& p) const;

    std::vector<Point> m_points;
    std::vector<double> m_values; ///< log objective (ParEGO: the current scalarisation), or NaN when invalid
    std::vector<std::vector<double>> m_objectives; ///< ParEGO: log objectives per point (empty when invalid)
    void scalarise();
    double m_lengthScale = 0.3;
    int m_fits = 0;
};

} // namespace mapscape
