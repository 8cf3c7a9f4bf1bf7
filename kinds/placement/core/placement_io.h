// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Files of the tensor-placement study (seed 004):
/// - workloads ("mapscape/placement-workload" JSON, or CSV with one node per row: name, op,
///   inputs separated by ';' (names or indices), ifm_x … dilation);
/// - hardware ("mapscape/placement-hardware": the §6.1 parameters in readable units, rules);
/// - maps ("mapscape/placement-map": one letter per node, S / L / D, for weights and
///   activations) and a per-tensor CSV.
/// Errors name file, line and field (CSV: line and column).

#include "core/io/preset_library.h"
#include "core/network/workload_io.h"
#include "kinds/placement/core/placement_model.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mapscape {

inline constexpr PresetFolder kPlacementHardwarePresets{"placement-hardware", "placement hardware"};
inline constexpr PresetFolder kPlacementWorkloadPresets{"placement-workloads", "placement workload"};


/// A built-in name (resnet50, resnet101, bert), a preset (presets/placement-workloads/) or a
/// .json / .csv path. Throws InputError.
placement::WorkloadGraph loadPlacementWorkload(const std::string& nameOrPath);

placement::HardwareParams placementHardwareFromJson(std::string_view text, const std::string& source);
std::string placementHardwareToJson(const placement::HardwareParams& params, const std::string& name = {});
/// "nnpi" (σ = 0), "nnpi-hardware-like" (σ = 0.02), a preset (presets/placement-hardware/) or a path.
placement::HardwareParams loadPlacementHardware(const std::string& nameOrPath);

struct PlacementMapFile {
    std::string workload;        ///< the workload's name (information)
    placement::MemoryMap map;
};
/// The map's node count must equal `nodes` (the workload's). Throws InputError.
PlacementMapFile placementMapFromJson(std::string_view text, const std::string& source, int nodes);
std::string placementMapToJson(const placement::WorkloadGraph& graph, const placement::MemoryMap& map,
                               const std::string& note = {});
/// One row per node: index, name, op, weight bytes, weight level, activation bytes, activation
/// level, and (with a model) t_comp, t_mem and total time in µs.
std::string placementMapToCsv(const placement::PlacementModel& model, const placement::MemoryMap& map);

/// One finished run of the seed-004 reproduction benchmark (bench/reproduce_seed004), a line of
/// its JSON-lines results file.
struct PlacementBenchRun {
    std::string preset, workload, method; ///< "hardware-like" | "noiseless", "resnet50", "egrl"
    std::uint64_t seed = 0;
    int iterations = 0;
    double speedup = 0;  ///< noiseless speed-up of the map with the best measured reward
    double measured = 0; ///< its measured speed-up
    double seconds = 0;
    std::int64_t bestIteration = 0, valid = 0;
    /// Best-so-far noiseless speed-up at each improvement (iteration, value); empty in files
    /// written before curves were kept.
    std::vector<std::pair<std::int64_t, double>> curve;
};
/// Reads a results file. Lines cut short by a kill are skipped (the benchmark repeats those
/// runs); a file that cannot be read, or one with no run at all, throws InputError naming it.
std::vector<PlacementBenchRun> readPlacementBenchRuns(const std::string& path);
/// The run as one line of a results file (no newline).
std::string placementBenchRunLine(const PlacementBenchRun& run);

} // namespace mapscape
