// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The range of a real-valued physical input (an energy, a clock, a bandwidth, a power, a
/// correction factor): 0, or a magnitude from 1e-30 to 1e30. Every cost model multiplies or
/// divides a handful of such inputs and counts below 2^63, so inside this range no result can
/// become inf or NaN; denormals (1e-320) and 1e308 are refused where they are read or edited.

#include <cmath>

namespace mapscape {

inline constexpr double kMinPhysicalMagnitude = 1e-30;
inline constexpr double kMaxPhysicalMagnitude = 1e30;
/// "must be 0 or a number from 1e-30 to 1e30 in magnitude"
inline constexpr const char* kPhysicalRangeText = "must be 0 or a number from 1e-30 to 1e30 in magnitude";

/// True for 0 and for values whose magnitude lies in [1e-30, 1e30]; false for inf and NaN, so
/// no separate finiteness check is needed.
inline bool inPhysicalRange(double x)
{
    const double a = std::fabs(x);
    return x == 0 || (a >= kMinPhysicalMagnitude && a <= kMaxPhysicalMagnitude);
}

} // namespace mapscape
