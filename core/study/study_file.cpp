// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/study_file.h"

#include "core/io/file_util.h"
#include "core/io/json_document.h"
#include "core/study/project_io.h"
#include "core/model/validation.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace fs = std::filesystem;

namespace mapscape {

namespace {

/// The document's "schema" member, or "" when it is not a JSON object with one.
std::string schemaOf(std::string_view text)
{
    try {
        const nlohmann::json j = io::parseJson(text, "document");
        if (j.is_object() && j.contains("schema") && j["schema"].is_string())
            return j["schema"].get<std::string>();
    } catch (const InputError&) {
    }
    return {};
}

/// The kinds that declare an argument (by long name).
std::vector<const StudyKind*> kindsWith(const std::string& key)
{
    std::vector<const StudyKind*> out;
    for (const StudyKind* k : studyKinds())
        for (const StudyArgument& a : k->studyArguments())
            if (a.key() == key) {
                out.push_back(k);
                break;
            }
    return out;
}

} // namespace

std::string documentSchema(std::string_view text) { return schemaOf(text); }

void checkJsonSyntax(std::string_view text, const std::string& path)
{
    if (path.size() >= 6 && path.compare(path.size() - 6, 6, ".jsonl") == 0)
        return; // JSON lines: one document per line, read by their own reader
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && (text[first] == '{' || text[first] == '['))
        (void)io::parseJson(text, path);
}

Study loadStudyFile(const std::string& path)
{
    const std::string text = readTextFile(path);
    const std::string schema = schemaOf(text);
    if (schema == "mapscape/study")
        return studyFromJson(text, path);
    for (const StudyKind* k : studyKinds()) {
        std::optional<Study> st = io::readGuarded(path, [&] { return k->readStudyFile(path, text, schema); });
        if (st)
            return std::move(*st);
    }
    if (schema.empty())
        checkJsonSyntax(text, path);
    throw InputError(path + ": not a study file" + (schema.empty() ? std::string(" (no \"schema\" member)")
                                                                     : " (its schema is \"" + schema + "\")") +
                     "; expected a mapscape/study file or a study kind's own format");
}

Study loadStudyFiles(const std::vector<std::string>& paths)
{
    if (paths.size() == 1)
        return loadStudyFile(paths.front());
    if (paths.empty())
        throw InputError("--study: no files given");
    std::vector<std::pair<std::string, std::string>> files;
    for (const std::string& p : paths)
        files.emplace_back(p, readTextFile(p));
    for (const StudyKind* k : studyKinds()) {
        std::optional<Study> st = io::readGuarded(paths.front(), [&] { return k->readStudyFiles(files); });
        if (st)
            return std::move(*st);
    }
    std::string names;
    for (const std::string& p : paths)
        names += (names.empty() ? "" : ", ") + p;
    throw InputError("--study: " + names + " are not the parts of one study of any kind (only one --study is "
                     "allowed unless its files are the parts of one study, such as a Timeloop spec)");
}

Study resolveStudy(const std::string& nameOrPath)
{
    std::error_code ec;
    if (fs::is_regular_file(nameOrPath, ec))
        return loadStudyFile(nameOrPath);
    if (fs::is_directory(nameOrPath, ec)) {
        std::vector<std::string> files;
        for (const fs::directory_entry& e : fs::directory_iterator(nameOrPath, ec))
            if (e.is_regular_file(ec) && e.path().filename().string().front() != '.')
                files.push_back(e.path().string());
        std::sort(files.begin(), files.end());
        if (files.empty())
            throw InputError("--study: the folder " + nameOrPath + " holds no files");
        return loadStudyFiles(files);
    }
    if (const std::string p = findPreset(nameOrPath, kStudyPresets); !p.empty())
        return loadStudyFile(p);
    for (const StudyKind* k : studyKinds())
        for (const PresetFolder& f : k->info().studyPresetFolders)
            if (const std::string p = findPreset(nameOrPath, f); !p.empty())
                return loadStudyFile(p);
    if (const StudyKind* k = findStudyKind(nameOrPath))
        return makeStudy(k->title(), k->defaultInputs());
    std::string presets, kinds;
    for (const StudyPreset& p : studyPresets())
        presets += (presets.empty() ? "" : ", ") + p.name;
    for (const StudyKind* k : studyKinds())
        kinds += (kinds.empty() ? "" : ", ") + k->id();
    throw InputError("--study: \"" + nameOrPath + "\" is neither a file, a study preset (" +
                     (presets.empty() ? std::string("none found") : presets) + ") nor a study kind (" + kinds + ")");
}

Study studyFromCommandLine(const std::string& study, const ArgumentValues& args, std::vector<std::string>& notes)
{
    return studyFromCommandLine(study.empty() ? std::vector<std::string>{} : std::vector<std::string>{study}, args, notes);
}

Study studyFromCommandLine(const std::vector<std::string>& studies, const ArgumentValues& args,
                           std::vector<std::string>& notes)
{
    std::optional<Study> st;
    const bool given = !studies.empty();
    if (studies.size() > 1) {
        st = loadStudyFiles(studies);
    } else if (given) {
        st = resolveStudy(studies.front());
    } else {
        for (const StudyKind* k : studyKinds())
            if ((st = k->studyFromArguments(args, false, notes)))
                break;
        if (!st)
            st = studyKinds().front()->studyFromArguments(args, true, notes);
    }
    const StudyKind& kind = st->kind();
    // Every argument given must be one of the study's kind.
    const std::vector<StudyArgument> own = kind.studyArguments();
    for (const auto& [key, value] : args) {
        const bool mine = std::any_of(own.begin(), own.end(), [&](const StudyArgument& a) { return a.key() == key; });
        if (mine)
            continue;
        std::string owners;
        for (const StudyKind* k : kindsWith(key))
            owners += (owners.empty() ? "" : " or ") + k->title();
        if (owners.empty()) // not a study argument at all (the caller's own flags)
            continue;
        throw InputError("--" + key + ": only for " + owners + " studies (this is a " + kind.title() + " study)");
    }
    if (given)
        kind.applyArguments(*st, args);
    return std::move(*st);
}

std::vector<StudyPreset> studyPresets()
{
    std::vector<StudyPreset> out;
    std::set<std::string> seen;
    const auto add = [&](const PresetInfo& p) {
        if (!seen.insert(p.name).second)
            return;
        try {
            const Study st = loadStudyFile(p.path);
            out.push_back({p.name, st.kind().id(), p.path});
        } catch (const InputError&) {
            // A broken preset is listed by `presets` with its error elsewhere; not offered here.
        }
    };
    for (const PresetInfo& p : listPresets(kStudyPresets))
        add(p);
    for (const StudyKind* k : studyKinds())
        for (const PresetFolder& f : k->info().studyPresetFolders)
            for (const PresetInfo& p : listPresets(f))
                add(p);
    return out;
}

} // namespace mapscape
