// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Throughput of the exact row search (seed 000 §3.7): for the spec's worked sizes — a 2-row and
/// the first 3-row step on ResNet-50 CONV_3_3 (2,880 and 641,520 candidates) and YOLO v3 CONV_8 —
/// prints the unpruned space, nodes visited, tables evaluated and the time, on one thread.
/// Usage: bench_row_search [accelerator]

#include "kinds/scheduling/core/preset_io.h"
#include "core/io/preset_library.h"
#include "kinds/scheduling/core/mapping_space.h"

#include <chrono>
#include <cstdio>

using namespace mapscape;

int main(int argc, char** argv)
{
    try {
        const std::string accName = argc > 1 ? argv[1] : "eyeriss";
        const SchedulingModel model(loadAccelerator(resolvePreset(accName, kAcceleratorPresets)));
        struct Case {
            const char* network;
            const char* layer;
            std::vector<Row> rows;
        };
        const std::vector<Case> cases{
            {"resnet50", "CONV_3_3", {Row::Gb, Row::Dram}},
            {"resnet50", "CONV_3_3", {Row::PeY, Row::Gb, Row::Dram}},
            {"resnet50", "CONV_3_3", {Row::Lb, Row::Gb, Row::Dram}},
            {"yolo-v3", "CONV_8", {Row::PeY, Row::Gb, Row::Dram}},
            {"yolo-v3", "CONV_8", {Row::Lb, Row::PeX, Row::PeY, Row::Gb, Row::Dram}},
        };
        for (const Case& c : cases) {
            const Network net = loadNetwork(resolvePreset(c.network, kNetworkPresets));
            const int i = net.indexOf(c.layer);
            const LayerShape shape = LayerShape::of(net.layers[std::size_t(i)]);
            const auto start = std::chrono::steady_clock::now();
            const RowSearchResult r = searchRows(model, shape, SchedulingTable::allAtDram(shape.dims), c.rows, {});
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::string rows;
            for (Row row : c.rows)
                rows += (rows.empty() ? "" : "+") + rowCanonicalName(row);
            std::printf("%-9s %-9s %-40s space %12llu  nodes %10llu  pruned %10llu  evaluated %10llu  valid %9llu  "
                        "%8.3f s  %6.2f M candidates/s  best %.5e pJ\n",
                        c.network, c.layer, rows.c_str(), (unsigned long long)r.stats.spaceSize,
                        (unsigned long long)r.stats.nodes, (unsigned long long)r.stats.pruned,
                        (unsigned long long)r.stats.evaluated, (unsigned long long)r.stats.valid, s,
                        double(r.stats.spaceSize) / s / 1e6, r.objective);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    }
    return 0;
}
