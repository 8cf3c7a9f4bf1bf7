// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// MAESTRO's file formats: the ".m" mapping file (Network { Layer { Type, Stride, Dimensions,
/// Dataflow } }) and the hardware file (num_pes, l1_size_cstr, ...), read and written so a user
/// can replay any mapping in MAESTRO itself, plus the command-line flags that describe the same
/// hardware.

#include "core/maestro/dataflow_types.h"

#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

struct MaestroLayer {
    DataflowLayer layer;
    DataflowMapping mapping;
    friend bool operator==(const MaestroLayer&, const MaestroLayer&) = default;
};

struct MaestroNetwork {
    std::string name = "network";
    std::vector<MaestroLayer> layers;
};

/// Parses a ".m" mapping file. Accepts everything MAESTRO accepts (constants, Sz(...), Y'/X'
/// dimensions, layers that inherit the previous layer's dataflow) and is lenient about spacing
/// around braces. Throws InputError "source:line: message" naming the layer and field.
MaestroNetwork parseMaestroMapping(std::string_view text, const std::string& source);
/// A name MAESTRO's parser takes as one identifier ("VGG16 row 2" → "VGG16_row_2").
std::string maestroIdentifier(std::string_view name);
/// Writes a ".m" file MAESTRO parses (sizes as numbers or Sz(...) as the mapping says; network
/// and layer names as identifiers).
std::string writeMaestroMapping(const MaestroNetwork& network);
/// One layer and mapping as a single-layer network file.
std::string writeMaestroMapping(const DataflowLayer& layer, const DataflowMapping& mapping,
                                const std::string& networkName = "mapscape");

/// Parses MAESTRO's hardware file into `base` (fields not in the file keep base's values;
/// MAESTRO then uses NoC_NumHops as the whole NoC latency, so nocHopLatency becomes 1). Reads
/// MAESTRO master's keys (num_pes, l1_size_cstr, ...) and those of commit 7723091, which HASCO
/// writes (NumPEs, L1Size, L2Size, NoC_BW: all four required); a file in the latter dialect also
/// takes that commit's settings: 9 MAC lanes per PE, no off-chip limit, the 2020 cost database.
/// Throws InputError "source:line: field: message".
DataflowHardware parseMaestroHardware(std::string_view text, const std::string& source, DataflowHardware base = {});
std::string writeMaestroHardware(const DataflowHardware& hw);
/// MAESTRO command-line flags for the hardware (without --Mapping_file).
std::vector<std::string> maestroFlags(const DataflowHardware& hw);

/// Parses one directive written as MAESTRO text ("SpatialMap(1,1) K", "TemporalMap(Sz(R),Sz(R)) R;",
/// "Cluster(64, P)"); Sz(...) becomes a reference to the layer's size. Throws InputError with a
/// message (without file or field: the caller adds them).
Directive parseDirective(std::string_view text, DfLayerType type);
/// "SpatialMap(1,1) K;" / "Cluster(64, P);" — one directive as MAESTRO text.
std::string directiveText(const Directive& d, DfLayerType type);
/// The mapping as MAESTRO directives, one per line, with the level numbers as comments.
std::string directivesText(const DataflowMapping& mapping, DfLayerType type);

} // namespace mapscape
