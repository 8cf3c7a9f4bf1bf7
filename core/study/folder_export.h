// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The commands of a kind whose other tool's format is a folder of files (MAESTRO's .m files of
/// the dataflow and accelerator-sizing kinds): `convert --to <format> -o DIR` beside its own
/// study file, and `optimize --<format> DIR` for the best result.

#include "core/model/validation.h"
#include "core/study/study_kind.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

/// A kind's folder format: its `--to` / argument name ("maestro") and how messages name its
/// files ("MAESTRO").
struct FolderFormat {
    std::string name;
    std::string title;
};

/// `convert`: `--to <format>` writes the folder `out` with `writeFolder(out)` (which returns
/// its note), `--to study` or `--to json` is the study file's text (`studyText()`); another
/// format is refused, naming the two a `kindWords` study has ("dataflow").
inline CommandOutput convertToFolderOrStudy(std::string_view to, const std::string& out, const FolderFormat& format,
                                            const std::string& kindWords,
                                            const std::function<std::string(const std::string& dir)>& writeFolder,
                                            const std::function<std::string()>& studyText)
{
    CommandOutput o;
    if (to == format.name) {
        if (out.empty())
            throw InputError("--out: a directory is needed for " + format.title + " files");
        o.notes.push_back(writeFolder(out));
    } else if (to == "study" || to == "json") {
        o.text = studyText();
    } else {
        throw InputError("--to: for " + kindWords + " studies expected " + format.name + " or study, got \"" +
                         std::string(to) + "\"");
    }
    return o;
}

/// `writeOutputs` after `optimize`: the folder `--<format> DIR` of the best result `document`,
/// written by `write(dir, document)` (which returns what it wrote); nothing when the argument
/// was not given or there is no result.
inline std::vector<std::string> writeFolderOutput(
    const ArgumentValues& args, const FolderFormat& format, std::string_view document,
    const std::function<std::string(const std::string& dir, std::string_view document)>& write)
{
    const auto it = args.find(format.name);
    if (it == args.end() || document.empty())
        return {};
    return {write(it->second, document)};
}

} // namespace mapscape
