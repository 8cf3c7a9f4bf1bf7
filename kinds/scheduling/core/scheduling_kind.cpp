// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The scheduling-table kind's descriptor: objectives, inputs and their files, command-line
// arguments, evaluation, conversion and jobs.

#include "kinds/scheduling/core/network_evaluation.h"
#include "kinds/scheduling/core/evaluation_writer.h"
#include "kinds/scheduling/core/mapping_csv.h"
#include "kinds/scheduling/core/timeloop_map.h"
#include "core/io/json_document.h"
#include "core/io/preset_library.h"
#include "kinds/scheduling/core/neurospector_cfg.h"
#include "kinds/scheduling/core/neurospector_json.h"
#include "kinds/scheduling/core/preset_io.h"
#include "core/model/validation.h"
#include "kinds/scheduling/core/scheduling_study.h"
#include "core/util/fingerprint.h"
#include "core/util/strings.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <tuple>
#include <sstream>

namespace mapscape {

namespace {

/// What differs from the preset the accelerator is named after, in the table's words.
std::vector<std::string> acceleratorChanges(const Accelerator& a)
{
    const Accelerator* preset = presetNamed(a.name, kAcceleratorPresets, &loadAccelerator);
    std::vector<std::string> out;
    if (!preset || *preset == a)
        return out;
    if (a.frequencyMhz != preset->frequencyMhz)
        out.push_back("clock " + formatSig(a.frequencyMhz) + " MHz");
    if (a.macEnergyPj != preset->macEnergyPj || a.macStaticMw != preset->macStaticMw)
        out.push_back("MAC energy " + formatSig(a.macEnergyPj) + " pJ");
    for (Component c : kAllComponents) {
        const std::string level(componentShort(c));
        if (isSpatial(c)) {
            const ArraySpec &x = a.array(c), &y = preset->array(c);
            if (x.present != y.present)
                out.push_back(level + (x.present ? " added" : " removed"));
            else if (x.sizeX != y.sizeX || x.sizeY != y.sizeY)
                out.push_back(level + " " + std::to_string(x.sizeX) + "×" + std::to_string(x.sizeY));
            else if (!(x == y))
                out.push_back(level + " settings");
            continue;
        }
        const BufferSpec &x = a.buffer(c), &y = preset->buffer(c);
        if (x.present != y.present) {
            out.push_back(level + (x.present ? " added" : " removed"));
            continue;
        }
        if (x.sizeBytes != y.sizeBytes) {
            std::string sizes;
            for (std::size_t i = 0; i < x.sizeBytes.size(); ++i)
                sizes += (i ? "/" : "") + std::to_string(x.sizeBytes[i]);
            out.push_back(level + " " + sizes + " B");
        }
        if (x.bandwidthBits != y.bandwidthBits)
            out.push_back(level + " bandwidth " + formatSig(x.bandwidthBits) + " bit");
        if (x.dataflow != y.dataflow)
            out.push_back(level + " dataflow " + std::string(dataflowName(x.dataflow)));
        if (x.accessEnergyPj != y.accessEnergyPj)
            out.push_back(level + " access energy");
        if (x.staticPowerMw != y.staticPowerMw || x.unitCycle != y.unitCycle || x.bypass != y.bypass ||
            x.constraint != y.constraint || x.allowedDataflows != y.allowedDataflows)
            out.push_back(level + " settings");
    }
    if (out.empty())
        out.push_back("description");
    return out;
}

/// The network's name as a run's setup reads it: as is when it is the preset of that name; the
/// layers kept when it is some of the preset's layers unchanged (the CLI's --layer: "ResNet-50
/// (CONV_5_4)", "(3 of 21 layers)"); else what differs: layers added or removed, or each changed
/// layer's first changed field.
std::string networkLabel(const Network& n)
{
    const Network* preset = presetNamed(n.name, kNetworkPresets, &loadNetwork);
    if (!preset || *preset == n)
        return n.name;
    if (n.layers.size() != preset->layers.size()) {
        const bool subset = std::all_of(n.layers.begin(), n.layers.end(), [&](const Layer& l) {
            return std::find(preset->layers.begin(), preset->layers.end(), l) != preset->layers.end();
        });
        if (subset && n.layers.size() > preset->layers.size())
            return n.name; // only repeats of the preset's layers
        if (subset)
            return n.name + (n.layers.size() == 1 ? " (" + n.layers.front().name + ")"
                                                  : " (" + std::to_string(n.layers.size()) + " of " +
                                                        std::to_string(preset->layers.size()) + " layers)");
        return withChanges(n.name, {std::to_string(n.layers.size()) + " layers"});
    }
    std::vector<std::string> out;
    for (std::size_t i = 0; i < n.layers.size(); ++i) {
        const Layer &x = n.layers[i], &y = preset->layers[i];
        if (x == y)
            continue;
        std::string what = x.name != y.name ? "layer " + std::to_string(i + 1) + " renamed " + x.name : x.name;
        for (const auto& [label, mine, theirs] :
             {std::tuple{"K", x.k, y.k}, {"B", x.b, y.b}, {"P", x.p, y.p}, {"Q", x.q, y.q}, {"C", x.c, y.c}, {"R", x.r, y.r},
              {"S", x.s, y.s}, {"G", x.g, y.g}, {"stride", x.stride, y.stride},
              {"stride along Q", x.strideAlongQ(), y.strideAlongQ()}, {"dilation", x.dilation, y.dilation},
              {"dilation along S", x.dilationAlongS(), y.dilationAlongS()}, {"repeat", x.repeat, y.repeat}})
            if (mine != theirs) {
                what += std::string(" ") + label + " " + std::to_string(mine);
                break;
            }
        out.push_back(what);
    }
    if (out.empty())
        out.push_back("description");
    return withChanges(n.name, out);
}

using ojson = nlohmann::ordered_json;

const PresetFolder kAccelerators = kAcceleratorPresets;
const PresetFolder kNetworks = kNetworkPresets;

/// Keeps only the named layer (--layer), if one is given.
void restrictToLayer(Network& net, const std::string& layer)
{
    if (layer.empty())
        return;
    if (!net.keepOnlyLayer(layer))
        throw InputError("--layer: network \"" + net.name + "\" has no layer \"" + layer + "\"");
}

std::string argument(const ArgumentValues& args, const char* key)
{
    const auto it = args.find(key);
    return it == args.end() ? std::string() : it->second;
}

class SchedulingKind final : public TypedStudyKind<SchedulingInputs> {
public:
    SchedulingKind()
    {
        m_info.id = "scheduling";
        m_info.title = "Scheduling tables";
        m_info.description = "Tile a whole network's layers onto an accelerator hierarchy (seed 000: PPO scheduling)";
        m_info.summaryFigures = {"layers_found"};
        m_info.costModel = "NeuroSpector-compatible scheduling-table model";
        m_info.objectives = {{"energy", "Energy", "pJ", false}, {"cycle", "Cycles", "cycles", true},
                             {"edp", "EDP", "pJ·cycles", false}};
        m_info.defaultOptimizer = "ppo";
        m_info.resultNoun = "mapping";
        m_info.progressMetric = "search/best_total";
        m_info.paretoX = 1; // cycles across, energy up
        m_info.paretoY = 0;
        m_info.pointGroupLabel = "Layer";
        m_info.runOptions = {choiceOption("dataflow", "Dataflows", {"fixed", "flexible"},
                                          "fixed: each level's dataflow as the accelerator gives it; flexible: also try "
                                          "every dataflow the accelerator allows (as NeuroSpector)")};
        m_info.inLaunchProject = true;
        m_info.presetFolders = {kAcceleratorPresets, kNetworkPresets, kMappingPresets};
    }

    const StudyKindInfo& info() const override { return m_info; }

    StudyInputs defaultInputs() const override
    {
        SchedulingInputs in;
        in.accelerator = loadAccelerator(resolvePreset("eyeriss", kAccelerators));
        in.network = loadNetwork(resolvePreset("resnet50", kNetworks));
        return in;
    }

    std::string setupLabel(const StudyInputs& inputs) const override
    {
        // Inputs edited from a preset say so and what changed ("Eyeriss (edited: GB 4096 B)"), so
        // that runs on different inputs never read alike.
        const auto& s = inputs.get<SchedulingInputs>();
        return withChanges(s.accelerator.name, acceleratorChanges(s.accelerator)) + " / " + networkLabel(s.network);
    }

    std::string setupKey(const StudyInputs& inputs) const override
    {
        const auto& s = inputs.get<SchedulingInputs>();
        return "scheduling-" + hex64(fnv1a(networkToJson(s.network), fnv1a(acceleratorToJson(s.accelerator))));
    }

    std::string normalizeObjective(std::string_view text) const override
    {
        const auto metric = parseMetric(text);
        return metric ? std::string(metricName(*metric)) : std::string();
    }

    std::vector<std::string> pointGroups(const StudyInputs& inputs) const override
    {
        std::vector<std::string> names;
        for (const Layer& l : inputs.get<SchedulingInputs>().network.layers)
            names.push_back(l.name);
        return names;
    }

    std::vector<std::string> inputMembers() const override { return {"accelerator", "network", "mapping"}; }

    std::string inputsToJson(const StudyInputs& inputs) const override
    {
        const auto& in = inputs.get<SchedulingInputs>();
        ojson j;
        j["accelerator"] = ojson::parse(acceleratorToJson(in.accelerator));
        j["network"] = ojson::parse(networkToJson(in.network));
        j["mapping"] = in.mapping ? ojson::parse(mappingToJson(*in.mapping, in.accelerator)) : ojson(nullptr);
        return j.dump();
    }

    StudyInputs inputsFromJson(std::string_view text, const std::string& source, const std::string& prefix) const override
    {
        io::JsonLocations where; // each member's reader names the lines of the file the text came from
        const ojson s = io::parseOrderedJson(text, source, where);
        const std::string at = prefix.empty() ? "" : prefix + ".";
        for (const char* member : {"accelerator", "network"})
            if (!s.contains(member) || !s[member].is_object())
                throw InputError(source + ":" + std::to_string(where.lineOf(std::string("/") + member)) + ": " + at +
                                 member + (s.contains(member) ? ": expected an object" : ": required object is missing"));
        SchedulingInputs in;
        in.accelerator = acceleratorFromJson(where.documentAt(text, "/accelerator", s["accelerator"]),
                                             source + " (" + at + "accelerator)");
        in.network = networkFromJson(where.documentAt(text, "/network", s["network"]), source + " (" + at + "network)");
        if (s.contains("mapping") && !s["mapping"].is_null())
            in.mapping = mappingFromJson(where.documentAt(text, "/mapping", s["mapping"]), source + " (" + at + "mapping)",
                                         in.accelerator);
        return in;
    }

    std::vector<StudyArgument> studyArguments() const override
    {
        using U = StudyArgument::Use;
        return {{"-a,--accelerator", "Scheduling studies: accelerator preset name or file (.json, .cfg; default eyeriss)"},
                {"-n,--network", "Scheduling studies: network preset name or file (.json, .cfg; default resnet50)"},
                {"-t,--table", "Scheduling studies: mapping (Mapscape .json, NeuroSpector result lines .jsonl or a table .cfg)"},
                {"-l,--layer", "Only this layer (scheduling: of the network; dataflow: of a MAESTRO file)"},
                {"-m,--metric", "Scheduling studies: the objective, energy, cycle or edp (as --objective)"},
                {"--dataflow", "Scheduling studies: fixed or flexible (try each allowed dataflow)"},
                {"--tables", "Scheduling studies, text format: print each layer's scheduling table", true, U::Evaluate},
                {"--neurospector", "Scheduling studies: also write the best mapping as NeuroSpector cfg files to this folder",
                 false, U::Output}};
    }

    std::optional<Study> studyFromArguments(const ArgumentValues& args, bool fallback,
                                            std::vector<std::string>&) const override
    {
        const bool given = args.count("accelerator") || args.count("network") || args.count("table");
        if (!given && !fallback)
            return std::nullopt;
        SchedulingInputs in;
        const std::string acc = args.count("accelerator") ? args.at("accelerator") : std::string("eyeriss");
        const std::string net = args.count("network") ? args.at("network") : std::string("resnet50");
        in.accelerator = loadAccelerator(resolvePreset(acc, kAccelerators));
        in.network = loadNetwork(resolvePreset(net, kNetworks));
        Study st = makeStudy(in.accelerator.name + " / " + in.network.name, in);
        applyArguments(st, args);
        return st;
    }

    void applyArguments(Study& study, const ArgumentValues& args) const override
    {
        SchedulingInputs in = study.inputs.get<SchedulingInputs>();
        if (args.count("accelerator"))
            in.accelerator = loadAccelerator(resolvePreset(args.at("accelerator"), kAccelerators));
        if (args.count("network"))
            in.network = loadNetwork(resolvePreset(args.at("network"), kNetworks));
        // A table file is checked against the whole network, then (with --layer) only the named
        // layer's table is kept: a file covering every layer serves one layer too.
        if (args.count("table"))
            in.mapping = loadMapping(resolvePreset(args.at("table"), kMappingPresets), in.accelerator, in.network);
        restrictToLayer(in.network, argument(args, "layer"));
        if (in.mapping && !argument(args, "layer").empty())
            std::erase_if(in.mapping->layers, [&](const LayerMapping& lm) { return in.network.indexOf(lm.layer) < 0; });
        if (args.count("metric")) {
            const auto metric = parseMetric(args.at("metric"));
            if (!metric)
                throw InputError("--metric: expected energy, cycle or edp, got \"" + args.at("metric") + "\"");
            study.optimizer.objective = std::string(metricName(*metric));
        }
        if (args.count("dataflow")) {
            const std::string d = args.at("dataflow");
            if (d != "fixed" && d != "flexible")
                throw InputError("--dataflow: expected fixed or flexible, got \"" + d + "\"");
            if (d == "fixed")
                study.optimizer.runOptions.erase("dataflow");
            else
                study.optimizer.runOptions["dataflow"] = d;
        }
        study.inputs = std::move(in);
    }

    CommandOutput evaluate(const StudyInputs& inputs, OutputFormat format, const ArgumentValues& args) const override
    {
        const auto& in = inputs.get<SchedulingInputs>();
        const SchedulingModel model(in.accelerator);
        NetworkEvalOptions opts;
        CommandOutput out;
        Mapping mapping;
        if (in.mapping) {
            mapping = *in.mapping;
        } else {
            opts.trivialForMissing = true;
            out.notes.push_back("no --table given; every layer uses the trivial mapping (all loops at DRAM)");
        }
        const NetworkResult res = evaluateNetwork(model, in.network, mapping, opts);
        out.text = writeEvaluation(model, in.network, res, format, {.perLayerTables = args.count("tables") > 0});
        out.exitCode = res.complete() ? 0 : 2;
        return out;
    }

    CommandOutput convert(const Study& study, std::string_view to, const std::string& out) const override
    {
        const auto& in = study.inputs.get<SchedulingInputs>();
        Mapping mapping = in.mapping.value_or(Mapping{});
        if (mapping.network.empty())
            mapping.network = in.network.name;
        CommandOutput o;
        if (to == "json")
            o.text = mappingToJson(mapping, in.accelerator);
        else if (to == "csv")
            o.text = mappingToCsv(mapping, in.accelerator);
        else if (to == "timeloop")
            o.text = mappingToTimeloopYaml(in.network, mapping, in.accelerator);
        else if (to == "neurospector") {
            if (out.empty())
                throw InputError("--out: a directory is needed for NeuroSpector files");
            o.notes.push_back(neuroSpectorFolder(out, in.accelerator, in.network, mapping));
        } else if (to == "study") {
            return StudyKind::convert(study, to, out);
        } else {
            throw InputError("--to: expected neurospector, json, csv, timeloop or study, got \"" + std::string(to) + "\"");
        }
        return o;
    }

    std::optional<CommandOutput> validateFile(const std::string& path, std::string_view text, std::string_view,
                                              const ArgumentValues& args) const override
    {
        CommandOutput out;
        std::ostringstream s;
        if (std::filesystem::path(path).extension() == ".jsonl") {
            const std::vector<ReferenceCase> cases = readReferenceFile(path);
            int bad = 0;
            for (const ReferenceCase& rc : cases) {
                const SchedulingModel model(rc.accelerator);
                const EvalStatus st = model.check(LayerShape::of(rc.layer), rc.table);
                if (st.ok() != rc.expectValid) {
                    ++bad;
                    out.notes.push_back(path + ":" + std::to_string(rc.line) + ": layer " + rc.layer.name + ": " +
                                        (st.ok() ? "valid table, expected invalid" : model.describe(st)));
                }
            }
            s << path << ": " << cases.size() << " reference lines, " << bad << " with an unexpected verdict\n";
            out.text = s.str();
            out.exitCode = bad ? 2 : 0;
            return out;
        }
        const std::string kind = detectDocumentKind(text);
        if (kind == "accelerator") {
            const Accelerator acc = loadAccelerator(path);
            const SchedulingModel model(acc);
            s << path << ": OK: accelerator \"" << acc.name << "\", " << acc.precisionBits << "-bit, "
              << formatReal(acc.frequencyMhz) << " MHz, " << acc.totalMacUnits() << " MAC units\n";
        } else if (kind == "network") {
            const Network net = loadNetwork(path);
            double macs = 0;
            for (const Layer& l : net.layers)
                macs += l.macs() * double(l.repeat);
            s << path << ": OK: network \"" << net.name << "\", " << net.layers.size() << " layers, " << formatSig(macs, 4)
              << " MACs\n";
        } else if (kind == "mapping" || kind == "table") {
            const auto acc = args.find("accelerator");
            if (acc == args.end())
                throw InputError(path + ": validating a table needs --accelerator (and --network for a mapping)");
            const Accelerator a = loadAccelerator(resolvePreset(acc->second, kAccelerators));
            if (kind == "table") {
                const NeuroSpectorTable t = tableFromNeuroSpectorCfg(text, path, a);
                s << path << ": OK: scheduling table for layer \"" << t.layerName << "\"\n";
            } else {
                const Mapping m = mappingFromJson(text, path, a);
                s << path << ": OK: mapping with " << m.layers.size() << " layer tables\n";
            }
        } else {
            return std::nullopt;
        }
        out.text = s.str();
        return out;
    }

    std::vector<std::string> writeOutputs(const StudyInputs& inputs, std::string_view document,
                                          const ArgumentValues& args) const override
    {
        const auto it = args.find("neurospector");
        if (it == args.end() || document.empty())
            return {};
        const auto& in = inputs.get<SchedulingInputs>();
        const Mapping m = mappingFromJson(document, "the best mapping", in.accelerator);
        return {neuroSpectorFolder(it->second, in.accelerator, in.network, m)};
    }

    std::span<const OptimizerInfo> optimizers() const override { return schedulingOptimizers(); }

    std::unique_ptr<StudyJob> makeJob(const StudyInputs& inputs, const OptimizerSettings& settings,
                                      const JobContext& context) const override
    {
        return std::make_unique<SchedulingJob>(inputs.get<SchedulingInputs>(), settings, context);
    }

    std::string describeResult(std::string_view document, const StudyInputs* inputs) const override
    {
        const SchedulingInputs* in = inputs ? inputs->getIf<SchedulingInputs>() : nullptr;
        if (!in)
            return std::string(document);
        const Mapping m = mappingFromJson(document, "the result", in->accelerator);
        const SchedulingModel model(in->accelerator);
        const NetworkResult res = evaluateNetwork(model, in->network, m);
        std::ostringstream s;
        double energy = 0, cycles = 0;
        int found = 0;
        for (std::size_t l = 0; l < res.layers.size(); ++l) {
            const LayerResult& r = res.layers[l];
            s << "  " << in->network.layers[l].name << ": ";
            if (r.ok) {
                s << "energy " << formatSig(r.eval.totalEnergy) << " pJ, cycles " << formatSig(r.eval.totalCycles)
                  << "\n";
                const double rep = double(in->network.layers[l].repeat);
                energy += rep * r.eval.totalEnergy;
                cycles += rep * r.eval.totalCycles;
                ++found;
            } else {
                s << "no valid table found\n";
            }
        }
        s << "Total: energy " << formatSig(energy) << " pJ, cycles " << formatSig(cycles) << " (" << found << "/"
          << res.layers.size() << " layers)\n";
        return s.str();
    }

    std::optional<MetricInfo> metricInfo(std::string_view name, const ObjectiveInfo& objective) const override
    {
        const std::string label = toLower(objective.label);
        if (name == "search/best_total")
            return MetricInfo{"Best network total: " + label, objective.unit, "Tables evaluated", true, true,
                              "The objective summed over the best table of every layer, once every layer has one",
                              objective.label, true};
        if (name == "ppo/best_total")
            return MetricInfo{"PPO: best network total", objective.unit, "Episodes", true, true,
                              "The network's objective over the best table of each layer, per episode", objective.label};
        if (name == "exhaustive/candidates")
            return MetricInfo{"Exhaustive: candidates per layer", "tables", "Layer (index)", true, true,
                              "Size of each layer's unpruned space", "Tables"};
        if (name == "exhaustive/evaluated" || name == "bottom-up/evaluated")
            return MetricInfo{"Tables evaluated per layer", "tables", "Layer (index)", true, true,
                              "Complete tables the model evaluated after pruning", "Tables"};
        return std::nullopt;
    }

private:
    static std::string neuroSpectorFolder(const std::string& dir, const Accelerator& acc, const Network& net,
                                          const Mapping& mapping)
    {
        const int n = writeNeuroSpectorFolder(dir, acc, net, mapping);
        return "wrote accelerator.cfg, network.cfg, " + std::to_string(n) + " table file(s) and replay.sh to " + dir;
    }

    StudyKindInfo m_info;
};

} // namespace

const StudyKind& schedulingKind() { return studyKindInstance<SchedulingKind>(); }

std::shared_ptr<const StudyKind> makeSchedulingKind() { return unownedStudyKind(schedulingKind()); }

} // namespace mapscape
