// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/eta.h"

#include <algorithm>

namespace mapscape {

namespace {
constexpr double kMinWindow = 3.0;        ///< seconds
constexpr double kWindowFraction = 0.1;   ///< of the elapsed time
constexpr std::size_t kMaxSamples = 512;
} // namespace

void EtaEstimator::add(double seconds, double progress)
{
    progress = std::clamp(progress, 0.0, 1.0);
    m_progress = std::max(m_progress, progress);
    if (!m_samples.empty() && seconds <= m_samples.back().first)
        return; // no time passed: done counts it, the rate does not
    m_samples.emplace_back(seconds, progress);
    // Keep what the window can still use, and a bounded number of samples.
    const double window = std::max(kMinWindow, kWindowFraction * seconds);
    while (m_samples.size() > 2 && m_samples[1].first < seconds - window)
        m_samples.pop_front();
    while (m_samples.size() > kMaxSamples)
        m_samples.pop_front();
}

double EtaEstimator::eta() const
{
    if (m_samples.empty())
        return -1;
    const auto [t, p] = m_samples.back();
    const double done = std::max(p, m_progress);
    if (done >= 1)
        return 0;
    if (done <= 0 || t <= 0)
        return -1;
    // Rate over the window: from the oldest sample at most `window` seconds old.
    const double window = std::max(kMinWindow, kWindowFraction * t);
    auto it = std::find_if(m_samples.begin(), m_samples.end(), [from = t - window](const auto& s) { return s.first >= from; });
    if (it != m_samples.begin())
        --it; // the sample just before the window spans it completely
    const auto [t0, p0] = *it;
    double rate = t > t0 && p > p0 ? (p - p0) / (t - t0) : 0;
    if (rate <= 0)
        rate = done / t; // no progress in the window: the average since the start
    return (1 - done) / rate;
}

} // namespace mapscape
