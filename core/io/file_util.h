// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/input_limits.h"

#include <cstdint>
#include <string>

namespace mapscape {

/// Whole file as text. Throws InputError naming the file if it cannot be read or holds more than
/// `maxBytes` (io::kMaxFileBytes, 256 MiB, by default; a device such as /dev/zero stops there too).
std::string readTextFile(const std::string& path, std::uint64_t maxBytes = io::kMaxFileBytes);
/// Writes atomically (temporary file + rename) so a failed save never destroys the old file.
/// Throws InputError naming the file.
void writeTextFileAtomic(const std::string& path, const std::string& text);

} // namespace mapscape
