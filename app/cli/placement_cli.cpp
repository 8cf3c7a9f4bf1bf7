// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "app/cli/placement_cli.h"

#include "app/cli/cli_output.h"
#include "app/cli/cli_sink.h"
#include "app/cli/dataflow_cli.h"
#include "core/io/file_util.h"
#include "core/io/placement_io.h"
#include "core/model/validation.h"
#include "core/optim/placement/egrl.h"
#include "core/optim/placement/egrl_options.h"
#include "core/optim/placement/placement_search.h"
#include "core/util/statistics.h"
#include "core/util/strings.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace mapscape::cli {

using namespace placement;

namespace {

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

RewardOptions rewardOptions(const PlacementArgs& a)
{
    return RewardOptions{.invalidCoefficient = a.kappa, .flatInvalid = a.flatInvalid, .squaredMinusOne = a.squaredMinusOne};
}

PlacementModel makeModel(const PlacementArgs& a)
{
    return PlacementModel(loadPlacementWorkload(a.workload), loadPlacementHardware(a.hardware), rewardOptions(a));
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

int runEvaluate(const PlacementArgs& a)
{
    requireFormat(a.format, {"text", "json", "csv"});
    const PlacementModel model = makeModel(a);
    MemoryMap proposal = model.compilerMap();
    std::string what = "the compiler's map";
    if (!a.map.empty() && !a.uniform.empty())
        throw InputError("--map and --uniform: give one of them");
    if (!a.map.empty()) {
        proposal = placementMapFromJson(readTextFile(a.map), a.map, model.nodeCount()).map;
        what = a.map;
    } else if (!a.uniform.empty()) {
        const auto level = parseLevel(a.uniform);
        if (!level)
            throw InputError("--uniform: expected SRAM, LLC or DRAM, got \"" + a.uniform + "\"");
        proposal = MemoryMap::uniform(model.nodeCount(), *level);
        what = "all " + std::string(levelName(*level));
    }
    std::mt19937_64 rng(a.seed);
    const Legalization legal = model.legalize(proposal);
    const PlacementOutcome o = model.evaluate(proposal, rng);
    if (a.format == "csv") {
        writeOut(placementMapToCsv(model, legal.map), a.out);
        return kExitOk;
    }
    if (a.format == "json") {
        nlohmann::ordered_json j;
        j["workload"] = model.graph().name;
        j["map"] = what;
        j["valid"] = o.valid;
        j["epsilon"] = o.epsilon;
        j["demoted_tensors"] = legal.demotedTensors;
        j["latency_us"] = o.latency * 1e6;
        j["measured_latency_us"] = o.measured * 1e6;
        j["compiler_latency_us"] = model.compilerLatency() * 1e6;
        j["speedup"] = o.speedup;
        j["legalized_speedup"] = model.compilerLatency() / o.latency;
        j["reward"] = o.reward;
        writeOut(j.dump(2) + "\n", a.out);
        return kExitOk;
    }
    std::ostringstream s;
    s << model.graph().name << ", " << what << ":\n";
    s << "  compiler latency L_C " << fixed(model.compilerLatency() * 1e6, 1) << " µs\n";
    if (o.valid) {
        s << "  valid; latency " << fixed(o.latency * 1e6, 1) << " µs";
        if (model.params().noiseSigma > 0)
            s << " (measured " << fixed(o.measured * 1e6, 1) << " µs)";
        s << ", speed-up " << fixed(o.speedup, 3) << ", reward " << fixed(o.reward, 4) << "\n";
    } else {
        s << "  invalid: the compiler demoted " << legal.demotedTensors << " tensors, ε = " << fixed(o.epsilon, 4)
          << ", reward " << fixed(o.reward, 4) << "\n  the legalized map would run in " << fixed(o.latency * 1e6, 1)
          << " µs (speed-up " << fixed(model.compilerLatency() / o.latency, 3) << ")\n";
    }
    int counts[2][kLevelCount] = {};
    for (int i = 0; i < model.nodeCount(); ++i) {
        if (model.hasWeights(i))
            ++counts[0][legal.map.weights[std::size_t(i)]];
        ++counts[1][legal.map.activations[std::size_t(i)]];
    }
    s << "  ceiling (every tensor in SRAM, capacities ignored): speed-up "
      << fixed(model.speedup(MemoryMap::uniform(model.nodeCount(), placement::Level::Sram)), 3) << "\n";
    s << "  weights in SRAM/LLC/DRAM " << counts[0][0] << "/" << counts[0][1] << "/" << counts[0][2]
      << ", activations " << counts[1][0] << "/" << counts[1][1] << "/" << counts[1][2] << "\n";
    writeOut(s.str(), a.out);
    return o.valid ? kExitOk : kExitFailure;
}

int runOptimize(const PlacementArgs& a)
{
    requireFormat(a.format, {"text", "json"});
    if (a.iterations < 1)
        throw InputError("--iterations: must be positive, got " + std::to_string(a.iterations));
    const PlacementModel model = makeModel(a);
    EgrlOptions opts;
    for (const std::string& kv : a.options) {
        const auto eq = kv.find('=');
        if (eq == std::string::npos)
            throw InputError("--option: expected key=value, got \"" + kv + "\"");
        setEgrlOption(opts, trim(kv.substr(0, eq)), kv.substr(eq + 1));
    }
    if (a.threads > 0)
        opts.threads = a.threads;
    const std::vector<std::uint64_t> seeds = a.seeds.empty() ? std::vector<std::uint64_t>{a.seed} : parseSeeds(a.seeds);
    std::unique_ptr<std::ofstream> csv;
    if (!a.metricsCsv.empty()) {
        csv = std::make_unique<std::ofstream>(a.metricsCsv);
        if (!*csv)
            throw InputError("--metrics-csv: cannot write " + a.metricsCsv);
    }
    // Zero-shot probes (spec §3.9): built-in workloads on the same hardware and reward.
    const std::vector<ZeroShotTarget> zeroShot = zeroShotTargets(a.zeroShot, model, "--zero-shot");
    std::vector<double> speedups, measured, seconds;
    PlacementRunResult bestRun;
    nlohmann::ordered_json runs = nlohmann::ordered_json::array();
    std::ostringstream s;
    s << model.graph().name << " (" << model.nodeCount() << " nodes), " << a.method << ", " << a.iterations
      << " iterations; L_C = " << fixed(model.compilerLatency() * 1e6, 1) << " µs, σ = " << model.params().noiseSigma << "\n";
    for (std::uint64_t seed : seeds) {
        std::unique_ptr<PlacementSearch> search;
#ifdef MAPSCAPE_HAS_TORCH
        search = makePlacementSearch(a.method, model, opts, seed);
        if (!zeroShot.empty()) {
            auto* egrl = dynamic_cast<EgrlSearch*>(search.get());
            if (!egrl)
                throw InputError("--zero-shot: only egrl, ea and pg train a GNN, not " + a.method);
            egrl->setZeroShotTargets(zeroShot);
        }
#else
        if (!zeroShot.empty())
            throw InputError("--zero-shot: this build has no LibTorch");
        search = makeBaselineSearch(a.method, model, seed);
#endif
        CliSink sink(a.quiet, csv.get(), "placement/best_speedup");
        sink.keepLast("zeroshot/");
        const PlacementRunResult r =
            runPlacementSearch(model, *search, {.iterations = a.iterations, .seed = seed}, std::stop_token{}, sink);
        speedups.push_back(r.found ? r.bestSpeedup : 0.0);
        measured.push_back(r.found ? r.bestMeasured : 0.0);
        seconds.push_back(r.seconds);
        if (r.found && (!bestRun.found || r.bestSpeedup > bestRun.bestSpeedup))
            bestRun = r;
        s << "  seed " << seed << ": speed-up " << (r.found ? fixed(r.bestSpeedup, 3) : std::string("none valid"));
        if (model.params().noiseSigma > 0 && r.found)
            s << " (measured " << fixed(r.bestMeasured, 3) << ")";
        s << " at iteration " << r.bestIteration << ", " << r.valid << "/" << r.iterations << " valid, "
          << fixed(r.seconds, 1) << " s\n";
        nlohmann::ordered_json transfer = nlohmann::ordered_json::object();
        for (const ZeroShotTarget& t : zeroShot) {
            const auto& kept = sink.kept();
            const auto compiled = kept.find("zeroshot/" + t.id + "_compiled");
            const auto eps = kept.find("zeroshot/" + t.id + "_epsilon");
            if (compiled == kept.end() || eps == kept.end())
                continue;
            s << "    zero-shot on " << t.model->graph().name << ": speed-up " << fixed(compiled->second, 3)
              << (eps->second == 0 ? " (valid as proposed)" : " after the compiler demoted ε = " + fixed(eps->second, 3))
              << "\n";
            transfer[t.id] = {{"speedup_compiled", compiled->second}, {"epsilon", eps->second}};
        }
        runs.push_back({{"seed", seed},
                        {"speedup", r.found ? r.bestSpeedup : 0.0},
                        {"measured_speedup", r.found ? r.bestMeasured : 0.0},
                        {"best_iteration", r.bestIteration},
                        {"iterations", r.iterations},
                        {"valid", r.valid},
                        {"seconds", r.seconds},
                        {"zero_shot", transfer}});
    }
    const auto [m, sd] = meanStd(speedups);
    const auto [tm, tsd] = meanStd(seconds);
    s << "  mean speed-up " << fixed(m, 3) << " ± " << fixed(sd, 3) << " over " << seeds.size() << " seed(s), "
      << fixed(tm, 1) << " s per run\n";
    if (a.format == "json") {
        nlohmann::ordered_json j;
        j["workload"] = model.graph().name;
        j["method"] = a.method;
        j["iterations"] = a.iterations;
        j["compiler_latency_us"] = model.compilerLatency() * 1e6;
        j["runs"] = runs;
        j["mean_speedup"] = m;
        j["std_speedup"] = sd;
        std::cout << j.dump(2) << "\n";
    } else {
        std::cout << s.str();
    }
    if (!a.out.empty()) {
        if (!bestRun.found)
            throw InputError("-o: no valid map was found, nothing to write");
        writeTextFileAtomic(a.out, placementMapToJson(model.graph(), bestRun.best,
                                                      a.method + ", speed-up " + fixed(bestRun.bestSpeedup, 4)));
    }
    return bestRun.found ? kExitOk : kExitFailure;
}

} // namespace

CLI::App* addPlacementCommand(CLI::App& app, PlacementArgs& a)
{
    CLI::App* placement = app.add_subcommand(
        "placement", "Tensor placement study (seed 004, EGRL): workload, hardware, evaluate, optimize");
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
    CLI::App* evaluate = placement->add_subcommand("evaluate", "Legalize and time a map (default: the compiler's)");
    common(evaluate);
    evaluate->add_option("--map", a.map, "A mapscape/placement-map file");
    evaluate->add_option("--uniform", a.uniform, "SRAM, LLC or DRAM for every tensor");
    evaluate->add_option("--format", a.format, "text, json or csv (per node)")->capture_default_str();
    evaluate->add_option("--seed", a.seed, "Measurement-noise seed")->capture_default_str();
    evaluate->add_option("-o,--out", a.out, "Output file");
    CLI::App* optimize = placement->add_subcommand("optimize", "Search maps with EGRL, EA, PG, Greedy-DP, random or local search");
    common(optimize);
    optimize->add_option("-O,--method", a.method, "egrl, ea, pg, greedy-dp, random or local")->capture_default_str();
    optimize->add_option("-i,--iterations", a.iterations, "Budget: maps evaluated")->capture_default_str();
    optimize->add_option("-s,--seed", a.seed, "Seed")->capture_default_str();
    optimize->add_option("--seeds", a.seeds, "Several seeds (1-5 or 1,3,7): mean ± std");
    optimize->add_option("--option", a.options, "EGRL option key=value (repeatable), e.g. population=10");
    optimize->add_option("--kappa", a.kappa, "Reward of an invalid map: −κ·ε")->capture_default_str();
    optimize->add_flag("--flat-invalid", a.flatInvalid, "Reward −1 for every invalid map");
    optimize->add_flag("--squared-minus-one", a.squaredMinusOne, "Reward s² − 1 for a valid map");
    optimize->add_option("-j,--threads", a.threads, "LibTorch threads");
    optimize->add_option("--format", a.format, "text or json")->capture_default_str();
    optimize->add_option("-o,--out", a.out, "Write the best map (placement-map JSON)");
    optimize->add_option("--metrics-csv", a.metricsCsv, "Every recorded metric (name,step,value)");
    optimize->add_option("--zero-shot", a.zeroShot,
                         "Built-in workloads (comma-separated) on which each generation's best GNN is tried with no "
                         "further training (egrl, ea, pg; spec §3.9, Fig. 4); per-generation values in --metrics-csv");
    optimize->add_flag("-q,--quiet", a.quiet, "No progress line");
    return placement;
}

int runPlacementCommand(const CLI::App& placement, const PlacementArgs& a)
{
    if (placement.got_subcommand("workload"))
        return runWorkload(a);
    if (placement.got_subcommand("hardware"))
        return runHardware(a);
    if (placement.got_subcommand("evaluate"))
        return runEvaluate(a);
    if (placement.got_subcommand("optimize"))
        return runOptimize(a);
    return kExitBadInput;
}

} // namespace mapscape::cli
