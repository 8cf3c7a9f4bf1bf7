// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The per-layer report in NeuroSpector's field layout (tile sizes, access counts, active units,
/// utilisations, energies, cycles), used by the text/JSON/CSV writers and the golden test.

#include "kinds/scheduling/core/scheduling_model.h"

#include <string>
#include <vector>

namespace mapscape {

struct ReportField {
    std::string label; ///< NeuroSpector's file-format label with single spaces ("LB I tile size")
    double value = 0;
};

struct ReportOptions {
    /// Reproduce NeuroSpector's print-time zeroing: for every bypassed type whose unit access
    /// energy at that level is 0, its printed tile and counts at that level are 0 (and, for the
    /// LB weight case, the LB input tile too). Costs are unaffected.
    bool neurospectorZeroing = true;
};

/// All report fields of one evaluated table, in NeuroSpector's order.
std::vector<ReportField> reportFields(const SchedulingModel& model, const Evaluation& eval,
                                      const ReportOptions& options = {});

/// Active instances of a spatial array in percent of its size (100 for an absent array).
double arrayUtilization(const ArraySpec& array, std::uint64_t active);

/// Buffer utilisation in percent of a level (shared: all stored types over the shared capacity;
/// separate: the given type over its buffer). Returns 0 for absent levels.
double bufferUtilization(const SchedulingModel& model, const Evaluation& eval, Level level, DataType type);

} // namespace mapscape
