// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The tensor-placement kind's descriptor.

#include "core/io/file_util.h"
#include "core/io/json_document.h"
#include "kinds/placement/core/placement_io.h"
#include "core/model/validation.h"
#include "kinds/placement/core/placement_study.h"
#include "core/util/fingerprint.h"
#include "core/util/strings.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <sstream>

namespace mapscape {

using namespace placement;

namespace {

using ojson = nlohmann::ordered_json;

std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

/// The hardware as a run's setup reads it: "NNP-I-like", and what differs from that preset
/// ("NNP-I-like (edited: LLC 32 MiB)"); the noise is named apart (", σ = 0.02").
std::string hardwareLabel(const HardwareParams& h)
{
    const HardwareParams d = nnpiHardwareLike();
    constexpr double kMiB = 1024.0 * 1024;
    const auto sig = [](double v) { return formatSig(v, 4); };
    std::vector<std::string> changes;
    const auto named = [&](bool differs, std::string what) {
        if (differs)
            changes.push_back(std::move(what));
    };
    named(h.iceCount != d.iceCount, std::to_string(h.iceCount) + " ICEs");
    named(h.sramPerIceBytes != d.sramPerIceBytes, "SRAM " + sig(h.sramPerIceBytes / kMiB) + " MiB/ICE");
    named(h.llcBytes != d.llcBytes, "LLC " + sig(h.llcBytes / kMiB) + " MiB");
    named(h.dramBytes != d.dramBytes, "DRAM " + sig(h.dramBytes / (kMiB * 1024)) + " GiB");
    named(h.sramBandwidth != d.sramBandwidth, "SRAM " + sig(h.sramBandwidth / 1e9) + " GB/s");
    named(h.llcBandwidth != d.llcBandwidth, "LLC " + sig(h.llcBandwidth / 1e9) + " GB/s");
    named(h.dramBandwidth != d.dramBandwidth, "DRAM " + sig(h.dramBandwidth / 1e9) + " GB/s");
    named(h.macRate != d.macRate, sig(h.macRate / 1e12) + " TMAC/s");
    named(h.macUtilisation != d.macUtilisation, "η " + sig(h.macUtilisation));
    named(h.vectorRate != d.vectorRate, "vector " + sig(h.vectorRate / 1e9) + " G/s");
    named(h.nodeOverhead != d.nodeOverhead, "T0 " + sig(h.nodeOverhead * 1e6) + " µs");
    named(h.bytesPerElement != d.bytesPerElement, std::to_string(h.bytesPerElement) + " B/element");
    named(h.sramMode != d.sramMode, h.sramMode == SramMode::Sharded ? "sharded SRAM" : "replicated SRAM");
    named(h.sramReserve != d.sramReserve, "SRAM reserve " + sig(h.sramReserve));
    named(h.llcReserve != d.llcReserve, "LLC reserve " + sig(h.llcReserve));
    named(h.compilerWeightThreshold != d.compilerWeightThreshold, "θ_w " + sig(h.compilerWeightThreshold / 1024) + " KiB");
    named(h.channels != d.channels, h.channels == ChannelMode::Serial ? "serial channels" : "parallel channels");
    named(h.switchPenalty != d.switchPenalty, "switch penalty " + sig(h.switchPenalty * 1e6) + " µs");
    named(h.dramThroughLlc != d.dramThroughLlc, h.dramThroughLlc ? "DRAM through LLC" : "DRAM beside LLC");
    named(h.rules != d.rules, std::to_string(h.rules.size()) + " level rules");
    std::string label = withChanges("NNP-I-like", changes);
    if (h.noiseSigma > 0)
        label += ", σ = " + formatSig(h.noiseSigma, 3);
    return label;
}

double positiveNumber(const std::string& key, const std::string& text)
{
    const auto v = parseReal(text);
    if (!v || !(*v > 0) || !std::isfinite(*v))
        throw InputError("--" + key + ": expected a positive number, got \"" + text + "\"");
    return *v;
}

class PlacementKind final : public TypedStudyKind<PlacementInputs> {
public:
    PlacementKind()
    {
        m_info.id = "placement";
        m_info.title = "Tensor placement";
        m_info.description = "Place every node's weights and output activation in DRAM, LLC or SRAM of an NNP-I-like chip "
                             "to minimise inference latency (seed 004: EGRL, evolutionary graph RL)";
        m_info.summaryFigures = {"measured_speedup", "best_iteration", "valid"};
        m_info.costModel = "NNP-I-like memory-hierarchy latency model with a capacity legalizer and a compiler map";
        m_info.objectives = {{"speedup", "Speed-up over the compiler", "×", false, true},
                             {"latency", "Latency", "µs", false, false}};
        m_info.defaultOptimizer = "egrl";
        m_info.resultNoun = "map";
        m_info.progressMetric = "placement/best_true_speedup"; // the tables' measure (noiseless), at the measured best's improvements
        m_info.progressLowerIsBetter = false;
        m_info.evaluatesPoints = false;
        m_info.presetFolders = {kPlacementHardwarePresets, kPlacementWorkloadPresets};
    }

    const StudyKindInfo& info() const override { return m_info; }

    StudyInputs defaultInputs() const override { return PlacementInputs{}; }

    std::string setupLabel(const StudyInputs& inputs) const override
    {
        // What the run ran on, edits named: runs on different inputs never read alike.
        const auto& p = inputs.get<PlacementInputs>();
        std::string label =
            p.workload.name + " (" + std::to_string(p.workload.nodeCount()) + " nodes) on " + hardwareLabel(p.hardware);
        const RewardOptions r;
        if (p.reward.invalidCoefficient != r.invalidCoefficient)
            label += ", κ = " + formatSig(p.reward.invalidCoefficient, 4);
        if (p.reward.flatInvalid != r.flatInvalid)
            label += ", flat −1 for invalid maps";
        if (p.reward.squaredMinusOne != r.squaredMinusOne)
            label += ", reward s² − 1";
        if (!p.pins.empty())
            label += ", " + std::to_string(p.pins.size()) + " pinned";
        return label;
    }

    std::string setupKey(const StudyInputs& inputs) const override
    {
        const auto& p = inputs.get<PlacementInputs>();
        std::uint64_t h = fnv1a(placementWorkloadToJson(p.workload));
        h = fnv1a(placementHardwareToJson(p.hardware), h);
        h = fnv1a(formatReal(p.reward.invalidCoefficient) + (p.reward.flatInvalid ? "f" : "k") +
                      (p.reward.squaredMinusOne ? "m" : "s"),
                  h);
        for (const Pin& pin : p.pins)
            h = fnv1a(std::to_string(pin.node) + (pin.weights ? "w" : "a") + std::to_string(int(pin.level)), h);
        return "placement-" + hex64(h);
    }

    std::vector<std::string> inputMembers() const override { return {"workload", "hardware", "reward", "map", "pins"}; }

    std::string inputsToJson(const StudyInputs& inputs) const override
    {
        const auto& p = inputs.get<PlacementInputs>();
        ojson j;
        j["workload"] = ojson::parse(placementWorkloadToJson(p.workload));
        j["hardware"] = ojson::parse(placementHardwareToJson(p.hardware));
        j["reward"] = {{"kappa", p.reward.invalidCoefficient},
                       {"flat_invalid", p.reward.flatInvalid},
                       {"squared_minus_one", p.reward.squaredMinusOne}};
        if (p.map) {
            ojson m = ojson::parse(placementMapToJson(p.workload, *p.map));
            j["map"] = {{"weights", m["weights"]}, {"activations", m["activations"]}};
        }
        ojson pins = ojson::array();
        for (const Pin& pin : p.pins)
            pins.push_back({{"node", p.workload.nodes[std::size_t(pin.node)].name},
                            {"tensor", pin.weights ? "weights" : "activation"},
                            {"level", levelName(pin.level)}});
        j["pins"] = pins;
        return j.dump();
    }

    StudyInputs inputsFromJson(std::string_view text, const std::string& source, const std::string& prefix) const override
    {
        io::JsonLocations where; // each member's reader names the lines of the file the text came from
        const ojson s = io::parseOrderedJson(text, source, where);
        const std::string dotted = prefix.empty() ? "" : prefix + ".";
        const std::string at = source + ": " + dotted;
        const auto atLine = [&](const char* member) {
            return source + ":" + std::to_string(where.lineOf(std::string("/") + member)) + ": " + dotted + member;
        };
        PlacementInputs in;
        if (s.contains("workload")) {
            if (!s["workload"].is_object())
                throw InputError(atLine("workload") + ": expected a placement-workload object");
            in.workload = placementWorkloadFromJson(where.documentAt(text, "/workload", s["workload"]),
                                                   source + " (" + dotted + "workload)");
        }
        if (s.contains("hardware")) {
            if (!s["hardware"].is_object())
                throw InputError(atLine("hardware") + ": expected a placement-hardware object");
            in.hardware = placementHardwareFromJson(where.documentAt(text, "/hardware", s["hardware"]),
                                                   source + " (" + dotted + "hardware)");
        }
        if (s.contains("reward")) {
            const ojson& r = s["reward"];
            if (!r.is_object())
                throw InputError(at + "reward: expected an object with kappa, flat_invalid and squared_minus_one");
            for (auto it = r.begin(); it != r.end(); ++it)
                if (it.key() != "kappa" && it.key() != "flat_invalid" && it.key() != "squared_minus_one")
                    throw InputError(at + "reward." + it.key() + ": unknown member");
            if (r.contains("kappa")) {
                if (!r["kappa"].is_number() || !(r["kappa"].get<double>() > 0))
                    throw InputError(at + "reward.kappa: expected a positive number");
                in.reward.invalidCoefficient = r["kappa"].get<double>();
            }
            for (const auto& [member, flag] : {std::pair<const char*, bool*>{"flat_invalid", &in.reward.flatInvalid},
                                               {"squared_minus_one", &in.reward.squaredMinusOne}})
                if (r.contains(member)) {
                    if (!r[member].is_boolean())
                        throw InputError(at + "reward." + member + ": expected true or false");
                    *flag = r[member].get<bool>();
                }
        }
        const int n = in.workload.nodeCount();
        if (s.contains("map") && !s["map"].is_null()) {
            ojson m = s["map"];
            if (!m.is_object())
                throw InputError(at + "map: expected {weights, activations}");
            m["schema"] = "mapscape/placement-map";
            in.map = placementMapFromJson(m.dump(2), source + " (" + dotted + "map)", n).map;
        }
        if (s.contains("pins")) {
            if (!s["pins"].is_array())
                throw InputError(at + "pins: expected a list of {node, tensor, level}");
            for (std::size_t i = 0; i < s["pins"].size(); ++i) {
                const ojson& pj = s["pins"][i];
                const std::string field = at + "pins[" + std::to_string(i) + "]";
                if (!pj.is_object())
                    throw InputError(field + ": expected {node, tensor, level}");
                for (auto it = pj.begin(); it != pj.end(); ++it)
                    if (it.key() != "node" && it.key() != "tensor" && it.key() != "level")
                        throw InputError(field + "." + it.key() + ": unknown member");
                const auto text = [&](const char* member) {
                    if (!pj.contains(member) || !pj[member].is_string())
                        throw InputError(field + "." + member + ": expected text");
                    return pj[member].get<std::string>();
                };
                Pin pin;
                const std::string node = text("node");
                const auto it = std::find_if(in.workload.nodes.begin(), in.workload.nodes.end(),
                                             [&](const GraphNode& g) { return g.name == node; });
                if (it == in.workload.nodes.end())
                    throw InputError(field + ".node: no node \"" + node + "\" in the workload");
                pin.node = int(it - in.workload.nodes.begin());
                const std::string tensor = text("tensor");
                if (tensor != "weights" && tensor != "activation")
                    throw InputError(field + ".tensor: expected weights or activation, got \"" + tensor + "\"");
                pin.weights = tensor == "weights";
                const auto level = parseLevel(text("level"));
                if (!level)
                    throw InputError(field + ".level: expected SRAM, LLC or DRAM");
                pin.level = *level;
                in.pins.push_back(pin);
            }
        }
        return in;
    }

    std::optional<Study> readStudyFile(const std::string& path, std::string_view text, std::string_view schema) const override
    {
        if (schema != "mapscape/placement-workload")
            return std::nullopt;
        PlacementInputs in;
        in.workload = placementWorkloadFromJson(text, path);
        return makeStudy(in.workload.name, in);
    }

    std::vector<StudyArgument> studyArguments() const override
    {
        return {{"-w,--workload", "Placement studies: resnet50, resnet101, bert, a preset or a .json / .csv workload"},
                {"--hardware", "Placement studies: nnpi, nnpi-hardware-like, a preset or a placement-hardware file "
                               "(dataflow studies: a dataflow hardware preset or file)"},
                {"--kappa", "Placement studies: reward of an invalid map is −κ·ε"},
                {"--flat-invalid", "Placement studies: reward −1 for every invalid map", true},
                {"--squared-minus-one", "Placement studies: reward s² − 1 for a valid map", true},
                {"--map", "Placement studies: the map shown and evaluated (a mapscape/placement-map file)"},
                {"--uniform", "Placement studies: SRAM, LLC or DRAM for every tensor of the map shown"}};
    }

    std::optional<Study> studyFromArguments(const ArgumentValues& args, bool fallback,
                                            std::vector<std::string>& notes) const override
    {
        if (!args.count("workload"))
            return fallback ? StudyKind::studyFromArguments(args, true, notes) : std::nullopt;
        PlacementInputs in;
        in.workload = loadPlacementWorkload(args.at("workload"));
        Study st = makeStudy(in.workload.name, in);
        applyArguments(st, args);
        return st;
    }

    void applyArguments(Study& study, const ArgumentValues& args) const override
    {
        PlacementInputs in = study.inputs.get<PlacementInputs>();
        if (const auto it = args.find("workload"); it != args.end()) {
            in.workload = loadPlacementWorkload(it->second);
            in.map.reset();
            in.pins.clear();
        }
        if (const auto it = args.find("hardware"); it != args.end())
            in.hardware = loadPlacementHardware(it->second);
        if (const auto it = args.find("kappa"); it != args.end())
            in.reward.invalidCoefficient = positiveNumber("kappa", it->second);
        if (args.count("flat-invalid"))
            in.reward.flatInvalid = true;
        if (args.count("squared-minus-one"))
            in.reward.squaredMinusOne = true;
        if (args.count("map") && args.count("uniform"))
            throw InputError("--map and --uniform: give one of them");
        if (const auto it = args.find("map"); it != args.end())
            in.map = placementMapFromJson(readTextFile(it->second), it->second, in.workload.nodeCount()).map;
        if (const auto it = args.find("uniform"); it != args.end()) {
            const auto level = parseLevel(it->second);
            if (!level)
                throw InputError("--uniform: expected SRAM, LLC or DRAM, got \"" + it->second + "\"");
            in.map = MemoryMap::uniform(in.workload.nodeCount(), *level);
        }
        checkWorkloadGraph(in.workload);
        study.inputs = std::move(in);
    }

    CommandOutput evaluate(const StudyInputs& inputs, OutputFormat format, const ArgumentValues& args) const override
    {
        const auto& in = inputs.get<PlacementInputs>();
        const PlacementModel model(in.workload, in.hardware, in.reward);
        const MemoryMap proposal = in.map ? *in.map : model.compilerMap();
        const std::string what = in.map ? std::string("the map shown") : std::string("the compiler's map");
        std::uint64_t seed = 1;
        if (const auto it = args.find("seed"); it != args.end())
            seed = std::uint64_t(parseInt(it->second).value_or(1));
        std::mt19937_64 rng(seed);
        const Legalization legal = model.legalize(proposal);
        const PlacementOutcome o = model.evaluate(proposal, rng);
        CommandOutput out;
        out.exitCode = o.valid ? 0 : 1;
        if (format == OutputFormat::Csv) {
            out.text = placementMapToCsv(model, legal.map);
            out.exitCode = 0;
            return out;
        }
        if (format == OutputFormat::Json) {
            ojson j;
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
            out.text = j.dump(2) + "\n";
            return out;
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
          << fixed(model.speedup(MemoryMap::uniform(model.nodeCount(), Level::Sram)), 3) << "\n";
        s << "  weights in SRAM/LLC/DRAM " << counts[0][0] << "/" << counts[0][1] << "/" << counts[0][2] << ", activations "
          << counts[1][0] << "/" << counts[1][1] << "/" << counts[1][2] << "\n";
        out.text = s.str();
        return out;
    }

    std::span<const OptimizerInfo> optimizers() const override { return placementOptimizers(); }

    std::unique_ptr<StudyJob> makeJob(const StudyInputs& inputs, const OptimizerSettings& settings,
                                      const JobContext& context) const override
    {
        return std::make_unique<PlacementJob>(inputs.get<PlacementInputs>(), settings, context);
    }

    std::string describeResult(std::string_view document, const StudyInputs* inputs) const override
    {
        const PlacementInputs* in = inputs ? inputs->getIf<PlacementInputs>() : nullptr;
        std::ostringstream text;
        try {
            const ojson j = io::parseOrderedJson(document, "run result");
            const int n = in ? in->workload.nodeCount() : int(j.value("weights", ojson::array()).size());
            const PlacementMapFile f = placementMapFromJson(document, "run result", n);
            if (j.contains("source") && j["source"].is_string())
                text << j["source"].get<std::string>() << "\n";
            text << "Levels per node (S = SRAM, L = LLC, D = DRAM; weights of weight-less nodes are ignored):\n"
                 << "  weights:     " << mapLetters(f.map.weights) << "\n"
                 << "  activations: " << mapLetters(f.map.activations) << "\n";
        } catch (const std::exception& e) {
            text << "(made on another workload: " << e.what() << ")\n";
        }
        return text.str();
    }

    std::optional<MetricInfo> metricInfo(std::string_view name, const ObjectiveInfo&) const override
    {
        struct Row {
            const char* name;
            const char* title;
            const char* help;
            const char* axis;
            bool bestSoFar = false; ///< the best map's figures: they change at its improvements only
        };
        static const Row rows[] = {
            {"placement/best_speedup", "Best speed-up over the compiler so far",
             "Measured speed-up L_compiler / L of the best valid map so far (with the preset's noise)", "Speed-up", true},
            {"placement/best_true_speedup", "Best map's noiseless speed-up",
             "The noiseless speed-up of the map with the best measured reward (what deploying it gives)", "Speed-up", true},
            {"placement/speedup", "Speed-up of each map",
             "Measured speed-up of every map evaluated; 0 for an invalid map (the compiler had to demote tensors)", "Speed-up"},
            {"placement/true_speedup", "Noiseless speed-up of each map",
             "The speed-up of every map evaluated without measurement noise; 0 for an invalid map", "Speed-up"},
            {"placement/epsilon", "Mapping error ε of each map",
             "Share of the mappable bytes the compiler demoted to make the map fit (0 = valid)", "ε"},
            {"egrl/best_gnn", "Best GNN member per generation", "Speed-up of the best Graph U-Net policy of the population",
             "Speed-up"},
            {"egrl/best_boltzmann", "Best Boltzmann chromosome per generation",
             "Speed-up of the best Boltzmann chromosome (per-node prior + temperature)", "Speed-up"},
            {"egrl/pg_noisy", "SAC learner, ε-greedy rollout", "Speed-up of the learner's exploring rollout", "Speed-up"},
            {"egrl/pg_clean", "SAC learner, greedy rollout", "Speed-up of the learner's greedy rollout", "Speed-up"},
            {"egrl/champion_type", "Champion's type per generation",
             "0 = GNN member, 1 = Boltzmann chromosome, 2 = learner (ε-greedy), 3 = learner (greedy)", "Type"},
            {"egrl/invalid_fraction", "Invalid maps per generation", "Share of the generation's maps the compiler changed",
             "Share"},
            {"egrl/mean_epsilon", "Mean ε per generation", "Mean mapping error of the generation's maps", "ε"},
            {"egrl/temperature_min", "Boltzmann temperature (min)", "Coldest node temperature (T ∈ [0.1, 10])", "Temperature"},
            {"egrl/temperature_mean", "Boltzmann temperature (mean)", "Mutation anneals T by about 5 % per generation",
             "Temperature"},
            {"egrl/temperature_max", "Boltzmann temperature (max)", "Hottest node temperature", "Temperature"},
            {"egrl/migrant_elite", "Migrations: became an elite", "Times the migrated SAC actor ranked among the elites",
             "Count"},
            {"egrl/migrant_selected", "Migrations: selected", "Times the migrated SAC actor won a tournament", "Count"},
            {"egrl/migrant_discarded", "Migrations: discarded", "Times the migrated SAC actor was selected against", "Count"},
            {"egrl/generation", "Generation", "Generations so far", "Generation"},
            {"sac/critic_loss", "SAC critic loss", "Twin-Q Bellman error on noisy one-hot actions", "Loss"},
            {"sac/actor_loss", "SAC actor loss", "−min Q of the greedy action − α·entropy", "Loss"},
            {"sac/entropy", "SAC policy entropy", "Per-node entropy of the two heads, summed (max 2·ln 3 ≈ 2.2)", "Entropy"},
            {"sac/q", "SAC Q value", "Mean min(Q1, Q2) of the sampled transitions (reward scale 5·(r + 2))", "Q"},
            {"sac/updates", "SAC gradient steps", "One per map evaluated, after a 24-transition burn-in", "Steps"},
            {"greedy/pass", "Greedy-DP passes", "Completed passes over the nodes", "Passes"},
        };
        const std::string its = "Iterations (maps evaluated)";
        for (const Row& r : rows)
            if (name == r.name)
                return MetricInfo{r.title, "", its, false, true, r.help, r.axis, r.bestSoFar};
        if (name.starts_with("zeroshot/")) {
            // "zeroshot/<workload>[_compiled|_epsilon]": the champion GNN on another workload.
            std::string target(name.substr(9));
            if (target.ends_with("_epsilon")) {
                target.resize(target.size() - 8);
                return MetricInfo{"Zero-shot on " + target + ": mapping error ε", "", its, false, true,
                                  "Share of " + target + "'s mappable bytes the compiler had to demote from the transferred "
                                  "GNN's map",
                                  "ε"};
            }
            if (target.ends_with("_compiled")) {
                target.resize(target.size() - 9);
                return MetricInfo{"Zero-shot on " + target + ", as compiled", "", its, false, true,
                                  "Speed-up on " + target + " of the best GNN trained here, after the compiler made its map "
                                  "fit (what the chip would run)",
                                  "Speed-up (×)"};
            }
            return MetricInfo{"Zero-shot on " + target, "", its, false, true,
                              "Speed-up on " + target + " of the best GNN trained here, with no further training; 0 when "
                              "the compiler had to change its map",
                              "Speed-up (×)"};
        }
        return std::nullopt;
    }

private:
    StudyKindInfo m_info;
};

} // namespace

const StudyKind& placementKind() { return studyKindInstance<PlacementKind>(); }

std::shared_ptr<const StudyKind> makePlacementKind() { return unownedStudyKind(placementKind()); }

} // namespace mapscape
