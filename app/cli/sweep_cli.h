// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// mapscape-cli sweep plan|run|run-shard|status|collect: cross-product studies from a sweep file,
/// run on this machine (bounded worker threads) or as a Slurm job array, one result file per
/// shard, merged into one table.

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace mapscape::cli {

struct SweepArgs {
    std::string file;           ///< sweep file (plan, run)
    std::string folder;         ///< results folder (run -o, run-shard, status, collect)
    std::string backend = "local";
    int workers = 0;            ///< local: worker threads (0: all cores)
    std::string shards;         ///< run: only these shards ("0-5,7")
    bool wait = false;          ///< slurm: wait until the arrays leave the queue
    double pollSeconds = 2;
    std::string partition, timeLimit, account, qos, memory, cli;
    int throttle = 0;
    std::vector<std::string> sbatchArgs;
    bool dryRun = false;
    int index = -1;             ///< run-shard (default: $SLURM_ARRAY_TASK_ID)
    std::string out, format;    ///< collect
    bool noTiming = false, partial = false, summary = false, quiet = false;
};

/// Adds "sweep" and its subcommands to `app`.
CLI::App* addSweepCommand(CLI::App& app, SweepArgs& args);
/// Runs the sweep subcommand that was parsed. Throws InputError on bad input.
int runSweepCommand(const CLI::App& sweep, const SweepArgs& args);

} // namespace mapscape::cli
