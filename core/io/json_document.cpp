// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/io/json_document.h"

#include "core/io/input_limits.h"
#include "core/util/strings.h"

#include <iterator>
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
    CountingIterator(const char* p, int* line)
        : m_p(p)
        , m_line(line)
    {
    }
    reference operator*() const { return *m_p; }
    CountingIterator& operator++()
    {
        if (*m_p == '\n')
            ++*m_line;
        ++m_p;
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
    BuildingSax(Json& root, const std::string& source, const int* line, std::map<std::string, int>* lines)
        : m_dom(root, true)
        , m_bounds(source, line)
        , m_line(line)
        , m_lines(lines)
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
        if (m_lines) {
            // The member's pointer: its object's pointer plus the escaped key.
            Frame& f = m_stack.back();
            m_path.resize(f.pathLength);
            m_path += '/';
            appendEscaped(k);
            m_lines->emplace(m_path, *m_line);
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
    const int* m_line;
    std::map<std::string, int>* m_lines;
    std::vector<Frame> m_stack;
    std::string m_path;
};

template<typename Json>
Json parseBounded(std::string_view text, const std::string& source, std::map<std::string, int>* lines)
{
    Json root;
    int line = 1;
    BuildingSax<Json> sax(root, source, &line, lines);
    try {
        Json::sax_parse(CountingIterator(text.data(), &line), CountingIterator(text.data() + text.size(), &line),
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

int JsonDocument::lineOf(const std::string& pointer) const
{
    std::string p = pointer;
    while (true) {
        if (auto it = m_lines.find(p); it != m_lines.end())
            return it->second;
        if (p.empty())
            return 1;
        p = p.substr(0, p.rfind('/'));
    }
}

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

} // namespace mapscape::io
