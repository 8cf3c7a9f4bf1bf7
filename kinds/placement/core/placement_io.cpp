// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/core/placement_io.h"

#include "core/network/workload_io.h"

#include "core/io/file_util.h"
#include "core/io/object_reader.h"
#include "core/io/preset_library.h"
#include "core/util/strings.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <sstream>

namespace mapscape {

using io::JsonDocument;
using io::ObjectReader;
using nlohmann::json;
using ojson = nlohmann::ordered_json;
using namespace placement;

WorkloadGraph loadPlacementWorkload(const std::string& nameOrPath)
{
    if (std::optional<WorkloadGraph> g = findBuiltinWorkload(nameOrPath))
        return std::move(*g);
    std::string path;
    try {
        path = resolvePreset(nameOrPath, kPlacementWorkloadPresets);
    } catch (const InputError& e) {
        throw InputError(std::string(e.what()) + "; resnet50, resnet101 and bert are built in");
    }
    const std::string text = readTextFile(path);
    if (path.size() >= 4 && iequals(std::string_view(path).substr(path.size() - 4), ".csv"))
        return placementWorkloadFromCsv(text, path);
    return placementWorkloadFromJson(text, path);
}

HardwareParams placementHardwareFromJson(std::string_view text, const std::string& source)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    ObjectReader r = io::schemaRoot(doc, "placement-hardware", kPlacementSchemaVersion);
    r.text("name", std::string());
    r.text("description", std::string());
    HardwareParams p;
    constexpr double MiB = 1024.0 * 1024, GiB = MiB * 1024, KiB = 1024;
    p.iceCount = r.integerIn("ice_count", p.iceCount, 1, 4096);
    p.sramPerIceBytes = r.real("sram_per_ice_mib", p.sramPerIceBytes / MiB) * MiB;
    p.llcBytes = r.real("llc_mib", p.llcBytes / MiB) * MiB;
    p.dramBytes = r.real("dram_gib", p.dramBytes / GiB) * GiB;
    p.dramBandwidth = r.real("dram_bandwidth_gbs", p.dramBandwidth / 1e9) * 1e9;
    p.llcBandwidth = r.real("llc_bandwidth_gbs", p.llcBandwidth / 1e9) * 1e9;
    p.sramBandwidth = r.real("sram_bandwidth_gbs", p.sramBandwidth / 1e9) * 1e9;
    p.macRate = r.real("mac_rate_tmacs", p.macRate / 1e12) * 1e12;
    p.macUtilisation = r.real("mac_utilisation", p.macUtilisation);
    p.vectorRate = r.real("vector_rate_gelems", p.vectorRate / 1e9) * 1e9;
    p.nodeOverhead = r.real("node_overhead_us", p.nodeOverhead * 1e6) * 1e-6;
    p.bytesPerElement = r.integerIn("bytes_per_element", p.bytesPerElement, 1, 4);
    const std::string sram = r.text("sram_mode", std::string("replicated"));
    if (sram == "replicated")
        p.sramMode = SramMode::Replicated;
    else if (sram == "sharded")
        p.sramMode = SramMode::Sharded;
    else
        doc.fail(r.ptr("sram_mode"), "expected \"replicated\" or \"sharded\", got \"" + sram + "\"");
    p.sramReserve = r.real("sram_reserve", p.sramReserve);
    p.llcReserve = r.real("llc_reserve", p.llcReserve);
    p.compilerWeightThreshold = r.real("compiler_weight_threshold_kib", p.compilerWeightThreshold / KiB) * KiB;
    p.noiseSigma = r.real("noise_sigma", p.noiseSigma);
    const std::string channels = r.text("channels", std::string("parallel"));
    if (channels == "parallel")
        p.channels = ChannelMode::Parallel;
    else if (channels == "serial")
        p.channels = ChannelMode::Serial;
    else
        doc.fail(r.ptr("channels"), "expected \"parallel\" (max over levels) or \"serial\" (sum), got \"" + channels + "\"");
    p.switchPenalty = r.real("switch_penalty_us", p.switchPenalty * 1e6) * 1e-6;
    p.dramThroughLlc = r.boolean("dram_through_llc", p.dramThroughLlc);
    if (r.has("rules")) {
        const json& list = r.list("rules", "expected a list of {op, tensor, level}");
        for (std::size_t i = 0; i < list.size(); ++i) {
            ObjectReader rr(doc, r.ptr("rules") + "/" + std::to_string(i), list[i]);
            LevelRule rule;
            rule.op = opKindFrom(rr.text("op"), [&](const std::string& m) { doc.fail(rr.ptr("op"), m); });
            const std::string t = rr.text("tensor", std::string("both"));
            if (t == "weights")
                rule.role = TensorRole::Weights;
            else if (t == "activations")
                rule.role = TensorRole::Activations;
            else if (t == "both")
                rule.role = TensorRole::Both;
            else
                doc.fail(rr.ptr("tensor"), "expected weights, activations or both, got \"" + t + "\"");
            const std::string l = rr.text("level");
            const auto level = parseLevel(l);
            if (!level || *level == Level::Dram)
                doc.fail(rr.ptr("level"), "expected SRAM or LLC (the level the tensors may not use), got \"" + l + "\"");
            rule.level = *level;
            rr.finish();
            p.rules.push_back(rule);
        }
    }
    r.finish();
    const FieldIssues issues = validateHardwareParams(p);
    if (!issues.empty())
        doc.fail("/" + issues.front().field, issues.front().message);
    return p;
}

std::string placementHardwareToJson(const HardwareParams& p, const std::string& name)
{
    constexpr double MiB = 1024.0 * 1024, GiB = MiB * 1024, KiB = 1024;
    ojson j = io::schemaDocument("placement-hardware", kPlacementSchemaVersion);
    if (!name.empty())
        j["name"] = name;
    j["ice_count"] = p.iceCount;
    j["sram_per_ice_mib"] = p.sramPerIceBytes / MiB;
    j["llc_mib"] = p.llcBytes / MiB;
    j["dram_gib"] = p.dramBytes / GiB;
    j["dram_bandwidth_gbs"] = p.dramBandwidth / 1e9;
    j["llc_bandwidth_gbs"] = p.llcBandwidth / 1e9;
    j["sram_bandwidth_gbs"] = p.sramBandwidth / 1e9;
    j["mac_rate_tmacs"] = p.macRate / 1e12;
    j["mac_utilisation"] = p.macUtilisation;
    j["vector_rate_gelems"] = p.vectorRate / 1e9;
    j["node_overhead_us"] = p.nodeOverhead * 1e6;
    j["bytes_per_element"] = p.bytesPerElement;
    j["sram_mode"] = p.sramMode == SramMode::Replicated ? "replicated" : "sharded";
    j["sram_reserve"] = p.sramReserve;
    j["llc_reserve"] = p.llcReserve;
    j["compiler_weight_threshold_kib"] = p.compilerWeightThreshold / KiB;
    j["noise_sigma"] = p.noiseSigma;
    j["channels"] = p.channels == ChannelMode::Parallel ? "parallel" : "serial";
    j["switch_penalty_us"] = p.switchPenalty * 1e6;
    j["dram_through_llc"] = p.dramThroughLlc;
    ojson rules = ojson::array();
    for (const LevelRule& r : p.rules)
        rules.push_back({{"op", opKindId(r.op)},
                         {"tensor", r.role == TensorRole::Weights ? "weights" : r.role == TensorRole::Activations ? "activations" : "both"},
                         {"level", levelName(r.level)}});
    if (!rules.empty())
        j["rules"] = rules;
    return io::jsonText(j);
}

HardwareParams loadPlacementHardware(const std::string& nameOrPath)
{
    if (nameOrPath.empty() || iequals(nameOrPath, "nnpi") || iequals(nameOrPath, "default"))
        return nnpiDefaults();
    if (iequals(nameOrPath, "nnpi-hardware-like") || iequals(nameOrPath, "hardware-like"))
        return nnpiHardwareLike();
    std::string path;
    try {
        path = resolvePreset(nameOrPath, kPlacementHardwarePresets);
    } catch (const InputError& e) {
        throw InputError(std::string(e.what()) + "; nnpi and nnpi-hardware-like are built in");
    }
    return placementHardwareFromJson(readTextFile(path), path);
}

PlacementMapFile placementMapFromJson(std::string_view text, const std::string& source, int nodes)
{
    const JsonDocument doc = JsonDocument::parse(text, source);
    ObjectReader r = io::schemaRoot(doc, "placement-map", kPlacementSchemaVersion);
    PlacementMapFile f;
    f.workload = r.text("workload", std::string());
    r.text("note", std::string());
    r.integer("nodes", nodes);
    const std::string w = r.text("weights"), a = r.text("activations");
    for (const auto& [key, letters] : {std::pair<const char*, const std::string&>{"weights", w}, {"activations", a}})
        if (int(letters.size()) != nodes)
            doc.fail(r.ptr(key), "expected " + std::to_string(nodes) + " letters (one per node of the workload), got " +
                                     std::to_string(letters.size()));
    try {
        f.map.weights = parseMapLetters(w, "weights");
        f.map.activations = parseMapLetters(a, "activations");
    } catch (const InputError& e) {
        const std::string msg = e.what();
        doc.fail(r.ptr(msg.rfind("weights", 0) == 0 ? "weights" : "activations"), msg.substr(msg.find(':') + 2));
    }
    r.finish();
    return f;
}

std::string placementMapToJson(const WorkloadGraph& g, const MemoryMap& map, const std::string& note)
{
    ojson j = io::schemaDocument("placement-map", kPlacementSchemaVersion);
    j["workload"] = g.name;
    if (!note.empty())
        j["note"] = note;
    j["nodes"] = g.nodeCount();
    j["weights"] = mapLetters(map.weights);
    j["activations"] = mapLetters(map.activations);
    return io::jsonText(j);
}

std::string placementMapToCsv(const PlacementModel& model, const MemoryMap& map)
{
    std::ostringstream s;
    s << "index,name,op,weight_bytes,weight_level,activation_bytes,activation_level,t_comp_us,t_mem_us,t_us,bound\n";
    for (int i = 0; i < model.nodeCount(); ++i) {
        const GraphNode& n = model.graph().nodes[std::size_t(i)];
        const NodeTiming t = model.nodeTiming(map, i);
        s << i << ',' << csvQuote(n.name) << ',' << opKindId(n.op) << ',' << formatReal(model.weightBytes(i)) << ','
          << (model.hasWeights(i) ? std::string(levelName(Level(map.weights[std::size_t(i)]))) : std::string("-")) << ','
          << formatReal(model.activationBytes(i)) << ',' << levelName(Level(map.activations[std::size_t(i)])) << ','
          << formatSig(t.compute * 1e6) << ',' << formatSig(t.memoryTime * 1e6) << ',' << formatSig(t.total * 1e6) << ','
          << (t.memoryBound() ? "memory" : "compute") << '\n';
    }
    return s.str();
}

std::vector<PlacementBenchRun> readPlacementBenchRuns(const std::string& path)
{
    const std::string text = readTextFile(path);
    std::vector<PlacementBenchRun> runs;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (trim(line).empty())
            continue;
        try {
            const json j = io::parseJson(line, path);
            PlacementBenchRun r;
            r.preset = j.at("preset").get<std::string>();
            r.workload = j.at("workload").get<std::string>();
            r.method = j.at("method").get<std::string>();
            r.seed = j.at("seed").get<std::uint64_t>();
            const auto iterations = io::exactInteger(j.at("iterations"), 0, INT32_MAX);
            if (!iterations)
                throw InputError("iterations: expected a non-negative integer, got " + j.at("iterations").dump());
            r.iterations = int(*iterations);
            r.speedup = j.at("speedup").get<double>();
            r.measured = j.at("measured_speedup").get<double>();
            r.seconds = j.at("seconds").get<double>();
            r.bestIteration = j.at("best_iteration").get<std::int64_t>();
            r.valid = j.at("valid").get<std::int64_t>();
            if (j.contains("curve"))
                for (const json& point : j.at("curve"))
                    r.curve.emplace_back(point.at(0).get<std::int64_t>(), point.at(1).get<double>());
            runs.push_back(std::move(r));
        } catch (const json::exception&) {
            // A line cut by a kill, or not a run: skipped.
        } catch (const InputError&) {
            // A line beyond the JSON bounds (input_limits.h): not a run either.
        }
        io::checkElementCount(runs.size(), path, "benchmark runs");
    }
    if (runs.empty())
        throw InputError(path + ": no benchmark runs (expected JSON lines with preset, workload, method, seed, "
                                "iterations, speedup, ... as bench/reproduce_seed004 writes them)");
    return runs;
}

std::string placementBenchRunLine(const PlacementBenchRun& r)
{
    ojson j;
    j["preset"] = r.preset;
    j["workload"] = r.workload;
    j["method"] = r.method;
    j["seed"] = r.seed;
    j["iterations"] = r.iterations;
    j["speedup"] = r.speedup;
    j["measured_speedup"] = r.measured;
    j["best_iteration"] = r.bestIteration;
    j["valid"] = r.valid;
    j["seconds"] = r.seconds;
    j["curve"] = r.curve;
    return j.dump();
}

} // namespace mapscape
