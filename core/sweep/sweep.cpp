// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/sweep/sweep.h"

#include "core/io/file_util.h"
#include "core/io/input_limits.h"
#include "core/io/json_document.h"
#include "core/io/object_reader.h"
#include "core/io/preset_io.h"
#include "core/io/preset_library.h"
#include "core/optim/metrics_sink.h"
#include "core/optim/search.h"
#include "core/util/statistics.h"
#include "core/util/strings.h"
#ifdef MAPSCAPE_HAS_TORCH
#include "core/optim/rl/common/torch_setup.h"
#endif

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <sstream>

namespace mapscape::sweep {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

constexpr std::size_t kMaxShards = 100000;

std::vector<std::string> textList(io::ObjectReader& r, const std::string& key)
{
    const json& v = r.get(key);
    const std::string p = r.ptr(key);
    if (!v.is_array() || v.empty())
        r.doc().fail(p, "expected a non-empty list of names");
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (!v[i].is_string() || v[i].get<std::string>().empty())
            r.doc().fail(p + "/" + std::to_string(i), "expected a preset name or file, got " + v[i].dump());
        out.push_back(v[i].get<std::string>());
    }
    return out;
}

std::string optionsText(const OptionValues& o)
{
    std::string s;
    for (const auto& [k, v] : o)
        s += (s.empty() ? "" : " ") + k + "=" + v;
    return s;
}

std::string hostName()
{
    char buf[256] = {};
    if (gethostname(buf, sizeof buf - 1) != 0)
        return "unknown";
    return buf;
}

/// A preset name, or a file relative to the sweep's folder (then the working folder).
std::string resolveInput(const SweepSpec& spec, const std::string& entry, PresetKind kind)
{
    if (!spec.baseDir.empty() && fs::path(entry).is_relative()) {
        std::error_code ec;
        const fs::path p = fs::path(spec.baseDir) / entry;
        if (fs::is_regular_file(p, ec))
            return p.string();
    }
    return resolvePreset(entry, kind);
}

} // namespace

bool ShardResult::sameShard(const ShardResult& o) const
{
    return index == o.index && sweep == o.sweep && accelerator == o.accelerator && network == o.network &&
           optimizer == o.optimizer && options == o.options && metric == o.metric && layer == o.layer && seed == o.seed;
}

bool ShardResult::sameResult(const ShardResult& o) const
{
    return sameShard(o) && energy == o.energy && cycles == o.cycles && layersFound == o.layersFound &&
           layers == o.layers && evaluations == o.evaluations;
}

ShardResult shardIdentity(const SweepSpec& spec, const Shard& shard)
{
    ShardResult r;
    r.index = shard.index;
    r.sweep = spec.name;
    r.accelerator = shard.accelerator;
    r.network = shard.network;
    r.optimizer = shard.optimizer.id;
    r.options = optionsText(shard.optimizer.options);
    r.metric = spec.metric;
    r.layer = spec.layer;
    r.seed = shard.seed;
    return r;
}

static SweepSpec sweepFromJsonUnguarded(std::string_view text, const std::string& source)
{
    const io::JsonDocument doc = io::JsonDocument::parse(text, source);
    io::ObjectReader r(doc, "", doc.root());
    io::checkSchema(r, "sweep", kSweepSchemaVersion);
    SweepSpec s;
    s.name = r.text("name");
    if (s.name.empty() || s.name.find_first_of("/\\\n") != std::string::npos)
        doc.fail("/name", "must be a non-empty name without slashes or line breaks");
    const std::string kind = r.text("kind", std::string("scheduling"));
    if (kind != "scheduling")
        doc.fail("/kind", "sweeps run scheduling-table studies (\"scheduling\"), got \"" + kind + "\"");
    s.accelerators = textList(r, "accelerators");
    s.networks = textList(r, "networks");
    {
        const json& v = r.get("optimizers");
        if (!v.is_array() || v.empty())
            doc.fail("/optimizers", "expected a non-empty list of {\"id\": …, \"options\": {…}}");
        for (std::size_t i = 0; i < v.size(); ++i) {
            const std::string p = "/optimizers/" + std::to_string(i);
            OptimizerChoice c;
            if (v[i].is_string()) {
                c.id = v[i].get<std::string>();
            } else {
                io::ObjectReader o(doc, p, v[i]);
                c.id = o.text("id");
                if (o.has("options")) {
                    const json& opts = o.get("options");
                    if (!opts.is_object())
                        doc.fail(p + "/options", "expected an object of option values");
                    for (auto it = opts.begin(); it != opts.end(); ++it) {
                        if (it.value().is_string())
                            c.options[it.key()] = it.value().get<std::string>();
                        else if (it.value().is_number() || it.value().is_boolean())
                            c.options[it.key()] = it.value().dump();
                        else
                            doc.fail(p + "/options/" + it.key(), "expected a number, true/false or a string");
                    }
                }
                o.finish();
            }
            const OptimizerInfo* info = findOptimizer(c.id);
            if (!info)
                doc.fail(p + "/id", "unknown optimizer \"" + c.id + "\" for scheduling-table studies");
            if (!info->available)
                doc.fail(p + "/id", "optimizer \"" + c.id + "\" is not available: " + info->unavailableReason);
            // Option names are checked now, not in shard 4,711 on a cluster (values when a shard
            // builds its optimizer; `sweep plan` builds every one once).
            for (const auto& [key, value] : c.options)
                if (std::none_of(info->options.begin(), info->options.end(), [&key = key](const OptionSpec& o) { return o.key == key; })) {
                    std::string known;
                    for (const OptionSpec& o : info->options)
                        known += (known.empty() ? "" : ", ") + o.key;
                    doc.fail(p + "/options/" + key, "unknown option of " + c.id + (known.empty() ? " (it has none)" : "; expected " + known));
                }
            s.optimizers.push_back(std::move(c));
        }
    }
    {
        const json& v = r.get("seeds");
        if (!v.is_array() || v.empty())
            doc.fail("/seeds", "expected a non-empty list of seeds");
        for (std::size_t i = 0; i < v.size(); ++i) {
            const std::int64_t seed = r.integerValue(v[i], "/seeds/" + std::to_string(i));
            if (seed < 0)
                doc.fail("/seeds/" + std::to_string(i), "must be a non-negative integer, got " + std::to_string(seed));
            s.seeds.push_back(std::uint64_t(seed));
        }
    }
    s.metric = r.text("metric", std::string("energy"));
    if (!parseMetric(s.metric))
        doc.fail("/metric", "expected energy, cycle or edp, got \"" + s.metric + "\"");
    s.dataflow = r.text("dataflow", std::string("fixed"));
    if (s.dataflow != "fixed" && s.dataflow != "flexible")
        doc.fail("/dataflow", "expected fixed or flexible, got \"" + s.dataflow + "\"");
    s.layer = r.text("layer", std::string());
    s.baseDir = r.text("base_dir", std::string());
    r.finish();
    try {
        planSweep(s); // the product's size
    } catch (const InputError& e) {
        doc.fail("", e.what());
    }
    return s;
}

std::string sweepToJson(const SweepSpec& s)
{
    json j;
    j["schema"] = "mapscape/sweep";
    j["version"] = kSweepSchemaVersion;
    j["name"] = s.name;
    j["kind"] = "scheduling";
    j["accelerators"] = s.accelerators;
    j["networks"] = s.networks;
    json opts = json::array();
    for (const OptimizerChoice& c : s.optimizers)
        opts.push_back({{"id", c.id}, {"options", c.options}});
    j["optimizers"] = opts;
    j["seeds"] = s.seeds;
    j["metric"] = s.metric;
    j["dataflow"] = s.dataflow;
    if (!s.layer.empty())
        j["layer"] = s.layer;
    if (!s.baseDir.empty())
        j["base_dir"] = s.baseDir;
    return j.dump(2) + "\n";
}

SweepSpec loadSweepFile(const std::string& path)
{
    SweepSpec s = sweepFromJson(readTextFile(path), path);
    if (s.baseDir.empty()) {
        std::error_code ec;
        const fs::path abs = fs::absolute(fs::path(path), ec);
        s.baseDir = (ec ? fs::path(path) : abs).parent_path().lexically_normal().string();
    }
    return s;
}

std::string sweepFileIn(const std::string& folder)
{
    return (fs::path(folder) / "sweep.json").string();
}

void adoptSweepFolder(const std::string& folder, const SweepSpec& spec)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec)
        throw InputError(folder + ": cannot create the results folder (" + ec.message() + ")");
    const std::string file = sweepFileIn(folder);
    if (fs::exists(file, ec)) {
        const SweepSpec there = sweepFromJson(readTextFile(file), file);
        if (!(there == spec))
            throw InputError(folder + ": holds the results of another sweep (\"" + there.name + "\", see " + file +
                             "); use a new folder, or delete this one to start over");
        return;
    }
    writeTextFileAtomic(file, sweepToJson(spec));
}

SweepSpec sweepOfFolder(const std::string& folder)
{
    const std::string file = sweepFileIn(folder);
    std::error_code ec;
    if (!fs::exists(file, ec))
        throw InputError(folder + ": not a sweep results folder (it has no sweep.json; `mapscape-cli sweep run` "
                                  "creates one)");
    return sweepFromJson(readTextFile(file), file);
}

std::string formatIndexRanges(std::vector<int> v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    std::string out;
    for (std::size_t i = 0; i < v.size();) {
        std::size_t j = i;
        while (j + 1 < v.size() && v[j + 1] == v[j] + 1)
            ++j;
        out += (out.empty() ? "" : ",") + std::to_string(v[i]);
        if (j > i)
            out += "-" + std::to_string(v[j]);
        i = j + 1;
    }
    return out;
}

std::vector<int> parseIndexRanges(std::string_view text, int count, const std::string& what)
{
    std::vector<int> out;
    if (trim(text).empty())
        throw InputError(what + ": expected shard indices such as 0-5,7");
    for (const std::string& part : split(text, ',')) {
        const std::string_view p = trim(part);
        const std::size_t dash = p.find('-', 1);
        const auto lo = parseInt(p.substr(0, dash));
        const auto hi = dash == std::string_view::npos ? lo : parseInt(p.substr(dash + 1));
        if (!lo || !hi || *lo < 0 || *hi < *lo)
            throw InputError(what + ": \"" + std::string(p) + "\" is not an index or a range a-b of indices");
        if (*hi >= count)
            throw InputError(what + ": shard " + std::to_string(*hi) + " does not exist; the sweep has " +
                             std::to_string(count) + " shards (0 to " + std::to_string(count - 1) + ")");
        for (std::int64_t i = *lo; i <= *hi; ++i)
            out.push_back(int(i));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<Shard> planSweep(const SweepSpec& s)
{
    // The product, saturated: four lists of a million entries each must not wrap around.
    std::size_t n = 1;
    for (const std::size_t k : {s.accelerators.size(), s.networks.size(), s.optimizers.size(), s.seeds.size()})
        n = k == 0 ? 0 : (n > kMaxShards / k + 1 ? kMaxShards + 1 : n * k);
    if (n == 0)
        throw InputError("sweep \"" + s.name + "\": the cross product is empty");
    if (n > kMaxShards)
        throw InputError("sweep \"" + s.name + "\": " + std::to_string(s.accelerators.size()) + " × " +
                         std::to_string(s.networks.size()) + " × " + std::to_string(s.optimizers.size()) + " × " +
                         std::to_string(s.seeds.size()) + " shards, more than the limit of " +
                         std::to_string(kMaxShards));
    std::vector<Shard> out;
    out.reserve(n);
    for (const std::string& a : s.accelerators)
        for (const std::string& net : s.networks)
            for (const OptimizerChoice& o : s.optimizers)
                for (std::uint64_t seed : s.seeds)
                    out.push_back(Shard{int(out.size()), a, net, o, seed});
    return out;
}

void checkSweepInputs(const SweepSpec& spec)
{
    std::vector<Accelerator> accs;
    for (const std::string& a : spec.accelerators) {
        try {
            accs.push_back(loadAccelerator(resolveInput(spec, a, PresetKind::Accelerator)));
        } catch (const InputError& e) {
            throw InputError("sweep \"" + spec.name + "\": accelerator \"" + a + "\": " + e.what());
        }
    }
    std::vector<Network> nets;
    for (const std::string& n : spec.networks) {
        try {
            nets.push_back(loadNetwork(resolveInput(spec, n, PresetKind::Network)));
        } catch (const InputError& e) {
            throw InputError("sweep \"" + spec.name + "\": network \"" + n + "\": " + e.what());
        }
        if (!spec.layer.empty() && !nets.back().keepOnlyLayer(spec.layer))
            throw InputError("sweep \"" + spec.name + "\": layer \"" + spec.layer + "\" is not in network \"" + n + "\"");
    }
    const SchedulingProblem problem =
        SchedulingProblem::make(accs.front(), nets.front(), *parseMetric(spec.metric),
                                spec.dataflow == "flexible" ? DataflowMode::Flexible : DataflowMode::Fixed);
    for (std::size_t i = 0; i < spec.optimizers.size(); ++i) {
        const OptimizerChoice& o = spec.optimizers[i];
        try {
            (void)makeOptimizer(o.id, problem, o.options, spec.seeds.front());
        } catch (const InputError& e) {
            throw InputError("sweep \"" + spec.name + "\": optimizers[" + std::to_string(i) + "] (" + o.id + "): " + e.what());
        }
    }
}

std::string shardFileName(int index)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "shard-%05d.json", index);
    return buf;
}

ShardResult runShard(const SweepSpec& spec, const Shard& shard, std::stop_token stop)
{
    const auto start = std::chrono::steady_clock::now();
    const Accelerator acc = loadAccelerator(resolveInput(spec, shard.accelerator, PresetKind::Accelerator));
    Network net = loadNetwork(resolveInput(spec, shard.network, PresetKind::Network));
    if (!spec.layer.empty() && !net.keepOnlyLayer(spec.layer))
        throw InputError("sweep \"" + spec.name + "\": layer \"" + spec.layer + "\" is not in network \"" + net.name + "\"");
    const SchedulingProblem problem = SchedulingProblem::make(
        acc, net, *parseMetric(spec.metric), spec.dataflow == "flexible" ? DataflowMode::Flexible : DataflowMode::Fixed);
#ifdef MAPSCAPE_HAS_TORCH
    rl::setTorchThreads(1);
#endif
    std::unique_ptr<SearchStrategy> strategy = makeOptimizer(shard.optimizer.id, problem, shard.optimizer.options, shard.seed);
    NullMetricsSink sink;
    DriverOptions drv;
    drv.threads = 1;
    const SearchResult res = runSearch(problem, *strategy, drv, stop, sink);
    if (stop.stop_requested())
        throw InputError("shard " + std::to_string(shard.index) + " cancelled");
    ShardResult r = shardIdentity(spec, shard);
    r.energy = res.totalEnergy;
    r.cycles = res.totalCycles;
    r.layersFound = res.layersFound;
    r.layers = int(res.layers.size());
    r.evaluations = res.evaluations;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.host = hostName();
    return r;
}

std::string shardResultToJson(const ShardResult& r)
{
    const json j = {{"schema", "mapscape/sweep-shard"}, {"version", kSweepSchemaVersion},
                    {"sweep", r.sweep},          {"index", r.index},
                    {"accelerator", r.accelerator}, {"network", r.network},
                    {"optimizer", r.optimizer},  {"options", r.options},
                    {"metric", r.metric},        {"layer", r.layer},
                    {"seed", r.seed},            {"energy_pj", r.energy},
                    {"cycles", r.cycles},        {"layers_found", r.layersFound},
                    {"layers", r.layers},        {"evaluations", r.evaluations},
                    {"seconds", r.seconds},      {"host", r.host}};
    return j.dump(2) + "\n";
}

namespace {

/// One shard result object (a shard file's root or an element of a collected JSON array).
ShardResult readShardObject(const io::JsonDocument& doc, io::ObjectReader& r)
{
    ShardResult s;
    s.sweep = r.text("sweep");
    s.index = r.integerIn("index", 0, 0, std::int64_t(kMaxShards));
    s.accelerator = r.text("accelerator");
    s.network = r.text("network");
    s.optimizer = r.text("optimizer");
    s.options = r.text("options", std::string());
    s.metric = r.text("metric");
    s.layer = r.text("layer", std::string());
    const std::int64_t seed = r.integer("seed");
    if (seed < 0)
        doc.fail("/seed", "must be non-negative");
    s.seed = std::uint64_t(seed);
    s.energy = r.real("energy_pj");
    s.cycles = r.real("cycles");
    s.layersFound = r.integerIn("layers_found", 0, 0, 1 << 20);
    s.layers = r.integerIn("layers", 0, 0, 1 << 20);
    s.evaluations = r.integer("evaluations");
    s.seconds = r.real("seconds", 0.0);
    s.host = r.text("host", std::string());
    r.finish();
    return s;
}

} // namespace

static ShardResult shardResultFromJsonUnguarded(std::string_view text, const std::string& source)
{
    const io::JsonDocument doc = io::JsonDocument::parse(text, source);
    io::ObjectReader r(doc, "", doc.root());
    io::checkSchema(r, "sweep-shard", kSweepSchemaVersion);
    return readShardObject(doc, r);
}

namespace {

/// Shard `shard`'s result file if it is complete and belongs to this shard of this sweep.
std::optional<ShardResult> finishedShard(const std::string& folder, const SweepSpec& spec, const Shard& shard,
                                         std::vector<std::string>* problems)
{
    const fs::path file = fs::path(folder) / shardFileName(shard.index);
    std::error_code ec;
    if (!fs::exists(file, ec))
        return std::nullopt;
    try {
        ShardResult r = shardResultFromJson(readTextFile(file.string()), file.string());
        if (r.sameShard(shardIdentity(spec, shard)))
            return r;
        if (problems)
            problems->push_back(file.string() + ": belongs to another sweep or shard (re-run)");
    } catch (const InputError& e) {
        if (problems)
            problems->push_back(std::string(e.what()) + " (re-run)");
    }
    return std::nullopt;
}

} // namespace

std::map<int, ShardResult> readFinishedShards(const std::string& folder, const SweepSpec& spec,
                                              std::vector<std::string>* problems)
{
    std::map<int, ShardResult> out;
    for (const Shard& shard : planSweep(spec))
        if (std::optional<ShardResult> r = finishedShard(folder, spec, shard, problems))
            out.emplace(shard.index, std::move(*r));
    return out;
}

std::vector<int> unfinishedShards(const std::string& folder, const SweepSpec& spec, std::vector<std::string>* problems)
{
    std::vector<int> out;
    for (const Shard& shard : planSweep(spec))
        if (!finishedShard(folder, spec, shard, problems))
            out.push_back(shard.index);
    return out;
}

bool runShardInto(const std::string& folder, const SweepSpec& spec, int index, std::stop_token stop)
{
    const std::vector<Shard> shards = planSweep(spec);
    if (index < 0 || index >= int(shards.size()))
        throw InputError("shard index " + std::to_string(index) + " out of range: the sweep has " +
                         std::to_string(shards.size()) + " shards (0 to " + std::to_string(shards.size() - 1) + ")");
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec)
        throw InputError(folder + ": cannot create the results folder (" + ec.message() + ")");
    if (finishedShard(folder, spec, shards[std::size_t(index)], nullptr))
        return false;
    const ShardResult r = runShard(spec, shards[std::size_t(index)], stop);
    writeTextFileAtomic((fs::path(folder) / shardFileName(index)).string(), shardResultToJson(r));
    return true;
}

namespace {

constexpr const char* kCollectColumns[] = {"index",  "sweep",     "accelerator",  "network", "optimizer",
                                           "options", "metric",   "layer",        "seed",    "energy_pj",
                                           "cycles", "layers_found", "layers",    "evaluations", "seconds",
                                           "host"};
constexpr int kTimingColumns = 2; // seconds, host: the last two

} // namespace

std::string collectCsv(const std::vector<ShardResult>& results, CollectOptions opts)
{
    std::ostringstream out;
    const int columns = int(std::size(kCollectColumns)) - (opts.timing ? 0 : kTimingColumns);
    for (int c = 0; c < columns; ++c)
        out << (c ? "," : "") << kCollectColumns[c];
    out << '\n';
    for (const ShardResult& r : results) {
        out << r.index << ',' << csvQuote(r.sweep) << ',' << csvQuote(r.accelerator) << ',' << csvQuote(r.network) << ','
            << csvQuote(r.optimizer) << ',' << csvQuote(r.options) << ',' << r.metric << ',' << csvQuote(r.layer) << ','
            << r.seed << ',' << formatReal(r.energy) << ',' << formatReal(r.cycles) << ',' << r.layersFound << ',' << r.layers
            << ',' << r.evaluations;
        if (opts.timing)
            out << ',' << formatReal(r.seconds) << ',' << csvQuote(r.host);
        out << '\n';
    }
    return out.str();
}

std::string collectJson(const std::vector<ShardResult>& results, CollectOptions opts)
{
    json arr = json::array();
    for (const ShardResult& r : results) {
        json j = json::parse(shardResultToJson(r));
        if (!opts.timing) {
            j.erase("seconds");
            j.erase("host");
        }
        arr.push_back(std::move(j));
    }
    return arr.dump(2) + "\n";
}

std::vector<ShardResult> readCollected(std::string_view text, const std::string& source)
{
    const std::string_view body = trim(text);
    if (body.empty())
        throw InputError(source + ": empty file; expected sweep results (CSV or JSON from `mapscape-cli sweep collect`)");
    std::vector<ShardResult> out;
    if (body.front() == '[') {
        const io::JsonDocument doc = io::JsonDocument::parse(text, source);
        for (std::size_t i = 0; i < doc.root().size(); ++i) {
            const std::string p = "/" + std::to_string(i);
            if (!doc.root()[i].is_object())
                doc.fail(p, "expected a shard result object");
            io::ObjectReader r(doc, p, doc.root()[i]);
            io::checkSchema(r, "sweep-shard", kSweepSchemaVersion);
            out.push_back(readShardObject(doc, r));
        }
        return out;
    }
    io::checkTextLines(text, source);
    std::istringstream in{std::string(text)};
    std::string line;
    int lineNo = 0;
    std::vector<int> column; // file column → kCollectColumns index
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (trim(line).empty())
            continue;
        const std::vector<std::string> f = csvFields(line);
        const std::string at = source + ":" + std::to_string(lineNo) + ": ";
        if (column.empty()) {
            for (const std::string& name : f) {
                const auto it = std::find(std::begin(kCollectColumns), std::end(kCollectColumns), name);
                if (it == std::end(kCollectColumns))
                    throw InputError(at + "unknown column \"" + name + "\"; expected the header of `sweep collect`");
                column.push_back(int(it - std::begin(kCollectColumns)));
            }
            for (int required = 0; required < int(std::size(kCollectColumns)) - kTimingColumns; ++required)
                if (std::find(column.begin(), column.end(), required) == column.end())
                    throw InputError(at + "missing column \"" + std::string(kCollectColumns[required]) + "\"");
            continue;
        }
        if (f.size() != column.size())
            throw InputError(at + std::to_string(f.size()) + " fields, the header has " + std::to_string(column.size()));
        ShardResult r;
        for (std::size_t c = 0; c < f.size(); ++c) {
            const std::string name = kCollectColumns[column[c]];
            const std::string& v = f[c];
            auto integer = [&](std::int64_t lo) {
                const auto i = parseInt(v);
                if (!i || *i < lo)
                    throw InputError(at + name + ": expected an integer ≥ " + std::to_string(lo) + ", got \"" + v + "\"");
                return *i;
            };
            auto real = [&] {
                const auto x = parseReal(v);
                if (!x)
                    throw InputError(at + name + ": expected a number, got \"" + v + "\"");
                return *x;
            };
            switch (column[c]) {
            case 0: r.index = int(integer(0)); break;
            case 1: r.sweep = v; break;
            case 2: r.accelerator = v; break;
            case 3: r.network = v; break;
            case 4: r.optimizer = v; break;
            case 5: r.options = v; break;
            case 6: r.metric = v; break;
            case 7: r.layer = v; break;
            case 8: r.seed = std::uint64_t(integer(0)); break;
            case 9: r.energy = real(); break;
            case 10: r.cycles = real(); break;
            case 11: r.layersFound = int(integer(0)); break;
            case 12: r.layers = int(integer(0)); break;
            case 13: r.evaluations = integer(0); break;
            case 14: r.seconds = real(); break;
            default: r.host = v; break;
            }
        }
        out.push_back(std::move(r));
    }
    if (column.empty())
        throw InputError(source + ": no header line");
    return out;
}

std::vector<ShardResult> loadSweepResults(const std::string& path)
{
    std::error_code ec;
    const fs::path p(path);
    std::string folder;
    if (fs::is_directory(p, ec))
        folder = path;
    else if (p.filename() == "sweep.json" && fs::exists(p.parent_path() / shardFileName(0), ec))
        folder = p.parent_path().string();
    else if (p.filename() == "sweep.json")
        throw InputError(path + ": a sweep file, not results; run it with `mapscape-cli sweep run` and open the results "
                                "folder or the table `sweep collect` writes");
    if (folder.empty())
        return readCollected(readTextFile(path), path);
    const SweepSpec spec = sweepOfFolder(folder);
    std::vector<ShardResult> out;
    for (auto& [i, r] : readFinishedShards(folder, spec))
        out.push_back(std::move(r));
    if (out.empty())
        throw InputError(folder + ": no finished shards yet");
    return out;
}

std::optional<SweepQuantity> parseSweepQuantity(std::string_view name)
{
    if (name == "energy")
        return SweepQuantity::Energy;
    if (name == "cycles" || name == "cycle")
        return SweepQuantity::Cycles;
    if (name == "edp")
        return SweepQuantity::Edp;
    return std::nullopt;
}

double quantityOf(const ShardResult& r, SweepQuantity q)
{
    switch (q) {
    case SweepQuantity::Energy: return r.energy;
    case SweepQuantity::Cycles: return r.cycles;
    case SweepQuantity::Edp: return r.energy * r.cycles;
    }
    return r.energy;
}

SweepComparison compareSweepResults(const std::vector<ShardResult>& results, SweepQuantity q)
{
    SweepComparison c;
    auto indexIn = [](auto& list, const auto& key) {
        const auto it = std::find(list.begin(), list.end(), key);
        if (it != list.end())
            return int(it - list.begin());
        list.push_back(key);
        return int(list.size() - 1);
    };
    std::vector<std::vector<std::vector<double>>> values;
    std::vector<std::vector<int>> runs;
    for (const ShardResult& r : results) {
        const int g = indexIn(c.groups, std::make_pair(r.accelerator, r.network));
        const int o = indexIn(c.optimizers, r.options.empty() ? r.optimizer : r.optimizer + " (" + r.options + ")");
        if (std::find(c.seeds.begin(), c.seeds.end(), r.seed) == c.seeds.end())
            c.seeds.push_back(r.seed);
        values.resize(c.groups.size());
        runs.resize(c.groups.size());
        for (std::size_t i = 0; i < values.size(); ++i) {
            values[i].resize(c.optimizers.size());
            runs[i].resize(c.optimizers.size());
        }
        ++runs[std::size_t(g)][std::size_t(o)];
        if (r.layersFound == r.layers && r.layers > 0)
            values[std::size_t(g)][std::size_t(o)].push_back(quantityOf(r, q));
    }
    std::sort(c.seeds.begin(), c.seeds.end());
    c.cells.assign(c.groups.size(), std::vector<SweepCell>(c.optimizers.size()));
    for (std::size_t g = 0; g < c.groups.size(); ++g) {
        double best = NAN;
        for (std::size_t o = 0; o < c.optimizers.size(); ++o) {
            SweepCell& cell = c.cells[g][o];
            const std::vector<double>& v = values[g][o];
            cell.runs = runs[g][o];
            cell.complete = int(v.size());
            std::tie(cell.mean, cell.stddev) = meanStd(v);
            cell.min = v.empty() ? NAN : *std::min_element(v.begin(), v.end());
            cell.max = v.empty() ? NAN : *std::max_element(v.begin(), v.end());
            if (!v.empty() && !(cell.mean >= best))
                best = cell.mean;
        }
        for (SweepCell& cell : c.cells[g]) {
            cell.relative = cell.complete > 0 ? cell.mean / best : NAN;
            cell.best = cell.complete > 0 && cell.mean == best;
        }
    }
    return c;
}

SweepSpec sweepFromJson(std::string_view text, const std::string& source)
{
    return io::readGuarded(source, [&] { return sweepFromJsonUnguarded(text, source); });
}

ShardResult shardResultFromJson(std::string_view text, const std::string& source)
{
    return io::readGuarded(source, [&] { return shardResultFromJsonUnguarded(text, source); });
}

} // namespace mapscape::sweep
