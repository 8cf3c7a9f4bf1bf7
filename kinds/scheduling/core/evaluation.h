// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Result types of the scheduling-table cost model. Plain values, no allocation: they are filled
/// millions of times per second by the optimizers.

#include "core/network/dims.h"
#include "kinds/scheduling/core/scheduling_table.h"

#include <array>
#include <cstdint>

namespace mapscape {

/// The three buffer levels whose traffic the model counts.
enum class Level : std::uint8_t { LocalBuffer, GlobalBuffer, Dram };
inline constexpr int kNumLevels = 3;
constexpr int idx(Level l) { return static_cast<int>(l); }
/// "LB", "GB", "DRAM".
std::string_view levelShort(Level l);

/// Energy / cycle components: the MAC units and the three buffer levels.
enum class CostPart : std::uint8_t { Mac, LocalBuffer, GlobalBuffer, Dram };
inline constexpr int kNumCostParts = 4;
constexpr int idx(CostPart p) { return static_cast<int>(p); }
/// "MAC", "LB", "GB", "DRAM".
std::string_view costPartShort(CostPart p);

/// Why a table is rejected. `Valid` means the table can be evaluated.
enum class Violation : std::uint8_t {
    Valid,
    ColumnProduct,     ///< a column's product differs from the layer dimension
    ZeroFactor,        ///< a factor is 0
    VirtualRow,        ///< factors in a row whose component does not exist
    RegisterRow,       ///< factors in the register row (not modelled)
    FanOut,            ///< a spatial row unrolls more than the array side
    SpatialConstraint, ///< a dimension that may not be unrolled on that array side
    Capacity,          ///< a buffer's allocated tiles exceed its capacity
    MemoryConstraint,  ///< a level's CONSTRAINT entry differs from the row's factor
    DataflowRow,       ///< a dataflow on a row that has none (spatial or absent)
    DataflowBypass,    ///< a dataflow that keeps a bypassed data type stationary
};

/// Compact description of the first violation found; `SchedulingModel::describe` turns it into
/// a sentence. Cheap to copy, no strings.
struct EvalStatus {
    Violation violation = Violation::Valid;
    Row row = Row::Reg;
    Dim dim = Dim::K;
    std::int8_t dataType = -1; ///< DataType index, or -1 when the check sums several types
    double value = 0;          ///< the offending quantity (product, tile words, factor, ...)
    double limit = 0;          ///< what it had to be / not exceed

    bool ok() const { return violation == Violation::Valid; }
    friend bool operator==(const EvalStatus&, const EvalStatus&) = default;
};

/// Tile-transfer counts across the boundary below one buffer level (section 6 of the spec).
struct AccessCounts {
    std::uint64_t inputReads = 0;
    std::uint64_t weightReads = 0;
    std::uint64_t outputReads = 0;  ///< partial-sum read-backs
    std::uint64_t outputWrites = 0;

    std::uint64_t reads(DataType t) const { return t == DataType::Input ? inputReads : weightReads; }
    friend bool operator==(const AccessCounts&, const AccessCounts&) = default;
};

using TypeVector = std::array<std::uint64_t, kNumDataTypes>;

/// Everything the model computes for one valid table.
struct Evaluation {
    /// Allocated tile A_ℓ (what the level holds) and sent tile S_ℓ (what one access delivers to
    /// the whole array below), in words, per level and data type.
    std::array<TypeVector, kNumLevels> allocatedTile{};
    std::array<TypeVector, kNumLevels> sentTile{};
    std::array<AccessCounts, kNumLevels> counts{};

    std::uint64_t activeMacs = 1;  ///< active MAC units per PE
    std::uint64_t activePes = 1;   ///< active PEs per chip
    std::uint64_t activeChips = 1; ///< active chips

    /// Dynamic energy split by transfer direction (pJ).
    double lbUpperEnergy = 0; ///< LB ↔ MAC array
    double lbLowerEnergy = 0; ///< filling the LB from the GB
    double gbUpperEnergy = 0; ///< GB → PE array
    double gbLowerEnergy = 0; ///< filling the GB from DRAM

    std::array<double, kNumCostParts> dynamicEnergy{}; ///< pJ
    std::array<double, kNumCostParts> staticEnergy{};  ///< pJ
    std::array<double, kNumCostParts> cycles{};

    double totalDynamicEnergy = 0;
    double totalStaticEnergy = 0;
    double totalEnergy = 0; ///< pJ
    double totalCycles = 0;

    double energy(CostPart p) const { return dynamicEnergy[std::size_t(idx(p))] + staticEnergy[std::size_t(idx(p))]; }
    double edp() const { return totalEnergy * totalCycles; }
};

/// What an optimizer minimises.
enum class Metric : std::uint8_t { Energy, Cycles, Edp };
std::string_view metricName(Metric m);
std::optional<Metric> parseMetric(std::string_view s);
double metricValue(const Evaluation& e, Metric m);

} // namespace mapscape
