// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/space/gene_operators.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mapscape {

GeneOperators::GeneOperators(const PointProblem& problem, std::vector<std::uint8_t> choice, GeneOperatorOptions options)
    : m_problem(problem)
    , m_choice(std::move(choice))
    , m_options(options)
{
    const auto params = m_problem.parameters();
    if (m_choice.size() != params.size())
        throw std::invalid_argument("GeneOperators: one choice flag per parameter expected");
    for (std::size_t i = 0; i < params.size(); ++i) {
        if (params[i].kind != Parameter::Kind::Integer)
            m_choice[i] = 1;
        if (params[i].allowedCount() > 1)
            ++m_variable;
    }
    m_rate = m_options.mutationRate > 0 ? m_options.mutationRate : 1.0 / double(std::max(1, m_variable));
}

int GeneOperators::snap(std::size_t param, long long k) const { return nearestAllowed(m_problem.parameters()[param], k); }

Point GeneOperators::random(std::mt19937_64& rng) const { return randomPoint(m_problem, rng); }

double GeneOperators::blendInteger(double a, double b, double gamma) { return std::floor(gamma * a + (1 - gamma) * b); }

std::pair<Point, Point> GeneOperators::crossover(const Point& a, const Point& b, std::mt19937_64& rng) const
{
    std::uniform_real_distribution<double> u(0, 1);
    Point c1 = a, c2 = b;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const double r = u(rng);
        if (m_choice[i]) {
            // γ = 1 when u ≤ 0.5: the first child takes parent 1's value, the second parent 2's.
            const bool first = r <= 0.5;
            c1[i] = first ? a[i] : b[i];
            c2[i] = first ? b[i] : a[i];
        } else {
            c1[i] = snap(i, (long long)blendInteger(a[i], b[i], r));
            c2[i] = snap(i, (long long)blendInteger(a[i], b[i], 1 - r));
        }
    }
    return {std::move(c1), std::move(c2)};
}

double GeneOperators::polynomialDelta(double value, double lo, double hi, double u, double eta)
{
    if (hi <= lo)
        return 0;
    const double d1 = (value - lo) / (hi - lo);
    const double d2 = (hi - value) / (hi - lo);
    const double power = 1.0 / (eta + 1);
    if (u <= 0.5) {
        const double v = 2 * u + (1 - 2 * u) * std::pow(1 - d1, eta + 1);
        return std::pow(v, power) - 1;
    }
    const double v = 2 * (1 - u) + 2 * (u - 0.5) * std::pow(1 - d2, eta + 1);
    return 1 - std::pow(v, power);
}

bool GeneOperators::mutate(Point& p, std::mt19937_64& rng) const
{
    const auto params = m_problem.parameters();
    std::uniform_real_distribution<double> u(0, 1);
    bool changed = false;
    for (std::size_t i = 0; i < params.size(); ++i) {
        const Parameter& prm = params[i];
        if (prm.allowedCount() <= 1 || u(rng) >= m_rate)
            continue;
        const int before = p[i];
        if (m_choice[i]) {
            // Uniformly to another allowed value: the k-th allowed one other than the current.
            int k = int(std::uniform_int_distribution<int>(0, prm.allowedCount() - 2)(rng));
            if (prm.allowed.contains(before) && k >= prm.allowed.rank(before))
                ++k;
            if (const int v = prm.allowed.kth(k); v >= 0)
                p[i] = v;
        } else {
            const double hi = prm.count() - 1;
            const double delta = polynomialDelta(before, 0, hi, u(rng), m_options.eta);
            p[i] = snap(i, std::llround(before + delta * hi));
        }
        changed = changed || p[i] != before;
    }
    return changed;
}

} // namespace mapscape
