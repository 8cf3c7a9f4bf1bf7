// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// Fuzz target: the other studies' files: placement workloads (JSON and CSV), placement hardware
/// and maps, DPU platforms and recorded runs, accelerator-sizing studies and designs, dataflow
/// layers, hardware, workloads, mappings, spaces and studies. What loads must save and load back.

#include "fuzz_support.h"

#include "kinds/accel/core/accel_io.h"
#include "kinds/dataflow/core/dataflow_io.h"
#include "kinds/dpu/core/dpu_io.h"
#include "kinds/placement/core/placement_io.h"

using namespace mapscape;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    const auto workload = [&](auto&& parse, const char* what) {
        fuzz::expectCleanError(
            [&] {
                const placement::WorkloadGraph g = parse();
                const placement::WorkloadGraph back = placementWorkloadFromJson(placementWorkloadToJson(g), "saved");
                if (back.nodes != g.nodes)
                    fuzz::finding(std::string(what) + ": saving and loading changes the graph");
            },
            what);
    };
    workload([&] { return placementWorkloadFromJson(text, fuzz::kSource); }, "placement workload JSON");
    workload([&] { return placementWorkloadFromCsv(text, fuzz::kSource); }, "placement workload CSV");
    fuzz::expectCleanError([&] { (void)placementHardwareFromJson(text, fuzz::kSource); }, "placement hardware");
    fuzz::expectCleanError([&] { (void)placementMapFromJson(text, fuzz::kSource, 57); }, "placement map");
    fuzz::expectCleanError([&] { (void)dpuPlatformFromJson(text, fuzz::kSource); }, "DPU platform");
    fuzz::expectCleanError([&] { (void)dpuRunsFromJson(text, fuzz::kSource); }, "DPU runs");
    fuzz::expectCleanError([&] { (void)accelStudyFromJson(text, fuzz::kSource); }, "accel study");
    fuzz::expectCleanError([&] { (void)accelDesignFromJson(text, fuzz::kSource); }, "accel design");
    fuzz::expectCleanError([&] { (void)dataflowLayerFromJson(text, fuzz::kSource); }, "dataflow layer");
    fuzz::expectCleanError([&] { (void)dataflowHardwareFromJson(text, fuzz::kSource); }, "dataflow hardware");
    fuzz::expectCleanError([&] { (void)dataflowWorkloadFromJson(text, fuzz::kSource); }, "dataflow workload");
    fuzz::expectCleanError([&] { (void)dataflowSpaceFromJson(text, fuzz::kSource); }, "dataflow space");
    fuzz::expectCleanError([&] { (void)dataflowStudyFromJson(text, fuzz::kSource); }, "dataflow study");
    for (DfLayerType t : {DfLayerType::Conv, DfLayerType::DsConv, DfLayerType::Gemm})
        fuzz::expectCleanError([&] { (void)dataflowMappingFromJson(text, fuzz::kSource, t); }, "dataflow mapping");
    return 0;
}
