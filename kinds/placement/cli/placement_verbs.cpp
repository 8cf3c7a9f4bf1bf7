// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "app/cli/cli.h"
#include "app/cli/cli_output.h"
#include "core/io/file_util.h"
#include "kinds/placement/core/placement_io.h"
#include "core/model/validation.h"
#include "core/util/strings.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <memory>
#include <iostream>
#include <sstream>

namespace mapscape::cli {

using namespace placement;

namespace {

struct PlacementArgs {
    std::string workload = "resnet50"; ///< built-in name, preset or .json / .csv file
    std::string hardware = "nnpi";     ///< nnpi, nnpi-hardware-like, preset or file
    std::string format = "text";
    std::string out;
};

void requireFormat(const std::string& format, std::initializer_list<const char*> allowed)
{
    std::string list;
    for (const char* f : allowed) {
        if (format == f)
            return;
        list += (list.empty() ? "" : ", ") + std::string(f);
    }
    throw InputError("--format: expected " + list + ", got \"" + format + "\"");
}

int runWorkload(const PlacementArgs& a)
{
    requireFormat(a.format, {"text", "json", "csv"});
    const WorkloadGraph g = loadPlacementWorkload(a.workload);
    checkWorkloadGraph(g);
    if (a.format == "json") {
        writeOut(placementWorkloadToJson(g), a.out);
        return kExitOk;
    }
    if (a.format == "csv") {
        writeOut(placementWorkloadToCsv(g), a.out);
        return kExitOk;
    }
    std::ostringstream s;
    s << g.name << (g.description.empty() ? "" : " — " + g.description) << "\n"
      << "  nodes " << g.nodeCount() << ", edges " << g.edgeCount() << ", nodes with weights " << g.weightedNodeCount()
      << "\n  weights " << g.totalWeights() << ", MACs " << g.totalMacs() << ", largest OFM " << g.largestOfm()
      << "\n  maps: 3^" << 2 * g.nodeCount() << " ≈ 10^" << fixed(2 * g.nodeCount() * std::log10(3.0), 0) << "\n";
    writeOut(s.str(), a.out);
    return kExitOk;
}

int runHardware(const PlacementArgs& a)
{
    writeOut(placementHardwareToJson(loadPlacementHardware(a.hardware), a.hardware), a.out);
    return kExitOk;
}

CLI::App* addPlacementCommand(CLI::App& app, PlacementArgs& a)
{
    CLI::App* placement = app.add_subcommand(
        "placement", "Tensor placement tools (seed 004): workload, hardware (evaluate and optimize maps with `evaluate` / `optimize --study placement`)");
    placement->require_subcommand(1);
    const auto common = [&a](CLI::App* c) {
        c->add_option("-w,--workload", a.workload, "resnet50, resnet101, bert, a preset or a .json / .csv workload")
            ->capture_default_str();
        c->add_option("--hardware", a.hardware, "nnpi, nnpi-hardware-like, a preset or a placement-hardware file")
            ->capture_default_str();
    };
    CLI::App* workload = placement->add_subcommand("workload", "Summarise or export a workload graph");
    common(workload);
    workload->add_option("--format", a.format, "text, json or csv")->capture_default_str();
    workload->add_option("-o,--out", a.out, "Output file");
    CLI::App* hardware = placement->add_subcommand("hardware", "Write the hardware parameters as a file to edit");
    common(hardware);
    hardware->add_option("-o,--out", a.out, "Output file");
    return placement;
}

int runPlacementCommand(const CLI::App& placement, const PlacementArgs& a)
{
    if (placement.got_subcommand("workload"))
        return runWorkload(a);
    if (placement.got_subcommand("hardware"))
        return runHardware(a);
    return kExitBadInput;
}

} // namespace

Verb placementVerb()
{
    auto args = std::make_shared<PlacementArgs>();
    return Verb{"placement", [args](CLI::App& app) { return addPlacementCommand(app, *args); },
                [args](const CLI::App& command) { return runPlacementCommand(command, *args); }};
}

} // namespace mapscape::cli
