// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Files of the DPU configuration study (seed 003): platform files ("mapscape/dpu-platform": DPU
/// sizes, the action space, the model library, pruning levels, simulator parameters, C_PERF and
/// per-entry corrections, which may be given as real measurements) and recorded-runs files
/// ("mapscape/dpu-runs": the platform plus every run's 3 Hz samples). Every member of a platform
/// file is optional and defaults to the paper's platform. Errors name file, line and field.

#include "core/io/preset_library.h"
#include "kinds/dpu/core/dpu_dataset.h"
#include "kinds/dpu/core/dpu_methods.h"

#include <string>
#include <string_view>

namespace mapscape {

inline constexpr PresetFolder kDpuPlatformPresets{"dpu-platforms", "DPU platform"};

inline constexpr int kDpuSchemaVersion = 1;

dpu::Platform dpuPlatformFromJson(std::string_view text, const std::string& source);
std::string dpuPlatformToJson(const dpu::Platform& platform);
/// "zcu102" (the built-in paper platform), a preset's name ("zcu102-paper-ratios", from
/// presets/dpu-platforms/) or a path. Throws InputError.
dpu::Platform loadDpuPlatform(const std::string& nameOrPath);

dpu::RecordedRuns dpuRunsFromJson(std::string_view text, const std::string& source);
std::string dpuRunsToJson(const dpu::RecordedRuns& runs);

/// A trained policy's decisions ("mapscape/dpu-result"), kept with a run in a project so its
/// evaluation and timeline survive the session: per variant × state the configuration chosen and
/// the scores over the configurations (probabilities or LinUCB's reward estimates).
struct DpuResult {
    std::string source;        ///< "dpucconfig run #3"
    bool probabilistic = true; ///< scores are π(a|s)
    std::vector<dpu::PolicyDecision> decisions;
};
std::string dpuResultToJson(const dpu::Platform& platform, const DpuResult& result);
/// Names in the file are resolved against `platform`; unknown names fail naming the field.
DpuResult dpuResultFromJson(std::string_view text, const std::string& source, const dpu::Platform& platform);

/// A state by name ("N", "C", "M") or index; −1 if unknown.
int findDpuState(const dpu::Platform& platform, std::string_view name);
/// A variant by name ("ResNet152-PR25", "R152/PR25", or a model name for PR0); −1 if unknown.
int findDpuVariant(const dpu::Platform& platform, std::string_view name);

} // namespace mapscape
