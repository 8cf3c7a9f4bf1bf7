// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Fuzz target: Mapscape's own JSON documents for the scheduling study (accelerator, network,
/// mapping against the Eyeriss preset). What loads must save, load and save again to the same
/// text (saving is stable).

#include "fuzz_support.h"

#include "kinds/scheduling/core/preset_io.h"

using namespace mapscape;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    fuzz::expectStableRoundTrip(
        text, "accelerator", [](std::string_view t, const std::string& src) { return acceleratorFromJson(t, src); },
        [](const Accelerator& a) { return acceleratorToJson(a); });
    fuzz::expectStableRoundTrip(
        text, "network", [](std::string_view t, const std::string& src) { return networkFromJson(t, src); },
        [](const Network& n) { return networkToJson(n); });
    fuzz::expectStableRoundTrip(
        text, "mapping",
        [](std::string_view t, const std::string& src) { return mappingFromJson(t, src, fuzz::eyeriss()); },
        [](const Mapping& m) { return mappingToJson(m, fuzz::eyeriss()); });
    fuzz::expectCleanError([&] { (void)detectDocumentKind(text); }, "detectDocumentKind");
    return 0;
}
