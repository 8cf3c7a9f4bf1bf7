// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/pareto.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

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

std::vector<std::size_t> nonDominatedIndices(std::span<const ObjectiveVector> points)
{
    std::vector<std::size_t> out;
    const auto finite = [](const ObjectiveVector& v) {
        return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
    };
    for (std::size_t i = 0; i < points.size(); ++i) {
        const ObjectiveVector& p = points[i];
        if (!finite(p))
            continue;
        bool keep = true;
        for (std::size_t j = 0; j < points.size() && keep; ++j) {
            if (j == i || points[j].size() != p.size() || !finite(points[j]))
                continue;
            const ObjectiveVector& q = points[j];
            bool weakly = true, strictly = false;
            for (std::size_t k = 0; k < p.size() && weakly; ++k) {
                weakly = q[k] <= p[k];
                strictly = strictly || q[k] < p[k];
            }
            // Dominated, or an equal vector that comes first.
            keep = !(weakly && (strictly || j < i));
        }
        if (keep)
            out.push_back(i);
    }
    return out;
}

namespace {

/// Hypervolume of points already strictly inside the reference box, `d` leading objectives.
double volume(std::vector<const double*> pts, const double* ref, std::size_t d)
{
    if (pts.empty())
        return 0;
    if (d == 1) {
        double lo = ref[0];
        for (const double* p : pts)
            lo = std::min(lo, p[0]);
        return ref[0] - lo;
    }
    if (d == 2) {
        std::sort(pts.begin(), pts.end(), [](const double* a, const double* b) {
            return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]);
        });
        double area = 0, bestY = ref[1];
        for (std::size_t i = 0; i < pts.size(); ++i) {
            bestY = std::min(bestY, pts[i][1]);
            const double nextX = i + 1 < pts.size() ? pts[i + 1][0] : ref[0];
            area += (nextX - pts[i][0]) * (ref[1] - bestY);
        }
        return area;
    }
    // Slice along the last objective: between consecutive values, the (d-1)-volume of the
    // points at or below the slice.
    const std::size_t last = d - 1;
    std::sort(pts.begin(), pts.end(), [last](const double* a, const double* b) { return a[last] < b[last]; });
    double total = 0;
    std::vector<const double*> active;
    active.reserve(pts.size());
    for (std::size_t i = 0; i < pts.size(); ++i) {
        active.push_back(pts[i]);
        const double top = i + 1 < pts.size() ? pts[i + 1][last] : ref[last];
        const double height = top - pts[i][last];
        if (height > 0)
            total += volume(active, ref, last) * height;
    }
    return total;
}

} // namespace

double hypervolume(std::span<const ObjectiveVector> points, std::span<const double> reference)
{
    const std::size_t d = reference.size();
    if (d == 0)
        return 0;
    std::vector<const double*> inside;
    for (const ObjectiveVector& p : points) {
        if (p.size() != d)
            throw std::invalid_argument("hypervolume: a point has " + std::to_string(p.size()) +
                                        " objectives, the reference " + std::to_string(d));
        bool in = true;
        for (std::size_t k = 0; k < d && in; ++k)
            in = std::isfinite(p[k]) && p[k] < reference[k];
        if (in)
            inside.push_back(p.data());
    }
    // Dominated points add nothing; dropping them keeps the slices small.
    std::vector<ObjectiveVector> copies;
    copies.reserve(inside.size());
    for (const double* p : inside)
        copies.emplace_back(p, p + d);
    std::vector<const double*> front;
    for (std::size_t i : nonDominatedIndices(copies))
        front.push_back(copies[i].data());
    return volume(std::move(front), reference.data(), d);
}

} // namespace mapscape
