// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Finding a study by what a user types (`--study FILE|PRESET`, a sweep's "studies" entries, the
/// GUI's --study): a study file of any kind ("mapscape/study", or a kind's own format such as
/// "mapscape/dataflow-study" or a DPU platform file), a preset of presets/studies/ (any kind) or
/// of a kind's study-preset folder ("lstm"), or a kind's id for its default study ("dpu").

#include "core/study/study.h"

#include <string>
#include <vector>

namespace mapscape {

/// The "schema" member of a JSON document ("mapscape/study"), or "" when it is not a JSON object
/// with one.
std::string documentSchema(std::string_view text);
/// For a text meant as JSON (its first character is { or [; not a .jsonl file) that does not parse: throws the
/// parser's error naming the file and line (a truncated file, a key given twice). Otherwise nothing.
void checkJsonSyntax(std::string_view text, const std::string& path);

/// Reads a study file of any kind. Throws InputError naming the file (and line and field).
Study loadStudyFile(const std::string& path);
/// Reads a study given as several files (one file: loadStudyFile), asking each kind whether they
/// are one study of it (a Timeloop spec split into arch.yaml, problem.yaml, map.yaml…).
Study loadStudyFiles(const std::vector<std::string>& paths);

/// The study a name or path stands for (see above; a folder is the study of its files). Throws
/// InputError saying what was tried.
Study resolveStudy(const std::string& nameOrPath);

/// The study of a command line: `study` (--study) resolved and the kind's arguments applied to
/// it; without one, the first kind whose source arguments are given (-a/-n: scheduling,
/// --maestro-mapping: dataflow, -w: placement, -p: DPU) or else the default kind's default
/// study. Arguments of other kinds than the study's are refused, naming the argument.
Study studyFromCommandLine(const std::string& study, const ArgumentValues& args, std::vector<std::string>& notes);
/// The same for a study given as several files (`--study` more than once); one or none as above.
Study studyFromCommandLine(const std::vector<std::string>& studies, const ArgumentValues& args,
                           std::vector<std::string>& notes);

/// Every study preset (presets/studies and the kinds' study-preset folders): name, kind and path.
struct StudyPreset {
    std::string name;
    std::string kind;
    std::string path;
};
std::vector<StudyPreset> studyPresets();

} // namespace mapscape
