// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Timeloop's own search strategies over the map space of loopnest_space.h, as ask/tell
/// optimizers (so they run as study jobs like every other search):
///
/// - linear-pruned: every index factorisation (the factors of every dimension over the levels'
///   temporal and spatial loops), for each the distinct loop orders (only the order of loops
///   whose factor is not 1 matters), for each every keep / bypass choice. Factorisations that no
///   order can map (fan-out, parallelism, mesh axes) are passed over without evaluation; the
///   keep / bypass choices that overflow a buffer under the first loop order are not tried with
///   the others (capacity does not depend on the order), and a factorisation whose every choice
///   overflows is left at once — Timeloop's own pruning, made exact. On a space it finishes, it
///   returns the optimum.
/// - random-pruned: a random index factorisation, then up to `permutations` random distinct
///   loop orders of it (Timeloop's max_permutations_per_if_visit), each with every keep / bypass
///   choice (or a random 64 of them).
///
/// Both stop at their sample budget, and optionally as Timeloop's mapper does: after `victory`
/// valid mappings without improvement, or `timeout` invalid mappings in a row.

#include "core/optim/options.h"
#include "core/optim/space/point_search.h"
#include "kinds/loopnest/core/loopnest_space.h"

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

namespace mapscape::loopnest {

struct PrunedSearchOptions {
    std::int64_t samples = 200000;   ///< budget (mappings asked for)
    int permutations = 16;           ///< random-pruned: loop orders per factorisation visited
    std::int64_t victory = 0;        ///< stop after this many valid, not better mappings in a row (0: never)
    std::int64_t timeout = 0;        ///< stop after this many invalid mappings in a row (0: never)
};

/// The common part: budget, Timeloop's stopping rules and the factorisations' allowed values.
class PrunedSearchBase : public PointOptimizer {
public:
    void tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink) override;

protected:
    PrunedSearchBase(const MapSpace& space, PrunedSearchOptions options);
    /// Called by tell for each evaluated point, in order.
    virtual void told(const Point& /*point*/, const PointEvaluation& /*evaluation*/) {}
    bool stopped() const { return m_stopped || m_asked >= m_options.samples; }
    /// The batch cut to the samples left, counted as asked.
    std::vector<Point> spend(std::vector<Point> batch);

    const MapSpace& m_space;
    PrunedSearchOptions m_options;
    std::vector<std::vector<std::int32_t>> m_factorValues; ///< allowed values per factor parameter
    std::vector<std::vector<std::int32_t>> m_bypassValues; ///< allowed values per bypass parameter
    /// Every keep / bypass combination, when the search enumerates them (empty otherwise).
    std::vector<std::vector<std::int32_t>> m_bypassCombos;
    std::int64_t m_asked = 0;

private:
    bool m_stopped = false;
    bool m_haveBest = false;
    double m_best = 0;
    std::int64_t m_sinceBest = 0, m_invalidRun = 0;
};

class LinearPrunedMapper final : public PrunedSearchBase {
public:
    LinearPrunedMapper(const MapSpace& space, PrunedSearchOptions options);
    std::vector<Point> ask() override;
    double progress() const override;

    /// Index factorisations in the space (product of the factor parameters' allowed counts).
    long double factorisations() const { return m_factorisations; }

private:
    void told(const Point& point, const PointEvaluation& evaluation) override;
    bool nextFactorisation(); ///< advances to the next factorisation no order can refuse
    bool startFactorisation(); ///< sets up orders for the current one; false if refused

    std::vector<std::size_t> m_ifPos;        ///< odometer over m_factorValues
    bool m_ifStarted = false, m_exhausted = false;
    long double m_factorisations = 1, m_ifDone = 0;
    Point m_base;                            ///< the current factorisation (orders, bypass filled later)
    std::vector<std::vector<std::int32_t>> m_orders; ///< per level: the pruned orders
    std::vector<std::size_t> m_lpPos;        ///< odometer over m_orders
    bool m_probing = false;                  ///< the first order's batch is out: wait for it
    std::vector<std::vector<std::int32_t>> m_feasible; ///< keep / bypass choices that fit (after the probe)
    std::size_t m_feasibleCount = 0;
};

class RandomPrunedMapper final : public PrunedSearchBase {
public:
    RandomPrunedMapper(const MapSpace& space, PrunedSearchOptions options, std::uint64_t seed);
    std::vector<Point> ask() override;
    double progress() const override;

private:
    std::mt19937_64 m_rng;
};

/// The default mapper: a GAMMA-style GA over the whole space for a part of the budget, then
/// iterated local search from its best: best-improvement steps over MapSpace::neighbours (a
/// prime factor moved between loops, another loop order, a keep / bypass flipped), and at a
/// local optimum a kick (a few random steps from the round's best) before climbing again. The
/// budget is shared by a few such rounds, each with its own GA, so that one GA stuck in a poor
/// region (a spatial split that cannot reach full utilisation) does not decide the result.
struct HybridMapperOptions {
    std::int64_t samples = 24000;  ///< budget (mappings asked for)
    double global = 0.5;           ///< fraction of it spent by the GA
    int kick = 3;                  ///< random steps of a kick (at most; each kick draws 1 to this many)
    int rounds = 3;                ///< independent GA + local-search rounds sharing the budget
};

class HybridMapper final : public PointOptimizer {
public:
    HybridMapper(const MapSpace& space, HybridMapperOptions options, std::uint64_t seed);
    ~HybridMapper() override;
    std::vector<Point> ask() override;
    void tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink) override;
    double progress() const override;

private:
    struct Visited;
    std::vector<Point> fresh(std::vector<Point> candidates); ///< drops visited points, marks the rest
    void kick();
    void startRound();

    const MapSpace& m_space;
    HybridMapperOptions m_options;
    std::unique_ptr<PointOptimizer> m_global;
    std::mt19937_64 m_rng;
    std::unique_ptr<Visited> m_visited;
    std::uint64_t m_seed = 0;
    std::int64_t m_asked = 0;
    int m_round = 0;
    std::int64_t m_roundEnd = 0;             ///< m_asked at which the round's local search ends
    bool m_local = false;
    bool m_haveBest = false, m_haveRoundBest = false;
    Point m_best, m_roundBest, m_current;
    double m_bestValue = 0, m_roundBestValue = 0, m_currentValue = 0;
};

/// The registry entries: "hybrid" (the default), "random-pruned" and "linear-pruned" (Timeloop's
/// exhaustive).
std::vector<OptimizerInfo> prunedMapperInfos();
/// The optimizer of one of those entries; nullptr for another id.
std::unique_ptr<PointOptimizer> makePrunedMapper(const OptimizerInfo& info, const MapSpace& space,
                                                 const OptionValues& values, std::uint64_t seed);

} // namespace mapscape::loopnest
