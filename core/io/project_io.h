// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A Mapscape project: the accelerator and network being explored (edits included), the mapping
/// shown, and the optimizer settings, as one JSON document ("schema": "mapscape/project").

#include "core/cost/evaluation.h"
#include "core/model/accelerator.h"
#include "core/model/layer.h"
#include "core/model/mapping.h"
#include "core/optim/mapping_space.h"

#include <map>
#include <optional>
#include <string>

namespace mapscape {

inline constexpr int kProjectSchemaVersion = 1;

struct ProjectOptimizer {
    std::string id = "ppo";
    std::map<std::string, std::string> options; ///< only values that differ from the defaults
    Metric metric = Metric::Energy;
    DataflowMode dataflow = DataflowMode::Fixed;
    std::uint64_t seed = 1;
    int threads = 1;
    friend bool operator==(const ProjectOptimizer&, const ProjectOptimizer&) = default;
};

struct Project {
    Accelerator accelerator;
    Network network;
    std::optional<Mapping> mapping; ///< empty = the trivial mapping
    ProjectOptimizer optimizer;
    friend bool operator==(const Project&, const Project&) = default;
};

/// Throws InputError "source: field: message" (nested documents report their own fields,
/// prefixed with "accelerator.", "network." or "mapping.").
Project projectFromJson(std::string_view text, const std::string& source);
std::string projectToJson(const Project& project);
/// Reads a project file (throws InputError naming the file).
Project loadProject(const std::string& path);
/// Writes atomically (temp file + rename): an interrupted save never destroys the old file.
void saveProject(const Project& project, const std::string& path);

} // namespace mapscape
