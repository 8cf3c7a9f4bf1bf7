// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// mapscape-cli's commands on accelerator-sizing studies (seed 002: RNN workloads, GRMD and its
/// multi-objective baselines).

#include "app/cli/dataflow_cli.h"

#include <string>

namespace mapscape::cli {

/// Whether a --study argument names an accelerator-sizing study (its schema, or a preset of
/// presets/accel-studies).
bool isAccelStudy(const std::string& nameOrPath);

/// --design: a result / design JSON file, or the chromosome "8,128,64,WS,1,64,64".
int evaluateAccel(const std::string& study, const std::string& design, const std::string& format, const std::string& out);

int optimizeAccel(const std::string& study, const StudyOptimizeArgs& args);

/// --to maestro (a directory of MAESTRO files of the study's design) or study (JSON).
int convertAccel(const std::string& study, const std::string& to, const std::string& out);

} // namespace mapscape::cli
