// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// What every mapscape-cli command shares: its exit codes and where its output goes.

#include "core/io/file_util.h"

#include <cstdio>
#include <iostream>
#include <string>

namespace mapscape::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  ///< the command ran but found nothing valid
inline constexpr int kExitBadInput = 2; ///< bad arguments or files

/// `v` with `digits` digits after the point ("%.*f"), for tables and summaries.
inline std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

/// Standard output for "" or "-", otherwise the file (written atomically).
inline void writeOut(const std::string& text, const std::string& path)
{
    if (path.empty() || path == "-")
        std::cout << text;
    else
        writeTextFileAtomic(path, text);
}

} // namespace mapscape::cli
