// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Pausing a running search from another thread. Cancellation stays with std::stop_token.

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <stop_token>

namespace mapscape {

/// Shared by a run's owner (any thread) and the search driver (its worker thread); thread-safe.
/// The driver checks it between batches, so a pause takes effect after the batch in flight.
class RunControl {
public:
    void pause();
    void resume();
    bool paused() const;
    /// True while the driver is actually blocked in waitWhilePaused (the pause has taken hold).
    bool holding() const { return m_holding.load(); }
    /// Blocks while paused; returns at once when `stop` is requested. Returns the seconds spent
    /// waiting.
    double waitWhilePaused(std::stop_token stop);

private:
    mutable std::mutex m_mutex;
    std::condition_variable_any m_cv;
    bool m_paused = false;
    std::atomic<bool> m_holding{false};
};

} // namespace mapscape
