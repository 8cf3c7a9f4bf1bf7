// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// GRMD's genetic operators (docs/reproduction.md, seed 002), written against any design space so that
/// GRMD's stage 1, the plain GA and NSGA-II share them:
/// - "small-granularity" crossover: per gene, a Choice gene comes from one parent (γ ∈ {0, 1},
///   paper Eqs. 1–2), an Integer gene is the floored blend ⌊γ·p1 + (1 − γ)·p2⌋ with γ ~ U[0, 1]
///   per gene (Eq. 3); each pair gives two complementary children (γ and 1 − γ);
/// - mutation: a Choice gene moves uniformly to another allowed value, an Integer gene by Deb's
///   bounded polynomial mutation (Eqs. 4–5, distribution index η), rounded and clamped.
/// Integer genes are blended and mutated in value-index space, which equals value space for a
/// range with a constant step.

#include "core/optim/space/design_space.h"

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace mapscape {

struct GeneOperatorOptions {
    double mutationRate = 0; ///< per gene; 0 = 1 / (number of genes that can vary)
    double eta = 20;         ///< polynomial mutation's distribution index
};

class GeneOperators {
public:
    /// `choice[i]` marks parameter i as a Choice gene (categorical parameters always are).
    GeneOperators(const PointProblem& problem, std::vector<std::uint8_t> choice, GeneOperatorOptions options = {});

    /// Every gene drawn uniformly among its allowed values (the paper's initialisation).
    Point random(std::mt19937_64& rng) const;
    /// Two complementary children of two parents.
    std::pair<Point, Point> crossover(const Point& a, const Point& b, std::mt19937_64& rng) const;
    /// Mutates each gene with the per-gene probability; returns whether anything changed.
    bool mutate(Point& p, std::mt19937_64& rng) const;

    bool isChoice(std::size_t param) const { return m_choice[param] != 0; }
    /// Genes with more than one allowed value.
    int variableGenes() const { return m_variable; }
    double mutationRate() const { return m_rate; }

    /// Eq. 3: ⌊γ·a + (1 − γ)·b⌋.
    static double blendInteger(double a, double b, double gamma);
    /// Eq. 5: δ for a gene at `value` in [lo, hi] with u ~ U(0, 1).
    static double polynomialDelta(double value, double lo, double hi, double u, double eta);

private:
    /// The allowed index nearest to `k` (k clamped to the range first).
    int snap(std::size_t param, long long k) const;

    const PointProblem& m_problem;
    std::vector<std::uint8_t> m_choice;
    GeneOperatorOptions m_options;
    double m_rate = 0;
    int m_variable = 0;
};

} // namespace mapscape
