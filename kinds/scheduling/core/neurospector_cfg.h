// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// NeuroSpector's INI-like `.cfg` files: accelerator, network and scheduling-table import, and
/// export of any of them, so a Mapscape mapping can be replayed in NeuroSpector's analyzer.

#include "kinds/scheduling/core/accelerator.h"
#include "core/network/layer.h"
#include "kinds/scheduling/core/mapping.h"
#include "kinds/scheduling/core/scheduling_table.h"

#include <string>
#include <string_view>

namespace mapscape {

/// NeuroSpector semantics: per-type lists with fewer than three values leave the rest at 0,
/// UNIT_CYCLE defaults to 0, unknown sections and keys are ignored. Throws InputError naming
/// file, line, section and key.
Accelerator acceleratorFromNeuroSpectorCfg(std::string_view text, const std::string& source);
/// `[LAYERS]` lines `NAME=K,B,P,Q,C,R,S,G,stride`. Throws InputError.
Network networkFromNeuroSpectorCfg(std::string_view text, const std::string& source);

struct NeuroSpectorTable {
    std::string layerName;
    SchedulingTable table;
};
/// `[LAYER] layer_name=...` + `[SCHEDULING_TABLE]` with one line per existing row. Throws InputError.
NeuroSpectorTable tableFromNeuroSpectorCfg(std::string_view text, const std::string& source, const Accelerator& acc);

std::string acceleratorToNeuroSpectorCfg(const Accelerator& acc);
std::string networkToNeuroSpectorCfg(const Network& net);
/// The analyzer's table format. That format has no dataflows: a table with its own dataflows
/// (flexible-dataflow mappings) starts with a comment naming the accelerator file that configures
/// them (see dataflowVariantName).
std::string tableToNeuroSpectorCfg(const std::string& layerName, const SchedulingTable& table, const Accelerator& acc);

/// The accelerator with a table's dataflow overrides configured at their levels.
Accelerator withTableDataflows(const Accelerator& acc, const SchedulingTable& table);
/// File name of an accelerator variant by its configured dataflows: "accelerator_lb-ws_gb-os.cfg".
std::string dataflowVariantName(const Accelerator& acc);

/// Writes accelerator.cfg, network.cfg and table_<layer>.cfg for every mapped layer into `dir`
/// (created if needed; files written atomically): a folder NeuroSpector's analyzer replays
/// exactly. Tables with their own dataflows get an accelerator file per distinct dataflow
/// combination, named in the table file; replay.sh lists the analyzer command of every table.
/// Returns the number of table files. Throws on failure (InputError naming the file for writes).
int writeNeuroSpectorFolder(const std::string& dir, const Accelerator& acc, const Network& net, const Mapping& mapping);

} // namespace mapscape
