// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Finding presets by name ("eyeriss", "ResNet-50") or path.

#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

enum class PresetKind { Accelerator, Network, Mapping, DataflowHardware, DataflowWorkload, DataflowMapping, AccelStudy, DpuPlatform,
                        PlacementHardware, PlacementWorkload };
/// Sub-folder of a preset directory: "accelerators", "networks", "mappings", "dataflow-hardware",
/// "dataflow-workloads", "dataflow-mappings", "accel-studies", "dpu-platforms",
/// "placement-hardware", "placement-workloads".
std::string_view presetFolder(PresetKind kind);
/// "accelerator", ..., "dataflow hardware" (for messages).
std::string_view presetNoun(PresetKind kind);

/// Search order: $MAPSCAPE_PRESET_DIR (colon-separated), <executable>/../share/mapscape/presets
/// (installed, relocatable), the source tree's presets/ (when run from a build tree), the
/// configured install data directory.
std::vector<std::string> presetDirectories();

struct PresetInfo {
    std::string name; ///< file stem, e.g. "eyeriss"
    std::string path;
};
/// Presets of a kind, sorted by name, first directory wins for duplicates.
std::vector<PresetInfo> listPresets(PresetKind kind);

/// An existing file path is returned as is; otherwise the name is matched against preset file
/// stems ignoring case and punctuation ("ResNet-50" finds resnet50.json). Throws InputError
/// listing the available presets if nothing matches.
std::string resolvePreset(std::string_view nameOrPath, PresetKind kind);

} // namespace mapscape
