// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Fuzz target: NeuroSpector's cfg files (accelerator, network, scheduling table against the
/// Eyeriss preset) and its result lines (JSON per layer, the golden data's format).

#include "fuzz_support.h"

#include <algorithm>

#include "kinds/scheduling/core/neurospector_cfg.h"
#include "kinds/scheduling/core/neurospector_json.h"

using namespace mapscape;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    fuzz::expectCleanError([&] { (void)acceleratorFromNeuroSpectorCfg(text, fuzz::kSource); }, "cfg accelerator");
    fuzz::expectCleanError([&] { (void)networkFromNeuroSpectorCfg(text, fuzz::kSource); }, "cfg network");
    fuzz::expectCleanError([&] { (void)tableFromNeuroSpectorCfg(text, fuzz::kSource, fuzz::eyeriss()); }, "cfg table");
    // Result lines: the first line only (the reader parses line by line).
    const std::string_view first = text.substr(0, std::min(text.find('\n'), text.size()));
    fuzz::expectCleanError([&] { (void)parseReferenceLine(first, fuzz::kSource, 1); }, "result line");
    return 0;
}
