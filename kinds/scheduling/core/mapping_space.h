// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The scheduling-table mapping space: factorisations of layer dimensions and the exact search
/// over the factor splits of a chosen set of table rows (seed 000 §3.7, NeuroSpector §13.1).

#include "kinds/scheduling/core/scheduling_model.h"

#include <atomic>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <stop_token>
#include <vector>

namespace mapscape {

/// Divisors of n in increasing order (n ≥ 1).
std::vector<std::uint64_t> divisors(std::uint64_t n);

/// Every ordered factorisation v = x_1·…·x_n into n positive factors, flattened: entry k·n + i is
/// x_i of the k-th factorisation. Order: x_1 increasing, then x_2 increasing, … (so the first is
/// (1, …, 1, v)).
std::vector<std::uint64_t> orderedFactorizations(std::uint64_t v, int n);

/// Number of ordered factorisations of v into n factors: ∏ over prime powers p^a ∥ v of C(a+n−1, n−1).
/// Saturates at UINT64_MAX.
std::uint64_t countOrderedFactorizations(std::uint64_t v, int n);

/// The ordered factorisations of v into n factors, in orderedFactorizations' order, without listing
/// them: count() of them, and the k-th drawn directly (O(n · divisors) each). A dimension of 2^30
/// split over nine rows has 5·10^7 factorisations, 3.5 GB as a list.
class FactorSplits {
public:
    FactorSplits() = default;
    FactorSplits(std::uint64_t v, int n);
    std::uint64_t count() const { return m_count; }
    /// The k-th factorisation (k < count()) into out[0..n-1].
    void at(std::uint64_t k, std::span<std::uint64_t> out) const;

private:
    std::vector<std::uint64_t> m_primes;
    std::vector<int> m_exponents;
    std::uint64_t m_value = 1;
    std::uint64_t m_count = 0;
    int m_parts = 0;
};

/// What a row search minimises. `Total` is the chosen metric of the whole layer; the others are
/// the partial costs of NeuroSpector's bottom-up search (§13.2) for the row set whose lower
/// buffer (the one holding the factors being distributed) is DRAM, the GB or the LB.
enum class Objective : std::uint8_t { Total, PartialDram, PartialGb, PartialLb };

/// Value of an objective on an evaluation (lower is better). `hasMacArray` changes the GB
/// partial cost as in NeuroSpector.
double objectiveValue(const Evaluation& e, Metric m, Objective o, bool hasMacArray);

/// How the dataflows of temporal rows are chosen during a search.
enum class DataflowMode : std::uint8_t {
    Fixed,   ///< the table's (or the accelerator's configured) dataflows are kept
    Flexible ///< every allowed dataflow of each selected temporal row is tried
};

struct RowSearchOptions {
    Metric metric = Metric::Energy;
    Objective objective = Objective::Total;
    DataflowMode dataflow = DataflowMode::Fixed;
    /// Also keep the valid candidate whose row `richestRow` has the largest factorisation degree
    /// (ties: lower objective), NeuroSpector's supplementary "SP" winner. Row::Reg = off.
    Row richestRow = Row::Reg;
    /// Break exact ties of the objective as NeuroSpector's bottom-up does: prefer the smaller
    /// product of the highest selected row, then the larger product of that row's factors that
    /// are irrelevant to the data type kept stationary by `tieBreakUpperRow`'s dataflow.
    bool neuroSpectorTieBreak = false;
    Row tieBreakUpperRow = Row::Reg;
    /// Also collect the energy-vs-cycles Pareto front of every valid candidate (for views).
    bool collectFront = false;
    /// Optional: incremented (in chunks, from the searching thread) by the candidates dealt
    /// with: evaluated ones and every candidate of a pruned subtree. It reaches the search's
    /// space size (searchSpaceSize) when the search ends uncancelled, so another thread can
    /// show the progress of a long exact search.
    std::atomic<std::uint64_t>* progress = nullptr;
};

/// Products and sums of candidate counts, saturating at the largest value instead of wrapping.
inline std::uint64_t saturatingMul(std::uint64_t a, std::uint64_t b)
{
    std::uint64_t r = 0;
    return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<std::uint64_t>::max() : r;
}
inline std::uint64_t saturatingAdd(std::uint64_t a, std::uint64_t b)
{
    std::uint64_t r = 0;
    return __builtin_add_overflow(a, b, &r) ? std::numeric_limits<std::uint64_t>::max() : r;
}

/// NeuroSpector's factorisation degree of a row: ∏_d (1 + Ω(f_d) − [the largest prime of f_d
/// occurs once]), Ω = prime factors with multiplicity (2 → 1, 4 → 3, 6 → 2, 12 → 3).
std::uint64_t factorizationDegree(const DimVector& row);

/// Counters of one search (for the live brute-force statistics and the benchmarks).
struct RowSearchStats {
    std::uint64_t spaceSize = 0;   ///< candidates of the unpruned space (saturating)
    std::uint64_t nodes = 0;       ///< partial assignments visited
    std::uint64_t pruned = 0;      ///< partial assignments cut by the capacity / fan-out bound
    std::uint64_t evaluated = 0;   ///< complete candidates evaluated
    std::uint64_t valid = 0;       ///< of those, valid ones
    bool cancelled = false;
};

struct RowSearchResult {
    SchedulingTable table;    ///< best table (the incumbent if nothing was better)
    Evaluation evaluation{};  ///< its evaluation (valid when `valid`)
    double objective = 0;     ///< its objective value
    bool valid = false;       ///< false only if neither the incumbent nor any candidate is valid
    bool improved = false;    ///< strictly better than the incumbent
    RowSearchStats stats;
    /// With `RowSearchOptions::richestRow`: the supplementary winner, if one was valid.
    std::optional<SchedulingTable> richest;
    /// With `RowSearchOptions::collectFront`: (cycles, energy) of the non-dominated candidates,
    /// cycles ascending.
    std::vector<std::pair<double, double>> front;
};

/// Exact search over all re-distributions of the factors held by `rows` in `incumbent` (column
/// products over the rows are kept, all other rows are untouched). Depth-first, column by
/// column (most factorisations first), pruning a partial assignment as soon as it breaks a
/// capacity, fan-out or constraint bound with the unassigned columns left at 1: this never
/// changes the result, only the work. Rows that cannot hold factors (absent, unit, register)
/// are ignored. Ties keep the incumbent, otherwise the first candidate in enumeration order.
/// Deterministic; cancellation through `stop` returns the best found so far.
RowSearchResult searchRows(const SchedulingModel& model, const LayerShape& layer, const SchedulingTable& incumbent,
                           std::span<const Row> rows, const RowSearchOptions& options, std::stop_token stop = {});

/// Rows of the accelerator that can hold factors (real rows other than the register, plus DRAM).
std::vector<Row> mappableRows(const SchedulingModel& model);

/// Number of candidates (`searchRows` space size) of a search over `rows` starting from `from`
/// (default: the layer's all-at-DRAM table), times the dataflow combinations in flexible mode.
std::uint64_t searchSpaceSize(const SchedulingModel& model, const LayerShape& layer, std::span<const Row> rows,
                              DataflowMode dataflow, const SchedulingTable* from = nullptr);

/// Dataflows a temporal row may take in a flexible search: the level's allowed list (or IS, WS,
/// OS when none is given), minus those whose stationary type the level bypasses. Empty for rows
/// that have no dataflow.
std::vector<Dataflow> candidateDataflows(const SchedulingModel& model, Row row);

} // namespace mapscape
