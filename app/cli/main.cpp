// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// mapscape-cli: headless front end. Exit codes: 0 ok, 1 failure (e.g. a mismatch against
/// reference results), 2 bad input.

#include "core/cost/network_evaluation.h"
#include "core/cost/report.h"
#include "core/export/evaluation_writer.h"
#include "core/export/mapping_csv.h"
#include "core/export/timeloop_map.h"
#include "core/io/file_util.h"
#include "core/io/neurospector_cfg.h"
#include "core/io/neurospector_json.h"
#include "core/io/onnx_import.h"
#include "core/io/placement_io.h"
#include "core/io/preset_io.h"
#include "core/io/preset_library.h"
#include "core/optim/optimizer_registry.h"
#ifdef MAPSCAPE_HAS_TORCH
#include "core/optim/rl/common/torch_setup.h"
#endif
#include "core/util/strings.h"

#include "app/cli/cli_sink.h"
#include "app/cli/accel_cli.h"
#include "app/cli/dpu_cli.h"
#include "app/cli/placement_cli.h"
#include "app/cli/sweep_cli.h"
#include "app/cli/cli_output.h"
#include "app/cli/dataflow_cli.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;
using namespace mapscape;

namespace {

using cli::kExitBadInput;
using cli::kExitFailure;
using cli::kExitOk;
using cli::writeOut;

/// Keeps only the named layer (--layer), if one is given.
void restrictToLayer(Network& net, const std::string& layer)
{
    if (layer.empty())
        return;
    if (!net.keepOnlyLayer(layer))
        throw InputError("--layer: network \"" + net.name + "\" has no layer \"" + layer + "\"");
}

struct EvaluateArgs {
    std::string accelerator = "eyeriss";
    std::string network = "resnet50";
    std::string table;
    std::string format = "text";
    std::string layer;
    std::string out;
    bool tables = false;
};

int runEvaluate(const EvaluateArgs& a)
{
    const auto fmt = parseOutputFormat(a.format);
    if (!fmt)
        throw InputError("--format: expected text, json or csv, got \"" + a.format + "\"");
    const Accelerator acc = loadAccelerator(resolvePreset(a.accelerator, PresetKind::Accelerator));
    Network net = loadNetwork(resolvePreset(a.network, PresetKind::Network));
    restrictToLayer(net, a.layer);
    const SchedulingModel model(acc);
    Mapping mapping;
    NetworkEvalOptions opts;
    if (a.table.empty()) {
        opts.trivialForMissing = true;
        std::cerr << "note: no --table given; every layer uses the trivial mapping (all loops at DRAM)\n";
    } else {
        mapping = loadMapping(resolvePreset(a.table, PresetKind::Mapping), acc, net);
    }
    const NetworkResult res = evaluateNetwork(model, net, mapping, opts);
    writeOut(writeEvaluation(model, net, res, *fmt, {.perLayerTables = a.tables}), a.out);
    return res.complete() ? kExitOk : kExitBadInput;
}

int runValidate(const std::string& path, const std::string& accName)
{
    const std::string text = readTextFile(path);
    const std::string ext = fs::path(path).extension().string();
    if (ext == ".jsonl") {
        const std::vector<ReferenceCase> cases = readReferenceFile(path);
        int bad = 0;
        for (const ReferenceCase& rc : cases) {
            const SchedulingModel model(rc.accelerator);
            const EvalStatus st = model.check(LayerShape::of(rc.layer), rc.table);
            if (st.ok() != rc.expectValid) {
                ++bad;
                std::cerr << path << ":" << rc.line << ": layer " << rc.layer.name << ": "
                          << (st.ok() ? "valid table, expected invalid" : model.describe(st)) << "\n";
            }
        }
        std::cout << path << ": " << cases.size() << " reference lines, " << bad << " with an unexpected verdict\n";
        return bad ? kExitBadInput : kExitOk;
    }
    const std::string kind = detectDocumentKind(text);
    if (kind == "accelerator") {
        const Accelerator acc = loadAccelerator(path);
        const SchedulingModel model(acc);
        std::cout << path << ": OK: accelerator \"" << acc.name << "\", " << acc.precisionBits << "-bit, "
                  << formatReal(acc.frequencyMhz) << " MHz, " << acc.totalMacUnits() << " MAC units\n";
        return kExitOk;
    }
    if (kind == "network") {
        const Network net = loadNetwork(path);
        double macs = 0;
        for (const Layer& l : net.layers)
            macs += l.macs() * double(l.repeat);
        std::cout << path << ": OK: network \"" << net.name << "\", " << net.layers.size() << " layers, "
                  << formatSig(macs, 4) << " MACs\n";
        return kExitOk;
    }
    if (kind == "mapping" || kind == "table") {
        if (accName.empty())
            throw InputError(path + ": validating a table needs --accelerator (and --network for a mapping)");
        const Accelerator acc = loadAccelerator(resolvePreset(accName, PresetKind::Accelerator));
        if (kind == "table") {
            const NeuroSpectorTable t = tableFromNeuroSpectorCfg(text, path, acc);
            std::cout << path << ": OK: scheduling table for layer \"" << t.layerName << "\"\n";
        } else {
            const Mapping m = mappingFromJson(text, path, acc);
            std::cout << path << ": OK: mapping with " << m.layers.size() << " layer tables\n";
        }
        return kExitOk;
    }
    throw InputError(path + ": not a Mapscape accelerator, network or mapping file (no \"schema\" member) and not "
                            "a NeuroSpector cfg");
}

int runCheckReference(const std::vector<std::string>& files, double tolerance)
{
    int cases = 0, mismatches = 0;
    double worst = 0;
    for (const std::string& f : files) {
        for (const ReferenceCase& rc : readReferenceFile(f)) {
            ++cases;
            const SchedulingModel model(rc.accelerator);
            Evaluation e;
            const EvalStatus st = model.evaluate(LayerShape::of(rc.layer), rc.table, e);
            if (st.ok() != rc.expectValid) {
                ++mismatches;
                std::cout << f << ":" << rc.line << ": " << rc.layer.name << ": validity differs: "
                          << (st.ok() ? "valid here" : model.describe(st)) << "\n";
                continue;
            }
            if (!st.ok())
                continue;
            std::map<std::string, double> ours;
            for (const ReportField& rf : reportFields(model, e))
                ours[rf.label] = rf.value;
            for (const auto& [label, ref] : rc.results) {
                const auto it = ours.find(label);
                if (it == ours.end())
                    continue;
                const double rel = ref == it->second ? 0 : std::abs(it->second - ref) / std::max(std::abs(ref), 1e-300);
                worst = std::max(worst, rel);
                if (rel > tolerance) {
                    ++mismatches;
                    std::cout << f << ":" << rc.line << ": " << rc.layer.name << ": " << label << " = "
                              << formatSig(it->second, 9) << ", reference " << formatSig(ref, 9) << " (rel. error "
                              << formatSig(rel, 3) << ")\n";
                }
            }
        }
    }
    std::cout << cases << " cases, " << mismatches << " mismatches, max relative error " << formatSig(worst, 3) << "\n";
    return mismatches ? kExitFailure : kExitOk;
}

struct ConvertArgs {
    std::string accelerator = "eyeriss";
    std::string network = "resnet50";
    std::string table;
    std::string to = "neurospector";
    std::string out;
};

/// accelerator.cfg, network.cfg and one table cfg per mapped layer: replayable in NeuroSpector.
void writeNeuroSpectorDirectory(const std::string& dir, const Accelerator& acc, const Network& net, const Mapping& mapping)
{
    const int n = writeNeuroSpectorFolder(dir, acc, net, mapping);
    std::cerr << "wrote accelerator.cfg, network.cfg, " << n << " table file(s) and replay.sh to " << dir << "\n";
}

int runConvert(const ConvertArgs& a)
{
    const Accelerator acc = loadAccelerator(resolvePreset(a.accelerator, PresetKind::Accelerator));
    const Network net = loadNetwork(resolvePreset(a.network, PresetKind::Network));
    Mapping mapping = a.table.empty() ? Mapping{} : loadMapping(resolvePreset(a.table, PresetKind::Mapping), acc, net);
    if (mapping.network.empty())
        mapping.network = net.name;
    if (a.to == "json") {
        writeOut(mappingToJson(mapping, acc), a.out);
        return kExitOk;
    }
    if (a.to == "csv") {
        writeOut(mappingToCsv(mapping, acc), a.out);
        return kExitOk;
    }
    if (a.to == "timeloop") {
        writeOut(mappingToTimeloopYaml(net, mapping, acc), a.out);
        return kExitOk;
    }
    if (a.to != "neurospector")
        throw InputError("--to: expected neurospector, json, csv or timeloop, got \"" + a.to + "\"");
    if (a.out.empty())
        throw InputError("--out: a directory is needed for NeuroSpector files");
    writeNeuroSpectorDirectory(a.out, acc, net, mapping);
    return kExitOk;
}

struct OptimizeArgs {
    std::string optimizer = "ppo";
    std::string accelerator = "eyeriss";
    std::string network = "resnet50";
    std::string metric = "energy";
    std::string dataflow = "fixed";
    std::string layer;
    std::uint64_t seed = 1;
    std::string budget;
    std::vector<std::string> options;
    int threads = 0;
    std::string out;
    std::string neurospectorDir;
    std::string metricsCsv;
    bool quiet = false;
};

int runOptimize(const OptimizeArgs& a)
{
    const auto metric = parseMetric(a.metric);
    if (!metric)
        throw InputError("--metric: expected energy, cycle or edp, got \"" + a.metric + "\"");
    if (a.dataflow != "fixed" && a.dataflow != "flexible")
        throw InputError("--dataflow: expected fixed or flexible, got \"" + a.dataflow + "\"");
    const OptimizerInfo* info = findOptimizer(a.optimizer);
    OptionValues values;
    for (const std::string& o : a.options)
        parseOptionAssignment(o, values);
    if (!a.budget.empty()) {
        if (!info)
            throw InputError("--optimizer: \"" + a.optimizer + "\" is unknown");
        if (info->budgetKey.empty())
            throw InputError("--budget: optimizer \"" + info->id + "\" has no budget (it always runs to completion)");
        values[info->budgetKey] = a.budget;
    }
    const Accelerator acc = loadAccelerator(resolvePreset(a.accelerator, PresetKind::Accelerator));
    Network net = loadNetwork(resolvePreset(a.network, PresetKind::Network));
    restrictToLayer(net, a.layer);
    const SchedulingProblem problem = SchedulingProblem::make(
        acc, net, *metric, a.dataflow == "flexible" ? DataflowMode::Flexible : DataflowMode::Fixed);
#ifdef MAPSCAPE_HAS_TORCH
    rl::setTorchThreads(1); // the tiny policy networks gain nothing from intra-op threads
#endif
    std::unique_ptr<SearchStrategy> strategy = makeOptimizer(a.optimizer, problem, values, a.seed);

    std::unique_ptr<std::ostream> csvFile;
    std::ostringstream csvText;
    CliSink sink(a.quiet, a.metricsCsv.empty() ? nullptr : &csvText, "ppo/best_total");
    DriverOptions drv;
    drv.threads = a.threads > 0 ? a.threads : int(std::max(1u, std::thread::hardware_concurrency()));
    const SearchResult res = runSearch(problem, *strategy, drv, {}, sink);
    if (!a.metricsCsv.empty())
        writeTextFileAtomic(a.metricsCsv, csvText.str());

    Mapping mapping = mappingOf(net, res.layers);
    mapping.accelerator = acc.name;
    mapping.metric = std::string(metricName(*metric));
    mapping.source = "mapscape-cli optimize --optimizer " + a.optimizer + " --seed " + std::to_string(a.seed);
    std::cout << "optimizer " << a.optimizer << " on " << acc.name << " / " << net.name << ", metric "
              << metricName(*metric) << ", seed " << a.seed << "\n";
    for (std::size_t l = 0; l < res.layers.size(); ++l) {
        const LayerBest& b = res.layers[l];
        std::cout << "  " << net.layers[l].name << ": ";
        if (b.found)
            std::cout << "energy " << formatSig(b.evaluation.totalEnergy) << " pJ, cycles "
                      << formatSig(b.evaluation.totalCycles) << "\n";
        else
            std::cout << "no valid table found\n";
    }
    std::cout << "Total: energy " << formatSig(res.totalEnergy) << " pJ, cycles " << formatSig(res.totalCycles)
              << " (" << res.layersFound << "/" << res.layers.size() << " layers), " << res.evaluations
              << " tables evaluated, " << formatSig(res.seconds) << " s\n";
    if (!a.out.empty())
        writeTextFileAtomic(a.out, mappingToJson(mapping, acc));
    if (!a.neurospectorDir.empty())
        writeNeuroSpectorDirectory(a.neurospectorDir, acc, net, mapping);
    return res.layersFound == int(res.layers.size()) ? kExitOk : kExitFailure;
}

struct ImportArgs {
    std::string file, out, workload;
    bool distinct = false;
};

/// ONNX → network JSON (stdout without -o) and, with --workload, the placement graph (.json or .csv).
int runImport(const ImportArgs& a)
{
    const OnnxImport im = importOnnxFile(a.file, {.distinctLayers = a.distinct});
    for (const std::string& w : im.warnings)
        std::cerr << "warning: " << w << "\n";
    if (!a.out.empty() || a.workload.empty()) {
        if (im.network.layers.empty())
            throw InputError(a.file + ": no Conv, Gemm or MatMul layers to write");
        if (const FieldIssues issues = validateNetwork(im.network); !issues.empty())
            throw InputError(a.file + ": imported network: " + joinIssues(issues));
    }
    if (a.out.empty() && a.workload.empty()) {
        std::cout << networkToJson(im.network);
        return kExitOk;
    }
    std::int64_t occurrences = 0;
    for (const Layer& l : im.network.layers)
        occurrences += l.repeat;
    std::cout << a.file << ": \"" << im.network.name << "\", " << occurrences << " layers";
    if (a.distinct)
        std::cout << " (" << im.network.layers.size() << " distinct)";
    if (!a.out.empty()) {
        writeTextFileAtomic(a.out, networkToJson(im.network));
        std::cout << " -> " << a.out;
    }
    std::cout << "\n";
    if (!a.workload.empty()) {
        placement::checkWorkloadGraph(im.graph);
        const bool csv = fs::path(a.workload).extension() == ".csv";
        writeTextFileAtomic(a.workload, csv ? placementWorkloadToCsv(im.graph) : placementWorkloadToJson(im.graph));
        std::cout << "placement graph: " << im.graph.nodeCount() << " nodes, " << im.graph.edgeCount() << " edges, "
                  << im.graph.totalWeights() << " weights, " << im.graph.totalMacs() << " MACs -> " << a.workload << "\n";
    }
    if (!im.skippedOperators.empty()) {
        std::cout << "skipped unsupported operators:";
        for (const std::string& op : im.skippedOperators)
            std::cout << " " << op;
        std::cout << "\n";
    }
    return kExitOk;
}

int runPresets()
{
    for (PresetKind k : {PresetKind::Accelerator, PresetKind::Network, PresetKind::Mapping, PresetKind::DataflowHardware,
                         PresetKind::DataflowWorkload, PresetKind::DataflowMapping, PresetKind::AccelStudy,
                         PresetKind::DpuPlatform, PresetKind::PlacementHardware, PresetKind::PlacementWorkload}) {
        std::cout << presetFolder(k) << ":\n";
        for (const PresetInfo& p : listPresets(k))
            std::cout << "  " << p.name << "  (" << p.path << ")\n";
    }
    return kExitOk;
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app{"Mapscape command line: evaluate and validate DNN accelerator mappings"};
    app.require_subcommand(1);

    EvaluateArgs ev;
    CLI::App* evaluate = app.add_subcommand("evaluate", "Evaluate a network's scheduling tables on an accelerator");
    evaluate->add_option("-a,--accelerator", ev.accelerator, "Accelerator preset name or file (.json, .cfg)")
        ->capture_default_str();
    evaluate->add_option("-n,--network", ev.network, "Network preset name or file (.json, .cfg)")->capture_default_str();
    evaluate->add_option("-t,--table", ev.table,
                         "Mapping: Mapscape .json, NeuroSpector result lines .jsonl or a table .cfg");
    evaluate->add_option("-f,--format", ev.format, "text, json or csv")->capture_default_str();
    evaluate->add_option("-l,--layer", ev.layer, "Evaluate only this layer");
    evaluate->add_option("-o,--out", ev.out, "Write to a file instead of standard output");
    evaluate->add_flag("--tables", ev.tables, "Text format: print each layer's scheduling table");
    cli::DataflowSource dfEval;
    evaluate->add_option("--study", dfEval.study,
                         "Dataflow-mapping or accelerator-sizing study file (accelerator-sizing presets by name: rnn, "
                         "lstm, gru)");
    std::string accelDesign;
    evaluate->add_option("--design", accelDesign,
                         "Accelerator-sizing studies: the design to evaluate, \"8,128,64,WS,1,64,64\" or a result file");
    evaluate->add_option("--maestro-mapping", dfEval.maestroFile, "MAESTRO .m mapping file (with --hardware)");
    evaluate->add_option("--hardware", dfEval.hardware, "Dataflow hardware: preset, JSON or MAESTRO HW .m file");
    evaluate->add_option("--mapping", dfEval.mapping, "Dataflow mapping template (preset or file) instead of the study's");

    std::string validatePath, validateAcc;
    CLI::App* validate = app.add_subcommand("validate", "Check a file and explain what is wrong with it");
    validate->add_option("file", validatePath, "Accelerator, network, mapping or table file")->required();
    validate->add_option("-a,--accelerator", validateAcc, "Accelerator for table files");

    std::vector<std::string> refFiles;
    double tolerance = 2e-5;
    CLI::App* check = app.add_subcommand("check-reference", "Compare the model with NeuroSpector result lines (.jsonl)");
    check->add_option("files", refFiles, "Result files")->required();
    check->add_option("--tolerance", tolerance, "Maximum relative error")->capture_default_str();

    ConvertArgs cv;
    CLI::App* convert = app.add_subcommand("convert", "Write a mapping as NeuroSpector cfg files or Mapscape JSON");
    convert->add_option("-a,--accelerator", cv.accelerator, "Accelerator")->capture_default_str();
    convert->add_option("-n,--network", cv.network, "Network")->capture_default_str();
    convert->add_option("-t,--table", cv.table, "Mapping to convert");
    convert->add_option("--to", cv.to, "neurospector (a directory of cfg files), json, csv or timeloop (map YAML)")->capture_default_str();
    convert->add_option("-o,--out", cv.out, "Output directory (neurospector) or file (json)");
    cli::DataflowSource dfConv;
    convert->add_option("--study", dfConv.study, "Dataflow or accelerator-sizing study file (--to maestro or study)");
    convert->add_option("--maestro-mapping", dfConv.maestroFile, "MAESTRO .m file to import (--to study)");
    convert->add_option("--hardware", dfConv.hardware, "Dataflow hardware preset or file");
    convert->add_option("--mapping", dfConv.mapping, "Dataflow mapping template instead of the study's");
    convert->add_option("--layer", dfConv.layer, "Layer of a MAESTRO file");

    CLI::App* presets = app.add_subcommand("presets", "List the available presets");

    ImportArgs im;
    CLI::App* importCmd = app.add_subcommand("import", "Import an ONNX model as a network (and a placement workload graph)");
    importCmd->add_option("file", im.file, "ONNX model (.onnx)")->required();
    importCmd->add_option("-o,--out", im.out, "Write the network (Mapscape JSON) here; without -o or --workload it goes to "
                                              "standard output");
    importCmd->add_option("--workload", im.workload, "Also write the placement-study workload graph (.json or .csv)");
    importCmd->add_flag("--distinct", im.distinct, "Merge layers of identical shape (repeat counts them)");

    OptimizeArgs op;
    std::string optimizerList;
    for (const ProblemKindInfo& k : problemKinds()) {
        std::string ids;
        for (const OptimizerInfo* i : optimizersFor(k.kind))
            ids += (ids.empty() ? "" : "|") + i->id;
        optimizerList += (optimizerList.empty() ? "" : "; ") + k.id + " studies: " + ids;
    }
    CLI::App* optimize = app.add_subcommand(
        "optimize", "Search scheduling tables for a network (or a dataflow mapping with --study) and write the best");
    optimize->add_option("-O,--optimizer", op.optimizer, optimizerList)->capture_default_str();
    optimize->add_option("-a,--accelerator", op.accelerator, "Accelerator preset name or file")->capture_default_str();
    optimize->add_option("-n,--network", op.network, "Network preset name or file")->capture_default_str();
    optimize->add_option("-m,--metric", op.metric, "energy, cycle or edp")->capture_default_str();
    optimize->add_option("--dataflow", op.dataflow, "fixed or flexible (try each allowed dataflow)")->capture_default_str();
    optimize->add_option("-l,--layer", op.layer, "Optimise only this layer");
    optimize->add_option("-s,--seed", op.seed, "Random seed")->capture_default_str();
    std::string seedList;
    optimize->add_option("--seeds", seedList, "Dataflow studies: several seeds (1,2,3 or 1-5), summarised as mean ± std");
    optimize->add_option("-b,--budget", op.budget, "ppo: episodes per layer; random: samples per layer");
    optimize->add_option("--option", op.options, "Optimizer option key=value (repeatable)");
    optimize->add_option("-j,--threads", op.threads, "Worker threads (default: all cores)");
    optimize->add_option("-o,--out", op.out, "Write the best tables as Mapscape mapping JSON");
    optimize->add_option("--neurospector", op.neurospectorDir, "Also write NeuroSpector cfg files to this directory");
    optimize->add_option("--metrics-csv", op.metricsCsv, "Write every recorded metric (name,step,value)");
    optimize->add_flag("-q,--quiet", op.quiet, "No progress line");
    cli::DataflowSource dfOpt;
    std::string objective, maestroDir;
    optimize->add_option("--study", dfOpt.study,
                         "Dataflow-mapping or accelerator-sizing study (file, or preset rnn / lstm / gru) instead of an "
                         "accelerator and network");
    optimize->add_option("--maestro-mapping", dfOpt.maestroFile, "MAESTRO .m file as the study (with --hardware)");
    optimize->add_option("--hardware", dfOpt.hardware, "Dataflow hardware preset or file");
    optimize->add_option("--objective", objective,
                         "Dataflow studies: latency, energy, edp, area or power; accelerator-sizing studies: the primary "
                         "objective (area, latency, power or energy)");
    optimize->add_option("--maestro", maestroDir, "Dataflow studies: write the best mapping as MAESTRO files here");

    cli::DpuArgs dpuArgs;
    CLI::App* dpu = cli::addDpuCommand(app, dpuArgs);
    cli::PlacementArgs placementArgs;
    CLI::App* placement = cli::addPlacementCommand(app, placementArgs);
    cli::SweepArgs sweepArgs;
    CLI::App* sweepCmd = cli::addSweepCommand(app, sweepArgs);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitBadInput;
    }

    try {
        if (*dpu)
            return cli::runDpuCommand(*dpu, dpuArgs);
        if (*placement)
            return cli::runPlacementCommand(*placement, placementArgs);
        if (*sweepCmd)
            return cli::runSweepCommand(*sweepCmd, sweepArgs);
        if (*evaluate && cli::isAccelStudy(dfEval.study))
            return cli::evaluateAccel(dfEval.study, accelDesign, ev.format, ev.out);
        if (*evaluate && !accelDesign.empty())
            throw InputError("--design: only for accelerator-sizing studies (--study rnn, lstm, gru or a study file)");
        if (*convert && cli::isAccelStudy(dfConv.study))
            return cli::convertAccel(dfConv.study, cv.to, cv.out);
        const bool accelOptimize = *optimize && cli::isAccelStudy(dfOpt.study);
        if (*optimize && (dfOpt.given() || accelOptimize)) {
            cli::StudyOptimizeArgs d;
            // -O defaults to ppo (scheduling tables); a study's default is its kind's flagship.
            d.optimizer = !optimize->count("--optimizer") ? std::string(accelOptimize ? "grmd" : "gamma") : op.optimizer;
            d.objective = objective;
            d.seed = op.seed;
            if (!seedList.empty())
                d.seeds = cli::parseSeeds(seedList);
            d.budget = op.budget;
            d.options = op.options;
            d.threads = op.threads;
            d.out = op.out;
            d.maestroDir = maestroDir;
            d.metricsCsv = op.metricsCsv;
            d.quiet = op.quiet;
            if (accelOptimize)
                return cli::optimizeAccel(dfOpt.study, d);
            dfOpt.layer = op.layer;
            return cli::optimizeDataflow(dfOpt, d);
        }
        if (*evaluate && dfEval.given())
            return cli::evaluateDataflow(dfEval, ev.format, ev.out);
        if (*convert && dfConv.given())
            return cli::convertDataflow(dfConv, cv.to, cv.out);
        if (*evaluate)
            return runEvaluate(ev);
        if (*validate)
            return runValidate(validatePath, validateAcc);
        if (*check)
            return runCheckReference(refFiles, tolerance);
        if (*convert)
            return runConvert(cv);
        if (*presets)
            return runPresets();
        if (*importCmd)
            return runImport(im);
        if (*optimize)
            return runOptimize(op);
    } catch (const InputError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const std::exception& e) {
        std::cerr << "internal error: " << e.what() << "\n";
        return kExitFailure;
    }
    return kExitOk;
}
