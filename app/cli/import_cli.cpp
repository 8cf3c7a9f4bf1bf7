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
    bool distinct = false;
};

/// ONNX → network JSON (stdout without -o) and, with --workload, the placement graph (.json or .csv).
int runImport(const ImportArgs& a)
{
    const OnnxImport im = importOnnxFile(a.file, {.distinctLayers = a.distinct});
    for (const std::string& w : im.warnings)
        std::cerr << "warning: " << w << "\n";
    if (!a.out.empty() || a.workload.empty()) {
        if (im.network.layers.empty())
            throw InputError(a.file + ": no Conv, Gemm or MatMul layers to write");
        if (const FieldIssues issues = validateNetwork(im.network); !issues.empty())
            throw InputError(a.file + ": imported network: " + joinIssues(issues));
    }
    if (a.out.empty() && a.workload.empty()) {
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
    std::int64_t occurrences = 0;
    for (const Layer& l : im.network.layers)
        occurrences += l.repeat;
    std::cout << a.file << ": \"" << im.network.name << "\", " << occurrences << " layers";
    if (a.distinct)
        std::cout << " (" << im.network.layers.size() << " distinct)";
    if (!a.out.empty())
        std::cout << " -> " << a.out;
    std::cout << "\n";
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
                    c->add_flag("--distinct", a->distinct, "Merge layers of identical shape (repeat counts them)");
                    return c;
                },
                [a](const CLI::App&) { return runImport(*a); }};
}

} // namespace mapscape::cli
