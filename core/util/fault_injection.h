// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Fault injection for tests and demos of the error paths: code that can fail at run time calls
/// fault::check("point") at a named point; when that point is armed, its n-th hit throws
/// std::runtime_error with the armed message, as a failing optimizer, allocation or library call
/// would. Nothing is armed in normal use and a check then costs one relaxed atomic load.
///
/// Armed by tests with fault::arm, or for a whole process (e.g. the GUI, to see how a failing run
/// looks) by MAPSCAPE_FAULT="point:hit[:message]" in the environment, read at the first check.
///
/// Points: "run.progress" (each progress report of an optimizer run, on its worker thread).

#include <cstdint>
#include <string>
#include <string_view>

namespace mapscape::fault {

/// Makes the `hit`-th check of `point` (counting from 1, from now on) throw
/// std::runtime_error(message); every later check of it throws too (a broken component stays
/// broken). Replaces what was armed before.
void arm(std::string point, std::uint64_t hit = 1, std::string message = {});
/// Nothing armed any more.
void disarm();
/// How many times the armed point has been checked since arm().
std::uint64_t hits();
/// Throws if `point` is armed and its hit has come.
void check(std::string_view point);

/// Arms a point for the lifetime of the object (tests).
class Armed {
public:
    Armed(std::string point, std::uint64_t hit = 1, std::string message = {})
    {
        arm(std::move(point), hit, std::move(message));
    }
    ~Armed() { disarm(); }
    Armed(const Armed&) = delete;
    Armed& operator=(const Armed&) = delete;
};

} // namespace mapscape::fault
