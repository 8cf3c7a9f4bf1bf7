// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/sweep/sweep.h"

#include "core/io/file_util.h"
#include "core/io/json_document.h"
#include "core/io/object_reader.h"
#include "core/io/preset_io.h"
#include "core/io/preset_library.h"
#include "core/optim/metrics_sink.h"
#include "core/optim/search.h"
#include "core/util/strings.h"
#ifdef MAPSCAPE_HAS_TORCH
#include "core/optim/rl/common/torch_setup.h"
#endif

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
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

std::string number(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

} // namespace

bool ShardResult::sameResult(const ShardResult& o) const
{
    return index == o.index && sweep == o.sweep && accelerator == o.accelerator && network == o.network &&
           optimizer == o.optimizer && options == o.options && metric == o.metric && layer == o.layer && seed == o.seed &&
           energy == o.energy && cycles == o.cycles && layersFound == o.layersFound && layers == o.layers &&
           evaluations == o.evaluations;
}

SweepSpec sweepFromJson(std::string_view text, const std::string& source)
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
                if (std::none_of(info->options.begin(), info->options.end(), [&](const OptionSpec& o) { return o.key == key; })) {
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
    r.finish();
    planSweep(s); // the product's size
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
    return j.dump(2) + "\n";
}

std::vector<Shard> planSweep(const SweepSpec& s)
{
    const std::size_t n = s.accelerators.size() * s.networks.size() * s.optimizers.size() * s.seeds.size();
    if (n == 0)
        throw InputError("sweep \"" + s.name + "\": the cross product is empty");
    if (n > kMaxShards)
        throw InputError("sweep \"" + s.name + "\": " + std::to_string(n) + " shards, more than the limit of " +
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

std::string shardFileName(int index)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "shard-%05d.json", index);
    return buf;
}

ShardResult runShard(const SweepSpec& spec, const Shard& shard, std::stop_token stop)
{
    const auto start = std::chrono::steady_clock::now();
    const Accelerator acc = loadAccelerator(resolvePreset(shard.accelerator, PresetKind::Accelerator));
    Network net = loadNetwork(resolvePreset(shard.network, PresetKind::Network));
    if (!spec.layer.empty()) {
        const int i = net.indexOf(spec.layer);
        if (i < 0)
            throw InputError("sweep \"" + spec.name + "\": layer \"" + spec.layer + "\" is not in network \"" + net.name + "\"");
        net.layers = {net.layers[std::size_t(i)]};
    }
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

ShardResult shardResultFromJson(std::string_view text, const std::string& source)
{
    const io::JsonDocument doc = io::JsonDocument::parse(text, source);
    io::ObjectReader r(doc, "", doc.root());
    io::checkSchema(r, "sweep-shard", kSweepSchemaVersion);
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
        const bool matches = r.sweep == spec.name && r.index == shard.index && r.accelerator == shard.accelerator &&
                             r.network == shard.network && r.optimizer == shard.optimizer.id &&
                             r.options == optionsText(shard.optimizer.options) && r.seed == shard.seed &&
                             r.metric == spec.metric && r.layer == spec.layer;
        if (matches)
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

std::string collectCsv(const std::vector<ShardResult>& results)
{
    std::ostringstream out;
    out << "index,sweep,accelerator,network,optimizer,options,metric,layer,seed,energy_pj,cycles,layers_found,layers,"
           "evaluations,seconds,host\n";
    for (const ShardResult& r : results)
        out << r.index << ',' << csvQuote(r.sweep) << ',' << csvQuote(r.accelerator) << ',' << csvQuote(r.network) << ','
            << csvQuote(r.optimizer) << ',' << csvQuote(r.options) << ',' << r.metric << ',' << csvQuote(r.layer) << ','
            << r.seed << ',' << number(r.energy) << ',' << number(r.cycles) << ',' << r.layersFound << ',' << r.layers
            << ',' << r.evaluations << ',' << number(r.seconds) << ',' << csvQuote(r.host) << '\n';
    return out.str();
}

std::string collectJson(const std::vector<ShardResult>& results)
{
    json arr = json::array();
    for (const ShardResult& r : results)
        arr.push_back(json::parse(shardResultToJson(r)));
    return arr.dump(2) + "\n";
}

} // namespace mapscape::sweep
