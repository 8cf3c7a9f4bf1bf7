// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// mapscape-cli: headless front end. Exit codes: 0 ok, 1 failure (e.g. a mismatch against
/// reference results), 2 bad input.

#include "core/cost/network_evaluation.h"
#include "core/cost/report.h"
#include "core/export/evaluation_writer.h"
#include "core/io/file_util.h"
#include "core/io/neurospector_cfg.h"
#include "core/io/neurospector_json.h"
#include "core/io/preset_io.h"
#include "core/io/preset_library.h"
#include "core/util/strings.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>

namespace fs = std::filesystem;
using namespace mapscape;

namespace {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitBadInput = 2;

void writeOutput(const std::string& text, const std::string& outPath)
{
    if (outPath.empty() || outPath == "-")
        std::cout << text;
    else
        writeTextFileAtomic(outPath, text);
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
    if (!a.layer.empty()) {
        const int i = net.indexOf(a.layer);
        if (i < 0)
            throw InputError("--layer: network \"" + net.name + "\" has no layer \"" + a.layer + "\"");
        net.layers = {net.layers[std::size_t(i)]};
    }
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
    writeOutput(writeEvaluation(model, net, res, *fmt, {.perLayerTables = a.tables}), a.out);
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

int runConvert(const ConvertArgs& a)
{
    const Accelerator acc = loadAccelerator(resolvePreset(a.accelerator, PresetKind::Accelerator));
    const Network net = loadNetwork(resolvePreset(a.network, PresetKind::Network));
    Mapping mapping = a.table.empty() ? Mapping{} : loadMapping(resolvePreset(a.table, PresetKind::Mapping), acc, net);
    if (mapping.network.empty())
        mapping.network = net.name;
    if (a.to == "json") {
        writeOutput(mappingToJson(mapping, acc), a.out);
        return kExitOk;
    }
    if (a.to != "neurospector")
        throw InputError("--to: expected neurospector or json, got \"" + a.to + "\"");
    if (a.out.empty())
        throw InputError("--out: a directory is needed for NeuroSpector files");
    fs::create_directories(a.out);
    writeTextFileAtomic((fs::path(a.out) / "accelerator.cfg").string(), acceleratorToNeuroSpectorCfg(acc));
    writeTextFileAtomic((fs::path(a.out) / "network.cfg").string(), networkToNeuroSpectorCfg(net));
    int n = 0;
    for (const LayerMapping& lm : mapping.layers) {
        writeTextFileAtomic((fs::path(a.out) / ("table_" + lm.layer + ".cfg")).string(),
                            tableToNeuroSpectorCfg(lm.layer, lm.table, acc));
        ++n;
    }
    std::cout << "wrote accelerator.cfg, network.cfg and " << n << " table file(s) to " << a.out << "\n";
    return kExitOk;
}

int runPresets()
{
    for (PresetKind k : {PresetKind::Accelerator, PresetKind::Network, PresetKind::Mapping}) {
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
    convert->add_option("--to", cv.to, "neurospector (a directory of cfg files) or json")->capture_default_str();
    convert->add_option("-o,--out", cv.out, "Output directory (neurospector) or file (json)");

    CLI::App* presets = app.add_subcommand("presets", "List the available presets");

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
    } catch (const InputError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const std::exception& e) {
        std::cerr << "internal error: " << e.what() << "\n";
        return kExitFailure;
    }
    return kExitOk;
}
