// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Fuzz target: MAESTRO's files (a network of layers with dataflow directives, the hardware
/// file) and single directives as the dataflow workbench's editor reads them. A network that
/// parses must write and parse back to the same layers and mappings.

#include "fuzz_support.h"

#include "core/maestro/maestro_files.h"

using namespace mapscape;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    fuzz::expectCleanError(
        [&] {
            // Writing keeps every layer's directives; names become MAESTRO identifiers
            // (maestroIdentifier), so the written text, not the name, must be stable.
            const MaestroNetwork n = parseMaestroMapping(text, fuzz::kSource);
            const std::string written = writeMaestroMapping(n);
            const MaestroNetwork back = parseMaestroMapping(written, "written");
            if (back.layers.size() != n.layers.size())
                fuzz::finding("MAESTRO network: writing and parsing changes the layer count");
            for (std::size_t i = 0; i < n.layers.size(); ++i)
                if (back.layers[i].mapping.directives != n.layers[i].mapping.directives)
                    fuzz::finding("MAESTRO network: writing and parsing changes layer " + std::to_string(i) +
                                  "'s directives");
            if (writeMaestroMapping(back) != written)
                fuzz::finding("MAESTRO network: writing is not stable");
        },
        "MAESTRO mapping");
    fuzz::expectCleanError([&] { (void)parseMaestroHardware(text, fuzz::kSource); }, "MAESTRO hardware");
    if (size < 512) {
        for (DfLayerType t : {DfLayerType::Conv, DfLayerType::DsConv, DfLayerType::Gemm})
            try {
                (void)parseDirective(text, t);
            } catch (const InputError&) {
            }
    }
    return 0;
}
