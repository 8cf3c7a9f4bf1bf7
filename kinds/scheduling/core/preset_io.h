// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Mapscape's own JSON files (accelerators, networks, mappings; schema in presets/README.md) and
/// format-detecting loaders that also read NeuroSpector's files. Every error names the file, the
/// line and the field.

#include "core/io/preset_library.h"
#include "core/network/network_io.h"
#include "kinds/scheduling/core/accelerator.h"
#include "core/network/layer.h"
#include "kinds/scheduling/core/mapping.h"

#include <string>
#include <string_view>

namespace mapscape {

inline constexpr PresetFolder kAcceleratorPresets{"accelerators", "accelerator"};
inline constexpr PresetFolder kNetworkPresets{"networks", "network"};
inline constexpr PresetFolder kMappingPresets{"mappings", "mapping"};

inline constexpr int kAcceleratorSchemaVersion = 1;
inline constexpr int kMappingSchemaVersion = 1;

/// Parse + validate. Throw InputError "source:line: field: message".
Accelerator acceleratorFromJson(std::string_view text, const std::string& source);
/// Row names are resolved against `acc` (bare unit-row names such as "PE_ARRAY").
Mapping mappingFromJson(std::string_view text, const std::string& source, const Accelerator& acc);

std::string acceleratorToJson(const Accelerator& acc);
/// Rows are written with the accelerator's row names; only rows that hold factors or a
/// dataflow are written.
std::string mappingToJson(const Mapping& mapping, const Accelerator& acc);

/// Loaders that pick the format from the content/extension: Mapscape JSON, or NeuroSpector
/// `.cfg` files. Throw InputError.
Accelerator loadAccelerator(const std::string& path);
Network loadNetwork(const std::string& path);
/// Mapscape mapping JSON, NeuroSpector result lines (.jsonl) or a NeuroSpector scheduling-table
/// cfg (one layer). The network is used to check that every table names one of its layers.
Mapping loadMapping(const std::string& path, const Accelerator& acc, const Network& net);

/// What kind of document the text holds: for Mapscape JSON its schema without "mapscape/"
/// ("accelerator", "network", "mapping"; documentSchema reads it), for NeuroSpector cfg text
/// "accelerator", "network" or "table" from its sections; empty if neither.
std::string detectDocumentKind(std::string_view text);

} // namespace mapscape
