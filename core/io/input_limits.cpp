// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/io/input_limits.h"

#include "core/model/validation.h"
#include "core/util/units.h"

#include <cstdio>
#include <cstring>

namespace mapscape::io {

std::size_t firstInvalidUtf8(std::string_view text)
{
    const auto* b = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::size_t i = 0;
    while (i < n) {
        const unsigned c = b[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        // The lead byte fixes the length and the range of the first continuation byte
        // (Unicode's table of well-formed UTF-8 byte sequences).
        std::size_t len = 0;
        unsigned lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            if (c == 0xE0)
                lo = 0xA0; // no overlong forms
            else if (c == 0xED)
                hi = 0x9F; // no surrogates
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            if (c == 0xF0)
                lo = 0x90;
            else if (c == 0xF4)
                hi = 0x8F; // up to U+10FFFF
        } else {
            return i;
        }
        if (n - i < len || b[i + 1] < lo || b[i + 1] > hi)
            return i;
        for (std::size_t k = 2; k < len; ++k)
            if (b[i + k] < 0x80 || b[i + k] > 0xBF)
                return i;
        i += len;
    }
    return std::string_view::npos;
}

void checkTextLines(std::string_view text, const std::string& source)
{
    std::size_t start = 0;
    int line = 1;
    while (start < text.size()) {
        const void* nl = std::memchr(text.data() + start, '\n', text.size() - start);
        const std::size_t end = nl ? std::size_t(static_cast<const char*>(nl) - text.data()) : text.size();
        if (end - start > kMaxLineLength)
            throw InputError(source + ":" + std::to_string(line) + ": line too long (" +
                             formatInteger((long long)(end - start)) + " characters, limit " +
                             formatInteger((long long)kMaxLineLength) + ")");
        if (const std::size_t bad = firstInvalidUtf8(text.substr(start, end - start)); bad != std::string_view::npos) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02X", unsigned(static_cast<unsigned char>(text[start + bad])));
            throw InputError(source + ":" + std::to_string(line) + ": not valid UTF-8 text (byte " + hex +
                             " at column " + std::to_string(bad + 1) + ")");
        }
        start = end + 1;
        ++line;
    }
}

void checkElementCount(std::size_t count, const std::string& source, const std::string& what)
{
    if (count > kMaxElements)
        throw InputError(source + ": too many " + what + " (" + formatInteger((long long)count) + ", limit " +
                         formatInteger((long long)kMaxElements) + ")");
}

} // namespace mapscape::io
