// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/evaluation_writer.h"

#include "kinds/scheduling/core/report.h"
#include "core/util/strings.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace mapscape {

using nlohmann::json;

namespace {

std::string pad(const std::string& s, std::size_t w, bool right = true)
{
    if (s.size() >= w)
        return s;
    return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
}

std::string sci(double v) { return formatSig(v, 6); }

std::string writeText(const SchedulingModel& model, const Network& net, const NetworkResult& res,
                      const WriterOptions& options)
{
    std::ostringstream o;
    const Accelerator& acc = model.accelerator();
    o << "Network " << net.name << " on " << acc.name << " (" << net.layers.size() << " layers)\n\n";
    o << pad("layer", 12, false) << pad("kind", 10, false) << pad("MACs", 12) << pad("energy pJ", 14)
      << pad("cycles", 13) << pad("LB words", 13) << pad("GB words", 13) << pad("DRAM words", 13) << pad("PE util%", 10)
      << "\n";
    for (std::size_t i = 0; i < res.layers.size(); ++i) {
        const LayerResult& lr = res.layers[i];
        const Layer& l = net.layers[i];
        o << pad(lr.layer, 12, false) << pad(std::string(layerKindName(l.kind())), 10, false) << pad(sci(lr.macs), 12);
        if (!lr.ok) {
            o << "  INVALID: " << lr.error << "\n";
            continue;
        }
        const Evaluation& e = lr.eval;
        const double peUtil = arrayUtilization(acc.peArray, e.activePes);
        o << pad(sci(e.totalEnergy), 14) << pad(sci(e.totalCycles), 13)
          << pad(sci(levelTrafficWords(e, Level::LocalBuffer)), 13)
          << pad(sci(levelTrafficWords(e, Level::GlobalBuffer)), 13) << pad(sci(levelTrafficWords(e, Level::Dram)), 13)
          << pad(formatSig(peUtil, 4), 10) << "\n";
        if (options.perLayerTables)
            o << formatTable(model, lr.table) << "\n";
    }
    o << "\nTotal (each listed layer once): energy " << sci(res.energy) << " pJ, cycles " << sci(res.cycles) << "\n";
    o << "  energy by part: MAC " << sci(res.energyByPart[0]) << ", LB " << sci(res.energyByPart[1]) << ", GB "
      << sci(res.energyByPart[2]) << ", DRAM " << sci(res.energyByPart[3]) << " pJ\n";
    const bool repeats = std::any_of(net.layers.begin(), net.layers.end(), [](const Layer& l) { return l.repeat != 1; });
    if (repeats)
        o << "Per inference (each layer times its repeat count): energy " << sci(res.weightedEnergy) << " pJ, cycles "
          << sci(res.weightedCycles) << "\n";
    if (!res.complete())
        o << "WARNING: " << res.invalidLayers << " layer(s) could not be evaluated; totals cover the others only\n";
    return o.str();
}

std::string writeJson(const SchedulingModel& model, const Network& net, const NetworkResult& res)
{
    json j = json::object();
    j["accelerator"] = model.accelerator().name;
    j["network"] = net.name;
    json layers = json::array();
    for (std::size_t i = 0; i < res.layers.size(); ++i) {
        const LayerResult& lr = res.layers[i];
        json lj = json::object();
        lj["layer"] = lr.layer;
        lj["kind"] = std::string(layerKindName(net.layers[i].kind()));
        lj["repeat"] = lr.repeat;
        lj["macs"] = lr.macs;
        lj["valid"] = lr.ok;
        if (!lr.ok) {
            lj["error"] = lr.error;
            layers.push_back(lj);
            continue;
        }
        json rows = json::object();
        for (int r = 0; r < kNumRows; ++r) {
            const Row row = rowAt(r);
            if (model.rowStatus(row) == RowStatus::Virtual)
                continue;
            json f = json::object();
            for (Dim d : kAllDims)
                f[std::string(dimName(d))] = lr.table.at(row, d);
            if (!isSpatialRow(row))
                f["dataflow"] = std::string(dataflowName(model.effectiveDataflow(lr.table, row)));
            rows[rowName(model.accelerator(), row)] = f;
        }
        lj["table"] = rows;
        json rep = json::object();
        for (const ReportField& f : reportFields(model, lr.eval, {.neurospectorZeroing = false}))
            rep[f.label] = f.value;
        lj["results"] = rep;
        json traffic = json::object();
        for (Level l : {Level::LocalBuffer, Level::GlobalBuffer, Level::Dram})
            traffic[std::string(levelShort(l))] = levelTrafficWords(lr.eval, l);
        lj["traffic_words"] = traffic;
        layers.push_back(lj);
    }
    j["layers"] = layers;
    j["total"] = {{"energy_pj", res.energy},
                  {"cycles", res.cycles},
                  {"weighted_energy_pj", res.weightedEnergy},
                  {"weighted_cycles", res.weightedCycles},
                  {"invalid_layers", res.invalidLayers},
                  {"energy_by_part_pj",
                   {{"MAC", res.energyByPart[0]}, {"LB", res.energyByPart[1]}, {"GB", res.energyByPart[2]}, {"DRAM", res.energyByPart[3]}}}};
    return j.dump(2) + "\n";
}

std::string writeCsv(const SchedulingModel& model, const Network& net, const NetworkResult& res)
{
    std::ostringstream o;
    o << "layer,kind,repeat,macs,valid,energy_pj,cycles,edp,mac_energy_pj,lb_energy_pj,gb_energy_pj,dram_energy_pj,"
         "lb_words,gb_words,dram_words,active_macs,active_pes,active_chips,error\n";
    const auto num = [](double v) { return formatSig(v, 10); };
    for (std::size_t i = 0; i < res.layers.size(); ++i) {
        const LayerResult& lr = res.layers[i];
        o << csvQuote(lr.layer) << "," << layerKindName(net.layers[i].kind()) << "," << lr.repeat << "," << num(lr.macs)
          << "," << (lr.ok ? "1" : "0");
        if (lr.ok) {
            const Evaluation& e = lr.eval;
            o << "," << num(e.totalEnergy) << "," << num(e.totalCycles) << "," << num(e.edp());
            for (CostPart p : {CostPart::Mac, CostPart::LocalBuffer, CostPart::GlobalBuffer, CostPart::Dram})
                o << "," << num(e.energy(p));
            for (Level l : {Level::LocalBuffer, Level::GlobalBuffer, Level::Dram})
                o << "," << num(levelTrafficWords(e, l));
            o << "," << e.activeMacs << "," << e.activePes << "," << e.activeChips << ",";
        } else {
            o << ",,,,,,,,,,,,,," << csvQuote(lr.error);
        }
        o << "\n";
    }
    (void)model;
    o << "TOTAL,,," << "," << (res.complete() ? "1" : "0") << "," << num(res.energy) << "," << num(res.cycles)
      << ",," << num(res.energyByPart[0]) << "," << num(res.energyByPart[1]) << "," << num(res.energyByPart[2]) << ","
      << num(res.energyByPart[3]) << ",,,,,,,\n";
    return o.str();
}

} // namespace

std::string formatTable(const SchedulingModel& model, const SchedulingTable& table)
{
    std::ostringstream o;
    o << "  " << pad("row", 16, false);
    for (Dim d : kAllDims)
        o << pad(std::string(dimName(d)), 6);
    o << pad("dataflow", 10) << "\n";
    for (int r = kNumRows - 1; r >= 0; --r) {
        const Row row = rowAt(r);
        if (model.rowStatus(row) == RowStatus::Virtual || (model.rowStatus(row) == RowStatus::Unit && isSpatialRow(row)))
            continue;
        o << "  " << pad(rowName(model.accelerator(), row), 16, false);
        for (Dim d : kAllDims)
            o << pad(std::to_string(table.at(row, d)), 6);
        o << pad(isSpatialRow(row) ? std::string("") : std::string(dataflowName(model.effectiveDataflow(table, row))), 10)
          << "\n";
    }
    return o.str();
}

std::string writeEvaluation(const SchedulingModel& model, const Network& net, const NetworkResult& result,
                            OutputFormat format, const WriterOptions& options)
{
    switch (format) {
    case OutputFormat::Json:
        return writeJson(model, net, result);
    case OutputFormat::Csv:
        return writeCsv(model, net, result);
    case OutputFormat::Text:
        break;
    }
    return writeText(model, net, result, options);
}

} // namespace mapscape
