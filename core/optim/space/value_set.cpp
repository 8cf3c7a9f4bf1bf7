// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/space/value_set.h"

#include <algorithm>

namespace mapscape {

ValueList ValueList::range(std::int64_t first, std::size_t count)
{
    ValueList v;
    v.m_isRange = true;
    v.m_first = first;
    v.m_count = count;
    return v;
}

void ValueList::push_back(std::int64_t v)
{
    if (m_isRange) {
        std::vector<std::int64_t> list(m_count);
        for (std::size_t i = 0; i < m_count; ++i)
            list[i] = m_first + std::int64_t(i);
        m_list = std::move(list);
        m_isRange = false;
        m_count = 0;
    }
    m_list.push_back(v);
}

int ValueList::indexOf(std::int64_t v) const
{
    if (m_isRange)
        return v >= m_first && v - m_first < std::int64_t(m_count) ? int(v - m_first) : -1;
    const auto it = std::find(m_list.begin(), m_list.end(), v);
    return it == m_list.end() ? -1 : int(it - m_list.begin());
}

void AllowedSet::rebuild()
{
    m_before.resize(m_runs.size());
    int total = 0;
    for (std::size_t j = 0; j < m_runs.size(); ++j) {
        m_before[j] = total;
        total += m_runs[j].second - m_runs[j].first + 1;
    }
    m_total = total;
}

void AllowedSet::assign(std::size_t n, bool allowed)
{
    m_size = n;
    m_runs.clear();
    if (allowed && n > 0)
        m_runs.emplace_back(0, int(n - 1));
    rebuild();
}

void AllowedSet::assignIndices(std::size_t n, const std::vector<int>& sortedIndices)
{
    m_size = n;
    m_runs.clear();
    for (int i : sortedIndices) {
        if (i < 0 || std::size_t(i) >= n)
            continue;
        if (!m_runs.empty() && m_runs.back().second + 1 >= i)
            m_runs.back().second = std::max(m_runs.back().second, i);
        else
            m_runs.emplace_back(i, i);
    }
    rebuild();
}

void AllowedSet::push_back(bool allowed)
{
    const int i = int(m_size++);
    if (!allowed)
        return;
    if (!m_runs.empty() && m_runs.back().second + 1 == i) {
        ++m_runs.back().second;
    } else {
        m_runs.emplace_back(i, i);
        m_before.push_back(m_total);
    }
    ++m_total;
}

bool AllowedSet::contains(int i) const
{
    // The last run starting at or before i.
    auto it = std::upper_bound(m_runs.begin(), m_runs.end(), i, [](int v, const std::pair<int, int>& r) { return v < r.first; });
    return it != m_runs.begin() && std::prev(it)->second >= i;
}

int AllowedSet::rank(int i) const
{
    auto it = std::upper_bound(m_runs.begin(), m_runs.end(), i - 1,
                               [](int v, const std::pair<int, int>& r) { return v < r.first; });
    if (it == m_runs.begin())
        return 0;
    const std::size_t j = std::size_t(std::prev(it) - m_runs.begin());
    return m_before[j] + std::min(m_runs[j].second, i - 1) - m_runs[j].first + 1;
}

int AllowedSet::kth(int k) const
{
    if (k < 0 || k >= m_total)
        return -1;
    const auto it = std::upper_bound(m_before.begin(), m_before.end(), k);
    const std::size_t j = std::size_t(it - m_before.begin()) - 1;
    return m_runs[j].first + (k - m_before[j]);
}

int AllowedSet::next(int i, int dir) const
{
    if (dir > 0) {
        const int r = rank(i + 1); // allowed indices <= i
        return kth(r);
    }
    const int r = rank(i); // allowed indices < i
    return r > 0 ? kth(r - 1) : -1;
}

int AllowedSet::nearest(int i) const
{
    if (contains(i))
        return i;
    const int below = next(i, -1), above = next(i, +1);
    if (below < 0)
        return above;
    if (above < 0)
        return below;
    return i - below <= above - i ? below : above;
}

void AllowedSet::keepRange(int lo, int hi)
{
    std::vector<std::pair<int, int>> runs;
    for (const auto& [a, b] : m_runs) {
        const int x = std::max(a, lo), y = std::min(b, hi);
        if (x <= y)
            runs.emplace_back(x, y);
    }
    m_runs = std::move(runs);
    rebuild();
}

std::vector<std::uint8_t> AllowedSet::mask() const
{
    std::vector<std::uint8_t> out(m_size, 0);
    for (const auto& [a, b] : m_runs)
        std::fill(out.begin() + a, out.begin() + b + 1, std::uint8_t(1));
    return out;
}

} // namespace mapscape
