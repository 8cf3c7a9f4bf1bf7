// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A Mapscape project file ("schema": "mapscape/project"): several studies, each with its kind,
/// its inputs (edits included, written by the kind), the optimizer form's settings and the runs
/// made on it (settings, curves, best result). Version 1 files (the default kind's inputs and an
/// optimizer at the top level) open as a project with one study. A study file
/// ("schema": "mapscape/study") is one such study on its own.

#include "core/study/study.h"

#include <string>
#include <string_view>

namespace mapscape {

inline constexpr int kProjectSchemaVersion = 2;
inline constexpr int kStudySchemaVersion = 1;
/// The most studies a project may hold (docs/performance.md, "Projects of many studies": the GUI
/// opens 500 in about a second, building a study's workbench when it is first shown).
inline constexpr std::size_t kMaxProjectStudies = 1000;
/// Points kept per run curve when a project is saved.
inline constexpr std::size_t kSavedCurvePoints = 2000;

/// Throws InputError "source:line: field: message" (nested documents report their own fields,
/// prefixed with the study: "studies[1].layer.K").
///
/// With `skipped`, one bad study or run does not refuse the whole project: it is left out and the
/// reason appended to `skipped` ("…: studies[3].runs[0].state: … (run left out)"); the rest is
/// read. Errors of the document itself (JSON, schema, version, no study readable) still throw.
Project projectFromJson(std::string_view text, const std::string& source, std::vector<std::string>* skipped = nullptr);
std::string projectToJson(const Project& project);
/// Reads a project file (throws InputError naming the file); `skipped` as for projectFromJson.
Project loadProject(const std::string& path, std::vector<std::string>* skipped = nullptr);
/// Writes atomically (temp file + rename): an interrupted save never destroys the old file.
void saveProject(const Project& project, const std::string& path);

/// One study as a "mapscape/study" file (any kind); errors name the file and the field.
Study studyFromJson(std::string_view text, const std::string& source);
std::string studyToJson(const Study& study);

} // namespace mapscape
