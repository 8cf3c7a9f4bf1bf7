// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// mapscape-cli dpu …: the DPU configuration study (seed 003, DPUCConfig) from the command line:
/// simulate a model variant on every configuration, check the calibration anchors, calibrate the
/// simulator, generate the recorded runs, and train and evaluate the agent next to its baselines.

#include <cstdint>
#include <string>

namespace CLI {
class App;
}

namespace mapscape::cli {

struct DpuArgs {
    std::string platform = "zcu102"; ///< "zcu102" or a platform file
    std::string runs;                ///< a recorded-runs file (instead of generating from the platform)
    std::string variant = "ResNet152";
    std::string state = "N";
    std::string format = "text";     ///< text, csv or json
    std::string out;
    std::uint64_t seed = 1;
    std::uint64_t dataSeed = 1;
    std::string seeds;               ///< "1-3" (train)
    int iterations = 60;
    int steps = 1024;
    int patience = 0;
    double lambda = 0.1;
    double alpha = 0.5;
    bool postActionKey = false;
    std::string policy = "all";      ///< timeline: optimal, max-fps, min-power, agent or all
    std::string policyOut;           ///< train: π over the configurations for every test case (CSV)
    std::string metricsCsv;
    bool quiet = false;
};

/// Adds "dpu" and its subcommands (simulate, anchors, calibrate, dataset, train, timeline) to `app`.
CLI::App* addDpuCommand(CLI::App& app, DpuArgs& args);
/// Runs the dpu subcommand that was parsed. Throws InputError on bad input.
int runDpuCommand(const CLI::App& dpu, const DpuArgs& args);

} // namespace mapscape::cli
