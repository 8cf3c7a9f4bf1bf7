// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Baseline optimizers on the scheduling-table model, in ask/tell form: random sampling
/// (Timeloop's random mapper), exhaustive search (the true optimum of small layers) and a
/// bottom-up level-by-level search in the spirit of NeuroSpector's.

#include "kinds/scheduling/core/search.h"

#include <cstdint>
#include <random>

namespace mapscape {

struct RandomSearchOptions {
    int samplesPerLayer = 20000; ///< tables drawn per layer
    int batch = 256;             ///< tables per ask
};

/// Draws tables uniformly per column among the ordered factorisations over the mappable rows
/// (and, in flexible mode, uniformly among the allowed dataflows); invalid draws count against
/// the budget, as in Timeloop's random mapper.
class RandomSearch final : public SearchStrategy {
public:
    RandomSearch(const SchedulingProblem& problem, RandomSearchOptions options, std::uint64_t seed);
    std::vector<Proposal> ask() override;
    void tell(std::span<const Proposal> proposals, std::span<const Outcome> outcomes, MetricsSink& sink) override;
    double progress() const override;

private:
    const SchedulingProblem& m_problem;
    RandomSearchOptions m_options;
    std::mt19937_64 m_rng;
    std::vector<Row> m_rows;
    /// Per layer and column: the factorisations of the dimension over m_rows.
    std::vector<std::array<FactorSplits, kNumDims>> m_splits;
    std::vector<std::pair<Row, std::vector<Dataflow>>> m_dataflows;
    std::int64_t m_drawn = 0;
    std::int64_t m_valid = 0;
    std::int64_t m_total = 0;
};

struct ExhaustiveSearchOptions {
    /// Layers whose space (candidates before pruning) exceeds this are skipped with a message.
    std::uint64_t maxCandidates = 2'000'000'000ull;
};

/// One exact search per layer over every mappable row from the all-at-DRAM table: the optimum
/// under the capacity / fan-out / constraint rules.
class ExhaustiveSearch final : public SearchStrategy {
public:
    ExhaustiveSearch(const SchedulingProblem& problem, ExhaustiveSearchOptions options);
    std::vector<Proposal> ask() override;
    void tell(std::span<const Proposal> proposals, std::span<const Outcome> outcomes, MetricsSink& sink) override;
    double progress() const override;
    double batchShare() const override { return 1.0; } ///< the one batch is the whole search
    void finish(MetricsSink& sink) override;
    /// Layers skipped because their space is larger than the limit.
    const std::vector<int>& skippedLayers() const { return m_skipped; }

private:
    const SchedulingProblem& m_problem;
    ExhaustiveSearchOptions m_options;
    bool m_asked = false;
    bool m_done = false;
    std::vector<int> m_skipped;
};

/// NeuroSpector's bottom-up search: level sets from DRAM towards the MACs, (GB…DRAM), then
/// (LB…GB), then (MAC…LB). In each set the factors of the lower buffer's row are distributed
/// exactly over that row, the spatial rows in between and the upper buffer's row; each incoming
/// table keeps two winners, the lowest partial cost of the set ("PM", ties broken as NeuroSpector
/// does) and, except in the innermost set, the split leaving the richest factorisation in the
/// upper buffer's row ("SP"); the best complete table by the problem's metric wins. Its
/// bookkeeping quirk in the SP branch (a stale running minimum) is not reproduced, which can only
/// make a layer better (ResNet-50 on Eyeriss: 20 of 21 tables identical, CONV_4_2 3 % lower).
/// Deterministic, no options.
class BottomUpSearch final : public SearchStrategy {
public:
    explicit BottomUpSearch(const SchedulingProblem& problem);
    std::vector<Proposal> ask() override;
    void tell(std::span<const Proposal> proposals, std::span<const Outcome> outcomes, MetricsSink& sink) override;
    double progress() const override;
    double batchShare() const override;

    struct LevelSet {
        std::vector<Row> rows;
        Objective objective;
        Row upper = Row::Reg; ///< the set's upper buffer row (SP target); Reg for the innermost set
    };
    /// The level sets of an accelerator, processed in order.
    static std::vector<LevelSet> levelSets(const SchedulingModel& model);
    /// `start` with every combination of the allowed dataflows of the mappable levels (just
    /// `start` when no level has a choice).
    static std::vector<SchedulingTable> dataflowCombinations(const SchedulingModel& model, const SchedulingTable& start);

private:
    const SchedulingProblem& m_problem;
    std::vector<LevelSet> m_sets;
    std::size_t m_phase = 0;
    std::vector<std::vector<SchedulingTable>> m_branches; ///< per layer: tables carried forward
};

} // namespace mapscape
