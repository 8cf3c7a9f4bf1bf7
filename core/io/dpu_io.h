// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Files of the DPU configuration study (seed 003): platform files ("mapscape/dpu-platform": DPU
/// sizes, the action space, the model library, pruning levels, simulator parameters, C_PERF and
/// per-entry corrections, which may be given as real measurements) and recorded-runs files
/// ("mapscape/dpu-runs": the platform plus every run's 3 Hz samples). Every member of a platform
/// file is optional and defaults to the paper's platform. Errors name file, line and field.

#include "core/cost/dpu/dpu_dataset.h"

#include <string>
#include <string_view>

namespace mapscape {

inline constexpr int kDpuSchemaVersion = 1;

dpu::Platform dpuPlatformFromJson(std::string_view text, const std::string& source);
std::string dpuPlatformToJson(const dpu::Platform& platform);
/// "zcu102" (the built-in paper platform) or a path. Throws InputError.
dpu::Platform loadDpuPlatform(const std::string& nameOrPath);

dpu::RecordedRuns dpuRunsFromJson(std::string_view text, const std::string& source);
std::string dpuRunsToJson(const dpu::RecordedRuns& runs);

/// A state by name ("N", "C", "M") or index; −1 if unknown.
int findDpuState(const dpu::Platform& platform, std::string_view name);
/// A variant by name ("ResNet152-PR25", "R152/PR25", or a model name for PR0); −1 if unknown.
int findDpuVariant(const dpu::Platform& platform, std::string_view name);

} // namespace mapscape
