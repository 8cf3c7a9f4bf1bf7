// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Renderings of a dataflow-model result: a readable text report (MAESTRO's figures with units),
/// JSON and CSV, and the mapping as a loop nest.

#include "core/maestro/dataflow_types.h"
#include "core/util/output_format.h"

#include <string>

namespace mapscape {

/// The report of one layer / mapping / hardware evaluation.
std::string writeDataflowResult(const DataflowLayer& layer, const DataflowMapping& mapping, const DataflowHardware& hw,
                                const DataflowResult& result, OutputFormat format);

/// NoC bandwidths at or above this (elements per cycle) are a modelling device ("effectively
/// unconstrained", as ArchGym's 2^30), not a network anyone builds: MAESTRO sizes the bus and
/// arbiter by them, and their area and power swamp the rest by orders of magnitude.
inline constexpr int kUnboundedNocBandwidth = 1 << 20;

/// The area (µm²) and power (mW) a reader can believe: the totals, or with an unbounded NoC the
/// figures without the NoC (the totals then read "unbounded").
struct ShownAreaPower {
    bool unboundedNoc = false;
    double area = 0, power = 0;
};
ShownAreaPower shownAreaPower(const DataflowHardware& hw, const DataflowResult& r);

/// shownAreaPower as one line, no newline: "Area: 1.45 mm², power: 1.51 W", or "Area:
/// unbounded, power: unbounded (NoC bandwidth …); without the NoC: …".
std::string areaPowerText(const DataflowHardware& hw, const DataflowResult& r);

/// The mapping as a loop nest: per cluster level, its temporal loops (outermost first) and its
/// spatial loops over the sub-clusters, with the tile each iteration covers ("for k in 0..128
/// step 16"). Resolves Sz(...) against the layer.
std::string loopNestText(const DataflowLayer& layer, const DataflowMapping& mapping, int numPes);

} // namespace mapscape
