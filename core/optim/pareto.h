// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Pareto fronts (all objectives minimised): two-objective fronts for the energy-vs-cycles views,
/// non-dominated sets of any dimension and their exact hypervolume.

#include <array>
#include <cstddef>
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

/// An objective vector of any dimension.
using ObjectiveVector = std::vector<double>;

/// Indices of the non-dominated vectors among `points`, in input order; of equal vectors only the
/// first is kept, and vectors with a non-finite value are skipped. O(n² d).
std::vector<std::size_t> nonDominatedIndices(std::span<const ObjectiveVector> points);

/// The exact hypervolume dominated by `points` and bounded by `reference`: the measure of the set
/// of vectors that some point dominates and that dominate the reference. Points not strictly
/// below the reference in every objective add nothing. Exact in every dimension: two by a sort
/// and a sweep, more by slicing along the last objective (HSO), so three objectives cost
/// O(n² log n). Throws std::invalid_argument if a point's dimension differs from the reference's.
double hypervolume(std::span<const ObjectiveVector> points, std::span<const double> reference);

} // namespace mapscape
