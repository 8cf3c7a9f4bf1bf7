// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/network_evaluation.h"

namespace mapscape {

namespace {

double traffic(const TypeVector& tile, const AccessCounts& c)
{
    return double(tile[0]) * double(c.inputReads) + double(tile[1]) * double(c.weightReads) +
           double(tile[2]) * (double(c.outputReads) + double(c.outputWrites));
}

} // namespace

double levelTrafficWords(const Evaluation& e, Level level)
{
    const double pesChips = double(e.activePes) * double(e.activeChips);
    switch (level) {
    case Level::LocalBuffer:
        return (traffic(e.sentTile[0], e.counts[0]) + traffic(e.allocatedTile[0], e.counts[1])) * pesChips;
    case Level::GlobalBuffer:
        return (traffic(e.sentTile[1], e.counts[1]) + traffic(e.allocatedTile[1], e.counts[2])) * double(e.activeChips);
    case Level::Dram:
        break;
    }
    return traffic(e.sentTile[2], e.counts[2]);
}

NetworkResult evaluateNetwork(const SchedulingModel& model, const Network& net, const Mapping& mapping,
                              const NetworkEvalOptions& options)
{
    NetworkResult res;
    res.layers.reserve(net.layers.size());
    for (const Layer& layer : net.layers) {
        LayerResult lr;
        lr.layer = layer.name;
        lr.repeat = layer.repeat;
        if (FieldIssues issues = schedulingLayerIssues(layer); !issues.empty()) {
            if (validateLayer(layer).empty())
                lr.macs = layer.macs(); // a layer this model cannot represent still has its MACs
            lr.error = "invalid layer: " + joinIssues(issues);
            ++res.invalidLayers;
            res.layers.push_back(std::move(lr));
            continue;
        }
        const LayerShape shape = LayerShape::of(layer);
        lr.macs = shape.macs;
        if (const SchedulingTable* t = mapping.find(layer.name)) {
            lr.table = *t;
            lr.hasTable = true;
        } else if (options.trivialForMissing) {
            lr.table = SchedulingTable::allAtDram(shape.dims);
            lr.hasTable = true;
        } else {
            lr.error = "no scheduling table for this layer";
        }
        if (lr.hasTable) {
            const EvalStatus st = model.evaluate(shape, lr.table, lr.eval);
            lr.ok = st.ok();
            if (!lr.ok)
                lr.error = model.describe(st);
        }
        if (lr.ok) {
            res.energy += lr.eval.totalEnergy;
            res.cycles += lr.eval.totalCycles;
            for (int p = 0; p < kNumCostParts; ++p)
                res.energyByPart[std::size_t(p)] += lr.eval.energy(CostPart(p));
            res.weightedEnergy += lr.eval.totalEnergy * double(lr.repeat);
            res.weightedCycles += lr.eval.totalCycles * double(lr.repeat);
        } else {
            ++res.invalidLayers;
        }
        res.layers.push_back(std::move(lr));
    }
    return res;
}

} // namespace mapscape
