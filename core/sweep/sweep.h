// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Sweeps: a sweep file (JSON, "mapscape/sweep") names a cross product of scheduling-table
/// studies (accelerators × networks) × optimizers (each with its options) × seeds. Planning
/// numbers its shards in a fixed order; each shard is one optimizer run whose result is one JSON
/// file in the sweep's output folder, written atomically, so a re-run skips finished shards and
/// a killed or pre-empted task leaves either nothing or a complete file. Collecting merges the
/// shard files into one table. Qt-free; the CLI's `sweep` command drives it (local workers or a
/// Slurm job array).

#include "core/optim/optimizer_registry.h"

#include <cstdint>
#include <map>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape::sweep {

inline constexpr int kSweepSchemaVersion = 1;

struct OptimizerChoice {
    std::string id;       ///< registry id ("ppo", "random", "bottom-up", …)
    OptionValues options; ///< key → value, as `--option key=value`
    friend bool operator==(const OptimizerChoice&, const OptimizerChoice&) = default;
};

struct SweepSpec {
    std::string name;
    std::vector<std::string> accelerators; ///< preset names or files
    std::vector<std::string> networks;     ///< preset names or files
    std::vector<OptimizerChoice> optimizers;
    std::vector<std::uint64_t> seeds;
    std::string metric = "energy";  ///< energy, cycle or edp
    std::string dataflow = "fixed"; ///< fixed or flexible
    std::string layer;              ///< optimise only this layer of each network (empty: all)
    friend bool operator==(const SweepSpec&, const SweepSpec&) = default;
};

/// One run of the cross product. Index order: accelerator, network, optimizer, seed (the last
/// varies fastest).
struct Shard {
    int index = 0;
    std::string accelerator, network;
    OptimizerChoice optimizer;
    std::uint64_t seed = 0;
};

struct ShardResult {
    int index = 0;
    std::string sweep, accelerator, network, optimizer, options, metric, layer;
    std::uint64_t seed = 0;
    double energy = 0, cycles = 0; ///< network totals of the best tables (pJ, cycles)
    int layersFound = 0, layers = 0;
    std::int64_t evaluations = 0;
    double seconds = 0; ///< wall time (informational: not part of the result's identity)
    std::string host;   ///< where it ran (informational)
    /// Equal results: everything but seconds and host.
    bool sameResult(const ShardResult& o) const;
};

/// Parses and checks a sweep file; InputError names file, line and field.
SweepSpec sweepFromJson(std::string_view text, const std::string& source);
std::string sweepToJson(const SweepSpec& spec);
/// The shards in index order. Throws InputError if the product is empty or above 100,000.
std::vector<Shard> planSweep(const SweepSpec& spec);

/// "shard-00007.json".
std::string shardFileName(int index);
/// Runs one shard in this process (one thread; the same shard gives the same result anywhere).
ShardResult runShard(const SweepSpec& spec, const Shard& shard, std::stop_token stop = {});
std::string shardResultToJson(const ShardResult& r);
ShardResult shardResultFromJson(std::string_view text, const std::string& source);

/// The finished shards in a folder, by index: files that are missing, unreadable, cut short or
/// that belong to another sweep or shard count as unfinished (and are listed in `problems`).
std::map<int, ShardResult> readFinishedShards(const std::string& folder, const SweepSpec& spec,
                                              std::vector<std::string>* problems = nullptr);
/// Runs shard `index` unless its result file exists; writes it atomically. Returns whether it ran.
bool runShardInto(const std::string& folder, const SweepSpec& spec, int index, std::stop_token stop = {});

/// Merged results (one row per shard, index order) as CSV or JSON lines of a JSON array.
std::string collectCsv(const std::vector<ShardResult>& results);
std::string collectJson(const std::vector<ShardResult>& results);

} // namespace mapscape::sweep
