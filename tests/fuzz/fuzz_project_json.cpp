// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Fuzz target: project files (every study kind with its inputs, runs and results). A project
/// that loads must save, load and save again to the same text.

#include "fuzz_support.h"

#include "core/study/project_io.h"

using namespace mapscape;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    fuzz::expectStableRoundTrip(
        text, "project", [](std::string_view t, const std::string& src) { return projectFromJson(t, src); },
        [](const Project& p) { return projectToJson(p); });
    return 0;
}
