// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The dataflow-mapping design space of seed 001 (docs/reproduction.md, seed 001): for a convolution, the
/// loop order of {K, C, Y', X', R, S} at the cluster level and at the PE level (permutation
/// indices 0..719), the dimension spatially mapped at each level, and the per-PE tile of each
/// dimension. The cluster size is derived: enough clusters to cover the inner parallel dimension
/// (at most the PE count). A GEMM uses {M, N, K} the same way. Every point decodes to a
/// two-level MAESTRO mapping that the dataflow model evaluates.

#include "core/maestro/dataflow_model.h"
#include "core/optim/space/design_space.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mapscape {

/// What the user narrowed in the parameter table.
struct ParameterRestriction {
    bool fixed = false;        ///< only `value` is allowed
    std::int64_t value = 0;    ///< the fixed value (as the parameter's value, not its index)
    std::int64_t lo = 0;       ///< integer parameters: allowed range (0 = no bound)
    std::int64_t hi = 0;
    friend bool operator==(const ParameterRestriction&, const ParameterRestriction&) = default;
};

struct DataflowSpaceOptions {
    bool divisorsOnly = false;     ///< tiles restricted to divisors of their dimension (GAMMA's --use_factor)
    bool parallelRS = false;       ///< R and S may be the parallel dimension (GAMMA's --parRS)
    bool enforceCapacity = true;   ///< points whose L1 / L2 requirement exceeds the hardware are invalid
    std::map<std::string, ParameterRestriction> restrictions; ///< by parameter name
    friend bool operator==(const DataflowSpaceOptions&, const DataflowSpaceOptions&) = default;
};

/// The objectives of a dataflow mapping (latency, energy, EDP, area, power), in this order.
std::span<const ObjectiveInfo> dataflowObjectives();
/// Index of an objective of dataflowObjectives(), −1 if unknown.
int dataflowObjectiveIndex(std::string_view id);

/// Reason codes of invalid points (PointEvaluation::reason): a DfError value, or these.
inline constexpr std::int16_t kReasonL1Overflow = 100;
inline constexpr std::int16_t kReasonL2Overflow = 101;

/// One layer on one hardware with the seed-001 parameters. Thread-safe.
class DataflowProblem final : public PointProblem {
public:
    /// Throws InputError naming the field for an invalid layer, hardware, objective or option.
    DataflowProblem(DataflowLayer layer, DataflowHardware hardware, DataflowSpaceOptions options,
                    std::string primaryObjective = "latency");

    std::span<const Parameter> parameters() const override { return m_params; }
    std::span<const ObjectiveInfo> objectives() const override;
    int primaryObjective() const override { return m_primary; }
    PointEvaluation evaluate(std::span<const std::int32_t> point) const noexcept override;
    std::string explain(std::span<const std::int32_t> point) const override;

    const DataflowLayer& layer() const { return m_layer; }
    const DataflowModel& model() const { return *m_model; }
    const DataflowSpaceOptions& options() const { return m_options; }

    /// The two-level mapping a point stands for (R and S written as Sz(R), Sz(S)).
    DataflowMapping decode(std::span<const std::int32_t> point) const;
    /// Full model result of a point (false if the mapping is rejected).
    bool analyse(std::span<const std::int32_t> point, DataflowResult& out, DfStatus* status = nullptr) const;
    /// The point with the given parameter values (by name); unnamed parameters take their first
    /// allowed value. Throws InputError for an unknown name or a value that is not allowed.
    Point pointFromValues(const std::map<std::string, std::int64_t>& values) const;
    /// Objective vector of a result: latency, energy, EDP, area, power.
    static void objectivesOf(const DataflowResult& r, PointEvaluation& e);

private:
    void build();

    DataflowLayer m_layer;
    DataflowSpaceOptions m_options;
    std::unique_ptr<DataflowModel> m_model;
    int m_primary = 0;
    std::vector<Parameter> m_params;
    // Decoding tables.
    std::vector<int> m_orderVars;   ///< variables in the order parameters' item order
    std::vector<int> m_parVars;     ///< variables of the parallel-dimension choices
    std::vector<int> m_tileVars;    ///< variable of each tile parameter
    std::vector<int> m_tileDims;    ///< size of the dimension each tile parameter splits
    int m_iOrderOuter = 0, m_iParOuter = 1, m_iOrderInner = 0, m_iParInner = 0, m_iFirstTile = 2;
};

/// Names of the seed-001 parameters for a layer type, in order.
std::vector<std::string> dataflowParameterNames(DfLayerType type);

} // namespace mapscape
