// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/io/json_document.h"

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

std::string escapeToken(const std::string& key)
{
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

/// SAX handler that builds the DOM (through nlohmann's own DOM builder) and records lines.
class LocatingSax {
public:
    LocatingSax(json& root, const int* line, std::map<std::string, int>& lines)
        : m_dom(root, true)
        , m_line(line)
        , m_lines(lines)
    {
    }

    bool null() { return scalar([&] { return m_dom.null(); }); }
    bool boolean(bool v) { return scalar([&] { return m_dom.boolean(v); }); }
    bool number_integer(json::number_integer_t v) { return scalar([&] { return m_dom.number_integer(v); }); }
    bool number_unsigned(json::number_unsigned_t v) { return scalar([&] { return m_dom.number_unsigned(v); }); }
    bool number_float(json::number_float_t v, const json::string_t& s)
    {
        return scalar([&] { return m_dom.number_float(v, s); });
    }
    bool string(json::string_t& v) { return scalar([&] { return m_dom.string(v); }); }
    bool binary(json::binary_t& v) { return scalar([&] { return m_dom.binary(v); }); }
    bool start_object(std::size_t n)
    {
        beginValue();
        m_stack.push_back({false, {}, 0});
        return m_dom.start_object(n);
    }
    bool key(json::string_t& k)
    {
        m_stack.back().key = k;
        m_lines.emplace(pointer(), *m_line);
        return m_dom.key(k);
    }
    bool end_object()
    {
        m_stack.pop_back();
        endValue();
        return m_dom.end_object();
    }
    bool start_array(std::size_t n)
    {
        beginValue();
        m_stack.push_back({true, {}, 0});
        return m_dom.start_array(n);
    }
    bool end_array()
    {
        m_stack.pop_back();
        endValue();
        return m_dom.end_array();
    }
    bool parse_error(std::size_t pos, const std::string& token, const nlohmann::detail::exception& ex)
    {
        return m_dom.parse_error(pos, token, ex);
    }

private:
    struct Frame {
        bool array = false;
        std::string key;
        std::size_t index = 0;
    };

    template<typename F>
    bool scalar(F&& f)
    {
        beginValue();
        const bool ok = f();
        endValue();
        return ok;
    }
    void beginValue()
    {
        if (m_stack.empty())
            m_lines.emplace(std::string(), *m_line);
        else
            m_lines.emplace(pointer(), *m_line);
    }
    void endValue()
    {
        if (!m_stack.empty() && m_stack.back().array)
            ++m_stack.back().index;
    }
    std::string pointer() const
    {
        std::string p;
        for (const Frame& f : m_stack)
            p += "/" + (f.array ? std::to_string(f.index) : escapeToken(f.key));
        return p;
    }

    nlohmann::detail::json_sax_dom_parser<json> m_dom;
    const int* m_line;
    std::map<std::string, int>& m_lines;
    std::vector<Frame> m_stack;
};

} // namespace

JsonDocument JsonDocument::parse(std::string_view text, std::string source)
{
    JsonDocument doc;
    doc.m_source = std::move(source);
    int line = 1;
    LocatingSax sax(doc.m_root, &line, doc.m_lines);
    try {
        json::sax_parse(CountingIterator(text.data(), &line), CountingIterator(text.data() + text.size(), &line), &sax);
    } catch (const json::exception& e) {
        // nlohmann reports "line L, column C" in its message; keep it, prefixed by the file.
        std::string msg = e.what();
        if (const auto p = msg.find("] "); p != std::string::npos)
            msg = msg.substr(p + 2);
        throw InputError(doc.m_source + ":" + std::to_string(line) + ": malformed JSON: " + msg);
    }
    return doc;
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
    throw InputError(m_source + ":" + std::to_string(lineOf(pointer)) + ": " + (field.empty() ? "" : field + ": ") +
                     message);
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
