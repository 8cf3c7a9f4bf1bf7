// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A parsed JSON file that remembers the line of every member, so errors can name file, line
/// and field. Internal to core/io (it exposes nlohmann::json, which is a private dependency).

#include "core/model/validation.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace mapscape::io {

class JsonDocument {
public:
    /// Throws InputError "source:line: malformed JSON: ..." on malformed JSON or JSON beyond the
    /// bounds of input_limits.h ("too deeply nested (limit 64)").
    static JsonDocument parse(std::string_view text, std::string source);

    const nlohmann::json& root() const { return m_root; }
    const std::string& source() const { return m_source; }
    /// Line of the member at a JSON pointer ("/layers/3/K"); falls back to the nearest ancestor.
    int lineOf(const std::string& pointer) const;
    /// Throws InputError "source:line: <field>: message" where field is the pointer without the
    /// leading slash, written with dots and brackets ("layers[3].K").
    [[noreturn]] void fail(const std::string& pointer, const std::string& message) const;

private:
    nlohmann::json m_root;
    std::string m_source;
    std::map<std::string, int> m_lines;
};

/// A JSON value parsed within the bounds of input_limits.h (depth, key length, number of
/// values). Throws InputError "source:line: malformed JSON: ..." on malformed or unbounded input.
nlohmann::json parseJson(std::string_view text, const std::string& source);
nlohmann::ordered_json parseOrderedJson(std::string_view text, const std::string& source);

/// Where the members of a parsed text are: the line of each member and of each nested container
/// (by JSON pointer, "/studies/1/hardware"), and where each member's key ends in the text.
struct JsonLocations {
    std::map<std::string, int> lines;
    std::map<std::string, std::size_t> keyEnds;
    /// Line of a pointer, or of its nearest recorded ancestor.
    int lineOf(const std::string& pointer) const;
    /// The original text of a member's value ("{\n  \"num_pes\": 64 … }"), empty if unknown.
    std::string_view valueText(std::string_view text, const std::string& pointer) const;
    /// The value at `pointer` ("" for the whole text) as a JSON text of its own that keeps the
    /// original's line numbers (blank lines before it), with the members of `add` (key, JSON
    /// value) it lacks inserted after its opening brace. A reader given this text names the same
    /// lines as the file the text came from. `fallback` (the parsed value) is used when the
    /// pointer was not recorded.
    std::string documentAt(std::string_view text, const std::string& pointer, const nlohmann::ordered_json& fallback,
                           std::initializer_list<std::pair<std::string_view, std::string_view>> add = {}) const;
};
/// As parseOrderedJson, recording where every member is.
nlohmann::ordered_json parseOrderedJson(std::string_view text, const std::string& source, JsonLocations& where);
/// Line of a pointer in a line map, or of its nearest recorded ancestor (1 at the top).
int lineIn(const std::map<std::string, int>& lines, const std::string& pointer);

/// A JSON value as an integer in [lo, hi], read exactly: a JSON integer (signed or unsigned) or a
/// real without a fraction, within the range; nullopt for anything else (a fraction, a value out
/// of the range, not a number). Never wraps: 4294967298 is not 2.
template <typename Json>
std::optional<std::int64_t> exactInteger(const Json& v, std::int64_t lo, std::int64_t hi)
{
    std::int64_t x = 0;
    if (v.is_number_unsigned()) {
        const auto u = v.template get<std::uint64_t>();
        if (u > std::uint64_t(INT64_MAX))
            return std::nullopt;
        x = std::int64_t(u);
    } else if (v.is_number_integer()) {
        x = v.template get<std::int64_t>();
    } else if (v.is_number_float()) {
        const double d = v.template get<double>();
        if (!(d >= -9.0e15 && d <= 9.0e15) || d != std::floor(d))
            return std::nullopt;
        x = std::int64_t(d);
    } else {
        return std::nullopt;
    }
    if (x < lo || x > hi)
        return std::nullopt;
    return x;
}

/// Runs `read`, which walks a parsed document: a type or range error of the JSON library that
/// the reader's own checks missed becomes an InputError naming the source (never a crash or an
/// unexplained exception). The readers' checks give the better messages; this is the net below.
template<typename F>
auto readGuarded(const std::string& source, F&& read) -> decltype(read())
{
    try {
        return read();
    } catch (const nlohmann::json::exception& e) {
        std::string what = e.what();
        if (const auto p = what.find("] "); p != std::string::npos)
            what = what.substr(p + 2);
        throw InputError(source + ": unexpected JSON value: " + what.substr(0, 300));
    }
}

/// "layers[3].K" for "/layers/3/K".
std::string fieldFromPointer(const std::string& pointer);

/// Fails (JsonDocument::fail) on the first issue at its field's line ("layers[3] (CONV_1).K" is
/// found as /layers/3/K) and lists the others; does nothing when there are none.
void failOnFieldIssues(const JsonDocument& doc, const FieldIssues& issues);

/// Pretty-prints the top level but keeps each element of the list `listKey` on one line, which
/// keeps network and mapping files short and diffable. `listKey` must be the last member.
std::string compactListDocument(const nlohmann::ordered_json& j, const char* listKey);

} // namespace mapscape::io
