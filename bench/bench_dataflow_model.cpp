// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Evaluations per second of the MAESTRO-compatible dataflow model on the MAESTRO golden cases
/// (one thread), per case group, and — with --maestro PATH — MAESTRO's own rate measured in the
/// same run: one process per evaluation (its start included), as ArchGym and GAMMA call it.
///
/// Usage: bench_dataflow_model [--cases FILE] [--seconds S] [--maestro PATH] [--maestro-calls N]

#include "bench/bench_args.h"
#include "core/maestro/dataflow_model.h"
#include "core/maestro/maestro_files.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace mapscape;
using Clock = std::chrono::steady_clock;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct Item {
    const DataflowModel* model;
    DataflowLayer layer;
    std::vector<Directive> directives;
    std::string mappingText;
    std::vector<std::string> flags;
};

double run(const std::vector<const Item*>& items, double seconds, std::size_t& evals, double& checksum)
{
    evals = 0;
    checksum = 0;
    DataflowResult r;
    const auto start = Clock::now();
    const auto until = start + std::chrono::duration<double>(seconds);
    while (Clock::now() < until) {
        for (int rep = 0; rep < 8; ++rep) {
            for (const Item* it : items) {
                if (it->model->evaluate(it->layer, it->directives, r).ok())
                    checksum += double(r.runtime);
            }
            evals += items.size();
        }
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Runs MAESTRO once on an item in `dir`; returns false if it failed.
bool runMaestro(const std::string& maestro, const Item& it, const fs::path& dir)
{
    {
        std::ofstream(dir / "case.m") << it.mappingText;
    }
    std::vector<std::string> args{maestro, "--Mapping_file=case.m", "--print_res=true", "--print_res_csv_file=true"};
    args.insert(args.end(), it.flags.begin(), it.flags.end());
    std::fflush(stdout); // the child must not inherit (and re-print) buffered output
    const pid_t pid = fork();
    if (pid == 0) {
        if (chdir(dir.c_str()) != 0)
            _exit(127);
        std::FILE* null = std::freopen("/dev/null", "w", stdout);
        (void)null;
        std::vector<char*> argv;
        for (std::string& a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    std::error_code ec;
    fs::remove(dir / "case.csv", ec);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

} // namespace

int main(int argc, char** argv)
{
    std::string casesPath = MAPSCAPE_DEFAULT_MAESTRO_CASES;
    std::string maestro;
    double seconds = 2.0;
    int maestroCalls = 40;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto value = [&] { return bench::optionValue(argc, argv, i); };
        if (a == "--cases")
            casesPath = value();
        else if (a == "--seconds")
            seconds = std::atof(value().c_str());
        else if (a == "--maestro")
            maestro = value();
        else if (a == "--maestro-calls")
            maestroCalls = std::atoi(value().c_str());
        else {
            std::fprintf(stderr, "usage: %s [--cases FILE] [--seconds S] [--maestro PATH] [--maestro-calls N]\n", argv[0]);
            return 2;
        }
    }

    std::ifstream in(casesPath);
    std::string line;
    if (!std::getline(in, line)) {
        std::fprintf(stderr, "cannot read %s\n", casesPath.c_str());
        return 2;
    }
    const json header = json::parse(line);
    std::map<std::string, std::unique_ptr<DataflowModel>> models;
    std::map<std::string, std::vector<std::string>> flags;
    for (const auto& [name, f] : header.at("hardware").items()) {
        DataflowHardware hw;
        hw.name = name;
        hw.numPes = f.at("num_pes");
        hw.l1Size = f.at("l1_size_cstr");
        hw.l2Size = f.at("l2_size_cstr");
        hw.nocBandwidth = f.at("noc_bw_cstr");
        hw.nocHops = f.at("noc_hops");
        hw.nocHopLatency = f.at("noc_hop_latency");
        hw.offchipBandwidth = f.at("offchip_bw_cstr");
        hw.simdLanes = f.at("num_simd_lanes");
        flags[name] = maestroFlags(hw);
        models[name] = std::make_unique<DataflowModel>(hw);
    }
    std::vector<Item> items;
    std::map<std::string, std::vector<const Item*>> groups;
    while (std::getline(in, line)) {
        const json c = json::parse(line);
        if (c.at("maestro").at("status") != "ok")
            continue;
        const MaestroNetwork net = parseMaestroMapping(c.at("mapping").get<std::string>(), "case");
        Item it;
        it.model = models.at(c.at("hw")).get();
        it.layer = net.layers[0].layer;
        it.directives = net.layers[0].mapping.resolved(it.layer);
        it.mappingText = c.at("mapping");
        it.flags = flags.at(c.at("hw"));
        items.push_back(std::move(it));
    }
    std::vector<const Item*> all;
    for (const Item& it : items)
        all.push_back(&it);
    // Group by the case's family (the part of the group name before '/').
    {
        std::ifstream again(casesPath);
        std::getline(again, line);
        std::size_t k = 0;
        while (std::getline(again, line)) {
            const json c = json::parse(line);
            if (c.at("maestro").at("status") != "ok")
                continue;
            std::string g = c.at("group");
            if (g.rfind("seed001/", 0) != 0 && g.rfind("random/", 0) != 0 && g.rfind("gemm/", 0) != 0)
                g = "networks x dataflow styles";
            groups[g].push_back(&items[k++]);
        }
    }

    std::size_t evals = 0;
    double checksum = 0;
    run(all, 0.3, evals, checksum); // warm-up
    std::printf("MAESTRO-compatible dataflow model, 1 thread, %zu golden cases\n", items.size());
    const double tAll = run(all, seconds, evals, checksum);
    const double rateAll = double(evals) / tAll;
    std::printf("  %-28s %12.0f evaluations/s  (%.2f us each, checksum %.6e)\n", "all cases", rateAll,
                tAll / double(evals) * 1e6, checksum);
    for (const auto& [name, g] : groups) {
        const double t = run(g, seconds / 2, evals, checksum);
        std::printf("  %-28s %12.0f evaluations/s  (%.2f us each, %zu cases)\n", name.c_str(), double(evals) / t,
                    t / double(evals) * 1e6, g.size());
    }

    if (!maestro.empty()) {
        const fs::path dir = fs::temp_directory_path() / ("bench_maestro_" + std::to_string(getpid()));
        fs::create_directories(dir);
        const std::size_t n = std::min<std::size_t>(std::size_t(std::max(1, maestroCalls)), items.size());
        // The same cases for both: an even sample over the whole set.
        std::vector<const Item*> sample;
        for (std::size_t i = 0; i < n; ++i)
            sample.push_back(&items[i * items.size() / n]);
        int failed = 0;
        const auto start = Clock::now();
        for (const Item* it : sample)
            failed += runMaestro(maestro, *it, dir) ? 0 : 1;
        const double t = std::chrono::duration<double>(Clock::now() - start).count();
        fs::remove_all(dir);
        const double maestroRate = double(n) / t;
        run(sample, 0.2, evals, checksum);
        const double tOurs = run(sample, seconds / 2, evals, checksum);
        const double oursRate = double(evals) / tOurs;
        std::printf("MAESTRO (%s), one process per evaluation, same %zu cases:\n", maestro.c_str(), n);
        std::printf("  %-28s %12.1f evaluations/s  (%.2f ms each%s)\n", "MAESTRO", maestroRate, t / double(n) * 1e3,
                    failed ? ", some failed" : "");
        std::printf("  %-28s %12.0f evaluations/s\n", "Mapscape, same cases", oursRate);
        std::printf("  speed-up: %.0fx MAESTRO's per-call rate\n", oursRate / maestroRate);
    }
    return 0;
}
