// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A scheduling table: loop factors per hierarchy row and dimension, plus the dataflow of each
/// temporal row.

#include "kinds/scheduling/core/accelerator.h"
#include "core/network/dims.h"

#include <array>
#include <string>

namespace mapscape {

/// The ten table rows, innermost first (NeuroSpector's fixed row order).
enum class Row : std::uint8_t { Reg, MacX, MacY, Lb, PeX, PeY, Gb, ChipX, ChipY, Dram };
inline constexpr int kNumRows = 10;
constexpr int idx(Row r) { return static_cast<int>(r); }
constexpr Row rowAt(int i) { return static_cast<Row>(i); }

Component rowComponent(Row r);
constexpr bool isSpatialRow(Row r)
{
    return r == Row::MacX || r == Row::MacY || r == Row::PeX || r == Row::PeY || r == Row::ChipX || r == Row::ChipY;
}
/// 'X' or 'Y' for spatial rows, 0 otherwise.
char rowAxis(Row r);
/// Canonical row name: "LOCAL_BUFFER", "PE_ARRAY(X)", ...
std::string rowCanonicalName(Row r);

/// How a row exists on a given accelerator.
enum class RowStatus : std::uint8_t {
    Virtual, ///< component absent: factors must stay 1
    Unit,    ///< component present but trivial (one word per type, or array side of 1)
    Real,
};

RowStatus rowStatus(const Accelerator& acc, Row r);
/// Name as NeuroSpector prints it for that accelerator: "virtual", a bare section name for unit
/// rows, "PE_ARRAY(X)" for real spatial rows.
std::string rowName(const Accelerator& acc, Row r);
/// Parses a row name as written in table files (case-insensitive, bare names map to the unit
/// row of that array when the accelerator is given).
std::optional<Row> parseRowName(std::string_view name, const Accelerator* acc = nullptr);

struct SchedulingTable {
    std::array<DimVector, kNumRows> factors = filledOnes();
    /// Dataflow of each temporal row; Dataflow::None means "as configured on the accelerator".
    std::array<Dataflow, kNumRows> dataflow{};

    friend bool operator==(const SchedulingTable&, const SchedulingTable&) = default;

    DimVector& row(Row r) { return factors[std::size_t(idx(r))]; }
    const DimVector& row(Row r) const { return factors[std::size_t(idx(r))]; }
    std::uint64_t& at(Row r, Dim d) { return factors[std::size_t(idx(r))][std::size_t(idx(d))]; }
    std::uint64_t at(Row r, Dim d) const { return factors[std::size_t(idx(r))][std::size_t(idx(d))]; }

    /// Product of all factors of one row (saturates).
    std::uint64_t rowProduct(Row r) const;

    /// The trivial mapping: every loop at DRAM.
    static SchedulingTable allAtDram(const DimVector& layerDims);

private:
    static std::array<DimVector, kNumRows> filledOnes();
};

} // namespace mapscape
