// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/baselines.h"

#include <algorithm>

namespace mapscape {

// ---------------------------------------------------------------------------------------------
// Random search

RandomSearch::RandomSearch(const SchedulingProblem& problem, RandomSearchOptions options, std::uint64_t seed)
    : m_problem(problem)
    , m_options(options)
    , m_rng(seed)
    , m_rows(mappableRows(*problem.model))
{
    if (m_options.samplesPerLayer < 1)
        throw InputError("random.samples: must be at least 1, got " + std::to_string(m_options.samplesPerLayer));
    m_options.batch = std::max(1, m_options.batch);
    for (const LayerShape& s : problem.shapes) {
        std::array<FactorSplits, kNumDims> cols;
        for (int d = 0; d < kNumDims; ++d)
            cols[std::size_t(d)] = FactorSplits(s.dims[std::size_t(d)], int(m_rows.size()));
        m_splits.push_back(std::move(cols));
    }
    if (problem.dataflow == DataflowMode::Flexible) {
        for (Row r : m_rows) {
            std::vector<Dataflow> c = candidateDataflows(*problem.model, r);
            if (c.size() > 1)
                m_dataflows.emplace_back(r, std::move(c));
        }
    }
    m_total = std::int64_t(m_options.samplesPerLayer) * problem.layerCount();
}

std::vector<Proposal> RandomSearch::ask()
{
    std::vector<Proposal> batch;
    const std::size_t n = m_rows.size();
    while (m_drawn < m_total && int(batch.size()) < m_options.batch) {
        Proposal p;
        p.layer = int(m_drawn % m_problem.layerCount());
        p.table = SchedulingTable{};
        const auto& cols = m_splits[std::size_t(p.layer)];
        std::vector<std::uint64_t> split(n);
        for (int d = 0; d < kNumDims; ++d) {
            const FactorSplits& splits = cols[std::size_t(d)];
            const std::size_t k = std::uniform_int_distribution<std::size_t>(0, std::size_t(splits.count()) - 1)(m_rng);
            splits.at(k, split);
            for (std::size_t i = 0; i < n; ++i)
                p.table.at(m_rows[i], Dim(d)) = split[i];
        }
        for (const auto& [row, choices] : m_dataflows) {
            const Dataflow df = choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(m_rng)];
            p.table.dataflow[std::size_t(idx(row))] = df == m_problem.model->configuredDataflow(row) ? Dataflow::None : df;
        }
        batch.push_back(std::move(p));
        ++m_drawn;
    }
    return batch;
}

void RandomSearch::tell(std::span<const Proposal>, std::span<const Outcome> outcomes, MetricsSink& sink)
{
    for (const Outcome& o : outcomes)
        m_valid += o.valid ? 1 : 0;
    sink.record("random/valid_fraction", m_drawn, m_drawn > 0 ? double(m_valid) / double(m_drawn) : 0.0);
}

double RandomSearch::progress() const { return m_total > 0 ? double(m_drawn) / double(m_total) : 1.0; }

// ---------------------------------------------------------------------------------------------
// Exhaustive search

ExhaustiveSearch::ExhaustiveSearch(const SchedulingProblem& problem, ExhaustiveSearchOptions options)
    : m_problem(problem)
    , m_options(options)
{
}

std::vector<Proposal> ExhaustiveSearch::ask()
{
    if (m_asked)
        return {};
    m_asked = true;
    const std::vector<Row> rows = mappableRows(*m_problem.model);
    std::vector<Proposal> batch; // the driver orders it largest search first across its workers
    for (int l = 0; l < m_problem.layerCount(); ++l) {
        const LayerShape& s = m_problem.shapes[std::size_t(l)];
        if (searchSpaceSize(*m_problem.model, s, rows, m_problem.dataflow) > m_options.maxCandidates) {
            m_skipped.push_back(l);
            continue;
        }
        Proposal p;
        p.layer = l;
        p.table = SchedulingTable::allAtDram(s.dims);
        p.rows = rows;
        batch.push_back(std::move(p));
    }
    return batch;
}

void ExhaustiveSearch::tell(std::span<const Proposal> proposals, std::span<const Outcome> outcomes, MetricsSink& sink)
{
    for (std::size_t i = 0; i < proposals.size(); ++i) {
        sink.record("exhaustive/candidates", proposals[i].layer, double(outcomes[i].stats.spaceSize));
        sink.record("exhaustive/evaluated", proposals[i].layer, double(outcomes[i].stats.evaluated));
    }
    m_done = true;
}

void ExhaustiveSearch::finish(MetricsSink& sink)
{
    for (int l : m_skipped) {
        sink.message("exhaustive: layer " + m_problem.network.layers[std::size_t(l)].name +
                     " skipped: more than " + std::to_string(m_options.maxCandidates) + " candidates");
    }
}

double ExhaustiveSearch::progress() const { return m_done || (m_asked && m_skipped.size() == std::size_t(m_problem.layerCount())) ? 1.0 : 0.0; }

// ---------------------------------------------------------------------------------------------
// Bottom-up

std::vector<BottomUpSearch::LevelSet> BottomUpSearch::levelSets(const SchedulingModel& model)
{
    // Set boundaries: DRAM, then the buffer rows that exist, then the bottom of the table.
    std::vector<Row> bounds{Row::Dram};
    for (Row r : {Row::Gb, Row::Lb}) {
        if (model.isMappableRow(r))
            bounds.push_back(r);
    }
    bounds.push_back(Row::Reg);
    std::vector<LevelSet> sets;
    for (std::size_t k = 0; k + 1 < bounds.size(); ++k) {
        const Row end = bounds[k];
        const Row begin = bounds[k + 1];
        LevelSet set;
        set.upper = model.isMappableRow(begin) ? begin : Row::Reg;
        set.objective = end == Row::Dram ? Objective::PartialDram : end == Row::Gb ? Objective::PartialGb : Objective::PartialLb;
        for (int r = idx(begin); r <= idx(end); ++r) {
            if (model.isMappableRow(rowAt(r)))
                set.rows.push_back(rowAt(r));
        }
        if (set.rows.size() >= 2)
            sets.push_back(std::move(set));
    }
    return sets;
}

namespace {
/// Most tables carried forward per layer (dataflow combinations × the SP winners they spawn).
constexpr std::size_t kMaxBranches = 4096;
} // namespace

std::vector<SchedulingTable> BottomUpSearch::dataflowCombinations(const SchedulingModel& model, const SchedulingTable& start)
{
    // As NeuroSpector's bottom-up: with flexible dataflows, the whole level-by-level search runs
    // once per combination of the levels' allowed dataflows, and the best result is kept.
    std::vector<SchedulingTable> out{start};
    for (Row r : mappableRows(model)) {
        const std::vector<Dataflow> choices = candidateDataflows(model, r);
        if (choices.size() < 2)
            continue;
        std::vector<SchedulingTable> next;
        for (const SchedulingTable& t : out) {
            for (Dataflow df : choices) {
                SchedulingTable c = t;
                // None when the choice is the configured dataflow, so tables stay canonical.
                c.dataflow[std::size_t(idx(r))] = df == model.configuredDataflow(r) ? Dataflow::None : df;
                next.push_back(std::move(c));
            }
        }
        out = std::move(next);
    }
    return out;
}

BottomUpSearch::BottomUpSearch(const SchedulingProblem& problem)
    : m_problem(problem)
    , m_sets(levelSets(*problem.model))
{
    for (const LayerShape& s : problem.shapes) {
        const SchedulingTable start = SchedulingTable::allAtDram(s.dims);
        m_branches.push_back(problem.dataflow == DataflowMode::Flexible ? dataflowCombinations(*problem.model, start)
                                                                        : std::vector<SchedulingTable>{start});
    }
}

std::vector<Proposal> BottomUpSearch::ask()
{
    std::vector<Proposal> batch;
    if (m_phase > m_sets.size())
        return batch;
    for (int l = 0; l < m_problem.layerCount(); ++l) {
        const auto& branches = m_branches[std::size_t(l)];
        for (std::size_t b = 0; b < branches.size(); ++b) {
            Proposal p;
            p.layer = l;
            p.table = branches[b];
            p.tag = std::int64_t(b);
            p.dataflow = DataflowMode::Fixed; // each branch keeps its dataflow combination
            if (m_phase < m_sets.size()) {
                p.rows = m_sets[m_phase].rows;
                p.objective = m_sets[m_phase].objective;
                p.richestRow = m_sets[m_phase].upper;
                p.neuroSpectorTieBreak = true;
            } // else: final evaluation of the finished tables under the problem's metric
            batch.push_back(std::move(p));
        }
    }
    return batch;
}

void BottomUpSearch::tell(std::span<const Proposal> proposals, std::span<const Outcome> outcomes, MetricsSink& sink)
{
    double evaluated = 0;
    if (m_phase < m_sets.size()) {
        std::vector<std::vector<SchedulingTable>> next(m_branches.size());
        for (std::size_t i = 0; i < proposals.size(); ++i) {
            auto& out = next[std::size_t(proposals[i].layer)];
            const Outcome& o = outcomes[i];
            out.push_back(o.valid ? o.table : proposals[i].table);
            if (o.richest && *o.richest != out.back() && out.size() < kMaxBranches)
                out.push_back(*o.richest);
            evaluated += double(o.stats.evaluated);
        }
        m_branches = std::move(next);
    }
    sink.record("bottom-up/evaluated", std::int64_t(m_phase), evaluated);
    ++m_phase;
}

double BottomUpSearch::progress() const { return double(m_phase) / double(m_sets.size() + 1); }

double BottomUpSearch::batchShare() const
{
    // ask() does not advance the phase: the batch in flight is phase m_phase.
    return m_phase <= m_sets.size() ? 1.0 / double(m_sets.size() + 1) : 0.0;
}

} // namespace mapscape
