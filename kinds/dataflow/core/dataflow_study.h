// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The dataflow-mapping study kind (seed 001): one layer on a spatial accelerator, its mapping
/// written as MAESTRO directives and evaluated by the MAESTRO-compatible model, searched over
/// the seed-001 parameters by MARL, single-agent PPO, BO, GAMMA, a GA and random search.

#include "core/maestro/dataflow_types.h"
#include "kinds/dataflow/core/dataflow_space.h"
#include "core/optim/space/point_search.h"
#include "core/study/study.h"

#include <map>
#include <memory>
#include <string>

namespace mapscape {

/// Inputs of a dataflow-mapping study.
struct DataflowInputs {
    std::string workload; ///< where the layer came from ("Seed 001 layers"); informational
    DataflowLayer layer;
    DataflowHardware hardware;
    DataflowMapping mapping;    ///< the mapping shown and evaluated
    DataflowSpaceOptions space; ///< the optimizers' design space
    friend bool operator==(const DataflowInputs&, const DataflowInputs&) = default;
};

const StudyKind& dataflowKind();
std::shared_ptr<const StudyKind> makeDataflowKind();

/// The kind's optimizers (random, gamma, ga, bo, ppo, marl) and their factory.
std::span<const OptimizerInfo> dataflowOptimizers();
std::unique_ptr<PointOptimizer> makeDataflowOptimizer(std::string_view id, const PointProblem& problem,
                                                      const OptionValues& values, std::uint64_t seed);

/// A dataflow run's best result as a JSON document ("mapscape/dataflow-result": the mapping's
/// name and directives and the design-space point); --mapping and the mapping loader read it
/// as a mapping.
std::string dataflowResultToJson(const DataflowMapping& mapping, DfLayerType type,
                                 const std::map<std::string, std::int64_t>& point);
DataflowMapping dataflowResultMapping(std::string_view json, DfLayerType type, const std::string& source);
/// The design-space point (parameter name → value) of such a result; empty if it has none.
std::map<std::string, std::int64_t> dataflowResultPoint(std::string_view json);

} // namespace mapscape
