// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Evaluation of a whole network under a mapping, with network totals.

#include "kinds/scheduling/core/scheduling_model.h"
#include "kinds/scheduling/core/mapping.h"

#include <string>
#include <vector>

namespace mapscape {

struct LayerResult {
    std::string layer;
    std::int64_t repeat = 1;
    double macs = 0;
    bool hasTable = false;
    bool ok = false;
    std::string error; ///< why the layer could not be evaluated
    SchedulingTable table;
    Evaluation eval;
};

struct NetworkResult {
    std::vector<LayerResult> layers;
    int invalidLayers = 0;
    /// Sums over the listed layers, each counted once (NeuroSpector's network figure).
    double energy = 0;
    double cycles = 0;
    std::array<double, kNumCostParts> energyByPart{};
    /// Sums with every layer weighted by its repeat count.
    double weightedEnergy = 0;
    double weightedCycles = 0;

    bool complete() const { return invalidLayers == 0; }
};

struct NetworkEvalOptions {
    /// Layers without a table get the trivial all-at-DRAM table instead of an error.
    bool trivialForMissing = false;
};

/// Evaluates every layer with its table from `mapping`. Never throws for bad tables: each
/// invalid or missing table is reported on its layer.
NetworkResult evaluateNetwork(const SchedulingModel& model, const Network& net, const Mapping& mapping,
                              const NetworkEvalOptions& options = {});

/// Words moved at a level, both directions (what its dynamic energy is charged for): for the
/// LB and GB over all their instances.
double levelTrafficWords(const Evaluation& e, Level level);

} // namespace mapscape
