// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Text, JSON and CSV renderings of a network evaluation (CLI output, GUI export).

#include "kinds/scheduling/core/network_evaluation.h"
#include "core/network/layer.h"
#include "core/util/output_format.h"

#include <string>

namespace mapscape {

struct WriterOptions {
    bool perLayerTables = false; ///< text: also print each layer's scheduling table
};

std::string writeEvaluation(const SchedulingModel& model, const Network& net, const NetworkResult& result,
                            OutputFormat format, const WriterOptions& options = {});

/// A scheduling table as aligned text with the accelerator's row names and dataflows.
std::string formatTable(const SchedulingModel& model, const SchedulingTable& table);

} // namespace mapscape
