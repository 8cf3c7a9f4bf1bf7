// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Shared by the fuzz targets: every target defines LLVMFuzzerTestOneInput, feeds the bytes to
/// one family of parsers and accepts exactly one outcome besides success: an InputError whose
/// message names the input (kSource). Any other exception, a crash, a hang or a sanitizer report
/// is a finding. Built twice: with libFuzzer (clang, scripts/fuzz.sh) and with replay_main.cpp
/// (any compiler), which CTest runs over the corpus and every reproducer found so far.

#include "kinds/scheduling/core/preset_io.h"
#include "core/model/validation.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace mapscape::fuzz {

inline constexpr const char* kSource = "fuzz-input";

/// A finding the sanitizers would not see: report it and abort, so that libFuzzer keeps the
/// input as a crash and the replay driver fails.
[[noreturn]] inline void finding(const std::string& what)
{
    std::fprintf(stderr, "FINDING: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

/// Runs `parse`; success or an InputError naming the input are fine.
template<typename F>
bool expectCleanError(F&& parse, std::string_view what)
{
    try {
        parse();
        return true;
    } catch (const InputError& e) {
        const std::string_view msg = e.what();
        if (msg.find(kSource) == std::string_view::npos)
            finding(std::string(what) + ": error does not name the input: " + std::string(msg.substr(0, 300)));
        if (msg.size() > 4096)
            finding(std::string(what) + ": error message of " + std::to_string(msg.size()) + " characters");
        return false;
    }
}

/// Loads `text`, saves it, loads the saved text and saves again: both saves must be the same
/// text (saving is stable). `load(text, source)` parses, `save(value)` writes.
template<typename Load, typename Save>
void expectStableRoundTrip(std::string_view text, std::string_view what, Load&& load, Save&& save)
{
    expectCleanError(
        [&] {
            const std::string saved = save(load(text, kSource));
            if (save(load(saved, "saved")) != saved)
                finding(std::string(what) + ": saving and loading changes it");
        },
        what);
}

/// The Eyeriss preset from the source tree, the accelerator the mapping and table parsers check
/// against.
inline const Accelerator& eyeriss()
{
    static const Accelerator acc = loadAccelerator(MAPSCAPE_SOURCE_PRESET_DIR "/accelerators/eyeriss.json");
    return acc;
}

inline std::string_view asText(const std::uint8_t* data, std::size_t size)
{
    return {reinterpret_cast<const char*>(data), size};
}

} // namespace mapscape::fuzz
