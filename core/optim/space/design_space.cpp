// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/space/design_space.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace mapscape {

int drawAllowed(const Parameter& p, std::mt19937_64& rng)
{
    const int k = int(std::uniform_int_distribution<int>(0, std::max(0, p.allowedCount() - 1))(rng));
    return std::max(0, p.allowed.kth(k));
}

Point randomPoint(const PointProblem& problem, std::mt19937_64& rng)
{
    const auto params = problem.parameters();
    Point p(params.size());
    for (std::size_t i = 0; i < params.size(); ++i)
        p[i] = drawAllowed(params[i], rng);
    return p;
}

int nearestAllowed(const Parameter& p, long long k)
{
    k = std::clamp<long long>(k, 0, std::max(0, p.count() - 1));
    const int nearest = p.allowed.nearest(int(k));
    return nearest < 0 ? int(k) : nearest;
}

int Parameter::indexOf(std::int64_t value) const { return values.indexOf(value); }

std::string Parameter::text(int index) const
{
    if (index < 0 || index >= count())
        return "?";
    if (std::size_t(index) < labels.size() && !labels[std::size_t(index)].empty())
        return labels[std::size_t(index)];
    if (kind == Kind::Permutation && !items.empty()) {
        std::string out;
        for (int i : permutationFromIndex(values[std::size_t(index)], int(items.size())))
            out += (out.empty() ? "" : " ") + items[std::size_t(i)];
        return out;
    }
    return std::to_string(values[std::size_t(index)]);
}

std::string PointProblem::describe(std::span<const std::int32_t> point) const
{
    const std::span<const Parameter> params = parameters();
    std::string out;
    for (std::size_t i = 0; i < params.size() && i < point.size(); ++i) {
        if (!out.empty())
            out += ' ';
        out += params[i].name + "=" + valueText(i, point[i]);
    }
    return out;
}

std::string PointProblem::valueText(std::size_t parameter, std::int32_t index) const
{
    const std::span<const Parameter> params = parameters();
    return parameter < params.size() ? params[parameter].text(index) : "?";
}

double PointProblem::spaceSizeLog10() const
{
    double s = 0;
    for (const Parameter& p : parameters())
        s += std::log10(std::max(1, p.allowedCount()));
    return s;
}

double PointProblem::spaceSize() const { return std::pow(10.0, spaceSizeLog10()); }

Point PointProblem::firstPoint() const
{
    Point p;
    for (const Parameter& param : parameters()) {
        p.push_back(std::max(0, param.allowed.first()));
    }
    return p;
}

bool PointProblem::inSpace(std::span<const std::int32_t> point) const
{
    const std::span<const Parameter> params = parameters();
    if (point.size() != params.size())
        return false;
    for (std::size_t i = 0; i < params.size(); ++i) {
        if (point[i] < 0 || point[i] >= params[i].count() || !params[i].allowed[std::size_t(point[i])])
            return false;
    }
    return true;
}

std::int64_t factorial(int n)
{
    std::int64_t f = 1;
    for (int i = 2; i <= n; ++i)
        f *= i;
    return f;
}

void permutationInto(std::int64_t index, int n, std::span<int> out)
{
    std::array<int, 12> items{};
    for (int i = 0; i < n; ++i)
        items[std::size_t(i)] = i;
    int left = n;
    for (int k = 0; k < n; ++k) {
        const std::int64_t f = factorial(n - 1 - k);
        const int digit = int(index / f);
        index %= f;
        out[std::size_t(k)] = items[std::size_t(digit)];
        for (int j = digit; j < left - 1; ++j)
            items[std::size_t(j)] = items[std::size_t(j + 1)];
        --left;
    }
}

std::vector<int> permutationFromIndex(std::int64_t index, int n)
{
    std::vector<int> out(std::size_t(std::max(n, 0)));
    permutationInto(index, n, out);
    return out;
}

std::int64_t indexFromPermutation(std::span<const int> order)
{
    const int n = int(order.size());
    std::int64_t index = 0;
    for (int i = 0; i < n; ++i) {
        int smallerAfter = 0;
        for (int j = i + 1; j < n; ++j)
            smallerAfter += order[std::size_t(j)] < order[std::size_t(i)] ? 1 : 0;
        index += smallerAfter * factorial(n - 1 - i);
    }
    return index;
}

bool dominates(const PointEvaluation& a, const PointEvaluation& b, int n)
{
    bool strictly = false;
    for (int i = 0; i < n; ++i) {
        if (a.objective[std::size_t(i)] > b.objective[std::size_t(i)])
            return false;
        if (a.objective[std::size_t(i)] < b.objective[std::size_t(i)])
            strictly = true;
    }
    return strictly;
}

} // namespace mapscape
