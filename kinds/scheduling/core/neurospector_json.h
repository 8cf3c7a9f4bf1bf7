// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Reader for NeuroSpector result lines in JSON (one evaluated table per line: the accelerator,
/// the layer, the table and the report values), as used by the golden data set.

#include "kinds/scheduling/core/accelerator.h"
#include "core/network/layer.h"
#include "kinds/scheduling/core/scheduling_table.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mapscape {

struct ReferenceCase {
    std::string source; ///< file name
    int line = 0;       ///< 1-based line in the file
    Accelerator accelerator;
    Layer layer;
    SchedulingTable table;
    std::string strategy;                              ///< e.g. "PM-PM-PM", empty if none
    bool expectValid = true;                           ///< false for tables the reference rejects
    std::vector<std::pair<std::string, double>> results; ///< report label → value
};

/// Parses one line. Throws InputError naming source, line and field.
ReferenceCase parseReferenceLine(std::string_view text, const std::string& source, int line);
/// Reads every non-empty line of a .jsonl file. Throws InputError.
std::vector<ReferenceCase> readReferenceFile(const std::string& path);

} // namespace mapscape
