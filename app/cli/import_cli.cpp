// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "app/cli/import_cli.h"

#include "app/cli/cli_output.h"
#include "core/io/file_util.h"
#include "core/network/onnx_import.h"
#include "core/network/workload_io.h"
#include "core/network/network_io.h"
#include "core/model/validation.h"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <memory>
#include <utility>
#include <vector>

namespace fs = std::filesystem;

namespace mapscape::cli {

namespace {

struct ImportArgs {
    std::string file, out, workload;
    std::vector<std::string> inputs; ///< NAME=SHAPE
    bool distinct = false;
    bool allowPartial = false;
};

/// ONNX → network JSON (stdout without -o) and, with --workload, the placement graph (.json or .csv).
int runImport(const ImportArgs& a)
{
    OnnxImportOptions options{.distinctLayers = a.distinct};
    for (const std::string& text : a.inputs)
        options.inputShapes.push_back(parseInputShape(text));
    const OnnxImport im = importOnnxFile(a.file, options);
    for (const std::string& w : im.warnings)
        std::cerr << "warning: " << w << "\n";
    if (!im.network.omitted.empty() && !a.allowPartial) {
        // Nothing is written: a network without some of the model's MACs would look complete.
        std::cerr << a.file << ": " << im.accountText();
        throw InputError(a.file + ": " + std::to_string(im.network.omitted.size()) +
                         " operators that compute MACs did not become layers (listed above); nothing was written. "
                         "--allow-partial imports the rest and records what was left out in the network file");
    }
    if (!a.out.empty() || a.workload.empty()) {
        if (im.network.layers.empty())
            throw InputError(a.file + ": no operator that computes MACs became a layer: no layers to write");
        if (const FieldIssues issues = validateNetwork(im.network); !issues.empty())
            throw InputError(a.file + ": imported network: " + joinIssues(issues));
    }
    if (a.out.empty() && a.workload.empty()) {
        std::cerr << a.file << ": " << im.accountText();
        std::cout << networkToJson(im.network);
        return kExitOk;
    }
    // Everything is checked and produced before anything is written: an import that fails
    // writes nothing (a network file beside a refused workload would look like a success).
    std::vector<std::pair<std::string, std::string>> files; // path, text
    if (!a.out.empty())
        files.emplace_back(a.out, networkToJson(im.network));
    if (!a.workload.empty()) {
        placement::checkWorkloadGraph(im.graph);
        const bool csv = fs::path(a.workload).extension() == ".csv";
        files.emplace_back(a.workload, csv ? placementWorkloadToCsv(im.graph) : placementWorkloadToJson(im.graph));
    }
    for (const auto& [path, text] : files)
        writeTextFileAtomic(path, text);
    std::cout << a.file << ": " << im.accountText();
    if (!a.out.empty())
        std::cout << "network -> " << a.out << "\n";
    if (!a.workload.empty())
        std::cout << "placement graph: " << im.graph.nodeCount() << " nodes, " << im.graph.edgeCount() << " edges, "
                  << im.graph.totalWeights() << " weights, " << im.graph.totalMacs() << " MACs -> " << a.workload << "\n";
    if (!im.skippedOperators.empty()) {
        std::cout << "skipped unsupported operators:";
        for (const std::string& op : im.skippedOperators)
            std::cout << " " << op;
        std::cout << "\n";
    }
    return kExitOk;
}

} // namespace

Verb importVerb()
{
    auto a = std::make_shared<ImportArgs>();
    return Verb{"import",
                [a](CLI::App& app) {
                    CLI::App* c = app.add_subcommand(
                        "import", "Import an ONNX model as a network (and a placement workload graph)");
                    c->add_option("file", a->file, "ONNX model (.onnx)")->required();
                    c->add_option("-o,--out", a->out, "Write the network (Mapscape JSON) here; without -o or --workload "
                                                      "it goes to standard output");
                    c->add_option("--workload", a->workload, "Also write the placement-study workload graph (.json or .csv)");
                    c->add_option("--input", a->inputs,
                                  "Shape of a model input, NAME=1x3x640x640 (repeatable); required for inputs whose "
                                  "dimensions the model leaves symbolic (Mapscape never guesses them)");
                    c->add_flag("--distinct", a->distinct, "Merge layers of identical shape (repeat counts them)");
                    c->add_flag("--allow-partial", a->allowPartial,
                                "Write the network even if some operators that compute MACs could not become layers "
                                "(the file records them); without it such an import exits 2 and writes nothing");
                    return c;
                },
                [a](const CLI::App&) { return runImport(*a); }};
}

} // namespace mapscape::cli
