// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Fuzz target: ONNX import (protobuf parsing, shape inference, conversion into a network and a
/// placement graph), with layers merged and kept distinct.

#include "fuzz_support.h"

#include "core/network/onnx_import.h"

using namespace mapscape;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes = fuzz::asText(data, size);
    fuzz::expectCleanError([&] { (void)importOnnxBytes(bytes, fuzz::kSource); }, "ONNX import");
    fuzz::expectCleanError([&] { (void)importOnnxBytes(bytes, fuzz::kSource, {.distinctLayers = true}); },
                           "ONNX import, distinct layers");
    return 0;
}
