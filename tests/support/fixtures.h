// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Small in-code fixtures shared by the core tests (independent of the preset files).

#include "kinds/dataflow/core/dataflow_study.h"
#include "kinds/scheduling/core/accelerator.h"
#include "core/network/layer.h"
#include "kinds/scheduling/core/scheduling_table.h"
#include "core/study/study.h"

#include <initializer_list>
#include <utility>

namespace mapscape::test {

/// Eyeriss as NeuroSpector simulates it (the golden data's configuration).
inline Accelerator eyeriss()
{
    Accelerator a;
    a.name = "EYERISS";
    a.precisionBits = 16;
    a.frequencyMhz = 200;
    a.macEnergyPj = 2.2;
    a.macStaticMw = 0.0132;
    a.localBuffer = {.present = true,
                     .sizeBytes = {24, 448, 48},
                     .dataflow = Dataflow::WS,
                     .bandwidthBits = 16,
                     .accessEnergyPj = {0.19, 0.63, 0.25},
                     .staticPowerMw = {6e-7, 2.7e-5, 7e-6},
                     .unitCycle = {1, 1, 1}};
    a.peArray = {.present = true, .sizeX = 14, .sizeY = 12};
    a.globalBuffer = {.present = true,
                      .sizeBytes = {102400},
                      .dataflow = Dataflow::OS,
                      .bandwidthBits = 64,
                      .accessEnergyPj = {5.27, 1.42, 5.27},
                      .staticPowerMw = {0.006047, 0.000387, 0.006047},
                      .unitCycle = {1, 1, 1},
                      .bypass = {false, true, false}};
    a.dram = {.present = true,
              .bandwidthBits = 64,
              .accessEnergyPj = {128, 128, 128},
              .staticPowerMw = {0.008, 0.008, 0.008},
              .unitCycle = {8, 8, 8}};
    return a;
}

/// Simba as NeuroSpector simulates it.
inline Accelerator simba()
{
    Accelerator a;
    a.name = "SIMBA";
    a.precisionBits = 8;
    a.frequencyMhz = 800;
    a.macEnergyPj = 0.56;
    a.macStaticMw = 0.0036;
    a.macArray = {.present = true, .sizeX = 8, .sizeY = 8};
    a.localBuffer = {.present = true,
                     .sizeBytes = {8192, 32768, 3072},
                     .dataflow = Dataflow::WS,
                     .bandwidthBits = 8,
                     .accessEnergyPj = {0.71, 1.45, 0.42},
                     .staticPowerMw = {0.000364, 0.001663, 0.000149},
                     .unitCycle = {1, 1, 1}};
    a.peArray = {.present = true, .sizeX = 4, .sizeY = 4};
    a.globalBuffer = {.present = true,
                      .sizeBytes = {65536},
                      .dataflow = Dataflow::OS,
                      .bandwidthBits = 64,
                      .accessEnergyPj = {2.23, 0.0, 2.23},
                      .staticPowerMw = {0.002699, 0, 0.002699},
                      .unitCycle = {1, 1, 1},
                      .bypass = {false, true, false}};
    a.multiChips = {.present = true, .sizeX = 6, .sizeY = 6};
    a.dram = {.present = true,
              .bandwidthBits = 64,
              .accessEnergyPj = {64, 64, 64},
              .staticPowerMw = {0.008, 0.008, 0.008},
              .unitCycle = {8, 8, 8}};
    return a;
}

inline Layer layer(const char* name, std::int64_t k, std::int64_t b, std::int64_t p, std::int64_t q, std::int64_t c,
                   std::int64_t r, std::int64_t s, std::int64_t g, std::int64_t stride)
{
    Layer l;
    l.name = name;
    l.k = k;
    l.b = b;
    l.p = p;
    l.q = q;
    l.c = c;
    l.r = r;
    l.s = s;
    l.g = g;
    l.stride = stride;
    return l;
}

/// ResNet-50 CONV_1.
inline Layer resnetConv1() { return layer("CONV_1", 64, 1, 112, 112, 3, 7, 7, 1, 2); }

/// A table from (row, {(dim, factor), ...}) entries; unlisted factors are 1.
inline SchedulingTable table(std::initializer_list<std::pair<Row, std::initializer_list<std::pair<Dim, std::uint64_t>>>> rows)
{
    SchedulingTable t;
    for (const auto& [row, factors] : rows)
        for (const auto& [d, f] : factors)
            t.at(row, d) = f;
    return t;
}

/// The worked example of the cost-model spec (eyeriss, ResNet-50 CONV_1).
inline SchedulingTable conv1Example()
{
    return table({{Row::Lb, {{Dim::K, 16}, {Dim::S, 7}}},
                  {Row::PeX, {{Dim::Q, 2}, {Dim::R, 7}}},
                  {Row::PeY, {{Dim::K, 4}, {Dim::C, 3}}},
                  {Row::Gb, {{Dim::P, 28}, {Dim::Q, 8}}},
                  {Row::Dram, {{Dim::P, 4}, {Dim::Q, 7}}}});
}

/// A conv layer and an FC layer small enough for exhaustive searches in a fraction of a second.
inline Network twoLayerNetwork()
{
    Network n;
    n.name = "small";
    n.layers = {layer("A", 8, 1, 7, 7, 4, 3, 3, 1, 1), layer("FC", 64, 1, 1, 1, 96, 1, 1, 1, 0)};
    return n;
}

/// A dataflow-mapping study's inputs: VGG16's second row on a 256-PE accelerator with bounded
/// buffers.
inline DataflowInputs vgg16Row2Inputs()
{
    DataflowInputs in;
    in.layer = DataflowLayer::conv("VGG16 row 2", 128, 64, 3, 3, 112, 112);
    in.hardware.name = "test 256 PEs";
    in.hardware.numPes = 256;
    in.hardware.l1Size = 1 << 16;
    in.hardware.l2Size = 1 << 22;
    in.hardware.nocBandwidth = 64;
    return in;
}

} // namespace mapscape::test
