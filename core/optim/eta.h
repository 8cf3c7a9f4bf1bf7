// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Time left of a run, estimated from the work done recently rather than from the average since
/// the start: runs whose speed changes (PPO's layers differ a lot in size, bottom-up's levels
/// too) would otherwise keep an estimate several times too long long after they sped up.

#include <deque>
#include <utility>

namespace mapscape {

class EtaEstimator {
public:
    /// A progress sample: `seconds` since the start (pauses excluded), `progress` in [0, 1].
    void add(double seconds, double progress);
    /// Seconds left; < 0 while unknown (no progress yet), 0 when done.
    double eta() const;
    void reset() { m_samples.clear(); }

private:
    std::deque<std::pair<double, double>> m_samples; // (seconds, progress), oldest first
};

} // namespace mapscape
