// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The dataflow-mapping kind's descriptor.

#include "core/maestro/dataflow_model.h"
#include "kinds/dataflow/core/dataflow_report.h"
#include "kinds/dataflow/core/dataflow_io.h"
#include "core/maestro/maestro_files.h"
#include "core/io/file_util.h"
#include "core/io/json_document.h"
#include "core/io/preset_library.h"
#include "core/model/validation.h"
#include "kinds/dataflow/core/dataflow_space.h"
#include "kinds/dataflow/core/dataflow_study.h"
#include "core/study/folder_export.h"
#include "core/study/point_search_job.h"
#include "core/util/fingerprint.h"
#include "core/util/strings.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <climits>
#include <filesystem>
#include <sstream>

namespace fs = std::filesystem;

namespace mapscape {

namespace {

using ojson = nlohmann::ordered_json;

/// `convert --to maestro -o DIR`, `optimize --maestro DIR`.
const FolderFormat kMaestroFolder{"maestro", "MAESTRO"};

/// The layer as a run's setup reads it: its name, and the sizes edited from the workload preset's
/// layer of that name ("VGG16 row 2 (edited: K 256)").
std::string layerLabel(const DataflowInputs& d)
{
    const DataflowLayer& l = d.layer;
    const DataflowWorkload* w = presetNamed(d.workload, kDataflowWorkloadPresets, &loadDataflowWorkload);
    if (!w)
        return l.name;
    const auto preset =
        std::find_if(w->layers.begin(), w->layers.end(), [&](const DataflowLayer& p) { return p.name == l.name; });
    if (preset == w->layers.end() || *preset == l)
        return l.name;
    std::vector<std::string> changes;
    if (l.type != preset->type)
        changes.push_back(std::string(dfLayerTypeName(l.type)));
    for (int v = 0; v < dfVarCount(l.type); ++v)
        if (l.get(v) != preset->get(v))
            changes.push_back(std::string(dfVarName(l.type, v)) + " " + std::to_string(l.get(v)));
    if (l.strideY != preset->strideY || l.strideX != preset->strideX)
        changes.push_back("stride " + std::to_string(l.strideY) + "×" + std::to_string(l.strideX));
    return withChanges(l.name, changes);
}

/// The hardware as a run's setup reads it: its name when it is the preset of that name (or no
/// preset's), else what was edited. A PE count the name states ("Edge 256 PEs", "ArchGym default
/// (1024 PEs)") is rewritten, so that a run on 512 PEs never reads "1024 PEs".
std::string hardwareLabel(const DataflowHardware& hw)
{
    const DataflowHardware* preset = presetNamed(hw.name, kDataflowHardwarePresets, &loadDataflowHardware);
    if (!preset || *preset == hw)
        return hw.name;
    std::string name = hw.name;
    std::vector<std::string> changes;
    if (hw.numPes != preset->numPes) {
        const std::string stated = std::to_string(preset->numPes) + " PEs";
        if (const auto at = name.find(stated); at != std::string::npos)
            name.replace(at, stated.size(), std::to_string(hw.numPes) + " PEs");
        else
            changes.push_back(std::to_string(hw.numPes) + " PEs");
    }
    const auto limit = [](int v, const char* unit) {
        return v == INT_MAX ? std::string("unlimited") : std::to_string(v) + unit;
    };
    if (hw.l1Size != preset->l1Size)
        changes.push_back("L1 " + limit(hw.l1Size, " B"));
    if (hw.l2Size != preset->l2Size)
        changes.push_back("L2 " + limit(hw.l2Size, " B"));
    if (hw.nocBandwidth != preset->nocBandwidth)
        changes.push_back("NoC " + limit(hw.nocBandwidth, "/cycle"));
    if (hw.nocHops != preset->nocHops)
        changes.push_back(std::to_string(hw.nocHops) + " hops");
    if (hw.nocHopLatency != preset->nocHopLatency)
        changes.push_back("hop latency " + std::to_string(hw.nocHopLatency));
    if (hw.offchipBandwidth != preset->offchipBandwidth)
        changes.push_back("off-chip " + limit(hw.offchipBandwidth, "/cycle"));
    if (hw.simdLanes != preset->simdLanes)
        changes.push_back(std::to_string(hw.simdLanes) + " MAC lanes");
    if (hw.multicast != preset->multicast)
        changes.push_back(hw.multicast ? "multicast" : "no multicast");
    if (!(hw.costDb == preset->costDb))
        changes.push_back("cost database " + hw.costDb.name);
    return changes.empty() ? name + " (edited)" : withChanges(name, changes);
}

/// The design space's departures from the default one ("divisor tiles, 2 parameters
/// restricted"); empty when it is the default.
std::string spaceLabel(const DataflowSpaceOptions& s)
{
    std::vector<std::string> parts;
    if (s.divisorsOnly)
        parts.push_back("divisor tiles");
    if (s.parallelRS)
        parts.push_back("R/S parallel");
    if (!s.enforceCapacity)
        parts.push_back("capacity not enforced");
    if (!s.restrictions.empty())
        parts.push_back(std::to_string(s.restrictions.size()) + (s.restrictions.size() == 1 ? " parameter" : " parameters") +
                        " restricted");
    std::string out;
    for (const std::string& p : parts)
        out += (out.empty() ? "" : ", ") + p;
    return out;
}

/// The MAESTRO command line for a mapping file and hardware.
std::string maestroCommand(const DataflowHardware& hw, const std::string& mappingFile)
{
    std::string cmd = "maestro --Mapping_file=" + mappingFile + " --print_res=true --print_res_csv_file=true";
    for (const std::string& f : maestroFlags(hw))
        cmd += " " + f;
    return cmd;
}

std::string writeMaestroFolder(const std::string& dir, const DataflowInputs& study)
{
    // One unit: the folder appears with all three files or not at all (no mapping.m of this run
    // beside a hardware.m of the last).
    writeFolderAtomic(dir, {{"mapping.m", writeMaestroMapping(study.layer, study.mapping)},
                            {"hardware.m", writeMaestroHardware(study.hardware)},
                            {"maestro_command.txt", "# MAESTRO's flags for this hardware (with SIMD lanes and hop latency, which its\n"
                                                    "# hardware file cannot express); run from this directory:\n" +
                                                        maestroCommand(study.hardware, "mapping.m") + "\n"}});
    return "wrote mapping.m, hardware.m and maestro_command.txt to " + dir;
}

DataflowInputs inputsOf(const DataflowStudyFile& f)
{
    DataflowInputs in;
    in.workload = f.workload;
    in.layer = f.layer;
    in.hardware = f.hardware;
    in.mapping = f.mapping;
    in.space = f.space;
    return in;
}

DataflowStudyFile fileOf(const std::string& name, const DataflowInputs& in, const std::string& objective)
{
    DataflowStudyFile f;
    f.name = name;
    f.workload = in.workload;
    f.layer = in.layer;
    f.hardware = in.hardware;
    f.mapping = in.mapping;
    f.space = in.space;
    f.objective = objective;
    return f;
}

/// The space's restrictions checked against the layer's parameters as the study is read, so that
/// every command refuses the same files (evaluate used to accept what optimize refused), naming
/// the file and the line. Problems of the layer itself are left to the commands that use it.
void checkRestrictions(const DataflowInputs& in, const std::string& source, std::string_view text,
                       const std::string& fieldPrefix)
{
    if (in.space.restrictions.empty())
        return;
    try {
        const DataflowProblem probe(in.layer, in.hardware, in.space);
    } catch (const InputError& e) {
        const std::string msg = e.what();
        const std::size_t colon = msg.find(':');
        if (msg.rfind("space.", 0) != 0 || colon == std::string::npos)
            return;
        const std::string key = msg.substr(6, colon - 6);
        io::JsonLocations where;
        (void)io::parseOrderedJson(text, source, where);
        throw InputError(source + ":" + std::to_string(where.lineOf("/space/restrictions/" + key)) + ": " + fieldPrefix +
                         "space.restrictions." + key + msg.substr(colon));
    }
}

class DataflowKind final : public TypedStudyKind<DataflowInputs> {
public:
    DataflowKind()
    {
        m_info.id = "dataflow";
        m_info.title = "Dataflow mapping";
        m_info.description = "Choose one layer's loop orders, tiles and parallel dimensions on a spatial accelerator "
                             "(seed 001: MARL mapping search)";
        m_info.summaryFigures = {"valid"};
        m_info.costModel = "MAESTRO-compatible dataflow model";
        const auto objectives = dataflowObjectives();
        m_info.objectives.assign(objectives.begin(), objectives.end());
        m_info.defaultOptimizer = "gamma";
        m_info.resultNoun = "mapping";
        m_info.inLaunchProject = true;
        m_info.presetFolders = {kDataflowHardwarePresets, kDataflowWorkloadPresets, kDataflowMappingPresets};
    }

    const StudyKindInfo& info() const override { return m_info; }

    StudyInputs defaultInputs() const override
    {
        // VGG16's second row (the seed-001 paper's default layer) on ArchGym's hardware with a
        // weight-stationary template.
        DataflowInputs in;
        const DataflowWorkload w = loadDataflowWorkload("seed001-layers");
        in.workload = w.name;
        in.layer = w.layers.empty() ? DataflowLayer{} : w.layers.front();
        for (const DataflowLayer& l : w.layers)
            if (l.name == "VGG16 row 2")
                in.layer = l;
        in.hardware = loadDataflowHardware("archgym-default");
        in.mapping = loadDataflowMapping("weight-stationary-kc", in.layer.type);
        return in;
    }

    std::string setupLabel(const StudyInputs& inputs) const override
    {
        // What the run ran on, edits named: runs on different inputs never read alike.
        const auto& d = inputs.get<DataflowInputs>();
        const std::string space = spaceLabel(d.space);
        return layerLabel(d) + " on " + hardwareLabel(d.hardware) + (space.empty() ? "" : "; " + space);
    }

    std::string setupKey(const StudyInputs& inputs) const override
    {
        const auto& d = inputs.get<DataflowInputs>();
        std::uint64_t h = fnv1a(dataflowLayerToJson(d.layer));
        h = fnv1a(dataflowHardwareToJson(d.hardware), h);
        h = fnv1a(dataflowSpaceToJson(d.space), h);
        return "dataflow-" + hex64(h);
    }

    std::vector<std::string> inputMembers() const override { return {"workload", "layer", "hardware", "mapping", "space"}; }

    std::string inputsToJson(const StudyInputs& inputs) const override
    {
        const auto& d = inputs.get<DataflowInputs>();
        ojson j;
        j["workload"] = d.workload;
        j["layer"] = ojson::parse(dataflowLayerToJson(d.layer));
        ojson hw = ojson::parse(dataflowHardwareToJson(d.hardware));
        hw.erase("schema");
        hw.erase("version");
        j["hardware"] = hw;
        ojson m = ojson::parse(dataflowMappingToJson(d.mapping, d.layer.type));
        m.erase("schema");
        m.erase("version");
        j["mapping"] = m;
        j["space"] = ojson::parse(dataflowSpaceToJson(d.space));
        return j.dump();
    }

    StudyInputs inputsFromJson(std::string_view text, const std::string& source, const std::string& prefix) const override
    {
        io::JsonLocations where; // each member's reader names the lines of the file the text came from
        const ojson s = io::parseOrderedJson(text, source, where);
        const std::string at = prefix.empty() ? "" : prefix + ".";
        for (const char* member : {"layer", "hardware", "mapping"})
            if (!s.contains(member) || !s[member].is_object())
                throw InputError(source + ": " + at + member + ": required object is missing");
        DataflowInputs in;
        if (s.contains("workload")) {
            if (!s["workload"].is_string())
                throw InputError(source + ": " + at + "workload: expected a string");
            in.workload = s["workload"].get<std::string>();
        }
        in.layer = dataflowLayerFromJson(where.documentAt(text, "/layer", s["layer"]), source + " (" + at + "layer)");
        in.hardware = dataflowHardwareFromJson(
            where.documentAt(text, "/hardware", s["hardware"], {{"schema", "\"mapscape/dataflow-hardware\""}, {"version", "1"}}),
            source + " (" + at + "hardware)");
        in.mapping = dataflowMappingFromJson(
            where.documentAt(text, "/mapping", s["mapping"], {{"schema", "\"mapscape/dataflow-mapping\""}, {"version", "1"}}),
            source + " (" + at + "mapping)", in.layer.type);
        if (s.contains("space"))
            in.space = dataflowSpaceFromJson(where.documentAt(text, "/space", s["space"]), source + " (" + at + "space)");
        checkRestrictions(in, source, text, at);
        return in;
    }

    std::optional<Study> readStudyFile(const std::string& path, std::string_view text, std::string_view schema) const override
    {
        if (schema != "mapscape/dataflow-study")
            return std::nullopt;
        const DataflowStudyFile f = dataflowStudyFromJson(text, path);
        checkRestrictions(inputsOf(f), path, text, "");
        Study st = makeStudy(f.name, inputsOf(f));
        st.optimizer.objective = f.objective;
        return st;
    }

    std::vector<StudyArgument> studyArguments() const override
    {
        using U = StudyArgument::Use;
        return {{"--maestro-mapping", "Dataflow studies: a MAESTRO .m mapping file as the study (with --hardware)"},
                {"--hardware", "Dataflow studies: hardware preset, JSON or MAESTRO HW .m file (overrides the study's)"},
                {"--mapping", "Dataflow studies: mapping template (preset or file) instead of the study's"},
                {"-w,--workload", "Dataflow studies: a workload preset or file whose layer (--layer, default the first) "
                                  "the study maps; placement studies: resnet50, resnet101, bert, a preset or a .json / "
                                  ".csv workload"},
                {"-l,--layer", "Only this layer (scheduling: of the network; dataflow: of a MAESTRO file or --workload)"},
                {"--maestro", "Dataflow studies: also write the best mapping as MAESTRO files to this folder", false,
                 U::Output}};
    }

    std::optional<Study> studyFromArguments(const ArgumentValues& args, bool fallback,
                                            std::vector<std::string>& notes) const override
    {
        const auto file = args.find("maestro-mapping");
        if (file == args.end())
            return fallback ? StudyKind::studyFromArguments(args, true, notes) : std::nullopt;
        const MaestroNetwork net = parseMaestroMapping(readTextFile(file->second), file->second);
        const MaestroLayer* chosen = &net.layers.front();
        if (const auto layer = args.find("layer"); layer != args.end()) {
            chosen = nullptr;
            for (const MaestroLayer& l : net.layers)
                if (l.layer.name == layer->second)
                    chosen = &l;
            if (!chosen)
                throw InputError("--layer: " + file->second + " has no layer \"" + layer->second + "\"");
        }
        if (!args.count("hardware"))
            throw InputError("--hardware: a MAESTRO mapping file needs a hardware preset or file");
        DataflowInputs in;
        in.workload = net.name;
        in.layer = chosen->layer;
        in.mapping = chosen->mapping;
        Study st = makeStudy(net.name + " / " + chosen->layer.name, in);
        ArgumentValues rest = args;
        rest.erase("layer"); // chose the file's layer
        applyArguments(st, rest);
        if (net.layers.size() > 1 && !args.count("layer"))
            notes.push_back(file->second + " has " + std::to_string(net.layers.size()) +
                              " layers; using the first (" + chosen->layer.name + "), choose another with --layer");
        return st;
    }

    void applyArguments(Study& study, const ArgumentValues& args) const override
    {
        DataflowInputs in = study.inputs.get<DataflowInputs>();
        const auto layer = args.find("layer");
        if (const auto w = args.find("workload"); w != args.end()) {
            // A layer of a workload (a sweep's variation over a paper's layers).
            const DataflowWorkload workload = loadDataflowWorkload(w->second);
            if (workload.layers.empty())
                throw InputError("--workload: " + w->second + " has no layers");
            const DataflowLayer* chosen = &workload.layers.front();
            if (layer != args.end()) {
                chosen = nullptr;
                std::string names;
                for (const DataflowLayer& l : workload.layers) {
                    names += (names.empty() ? "" : ", ") + l.name;
                    if (l.name == layer->second)
                        chosen = &l;
                }
                if (!chosen)
                    throw InputError("--layer: workload \"" + workload.name + "\" has no layer \"" + layer->second +
                                     "\" (layers: " + names + ")");
            }
            if (chosen->type != in.layer.type)
                in.mapping = loadDataflowMapping("weight-stationary-kc", chosen->type);
            in.workload = workload.name;
            in.layer = *chosen;
            study.name = chosen->name;
        } else if (layer != args.end() && layer->second != in.layer.name)
            throw InputError("--layer: the study's layer is \"" + in.layer.name + "\" (choose another of a workload with --workload)");
        if (const auto hw = args.find("hardware"); hw != args.end())
            in.hardware = loadDataflowHardware(hw->second);
        if (const auto m = args.find("mapping"); m != args.end())
            in.mapping = loadDataflowMapping(m->second, in.layer.type);
        study.inputs = std::move(in);
    }

    CommandOutput evaluate(const StudyInputs& inputs, OutputFormat format, const ArgumentValues&) const override
    {
        const auto& d = inputs.get<DataflowInputs>();
        const DataflowModel model(d.hardware);
        DataflowResult r;
        const DfStatus st = model.evaluate(d.layer, d.mapping, r);
        if (!st.ok())
            throw InputError("mapping \"" + d.mapping.name + "\": " + DataflowModel::describe(st, d.layer));
        CommandOutput out;
        out.text = writeDataflowResult(d.layer, d.mapping, d.hardware, r, format);
        return out;
    }

    CommandOutput convert(const Study& study, std::string_view to, const std::string& out) const override
    {
        const auto& d = study.inputs.get<DataflowInputs>();
        return convertToFolderOrStudy(
            to, out, kMaestroFolder, "dataflow", [&](const std::string& dir) { return writeMaestroFolder(dir, d); },
            [&] { return dataflowStudyToJson(fileOf(study.name, d, study.optimizer.objective)); });
    }

    std::vector<std::string> writeOutputs(const StudyInputs& inputs, std::string_view document,
                                          const ArgumentValues& args) const override
    {
        return writeFolderOutput(args, kMaestroFolder, document, [&](const std::string& dir, std::string_view result) {
            DataflowInputs best = inputs.get<DataflowInputs>();
            best.mapping = dataflowResultMapping(result, best.layer.type, "the best mapping");
            return writeMaestroFolder(dir, best);
        });
    }

    std::span<const OptimizerInfo> optimizers() const override { return dataflowOptimizers(); }

    std::unique_ptr<StudyJob> makeJob(const StudyInputs& inputs, const OptimizerSettings& settings,
                                      const JobContext& context) const override
    {
        const auto& d = inputs.get<DataflowInputs>();
        auto problem = std::make_shared<const DataflowProblem>(d.layer, d.hardware, d.space, settings.objective);
        PointSearchJob::Setup s = PointSearchJob::setup(
            problem, makeDataflowOptimizer(settings.id, *problem, settings.options, settings.seed), settings, context);
        const std::string label = PointSearchJob::bestLabel(settings, context);
        s.document = [problem, label](const Point& best, const PointSearchResult*) {
            DataflowMapping m = problem->decode(best);
            m.name = label;
            std::map<std::string, std::int64_t> values;
            const auto params = problem->parameters();
            for (std::size_t i = 0; i < params.size(); ++i)
                values[params[i].name] = params[i].values[std::size_t(best[i])];
            return dataflowResultToJson(m, problem->layer().type, values);
        };
        return std::make_unique<PointSearchJob>(std::move(s));
    }

    std::string describeResult(std::string_view document, const StudyInputs* inputs) const override
    {
        const DataflowInputs* in = inputs ? inputs->getIf<DataflowInputs>() : nullptr;
        if (!in)
            return "(made on another layer or hardware: select it to see the directives)\n";
        std::ostringstream text;
        const DataflowMapping m = dataflowResultMapping(document, in->layer.type, "run result");
        const auto point = dataflowResultPoint(document);
        if (!point.empty()) {
            // In the design space's parameter order (the problem of the study's space).
            try {
                const DataflowProblem problem(in->layer, in->hardware, in->space, "latency");
                text << "best point: " << problem.describe(problem.pointFromValues(point)) << "\n";
            } catch (const InputError&) {
                text << "best point:";
                for (const auto& [k, v] : point)
                    text << " " << k << "=" << v;
                text << "\n";
            }
        }
        text << "\nDirectives (MAESTRO):\n"
             << directivesText(m, in->layer.type) << "\nLoop nest:\n"
             << loopNestText(in->layer, m, in->hardware.numPes);
        return text.str();
    }

    std::optional<MetricInfo> metricInfo(std::string_view name, const ObjectiveInfo&) const override
    {
        const std::string samples = "Samples (cost-model evaluations)";
        // "rl/agent<k>/…": the agent's number.
        const auto agent = [&] {
            const std::string n(name.substr(3));
            return n.substr(5, n.find('/') - 5);
        };
        if (name == "rl/mean_return")
            return MetricInfo{"Mean return", "", samples, false, true,
                              "Mean reward of the samples of each learner update: X_ref / X, −1 for an invalid mapping "
                              "(higher is better)",
                              "Return"};
        if (name.starts_with("rl/agent") && name.ends_with("/entropy"))
            return MetricInfo{"Agent " + agent() + ": policy entropy", "nats", samples, false, true,
                              "Sum over the agent's heads; falls as the agent commits to values", "Entropy"};
        if (name.starts_with("rl/agent") && name.ends_with("/critic_loss"))
            return MetricInfo{"Agent " + agent() + ": value loss", "", samples, true, true,
                              "Mean squared error of the agent's critic", "Loss"};
        if (name.starts_with("rl/agent") && name.ends_with("/approx_kl"))
            return MetricInfo{"Agent " + agent() + ": approximate KL", "", samples, false, true,
                              "How far one update moved the agent's policy", "KL"};
        if (name.starts_with("rl/value/"))
            return MetricInfo{"Value chosen for " + std::string(name.substr(9)), "", samples, false, true,
                              "The value the parameter's agent currently prefers (its most probable one), per update",
                              "Value"};
        if (name == "rl/clustering_samples")
            return MetricInfo{"Clustering pre-pass samples", "", samples, false, true,
                              "Samples spent collecting data for the agent clustering", "Samples"};
        return std::nullopt;
    }

private:
    StudyKindInfo m_info;
};

} // namespace

const StudyKind& dataflowKind() { return studyKindInstance<DataflowKind>(); }

std::shared_ptr<const StudyKind> makeDataflowKind() { return unownedStudyKind(dataflowKind()); }

std::string dataflowResultToJson(const DataflowMapping& mapping, DfLayerType type,
                                 const std::map<std::string, std::int64_t>& point)
{
    ojson j = ojson::parse(dataflowMappingToJson(mapping, type));
    j["schema"] = "mapscape/dataflow-result";
    ojson p = ojson::object();
    for (const auto& [k, v] : point)
        p[k] = v;
    j["point"] = p;
    return j.dump(2) + "\n";
}

DataflowMapping dataflowResultMapping(std::string_view text, DfLayerType type, const std::string& source)
{
    ojson j = io::parseOrderedJson(text, source);
    if (!j.is_object())
        throw InputError(source + ": the run's result is not a JSON object");
    if (!j.contains("schema")) { // projects written before results had a schema
        j.erase("point");
        j["schema"] = "mapscape/dataflow-mapping";
        j["version"] = 1;
    }
    return dataflowMappingFromJson(j.dump(2), source, type);
}

std::map<std::string, std::int64_t> dataflowResultPoint(std::string_view text)
{
    std::map<std::string, std::int64_t> out;
    ojson j;
    try {
        j = io::parseOrderedJson(text, "run result");
    } catch (const InputError&) {
        return out;
    }
    if (!j.is_object() || !j.contains("point") || !j["point"].is_object())
        return out;
    for (const auto& [k, v] : j["point"].items())
        if (v.is_number_integer())
            out[k] = v.get<std::int64_t>();
    return out;
}

} // namespace mapscape
