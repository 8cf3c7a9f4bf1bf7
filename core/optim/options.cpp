// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/options.h"

#include "core/model/validation.h"

#include <charconv>
#include <cmath>
#include <sstream>

namespace mapscape {

using T = OptionSpec::Type;

const OptionSpec* OptimizerInfo::option(std::string_view key) const
{
    for (const OptionSpec& s : options)
        if (s.key == key)
            return &s;
    return nullptr;
}

OptionSpec integerOption(std::string key, std::string label, long long def, double lo, double hi, std::string help)
{
    return {std::move(key), std::move(label), std::move(help), T::Integer, std::to_string(def), lo, hi, {}, {}};
}

OptionSpec realOption(std::string key, std::string label, double def, double lo, double hi, std::string help)
{
    std::ostringstream s;
    s << def;
    return {std::move(key), std::move(label), std::move(help), T::Real, s.str(), lo, hi, {}, {}};
}

OptionSpec booleanOption(std::string key, std::string label, bool def, std::string help)
{
    return {std::move(key), std::move(label), std::move(help), T::Boolean, def ? "true" : "false", 0, 1, {}, {}};
}

OptionSpec textOption(std::string key, std::string label, std::string def, std::string help)
{
    return {std::move(key), std::move(label), std::move(help), T::Text, std::move(def), 0, 0, {}, {}};
}

OptionSpec choiceOption(std::string key, std::string label, std::vector<std::string> choices, std::string help)
{
    std::string def = choices.empty() ? std::string() : choices.front();
    return {std::move(key), std::move(label), std::move(help), T::Choice, std::move(def), 0, 0, std::move(choices), {}};
}

OptionReader::OptionReader(std::string owner, const std::vector<OptionSpec>& specs, const OptionValues& values)
    : m_owner(std::move(owner))
    , m_specs(specs)
    , m_values(values)
{
    for (const auto& [key, value] : values) {
        bool known = false;
        for (const OptionSpec& s : specs)
            known = known || s.key == key;
        if (!known) {
            std::string list;
            for (const OptionSpec& s : specs)
                list += (list.empty() ? "" : ", ") + s.key;
            throw InputError(m_owner + "." + key + ": unknown option; known: " + (list.empty() ? "(none)" : list));
        }
    }
}

const OptionSpec& OptionReader::spec(const std::string& key) const
{
    for (const OptionSpec& s : m_specs)
        if (s.key == key)
            return s;
    // A programmer error: the code reads an option its own list does not declare.
    throw std::logic_error(m_owner + ": option \"" + key + "\" is not declared");
}

std::string OptionReader::valueOf(const OptionSpec& s) const
{
    const auto it = m_values.find(s.key);
    return it == m_values.end() ? s.defaultValue : it->second;
}

double OptionReader::number(const std::string& key) const
{
    const OptionSpec& s = spec(key);
    const std::string text = valueOf(s);
    double v = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, v);
    const bool integral = s.type == T::Integer;
    if (ec != std::errc() || ptr != end || !std::isfinite(v) || (integral && v != std::floor(v)) || v < s.minimum ||
        v > s.maximum) {
        std::ostringstream m;
        m << m_owner << "." << key << ": must be " << (integral ? "an integer" : "a number") << " in [" << s.minimum
          << ", " << s.maximum << "], got \"" << text << "\"";
        throw InputError(m.str());
    }
    return v;
}

bool OptionReader::flag(const std::string& key) const
{
    const std::string text = valueOf(spec(key));
    if (text == "true" || text == "1" || text == "yes" || text == "on")
        return true;
    if (text == "false" || text == "0" || text == "no" || text == "off")
        return false;
    throw InputError(m_owner + "." + key + ": must be true or false, got \"" + text + "\"");
}

std::string OptionReader::str(const std::string& key) const { return valueOf(spec(key)); }

std::string OptionReader::pick(const std::string& key) const
{
    const OptionSpec& s = spec(key);
    const std::string text = valueOf(s);
    for (const std::string& c : s.choices)
        if (c == text)
            return c;
    std::string list;
    for (const std::string& c : s.choices)
        list += (list.empty() ? "" : ", ") + c;
    throw InputError(m_owner + "." + key + ": must be one of " + list + ", got \"" + text + "\"");
}

void OptionReader::checkAll() const
{
    for (const OptionSpec& s : m_specs) {
        switch (s.type) {
        case T::Integer:
        case T::Real:
            (void)number(s.key);
            break;
        case T::Boolean:
            (void)flag(s.key);
            break;
        case T::Choice:
            (void)pick(s.key);
            break;
        case T::Text:
            break;
        }
    }
}

void parseOptionAssignment(std::string_view text, OptionValues& values)
{
    const std::size_t eq = text.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == text.size())
        throw InputError("option \"" + std::string(text) + "\": expected key=value");
    values[std::string(text.substr(0, eq))] = std::string(text.substr(eq + 1));
}

std::string optionsText(const OptionValues& values)
{
    std::string s;
    for (const auto& [k, v] : values)
        s += (s.empty() ? "" : " ") + k + "=" + v;
    return s;
}

} // namespace mapscape
