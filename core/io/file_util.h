// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/input_limits.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mapscape {

/// Whole file as text. Throws InputError naming the file if it cannot be read, is not a regular
/// file (a FIFO would block, a device has no end) or holds more than `maxBytes`
/// (io::kMaxFileBytes, 256 MiB, by default).
std::string readTextFile(const std::string& path, std::uint64_t maxBytes = io::kMaxFileBytes);
/// Writes atomically (temporary file + rename) so a failed save never destroys the old file.
/// Throws InputError naming the file.
void writeTextFileAtomic(const std::string& path, const std::string& text);
/// Writes a folder of files as a unit: into a temporary sibling, then renamed over `dir` (an old
/// folder of that name is replaced), so that a killed export leaves the old folder or the new
/// one, never a mix. Throws InputError naming the folder.
void writeFolderAtomic(const std::string& dir, const std::vector<std::pair<std::string, std::string>>& files);
/// Removes the temporary files and folders in `folder` that writeTextFileAtomic or
/// writeFolderAtomic of a process on this host left when it died (killed mid-write). Returns how
/// many were removed. Temporaries of live processes and of other hosts are left alone.
int removeStaleTemporaries(const std::string& folder);

} // namespace mapscape
