// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The loop-nest mapping study (Timeloop): a Timeloop spec — architecture tree, problem,
/// mapping, ERT and ART, optionally mapspace constraints — evaluated by the Timeloop-compatible
/// model of loopnest_model.h and searched by mappers over Timeloop's map space.
///
/// The study's inputs are the spec as one tree (the YAML files as JSON, top-level keys merged,
/// YAML tags kept as a "!" member), so that projects save it, sweeps vary any attribute by JSON
/// pointer ("/loopnest/spec/architecture/subtree/0/local/1/attributes/depth") and the GUI edits
/// it; the parsed spec beside it is what the model reads.

#include "core/study/study.h"
#include "kinds/loopnest/core/timeloop_spec.h"
#include "kinds/loopnest/core/timeloop_yaml.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace mapscape {

struct LoopnestInputs {
    std::string name;                                   ///< the spec's name (file or preset)
    nlohmann::ordered_json spec = nlohmann::ordered_json::object(); ///< the spec tree
    std::shared_ptr<const loopnest::Spec> parsed;       ///< `spec` as the model reads it

    friend bool operator==(const LoopnestInputs& a, const LoopnestInputs& b)
    {
        return a.name == b.name && a.spec == b.spec;
    }
};

/// Reads Timeloop YAML texts ({file name, text}: one file or the parts in any split) into inputs.
/// Throws InputError naming the file, line and field.
LoopnestInputs loopnestInputsFromYaml(const std::vector<loopnest::YamlSource>& sources, std::string name);
/// Inputs from a spec tree (a project's or a sweep variation's); `source` names it in errors.
LoopnestInputs loopnestInputsFromTree(nlohmann::ordered_json tree, std::string name, const std::string& source);
/// The spec tree as YAML that timeloop-model and loopnestInputsFromYaml read (tags restored).
std::string loopnestTreeToYaml(const nlohmann::ordered_json& tree);
/// The YAML texts as one tree (top-level keys merged in order, a later one replacing an earlier).
nlohmann::ordered_json loopnestTreeFromYaml(const std::vector<loopnest::YamlSource>& sources);

/// Whether a file looks like a Timeloop spec part (a .yaml / .yml file, or YAML text with one
/// of Timeloop's top-level keys).
bool looksLikeTimeloopYaml(const std::string& path, std::string_view text);

std::shared_ptr<const StudyKind> makeLoopnestKind();
const StudyKind& loopnestKind();

} // namespace mapscape
