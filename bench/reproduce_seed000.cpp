// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Reproduction benchmark for seed 000 (RL-Scheduling): every optimizer on ResNet-50, YOLO v3,
/// Inception-v4 and MobileNet-V3-small on Eyeriss and Simba (metric energy, fixed dataflow),
/// printed next to NeuroSpector v1.5 bottom-up's network totals and run times and the paper's
/// Table 5/6 RL numbers. Not a unit test: it prints figures (and optionally a Markdown table).
///
/// Usage: reproduce_seed000 [--budget EPISODES] [--seed S] [--threads T] [--random-samples N]
///                          [--exhaustive-limit N] [--accelerators a,b] [--networks a,b]
///                          [--optimizers ppo,bottom-up,random,exhaustive] [--markdown FILE]
///                          [--neurospector PATH]
///
/// With --neurospector PATH (a NeuroSpector v1.5 binary built from source), NeuroSpector's
/// bottom-up optimizer runs on the same accelerator and network (written as its cfg files) in
/// this run, on the same machine and thread count, and the time ratio is against that measured
/// time. Without it the NeuroSpector columns are the recorded reference run (a 2-core machine,
/// ../shared/golden/neurospector_baselines.md) and are labelled so.

#include "core/study/scheduling/scheduling_study.h"
#include "bench/bench_args.h"
#include "core/io/file_util.h"
#include "core/io/scheduling/neurospector_cfg.h"
#include "core/io/scheduling/preset_io.h"
#include "core/io/preset_library.h"
#include "core/study/study_kind.h"
#include "core/optim/rl/common/torch_setup.h"
#include "core/util/strings.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace mapscape;

namespace {

/// NeuroSpector v1.5 bottom-up, fixed dataflow, metric energy: network totals and wall time on a
/// 2-core machine (../shared/golden/neurospector_baselines.md; MobileNet on Eyeriss from the
/// seed-000 spec §0/§6.1, typo-fixed public list).
struct Reference {
    double energy = 0;
    double cycles = 0;
    double seconds = 0;
};
const std::map<std::string, Reference> kNeuroSpector{
    {"eyeriss/resnet50", {1.2547e10, 1.6215e8, 65}},
    {"eyeriss/yolo-v3", {1.3889e11, 1.5570e9, 82}},
    {"eyeriss/inception-v4", {3.2109e10, 3.0408e8, 517}},
    {"eyeriss/mobilenet-v3-small", {1.2174e9, 1.5080e7, 605}},
    {"simba/resnet50", {8.3335e9, 2.4499e7, 325}},
    {"simba/yolo-v3", {8.9929e10, 1.9864e8, 1394}},
    {"simba/inception-v4", {2.2627e10, 5.5263e7, 1069}},
};

/// The paper's RL column (Table 5 energy, Table 6 cycles).
const std::map<std::string, Reference> kPaperRl{
    {"eyeriss/resnet50", {1.09e10, 1.11e8, 0}},
    {"eyeriss/yolo-v3", {1.29e11, 1.14e9, 0}},
    {"eyeriss/inception-v4", {3.19e10, 2.92e8, 0}},
    {"eyeriss/mobilenet-v3-small", {8.14e9, 8.76e7, 0}},
    {"simba/resnet50", {9.14e9, 2.72e7, 0}},
    {"simba/yolo-v3", {9.65e10, 2.19e8, 0}},
    {"simba/inception-v4", {2.66e10, 6.40e7, 0}},
    {"simba/mobilenet-v3-small", {8.32e9, 2.88e7, 0}},
};

std::string sci(double v, int digits = 4) { return v > 0 ? formatSig(v, digits) : std::string("–"); }

/// Single-quoted for /bin/sh.
std::string shellQuote(const std::string& s)
{
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

/// Runs NeuroSpector's bottom-up optimizer (fixed dataflow, metric energy) on an accelerator and a
/// network in a scratch folder and sums the per-layer result files it writes. Throws on failure.
Reference measureNeuroSpector(const std::string& binary, const Accelerator& acc, const Network& net, int threads)
{
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() /
                         ("mapscape-ns-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(dir);
    writeTextFileAtomic((dir / "accelerator.cfg").string(), acceleratorToNeuroSpectorCfg(acc));
    writeTextFileAtomic((dir / "network.cfg").string(), networkToNeuroSpectorCfg(net));
    const std::string command = "cd " + shellQuote(dir.string()) + " && " + shellQuote(fs::absolute(binary).string()) +
                                " --run_type=optimizer --accelerator=accelerator.cfg --network=network.cfg "
                                "--dataflow=fixed --optimizer=bottom-up --metric=energy --thread=" +
                                std::to_string(threads) + " > neurospector.log 2>&1";
    const auto start = std::chrono::steady_clock::now();
    const int rc = std::system(command.c_str());
    Reference r;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (rc != 0)
        throw std::runtime_error("NeuroSpector failed (exit status " + std::to_string(rc) + "); see " +
                                 (dir / "neurospector.log").string());
    int files = 0;
    for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.size() < 21 || name.compare(name.size() - 21, 21, "-bottom_up-energy.txt") != 0)
            continue;
        std::ifstream in(e.path());
        std::string line;
        bool energy = false, cycles = false;
        while (std::getline(in, line)) {
            const auto colon = line.find(':');
            if (colon == std::string::npos)
                continue;
            const std::string key(trim(std::string_view(line).substr(0, colon)));
            const auto value = parseReal(trim(std::string_view(line).substr(colon + 1)));
            if (key == "TOTAL ENERGY" && value) {
                r.energy += *value;
                energy = true;
            } else if (key == "TOTAL CYCLE" && value) {
                r.cycles += *value;
                cycles = true;
            }
        }
        if (!energy || !cycles)
            throw std::runtime_error("no TOTAL ENERGY / TOTAL CYCLE in " + e.path().string());
        ++files;
    }
    if (files != int(net.layers.size()))
        throw std::runtime_error("NeuroSpector wrote " + std::to_string(files) + " result files for " +
                                 std::to_string(net.layers.size()) + " layers in " + dir.string());
    fs::remove_all(dir);
    return r;
}

struct ResultRow {
    std::string acc, net, optimizer;
    double energy = 0, cycles = 0, seconds = 0;
    int layers = 0, found = 0;
    std::string note;
};

} // namespace

int main(int argc, char** argv)
{
    std::string budget = "10", randomSamples = "20000", exhaustiveLimit = "20000000", markdown, neurospector;
    std::uint64_t seed = 1;
    int threads = int(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::string> accs{"eyeriss", "simba"};
    std::vector<std::string> nets{"resnet50", "yolo-v3", "inception-v4", "mobilenet-v3-small"};
    std::vector<std::string> optimizers{"ppo", "bottom-up", "random", "exhaustive"};
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto next = [&] { return bench::optionValue(argc, argv, i); };
        if (a == "--budget")
            budget = next();
        else if (a == "--seed")
            seed = std::stoull(next());
        else if (a == "--threads")
            threads = std::max(1, std::stoi(next()));
        else if (a == "--random-samples")
            randomSamples = next();
        else if (a == "--exhaustive-limit")
            exhaustiveLimit = next();
        else if (a == "--accelerators")
            accs = bench::commaList(next());
        else if (a == "--networks")
            nets = bench::commaList(next());
        else if (a == "--optimizers")
            optimizers = bench::commaList(next());
        else if (a == "--markdown")
            markdown = next();
        else if (a == "--neurospector")
            neurospector = next();
        else {
            std::fprintf(stderr, "unknown argument %s (see the header of bench/reproduce_seed000.cpp)\n", a.c_str());
            return 2;
        }
    }
#ifdef MAPSCAPE_HAS_TORCH
    rl::setTorchThreads(1);
#endif
    std::vector<ResultRow> rows;
    std::ostringstream gaps;
    std::map<std::string, Reference> measured; // NeuroSpector measured in this run
    try {
        for (const std::string& accName : accs) {
            const Accelerator acc = loadAccelerator(resolvePreset(accName, kAcceleratorPresets));
            for (const std::string& netName : nets) {
                const Network net = loadNetwork(resolvePreset(netName, kNetworkPresets));
                const SchedulingProblem problem =
                    SchedulingProblem::make(acc, net, Metric::Energy, DataflowMode::Fixed);
                std::map<std::string, SearchResult> results;
                if (!neurospector.empty()) {
                    std::fprintf(stderr, "%s / %s / NeuroSpector bottom-up (%s) ...\n", accName.c_str(), netName.c_str(),
                                 neurospector.c_str());
                    const Reference ns = measureNeuroSpector(neurospector, acc, net, threads);
                    measured[accName + "/" + netName] = ns;
                    std::printf("%-8s %-19s %-11s energy %-11s cycles %-11s %8.2f s  (measured in this run)\n",
                                accName.c_str(), netName.c_str(), "NeuroSpector", sci(ns.energy).c_str(),
                                sci(ns.cycles).c_str(), ns.seconds);
                    std::fflush(stdout);
                }
                for (const std::string& opt : optimizers) {
                    OptionValues values;
                    if (opt == "ppo")
                        values["episodes"] = budget;
                    else if (opt == "random")
                        values["samples"] = randomSamples;
                    else if (opt == "exhaustive")
                        values["max_candidates"] = exhaustiveLimit;
                    std::unique_ptr<SearchStrategy> s = makeSchedulingStrategy(opt, problem, values, seed);
                    NullMetricsSink sink;
                    std::fprintf(stderr, "%s / %s / %s ...\n", accName.c_str(), netName.c_str(), opt.c_str());
                    const SearchResult r = runSearch(problem, *s, {.threads = threads}, {}, sink);
                    ResultRow row{accName, netName, opt, r.totalEnergy, r.totalCycles, r.seconds, problem.layerCount(),
                            r.layersFound, {}};
                    if (opt == "exhaustive")
                        row.note = std::to_string(r.layersFound) + " of " + std::to_string(problem.layerCount()) +
                                   " layers small enough";
                    std::printf("%-8s %-19s %-11s energy %-11s cycles %-11s %8.2f s  %d/%d layers\n", accName.c_str(),
                                netName.c_str(), opt.c_str(), sci(r.totalEnergy).c_str(), sci(r.totalCycles).c_str(),
                                r.seconds, r.layersFound, problem.layerCount());
                    std::fflush(stdout);
                    rows.push_back(row);
                    results.emplace(opt, r);
                }
                // PPO against the exact optimum on the layers the exhaustive search could solve.
                if (results.count("ppo") && results.count("exhaustive")) {
                    const SearchResult& p = results.at("ppo");
                    const SearchResult& e = results.at("exhaustive");
                    double worst = 0;
                    int n = 0, within = 0;
                    for (std::size_t l = 0; l < e.layers.size(); ++l) {
                        if (!e.layers[l].found || !p.layers[l].found)
                            continue;
                        const double gap = p.layers[l].metric / e.layers[l].metric - 1.0;
                        worst = std::max(worst, gap);
                        ++n;
                        within += gap <= 0.01 ? 1 : 0;
                    }
                    char buf[256];
                    std::snprintf(buf, sizeof buf, "| %s | %s | %d | %d | %.3f %% |\n", accName.c_str(), netName.c_str(),
                                  n, within, 100 * worst);
                    gaps << buf;
                    std::printf("  PPO vs exhaustive optimum on %d small layers: %d within 1%%, worst gap %.3f %%\n", n,
                                within, 100 * worst);
                }
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    }

    const bool live = !neurospector.empty();
    const std::string nsLabel = live ? "NS measured" : "NS recorded";
    std::ostringstream md;
    md << "| accelerator | network | optimizer | energy (pJ) | cycles | wall (s) | vs NS energy | vs "
       << (live ? "NS time measured in this run" : "NS recorded reference time") << " | " << nsLabel << " energy | "
       << nsLabel << " cycles | " << (live ? "NS time measured in this run (s)" : "NS recorded reference time (s)")
       << " | paper RL energy | paper RL cycles | note |\n"
       << "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const ResultRow& r : rows) {
        const std::string key = r.acc + "/" + r.net;
        const Reference* ns = live ? (measured.count(key) ? &measured.at(key) : nullptr)
                                   : (kNeuroSpector.count(key) ? &kNeuroSpector.at(key) : nullptr);
        const Reference* rl = kPaperRl.count(key) ? &kPaperRl.at(key) : nullptr;
        char ratioE[32] = "–", ratioT[32] = "–";
        const bool complete = r.found == r.layers;
        if (ns && complete)
            std::snprintf(ratioE, sizeof ratioE, "%+.1f %%", 100 * (r.energy / ns->energy - 1));
        if (ns && complete)
            std::snprintf(ratioT, sizeof ratioT, "1/%.0f", ns->seconds / std::max(r.seconds, 1e-3));
        char wall[32];
        std::snprintf(wall, sizeof wall, "%.2f", r.seconds);
        md << "| " << r.acc << " | " << r.net << " | " << r.optimizer << " | " << (complete ? sci(r.energy) : "–") << " | "
           << (complete ? sci(r.cycles) : "–") << " | " << wall << " | " << ratioE << " | " << ratioT << " | "
           << (ns ? sci(ns->energy) : "–") << " | " << (ns ? sci(ns->cycles) : "–") << " | "
           << (ns ? formatSig(ns->seconds, 4) : "–") << " | " << (rl ? sci(rl->energy, 3) : "–") << " | "
           << (rl ? sci(rl->cycles, 3) : "–") << " | " << r.note << " |\n";
    }
    md << (live ? "\nNeuroSpector columns: NeuroSpector v1.5 bottom-up (" + neurospector +
                      ") run in this benchmark on the same machine, inputs and thread count.\n"
                : std::string("\nNeuroSpector columns: the recorded reference run (NeuroSpector v1.5 bottom-up on a "
                              "2-core machine, ../shared/golden/neurospector_baselines.md), not measured here; pass "
                              "--neurospector PATH to measure it in the same run.\n"));
    if (!gaps.str().empty()) {
        md << "\nPPO against the exact optimum (exhaustive search) on the layers whose space is at most "
           << exhaustiveLimit << " candidates:\n\n"
           << "| accelerator | network | layers solved exactly | PPO within 1 % | worst PPO gap |\n"
           << "|---|---|---|---|---|\n"
           << gaps.str();
    }
    std::printf("\n%s", md.str().c_str());
    if (!markdown.empty()) {
        try {
            writeTextFileAtomic(markdown, md.str());
        } catch (const std::exception& e) {
            std::fprintf(stderr, "error: %s\n", e.what());
            return 2;
        }
    }
    return 0;
}
