// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Sweeps: a sweep file (JSON, "mapscape/sweep") names studies of any kind (study files,
/// presets, a kind's default study, or studies built from command-line arguments), optionally
/// named input variations (a study argument's values, such as a list of hardware files, or the
/// values of one input field by JSON pointer), optimizers with options, and seeds. Planning
/// numbers their cross product in a fixed order; each shard is one study job whose result is one
/// JSON file in the sweep's output folder, written atomically, so a re-run skips finished
/// shards and a killed or pre-empted task leaves either nothing or a complete file. Collecting
/// merges the shard files into one table whose columns are the studies' objectives with their
/// units. Qt-free; the CLI's `sweep` command drives it (local workers or a Slurm job array).
///
/// Version 1 files (scheduling tables only: "accelerators" × "networks", "metric", "dataflow",
/// "layer") are still read: each accelerator × network is a study built from -a / -n.

#include "core/optim/metrics_sink.h"
#include "core/study/study.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape::sweep {

inline constexpr int kSweepSchemaVersion = 2;
/// The most shards a sweep may have, and so the most rows a table of its results may hold.
inline constexpr std::size_t kMaxShards = 100000;

/// Why a sweep of `count` shards, or a results table of `count` rows, is refused ("more than the
/// limit of 100000 shards"), or "" when it is within kMaxShards. Every reader of sweeps and of
/// their results asks it before it builds the shards or the rows (the CLI's sweep files and
/// plans, the GUI's results tables).
std::string shardLimitRefusal(std::size_t count);

/// A study of the sweep.
struct StudyEntry {
    std::string name;         ///< its label in results ("vgg16-row2", "eyeriss × tiny-a")
    std::string study;        ///< --study: a study file, a preset or a kind's id; "" = built from `arguments`
    ArgumentValues arguments; ///< study arguments applied to it (as on the command line, without dashes)
    std::string kind;         ///< its kind's id (filled in when the sweep is loaded)
    std::string objective;    ///< what its shards optimise: as the sweep file names it ("edp"), else its study's own (filled in when loaded)
    /// The study already built from `study` and `arguments` (the CLI's optimize passes the one it
    /// read), used instead of reading the file again for every shard; never saved, not compared.
    std::shared_ptr<const Study> loaded;
    friend bool operator==(const StudyEntry& a, const StudyEntry& b)
    {
        return a.name == b.name && a.study == b.study && a.arguments == b.arguments && a.kind == b.kind &&
               a.objective == b.objective;
    }
};

/// A named input variation: every study it applies to is run once per value.
struct Variation {
    std::string name;     ///< its column in results ("hardware", "num_pes")
    std::string argument; ///< a study argument's long name ("hardware"), or
    std::string path;     ///< a JSON pointer into the study's inputs ("/hardware/num_pes")
    std::string kind;     ///< only studies of this kind ("" = every study that has the argument or field)
    std::vector<std::string> values; ///< argument values, or JSON values for a path ("256", "\"WS\"")
    friend bool operator==(const Variation&, const Variation&) = default;
};

struct OptimizerChoice {
    std::string kind;     ///< only studies of this kind ("" = every study whose kind has this optimizer)
    std::string id;       ///< registry id ("ppo", "random", "bottom-up", …)
    OptionValues options; ///< key → value, as `--option key=value`
    friend bool operator==(const OptimizerChoice&, const OptimizerChoice&) = default;
};

struct SweepSpec {
    std::string name;
    std::string description; ///< what the sweep is for (a sentence; optional)
    std::vector<StudyEntry> studies;
    std::vector<Variation> variations;
    std::vector<OptimizerChoice> optimizers;
    std::vector<std::uint64_t> seeds;
    std::string objective;   ///< every study's objective ("" = each study's own)
    OptionValues runOptions; ///< the kinds' run options (scheduling: {"dataflow": "flexible"})
    /// Folder that relative file names are resolved against (the sweep file's folder; stored as
    /// "base_dir" in a results folder's copy). Empty: the working folder.
    std::string baseDir;
    friend bool operator==(const SweepSpec&, const SweepSpec&) = default;
};

/// One run of the cross product. Index order: study, variations (the first varies slowest),
/// optimizer, seed (the last varies fastest); optimizers a study's kind does not have and
/// variations that do not apply to it are left out of its part of the product.
struct Shard {
    int index = 0;
    int study = 0;                   ///< into SweepSpec::studies
    std::vector<std::string> levels; ///< per variation: its value, "" where it does not apply
    OptimizerChoice optimizer;
    std::uint64_t seed = 0;
};

/// What a shard did. `status` is "ok" (a result), "no result" (the run found nothing valid) or
/// "failed" (the inputs could not be run: `failure` says why); all three are finished shards.
struct ShardResult {
    int index = 0;
    std::string sweep, study, kind;
    std::vector<std::pair<std::string, std::string>> variations; ///< name → value (applied ones)
    std::string optimizer, options, objective;
    std::uint64_t seed = 0;
    std::string status = "ok";
    std::string failure;
    /// The best result's objectives in the kind's order: id, unit, value.
    struct Objective {
        std::string id, unit;
        double value = 0;
        friend bool operator==(const Objective&, const Objective&) = default;
    };
    std::vector<Objective> objectives;
    std::vector<std::pair<std::string, double>> figures; ///< the job's further figures
    /// The progress metric at each improvement (the kind's "best so far" curve), thinned.
    std::vector<std::pair<double, double>> curve;
    std::int64_t evaluations = 0;
    /// The best result as the kind's JSON document (a mapping, a design with its front, a
    /// policy, a memory map; compact), kept in the shard's file for reports and exports; not
    /// part of collected tables. "" when there is none.
    std::string document;
    double seconds = 0; ///< wall time (informational: not part of the result's identity)
    std::string host;   ///< where it ran (informational)

    /// The same shard of the same sweep: every field that names the run, none of its outcome.
    bool sameShard(const ShardResult& o) const;
    /// Equal results: the same shard with the same outcome (everything but the document, seconds
    /// and host).
    bool sameResult(const ShardResult& o) const;
    /// The value of an objective ("energy"), if the result has it.
    std::optional<double> objectiveValue(std::string_view id) const;
    std::optional<double> figure(std::string_view name) const;
    /// The variation's value, "" if it did not apply.
    std::string level(std::string_view variation) const;
};

/// A result with only the shard's identity filled in (what sameShard compares).
ShardResult shardIdentity(const SweepSpec& spec, const Shard& shard);

/// Parses and checks a sweep file; InputError names file, line and field. Study kinds are read
/// from the file where it names them; loadSweepFile fills in the rest.
SweepSpec sweepFromJson(std::string_view text, const std::string& source);
std::string sweepToJson(const SweepSpec& spec);
/// Reads a sweep file; its folder becomes baseDir unless the file names one; every study is
/// loaded once to learn its kind (InputError names the entry).
SweepSpec loadSweepFile(const std::string& path);

/// A results folder holds "sweep.json" (the sweep it belongs to, with baseDir and kinds) and one
/// file per finished shard. Creates the folder and writes the sweep, or checks that the one
/// already there is the same sweep (InputError otherwise, so two sweeps never mix their files).
void adoptSweepFolder(const std::string& folder, const SweepSpec& spec);
/// The sweep of a results folder (InputError if it holds none).
SweepSpec sweepOfFolder(const std::string& folder);
/// "<folder>/sweep.json".
std::string sweepFileIn(const std::string& folder);

/// Shard index lists as Slurm writes them: "0-5,7,9-47" (sorted, duplicates dropped).
std::string formatIndexRanges(std::vector<int> indices);
/// Parses "0-5,7" for a sweep of `count` shards; InputError names `what` and the bad part.
std::vector<int> parseIndexRanges(std::string_view text, int count, const std::string& what);
/// Builds every study with each of its optimizers and every variation value alone on each study
/// (so bad values fail here, not in shard 4,711 on a cluster). InputError names the entry
/// (unless `named` is false: the study's own message alone, for one-study sweeps).
void checkSweepInputs(const SweepSpec& spec, bool named = true);
/// The shards in index order. Throws InputError if the product is empty or above 100,000.
std::vector<Shard> planSweep(const SweepSpec& spec);
/// "eyeriss × tiny-a × hardware=edge-256 × random (samples=300) × seed 2".
std::string shardText(const SweepSpec& spec, const Shard& shard);

/// The study a shard runs: its entry resolved, its variations applied, with the optimizer
/// settings of the shard (one thread). Throws InputError naming the entry or variation.
Study shardStudy(const SweepSpec& spec, const Shard& shard);

/// "shard-00007.json".
std::string shardFileName(int index);
/// How a shard runs in this process. The defaults are a sweep's: one thread, no observers.
struct ShardRun {
    int threads = 1;                  ///< the job's threads (the same shard gives the same result anywhere)
    MetricsSink* sink = nullptr;      ///< also receives everything the job reports (progress lines)
    std::string* document = nullptr;  ///< receives the best result's document (the kind's JSON)
};
/// Runs one shard in this process.
ShardResult runShard(const SweepSpec& spec, const Shard& shard, std::stop_token stop = {}, const ShardRun& how = {});
std::string shardResultToJson(const ShardResult& r);
ShardResult shardResultFromJson(std::string_view text, const std::string& source);

/// The finished shards in a folder, by index: files that are missing, unreadable, cut short or
/// that belong to another sweep or shard count as unfinished (and are listed in `problems`).
std::map<int, ShardResult> readFinishedShards(const std::string& folder, const SweepSpec& spec,
                                              std::vector<std::string>* problems = nullptr);
/// Indices of the shards without a finished result file, in order.
std::vector<int> unfinishedShards(const std::string& folder, const SweepSpec& spec,
                                  std::vector<std::string>* problems = nullptr);
/// What runShardInto did: whether the shard ran now (false: its result file was already there),
/// and its result either way.
struct ShardOutcome {
    bool ran = false;
    ShardResult result;
};
/// Runs a shard of the sweep's plan unless its result file exists; writes it atomically and
/// returns it (callers pass the shard they planned, so nothing is planned or read twice).
ShardOutcome runShardInto(const std::string& folder, const SweepSpec& spec, const Shard& shard,
                          std::stop_token stop = {});

struct CollectOptions {
    bool timing = true; ///< include seconds and host (leave them out to compare runs byte for byte)
};
/// Merged results (one row per shard, index order) as CSV (objective columns "<id> (<unit>)",
/// variation columns by name) or as a JSON array of shard results.
std::string collectCsv(const std::vector<ShardResult>& results, CollectOptions opts = {});
std::string collectJson(const std::vector<ShardResult>& results, CollectOptions opts = {});
/// Reads a table written by collectCsv or collectJson (either; with or without timing columns).
/// InputError names the file, line and column.
std::vector<ShardResult> readCollected(std::string_view text, const std::string& source);

/// Results to compare from a path: a collected table (.csv / .json), or a results folder (or its
/// sweep.json), whose finished shards are read. InputError names the file.
std::vector<ShardResult> loadSweepResults(const std::string& path);

/// A quantity to compare: an objective id and unit as the results carry them ("energy", "pJ").
struct SweepQuantity {
    std::string id, unit;
    bool higherIsBetter = false;
    /// "energy (pJ)".
    std::string label() const;
    friend bool operator==(const SweepQuantity&, const SweepQuantity&) = default;
};
/// Every objective the results hold, in order of first appearance (their kinds say which way is
/// better; kinds unknown to this process are taken as lower-is-better).
std::vector<SweepQuantity> sweepQuantities(const std::vector<ShardResult>& results);
/// The quantity whose id (or label) is `name`; nullopt if the results have none.
std::optional<SweepQuantity> findSweepQuantity(const std::vector<ShardResult>& results, std::string_view name);

struct SweepCell {
    int runs = 0;      ///< results in this cell (seeds)
    int complete = 0;  ///< of which have a value for the quantity (only these enter the statistics)
    double mean = 0, stddev = 0, min = 0, max = 0; ///< over complete runs (NaN if none)
    double relative = 0; ///< mean / the group's best mean (1 for the best; NaN if incomplete)
    bool best = false;   ///< best mean of its group
};

struct SweepComparison {
    /// Groups: a study with its variation levels ("VGG16 row 2 · hardware=edge-256"), first-seen order.
    std::vector<std::string> groups;
    std::vector<std::string> optimizers;       ///< "random (samples=300)", first-seen order
    std::vector<std::vector<SweepCell>> cells; ///< [group][optimizer]
    std::vector<std::uint64_t> seeds;          ///< distinct seeds seen, sorted
};

/// Groups results (collected rows) for a comparison of one quantity; rows without it are left
/// out of the groups.
SweepComparison compareSweepResults(const std::vector<ShardResult>& results, const SweepQuantity& q);

} // namespace mapscape::sweep
