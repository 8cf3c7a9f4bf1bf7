// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// What every point optimizer with a budget of samples keeps — its problem, its options (whose
/// `samples` is the budget), its own seeded generator and the points asked for so far — and the
/// progress it reports. The generic optimizers (random, GAMMA-style and plain GA, BO), the
/// multi-objective ones (NSGA-II, MOPSO) and a kind's own (the accelerator GA baseline) derive
/// from it.

#include "core/optim/space/point_search.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>

namespace mapscape {

template <class Options, class Problem = PointProblem>
class BudgetedPointOptimizer : public PointOptimizer {
public:
    /// The share of the budget asked for (1 without a budget).
    double progress() const override
    {
        return m_options.samples > 0 ? std::min(1.0, double(m_asked) / double(m_options.samples)) : 1.0;
    }

protected:
    BudgetedPointOptimizer(const Problem& problem, Options options, std::uint64_t seed)
        : m_problem(problem)
        , m_options(std::move(options))
        , m_rng(seed)
    {
    }
    /// The points the budget still allows (≤ 0 when it is spent).
    std::int64_t remaining() const { return m_options.samples - m_asked; }

    const Problem& m_problem;
    Options m_options;
    std::mt19937_64 m_rng;
    std::int64_t m_asked = 0; ///< points asked for so far
};

} // namespace mapscape
