// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/io/preset_library.h"

#include "core/model/validation.h"
#include "core/util/strings.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>

namespace fs = std::filesystem;

namespace mapscape {

std::vector<std::string> presetDirectories()
{
    std::vector<std::string> dirs;
    if (const char* env = std::getenv("MAPSCAPE_PRESET_DIR")) {
        for (const std::string& d : split(env, ':'))
            if (!d.empty())
                dirs.push_back(d);
    }
    // Relocatable installs (a .deb puts the binaries in /usr/bin and the presets in
    // /usr/share/mapscape/presets whatever the build's prefix was): next to the executable.
    std::error_code exeError;
    const fs::path exe = fs::read_symlink("/proc/self/exe", exeError);
    if (!exeError)
        dirs.push_back((exe.parent_path().parent_path() / "share" / "mapscape" / "presets").string());
    dirs.emplace_back(MAPSCAPE_SOURCE_PRESET_DIR);
    dirs.emplace_back(MAPSCAPE_INSTALL_PRESET_DIR);
    std::vector<std::string> existing;
    for (const std::string& d : dirs) {
        std::error_code ec;
        if (fs::is_directory(d, ec) && std::find(existing.begin(), existing.end(), d) == existing.end())
            existing.push_back(d);
    }
    return existing;
}

namespace {

std::string normalise(std::string_view s)
{
    std::string out;
    for (char c : s)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

} // namespace

std::vector<PresetInfo> listPresets(const PresetFolder& folder)
{
    std::vector<PresetInfo> out;
    std::set<std::string> seen;
    for (const std::string& dir : presetDirectories()) {
        const fs::path sub = fs::path(dir) / folder.folder;
        std::error_code ec;
        if (!fs::is_directory(sub, ec))
            continue;
        for (const fs::directory_entry& e : fs::directory_iterator(sub, ec)) {
            const std::string ext = e.path().extension().string();
            bool wanted = false;
            for (std::string_view rest = folder.extensions; !rest.empty() && !wanted;) {
                const std::size_t sp = rest.find(' ');
                wanted = !ext.empty() && rest.substr(0, sp) == ext;
                rest = sp == std::string_view::npos ? std::string_view() : rest.substr(sp + 1);
            }
            if (!wanted)
                continue;
            const std::string stem = e.path().stem().string();
            if (seen.insert(stem).second)
                out.push_back({stem, e.path().string()});
        }
    }
    std::sort(out.begin(), out.end(), [](const PresetInfo& a, const PresetInfo& b) { return a.name < b.name; });
    return out;
}

std::string findPreset(std::string_view name, const PresetFolder& folder)
{
    const std::string want = normalise(name);
    for (const PresetInfo& p : listPresets(folder))
        if (normalise(p.name) == want)
            return p.path;
    return {};
}

std::string resolvePreset(std::string_view nameOrPath, const PresetFolder& folder)
{
    std::error_code ec;
    if (fs::is_regular_file(fs::path(nameOrPath), ec))
        return std::string(nameOrPath);
    if (std::string found = findPreset(nameOrPath, folder); !found.empty())
        return found;
    const std::vector<PresetInfo> all = listPresets(folder);
    std::string names;
    for (const PresetInfo& p : all)
        names += (names.empty() ? "" : ", ") + p.name;
    throw InputError("\"" + std::string(nameOrPath) + "\" is neither a file nor a known " + std::string(folder.noun) +
                     " preset (available: " + (names.empty() ? "none found" : names) + ")");
}

} // namespace mapscape
