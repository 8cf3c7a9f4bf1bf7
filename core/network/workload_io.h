// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Workload graphs (operational nodes with their tensors, as seed 004 places them) in Mapscape's
/// JSON ("mapscape/placement-workload") and as a CSV table: what `mapscape-cli import
/// --workload` writes and the placement study reads.

#include "core/network/workload_graph.h"

#include <functional>
#include <string>
#include <string_view>

namespace mapscape {

inline constexpr int kPlacementSchemaVersion = 1;

placement::WorkloadGraph placementWorkloadFromJson(std::string_view text, const std::string& source);
std::string placementWorkloadToJson(const placement::WorkloadGraph& graph);
placement::WorkloadGraph placementWorkloadFromCsv(std::string_view text, const std::string& source);
std::string placementWorkloadToCsv(const placement::WorkloadGraph& graph);

/// The operator of an id ("conv", "matmul"…, any case); calls `fail` with a message listing the
/// known ids when there is none.
placement::OpKind opKindFrom(const std::string& id, const std::function<void(const std::string&)>& fail);

} // namespace mapscape
