// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Mapscape's JSON documents of the accelerator-sizing study (seed 002): study files
/// ("mapscape/accel-study": an RNN workload, the design shown, the design space, the model's
/// options, the FPGA proxy and limits, the constraints and the objective) and result documents
/// (one design with its metrics). Errors name the file, the line and the field.

#include "core/io/preset_library.h"
#include "kinds/accel/core/accel_problem.h"

#include <string>
#include <string_view>

namespace mapscape {

inline constexpr PresetFolder kAccelStudyPresets{"accel-studies", "accelerator-sizing study"};

inline constexpr int kAccelSchemaVersion = 1;

/// Everything an accelerator-sizing study starts from.
struct AccelStudyFile {
    std::string name = "accelerator study";
    AccelSetup setup;
    AccelDesign design;               ///< the design shown and evaluated
    std::string objective = "area";   ///< the optimizers' primary objective
};

/// A study file. "space" may be a preset name ("table1", "hasco") or an object of genes, each
/// {"lo", "hi", "step"}, {"values": [...]} or {"fixed": v} (missing genes: Table 1's);
/// "fpga_limits" may be "zcu102" or "none".
AccelStudyFile accelStudyFromJson(std::string_view text, const std::string& source);
std::string accelStudyToJson(const AccelStudyFile& study);
/// By preset name (presets/accel-studies: "rnn", "lstm", "gru") or path. Throws InputError.
AccelStudyFile loadAccelStudy(const std::string& nameOrPath);

/// One design: {"x": 8, "sp_capacity": 128, ..., "dataflow": "WS"} (the study file's "design").
AccelDesign accelDesignFromJson(std::string_view text, const std::string& source);
/// A result document: the design, and the metrics when given (valid ones).
std::string accelResultToJson(const AccelDesign& design, const AccelMetrics* metrics, const std::string& source);

} // namespace mapscape
