// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/report.h"

namespace mapscape {

namespace {

struct Printed {
    std::array<TypeVector, kNumLevels> tile;
    std::array<AccessCounts, kNumLevels> counts;
};

const BufferSpec& levelSpec(const Accelerator& acc, Level l)
{
    return acc.buffer(l == Level::LocalBuffer ? Component::LocalBuffer
                      : l == Level::GlobalBuffer ? Component::GlobalBuffer
                                                 : Component::Dram);
}

Printed printedValues(const SchedulingModel& model, const Evaluation& e, bool zeroing)
{
    Printed p{e.allocatedTile, e.counts};
    if (!zeroing)
        return p;
    for (int l = 0; l < kNumLevels; ++l) {
        const BufferSpec& b = levelSpec(model.accelerator(), Level(l));
        if (!b.present)
            continue;
        for (DataType t : kAllDataTypes) {
            const int ti = idx(t);
            if (!b.bypass[std::size_t(ti)] || b.accessEnergyPj[std::size_t(ti)] != 0.0)
                continue;
            p.tile[std::size_t(l)][std::size_t(ti)] = 0;
            AccessCounts& c = p.counts[std::size_t(l)];
            if (t == DataType::Input)
                c.inputReads = 0;
            else if (t == DataType::Weight)
                c.weightReads = 0;
            else
                c.outputReads = c.outputWrites = 0;
            // NeuroSpector's LB weight branch clears the LB input tile as well.
            if (l == 0 && t == DataType::Weight)
                p.tile[0][std::size_t(idx(DataType::Input))] = 0;
        }
    }
    return p;
}

double utilizationOf(const SchedulingModel& model, const TypeVector& tile, Level level, int type)
{
    const BufferSpec& b = levelSpec(model.accelerator(), level);
    switch (model.sharing(level)) {
    case BufferSharing::Absent:
        return 0;
    case BufferSharing::Shared:
    case BufferSharing::PartiallyShared: {
        double used = 0;
        for (int t = 0; t < kNumDataTypes; ++t) {
            if (!b.bypass[std::size_t(t)])
                used += double(tile[std::size_t(t)]);
        }
        const double cap = model.capacityWords(level, DataType::Input);
        return cap > 0 ? used / cap * 100.0 : 0;
    }
    case BufferSharing::Separate:
        break;
    }
    const double cap = model.capacityWords(level, DataType(type));
    return cap > 0 ? double(tile[std::size_t(type)]) / cap * 100.0 : 0;
}

} // namespace

double arrayUtilization(const ArraySpec& array, std::uint64_t active)
{
    const double cap = array.present ? double(array.sizeX) * double(array.sizeY) : 1.0;
    return double(active) / cap * 100.0;
}

double bufferUtilization(const SchedulingModel& model, const Evaluation& eval, Level level, DataType type)
{
    return utilizationOf(model, eval.allocatedTile[std::size_t(idx(level))], level, idx(type));
}

std::vector<ReportField> reportFields(const SchedulingModel& model, const Evaluation& e, const ReportOptions& options)
{
    const Accelerator& acc = model.accelerator();
    const Printed p = printedValues(model, e, options.neurospectorZeroing);
    const bool hasGb = acc.globalBuffer.present;
    std::vector<ReportField> f;
    f.reserve(64);
    for (Level l : {Level::LocalBuffer, Level::GlobalBuffer, Level::Dram}) {
        if (l == Level::GlobalBuffer && !hasGb)
            continue;
        for (DataType t : kAllDataTypes)
            f.push_back({std::string(levelShort(l)) + " " + std::string(dataTypeLetter(t)) + " tile size",
                         double(p.tile[std::size_t(idx(l))][std::size_t(idx(t))])});
    }
    for (Level l : {Level::LocalBuffer, Level::GlobalBuffer, Level::Dram}) {
        if (l == Level::GlobalBuffer && !hasGb)
            continue;
        const std::string n(levelShort(l));
        const AccessCounts& c = p.counts[std::size_t(idx(l))];
        f.push_back({n + " I read access count", double(c.inputReads)});
        f.push_back({n + " W read access count", double(c.weightReads)});
        f.push_back({n + " O read access count", double(c.outputReads)});
        f.push_back({n + " O write access count", double(c.outputWrites)});
    }
    f.push_back({"NUM ACTIVE MAC ARRAY", double(e.activeMacs)});
    f.push_back({"NUM ACTIVE PE ARRAY", double(e.activePes)});
    f.push_back({"NUM ACTIVE MULTI CHIPS", double(e.activeChips)});
    for (Level l : {Level::LocalBuffer, Level::GlobalBuffer}) {
        const BufferSharing sh = model.sharing(l);
        if (sh == BufferSharing::Absent)
            continue;
        const TypeVector& tile = p.tile[std::size_t(idx(l))];
        if (sh == BufferSharing::Separate) {
            const BufferSpec& b = levelSpec(acc, l);
            for (DataType t : kAllDataTypes) {
                if (!b.bypass[std::size_t(idx(t))])
                    f.push_back({std::string(levelShort(l)) + " " + std::string(dataTypeLetter(t)) +
                                     " BUFFER UTILIZATION",
                                 utilizationOf(model, tile, l, idx(t))});
            }
        } else {
            f.push_back({l == Level::LocalBuffer ? "LOCAL BUFFER UTILIZATION" : "GLOBAL BUFFER UTILIZATION",
                         utilizationOf(model, tile, l, 0)});
        }
    }
    // "UTILIZAITON" is NeuroSpector's spelling in its report files; kept so reports diff cleanly.
    f.push_back({"MAC ARRAY UTILIZAITON", arrayUtilization(acc.macArray, e.activeMacs)});
    f.push_back({"PE ARRAY UTILIZATION", arrayUtilization(acc.peArray, e.activePes)});
    f.push_back({"MULTI CHIPS UTILIZATION", arrayUtilization(acc.multiChips, e.activeChips)});
    for (CostPart c : {CostPart::Mac, CostPart::LocalBuffer, CostPart::GlobalBuffer, CostPart::Dram})
        f.push_back({std::string(costPartShort(c)) + " DYNAMIC ENERGY", e.dynamicEnergy[std::size_t(idx(c))]});
    for (CostPart c : {CostPart::Mac, CostPart::LocalBuffer, CostPart::GlobalBuffer, CostPart::Dram})
        f.push_back({std::string(costPartShort(c)) + " STATIC ENERGY", e.staticEnergy[std::size_t(idx(c))]});
    for (CostPart c : {CostPart::Mac, CostPart::LocalBuffer, CostPart::GlobalBuffer, CostPart::Dram})
        f.push_back({std::string(costPartShort(c)) + " ENERGY", e.energy(c)});
    for (CostPart c : {CostPart::Mac, CostPart::LocalBuffer, CostPart::GlobalBuffer, CostPart::Dram})
        f.push_back({std::string(costPartShort(c)) + " CYCLE", e.cycles[std::size_t(idx(c))]});
    f.push_back({"TOTAL DYNAMIC ENERGY", e.totalDynamicEnergy});
    f.push_back({"TOTAL STATIC ENERGY", e.totalStaticEnergy});
    f.push_back({"TOTAL ENERGY", e.totalEnergy});
    f.push_back({"TOTAL CYCLE", e.totalCycles});
    return f;
}

} // namespace mapscape
