// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The DPU-configuration kind's descriptor.

#include "kinds/dpu/core/dpu_report.h"
#include "kinds/dpu/core/dpu_io.h"
#include "core/io/json_document.h"
#include "core/model/validation.h"
#include "kinds/dpu/core/dpu_study.h"
#include "core/util/fingerprint.h"
#include "core/util/strings.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>

namespace mapscape {

namespace {

using ojson = nlohmann::ordered_json;

int variantOrThrow(const dpu::Platform& p, const std::string& name)
{
    const int v = findDpuVariant(p, name);
    if (v < 0) {
        std::string names;
        for (const dpu::CnnModel& m : p.models)
            names += (names.empty() ? "" : ", ") + m.name;
        throw InputError("--variant: no model variant \"" + name + "\" (models: " + names +
                         "; add -PR25 or -PR50 for pruned variants)");
    }
    return v;
}

/// What a platform changes from the paper's (defaultPlatform), as a run's setup reads it.
std::vector<std::string> platformChanges(const dpu::Platform& p)
{
    static const dpu::Platform d = dpu::defaultPlatform();
    std::vector<std::string> out;
    const auto named = [&](bool differs, std::string what) {
        if (differs)
            out.push_back(std::move(what));
    };
    named(p.params.clockMhz != d.params.clockMhz, "clock " + formatSig(p.params.clockMhz, 4) + " MHz");
    named(p.params.memoryBandwidthGbs != d.params.memoryBandwidthGbs,
          "B_max " + formatSig(p.params.memoryBandwidthGbs, 4) + " GB/s");
    named(p.fpsConstraint != d.fpsConstraint, "C_PERF " + formatSig(p.fpsConstraint, 4) + " FPS");
    std::string pruning;
    for (double r : p.pruning)
        pruning += (pruning.empty() ? "" : "/") + formatSig(100 * r, 3);
    named(p.pruning != d.pruning, "pruning " + pruning + " %");
    named(p.params.states != d.params.states, "background states edited");
    dpu::PlatformParams rest = p.params; // the parameters not named above
    rest.clockMhz = d.params.clockMhz;
    rest.memoryBandwidthGbs = d.params.memoryBandwidthGbs;
    rest.states = d.params.states;
    named(rest != d.params, "model parameters edited");
    named(p.sizes != d.sizes, "DPU sizes edited");
    named(p.actions != d.actions, "configurations edited");
    named(p.models != d.models, "CNN models edited");
    named(!p.corrections.empty(), std::to_string(p.corrections.size()) + " corrections");
    return out;
}

class DpuKind final : public TypedStudyKind<DpuInputs> {
public:
    DpuKind()
    {
        m_info.id = "dpu";
        m_info.title = "DPU configuration";
        m_info.description = "Learn which DPU size and instance count serves each CNN best under each background load "
                             "(seed 003: DPUCConfig contextual bandit)";
        m_info.summaryFigures = {"ppw_C", "ppw_M", "met_C", "met_M"};
        m_info.costModel = "Calibrated ZCU102 DPU platform simulator (recorded 3 Hz runs)";
        m_info.objectives = {{"ppw", "Normalised PPW (held-out, N/C/M)", "%", false, true},
                             {"ppw_c", "Normalised PPW in C", "%", false, true},
                             {"ppw_m", "Normalised PPW in M", "%", false, true},
                             {"constraint", "30 FPS met (held-out, C and M)", "%", false, true}};
        m_info.defaultOptimizer = "dpucconfig";
        m_info.resultNoun = "policy";
        m_info.progressMetric = "dpu/test_ppw_C";
        m_info.progressLowerIsBetter = false;
        m_info.evaluatesPoints = false;
        m_info.presetFolders = {kDpuPlatformPresets};
    }

    const StudyKindInfo& info() const override { return m_info; }

    StudyInputs defaultInputs() const override { return DpuInputs{}; }

    std::string setupLabel(const StudyInputs& inputs) const override
    {
        const auto& u = inputs.get<DpuInputs>();
        // What the run ran on, edits named: runs on different inputs never read alike.
        return withChanges(std::to_string(u.platform.actions.size()) + " DPU configurations × " +
                               std::to_string(u.platform.variantCount()) + " CNN variants (runs seed " +
                               std::to_string(u.dataSeed) + ")",
                           platformChanges(u.platform));
    }

    std::string setupKey(const StudyInputs& inputs) const override
    {
        const auto& u = inputs.get<DpuInputs>();
        return "dpu-" + hex64(fnv1a(std::to_string(u.dataSeed), fnv1a(dpuPlatformToJson(u.platform))));
    }

    std::vector<std::string> inputMembers() const override { return {"platform", "data_seed", "shown"}; }

    std::string inputsToJson(const StudyInputs& inputs) const override
    {
        const auto& u = inputs.get<DpuInputs>();
        ojson j;
        j["platform"] = ojson::parse(dpuPlatformToJson(u.platform));
        j["data_seed"] = u.dataSeed;
        j["shown"] = {{"model", u.platform.variantName(u.variant)},
                      {"state", u.platform.params.states[std::size_t(u.state)].name},
                      {"configuration", u.platform.actionName(u.action)}};
        return j.dump();
    }

    StudyInputs inputsFromJson(std::string_view text, const std::string& source, const std::string& prefix) const override
    {
        io::JsonLocations where; // each member's reader names the lines of the file the text came from
        const ojson s = io::parseOrderedJson(text, source, where);
        const std::string at = source + ": " + (prefix.empty() ? "" : prefix + ".");
        DpuInputs in;
        if (s.contains("platform")) {
            if (!s["platform"].is_object())
                throw InputError(source + ":" + std::to_string(where.lineOf("/platform")) + ": " +
                                 (prefix.empty() ? "" : prefix + ".") + "platform: expected an object");
            in.platform = dpuPlatformFromJson(where.documentAt(text, "/platform", s["platform"]),
                                              source + " (" + (prefix.empty() ? "" : prefix + ".") + "platform)");
        }
        if (s.contains("data_seed")) {
            if (!s["data_seed"].is_number_unsigned())
                throw InputError(at + "data_seed: expected a non-negative integer");
            in.dataSeed = s["data_seed"].get<std::uint64_t>();
        }
        if (s.contains("shown")) {
            const ojson& shown = s["shown"];
            if (!shown.is_object())
                throw InputError(at + "shown: expected an object with model, state and configuration");
            for (auto it = shown.begin(); it != shown.end(); ++it)
                if (it.key() != "model" && it.key() != "state" && it.key() != "configuration")
                    throw InputError(at + "shown." + it.key() + ": unknown member");
            const auto name = [&](const char* member) {
                if (!shown.contains(member) || !shown[member].is_string())
                    throw InputError(at + "shown." + member + ": expected a string");
                return shown[member].get<std::string>();
            };
            in.variant = findDpuVariant(in.platform, name("model"));
            if (in.variant < 0)
                throw InputError(at + "shown.model: no model variant \"" + name("model") + "\" on this platform");
            in.state = findDpuState(in.platform, name("state"));
            if (in.state < 0)
                throw InputError(at + "shown.state: expected N, C or M, got \"" + name("state") + "\"");
            in.action = in.platform.findAction(name("configuration"));
            if (in.action < 0)
                throw InputError(at + "shown.configuration: no configuration \"" + name("configuration") + "\" on this platform");
        }
        return in;
    }

    std::optional<Study> readStudyFile(const std::string& path, std::string_view text, std::string_view schema) const override
    {
        if (schema != "mapscape/dpu-platform")
            return std::nullopt;
        DpuInputs in;
        in.platform = dpuPlatformFromJson(text, path);
        return makeStudy(std::filesystem::path(path).stem().string(), in);
    }

    std::vector<StudyArgument> studyArguments() const override
    {
        return {{"-p,--platform", "DPU studies: platform, zcu102 (the paper's) or a mapscape/dpu-platform file"},
                {"--data-seed", "DPU studies: seed of the recorded runs' telemetry noise"},
                {"--variant", "DPU studies: the model variant shown, e.g. ResNet152, MobileNetV2-PR25, R152/PR50"},
                {"--state", "DPU studies: the background state shown, N, C or M"}};
    }

    std::optional<Study> studyFromArguments(const ArgumentValues& args, bool fallback,
                                            std::vector<std::string>& notes) const override
    {
        if (!args.count("platform"))
            return fallback ? StudyKind::studyFromArguments(args, true, notes) : std::nullopt;
        DpuInputs in;
        in.platform = loadDpuPlatform(args.at("platform"));
        Study st = makeStudy(args.at("platform"), in);
        applyArguments(st, args);
        return st;
    }

    void applyArguments(Study& study, const ArgumentValues& args) const override
    {
        DpuInputs in = study.inputs.get<DpuInputs>();
        if (const auto it = args.find("platform"); it != args.end())
            in.platform = loadDpuPlatform(it->second);
        if (const auto it = args.find("data-seed"); it != args.end()) {
            const auto v = parseInt(it->second);
            if (!v || *v < 0)
                throw InputError("--data-seed: expected a non-negative integer, got \"" + it->second + "\"");
            in.dataSeed = std::uint64_t(*v);
        }
        if (const auto it = args.find("variant"); it != args.end())
            in.variant = variantOrThrow(in.platform, it->second);
        if (const auto it = args.find("state"); it != args.end()) {
            in.state = findDpuState(in.platform, it->second);
            if (in.state < 0)
                throw InputError("--state: no background state \"" + it->second + "\" (N, C or M)");
        }
        in.variant = std::min(in.variant, in.platform.variantCount() - 1);
        in.action = std::min(in.action, int(in.platform.actions.size()) - 1);
        study.inputs = std::move(in);
    }

    CommandOutput evaluate(const StudyInputs& inputs, OutputFormat format, const ArgumentValues&) const override
    {
        const auto& u = inputs.get<DpuInputs>();
        dpu::requireValid(u.platform);
        CommandOutput out;
        out.text = writeDpuSimulation(u.platform, u.variant, u.state, format, u.action);
        return out;
    }

    std::span<const OptimizerInfo> optimizers() const override { return dpuOptimizers(); }

    std::unique_ptr<StudyJob> makeJob(const StudyInputs& inputs, const OptimizerSettings& settings,
                                      const JobContext& context) const override
    {
        return std::make_unique<DpuJob>(inputs.get<DpuInputs>(), settings, context);
    }

    std::string describeResult(std::string_view document, const StudyInputs* inputs) const override
    {
        const DpuInputs* in = inputs ? inputs->getIf<DpuInputs>() : nullptr;
        if (!in)
            return std::string(document);
        const DpuResult r = dpuResultFromJson(document, "run result", in->platform);
        const dpu::Platform& p = in->platform;
        std::ostringstream s;
        s << "Policy of " << r.source << " (" << (r.probabilistic ? "probabilities" : "scores") << "): configuration per "
          << "model variant and background state\n";
        s << "  variant              N          C          M\n";
        for (int v = 0; v < p.variantCount(); ++v) {
            std::string line = "  " + p.variantName(v);
            line.resize(std::max<std::size_t>(line.size() + 1, 22), ' ');
            for (const dpu::PolicyDecision& d : r.decisions)
                if (d.variant == v) {
                    std::string cell = p.actionName(d.action);
                    cell.resize(std::max<std::size_t>(cell.size() + 1, 11), ' ');
                    line += cell;
                }
            s << line << "\n";
        }
        return s.str();
    }

    std::optional<MetricInfo> metricInfo(std::string_view name, const ObjectiveInfo&) const override
    {
        const std::string steps = "Environment steps (one 3 Hz sample each)";
        if (name == "dpu/reward")
            return MetricInfo{"DPU learner: mean reward per step", "", steps, false, true,
                              "Algorithm 1: tanh of the PPW above the context's running mean, −1 below C_PERF; higher is better",
                              "Reward"};
        if (name == "dpu/violation_rate")
            return MetricInfo{"DPU learner: steps below C_PERF", "", steps, false, true,
                              "Share of the steps whose configuration ran below the throughput constraint", "Share"};
        if (name == "dpu/train_ppw")
            return MetricInfo{"DPU learner: normalised PPW on the training models", "", steps, false, true,
                              "Greedy policy's PPW over the best feasible PPW, mean over the training variants and N, C, M",
                              "PPW / optimum"};
        if (name.starts_with("dpu/test_ppw_"))
            return MetricInfo{"DPU learner: normalised PPW on the held-out models in " + std::string(name.substr(13)), "", steps,
                              false, true,
                              "Greedy policy's PPW over the best feasible PPW on the held-out variants (the paper: 97 % in C, "
                              "95 % in M)",
                              "PPW / optimum"};
        if (name == "dpu/test_constraint")
            return MetricInfo{"DPU learner: held-out C and M cases meeting C_PERF", "", steps, false, true,
                              "The paper meets 30 FPS in 16 of 18 cases (89 %)", "Share"};
        if (name == "dpu/global_mean_ppw")
            return MetricInfo{"DPU learner: GLOBALMEANPPW", "FPS/W", steps, false, true,
                              "Running mean of the feasible PPW seen, the global part of the reward's baseline", "PPW"};
        return std::nullopt;
    }

    void refineMetric(std::string_view name, MetricInfo& metric) const override
    {
        if (name.starts_with("ppo/")) // the agent's PPO metrics count environment steps
            metric.xTitle = "Environment steps (one 3 Hz sample each)";
    }

private:
    StudyKindInfo m_info;
};

} // namespace

const StudyKind& dpuKind() { return studyKindInstance<DpuKind>(); }

std::shared_ptr<const StudyKind> makeDpuKind() { return unownedStudyKind(dpuKind()); }

} // namespace mapscape
