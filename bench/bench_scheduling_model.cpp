// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Evaluations per second of the scheduling-table model on a fixed set of tables: every table
/// of the NeuroSpector reference results (valid), plus the same tables with one factor moved so
/// that a capacity or fan-out check fails (invalid), evaluated round-robin on one thread.
/// Usage: bench_scheduling_model [golden-dir] [seconds]

#include "kinds/scheduling/core/scheduling_model.h"
#include "kinds/scheduling/core/neurospector_json.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

using namespace mapscape;
using Clock = std::chrono::steady_clock;

namespace {

struct Item {
    const SchedulingModel* model;
    LayerShape shape;
    SchedulingTable table;
};

double run(const std::vector<Item>& items, double seconds, std::size_t& evals, std::size_t& valid, double& checksum)
{
    evals = valid = 0;
    checksum = 0;
    Evaluation e;
    const auto start = Clock::now();
    const auto until = start + std::chrono::duration<double>(seconds);
    while (Clock::now() < until) {
        for (int rep = 0; rep < 16; ++rep) {
            for (const Item& it : items) {
                if (it.model->evaluate(it.shape, it.table, e).ok()) {
                    ++valid;
                    checksum += e.totalEnergy;
                }
            }
            evals += items.size();
        }
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv)
{
    const std::string dir = argc > 1 ? argv[1] : MAPSCAPE_DEFAULT_GOLDEN_DIR;
    const double seconds = argc > 2 ? std::atof(argv[2]) : 3.0;
    std::vector<std::unique_ptr<SchedulingModel>> models;
    std::vector<Item> validItems, invalidItems;
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".jsonl")
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        const std::vector<ReferenceCase> cases = readReferenceFile(f.string());
        if (cases.empty())
            continue;
        models.push_back(std::make_unique<SchedulingModel>(cases.front().accelerator));
        for (const ReferenceCase& c : cases) {
            Item it{models.back().get(), LayerShape::of(c.layer), c.table};
            validItems.push_back(it);
            // Move the whole DRAM row into the GB row: the GB then overflows (or, for tiny
            // layers, stays valid, which keeps the mix honest).
            for (int d = 0; d < kNumDims; ++d) {
                it.table.at(Row::Gb, Dim(d)) *= it.table.at(Row::Dram, Dim(d));
                it.table.at(Row::Dram, Dim(d)) = 1;
            }
            invalidItems.push_back(it);
        }
    }
    if (validItems.empty()) {
        std::fprintf(stderr, "no reference tables found in %s\n", dir.c_str());
        return 2;
    }
    std::size_t evals = 0, valid = 0;
    double checksum = 0;
    run(validItems, 0.3, evals, valid, checksum); // warm-up
    std::printf("scheduling-table model, 1 thread, %zu tables from %zu files\n", validItems.size(), files.size());
    for (auto [name, items] : {std::pair{"valid tables", &validItems}, std::pair{"GB-overflow variants", &invalidItems}}) {
        const double t = run(*items, seconds, evals, valid, checksum);
        std::printf("  %-22s %12.0f evaluations/s  (%.1f ns each, %zu evaluations, %.1f%% valid, checksum %.6e)\n", name,
                    double(evals) / t, t / double(evals) * 1e9, evals, 100.0 * double(valid) / double(evals), checksum);
    }
    return 0;
}
