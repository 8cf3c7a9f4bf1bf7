// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Pareto fronts of two objectives to be minimised (energy vs cycles).

#include <array>
#include <span>
#include <utility>
#include <vector>

namespace mapscape {

struct Point2 {
    double x = 0;
    double y = 0;
    friend bool operator==(const Point2&, const Point2&) = default;
};

/// The non-dominated points (no other point is ≤ in both and < in one), sorted by x ascending
/// (so y descending), duplicates removed. O(n log n).
std::vector<Point2> paretoFront(std::span<const Point2> points);

/// Merges new points into an existing front (cheaper than recomputing over everything seen).
std::vector<Point2> mergeParetoFront(std::span<const Point2> front, std::span<const Point2> points);

/// Adds a point to a set of mutually non-dominated points of three objectives (all minimised):
/// if no member dominates or equals it, it joins and the members it dominates leave. Returns
/// whether it joined. O(set size).
bool insertNonDominated(std::vector<std::array<double, 3>>& set, const std::array<double, 3>& p);

} // namespace mapscape
