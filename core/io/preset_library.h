// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Finding presets by name ("eyeriss", "ResNet-50") or path.

#include <exception>
#include <map>
#include <mutex>
#include <optional>
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

/// The preset of a folder whose content is called `name`, exactly as the preset spells it
/// ("Eyeriss", "ArchGym default (1024 PEs)"): the file whose stem matches, else the first whose
/// `name` member is it; loaded once per process. Null when no preset has that name (a file of
/// the user's own, or NeuroSpector's "EYERISS") or it cannot be read. Thread-safe. Setup labels
/// name what was edited from it.
template <class T>
const T* presetNamed(const std::string& name, const PresetFolder& folder, T (*load)(const std::string&))
{
    static std::mutex mutex;
    static std::map<std::string, std::optional<T>, std::less<>> cache;
    const auto named = [&](const std::string& path) -> std::optional<T> {
        try {
            if (T value = load(path); value.name == name)
                return value;
        } catch (const std::exception&) {
        }
        return std::nullopt;
    };
    std::lock_guard lock(mutex);
    const std::string key = std::string(folder.folder) + '\n' + name;
    auto it = cache.find(key);
    if (it == cache.end()) {
        std::optional<T> value;
        if (const std::string path = findPreset(name, folder); !path.empty())
            value = named(path);
        if (!value)
            for (const PresetInfo& p : listPresets(folder))
                if ((value = named(p.path)))
                    break;
        it = cache.emplace(key, std::move(value)).first;
    }
    return it->second ? &*it->second : nullptr;
}

} // namespace mapscape
