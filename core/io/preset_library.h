// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Finding presets by name ("eyeriss", "ResNet-50") or path.

#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

/// A kind of preset: a sub-folder of every preset directory and what its files are called in
/// messages. Each study kind declares its own (core/io/<kind>/...); "studies" holds whole
/// studies of any kind ("mapscape/study" files).
struct PresetFolder {
    std::string_view folder; ///< "accelerators", "dataflow-hardware", ...
    std::string_view noun;   ///< "accelerator", "dataflow hardware" (for messages)
    std::string_view extensions = ".json"; ///< the presets' file extensions, space-separated (".yaml .yml")
};

inline constexpr PresetFolder kStudyPresets{"studies", "study"};

/// Search order: $MAPSCAPE_PRESET_DIR (colon-separated), <executable>/../share/mapscape/presets
/// (installed, relocatable), the source tree's presets/ (when run from a build tree), the
/// configured install data directory.
std::vector<std::string> presetDirectories();

struct PresetInfo {
    std::string name; ///< file stem, e.g. "eyeriss"
    std::string path;
};
/// Presets of a folder, sorted by name, first directory wins for duplicates.
std::vector<PresetInfo> listPresets(const PresetFolder& folder);
/// The preset of a folder whose name matches (ignoring case and punctuation), or "".
std::string findPreset(std::string_view name, const PresetFolder& folder);

/// An existing file path is returned as is; otherwise the name is matched against preset file
/// stems ignoring case and punctuation ("ResNet-50" finds resnet50.json). Throws InputError
/// listing the available presets if nothing matches.
std::string resolvePreset(std::string_view nameOrPath, const PresetFolder& folder);

} // namespace mapscape
