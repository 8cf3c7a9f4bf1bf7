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
/// The spec's mapspace constraints fix what they name: factors (a positive factor at a target
/// level and type), complete or partial permutations (the innermost loops), keep and bypass.
/// Each point becomes a `loopnest::Mapping` and is evaluated by the Timeloop-compatible model.

#include "core/optim/space/design_space.h"
#include "kinds/loopnest/core/loopnest_model.h"

#include <memory>
#include <string>
#include <vector>

namespace mapscape::loopnest {

/// What a mapping is judged by.
enum class MapperObjective { Energy, Cycles, Edp };

class MapSpace final : public PointProblem {
public:
    /// Throws InputError when the spec's constraints cannot be met by any mapping.
    MapSpace(std::shared_ptr<const LoopnestModel> model, const Constraints& constraints, int primaryObjective);

    std::span<const Parameter> parameters() const override { return m_parameters; }
    std::span<const ObjectiveInfo> objectives() const override { return m_objectives; }
    int primaryObjective() const override { return m_primary; }
    PointEvaluation evaluate(std::span<const std::int32_t> point) const noexcept override;
    std::string explain(std::span<const std::int32_t> point) const override;

    /// The mapping a point stands for.
    Mapping mapping(std::span<const std::int32_t> point) const;

    /// The objectives the mapper offers: energy (pJ), cycles, EDP (pJ × cycles).
    static std::vector<ObjectiveInfo> objectiveInfos();

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

    std::shared_ptr<const LoopnestModel> m_model;
    int m_dims = 0, m_levels = 0, m_dataSpaces = 0;
    std::vector<Slot> m_slots;
    std::vector<DimSpace> m_dimSpaces;
    int m_firstPermutation = 0, m_firstBypass = 0;
    std::vector<std::pair<int, int>> m_bypassSlots; ///< (level, data space) per bypass parameter
    std::vector<Parameter> m_parameters;
    std::vector<ObjectiveInfo> m_objectives;
    int m_primary = 0;
};

} // namespace mapscape::loopnest
