// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Readers (and writers) for the YAML files timeloop-model reads: architecture (processed v0.3
/// tree with subtree/local, or v0.4 `nodes` with !Container / !Component tags), problem, mapping,
/// constraints, ERT and ART. Inputs may be split over any number of files or texts, each holding
/// one or more top-level keys (several YAML documents per text are allowed); a key given twice
/// takes the later value. Hyphenated and underscored keys are both accepted.
///
/// Every error is a mapscape::InputError with a one-line message
/// "file:line: field: what is wrong".

#include "kinds/loopnest/core/timeloop_spec.h"

#include <string>
#include <utility>
#include <vector>

namespace mapscape::loopnest {

/// A named YAML text (the name is used in error messages, e.g. "arch.yaml").
using YamlSource = std::pair<std::string, std::string>;

/// Reads and merges the given files. Throws InputError (file name and line in the message).
Spec readSpecFiles(const std::vector<std::string>& paths);

/// Same as readSpecFiles for texts already in memory ({source name, YAML text}).
Spec readSpecTexts(const std::vector<YamlSource>& sources);

/// Reads a text holding a top-level `mapping:` list (or the bare list) against an architecture
/// and a problem.
Mapping readMapping(const YamlSource& source, const Architecture& arch, const Problem& problem);

/// Writes a mapping as Timeloop YAML (`mapping:` list of datatype/temporal/spatial directives).
std::string writeMappingYaml(const Architecture& arch, const Problem& problem, const Mapping& mapping);

/// Writes architecture, problem, mapping (when present), ERT and ART as one YAML text that
/// timeloop-model (and readSpecTexts) read back to the same Spec figures.
std::string writeSpecYaml(const Spec& spec);

} // namespace mapscape::loopnest
