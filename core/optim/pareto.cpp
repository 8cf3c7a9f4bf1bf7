// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/pareto.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mapscape {

std::vector<Point2> paretoFront(std::span<const Point2> points)
{
    std::vector<Point2> sorted;
    sorted.reserve(points.size());
    for (const Point2& p : points) {
        if (std::isfinite(p.x) && std::isfinite(p.y))
            sorted.push_back(p);
    }
    std::sort(sorted.begin(), sorted.end(), [](const Point2& a, const Point2& b) {
        return a.x < b.x || (a.x == b.x && a.y < b.y);
    });
    std::vector<Point2> front;
    double bestY = std::numeric_limits<double>::infinity();
    for (const Point2& p : sorted) {
        if (p.y < bestY) {
            front.push_back(p);
            bestY = p.y;
        }
    }
    return front;
}

std::vector<Point2> mergeParetoFront(std::span<const Point2> front, std::span<const Point2> points)
{
    std::vector<Point2> all(front.begin(), front.end());
    all.insert(all.end(), points.begin(), points.end());
    return paretoFront(all);
}

bool insertNonDominated(std::vector<std::array<double, 3>>& set, const std::array<double, 3>& p)
{
    for (const auto& q : set) {
        if (q[0] <= p[0] && q[1] <= p[1] && q[2] <= p[2])
            return false; // dominated or equal
    }
    std::erase_if(set, [&](const std::array<double, 3>& q) { return p[0] <= q[0] && p[1] <= q[1] && p[2] <= q[2]; });
    set.push_back(p);
    return true;
}

} // namespace mapscape
