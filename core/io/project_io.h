// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A Mapscape project file ("schema": "mapscape/project"): several studies, each with its inputs
/// (edits included), the optimizer form's settings and the runs made on it (settings, curves,
/// best result). Version 1 files (one accelerator, network, mapping and optimizer) open as a
/// project with one scheduling study.

#include "core/study/study.h"

#include <string>
#include <string_view>

namespace mapscape {

inline constexpr int kProjectSchemaVersion = 2;
/// Points kept per run curve when a project is saved.
inline constexpr std::size_t kSavedCurvePoints = 2000;

/// Throws InputError "source: field: message" (nested documents report their own fields,
/// prefixed with the study: "studies[1].layer.K").
Project projectFromJson(std::string_view text, const std::string& source);
std::string projectToJson(const Project& project);
/// Reads a project file (throws InputError naming the file).
Project loadProject(const std::string& path);
/// Writes atomically (temp file + rename): an interrupted save never destroys the old file.
void saveProject(const Project& project, const std::string& path);

/// A dataflow run's best result as a JSON document: {"directives": [...], "point": {...}}.
std::string dataflowResultToJson(const DataflowMapping& mapping, DfLayerType type,
                                 const std::map<std::string, std::int64_t>& point);
DataflowMapping dataflowResultMapping(std::string_view json, DfLayerType type, const std::string& source);
/// The design-space point (parameter name → value) of such a result; empty if it has none.
std::map<std::string, std::int64_t> dataflowResultPoint(std::string_view json);

} // namespace mapscape
