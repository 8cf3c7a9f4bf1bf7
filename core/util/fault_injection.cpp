// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "core/util/fault_injection.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdlib>
#include <mutex>
#include <stdexcept>

namespace mapscape::fault {

namespace {

struct State {
    std::mutex mutex;
    std::string point;
    std::string message;
    std::uint64_t hit = 0;
    std::uint64_t count = 0;
};

State& state()
{
    static State s;
    return s;
}

std::atomic<bool> g_armed{false};
std::once_flag g_environment;

void set(std::string point, std::uint64_t hit, std::string message)
{
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.message = message.empty() ? "injected fault at " + point : std::move(message);
    s.point = std::move(point);
    s.hit = std::max<std::uint64_t>(1, hit);
    s.count = 0;
    g_armed.store(true, std::memory_order_release);
}

/// MAPSCAPE_FAULT="point:hit[:message]"; ignored when malformed.
void armFromEnvironment()
{
    const char* spec = std::getenv("MAPSCAPE_FAULT");
    if (!spec || !*spec)
        return;
    const std::string_view text(spec);
    const auto colon = text.find(':');
    if (colon == std::string_view::npos || colon == 0)
        return;
    const std::string_view rest = text.substr(colon + 1);
    const auto colon2 = rest.find(':');
    const std::string_view number = rest.substr(0, colon2);
    std::uint64_t hit = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), hit);
    if (ec != std::errc() || end != number.data() + number.size() || hit == 0)
        return;
    set(std::string(text.substr(0, colon)), hit,
        colon2 == std::string_view::npos ? std::string() : std::string(rest.substr(colon2 + 1)));
}

} // namespace

void arm(std::string point, std::uint64_t hit, std::string message)
{
    std::call_once(g_environment, armFromEnvironment); // the test's arming wins over the environment's
    set(std::move(point), hit, std::move(message));
}

void disarm()
{
    State& s = state();
    std::lock_guard lock(s.mutex);
    g_armed.store(false, std::memory_order_release);
    s.point.clear();
    s.count = 0;
}

std::uint64_t hits()
{
    State& s = state();
    std::lock_guard lock(s.mutex);
    return s.count;
}

void check(std::string_view point)
{
    std::call_once(g_environment, armFromEnvironment);
    if (!g_armed.load(std::memory_order_acquire))
        return;
    State& s = state();
    std::string message;
    {
        std::lock_guard lock(s.mutex);
        if (s.point != point || ++s.count < s.hit)
            return;
        message = s.message;
    }
    throw std::runtime_error(message);
}

} // namespace mapscape::fault
