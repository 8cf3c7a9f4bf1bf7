// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace mapscape {

/// Whole file as text. Throws InputError naming the file if it cannot be read.
std::string readTextFile(const std::string& path);
/// Writes atomically (temporary file + rename) so a failed save never destroys the old file.
/// Throws InputError naming the file.
void writeTextFileAtomic(const std::string& path, const std::string& text);

} // namespace mapscape
