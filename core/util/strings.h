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
/// or a line break. A text a spreadsheet would run as a formula (starting with =, +, -, @, a tab
/// or a carriage return, and not a number) gets a leading apostrophe, which spreadsheets show as
/// text and csvFields removes again.
std::string csvQuote(std::string_view s);
/// Splits one CSV line into trimmed fields (fields may be double-quoted; "" inside quotes is a
/// quote; the apostrophe csvQuote puts before a formula-like text is removed).
std::vector<std::string> csvFields(std::string_view line);
/// Shortest round-trip text of a double ("0.19", "1.2547e+10").
std::string formatReal(double v);
/// At most `max` characters of `text` for an error message that quotes input: longer text is
/// cut and says how long it was ("[1,2,3,… (8,388,608 characters)").
std::string quoteBrief(std::string_view text, std::size_t max = 60);
/// `significant` significant digits in %g style, as C++ streams print by default (6).
std::string formatSig(double v, int significant = 6);
/// A preset's name with what was edited from it, as runs' setups read: "name" when `changes` is
/// empty, else "name (edited: first, second, +n more)".
std::string withChanges(const std::string& name, const std::vector<std::string>& changes);

// Names in files and exports. Names are one line of text: readers refuse control characters
// (firstControlCharacter), and every writer either escapes a name for its format or refuses the
// names the format cannot carry, with a message.

/// The first character of a text that a one-line name must not hold, as it reads in a message
/// ("a line break", "a NUL byte", "a tab", "U+001B", "U+0085 (a C1 control)", "U+202E (a
/// bidirectional control)"), if any: C0 controls, DEL, C1 controls (U+0080–U+009F) and the
/// invisible bidirectional controls (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069) that make
/// a name read differently from what it is.
std::optional<std::string> unsafeNameCharacter(std::string_view s);
/// A text as one printable line (comments, reports, messages): control characters as \n, \t, \0
/// or \xNN, C1 and bidirectional controls as \u{NNNN}, backslashes doubled.
std::string printableLine(std::string_view s);
/// Single-quoted for a POSIX shell ('it'\''s'): the shell reads it back as the same word.
std::string shellQuote(std::string_view s);
/// A file-name part made of a name: letters, digits, '.', '_', '+' and '-' kept, anything else
/// (slashes, quotes, '$', spaces) as '_', never empty nor starting with '.', at most 117 bytes.
std::string fileNamePart(std::string_view s);

} // namespace mapscape
