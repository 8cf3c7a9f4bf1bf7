// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Numbers with engineering units: energies with SI prefixes of joules ("12.5 mJ" for 1.25e10 pJ),
/// counts with k / M / G / T ("1.62 M cycles"), bytes with KiB / MiB, areas in µm² or mm², powers
/// in pW … mW … MW, times in ns, µs, ms or s. One style per quantity, so that a column of a table reads consistently.

#include <string>
#include <string_view>

namespace mapscape {

/// `value` in `unit` ("pJ", "nJ", "µJ", "mJ", "J", "cycles", "MACs", "B", "µm²", "mW", "s", "pJ·cycles",
/// "cycles·nJ", or anything else, which gets k/M/G prefixes on the number) with `significant`
/// significant digits.
std::string formatQuantity(double value, std::string_view unit, int significant = 3);

/// Only the number scaled for its prefix and the prefixed unit: {1.25, "mJ"} for 1.25e10 pJ.
struct ScaledUnit {
    double factor = 1;   ///< divide values by this
    std::string unit;    ///< prefixed unit
};
/// The prefix that suits `magnitude` (typically the largest value of a column or an axis).
ScaledUnit scaleFor(double magnitude, std::string_view unit);

/// Whole numbers with thousands separators ("1,234,567").
std::string formatInteger(long long value);

} // namespace mapscape
