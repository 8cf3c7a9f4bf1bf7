// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Renderings of the DPU platform simulator (seed 003): one model variant in one background
/// state on every configuration (FPS, power, PPW, what limits it), as text, JSON or CSV.

#include "kinds/dpu/core/dpu_platform.h"
#include "core/util/output_format.h"

#include <string>

namespace mapscape {

/// `chosen` (optional, −1 for none) marks a configuration besides the best feasible one.
std::string writeDpuSimulation(const dpu::Platform& platform, int variant, int state, OutputFormat format,
                               int chosen = -1);

} // namespace mapscape
