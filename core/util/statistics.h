// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Summary statistics for results over seeds (CLI --seeds, the Compare tab, benchmarks).

#include <algorithm>
#include <cmath>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

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

/// Curves of several runs on a common x grid, as mean ± std per grid point (speed-up vs
/// iterations over seeds). `count` says how many runs had a value there.
struct CurveBand {
    std::vector<double> x, mean, stddev;
    std::vector<int> count;
};

/// Step curves (a best-so-far value that holds from its x until the next point; points sorted
/// by x) sampled at `points` evenly spaced x in [0, xMax]. A run counts at x once its curve has
/// started.
inline CurveBand stepCurveBand(std::span<const std::vector<std::pair<double, double>>> curves, double xMax, int points)
{
    CurveBand band;
    std::vector<std::size_t> at(curves.size(), 0);
    std::vector<double> values;
    for (int k = 0; k < points; ++k) {
        const double x = points > 1 ? xMax * double(k) / double(points - 1) : xMax;
        values.clear();
        for (std::size_t c = 0; c < curves.size(); ++c) {
            const auto& curve = curves[c];
            while (at[c] < curve.size() && curve[at[c]].first <= x)
                ++at[c];
            if (at[c] > 0)
                values.push_back(curve[at[c] - 1].second);
        }
        if (values.empty())
            continue;
        const auto [m, sd] = meanStd(values);
        band.x.push_back(x);
        band.mean.push_back(m);
        band.stddev.push_back(sd);
        band.count.push_back(int(values.size()));
    }
    return band;
}

/// Per-run maxima over `bins` equal windows of [0, xMax] (x in (lo, hi] belongs to a window;
/// the first also takes x = 0), then mean ± std over the runs with a point in the window, at the
/// window's right end: "current" curves (each generation's champion) rather than best so far.
inline CurveBand windowMaxBand(std::span<const std::vector<std::pair<double, double>>> curves, double xMax, int bins)
{
    CurveBand band;
    if (bins <= 0 || !(xMax > 0))
        return band;
    std::vector<std::vector<double>> perBin(static_cast<std::size_t>(bins));
    for (const auto& curve : curves) {
        std::vector<double> best(std::size_t(bins), -INFINITY);
        for (const auto& [x, y] : curve) {
            if (x < 0 || x > xMax)
                continue;
            const auto b = std::size_t(std::clamp(int(std::ceil(x / xMax * bins)) - 1, 0, bins - 1));
            best[b] = std::max(best[b], y);
        }
        for (std::size_t b = 0; b < best.size(); ++b)
            if (std::isfinite(best[b]))
                perBin[b].push_back(best[b]);
    }
    for (int b = 0; b < bins; ++b) {
        const auto& v = perBin[std::size_t(b)];
        if (v.empty())
            continue;
        const auto [m, sd] = meanStd(v);
        band.x.push_back(xMax * double(b + 1) / double(bins));
        band.mean.push_back(m);
        band.stddev.push_back(sd);
        band.count.push_back(int(v.size()));
    }
    return band;
}

} // namespace mapscape
