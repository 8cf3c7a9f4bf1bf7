// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Mapscape's JSON documents of the dataflow-mapping study: hardware ("mapscape/dataflow-
/// hardware"), workloads (lists of layers), mapping templates (directives as MAESTRO text, with
/// Sz(...) references) and study files (a layer, a hardware, a mapping, the design-space
/// options and the objective). Errors name the file, the line and the field.

#include "core/io/preset_library.h"
#include "core/maestro/dataflow_types.h"
#include "kinds/dataflow/core/dataflow_space.h"

#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

inline constexpr PresetFolder kDataflowHardwarePresets{"dataflow-hardware", "dataflow hardware"};
inline constexpr PresetFolder kDataflowWorkloadPresets{"dataflow-workloads", "dataflow workload"};
inline constexpr PresetFolder kDataflowMappingPresets{"dataflow-mappings", "dataflow mapping"};

inline constexpr int kDataflowSchemaVersion = 1;

struct DataflowWorkload {
    std::string name;
    std::string description;
    std::vector<DataflowLayer> layers;
};

/// Everything a dataflow-mapping study starts from.
struct DataflowStudyFile {
    std::string name = "dataflow study";
    std::string workload;          ///< where the layer comes from (informational)
    DataflowLayer layer;
    DataflowHardware hardware;
    DataflowMapping mapping;
    DataflowSpaceOptions space;
    std::string objective = "latency";
};

DataflowHardware dataflowHardwareFromJson(std::string_view text, const std::string& source);
std::string dataflowHardwareToJson(const DataflowHardware& hw);

DataflowWorkload dataflowWorkloadFromJson(std::string_view text, const std::string& source);
std::string dataflowWorkloadToJson(const DataflowWorkload& w);

/// A mapping template; its directives are parsed for a layer type (variable names differ).
DataflowMapping dataflowMappingFromJson(std::string_view text, const std::string& source, DfLayerType type);
std::string dataflowMappingToJson(const DataflowMapping& m, DfLayerType type);

/// A study file. "hardware" and "mapping" may be preset names instead of objects.
DataflowStudyFile dataflowStudyFromJson(std::string_view text, const std::string& source);
std::string dataflowStudyToJson(const DataflowStudyFile& study);

/// One layer / the space options as JSON text (used inside project files).
DataflowLayer dataflowLayerFromJson(std::string_view text, const std::string& source);
std::string dataflowLayerToJson(const DataflowLayer& layer);
DataflowSpaceOptions dataflowSpaceFromJson(std::string_view text, const std::string& source);
std::string dataflowSpaceToJson(const DataflowSpaceOptions& space);

/// Loaders by preset name or path. A ".m" file is read as a MAESTRO mapping (first layer) /
/// hardware file; a mapping may also be a run's "mapscape/dataflow-result" (optimize --out).
/// Throw InputError.
DataflowHardware loadDataflowHardware(const std::string& nameOrPath);
DataflowWorkload loadDataflowWorkload(const std::string& nameOrPath);
DataflowMapping loadDataflowMapping(const std::string& nameOrPath, DfLayerType type);
DataflowStudyFile loadDataflowStudy(const std::string& path);

} // namespace mapscape
