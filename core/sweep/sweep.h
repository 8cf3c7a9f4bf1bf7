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
#include <optional>
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
    /// Folder that relative accelerator / network file names are resolved against (the sweep
    /// file's folder; stored as "base_dir" in a results folder's copy). Empty: the working folder.
    std::string baseDir;
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
    /// The same shard of the same sweep: every field that names the run, none of its outcome.
    bool sameShard(const ShardResult& o) const;
    /// Equal results: the same shard with the same outcome (everything but seconds and host).
    bool sameResult(const ShardResult& o) const;
};

/// A result with only the shard's identity filled in (what sameShard compares).
ShardResult shardIdentity(const SweepSpec& spec, const Shard& shard);

/// Parses and checks a sweep file; InputError names file, line and field.
SweepSpec sweepFromJson(std::string_view text, const std::string& source);
std::string sweepToJson(const SweepSpec& spec);
/// Reads a sweep file; its folder becomes baseDir unless the file names one.
SweepSpec loadSweepFile(const std::string& path);

/// A results folder holds "sweep.json" (the sweep it belongs to, with baseDir) and one file per
/// finished shard. Creates the folder and writes the sweep, or checks that the one already there
/// is the same sweep (InputError otherwise, so two sweeps never mix their shard files).
void adoptSweepFolder(const std::string& folder, const SweepSpec& spec);
/// The sweep of a results folder (InputError if it holds none).
SweepSpec sweepOfFolder(const std::string& folder);
/// "<folder>/sweep.json".
std::string sweepFileIn(const std::string& folder);

/// Shard index lists as Slurm writes them: "0-5,7,9-47" (sorted, duplicates dropped).
std::string formatIndexRanges(std::vector<int> indices);
/// Parses "0-5,7" for a sweep of `count` shards; InputError names `what` and the bad part.
std::vector<int> parseIndexRanges(std::string_view text, int count, const std::string& what);
/// Loads every accelerator and network once, checks the layer restriction and builds every
/// optimizer once with its options (so bad values fail here, not in shard 4,711 on a cluster).
/// InputError names the entry.
void checkSweepInputs(const SweepSpec& spec);
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
/// Indices of the shards without a finished result file, in order.
std::vector<int> unfinishedShards(const std::string& folder, const SweepSpec& spec,
                                  std::vector<std::string>* problems = nullptr);
/// Runs shard `index` unless its result file exists; writes it atomically. Returns whether it ran.
bool runShardInto(const std::string& folder, const SweepSpec& spec, int index, std::stop_token stop = {});

struct CollectOptions {
    bool timing = true; ///< include seconds and host (leave them out to compare runs byte for byte)
};
/// Merged results (one row per shard, index order) as CSV or as a JSON array.
std::string collectCsv(const std::vector<ShardResult>& results, CollectOptions opts = {});
std::string collectJson(const std::vector<ShardResult>& results, CollectOptions opts = {});
/// Reads a table written by collectCsv or collectJson (either; with or without timing columns).
/// InputError names the file, line and column.
std::vector<ShardResult> readCollected(std::string_view text, const std::string& source);

/// Results to compare from a path: a collected table (.csv / .json), or a results folder (or its
/// sweep.json), whose finished shards are read. InputError names the file.
std::vector<ShardResult> loadSweepResults(const std::string& path);

/// What a comparison view shows: for each (accelerator, network) group and each optimizer
/// (with its options), a statistic over the seeds of one quantity.
enum class SweepQuantity { Energy, Cycles, Edp };
/// "energy" → Energy; also "cycles"/"cycle", "edp". nullopt otherwise.
std::optional<SweepQuantity> parseSweepQuantity(std::string_view name);
double quantityOf(const ShardResult& r, SweepQuantity q);

struct SweepCell {
    int runs = 0;      ///< results in this cell (seeds)
    int complete = 0;  ///< of which every layer found a table (only these enter the statistics)
    double mean = 0, stddev = 0, min = 0, max = 0; ///< over complete runs (NaN if none)
    double relative = 0; ///< mean / the group's best mean (1 for the best; NaN if incomplete)
    bool best = false;   ///< lowest mean of its group
};

struct SweepComparison {
    std::vector<std::pair<std::string, std::string>> groups; ///< (accelerator, network), first-seen order
    std::vector<std::string> optimizers;                     ///< "random (samples=300)", first-seen order
    std::vector<std::vector<SweepCell>> cells;               ///< [group][optimizer]
    std::vector<std::uint64_t> seeds;                        ///< distinct seeds seen, sorted
};

/// Groups results (collected rows) for a comparison; lower is better for every quantity.
SweepComparison compareSweepResults(const std::vector<ShardResult>& results, SweepQuantity q);

} // namespace mapscape::sweep
