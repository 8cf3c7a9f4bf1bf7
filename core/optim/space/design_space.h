// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Design spaces as the generic optimizers see them: a list of discrete parameters (categorical
/// choices or integers), each with the values it may take and a mask of the values that are
/// allowed; a point is one value index per parameter. A problem evaluates points into objective
/// vectors. Random search, genetic algorithms, RL agents and Bayesian optimisation are written
/// against these interfaces, not against one study's data structures.

#include "core/optim/space/value_set.h"

#include <array>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

/// One searchable parameter. A Permutation parameter is a loop order: its values are the
/// Lehmer-code indices 0..n!-1 of the orderings of `items` (so that optimizers may swap two
/// loops instead of drawing a new order).
struct Parameter {
    enum class Kind : std::uint8_t { Categorical, Integer, Permutation };
    std::string name;  ///< "tile_K"
    std::string label; ///< "Per-PE tile of K"
    std::string help;  ///< tooltip text
    Kind kind = Kind::Integer;
    ValueList values;                  ///< the values, in increasing order (categorical: 0..n-1)
    std::vector<std::string> labels;   ///< display text per value (categorical)
    AllowedSet allowed;                ///< the value indices that may be chosen (same size as values)
    std::string fixedReason;           ///< why only one value is allowed, if so ("R is mapped whole")
    std::vector<std::string> items;    ///< Permutation: the things being ordered

    int count() const { return int(values.size()); }
    int allowedCount() const { return allowed.count(); }
    /// Index of a value, -1 if absent.
    int indexOf(std::int64_t value) const;
    /// Text of the value at an index (its label or the number).
    std::string text(int index) const;
};

/// A point: one value index per parameter.
using Point = std::vector<std::int32_t>;

/// The objectives a problem reports; every objective is minimised.
struct ObjectiveInfo {
    std::string id;    ///< "latency"
    std::string label; ///< "Latency"
    std::string unit;  ///< "cycles", "nJ", "µm²", "mW", "pJ"
    bool integral = false; ///< values are whole numbers (axis ticks)
    bool higherIsBetter = false; ///< a speed-up or an efficiency: larger values win
    friend bool operator==(const ObjectiveInfo&, const ObjectiveInfo&) = default;
};

inline constexpr int kMaxObjectives = 8;

/// Objective values of one point (valid or not).
struct PointEvaluation {
    bool valid = false;
    std::int16_t reason = 0; ///< problem-specific code of why the point is invalid (explain() turns it into text)
    std::array<double, kMaxObjectives> objective{};
};

/// A study's evaluator in design-space form. Thread-safe: evaluate() may run on several threads.
class PointProblem {
public:
    virtual ~PointProblem() = default;
    virtual std::span<const Parameter> parameters() const = 0;
    virtual std::span<const ObjectiveInfo> objectives() const = 0;
    /// Index of the objective single-objective optimizers minimise.
    virtual int primaryObjective() const = 0;
    virtual PointEvaluation evaluate(std::span<const std::int32_t> point) const noexcept = 0;
    /// Why a point is invalid (a sentence), or "" if it is valid.
    virtual std::string explain(std::span<const std::int32_t> point) const = 0;
    /// The point as text for logs and tables ("tile_K=16 par_inner=C ...").
    virtual std::string describe(std::span<const std::int32_t> point) const;
    /// One parameter's value (an index into its values) as a reader would write it: by default
    /// Parameter::text; a problem whose parameter indexes something larger (a factorisation of a
    /// bound over several loops, say) writes what the index stands for.
    virtual std::string valueText(std::size_t parameter, std::int32_t index) const;

    /// Number of points (allowed values multiplied), and its base-10 logarithm.
    double spaceSize() const;
    double spaceSizeLog10() const;
    /// A point with every parameter at its first allowed value.
    Point firstPoint() const;
    /// True if every coordinate is in range and allowed.
    bool inSpace(std::span<const std::int32_t> point) const;
};

/// The ordering of 0..n-1 with Lehmer-code index `index` (0 = identity), and back.
std::vector<int> permutationFromIndex(std::int64_t index, int n);
/// The same without allocating (n <= out.size() <= 12).
void permutationInto(std::int64_t index, int n, std::span<int> out);
std::int64_t indexFromPermutation(std::span<const int> order);
/// n! (n <= 20).
std::int64_t factorial(int n);

/// Index of a value drawn uniformly among a parameter's allowed values (0 if none is allowed).
int drawAllowed(const Parameter& p, std::mt19937_64& rng);
/// Every parameter drawn with drawAllowed, in parameter order.
Point randomPoint(const PointProblem& problem, std::mt19937_64& rng);
/// The allowed index nearest to `k` after clamping it to the parameter's range (ties: the lower);
/// the clamped `k` if no value is allowed.
int nearestAllowed(const Parameter& p, long long k);

/// Pareto dominance for minimisation over the first `n` objectives.
bool dominates(const PointEvaluation& a, const PointEvaluation& b, int n);

} // namespace mapscape
