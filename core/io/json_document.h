// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A parsed JSON file that remembers the line of every member, so errors can name file, line
/// and field. Internal to core/io (it exposes nlohmann::json, which is a private dependency).

#include "core/model/validation.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <string_view>

namespace mapscape::io {

class JsonDocument {
public:
    /// Throws InputError "source:line:column: syntax error ..." on malformed JSON.
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

/// "layers[3].K" for "/layers/3/K".
std::string fieldFromPointer(const std::string& pointer);

} // namespace mapscape::io
