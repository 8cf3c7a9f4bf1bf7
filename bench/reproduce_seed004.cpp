// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Seed 004 (EGRL) report (docs/reproduction.md, seed 004): speed-up over the compiler's map of EGRL, EA,
/// PG and Greedy-DP (and random search) on ResNet-50, ResNet-101 and BERT at 4,000 iterations,
/// mean ± std over seeds, in the noiseless and the "hardware-like" (σ = 0.02) presets, next to
/// the paper's numbers; and (--rate-only) the latency model + legalizer's evaluation rate. The
/// runs are the shards of bench/sweeps/seed004.json (a 4,000-iteration EGRL run on BERT takes
/// about 12 minutes on two cores: the sweep's shards resume and spread over a cluster):
///
///   mapscape-cli sweep run bench/sweeps/seed004.json -o results/seed004 [--backend slurm --wait]
///   reproduce_seed004 --results results/seed004 [--markdown FILE]
///   reproduce_seed004 --results bench/results/seed004.jsonl     (the runs recorded before sweeps)
///   reproduce_seed004 --rate-only
///   reproduce_seed004 --results results/seed004 --merge-into bench/results/seed004.jsonl
///       (the folder's runs replace the file's lines of the same runs; the others stay as they are)

#include "bench/report/sweep_report.h"
#include "kinds/placement/core/placement_model.h"
#include "core/io/file_util.h"
#include "kinds/placement/core/placement_io.h"
#include "kinds/placement/core/placement_search.h"
#include "kinds/placement/core/placement_study.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace mapscape;
using namespace mapscape::placement;

namespace {

constexpr const char* kUsage =
        "usage: reproduce_seed004 --results FOLDER|TABLE|FILE.jsonl [--markdown FILE]\n"
        "       reproduce_seed004 --rate-only\n"
        "       reproduce_seed004 --results FOLDER --merge-into FILE.jsonl\n"
        "  FOLDER: the results of bench/sweeps/seed004.json (or seed004-smoke.json); FILE.jsonl: runs recorded by\n"
        "  the benchmark before sweeps (bench/results/seed004.jsonl). --merge-into writes FOLDER's runs into FILE.jsonl,\n"
        "  replacing the lines of the same runs (preset, workload, method, seed, iterations) and keeping the rest.\n";

/// A run as the table uses it, from a sweep shard or a recorded line.
struct Run {
    std::string preset, workload, method;
    std::uint64_t seed = 0;
    int iterations = 0;
    double speedup = 0; ///< 0: no valid map
    double seconds = 0;
};

std::vector<Run> runsOf(const std::string& path)
{
    std::vector<Run> out;
    if (path.size() > 6 && path.compare(path.size() - 6, 6, ".jsonl") == 0) {
        for (const PlacementBenchRun& r : readPlacementBenchRuns(path)) {
            // Two benchmark processes sharing a file may both have finished a run: the first counts.
            const bool seen = std::any_of(out.begin(), out.end(), [&](const Run& o) {
                return o.preset == r.preset && o.workload == r.workload && o.method == r.method && o.seed == r.seed &&
                       o.iterations == r.iterations;
            });
            if (!seen)
                out.push_back({r.preset, r.workload, r.method, r.seed, r.iterations, r.speedup, r.seconds});
        }
        return out;
    }
    const bench::SweepResults res = bench::readSweepResults(path);
    for (const sweep::ShardResult& r : res.rows) {
        Run run;
        const std::string sigma = r.level("preset");
        run.preset = sigma.empty() || sigma == "0" || sigma == "0.0" ? "noiseless" : "hardware-like";
        if (sigma.empty())
            if (const std::optional<Study> st = res.studyOf(r))
                run.preset = st->inputs.get<PlacementInputs>().hardware.noiseSigma > 0 ? "hardware-like" : "noiseless";
        run.workload = r.level("workload").empty() ? r.study : r.level("workload");
        run.method = r.optimizer;
        run.seed = r.seed;
        run.iterations = int(bench::numericOption(r, "iterations", double(r.evaluations)));
        run.speedup = r.objectiveValue("speedup").value_or(0.0);
        run.seconds = r.seconds;
        out.push_back(run);
    }
    return out;
}

/// A sweep folder's runs as recorded lines: the shard's curve is the best map's noiseless
/// speed-up at each improvement of the measured best (the kind's progress metric), the file's
/// curve too. A run that finished without a valid map ("no result") is a result, a speed-up of
/// 0 with no curve, as the tables count it; a shard that failed is not a run and is left out.
std::vector<PlacementBenchRun> benchRunsOf(const std::string& folder)
{
    std::vector<PlacementBenchRun> out;
    const bench::SweepResults res = bench::readSweepResults(folder);
    for (const sweep::ShardResult& r : res.rows) {
        if (r.status != "ok" && r.status != "no result")
            continue;
        PlacementBenchRun b;
        const std::string sigma = r.level("preset");
        b.preset = sigma.empty() || sigma == "0" || sigma == "0.0" ? "noiseless" : "hardware-like";
        b.workload = r.level("workload");
        b.method = r.optimizer;
        b.seed = r.seed;
        b.iterations = int(bench::numericOption(r, "iterations", double(r.evaluations)));
        b.speedup = r.objectiveValue("speedup").value_or(0.0);
        b.measured = r.figure("measured_speedup").value_or(0.0);
        b.seconds = r.seconds;
        b.bestIteration = std::int64_t(r.figure("best_iteration").value_or(0.0));
        b.valid = std::int64_t(r.figure("valid").value_or(0.0));
        for (const auto& [x, y] : r.curve)
            b.curve.emplace_back(std::int64_t(x), y);
        if (b.workload.empty())
            throw InputError(folder + ": shard " + std::to_string(r.index) + " has no workload variation");
        out.push_back(std::move(b));
    }
    return out;
}

/// Replaces `file`'s lines of the runs in `folder` (and appends new ones); returns how many.
std::size_t mergeInto(const std::string& folder, const std::string& file)
{
    const auto key = [](const PlacementBenchRun& r) {
        return r.preset + "/" + r.workload + "/" + r.method + "/" + std::to_string(r.seed) + "/" + std::to_string(r.iterations);
    };
    std::vector<PlacementBenchRun> runs = readPlacementBenchRuns(file);
    std::size_t replaced = 0;
    for (PlacementBenchRun& fresh : benchRunsOf(folder)) {
        const auto it = std::find_if(runs.begin(), runs.end(), [&](const PlacementBenchRun& r) { return key(r) == key(fresh); });
        if (it != runs.end())
            *it = std::move(fresh);
        else
            runs.push_back(std::move(fresh));
        ++replaced;
    }
    std::string text;
    for (const PlacementBenchRun& r : runs)
        text += placementBenchRunLine(r) + "\n";
    writeTextFileAtomic(file, text);
    return replaced;
}

volatile double g_keep = 0;

void evaluationRate()
{
    for (const char* w : {"resnet50", "resnet101", "bert"}) {
        const PlacementModel model(builtinWorkload(w), nnpiDefaults());
        std::mt19937_64 rng(1);
        std::vector<MemoryMap> maps;
        for (int k = 0; k < 256; ++k) {
            MemoryMap m = model.compilerMap();
            for (int i = 0; i < model.nodeCount(); ++i)
                if (rng() % 4 == 0) {
                    m.weights[std::size_t(i)] = std::uint8_t(rng() % 3);
                    m.activations[std::size_t(i)] = std::uint8_t(rng() % 3);
                }
            maps.push_back(std::move(m));
        }
        PlacementOutcome out;
        Legalization legal;
        LegalizerScratch scratch;
        double sink = 0;
        std::int64_t n = 0;
        const auto start = std::chrono::steady_clock::now();
        double seconds = 0;
        do {
            for (const MemoryMap& m : maps) {
                model.evaluate(m, rng, out, legal, scratch);
                sink += out.reward;
            }
            n += std::int64_t(maps.size());
            seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        } while (seconds < 1.0);
        g_keep = sink; // the rewards are used, so the evaluations cannot be optimised away
        std::printf("  %-10s %4d nodes: %9.0f evaluations/s (legalize + latency + reward)\n", model.graph().name.c_str(),
                    model.nodeCount(), double(n) / seconds);
    }
}


/// A field's values: those of `canonical` first (in its order), then the rest as first seen.
template <typename F>
std::vector<std::string> orderOf(const std::vector<Run>& runs, F field, const std::vector<std::string>& canonical)
{
    std::vector<std::string> out;
    for (const std::string& c : canonical)
        if (std::any_of(runs.begin(), runs.end(), [&](const Run& r) { return field(r) == c; }))
            out.push_back(c);
    for (const Run& r : runs)
        if (std::find(out.begin(), out.end(), field(r)) == out.end())
            out.push_back(field(r));
    return out;
}

std::string table(const std::vector<Run>& all)
{
    std::ostringstream md;
    const auto presets = orderOf(all, [](const Run& r) { return r.preset; }, {"hardware-like", "noiseless"});
    const auto workloads = orderOf(all, [](const Run& r) { return r.workload; }, {"resnet50", "resnet101", "bert"});
    const auto methods = orderOf(all, [](const Run& r) { return r.method; }, {"egrl", "ea", "pg", "greedy-dp", "random"});
    for (const std::string& preset : presets) {
        std::vector<int> iterations;
        for (const Run& r : all)
            if (r.preset == preset && std::find(iterations.begin(), iterations.end(), r.iterations) == iterations.end())
                iterations.push_back(r.iterations);
        for (int its : iterations) {
            md << "\n" << preset << " preset (σ = " << (preset == "noiseless" ? "0" : "0.02") << "), " << its
               << " iterations; speed-up over the compiler's map (noiseless value of the map with the best measured "
                  "reward), mean ± std over seeds; paper = §5.2 (mean of 5, real NNP-I)\n\n"
               << "| workload | method | ours | per seed | valid | s / run | paper |\n|---|---|---|---|---|---|---|\n";
            for (const std::string& w : workloads)
                for (const std::string& method : methods) {
                    std::vector<const Run*> runs;
                    for (const Run& r : all)
                        if (r.preset == preset && r.workload == w && r.method == method && r.iterations == its)
                            runs.push_back(&r);
                    if (runs.empty())
                        continue;
                    std::ranges::sort(runs, {}, &Run::seed);
                    std::vector<double> s, t;
                    std::string perSeed;
                    int valid = 0;
                    for (const Run* r : runs) {
                        s.push_back(r->speedup);
                        t.push_back(r->seconds);
                        valid += r->speedup > 0 ? 1 : 0;
                        char v[32];
                        std::snprintf(v, sizeof v, "%s%.3f", perSeed.empty() ? "" : " ", r->speedup);
                        perSeed += v;
                    }
                    const auto [m, sd] = bench::meanStdOf(s);
                    const double tm = bench::meanStdOf(t).first;
                    char paperText[32] = "–";
                    if (const auto paper = paperSpeedup(w, method))
                        std::snprintf(paperText, sizeof paperText, "%.2f", *paper);
                    // A run that never met the capacity rules scores 0; "no valid map" says so.
                    char oursText[48];
                    if (valid == 0)
                        std::snprintf(oursText, sizeof oursText, "0 (no valid map)");
                    else if (runs.size() == 1)
                        std::snprintf(oursText, sizeof oursText, "%.3f", m);
                    else
                        std::snprintf(oursText, sizeof oursText, "%.3f ± %.3f", m, sd);
                    char secondsText[32];
                    if (tm < 0.01)
                        std::snprintf(secondsText, sizeof secondsText, "< 0.01");
                    else
                        std::snprintf(secondsText, sizeof secondsText, tm < 10 ? "%.2g" : "%.0f", tm);
                    md << "| " << benchWorkloadLabel(w) << " | " << benchMethodLabel(method) << " | " << oursText << " | "
                       << perSeed << " | " << valid << "/" << runs.size() << " | " << secondsText << " | " << paperText
                       << " |\n";
                }
        }
    }
    return md.str();
}

} // namespace

int main(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) == "--rate-only") {
            std::printf("Latency model + legalizer (noiseless NNP-I defaults, maps near the compiler's):\n");
            evaluationRate();
            return 0;
        }
    const bench::ReportArgs args = bench::parseReportArgs(argc, argv, {"--merge-into"}, {}, kUsage);
    if (args.has("--merge-into"))
        return bench::reportMain([&] {
            const std::string file = args.get("--merge-into");
            const std::size_t n = mergeInto(args.results, file);
            std::printf("%zu runs of %s written into %s\n", n, args.results.c_str(), file.c_str());
            return 0;
        });
    return bench::reportMain([&] {
        bench::emitMarkdown(table(runsOf(args.results)), args.markdown);
        return 0;
    });
}
