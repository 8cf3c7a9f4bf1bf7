// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/mapping_space.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace mapscape {

std::vector<std::uint64_t> divisors(std::uint64_t n)
{
    std::vector<std::uint64_t> low, high;
    for (std::uint64_t i = 1; i * i <= n; ++i) {
        if (n % i == 0) {
            low.push_back(i);
            if (i != n / i)
                high.push_back(n / i);
        }
    }
    low.insert(low.end(), high.rbegin(), high.rend());
    return low;
}

namespace {

void factorize(std::uint64_t v, int n, std::vector<std::uint64_t>& prefix, std::vector<std::uint64_t>& out)
{
    if (int(prefix.size()) == n - 1) {
        out.insert(out.end(), prefix.begin(), prefix.end());
        out.push_back(v);
        return;
    }
    for (std::uint64_t d : divisors(v)) {
        prefix.push_back(d);
        factorize(v / d, n, prefix, out);
        prefix.pop_back();
    }
}

std::uint64_t binomial(std::uint64_t n, std::uint64_t k)
{
    std::uint64_t r = 1;
    for (std::uint64_t i = 1; i <= k; ++i)
        r = r * (n - k + i) / i; // exact: r·(n−k+i) is divisible by i at every step
    return r;
}

} // namespace

std::vector<std::uint64_t> orderedFactorizations(std::uint64_t v, int n)
{
    std::vector<std::uint64_t> out;
    if (n <= 0 || v == 0)
        return out;
    std::vector<std::uint64_t> prefix;
    prefix.reserve(std::size_t(n));
    factorize(v, n, prefix, out);
    return out;
}

std::uint64_t countOrderedFactorizations(std::uint64_t v, int n) { return FactorSplits(v, n).count(); }

FactorSplits::FactorSplits(std::uint64_t v, int n)
    : m_value(v)
    , m_parts(std::max(n, 0))
{
    if (n <= 0 || v == 0)
        return; // no factorisation
    for (std::uint64_t p = 2; p * p <= v; ++p) {
        int a = 0;
        while (v % p == 0) {
            v /= p;
            ++a;
        }
        if (a > 0) {
            m_primes.push_back(p);
            m_exponents.push_back(a);
        }
    }
    if (v > 1) {
        m_primes.push_back(v);
        m_exponents.push_back(1);
    }
    // ∏ over prime powers p^a of C(a + n − 1, n − 1), saturating.
    m_count = 1;
    for (int a : m_exponents)
        m_count = saturatingMul(m_count, binomial(std::uint64_t(a) + std::uint64_t(n) - 1, std::uint64_t(n) - 1));
}

void FactorSplits::at(std::uint64_t k, std::span<std::uint64_t> out) const
{
    // Position by position: the divisors d of what is left, ascending, each followed by the
    // factorisations of (left / d) into the remaining parts; skip whole blocks until k falls in one.
    std::vector<int> left = m_exponents;
    std::uint64_t value = m_value;
    struct Divisor {
        std::uint64_t value;
        std::vector<int> exponents;
    };
    std::vector<Divisor> divs;
    for (int i = 0; i + 1 < m_parts; ++i) {
        const std::uint64_t rest = std::uint64_t(m_parts - i - 1); // parts after this one
        divs.assign(1, Divisor{1, std::vector<int>(left.size(), 0)});
        for (std::size_t j = 0; j < left.size(); ++j) {
            const std::size_t before = divs.size();
            for (std::size_t b = 0; b < before; ++b) {
                Divisor d = divs[b];
                for (int e = 1; e <= left[j]; ++e) {
                    d.value *= m_primes[j];
                    d.exponents[j] = e;
                    divs.push_back(d);
                }
            }
        }
        std::sort(divs.begin(), divs.end(), [](const Divisor& a, const Divisor& b) { return a.value < b.value; });
        std::size_t chosen = divs.size() - 1;
        for (std::size_t c = 0; c < divs.size(); ++c) {
            std::uint64_t block = 1;
            for (std::size_t j = 0; j < left.size(); ++j)
                block = saturatingMul(block, binomial(std::uint64_t(left[j] - divs[c].exponents[j]) + rest - 1, rest - 1));
            if (k < block) {
                chosen = c;
                break;
            }
            k -= block;
        }
        out[std::size_t(i)] = divs[chosen].value;
        value /= divs[chosen].value;
        for (std::size_t j = 0; j < left.size(); ++j)
            left[j] -= divs[chosen].exponents[j];
    }
    if (m_parts > 0)
        out[std::size_t(m_parts - 1)] = value;
}

double objectiveValue(const Evaluation& e, Metric m, Objective o, bool hasMacArray)
{
    if (o == Objective::Total)
        return metricValue(e, m);
    const auto dyn = [&](CostPart p) { return e.dynamicEnergy[std::size_t(idx(p))]; };
    const auto stat = [&](CostPart p) { return e.staticEnergy[std::size_t(idx(p))]; };
    const auto cyc = [&](CostPart p) { return e.cycles[std::size_t(idx(p))]; };
    double energy = 0, cycles = 0;
    switch (o) {
    case Objective::PartialDram:
        energy = dyn(CostPart::Dram) + e.gbLowerEnergy + stat(CostPart::Dram) + stat(CostPart::Mac);
        cycles = cyc(CostPart::Dram) + cyc(CostPart::Mac);
        break;
    case Objective::PartialGb:
        energy = e.gbUpperEnergy + e.lbLowerEnergy + stat(CostPart::GlobalBuffer) + stat(CostPart::Mac);
        if (!hasMacArray)
            energy += e.lbUpperEnergy + stat(CostPart::LocalBuffer);
        cycles = cyc(CostPart::GlobalBuffer) + cyc(CostPart::LocalBuffer) + cyc(CostPart::Mac);
        break;
    case Objective::PartialLb:
        energy = e.lbUpperEnergy + stat(CostPart::LocalBuffer) + stat(CostPart::Mac);
        cycles = cyc(CostPart::LocalBuffer) + cyc(CostPart::Mac);
        break;
    case Objective::Total:
        break;
    }
    switch (m) {
    case Metric::Energy:
        return energy;
    case Metric::Cycles:
        return cycles;
    case Metric::Edp:
        return energy * cycles;
    }
    return energy;
}

std::uint64_t factorizationDegree(const DimVector& row)
{
    std::uint64_t degree = 1;
    for (std::uint64_t f : row) {
        std::uint64_t omega = 0, lastExp = 0;
        for (std::uint64_t p = 2; p * p <= f; ++p) {
            std::uint64_t e = 0;
            while (f % p == 0) {
                f /= p;
                ++e;
            }
            if (e > 0) {
                omega += e;
                lastExp = e;
            }
        }
        if (f > 1) {
            ++omega;
            lastExp = 1;
        }
        degree *= 1 + omega - (lastExp == 1 ? 1 : 0);
    }
    return degree;
}

std::vector<Row> mappableRows(const SchedulingModel& model)
{
    std::vector<Row> rows;
    for (int r = 0; r < kNumRows; ++r) {
        if (model.isMappableRow(rowAt(r)))
            rows.push_back(rowAt(r));
    }
    return rows;
}

std::vector<Dataflow> candidateDataflows(const SchedulingModel& model, Row row)
{
    std::vector<Dataflow> out;
    if (isSpatialRow(row) || model.rowStatus(row) == RowStatus::Virtual)
        return out;
    const Component c = rowComponent(row);
    const Accelerator& acc = model.accelerator();
    if (!acc.present(c))
        return out;
    const BufferSpec& b = acc.buffer(c);
    if (b.dataflow == Dataflow::None && b.allowedDataflows.empty())
        return out;
    std::vector<Dataflow> list = b.allowedDataflows;
    if (list.empty())
        list.push_back(b.dataflow);
    for (Dataflow df : list) {
        const auto t = stationaryType(df);
        if (df != Dataflow::None && t && b.bypass[std::size_t(idx(*t))])
            continue;
        if (std::find(out.begin(), out.end(), df) == out.end())
            out.push_back(df);
    }
    return out;
}

namespace {

/// The rows of a search that can hold factors, without duplicates, innermost first.
std::vector<Row> targetRows(const SchedulingModel& model, std::span<const Row> rows)
{
    std::vector<Row> targets;
    for (Row r : rows) {
        if (model.isMappableRow(r) && std::find(targets.begin(), targets.end(), r) == targets.end())
            targets.push_back(r);
    }
    std::sort(targets.begin(), targets.end());
    return targets;
}

/// Shared state of one depth-first search.
class RowSearcher {
public:
    RowSearcher(const SchedulingModel& model, const LayerShape& layer, const RowSearchOptions& options,
                std::vector<Row> rows, std::stop_token stop)
        : m_model(model)
        , m_layer(layer)
        , m_options(options)
        , m_rows(std::move(rows))
        , m_stop(std::move(stop))
        , m_hasMacArray(model.accelerator().macArray.present)
    {
    }

    /// Searches all factor splits of `start` (whose dataflows are fixed for this call).
    void run(SchedulingTable start, RowSearchResult& best)
    {
        const int n = int(m_rows.size());
        // Column products over the searched rows and their factorisations.
        struct Column {
            int dim;
            std::vector<std::uint64_t> splits;
        };
        std::vector<Column> columns;
        for (int d = 0; d < kNumDims; ++d) {
            std::uint64_t p = 1;
            for (Row r : m_rows) {
                p *= start.at(r, Dim(d));
                start.at(r, Dim(d)) = 1;
            }
            columns.push_back({d, orderedFactorizations(p, n)});
        }
        // Most factorisations first: large columns decide the capacity bounds early.
        std::stable_sort(columns.begin(), columns.end(), [n](const Column& a, const Column& b) {
            return a.splits.size() / std::size_t(n) > b.splits.size() / std::size_t(n);
        });
        // Columns with a single split (product 1 over the rows) are fixed at 1: leave them out.
        m_columns.clear();
        for (Column& c : columns) {
            if (c.splits.size() > std::size_t(n))
                m_columns.push_back({c.dim, std::move(c.splits)});
        }
        std::uint64_t space = 1;
        for (const auto& c : m_columns)
            space = saturatingMul(space, c.splits.size() / std::size_t(n));
        best.stats.spaceSize = saturatingAdd(best.stats.spaceSize, space);
        // Leaves below one node of each depth: what a prune at that depth accounts for.
        m_below.assign(m_columns.size() + 1, 1);
        for (std::size_t d = m_columns.size(); d-- > 0;)
            m_below[d] = saturatingMul(m_below[d + 1], m_columns[d].splits.size() / std::size_t(n));
        m_table = start;
        descend(0, 0, best);
        flushProgress();
    }

    bool cancelled() const { return m_cancelled; }

private:
    struct ColumnSplits {
        int dim;
        std::vector<std::uint64_t> splits;
    };

    void descend(std::size_t depth, DimMask assigned, RowSearchResult& best)
    {
        if (m_cancelled)
            return;
        if (depth == m_columns.size()) {
            leaf(best);
            return;
        }
        const ColumnSplits& col = m_columns[depth];
        const std::size_t n = m_rows.size();
        const DimMask nowAssigned = DimMask(assigned | (1u << col.dim));
        const std::size_t count = col.splits.size() / n;
        for (std::size_t k = 0; k < count; ++k) {
            for (std::size_t i = 0; i < n; ++i)
                m_table.at(m_rows[i], Dim(col.dim)) = col.splits[k * n + i];
            ++best.stats.nodes;
            if ((best.stats.nodes & 0x3FF) == 0) {
                flushProgress();
                if (m_stop.stop_requested()) {
                    m_cancelled = true;
                    break;
                }
            }
            if (depth + 1 < m_columns.size() && !m_model.checkPartial(m_layer, m_table, nowAssigned).ok()) {
                ++best.stats.pruned;
                m_pending = saturatingAdd(m_pending, m_below[depth + 1]);
                continue;
            }
            descend(depth + 1, nowAssigned, best);
            if (m_cancelled)
                break;
        }
        for (std::size_t i = 0; i < n; ++i)
            m_table.at(m_rows[i], Dim(col.dim)) = 1;
    }

    void flushProgress()
    {
        if (m_options.progress && m_pending > 0)
            m_options.progress->fetch_add(m_pending, std::memory_order_relaxed);
        m_pending = 0;
    }

    void leaf(RowSearchResult& best)
    {
        ++best.stats.evaluated;
        ++m_pending;
        if (!m_model.evaluate(m_layer, m_table, m_eval).ok())
            return;
        ++best.stats.valid;
        if (m_options.collectFront)
            addToFront(best.front, m_eval.totalCycles, m_eval.totalEnergy);
        const double v = objectiveValue(m_eval, m_options.metric, m_options.objective, m_hasMacArray);
        if (m_options.richestRow != Row::Reg) {
            const std::uint64_t degree = factorizationDegree(m_table.row(m_options.richestRow));
            if (!best.richest || degree > m_richestDegree || (degree == m_richestDegree && v < m_richestValue)) {
                best.richest = m_table;
                m_richestDegree = degree;
                m_richestValue = v;
            }
        }
        if (!best.valid || v < best.objective || (v == best.objective && m_options.neuroSpectorTieBreak && tieBetter(best.table))) {
            best.valid = true;
            best.improved = true;
            best.objective = v;
            best.table = m_table;
            best.evaluation = m_eval;
        }
    }

    /// Inserts (c, e) into a front sorted by cycles ascending (energy descending) if no point
    /// dominates it, removing the points it dominates.
    static void addToFront(std::vector<std::pair<double, double>>& front, double c, double e)
    {
        auto it = std::lower_bound(front.begin(), front.end(), std::make_pair(c, -HUGE_VAL));
        // A point with cycles ≤ c and energy ≤ e dominates (c, e).
        if (it != front.begin() && std::prev(it)->second <= e)
            return;
        if (it != front.end() && it->first == c && it->second <= e)
            return;
        auto last = it;
        while (last != front.end() && last->second >= e)
            ++last;
        it = front.erase(it, last);
        front.insert(it, {c, e});
    }

    /// NeuroSpector's tie-break of two candidates with equal objective: is m_table better?
    bool tieBetter(const SchedulingTable& other) const
    {
        const Row end = m_rows.back(); // rows are sorted: the lower buffer (highest index)
        const std::uint64_t a = m_table.rowProduct(end), b = other.rowProduct(end);
        if (a != b)
            return a < b;
        const Dataflow df = m_model.effectiveDataflow(m_table, m_options.tieBreakUpperRow);
        DimMask irrelevant = 0;
        switch (df) {
        case Dataflow::IS:
            irrelevant = dimBit(Dim::K);
            break;
        case Dataflow::WS:
            irrelevant = DimMask(dimBit(Dim::B) | dimBit(Dim::P) | dimBit(Dim::Q));
            break;
        case Dataflow::OS:
            irrelevant = DimMask(dimBit(Dim::C) | dimBit(Dim::R) | dimBit(Dim::S));
            break;
        case Dataflow::None:
            return false;
        }
        std::uint64_t x = 1, y = 1;
        for (int d = 0; d < kNumDims; ++d) {
            if (irrelevant & (1u << d)) {
                x *= m_table.at(end, Dim(d));
                y *= other.at(end, Dim(d));
            }
        }
        return x > y;
    }

    const SchedulingModel& m_model;
    const LayerShape& m_layer;
    const RowSearchOptions& m_options;
    std::vector<Row> m_rows;
    std::stop_token m_stop;
    bool m_hasMacArray;
    std::vector<ColumnSplits> m_columns;
    std::vector<std::uint64_t> m_below;
    std::uint64_t m_pending = 0; ///< candidates dealt with, not yet added to options.progress
    SchedulingTable m_table;
    Evaluation m_eval{};
    bool m_cancelled = false;
    std::uint64_t m_richestDegree = 0;
    double m_richestValue = 0;
};

} // namespace

RowSearchResult searchRows(const SchedulingModel& model, const LayerShape& layer, const SchedulingTable& incumbent,
                           std::span<const Row> rows, const RowSearchOptions& options, std::stop_token stop)
{
    RowSearchResult best;
    best.table = incumbent;
    if (model.evaluate(layer, incumbent, best.evaluation).ok()) {
        best.valid = true;
        best.objective = objectiveValue(best.evaluation, options.metric, options.objective,
                                        model.accelerator().macArray.present);
    }
    const bool incumbentValid = best.valid;
    const double incumbentValue = best.objective;

    const std::vector<Row> targets = targetRows(model, rows);
    if (targets.empty())
        return best;

    // Dataflow combinations: the incumbent's first, so that ties keep it.
    std::vector<Row> dfRows;
    std::vector<std::vector<Dataflow>> dfChoices;
    if (options.dataflow == DataflowMode::Flexible) {
        for (Row r : targets) {
            std::vector<Dataflow> choices = candidateDataflows(model, r);
            if (choices.size() < 2)
                continue;
            const Dataflow current = model.effectiveDataflow(incumbent, r);
            std::stable_partition(choices.begin(), choices.end(), [current](Dataflow d) { return d == current; });
            dfRows.push_back(r);
            dfChoices.push_back(std::move(choices));
        }
    }
    std::vector<std::size_t> digit(dfRows.size(), 0);
    RowSearcher searcher(model, layer, options, targets, stop);
    for (;;) {
        SchedulingTable start = incumbent;
        for (std::size_t i = 0; i < dfRows.size(); ++i) {
            const Dataflow df = dfChoices[i][digit[i]];
            // Store None when the choice equals the configured dataflow, so tables stay canonical.
            start.dataflow[std::size_t(idx(dfRows[i]))] = df == model.configuredDataflow(dfRows[i]) ? Dataflow::None : df;
        }
        searcher.run(start, best);
        if (searcher.cancelled()) {
            best.stats.cancelled = true;
            break;
        }
        std::size_t i = 0;
        for (; i < digit.size(); ++i) {
            if (++digit[i] < dfChoices[i].size())
                break;
            digit[i] = 0;
        }
        if (i == digit.size())
            break;
    }
    best.improved = best.valid && (!incumbentValid || best.objective < incumbentValue);
    if (!best.improved && incumbentValid) {
        // Equal objective: keep the incumbent table itself.
        best.table = incumbent;
        model.evaluate(layer, incumbent, best.evaluation);
        best.objective = incumbentValue;
    }
    return best;
}

std::uint64_t searchSpaceSize(const SchedulingModel& model, const LayerShape& layer, std::span<const Row> rows,
                              DataflowMode dataflow, const SchedulingTable* from)
{
    const std::vector<Row> targets = targetRows(model, rows);
    if (targets.empty())
        return 1;
    std::uint64_t space = 1;
    for (int d = 0; d < kNumDims; ++d) {
        std::uint64_t v = layer.dims[std::size_t(d)];
        if (from) {
            v = 1;
            for (Row r : targets)
                v *= from->at(r, Dim(d));
        }
        space = saturatingMul(space, countOrderedFactorizations(v, int(targets.size())));
    }
    if (dataflow == DataflowMode::Flexible) {
        for (Row r : targets)
            space = saturatingMul(space, std::max<std::uint64_t>(1, candidateDataflows(model, r).size()));
    }
    return space;
}

} // namespace mapscape
