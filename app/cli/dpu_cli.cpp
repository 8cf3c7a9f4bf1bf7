// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "app/cli/dpu_cli.h"

#include "app/cli/cli_output.h"
#include "app/cli/cli_sink.h"
#include "app/cli/dataflow_cli.h"
#include "core/io/dpu_io.h"
#include "core/io/file_util.h"
#include "core/model/validation.h"
#include "core/optim/dpu/dpu_calibration.h"
#include "core/optim/dpu/dpu_methods.h"
#include "core/optim/dpu/dpu_timeline.h"
#include "core/optim/rl/common/torch_setup.h"
#include "core/util/statistics.h"
#include "core/util/strings.h"
#ifdef MAPSCAPE_HAS_TORCH
#include "core/optim/dpu/dpu_agent.h"
#endif

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <sstream>

namespace mapscape::cli {

using namespace dpu;

namespace {

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
    requireFormat(a.format);
    const Platform p = loadDpuPlatform(a.platform);
    const int v = variantOrThrow(p, a.variant);
    const int w = stateOrThrow(p, a.state);
    const std::vector<Outcome> o = outcomesOf(p, v, w);
    const Optimum best = optimum(o, p.fpsConstraint);
    static const char* const kLimiter[] = {"compute", "DDR bandwidth", "Arm cores"};
    std::ostringstream s;
    if (a.format == "json") {
        nlohmann::ordered_json j;
        j["variant"] = p.variantName(v);
        j["state"] = p.params.states[std::size_t(w)].name;
        j["fps_constraint"] = p.fpsConstraint;
        j["optimal"] = p.actionName(best.action);
        j["feasible"] = best.feasible;
        nlohmann::ordered_json rows = nlohmann::ordered_json::array();
        for (int i = 0; i < int(o.size()); ++i) {
            rows.push_back({{"configuration", p.actionName(i)},
                            {"fps", o[std::size_t(i)].fps},
                            {"fpga_power_w", o[std::size_t(i)].fpgaPowerW},
                            {"arm_power_w", o[std::size_t(i)].armPowerW},
                            {"ppw", o[std::size_t(i)].ppw},
                            {"meets_constraint", o[std::size_t(i)].feasible(p.fpsConstraint)},
                            {"limiter", kLimiter[o[std::size_t(i)].limiter]}});
        }
        j["configurations"] = rows;
        s << j.dump(2) << "\n";
    } else if (a.format == "csv") {
        s << "configuration,fps,fpga_power_w,arm_power_w,ppw_fps_per_w,meets_constraint,limiter,optimal\n";
        for (int i = 0; i < int(o.size()); ++i) {
            const Outcome& x = o[std::size_t(i)];
            s << p.actionName(i) << ',' << formatReal(x.fps) << ',' << formatReal(x.fpgaPowerW) << ','
              << formatReal(x.armPowerW) << ',' << formatReal(x.ppw) << ',' << (x.feasible(p.fpsConstraint) ? 1 : 0)
              << ',' << kLimiter[x.limiter] << ',' << (i == best.action ? 1 : 0) << '\n';
        }
    } else {
        s << p.variantName(v) << " in state " << p.params.states[std::size_t(w)].name << " ("
          << p.params.states[std::size_t(w)].title << "), C_PERF " << p.fpsConstraint << " FPS\n";
        s << "  configuration      FPS   P_FPGA W   P_ARM W   PPW FPS/W  limited by\n";
        for (int i = 0; i < int(o.size()); ++i) {
            const Outcome& x = o[std::size_t(i)];
            char line[160];
            std::snprintf(line, sizeof line, "%s %-10s %9.1f %10.2f %9.2f %11.2f  %s%s\n", i == best.action ? "*" : " ",
                          p.actionName(i).c_str(), x.fps, x.fpgaPowerW, x.armPowerW, x.ppw, kLimiter[x.limiter],
                          x.feasible(p.fpsConstraint) ? "" : "  (below C_PERF)");
            s << ' ' << line;
        }
        s << "  * best " << (best.feasible ? "feasible" : "(none meets C_PERF; highest PPW)") << " configuration: "
          << p.actionName(best.action) << "\n";
    }
    writeOut(s.str(), a.out);
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

#ifdef MAPSCAPE_HAS_TORCH
RecordedRuns loadRuns(const DpuArgs& a)
{
    if (!a.runs.empty())
        return dpuRunsFromJson(readTextFile(a.runs), a.runs);
    return RecordedRuns::generate(loadDpuPlatform(a.platform), {.seed = a.dataSeed});
}

int runTrain(const DpuArgs& a)
{
    requireFormat(a.format);
    rl::setTorchThreads(1);
    const RecordedRuns runs = loadRuns(a);
    const Platform& p = runs.platform();
    const Split split = defaultSplit(p);
    if (split.test.empty())
        throw InputError("platform: no model is marked \"test\"; the agent is evaluated on held-out models");
    const std::vector<std::uint64_t> seeds = a.seeds.empty() ? std::vector<std::uint64_t>{a.seed} : parseSeeds(a.seeds);
    const std::vector<int> states{0, 1, 2};
    std::ostringstream csv;
    CliSink sink(a.quiet, a.metricsCsv.empty() ? nullptr : &csv, "dpu/train_ppw");

    struct Method {
        std::string name;
        std::vector<EvaluationReport> reports;
    };
    std::vector<Method> methods{{"DPUCConfig", {}}, {"LinUCB", {}}, {"Optimal", {}}, {"Max-FPS", {}},
                                {"Min-Power", {}}, {"Random", {}}};
    std::vector<double> seconds;
    std::ostringstream policyCsv;
    policyCsv << "seed,variant,state,chosen";
    for (int i = 0; i < runs.actions(); ++i)
        policyCsv << ',' << p.actionName(i);
    policyCsv << '\n';
    for (std::uint64_t seed : seeds) {
        DpuAgentOptions o;
        o.seed = seed;
        o.iterations = a.iterations;
        o.stepsPerIteration = a.steps;
        o.patience = a.patience;
        o.reward.lambda = a.lambda;
        o.reward.alpha = a.alpha;
        o.reward.postActionKey = a.postActionKey;
        DpuAgent agent(runs, split, o);
        const std::vector<TrainingIteration> h = agent.train({}, sink);
        seconds.push_back(h.empty() ? 0.0 : h.back().seconds);
        methods[0].reports.push_back(evaluatePolicy(runs, agent.policy(), split.test, states));
        if (!a.policyOut.empty()) {
            for (int w : states) {
                const Sample bg = runs.backgroundMean(w);
                for (int v : split.test) {
                    const Observation raw = observe(p, v, bg.telemetry, p.fpsConstraint);
                    policyCsv << seed << ',' << p.variantName(v) << ',' << p.params.states[std::size_t(w)].name << ','
                              << p.actionName(agent.act(raw));
                    for (double pr : agent.probabilities(raw))
                        policyCsv << ',' << formatSig(pr, 4);
                    policyCsv << '\n';
                }
            }
        }
        LinUcbOptions lo;
        lo.seed = seed;
        lo.reward = o.reward;
        LinUcb lin(runs, split, lo);
        lin.train({}, sink);
        methods[1].reports.push_back(evaluatePolicy(runs, lin.policy(), split.test, states));
    }
    // Optimal, Max-FPS, Min-Power, Random (per seed): the methods after the two learners.
    std::vector<BaselineReports> baselines = baselineReports(runs, split.test, states, seeds);
    for (std::size_t i = 0; i < baselines.size(); ++i)
        methods[2 + i].reports = std::move(baselines[i].reports);
    if (!a.metricsCsv.empty())
        writeTextFileAtomic(a.metricsCsv, csv.str());
    if (!a.policyOut.empty())
        writeTextFileAtomic(a.policyOut, policyCsv.str());

    const auto stat = [](const Method& m, int w, auto get) {
        std::vector<double> v;
        for (const EvaluationReport& r : m.reports)
            v.push_back(get(r.states[std::size_t(w)]));
        return meanStd(v);
    };
    std::ostringstream s;
    if (a.format == "json") {
        nlohmann::ordered_json j;
        j["seeds"] = seeds;
        j["train_seconds"] = seconds;
        nlohmann::ordered_json ms = nlohmann::ordered_json::array();
        for (const Method& m : methods) {
            nlohmann::ordered_json mj;
            mj["method"] = m.name;
            for (int w : states) {
                const std::string name = p.params.states[std::size_t(w)].name;
                mj[name] = {{"mean_normalized_ppw", stat(m, w, [](const StateSummary& x) { return x.meanNormalizedPpw; }).first},
                            {"min_normalized_ppw", stat(m, w, [](const StateSummary& x) { return x.minNormalizedPpw; }).first},
                            {"exact", stat(m, w, [](const StateSummary& x) { return double(x.exact); }).first},
                            {"constraint_met", stat(m, w, [](const StateSummary& x) { return double(x.constraintMet); }).first},
                            {"cases", m.reports.front().states[std::size_t(w)].cases}};
            }
            nlohmann::ordered_json cases = nlohmann::ordered_json::array();
            for (const EvaluationCase& c : m.reports.back().cases) {
                cases.push_back({{"variant", p.variantName(c.variant)},
                                 {"state", p.params.states[std::size_t(c.state)].name},
                                 {"chosen", p.actionName(c.action)},
                                 {"optimal", p.actionName(c.optimal)},
                                 {"normalized_ppw", c.normalizedPpw},
                                 {"meets_constraint", c.constraintMet}});
            }
            mj["cases_last_seed"] = cases;
            ms.push_back(mj);
        }
        j["methods"] = ms;
        s << j.dump(2) << "\n";
    } else if (a.format == "csv") {
        s << "method,seed_index,variant,state,chosen,optimal,normalized_ppw,meets_constraint\n";
        for (const Method& m : methods) {
            for (std::size_t k = 0; k < m.reports.size(); ++k) {
                for (const EvaluationCase& c : m.reports[k].cases)
                    s << m.name << ',' << k << ',' << p.variantName(c.variant) << ','
                      << p.params.states[std::size_t(c.state)].name << ',' << p.actionName(c.action) << ','
                      << p.actionName(c.optimal) << ',' << formatReal(c.normalizedPpw) << ',' << (c.constraintMet ? 1 : 0)
                      << '\n';
            }
        }
    } else {
        s << "Held-out variants (" << split.test.size() << "), greedy; normalised PPW = PPW / best feasible PPW; "
          << seeds.size() << " seed(s)\n";
        s << "  method        state  mean PPW    min PPW    exact     30 FPS met\n";
        for (const Method& m : methods) {
            for (int w : states) {
                const auto mean = stat(m, w, [](const StateSummary& x) { return x.meanNormalizedPpw; });
                const auto mn = stat(m, w, [](const StateSummary& x) { return x.minNormalizedPpw; });
                const auto ex = stat(m, w, [](const StateSummary& x) { return double(x.exact); });
                const auto met = stat(m, w, [](const StateSummary& x) { return double(x.constraintMet); });
                char line[200];
                std::snprintf(line, sizeof line, "  %-13s %-5s %6.1f %%   %6.1f %%   %4.1f/%d   %4.1f/%d\n", m.name.c_str(),
                              p.params.states[std::size_t(w)].name.c_str(), 100 * mean.first, 100 * mn.first, ex.first,
                              m.reports.front().states[std::size_t(w)].cases, met.first,
                              m.reports.front().states[std::size_t(w)].cases);
                s << line;
            }
        }
        s << "Paper (Fig. 5, §V-B): DPUCConfig 97 % in C and 95 % in M, max-FPS 47 % and 35 %, 30 FPS met in 89 %\n";
        s << "Training: " << fixed(meanStd(seconds).first, 1) << " s per seed\n";
    }
    writeOut(s.str(), a.out);
    return kExitOk;
}
#endif

} // namespace

CLI::App* addDpuCommand(CLI::App& app, DpuArgs& a)
{
    CLI::App* dpu = app.add_subcommand(
        "dpu", "DPU configuration study (seed 003, DPUCConfig): simulate, anchors, calibrate, dataset, train");
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

    CLI::App* train = dpu->add_subcommand("train", "Train the PPO agent and LinUCB; evaluate them and the baselines on the held-out variants");
    platformOption(train);
    train->add_option("--runs", a.runs, "Recorded-runs file (default: generated from the platform)");
    train->add_option("--data-seed", a.dataSeed, "Seed of the generated runs' noise")->capture_default_str();
    train->add_option("--seed", a.seed, "Agent seed")->capture_default_str();
    train->add_option("--seeds", a.seeds, "Several seeds, e.g. 1-3 or 1,4,9 (mean over seeds)");
    train->add_option("--iterations", a.iterations, "PPO iterations")->capture_default_str()->check(CLI::Range(1, 100000));
    train->add_option("--steps", a.steps, "Environment steps per iteration")->capture_default_str()->check(CLI::Range(1, 1000000));
    train->add_option("--patience", a.patience, "Stop after this many iterations without training-set progress (0: off)")
        ->capture_default_str();
    train->add_option("--lambda", a.lambda, "Reward: weight of the global mean in the baseline")->capture_default_str();
    train->add_option("--alpha", a.alpha, "Reward: scale of the tanh argument")->capture_default_str();
    train->add_flag("--post-action-key", a.postActionKey, "Reward: context bucket from the telemetry after acting (paper-literal)");
    train->add_option("--format", a.format, "text, csv or json")->capture_default_str();
    train->add_option("-o,--out", a.out, "Output file");
    train->add_option("--policy-out", a.policyOut, "CSV of the agent's probabilities over the configurations per test case");
    train->add_option("--metrics-csv", a.metricsCsv, "Every training metric as CSV (name, step, value)");
    train->add_flag("-q,--quiet", a.quiet, "No progress line");
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
    if (dpu.got_subcommand("train")) {
#ifdef MAPSCAPE_HAS_TORCH
        return runTrain(a);
#else
        throw InputError("dpu train: this build has no LibTorch");
#endif
    }
    return kExitBadInput;
}

} // namespace mapscape::cli
