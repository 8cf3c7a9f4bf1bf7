// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/util/strings.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace mapscape {

std::string_view trim(std::string_view s)
{
    const auto isBlank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && isBlank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isBlank(s.back()))
        s.remove_suffix(1);
    return s;
}

std::string toLower(std::string_view s)
{
    std::string r(s);
    std::transform(r.begin(), r.end(), r.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return r;
}

std::string toUpper(std::string_view s)
{
    std::string r(s);
    std::transform(r.begin(), r.end(), r.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    return r;
}

std::vector<std::string> split(std::string_view s, char sep)
{
    std::vector<std::string> out;
    if (trim(s).empty())
        return out;
    std::size_t start = 0;
    while (true) {
        const std::size_t pos = s.find(sep, start);
        out.emplace_back(trim(s.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start)));
        if (pos == std::string_view::npos)
            break;
        start = pos + 1;
    }
    return out;
}

bool iequals(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::optional<std::int64_t> parseInt(std::string_view s)
{
    s = trim(s);
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    std::int64_t v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || ptr != s.data() + s.size())
        return std::nullopt;
    return v;
}

std::optional<double> parseReal(std::string_view s)
{
    s = trim(s);
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    double v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || ptr != s.data() + s.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::string formatReal(double v)
{
    char buf[64];
    const auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, ptr) : std::to_string(v);
}

std::string quoteBrief(std::string_view text, std::size_t max)
{
    if (text.size() <= max)
        return std::string(text);
    // Cut at a character boundary: never inside a UTF-8 sequence.
    std::size_t cut = max;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    const std::string digits = std::to_string(text.size());
    std::string out(text.substr(0, cut));
    out += "… (";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    out += " characters)";
    return out;
}

std::string formatSig(double v, int significant)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", significant, v);
    return buf;
}

std::string withChanges(const std::string& name, const std::vector<std::string>& changes)
{
    if (changes.empty())
        return name;
    std::string out = name + " (edited: ";
    for (std::size_t i = 0; i < changes.size() && i < 2; ++i)
        out += (i ? ", " : "") + changes[i];
    if (changes.size() > 2)
        out += ", +" + std::to_string(changes.size() - 2) + " more";
    return out + ")";
}

namespace {

/// The code point of a UTF-8 sequence at s[i] (its length in `len`), or the byte itself when the
/// sequence is malformed (len 1).
char32_t codePointAt(std::string_view s, std::size_t i, std::size_t& len)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char c = b(0);
    len = 1;
    if (c < 0x80)
        return c;
    const std::size_t need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    if (need == 1 || i + need > s.size())
        return c;
    char32_t cp = c & (need == 2 ? 0x1f : need == 3 ? 0x0f : 0x07);
    for (std::size_t k = 1; k < need; ++k) {
        if ((b(k) & 0xc0) != 0x80)
            return c;
        cp = (cp << 6) | (b(k) & 0x3f);
    }
    len = need;
    return cp;
}

bool isBidiControl(char32_t cp)
{
    return cp == 0x061c || cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

std::string codePointName(char32_t cp)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
    return buf;
}

} // namespace

std::optional<std::string> unsafeNameCharacter(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        std::size_t len = 1;
        const char32_t cp = codePointAt(s, i, len);
        if (cp < 0x20 || cp == 0x7f) {
            switch (cp) {
            case '\n': return std::string("a line break");
            case '\r': return std::string("a carriage return");
            case '\t': return std::string("a tab");
            case 0: return std::string("a NUL byte");
            default: return codePointName(cp);
            }
        }
        if (len > 1 && cp >= 0x80 && cp <= 0x9f)
            return codePointName(cp) + " (a C1 control)";
        if (isBidiControl(cp))
            return codePointName(cp) + " (a bidirectional control)";
        i += len;
    }
    return std::nullopt;
}

std::string printableLine(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        const auto u = static_cast<unsigned char>(c);
        std::size_t len = 1;
        const char32_t cp = u >= 0x80 ? codePointAt(s, i, len) : char32_t(u);
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\0')
            out += "\\0";
        else if (u < 0x20 || u == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(u));
            out += buf;
        } else if (len > 1 && ((cp >= 0x80 && cp <= 0x9f) || isBidiControl(cp))) {
            char buf[16];
            std::snprintf(buf, sizeof buf, "\\u{%04X}", static_cast<unsigned>(cp));
            out += buf;
        } else {
            out.append(s.substr(i, len));
        }
        i += len;
    }
    return out;
}

std::string shellQuote(std::string_view s)
{
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string fileNamePart(std::string_view s)
{
    std::string out;
    for (char c : s)
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '+' || c == '-' ? c : '_';
    if (out.empty() || out.front() == '.')
        out.insert(out.begin(), '_');
    // A file name holds at most 255 bytes: a long name keeps its start and a hash of the whole,
    // so that two long names stay two files.
    constexpr std::size_t kKeep = 100;
    if (out.size() > kKeep + 20) {
        std::uint64_t h = 1469598103934665603ull;
        for (char c : s) {
            h ^= static_cast<unsigned char>(c);
            h *= 1099511628211ull;
        }
        char hex[24];
        std::snprintf(hex, sizeof hex, "-%016llx", static_cast<unsigned long long>(h));
        out = out.substr(0, kKeep) + hex;
    }
    return out;
}

namespace {

/// Whether a spreadsheet would read a CSV text as a formula (and it is not simply a number).
bool formulaLike(std::string_view s)
{
    return !s.empty() && std::string_view("=+-@\t\r").find(s.front()) != std::string_view::npos && !parseReal(s);
}

} // namespace

std::string csvQuote(std::string_view s)
{
    const std::string text = formulaLike(s) ? "'" + std::string(s) : std::string(s);
    if (text.find_first_of(",\"\n\r") == std::string::npos)
        return text;
    std::string q = "\"";
    for (char c : text)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::vector<std::string> csvFields(std::string_view line)
{
    std::vector<std::string> out;
    std::string cur;
    // The apostrophe csvQuote puts before a formula-like text is not part of the text.
    const auto field = [](const std::string& raw) {
        std::string f(trim(raw));
        if (f.size() > 1 && f.front() == '\'' && formulaLike(std::string_view(f).substr(1)))
            f.erase(0, 1);
        return f;
    };
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cur += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            out.push_back(field(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(field(cur));
    return out;
}

} // namespace mapscape
