// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/run_control.h"

#include <chrono>

namespace mapscape {

void RunControl::pause()
{
    std::lock_guard lock(m_mutex);
    m_paused = true;
}

void RunControl::resume()
{
    {
        std::lock_guard lock(m_mutex);
        m_paused = false;
    }
    m_cv.notify_all();
}

bool RunControl::paused() const
{
    std::lock_guard lock(m_mutex);
    return m_paused;
}

double RunControl::waitWhilePaused(std::stop_token stop)
{
    std::unique_lock lock(m_mutex);
    if (!m_paused)
        return 0;
    const auto start = std::chrono::steady_clock::now();
    m_holding = true;
    m_cv.wait(lock, stop, [this] { return !m_paused; });
    m_holding = false;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace mapscape
