// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Bounds on what a file the user opens may contain, so that hostile or broken input fails at
/// once with an error naming the limit instead of keeping a parser busy or exhausting memory.
/// They are far above anything a real preset, project, mapping, cfg, MAESTRO file, ONNX model
/// or sweep needs (the largest presets are a few hundred KiB; ResNet-101's placement graph has
/// 108 nodes, BERT-base's 376).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace mapscape::io {

/// Largest file readTextFile reads (project files with run histories are the biggest, a few MiB).
inline constexpr std::uint64_t kMaxFileBytes = 256ull << 20;
/// Deepest nesting of JSON objects and arrays (Mapscape's own documents use at most 6).
inline constexpr int kMaxJsonDepth = 64;
/// Longest JSON object key.
inline constexpr std::size_t kMaxJsonKeyLength = 1024;
/// Most values (scalars, objects, arrays) in one JSON document.
inline constexpr std::size_t kMaxJsonValues = 8'000'000;
/// Longest line of a line-based text format (NeuroSpector cfg, MAESTRO files, CSV tables).
inline constexpr std::size_t kMaxLineLength = 64 * 1024;
/// Most layers of a network, nodes of a placement graph or ONNX graph, rows of a table.
inline constexpr std::size_t kMaxElements = 1'000'000;

/// Checks the text of a line-based format (NeuroSpector cfg, MAESTRO files, CSV tables) in one
/// pass: throws InputError "source:N: line too long (M characters, limit 65,536)" for the first
/// line longer than kMaxLineLength and "source:N: not valid UTF-8 text (byte 0xFF at column 7)"
/// for the first malformed UTF-8 sequence (what is read ends up in JSON, which must be UTF-8).
void checkTextLines(std::string_view text, const std::string& source);
/// The byte offset of the first malformed UTF-8 sequence of `text` (overlong forms, surrogates
/// and code points above U+10FFFF are malformed), or npos if it is well-formed.
std::size_t firstInvalidUtf8(std::string_view text);
/// Throws InputError "source: too many <what> (limit 1,000,000)" when count > kMaxElements.
void checkElementCount(std::size_t count, const std::string& source, const std::string& what);

} // namespace mapscape::io
