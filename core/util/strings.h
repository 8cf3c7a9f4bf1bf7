// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Small string helpers used by the parsers and report writers.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

std::string_view trim(std::string_view s);
std::string toLower(std::string_view s);
std::string toUpper(std::string_view s);
/// Splits on `sep`, trimming every piece; an empty input gives no pieces.
std::vector<std::string> split(std::string_view s, char sep);
bool iequals(std::string_view a, std::string_view b);

/// Whole-string integer / real parsing (surrounding blanks allowed); nullopt on any junk.
std::optional<std::int64_t> parseInt(std::string_view s);
std::optional<double> parseReal(std::string_view s);

/// A CSV field: as is, or in double quotes (inner quotes doubled) when it holds a comma, a quote
/// or a line break.
std::string csvQuote(std::string_view s);
/// Splits one CSV line into trimmed fields (fields may be double-quoted; "" inside quotes is a quote).
std::vector<std::string> csvFields(std::string_view line);
/// Shortest round-trip text of a double ("0.19", "1.2547e+10").
std::string formatReal(double v);
/// At most `max` characters of `text` for an error message that quotes input: longer text is
/// cut and says how long it was ("[1,2,3,… (8,388,608 characters)").
std::string quoteBrief(std::string_view text, std::size_t max = 60);
/// `significant` significant digits in %g style, as C++ streams print by default (6).
std::string formatSig(double v, int significant = 6);

} // namespace mapscape
