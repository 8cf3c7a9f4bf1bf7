// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Summary statistics for results over seeds (CLI --seeds, the Compare tab, benchmarks).

#include <cmath>
#include <numeric>
#include <span>
#include <utility>

namespace mapscape {

/// Mean and sample standard deviation (n − 1; 0 for one value; NaN, NaN for none).
inline std::pair<double, double> meanStd(std::span<const double> v)
{
    if (v.empty())
        return {NAN, NAN};
    const double m = std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
    double ss = 0;
    for (double x : v)
        ss += (x - m) * (x - m);
    return {m, v.size() > 1 ? std::sqrt(ss / double(v.size() - 1)) : 0.0};
}

} // namespace mapscape
