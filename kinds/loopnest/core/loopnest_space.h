// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Timeloop's map space as a design space (PointProblem), so that the generic optimizers
/// (random search, the GAs, Bayesian optimisation) search loop-nest mappings:
///
/// - per problem dimension, one parameter: how its bound splits into factors over the slots of
///   the loop nest — each storage level's temporal loop and, where the level fans out to the
///   next inner one, its spatial loops on mesh X and mesh Y — as the index of an ordered
///   factorisation (every point is a perfect factorisation; nothing is refused for the product);
/// - per storage level, its temporal loop order (a permutation, innermost first);
/// - per storage level below the outermost, per data space, keep or bypass.
///
/// The spec's mapspace constraints narrow what they name, as Timeloop reads them: factors at a
/// target level and type ("K=4", "K=0" for the whole bound, "K<=4", "K>=2"), complete or
/// partial permutations (the innermost loops, and after a "_" the outermost), a spatial
/// directive's permutation and split (which dimensions may fan out on mesh X and which on Y),
/// keep and bypass, and a minimum parallelism (type utilization / parallelism, `min`: the
/// fraction of the arithmetic instances the spatial factors use). Each point becomes a
/// `loopnest::Mapping` and is evaluated by the Timeloop-compatible model.
///
/// The mappers of loopnest_mapper.h walk the space as Timeloop's do: index factorisations
/// (the factor parameters), then loop orders pruned to the orders of the loops whose factor is
/// not 1 (`prunedOrders`), then keep / bypass.

#include "core/optim/space/design_space.h"
#include "kinds/loopnest/core/loopnest_model.h"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mapscape::loopnest {

/// What a mapping is judged by (the objectives' order).
enum class MapperObjective { Energy, Cycles, Edp, DelayEnergy };

class MapSpace final : public PointProblem {
public:
    /// Throws InputError when the spec's constraints cannot be met by any mapping.
    MapSpace(std::shared_ptr<const LoopnestModel> model, const Constraints& constraints, int primaryObjective);

    std::span<const Parameter> parameters() const override { return m_parameters; }
    std::span<const ObjectiveInfo> objectives() const override { return m_objectives; }
    int primaryObjective() const override { return m_primary; }
    PointEvaluation evaluate(std::span<const std::int32_t> point) const noexcept override;
    std::string explain(std::span<const std::int32_t> point) const override;
    /// A factor parameter's value as its split over the loops ("GlobalBuffer 4 · PE_array X 16"),
    /// the others as Parameter::text writes them.
    std::string valueText(std::size_t parameter, std::int32_t index) const override;

    /// The mapping a point stands for.
    Mapping mapping(std::span<const std::int32_t> point) const;

    /// The objectives the mapper offers: energy (pJ), cycles, EDP (pJ × cycles), and
    /// Timeloop's ["delay", "energy"]: cycles first, energy among equal cycles (the value is
    /// cycles + E / (E + E₀) with E₀ = 30 pJ × the problem's operations, so its fraction below
    /// one ranks energies and its whole part is the cycles).
    static std::vector<ObjectiveInfo> objectiveInfos();

    const LoopnestModel& model() const { return *m_model; }
    /// The objectives' values of a valid evaluation (in objectiveInfos' order): for comparing a
    /// mapping from elsewhere (a stored map.yaml) with the points of a run.
    std::array<double, 4> objectiveValues(const EvalResult& r) const;
    int dimensionCount() const { return m_dims; }
    int levelCount() const { return m_levels; }
    /// Parameters: [0, dims) factorisations, then one loop order per level, then keep / bypass.
    int firstOrderParameter() const { return m_firstPermutation; }
    int firstBypassParameter() const { return m_firstBypass; }
    /// The distinct loop orders of `level` for the factors of `point`: the orders of its loops
    /// whose temporal factor is not 1 (the others change nothing), within the permutation the
    /// constraints fix, as order-parameter value indices (one at least).
    std::vector<std::int32_t> prunedOrders(std::span<const std::int32_t> point, int level) const;
    /// The keep / bypass choices the constraints leave, as value indices per bypass parameter
    /// (each list non-empty).
    std::vector<std::vector<std::int32_t>> bypassChoices() const;
    /// Invalid-point reason codes (PointEvaluation::reason) that depend on the factors alone
    /// (fan-out, parallelism, a dimension on both mesh axes, the factor product): every loop
    /// order and keep / bypass choice of the same factors is refused too.
    static bool refusesFactors(int reason);
    /// Whether the reason is a capacity overflow (it depends on factors and keep / bypass only).
    static bool isCapacity(int reason);
    /// The points one step away, for local search (each allowed by the constraints, none equal
    /// to `point`): one prime factor of one dimension moved to another loop (temporal or
    /// spatial, any level), another distinct order of one level's loops (all of them when there
    /// are at most 24, else the swaps of two neighbouring loops), one keep / bypass flipped.
    std::vector<Point> neighbours(std::span<const std::int32_t> point) const;
    /// A refusal that depends on the factors of `point` alone (its factor parameters are read),
    /// as a reason code, or 0: a fan-out beyond a level's mesh, a dimension on both mesh axes or
    /// on an axis the constraints do not give it, too little parallelism.
    int factorRefusal(std::span<const std::int32_t> point) const;

private:
    struct Slot {
        int level = 0;
        enum class Type : std::uint8_t { Temporal, SpatialX, SpatialY } type = Type::Temporal;
    };
    struct DimSpace {
        std::vector<std::pair<std::uint64_t, int>> primes; ///< prime, exponent
        std::vector<std::uint64_t> counts;                 ///< compositions per prime
    };
    void factorsOf(int dim, std::int64_t index, std::span<std::uint64_t> out) const;
    /// The inverse of factorsOf: the index of a split of `dim` over the slots (-1 if the
    /// factors' product is not the bound).
    std::int64_t factorIndex(int dim, std::span<const std::uint64_t> factors) const;

    struct ConstraintTables; // the constraints per level and dimension (loopnest_space.cpp)
    void addSlots();
    ConstraintTables readConstraints(const Constraints& constraints);
    void addFactorParameters(const ConstraintTables& tables);
    void addOrderParameters();
    void addKeepParameters(const ConstraintTables& tables);

    std::shared_ptr<const LoopnestModel> m_model;
    int m_dims = 0, m_levels = 0, m_dataSpaces = 0;
    std::vector<Slot> m_slots;
    std::vector<DimSpace> m_dimSpaces;
    int m_firstPermutation = 0, m_firstBypass = 0;
    std::vector<std::pair<int, int>> m_bypassSlots; ///< (level, data space) per bypass parameter
    std::vector<std::vector<int>> m_fixedPrefix, m_fixedSuffix; ///< per level: constrained loop order
    std::vector<std::vector<int>> m_spatialOrder;  ///< per level: the spatial directive's order, if constrained
    std::vector<std::optional<std::uint32_t>> m_spatialSplit; ///< per level: the split the constraint fixes, if any
    std::vector<std::uint64_t> m_fanoutX, m_fanoutY; ///< per level: mesh fan-out to the next inner level
    double m_minParallelism = 0;                   ///< of the arithmetic instances
    double m_energyScale = 1;                      ///< E₀ of the delay-then-energy objective
    std::vector<Parameter> m_parameters;
    std::vector<ObjectiveInfo> m_objectives;
    int m_primary = 0;
};

} // namespace mapscape::loopnest
