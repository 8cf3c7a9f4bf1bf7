// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// mapscape-cli placement …: the tensor-placement study (seed 004, EGRL) from the command line:
/// inspect and export workload graphs and hardware, evaluate a map (legalizer, ε, latency,
/// speed-up over the compiler, per-node timing) and run EGRL, its ablations and the baselines.

#include <cstdint>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace mapscape::cli {

struct PlacementArgs {
    std::string workload = "resnet50"; ///< built-in name, preset or .json / .csv file
    std::string hardware = "nnpi";     ///< nnpi, nnpi-hardware-like, preset or file
    std::string map;                   ///< evaluate: a map file
    std::string uniform;               ///< evaluate: SRAM, LLC or DRAM everywhere
    std::string format = "text";
    std::string out;
    std::string method = "egrl";
    int iterations = 4000;
    std::uint64_t seed = 1;
    std::string seeds;
    std::vector<std::string> options;  ///< key=value (EGRL options)
    std::string zeroShot;              ///< built-in workloads to probe the champion GNN on
    double kappa = 1.0;
    bool flatInvalid = false;
    bool squaredMinusOne = false;
    int threads = 0;
    std::string metricsCsv;
    bool quiet = false;
};

/// Adds "placement" and its subcommands (workload, hardware, evaluate, optimize) to `app`.
CLI::App* addPlacementCommand(CLI::App& app, PlacementArgs& args);
/// Runs the placement subcommand that was parsed. Throws InputError on bad input.
int runPlacementCommand(const CLI::App& placement, const PlacementArgs& args);

} // namespace mapscape::cli
