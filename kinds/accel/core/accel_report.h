// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Renderings of an accelerator-sizing evaluation (seed 002): a readable text report (metrics
/// with units, the cost database's area / power split, FPGA resources against the limits, the
/// constraints, each component's tile), JSON and CSV; and the design as MAESTRO files, one
/// mapping per workload component plus the hardware.

#include "core/util/output_format.h"
#include "kinds/accel/core/accel_problem.h"

#include <string>
#include <utility>
#include <vector>

namespace mapscape {

std::string writeAccelEvaluation(const AccelSetup& setup, const AccelDesign& design, const AccelDetail& detail,
                                 OutputFormat format);

/// The design's MAESTRO files: "<component>.m" per component (its GEMM as a CONV layer with the
/// chosen tile's directives), "hardware.m" and "maestro_command.txt". Name → content; throws
/// InputError when the design is invalid (no tile to export).
std::vector<std::pair<std::string, std::string>> accelMaestroFiles(const AccelSetup& setup, const AccelDesign& design);

} // namespace mapscape
