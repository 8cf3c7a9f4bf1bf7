// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "app/cli/cli.h"
#include "app/cli/cli_output.h"
#include "kinds/dpu/core/dpu_report.h"
#include "kinds/dpu/core/dpu_io.h"
#include "core/io/file_util.h"
#include "core/model/validation.h"
#include "kinds/dpu/core/dpu_calibration.h"
#include "kinds/dpu/core/dpu_methods.h"
#include "kinds/dpu/core/dpu_timeline.h"
#include "core/util/strings.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <iostream>
#include <sstream>

namespace mapscape::cli {

using namespace dpu;

namespace {

struct DpuArgs {
    std::string platform = "zcu102"; ///< "zcu102" or a platform file
    std::string variant = "ResNet152";
    std::string state = "N";
    std::string format = "text";     ///< text, csv or json
    std::string out;
    std::uint64_t seed = 1;
    std::uint64_t dataSeed = 1;
    std::string policy = "all";      ///< timeline: optimal, max-fps, min-power or all
    bool quiet = false;
};

void requireFormat(const std::string& format)
{
    if (format != "text" && format != "csv" && format != "json")
        throw InputError("--format: expected text, csv or json, got \"" + format + "\"");
}

int variantOrThrow(const Platform& p, const std::string& name)
{
    const int v = findDpuVariant(p, name);
    if (v < 0) {
        std::string names;
        for (const CnnModel& m : p.models)
            names += (names.empty() ? "" : ", ") + m.name;
        throw InputError("--variant: no model variant \"" + name + "\" (models: " + names +
                         "; add -PR25 or -PR50 for pruned variants)");
    }
    return v;
}

int stateOrThrow(const Platform& p, const std::string& name)
{
    const int w = findDpuState(p, name);
    if (w < 0)
        throw InputError("--state: no background state \"" + name + "\" (N, C or M)");
    return w;
}

int runSimulate(const DpuArgs& a)
{
    const auto format = parseOutputFormat(a.format);
    if (!format)
        throw InputError("--format: expected text, csv or json, got \"" + a.format + "\"");
    const Platform p = loadDpuPlatform(a.platform);
    writeOut(writeDpuSimulation(p, variantOrThrow(p, a.variant), stateOrThrow(p, a.state), *format), a.out);
    return kExitOk;
}

int runAnchors(const DpuArgs& a)
{
    const Platform p = loadDpuPlatform(a.platform);
    int passed = 0, applicable = 0;
    std::ostringstream s;
    for (const AnchorResult& r : checkAnchors(p, paperAnchors())) {
        if (!r.applicable) {
            s << "  n/a   " << r.anchor.description() << " (not on this platform)\n";
            continue;
        }
        ++applicable;
        passed += r.pass ? 1 : 0;
        s << (r.pass ? "  pass  " : "  FAIL  ") << r.anchor.description() << " [" << r.anchor.source << "]: " << r.found;
        if (r.anchor.kind == Anchor::Kind::BestConfiguration)
            s << " (" << fixed(r.fps, 1) << " FPS, " << fixed(r.powerW, 2) << " W, " << fixed(r.ppw, 2)
              << " FPS/W; margin " << fixed(100 * r.margin, 1) << " %)";
        s << "\n";
    }
    s << passed << " of " << applicable << " anchors reproduced; max-FPS / optimal PPW on the test variants: C "
      << fixed(maxFpsRatio(p, 1), 2) << ", M " << fixed(maxFpsRatio(p, 2), 2) << " (paper 0.47, 0.35)\n";
    writeOut(s.str(), a.out);
    return passed == applicable ? kExitOk : kExitFailure;
}

int runCalibrate(const DpuArgs& a)
{
    Platform p = loadDpuPlatform(a.platform);
    CalibrationOptions o;
    o.seed = a.seed;
    const CalibrationResult r = calibrate(p, paperAnchors(), o, {}, [&](double f, double best) {
        if (!a.quiet)
            std::fprintf(stderr, "\r[%5.1f%%] best objective %.4f ", 100 * f, best);
    });
    if (!a.quiet)
        std::fprintf(stderr, "\n");
    std::cerr << "objective " << fixed(r.initialObjective, 4) << " → " << fixed(r.objective, 4) << ", anchors "
              << r.initialAnchorsPassed << " → " << r.anchorsPassed << ", max-FPS ratio C " << fixed(r.ratioC, 2) << " M "
              << fixed(r.ratioM, 2) << " (" << r.evaluations << " evaluations)\n";
    p.params = r.params;
    writeOut(dpuPlatformToJson(p), a.out);
    return kExitOk;
}

int runDataset(const DpuArgs& a)
{
    const Platform p = loadDpuPlatform(a.platform);
    const RecordedRuns runs = RecordedRuns::generate(p, {.seed = a.dataSeed});
    std::size_t samples = 0;
    for (const RecordedRun& r : runs.runs())
        samples += r.samples.size();
    std::cerr << runs.runs().size() << " recorded runs (" << runs.variants() << " variants × 3 states × "
              << runs.actions() << " configurations), " << samples << " telemetry samples at 3 Hz\n";
    writeOut(dpuRunsToJson(runs), a.out);
    return kExitOk;
}

std::string describeDecision(const Platform& p, const Decision& d)
{
    std::ostringstream s;
    s << "  " << fixed(d.timeS, 2) << " s  " << p.variantName(d.variant) << " in "
      << p.params.states[std::size_t(d.state)].name << ": " << (d.from >= 0 ? p.actionName(d.from) : std::string("(none)"))
      << " → " << p.actionName(d.to);
    if (d.pausedS > 0)
        s << ", paused " << fixed(1000 * d.pausedS, 0) << " ms";
    s << ", PPW " << fixed(d.ppwAfter, 2) << " FPS/W";
    if (d.switched && d.from >= 0) {
        if (d.breakEvenFrames < 0)
            s << " (no better than staying: never breaks even)";
        else
            s << " (was " << fixed(d.ppwBefore, 2) << "; breaks even after " << fixed(d.breakEvenFrames, 0) << " frames, "
              << fixed(d.breakEvenS, 2) << " s)";
    }
    return s.str();
}

int runTimeline(const DpuArgs& a)
{
    requireFormat(a.format);
    const Platform p = loadDpuPlatform(a.platform);
    const RecordedRuns runs = RecordedRuns::generate(p, {.seed = a.dataSeed});
    TimelineScenario scenario = defaultScenario(p);
    scenario.seed = a.seed;
    std::vector<std::pair<std::string, Policy>> lanes;
    const bool all = a.policy == "all";
    if (all || a.policy == "optimal")
        lanes.emplace_back("Optimal", baselinePolicy(runs, Baseline::Optimal));
    if (all || a.policy == "max-fps")
        lanes.emplace_back("Max-FPS", baselinePolicy(runs, Baseline::MaxFps));
    if (all || a.policy == "min-power")
        lanes.emplace_back("Min-Power", baselinePolicy(runs, Baseline::MinPower));
    if (lanes.empty())
        throw InputError("--policy: expected optimal, max-fps, min-power or all, got \"" + a.policy + "\"");
    std::ostringstream s;
    if (a.format == "csv")
        s << "policy,time_s,state,configuration,model,phase,fps,ppw,running_ppw,p_fpga_w,p_arm_w\n";
    nlohmann::ordered_json j = nlohmann::ordered_json::array();
    for (const auto& [name, policy] : lanes) {
        const Timeline tl = simulateTimeline(p, scenario, policy);
        if (a.format == "text") {
            s << name << ": mean " << fixed(tl.meanPpw(), 2) << " FPS/W over " << fixed(scenario.durationS, 0) << " s ("
              << fixed(tl.frames, 0) << " frames, " << fixed(tl.energyJ, 1) << " J)\n";
            for (const Decision& d : tl.decisions)
                s << describeDecision(p, d) << "\n";
        } else if (a.format == "csv") {
            for (const TimelineSample& x : tl.samples)
                s << name << ',' << fixed(x.timeS, 3) << ',' << p.params.states[std::size_t(x.state)].name << ','
                  << (x.action >= 0 ? p.actionName(x.action) : std::string()) << ','
                  << (x.variant >= 0 ? p.variantName(x.variant) : std::string()) << ',' << phaseName(x.phase) << ','
                  << formatSig(x.fps, 5) << ',' << formatSig(x.ppw, 5) << ',' << formatSig(x.runningPpw, 5) << ','
                  << formatSig(x.telemetry[kTelemetryPFpga], 5) << ',' << formatSig(x.telemetry[kTelemetryPArm], 5) << '\n';
        } else {
            nlohmann::ordered_json lane;
            lane["policy"] = name;
            lane["mean_ppw"] = tl.meanPpw();
            lane["frames"] = tl.frames;
            lane["energy_j"] = tl.energyJ;
            nlohmann::ordered_json ds = nlohmann::ordered_json::array();
            for (const Decision& d : tl.decisions)
                ds.push_back({{"time_s", d.timeS},
                              {"model", p.variantName(d.variant)},
                              {"state", p.params.states[std::size_t(d.state)].name},
                              {"from", d.from >= 0 ? p.actionName(d.from) : std::string()},
                              {"to", p.actionName(d.to)},
                              {"paused_s", d.pausedS},
                              {"break_even_frames", d.breakEvenFrames}});
            lane["decisions"] = ds;
            j.push_back(lane);
        }
    }
    if (a.format == "json")
        s << j.dump(2) << "\n";
    writeOut(s.str(), a.out);
    return kExitOk;
}

CLI::App* addDpuCommand(CLI::App& app, DpuArgs& a)
{
    CLI::App* dpu = app.add_subcommand(
        "dpu", "DPU configuration tools (seed 003): simulate, anchors, calibrate, dataset, timeline (train and compare methods with `optimize --study dpu`)");
    dpu->require_subcommand(1);
    const auto platformOption = [&a](CLI::App* c) {
        c->add_option("-p,--platform", a.platform, "Platform: zcu102 (the paper's) or a mapscape/dpu-platform file")
            ->capture_default_str();
    };
    CLI::App* simulate = dpu->add_subcommand("simulate", "FPS, power and PPW of one variant on every configuration");
    platformOption(simulate);
    simulate->add_option("--variant", a.variant, "Model variant, e.g. ResNet152, MobileNetV2-PR25, R152/PR50")
        ->capture_default_str();
    simulate->add_option("--state", a.state, "Background state: N, C or M")->capture_default_str();
    simulate->add_option("--format", a.format, "text, csv or json")->capture_default_str();
    simulate->add_option("-o,--out", a.out, "Output file (default: standard output)");

    CLI::App* anchors = dpu->add_subcommand("anchors", "Check the simulator against the paper's stated facts");
    platformOption(anchors);
    anchors->add_option("-o,--out", a.out, "Output file");

    CLI::App* calibrate = dpu->add_subcommand("calibrate", "Fit the simulator's parameters to the anchors; writes a platform file");
    platformOption(calibrate);
    calibrate->add_option("--seed", a.seed, "Seed of the random restarts")->capture_default_str();
    calibrate->add_option("-o,--out", a.out, "Platform file to write (default: standard output)");
    calibrate->add_flag("-q,--quiet", a.quiet, "No progress line");

    CLI::App* dataset = dpu->add_subcommand("dataset", "Generate the recorded runs (3 Hz telemetry of every run)");
    platformOption(dataset);
    dataset->add_option("--data-seed", a.dataSeed, "Seed of the telemetry noise")->capture_default_str();
    dataset->add_option("-o,--out", a.out, "Runs file to write (default: standard output)");

    CLI::App* timeline = dpu->add_subcommand(
        "timeline", "Fig. 6: InceptionV3, memory stress from 15 s, ResNeXt-50 at 25 s; decisions, overheads, break-even");
    platformOption(timeline);
    timeline->add_option("--policy", a.policy, "optimal, max-fps, min-power or all")->capture_default_str();
    timeline->add_option("--seed", a.seed, "Telemetry noise seed")->capture_default_str();
    timeline->add_option("--format", a.format, "text, csv (3 Hz samples) or json")->capture_default_str();
    timeline->add_option("-o,--out", a.out, "Output file");
    return dpu;
}

int runDpuCommand(const CLI::App& dpu, const DpuArgs& a)
{
    if (dpu.got_subcommand("simulate"))
        return runSimulate(a);
    if (dpu.got_subcommand("anchors"))
        return runAnchors(a);
    if (dpu.got_subcommand("calibrate"))
        return runCalibrate(a);
    if (dpu.got_subcommand("dataset"))
        return runDataset(a);
    if (dpu.got_subcommand("timeline"))
        return runTimeline(a);
    return kExitBadInput;
}

} // namespace

Verb dpuVerb()
{
    auto args = std::make_shared<DpuArgs>();
    return Verb{"dpu", [args](CLI::App& app) { return addDpuCommand(app, *args); },
                [args](const CLI::App& command) { return runDpuCommand(command, *args); }};
}

} // namespace mapscape::cli
