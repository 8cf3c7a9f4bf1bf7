// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Reproduction benchmark for seed 001 (MARL mapping search): random walk, Bayesian
/// optimisation, a plain GA, GAMMA, single-agent PPO and fully decentralized MARL on the paper's
/// layers (row 2 of MobileNet-v2, VGG16, ResNet18, AlexNet) at the iso-sample budget, on the
/// MAESTRO-compatible model with ArchGym's hardware, for latency, EDP and (extra) area; mean ± std
/// over seeds, ratios to MARL next to the paper's Table III, samples each method needed, samples
/// MARL needed to reach PPO's final value, and (--sweep) the agent-budget sweep of Fig. 6.
/// Prints figures (and a Markdown table with --markdown); not a unit test.
///
/// Usage: reproduce_seed001 [--budget N] [--seeds 1,2,3] [--workloads mobilenet-v2,vgg16,resnet18,alexnet]
///                          [--objectives latency,edp,area] [--methods random,bo,ga,gamma,ppo,marl]
///                          [--hardware archgym-default] [--sweep] [--markdown FILE]

#include "core/study/dataflow/dataflow_study.h"
#include "bench/bench_args.h"
#include "core/io/dataflow/dataflow_io.h"
#include "core/io/file_util.h"
#include "core/io/preset_library.h"
#include "core/optim/dataflow/dataflow_space.h"
#include "core/study/study_kind.h"
#include "core/optim/rl/common/torch_setup.h"
#include "core/util/statistics.h"
#include "core/util/strings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

using namespace mapscape;

namespace {

struct PaperLayer {
    std::string key;   ///< "mobilenet-v2"
    std::string label; ///< "MobileNet-v2 row 2"
    DataflowLayer layer;
};

/// Row 2 (0-based, ArchGym's layer_id = 2) of the paper's networks (GAMMA's layer tables).
std::vector<PaperLayer> paperLayers()
{
    return {{"mobilenet-v2", "MobileNet-v2 row 2", DataflowLayer::conv("MobileNet-v2 row 2", 16, 32, 1, 1, 112, 112)},
            {"vgg16", "VGG16 row 2", DataflowLayer::conv("VGG16 row 2", 128, 64, 3, 3, 112, 112)},
            {"resnet18", "ResNet18 row 2", DataflowLayer::conv("ResNet18 row 2", 64, 64, 3, 3, 56, 56)},
            {"alexnet", "AlexNet row 2", DataflowLayer::conv("AlexNet row 2", 384, 192, 3, 3, 13, 13)}};
}

/// Table III (absolute values; lower is better; units not given by the paper).
const std::map<std::string, std::map<std::string, double>> kPaper{
    {"mobilenet-v2/latency", {{"random", 2.00e-4}, {"bo", 1.31e-4}, {"ga", 8.73e-5}, {"ppo", 6.22e-4}, {"gamma", 7.55e-5}, {"marl", 6.56e-5}}},
    {"mobilenet-v2/edp", {{"random", 1.00e-4}, {"bo", 3.33e-5}, {"ga", 2.50e-5}, {"ppo", 1.95e-4}, {"gamma", 1.54e-5}, {"marl", 1.00e-5}}},
    {"vgg16/latency", {{"random", 2.94e-2}, {"bo", 1.08e-2}, {"ga", 9.26e-3}, {"ppo", 2.36e-1}, {"gamma", 8.26e-3}, {"marl", 7.25e-3}}},
    {"vgg16/edp", {{"random", 7.87e-3}, {"bo", 2.01e-3}, {"ga", 1.49e-3}, {"ppo", 2.00e-2}, {"gamma", 1.41e-3}, {"marl", 1.22e-3}}},
};

const std::map<std::string, std::string> kMethodTitle{{"random", "Random walk"}, {"bo", "Bayesian opt."}, {"ga", "GA"},
                                                      {"gamma", "GAMMA"},       {"ppo", "PPO (1 agent)"}, {"marl", "MARL (1 agent per parameter)"}};

class Recorder final : public MetricsSink {
public:
    void record(std::string_view name, std::int64_t step, double value) override
    {
        if (name == "search/best")
            best.emplace_back(step, value);
        else if (name == "rl/mean_return")
            meanReturn.emplace_back(step, value);
    }
    std::vector<std::pair<std::int64_t, double>> best;       ///< best-so-far, at improvements
    std::vector<std::pair<std::int64_t, double>> meanReturn; ///< per learner update
};

struct Run {
    bool found = false;
    double best = 0;
    double seconds = 0;
    std::int64_t toBest = 0;   ///< samples at the last improvement
    std::int64_t to5 = 0;      ///< first sample within 5 % of the final best
    std::int64_t overhead = 0; ///< clustering pre-pass samples
    std::vector<std::pair<std::int64_t, double>> curve;
};

/// The first sample at which a best-so-far curve is at or below `level` (−1 if never).
std::int64_t reach(const std::vector<std::pair<std::int64_t, double>>& curve, double level)
{
    for (const auto& [s, v] : curve)
        if (v <= level)
            return s;
    return -1;
}

Run runOne(const DataflowProblem& problem, const std::string& method, std::int64_t budget, std::uint64_t seed,
           OptionValues extra = {})
{
    OptionValues v = std::move(extra);
    v["samples"] = std::to_string(budget);
    std::string id = method;
    if (method == "marl" && !v.count("agents"))
        v["agents"] = "10";
    std::unique_ptr<PointOptimizer> opt = makeDataflowOptimizer(id, problem, v, seed);
    Recorder rec;
    PointDriverOptions drv;
    drv.threads = 1;
    drv.reportEvaluated = false;
    const PointSearchResult r = runPointSearch(problem, *opt, drv, {}, rec);
    Run out;
    out.found = r.found;
    out.seconds = r.seconds;
    if (!r.found)
        return out;
    out.best = r.bestEvaluation.objective[std::size_t(problem.primaryObjective())];
    // Step numbers count every sample the run asked for; the clustering pre-pass comes first.
    out.overhead = std::int64_t(r.samples) - budget;
    for (auto& [s, val] : rec.best)
        out.curve.emplace_back(std::max<std::int64_t>(0, s - out.overhead), val);
    // The driver repeats the best at the last sample: the samples needed are the first at it.
    out.toBest = std::max<std::int64_t>(0, reach(out.curve, out.best));
    out.to5 = reach(out.curve, out.best * 1.05);
    return out;
}

std::string sig(double v, int d = 4) { return std::isfinite(v) ? formatSig(v, d) : std::string("–"); }

} // namespace

int main(int argc, char** argv)
{
    std::int64_t budget = 20000;
    std::vector<std::uint64_t> seeds{1, 2, 3};
    std::vector<std::string> workloads{"mobilenet-v2", "vgg16", "resnet18", "alexnet"};
    std::vector<std::string> objectives{"latency", "edp", "area"};
    std::vector<std::string> methods{"random", "bo", "ga", "gamma", "ppo", "marl"};
    std::string hardwareName = "archgym-default", markdown;
    bool sweep = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto next = [&] { return bench::optionValue(argc, argv, i); };
        if (a == "--budget")
            budget = std::stoll(next());
        else if (a == "--seeds") {
            seeds.clear();
            for (const std::string& s : bench::commaList(next()))
                seeds.push_back(std::stoull(s));
        } else if (a == "--workloads")
            workloads = bench::commaList(next());
        else if (a == "--objectives")
            objectives = bench::commaList(next());
        else if (a == "--methods")
            methods = bench::commaList(next());
        else if (a == "--hardware")
            hardwareName = next();
        else if (a == "--sweep")
            sweep = true;
        else if (a == "--markdown")
            markdown = next();
        else {
            std::fprintf(stderr, "unknown argument %s (see the header of bench/reproduce_seed001.cpp)\n", a.c_str());
            return 2;
        }
    }
    rl::setTorchThreads(1);
    std::ostringstream md;
    try {
        const DataflowHardware hw = loadDataflowHardware(resolvePreset(hardwareName, kDataflowHardwarePresets));
        md << "Hardware: " << hw.name << "; budget " << budget << " samples per method and run; seeds";
        for (std::uint64_t s : seeds)
            md << " " << s;
        md << "; mean ± std over seeds.\n\n"
           << "| workload | objective | method | best (mean ± std) | ratio to MARL | paper value | paper ratio | "
              "samples to best | samples to within 5 % | seconds |\n"
           << "|---|---|---|---|---|---|---|---|---|---|\n";
        std::ostringstream speed;
        speed << "| workload | objective | PPO final | PPO samples to it | seeds where MARL reached it | MARL samples to it "
                 "(those seeds) | ratio |\n"
              << "|---|---|---|---|---|---|---|\n";
        for (const PaperLayer& L : paperLayers()) {
            if (std::find(workloads.begin(), workloads.end(), L.key) == workloads.end())
                continue;
            for (const std::string& obj : objectives) {
                const DataflowProblem problem(L.layer, hw, {}, obj);
                const ObjectiveInfo& oi = problem.objectives()[std::size_t(problem.primaryObjective())];
                std::map<std::string, std::vector<Run>> runs;
                for (const std::string& m : methods) {
                    for (std::uint64_t seed : seeds) {
                        std::fprintf(stderr, "%s / %s / %s / seed %llu ...\n", L.key.c_str(), obj.c_str(), m.c_str(),
                                     static_cast<unsigned long long>(seed));
                        runs[m].push_back(runOne(problem, m, budget, seed));
                        const Run& r = runs[m].back();
                        std::printf("%-13s %-8s %-7s seed %llu: best %s %s, samples to best %lld, %.1f s\n", L.key.c_str(),
                                    obj.c_str(), m.c_str(), static_cast<unsigned long long>(seed), sig(r.best, 6).c_str(),
                                    oi.unit.c_str(), static_cast<long long>(r.toBest), r.seconds);
                        std::fflush(stdout);
                    }
                }
                const auto bests = [&](const std::string& m) {
                    std::vector<double> v;
                    for (const Run& r : runs[m])
                        if (r.found)
                            v.push_back(r.best);
                    return v;
                };
                const double marlMean = runs.count("marl") ? meanStd(bests("marl")).first : NAN;
                const std::string key = L.key + "/" + obj;
                const auto paper = kPaper.count(key) ? &kPaper.at(key) : nullptr;
                for (const std::string& m : methods) {
                    const auto [mean, sd] = meanStd(bests(m));
                    std::vector<double> toBest, to5, secs;
                    for (const Run& r : runs[m]) {
                        toBest.push_back(double(r.toBest));
                        to5.push_back(double(r.to5));
                        secs.push_back(r.seconds);
                    }
                    const double pv = paper && paper->count(m) ? paper->at(m) : NAN;
                    const double pr = paper && paper->count(m) ? paper->at(m) / paper->at("marl") : NAN;
                    md << "| " << L.label << " | " << oi.label << " (" << oi.unit << ") | " << kMethodTitle.at(m) << " | "
                       << sig(mean, 5) << " ± " << sig(sd, 2) << " | " << sig(mean / marlMean, 3) << " | " << sig(pv, 3)
                       << " | " << sig(pr, 3) << " | " << sig(meanStd(toBest).first, 3) << " | "
                       << sig(meanStd(to5).first, 3) << " | " << sig(meanStd(secs).first, 3) << " |\n";
                }
                if (runs.count("ppo") && runs.count("marl")) {
                    // Samples MARL needs to reach PPO's final value, seed by seed.
                    std::vector<double> ppoFinal, ppoSamples, marlSamples, ratio;
                    for (std::size_t k = 0; k < runs["ppo"].size() && k < runs["marl"].size(); ++k) {
                        const Run& p = runs["ppo"][k];
                        const Run& q = runs["marl"][k];
                        if (!p.found || !q.found)
                            continue;
                        const std::int64_t m = reach(q.curve, p.best);
                        ppoFinal.push_back(p.best);
                        ppoSamples.push_back(double(p.toBest));
                        marlSamples.push_back(m < 0 ? NAN : double(std::max<std::int64_t>(1, m)));
                        ratio.push_back(m < 0 ? NAN : double(std::max<std::int64_t>(1, p.toBest)) / double(std::max<std::int64_t>(1, m)));
                    }
                    // Seeds where MARL never got to PPO's final value are counted, not averaged.
                    std::vector<double> reachedSamples, reachedRatio;
                    for (std::size_t k = 0; k < marlSamples.size(); ++k)
                        if (std::isfinite(marlSamples[k])) {
                            reachedSamples.push_back(marlSamples[k]);
                            reachedRatio.push_back(ratio[k]);
                        }
                    speed << "| " << L.label << " | " << oi.label << " | " << sig(meanStd(ppoFinal).first, 5) << " | "
                          << sig(meanStd(ppoSamples).first, 3) << " | " << reachedSamples.size() << " of " << marlSamples.size()
                          << " | " << sig(meanStd(reachedSamples).first, 3) << " | " << sig(meanStd(reachedRatio).first, 3)
                          << "× |\n";
                }
            }
        }
        md << "\nSample efficiency: samples MARL needed to reach single-agent PPO's final value (seed by seed; PPO's "
              "\"samples to it\" is when PPO itself got there).\n\n"
           << speed.str();
        if (sweep) {
            // Fig. 6: MobileNet-v2 latency for agent budgets 1, 2, 3, 6, 9, 10 (clustered with a
            // random-walk pre-pass of the budget's size, counted apart).
            const DataflowProblem problem(paperLayers()[0].layer, hw, {}, "latency");
            md << "\nAgent-budget sweep (MobileNet-v2 row 2, latency; clustered budgets use a random-walk pre-pass of "
               << budget << " samples, not counted):\n\n"
               << "| agents B | best latency (cycles) | samples to within 5 % | seconds |\n|---|---|---|---|\n";
            for (int B : {1, 2, 3, 6, 9, 10}) {
                std::vector<double> b, t, s;
                for (std::uint64_t seed : seeds) {
                    std::fprintf(stderr, "sweep B=%d seed %llu ...\n", B, static_cast<unsigned long long>(seed));
                    const Run r = runOne(problem, B == 1 ? "ppo" : "marl", budget, seed,
                                         B == 1 ? OptionValues{} : OptionValues{{"agents", std::to_string(B)},
                                                                                {"cluster_samples", std::to_string(budget)}});
                    if (r.found) {
                        b.push_back(r.best);
                        t.push_back(double(r.to5));
                        s.push_back(r.seconds);
                    }
                }
                md << "| " << B << " | " << sig(meanStd(b).first, 6) << " ± " << sig(meanStd(b).second, 2) << " | "
                   << sig(meanStd(t).first, 3) << " | " << sig(meanStd(s).first, 3) << " |\n";
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    }
    std::printf("\n%s", md.str().c_str());
    if (!markdown.empty())
        writeTextFileAtomic(markdown, md.str());
    return 0;
}
