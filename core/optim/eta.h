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
    /// Progress that arrives without time having passed (the rest of a batch finishing after a
    /// pause stopped the clock) counts towards what is done, not towards the rate.
    void add(double seconds, double progress);
    /// Seconds left; < 0 while unknown (no progress yet), 0 when done.
    double eta() const;
    void reset()
    {
        m_samples.clear();
        m_progress = 0;
    }

private:
    std::deque<std::pair<double, double>> m_samples; // (seconds, progress), oldest first
    double m_progress = 0;                           // the latest progress
};

} // namespace mapscape
