// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Command-line helpers shared by the benchmarks (plain argv loops; they take few options).

#include "core/util/strings.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace mapscape::bench {

/// The value after the option argv[i], advancing i; a missing value ends the program with
/// status 2 and a message naming the option.
inline std::string optionValue(int argc, char** argv, int& i)
{
    if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", argv[i]);
        std::exit(2);
    }
    return argv[++i];
}

/// "a,b,,c" → {a, b, c}.
inline std::vector<std::string> commaList(const std::string& s)
{
    std::vector<std::string> out;
    for (const std::string& x : split(s, ','))
        if (!x.empty())
            out.push_back(x);
    return out;
}

/// "1,2,3" → {1, 2, 3} (the --seeds option of the reproduction benchmarks).
inline std::vector<std::uint64_t> seedList(const std::string& s)
{
    std::vector<std::uint64_t> out;
    for (const std::string& x : commaList(s))
        out.push_back(std::stoull(x));
    return out;
}

} // namespace mapscape::bench
