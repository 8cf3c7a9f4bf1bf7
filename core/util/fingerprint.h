// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Stable 64-bit fingerprints of texts (FNV-1a), for keys that must agree across runs and
/// machines (a study's setup key, sweep shard identities).

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace mapscape {

inline constexpr std::uint64_t kFnvOffset = 1469598103934665603ull;

/// FNV-1a of `text`, continuing from `h`.
inline std::uint64_t fnv1a(std::string_view text, std::uint64_t h = kFnvOffset)
{
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

/// 16 lowercase hex digits.
inline std::string hex64(std::uint64_t v)
{
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

} // namespace mapscape
