// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Seed 000 (RL-Scheduling) report: every optimizer on ResNet-50, YOLO v3, Inception-v4 and
/// MobileNet-V3-small on Eyeriss and Simba (metric energy, fixed dataflow), next to NeuroSpector
/// v1.5 bottom-up's network totals and run times and the paper's Table 5/6 RL numbers, and PPO
/// against the exact optimum on the layers the exhaustive search solved. The runs are the shards
/// of bench/sweeps/seed000.json:
///
///   mapscape-cli sweep run bench/sweeps/seed000.json -o results/seed000 [--backend slurm --wait]
///   reproduce_seed000 --results results/seed000 [--neurospector PATH [--threads T]] [--markdown FILE]
///
/// With --neurospector PATH (a NeuroSpector v1.5 binary built from source), NeuroSpector's
/// bottom-up optimizer runs on each accelerator and network of the results (written as its cfg
/// files) on this machine with T threads (default 1, as every sweep shard runs), and the time ratio is against that measured time.
/// Without it the NeuroSpector columns are the recorded reference run (a 2-core machine,
/// ../shared/golden/neurospector_baselines.md) and are labelled so.

#include "bench/report/sweep_report.h"
#include "kinds/scheduling/core/network_evaluation.h"
#include "core/io/file_util.h"
#include "kinds/scheduling/core/neurospector_cfg.h"
#include "kinds/scheduling/core/preset_io.h"
#include "kinds/scheduling/core/scheduling_study.h"
#include "core/util/strings.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace mapscape;
using sweep::ShardResult;

namespace {

constexpr const char* kUsage =
        "usage: reproduce_seed000 --results FOLDER|TABLE [--neurospector PATH] [--threads T] [--markdown FILE]\n"
        "  FOLDER: the results of bench/sweeps/seed000.json (or seed000-smoke.json); see docs/reproduction.md.\n";

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

/// The layer metric (energy, pJ) of each layer's table of a result document; NaN where a layer
/// has no valid table.
std::vector<double> layerEnergies(const ShardResult& r, const SchedulingInputs& in)
{
    std::vector<double> out(in.network.layers.size(), NAN);
    if (r.document.empty())
        return out;
    const Mapping m = mappingFromJson(r.document, "shard " + std::to_string(r.index), in.accelerator);
    const NetworkResult n = evaluateNetwork(SchedulingModel(in.accelerator), in.network, m);
    for (std::size_t l = 0; l < n.layers.size() && l < out.size(); ++l)
        if (n.layers[l].ok)
            out[l] = n.layers[l].eval.totalEnergy;
    return out;
}

int report(const bench::ReportArgs& args)
{
    const std::string neurospector = args.get("--neurospector");
    // One thread by default: every sweep shard runs on one.
    const int threads = args.has("--threads") ? std::max(1, std::stoi(args.get("--threads"))) : 1;
    const bench::SweepResults res = bench::readSweepResults(args.results);
    std::vector<ResultRow> rows;
    std::ostringstream gaps;
    std::map<std::string, Reference> measured; // NeuroSpector measured in this run
    std::vector<std::string> groups;           // "acc/net", first-seen order
    std::map<std::string, std::vector<const ShardResult*>> byGroup;
    for (const ShardResult& r : res.rows) {
        const std::string acc = r.level("accelerator").empty() ? r.study : r.level("accelerator");
        const std::string net = r.level("network").empty() ? r.study : r.level("network");
        const std::string key = acc + "/" + net;
        if (!byGroup.count(key))
            groups.push_back(key);
        byGroup[key].push_back(&r);
    }
    for (const std::string& key : groups) {
        const std::string acc = key.substr(0, key.find('/')), net = key.substr(key.find('/') + 1);
        const std::optional<Study> st = res.studyOf(*byGroup[key].front());
        if (!neurospector.empty()) {
            if (!st)
                throw InputError("--neurospector needs a results folder (the accelerator and network of each run)");
            const auto& in = st->inputs.get<SchedulingInputs>();
            std::fprintf(stderr, "%s / %s / NeuroSpector bottom-up (%s) ...\n", acc.c_str(), net.c_str(), neurospector.c_str());
            const Reference ns = measureNeuroSpector(neurospector, in.accelerator, in.network, threads);
            measured[key] = ns;
            std::printf("%-8s %-19s %-11s energy %-11s cycles %-11s %8.2f s  (measured in this run)\n", acc.c_str(),
                        net.c_str(), "NeuroSpector", sci(ns.energy).c_str(), sci(ns.cycles).c_str(), ns.seconds);
        }
        const ShardResult* ppo = nullptr;
        const ShardResult* exhaustive = nullptr;
        for (const ShardResult* r : byGroup[key]) {
            ResultRow row{acc, net, r->optimizer, r->objectiveValue("energy").value_or(0), r->objectiveValue("cycle").value_or(0),
                          r->seconds, int(r->figure("layers").value_or(0)), int(r->figure("layers_found").value_or(0)), {}};
            if (r->optimizer == "exhaustive")
                row.note = std::to_string(row.found) + " of " + std::to_string(row.layers) + " layers small enough";
            rows.push_back(row);
            ppo = r->optimizer == "ppo" ? r : ppo;
            exhaustive = r->optimizer == "exhaustive" ? r : exhaustive;
        }
        // PPO against the exact optimum on the layers the exhaustive search could solve.
        if (ppo && exhaustive && st) {
            const auto& in = st->inputs.get<SchedulingInputs>();
            const std::vector<double> p = layerEnergies(*ppo, in), e = layerEnergies(*exhaustive, in);
            double worst = 0;
            int n = 0, within = 0;
            for (std::size_t l = 0; l < e.size(); ++l) {
                if (!std::isfinite(e[l]) || !std::isfinite(p[l]))
                    continue;
                const double gap = p[l] / e[l] - 1.0;
                worst = std::max(worst, gap);
                ++n;
                within += gap <= 0.01 ? 1 : 0;
            }
            char buf[256];
            std::snprintf(buf, sizeof buf, "| %s | %s | %d | %d | %.3f %% |\n", acc.c_str(), net.c_str(), n, within, 100 * worst);
            gaps << buf;
        }
    }
    std::string exhaustiveLimit = "–";
    for (const ShardResult& r : res.rows)
        if (r.optimizer == "exhaustive")
            exhaustiveLimit = bench::optionOf(r, "max_candidates");

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
                      ") run by this report on the same machine and inputs with " + std::to_string(threads) +
                      " thread(s); every Mapscape run is one sweep shard on one thread.\n"
                : std::string("\nNeuroSpector columns: the recorded reference run (NeuroSpector v1.5 bottom-up on a "
                              "2-core machine, ../shared/golden/neurospector_baselines.md), not measured here; pass "
                              "--neurospector PATH to measure it on this machine. Every Mapscape run is one sweep shard on "
                              "one thread.\n"));
    if (!gaps.str().empty()) {
        md << "\nPPO against the exact optimum (exhaustive search) on the layers whose space is at most "
           << exhaustiveLimit << " candidates:\n\n"
           << "| accelerator | network | layers solved exactly | PPO within 1 % | worst PPO gap |\n"
           << "|---|---|---|---|---|\n"
           << gaps.str();
    }
    bench::emitMarkdown(md.str(), args.markdown);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const bench::ReportArgs args = bench::parseReportArgs(argc, argv, {"--neurospector", "--threads"}, {}, kUsage);
    return bench::reportMain([&] { return report(args); });
}
