// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The values of one design-space parameter and the subset that may be chosen, held compactly:
/// a tile of a 10^8-long dimension has 10^8 candidate values, so neither the values nor the
/// allowed mask may be stored one entry per value. `ValueList` is an explicit list or a range of
/// consecutive whole numbers; `AllowedSet` is a sorted list of runs of allowed indices (one run
/// for "every value", one per divisor for "divisors only"), with the rank and k-th-element queries
/// the optimizers draw with.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace mapscape {

/// Values in increasing order, indexed 0..size()-1: a list, or first, first+1, …, first+n-1.
class ValueList {
public:
    ValueList() = default;
    /// The consecutive whole numbers first..first+count-1, stored as two numbers.
    static ValueList range(std::int64_t first, std::size_t count);

    std::int64_t operator[](std::size_t i) const { return m_isRange ? m_first + std::int64_t(i) : m_list[i]; }
    std::size_t size() const { return m_isRange ? m_count : m_list.size(); }
    bool empty() const { return size() == 0; }
    std::int64_t back() const { return (*this)[size() - 1]; }
    bool isRange() const { return m_isRange; }

    /// Appends to a list (a range becomes a list first).
    void push_back(std::int64_t v);
    template <class It>
    void assign(It first, It last)
    {
        m_isRange = false;
        m_count = 0;
        m_list.assign(first, last);
    }
    void clear() { *this = ValueList(); }
    /// Index of `v`, -1 if absent.
    int indexOf(std::int64_t v) const;

private:
    std::vector<std::int64_t> m_list;
    std::int64_t m_first = 0;
    std::size_t m_count = 0;
    bool m_isRange = false;
};

/// Which of n indices are allowed, as sorted disjoint runs [lo, hi]. Reading an index, counting,
/// ranking and finding the k-th allowed index cost O(log runs).
class AllowedSet {
public:
    AllowedSet() = default;
    /// n indices, all allowed or none.
    void assign(std::size_t n, bool allowed);
    /// n indices of which exactly `sortedIndices` (ascending, distinct, < n) are allowed.
    void assignIndices(std::size_t n, const std::vector<int>& sortedIndices);
    /// Appends one index.
    void push_back(bool allowed);

    std::uint8_t operator[](std::size_t i) const { return contains(int(i)) ? 1 : 0; }
    bool contains(int i) const;
    std::size_t size() const { return m_size; }
    /// Number of allowed indices.
    int count() const { return m_total; }
    /// Number of allowed indices below i.
    int rank(int i) const;
    /// The k-th allowed index (0-based), -1 if k is out of range.
    int kth(int k) const;
    /// The first allowed index, -1 if none.
    int first() const { return m_runs.empty() ? -1 : m_runs.front().first; }
    /// The nearest allowed index after i (dir > 0) or before i (dir < 0), -1 if none.
    int next(int i, int dir) const;
    /// The allowed index nearest to i (ties: the lower), -1 if none.
    int nearest(int i) const;

    /// Keeps only index i (if it was allowed), or the indices in [lo, hi].
    void keepOnly(int i) { keepRange(i, i); }
    void keepRange(int lo, int hi);
    /// Every index allowed or not as 0/1 bytes (for the small sets an RL action mask covers).
    std::vector<std::uint8_t> mask() const;

private:
    void rebuild();
    std::vector<std::pair<int, int>> m_runs; ///< [lo, hi], ascending, disjoint, not adjacent
    std::vector<int> m_before;               ///< allowed indices before each run
    std::size_t m_size = 0;
    int m_total = 0;
};

} // namespace mapscape
