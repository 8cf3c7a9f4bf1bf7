// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/io/json_document.h"

#include "core/io/input_limits.h"
#include "core/util/strings.h"

#include <algorithm>
#include <iterator>
#include <unordered_map>
#include <vector>

namespace mapscape::io {

using nlohmann::json;

namespace {

/// Input iterator over the text that counts newlines as the parser consumes them.
class CountingIterator {
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    CountingIterator() = default;
    CountingIterator(const char* p, int* line, const char** where = nullptr)
        : m_p(p)
        , m_line(line)
        , m_where(where)
    {
    }
    reference operator*() const { return *m_p; }
    CountingIterator& operator++()
    {
        if (*m_p == '\n')
            ++*m_line;
        ++m_p;
        if (m_where)
            *m_where = m_p;
        return *this;
    }
    CountingIterator operator++(int)
    {
        CountingIterator old = *this;
        ++*this;
        return old;
    }
    friend bool operator==(const CountingIterator& a, const CountingIterator& b) { return a.m_p == b.m_p; }

private:
    const char* m_p = nullptr;
    int* m_line = nullptr;
    const char** m_where = nullptr; ///< the position the parser has read up to (optional)
};

/// Counts values and nesting depth for the bounds of input_limits.h and throws InputError
/// "source:line: <what> (limit N)" as soon as one is passed, before the parser does more work.
class Bounds {
public:
    Bounds(const std::string& source, const int* line)
        : m_source(source)
        , m_line(line)
    {
    }
    void value()
    {
        if (++m_values > kMaxJsonValues)
            fail("too many values (limit " + std::to_string(kMaxJsonValues) + ")");
    }
    void open()
    {
        value();
        if (++m_depth > kMaxJsonDepth)
            fail("too deeply nested (limit " + std::to_string(kMaxJsonDepth) + ")");
    }
    void close() { --m_depth; }
    void key(const std::string& k)
    {
        if (k.size() > kMaxJsonKeyLength)
            fail("object key too long (" + std::to_string(k.size()) + " characters, limit " +
                 std::to_string(kMaxJsonKeyLength) + "): " + quoteBrief(k, 40));
    }
    int depth() const { return m_depth; }

private:
    [[noreturn]] void fail(const std::string& what) const
    {
        throw InputError(m_source + ":" + std::to_string(*m_line) + ": malformed JSON: " + what);
    }
    const std::string& m_source;
    const int* m_line;
    std::size_t m_values = 0;
    int m_depth = 0;
};

/// SAX handler that builds the DOM (through nlohmann's own DOM builder) within the bounds, and
/// optionally records the line of every object member and of every nested object or array.
template<typename Json>
class BuildingSax {
public:
    BuildingSax(Json& root, const std::string& source, const int* line, std::map<std::string, int>* lines,
                const char* const* where = nullptr, const char* base = nullptr,
                std::map<std::string, std::size_t>* keyEnds = nullptr)
        : m_dom(root, true)
        , m_bounds(source, line)
        , m_source(source)
        , m_line(line)
        , m_lines(lines)
        , m_where(where)
        , m_base(base)
        , m_keyEnds(keyEnds)
    {
    }

    bool null() { return scalar([&] { return m_dom.null(); }); }
    bool boolean(bool v) { return scalar([&] { return m_dom.boolean(v); }); }
    bool number_integer(typename Json::number_integer_t v) { return scalar([&] { return m_dom.number_integer(v); }); }
    bool number_unsigned(typename Json::number_unsigned_t v)
    {
        return scalar([&] { return m_dom.number_unsigned(v); });
    }
    bool number_float(typename Json::number_float_t v, const typename Json::string_t& s)
    {
        return scalar([&] { return m_dom.number_float(v, s); });
    }
    bool string(typename Json::string_t& v) { return scalar([&] { return m_dom.string(v); }); }
    bool binary(typename Json::binary_t& v) { return scalar([&] { return m_dom.binary(v); }); }
    bool start_object(std::size_t n)
    {
        m_bounds.open();
        beginContainer(false);
        return m_dom.start_object(n);
    }
    bool key(typename Json::string_t& k)
    {
        m_bounds.key(k);
        // A key given twice would silently keep the last value (and errors would point at the
        // first): refuse it, naming both lines.
        if (const auto [it, fresh] = m_stack.back().keys.emplace(k, *m_line); !fresh)
            throw InputError(m_source + ":" + std::to_string(*m_line) + ": " +
                             "the key \"" + quoteBrief(k, 80) + "\" appears twice in one object (first on line " +
                             std::to_string(it->second) + ")");
        if (m_lines) {
            // The member's pointer: its object's pointer plus the escaped key.
            Frame& f = m_stack.back();
            m_path.resize(f.pathLength);
            m_path += '/';
            appendEscaped(k);
            m_lines->emplace(m_path, *m_line);
            if (m_keyEnds && m_where)
                m_keyEnds->emplace(m_path, std::size_t(*m_where - m_base));
        }
        return m_dom.key(k);
    }
    bool end_object() { return endContainer([&] { return m_dom.end_object(); }); }
    bool start_array(std::size_t n)
    {
        m_bounds.open();
        beginContainer(true);
        return m_dom.start_array(n);
    }
    bool end_array() { return endContainer([&] { return m_dom.end_array(); }); }
    bool parse_error(std::size_t pos, const std::string& token, const nlohmann::detail::exception& ex)
    {
        return m_dom.parse_error(pos, token, ex);
    }

private:
    struct Frame {
        bool array = false;
        std::size_t pathLength = 0; ///< length of this container's own pointer in m_path
        std::size_t index = 0;      ///< arrays: index of the next element
        std::unordered_map<std::string, int> keys; ///< objects: the keys so far and their lines
    };

    template<typename F>
    bool scalar(F&& f)
    {
        m_bounds.value();
        const bool ok = f();
        if (!m_stack.empty() && m_stack.back().array)
            ++m_stack.back().index;
        return ok;
    }
    /// Sets m_path to the new container's pointer (a member's pointer is already there; an array
    /// element's is its array's plus the index) and records its line.
    void beginContainer(bool array)
    {
        if (m_lines) {
            if (!m_stack.empty() && m_stack.back().array) {
                m_path.resize(m_stack.back().pathLength);
                m_path += '/';
                m_path += std::to_string(m_stack.back().index);
            }
            else if (m_stack.empty())
                m_path.clear();
            m_lines->emplace(m_path, *m_line);
        }
        m_stack.push_back({array, m_path.size(), 0});
    }
    template<typename F>
    bool endContainer(F&& f)
    {
        m_stack.pop_back();
        m_bounds.close();
        if (!m_stack.empty() && m_stack.back().array)
            ++m_stack.back().index;
        return f();
    }
    void appendEscaped(const std::string& key)
    {
        for (char c : key) {
            if (c == '~')
                m_path += "~0";
            else if (c == '/')
                m_path += "~1";
            else
                m_path += c;
        }
    }

    nlohmann::detail::json_sax_dom_parser<Json> m_dom;
    Bounds m_bounds;
    const std::string& m_source;
    const int* m_line;
    std::map<std::string, int>* m_lines;
    const char* const* m_where;
    const char* m_base;
    std::map<std::string, std::size_t>* m_keyEnds;
    std::vector<Frame> m_stack;
    std::string m_path;
};

template<typename Json>
Json parseBounded(std::string_view text, const std::string& source, std::map<std::string, int>* lines,
                  std::map<std::string, std::size_t>* keyEnds = nullptr)
{
    // nlohmann's lexer takes a NUL byte for the end of the input: whatever follows one would be
    // ignored silently. A text file has none.
    if (const auto nul = text.find('\0'); nul != std::string_view::npos)
        throw InputError(source + ":" + std::to_string(1 + std::count(text.begin(), text.begin() + std::ptrdiff_t(nul), '\n')) +
                         ": a NUL byte in JSON text (byte " + std::to_string(nul + 1) + "; a binary or damaged file?)");
    Json root;
    int line = 1;
    const char* where = text.data();
    BuildingSax<Json> sax(root, source, &line, lines, keyEnds ? &where : nullptr, text.data(), keyEnds);
    try {
        // The read position is followed only when key positions are wanted (not on every parse).
        Json::sax_parse(CountingIterator(text.data(), &line, keyEnds ? &where : nullptr),
                        CountingIterator(text.data() + text.size(), &line),
                        &sax);
    } catch (const nlohmann::json::exception& e) {
        // nlohmann reports "line L, column C" in its message; keep it, prefixed by the file.
        std::string msg = e.what();
        if (const auto p = msg.find("] "); p != std::string::npos)
            msg = msg.substr(p + 2);
        throw InputError(source + ":" + std::to_string(line) + ": malformed JSON: " + quoteBrief(msg, 300));
    }
    return root;
}

} // namespace

JsonDocument JsonDocument::parse(std::string_view text, std::string source)
{
    JsonDocument doc;
    doc.m_source = std::move(source);
    doc.m_root = parseBounded<json>(text, doc.m_source, &doc.m_lines);
    return doc;
}

nlohmann::json parseJson(std::string_view text, const std::string& source)
{
    return parseBounded<nlohmann::json>(text, source, nullptr);
}

nlohmann::ordered_json parseOrderedJson(std::string_view text, const std::string& source)
{
    return parseBounded<nlohmann::ordered_json>(text, source, nullptr);
}

nlohmann::ordered_json parseOrderedJson(std::string_view text, const std::string& source, JsonLocations& where)
{
    where.lines.clear();
    where.keyEnds.clear();
    return parseBounded<nlohmann::ordered_json>(text, source, &where.lines, &where.keyEnds);
}

int JsonLocations::lineOf(const std::string& pointer) const { return lineIn(lines, pointer); }

std::string_view JsonLocations::valueText(std::string_view text, const std::string& pointer) const
{
    const auto it = keyEnds.find(pointer);
    if (it == keyEnds.end() || it->second > text.size())
        return {};
    // After the key: white space, the colon, white space, then the value.
    std::size_t b = it->second;
    const auto space = [&](std::size_t i) { return i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'); };
    while (space(b))
        ++b;
    if (b >= text.size() || text[b] != ':')
        return {};
    ++b;
    while (space(b))
        ++b;
    // The value's end: the text is valid JSON (it was parsed), so balancing brackets outside
    // strings is enough.
    std::size_t e = b;
    int depth = 0;
    bool inString = false;
    for (; e < text.size(); ++e) {
        const char c = text[e];
        if (inString) {
            if (c == '\\')
                ++e;
            else if (c == '"') {
                inString = false;
                if (depth == 0) {
                    ++e;
                    break;
                }
            }
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '{' || c == '[')
            ++depth;
        else if (c == '}' || c == ']') {
            if (depth == 0)
                break;
            if (--depth == 0) {
                ++e;
                break;
            }
        } else if (depth == 0 && (c == ',' || space(e)))
            break;
    }
    return text.substr(b, e - b);
}

std::string JsonLocations::documentAt(std::string_view text, const std::string& pointer,
                                      const nlohmann::ordered_json& fallback,
                                      std::initializer_list<std::pair<std::string_view, std::string_view>> add) const
{
    std::string_view value;
    std::size_t begin = 0;
    if (pointer.empty()) {
        begin = text.find_first_not_of(" \t\r\n");
        value = begin == std::string_view::npos ? std::string_view() : text.substr(begin);
    } else {
        value = valueText(text, pointer);
        begin = value.empty() ? 0 : std::size_t(value.data() - text.data());
    }
    std::string out;
    if (value.empty()) { // not located: the parsed value, without line numbers to keep
        nlohmann::ordered_json v = fallback;
        if (v.is_object())
            for (const auto& [key, json] : add)
                if (!v.contains(key))
                    v[std::string(key)] = nlohmann::ordered_json::parse(json);
        return v.dump(2);
    }
    out.assign(std::size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(begin), '\n')), '\n');
    if (value.front() != '{' || add.size() == 0)
        return out.append(value);
    std::string added;
    for (const auto& [key, json] : add) {
        if (keyEnds.count(pointer + "/" + std::string(key)))
            continue; // the value has its own
        added += (added.empty() ? "" : ", ") + nlohmann::ordered_json(std::string(key)).dump() + ": " + std::string(json);
    }
    const std::string_view inner = value.substr(1);
    const bool empty = inner.find_first_not_of(" \t\r\n}") == std::string_view::npos;
    out += '{';
    out += added;
    if (!added.empty() && !empty)
        out += ", ";
    return out.append(inner);
}

int lineIn(const std::map<std::string, int>& lines, const std::string& pointer)
{
    std::string p = pointer;
    while (true) {
        if (auto it = lines.find(p); it != lines.end())
            return it->second;
        if (p.empty())
            return 1;
        p = p.substr(0, p.rfind('/'));
    }
}

int JsonDocument::lineOf(const std::string& pointer) const { return lineIn(m_lines, pointer); }

void JsonDocument::fail(const std::string& pointer, const std::string& message) const
{
    const std::string field = fieldFromPointer(pointer);
    // Messages quote the offending value; an 8 MB value is cut to a readable length.
    throw InputError(m_source + ":" + std::to_string(lineOf(pointer)) + ": " +
                     (field.empty() ? "" : quoteBrief(field, 200) + ": ") + quoteBrief(message, 400));
}

std::string fieldFromPointer(const std::string& pointer)
{
    std::string out;
    std::size_t i = 0;
    while (i < pointer.size()) {
        std::size_t j = pointer.find('/', i + 1);
        std::string tok = pointer.substr(i + 1, j == std::string::npos ? std::string::npos : j - i - 1);
        const bool numeric = !tok.empty() && tok.find_first_not_of("0123456789") == std::string::npos;
        if (numeric)
            out += "[" + tok + "]";
        else
            out += (out.empty() ? "" : ".") + tok;
        if (j == std::string::npos)
            break;
        i = j;
    }
    return out;
}

/// "layers[3] (CONV_1).K" / "global_buffer.size_bytes[1]" → JSON pointer.
namespace {

std::string pointerFromField(const std::string& field)
{
    std::string out = "/";
    for (std::size_t i = 0; i < field.size(); ++i) {
        const char c = field[i];
        if (c == ' ' && i + 1 < field.size() && field[i + 1] == '(') {
            i = field.find(')', i);
            if (i == std::string::npos)
                break;
        } else if (c == '.' || c == '[') {
            if (out.back() != '/')
                out += '/';
        } else if (c != ']') {
            out += c;
        }
    }
    if (out.size() > 1 && out.back() == '/')
        out.pop_back();
    return out;
}

} // namespace

void failOnFieldIssues(const JsonDocument& doc, const FieldIssues& issues)
{
    if (issues.empty())
        return;
    // Report the first issue with its line; list the rest.
    std::string rest;
    for (std::size_t i = 1; i < issues.size(); ++i)
        rest += "\n  also: " + issues[i].field + ": " + issues[i].message;
    doc.fail(pointerFromField(issues[0].field), issues[0].message + rest);
}

/// Pretty-prints the top level but keeps each element of the list `listKey` on one line, which
/// keeps network and mapping files short and diffable. `listKey` must be the last member.
std::string compactListDocument(const nlohmann::ordered_json& j, const char* listKey)
{
    std::string out = "{\n";
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (it.key() == listKey)
            continue;
        out += "  " + nlohmann::ordered_json(it.key()).dump() + ": " + it.value().dump() + ",\n";
    }
    const nlohmann::ordered_json& list = j.at(listKey);
    out += "  " + nlohmann::ordered_json(listKey).dump() + ": [\n";
    for (std::size_t i = 0; i < list.size(); ++i)
        out += "    " + list[i].dump() + (i + 1 < list.size() ? ",\n" : "\n");
    out += "  ]\n}\n";
    return out;
}

} // namespace mapscape::io
