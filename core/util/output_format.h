// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The formats reports are written in (`--format text|json|csv`).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mapscape {

enum class OutputFormat : std::uint8_t { Text, Json, Csv };

/// "text" (or "txt"), "json" or "csv", in any case and with surrounding blanks; nullopt otherwise.
std::optional<OutputFormat> parseOutputFormat(std::string_view s);

} // namespace mapscape
