// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dataflow/core/dataflow_report.h"

#include "core/maestro/maestro_files.h"
#include "core/util/strings.h"
#include "core/util/units.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace mapscape {

namespace {

using ojson = nlohmann::ordered_json;

std::string layerLine(const DataflowLayer& l)
{
    std::ostringstream o;
    o << l.name << " (" << dfLayerTypeName(l.type);
    if (l.type == DfLayerType::Gemm) {
        o << " M=" << l.get(dfvar::GemmM) << " N=" << l.get(dfvar::GemmN) << " K=" << l.get(dfvar::GemmK);
    } else {
        if (l.type == DfLayerType::Conv)
            o << " K=" << l.get(dfvar::K);
        o << " C=" << l.get(dfvar::C) << " R=" << l.get(dfvar::R) << " S=" << l.get(dfvar::S) << " Y=" << l.get(dfvar::Y)
          << " X=" << l.get(dfvar::X);
        if (l.get(dfvar::N) > 1)
            o << " N=" << l.get(dfvar::N);
        if (l.strideY != 1 || l.strideX != 1)
            o << ", stride " << l.strideY << (l.strideX != l.strideY ? "x" + std::to_string(l.strideX) : "");
    }
    o << ")";
    return o.str();
}

std::string limit(int v) { return v == INT_MAX ? "unlimited" : formatQuantity(v, "B", 4); }

double percent(std::int64_t part, std::int64_t whole) { return whole > 0 ? 100.0 * double(part) / double(whole) : 0; }

} // namespace

std::string loopNestText(const DataflowLayer& layer, const DataflowMapping& mapping, int numPes)
{
    const std::vector<Directive> dirs = mapping.resolved(layer);
    std::vector<int> clusterSizes;
    for (const Directive& d : dirs) {
        if (d.kind == DirectiveKind::Cluster)
            clusterSizes.push_back(std::max(1, d.size));
    }
    long long product = 1;
    for (int c : clusterSizes)
        product *= c;
    std::array<long long, kDfMaxVars> range{};
    for (int v = 0; v < dfVarCount(layer.type); ++v)
        range[std::size_t(v)] = layer.get(v);
    if (layer.type != DfLayerType::Gemm) {
        range[dfvar::Yo] = layer.outputRows();
        range[dfvar::Xo] = layer.outputCols();
    }
    std::ostringstream o;
    std::string indent;
    int level = 0;
    std::size_t i = 0;
    while (i <= dirs.size()) {
        // Sub-units each instance of this level spreads its spatial maps over.
        const long long units = level == 0 ? std::max(1LL, numPes / std::max(1LL, product))
                                           : clusterSizes[std::size_t(level - 1)];
        const bool innermost = level == int(clusterSizes.size());
        o << indent << "// level " << level << ": " << units << (innermost ? (level == 0 ? " PEs" : " PEs per cluster")
                                                                         : level == 0 ? " clusters" : " sub-clusters per cluster")
          << "\n";
        std::array<long long, kDfMaxVars> next = range;
        for (; i < dirs.size() && dirs[i].kind != DirectiveKind::Cluster; ++i) {
            const Directive& d = dirs[i];
            const std::string v = toLower(std::string(dfVarName(layer.type, d.var)));
            const long long r = range[std::size_t(d.var)];
            const long long ofs = std::max(1, d.offset);
            const long long steps = r <= d.size ? 1 : (r - d.size + ofs - 1) / ofs + 1;
            std::string tile = d.size == d.offset ? "" : ", window " + std::to_string(d.size);
            if (d.kind == DirectiveKind::Spatial) {
                o << indent << "parallel_for " << v << " in [0, " << r << ") step " << ofs << tile << " across " << units
                  << (innermost ? " PEs" : " clusters") << "  (" << (steps + units - 1) / units << " rounds)"
                  << "   // " << directiveText(d, layer.type) << "\n";
            } else {
                o << indent << "for " << v << " in [0, " << r << ") step " << ofs << tile << "  (" << steps
                  << (steps == 1 ? " iteration" : " iterations") << ")"
                  << "   // " << directiveText(d, layer.type) << "\n";
            }
            next[std::size_t(d.var)] = std::min<long long>(d.size, r);
            indent += "  ";
        }
        range = next;
        if (i >= dirs.size())
            break;
        ++i; // the Cluster directive
        ++level;
    }
    o << indent << "MAC\n";
    return o.str();
}

ShownAreaPower shownAreaPower(const DataflowHardware& hw, const DataflowResult& r)
{
    if (hw.nocBandwidth >= kUnboundedNocBandwidth)
        return {true, r.area - r.busArea - r.arbiterArea, r.power - r.nocPower};
    return {false, r.area, r.power};
}

std::string areaPowerText(const DataflowHardware& hw, const DataflowResult& r)
{
    const ShownAreaPower s = shownAreaPower(hw, r);
    const std::string area = formatQuantity(s.area, "µm²", 4), power = formatQuantity(s.power, "mW", 4);
    if (s.unboundedNoc)
        return "Area: unbounded, power: unbounded (NoC bandwidth " + formatInteger(hw.nocBandwidth) +
               " elements/cycle, effectively unconstrained: its bus and arbiter grow with it); without the NoC: " + area +
               ", " + power;
    return "Area: " + area + ", power: " + power;
}

std::string writeDataflowResult(const DataflowLayer& layer, const DataflowMapping& mapping, const DataflowHardware& hw,
                                const DataflowResult& r, OutputFormat format)
{
    static const char* tensors[3] = {"input", "filter", "output"};
    if (format == OutputFormat::Json) {
        ojson j;
        j["layer"] = layer.name;
        j["type"] = std::string(dfLayerTypeName(layer.type));
        j["hardware"] = hw.name;
        ojson d = ojson::array();
        for (const Directive& x : mapping.directives)
            d.push_back(directiveText(x, layer.type));
        j["directives"] = d;
        j["runtime_cycles"] = r.runtime;
        j["macs"] = r.macs;
        j["throughput_macs_per_cycle"] = r.throughput;
        j["energy_nj"] = r.energyNj;
        j["energy_mac_units"] = r.energyMacUnits;
        j["maestro_csv_energy_nj"] = r.csvEnergyNj;
        j["energy_breakdown_mac_units"] = {{"l2_read", r.l2ReadEnergy},
                                           {"l2_write", r.l2WriteEnergy},
                                           {"l1_read", r.l1ReadEnergy},
                                           {"l1_write", r.l1WriteEnergy},
                                           {"mac", r.macEnergy}};
        j["edp_cycles_nj"] = r.edp();
        j["area_um2"] = r.area;
        j["power_mw"] = r.power;
        j["l1_requirement_bytes"] = r.l1ReqTotal;
        j["l2_requirement_bytes"] = r.l2ReqTotal;
        j["fits_l1"] = r.fitsL1;
        j["fits_l2"] = r.fitsL2;
        ojson t = ojson::object();
        for (int k = 0; k < 3; ++k) {
            const DfTensorStats& s = r.tensor[std::size_t(k)];
            t[tensors[k]] = {{"l2_requirement", s.l2Req}, {"l1_requirement", s.l1Req}, {"l2_reads", s.l2Reads},
                             {"l2_writes", s.l2Writes},   {"l1_reads", s.l1Reads},      {"l1_writes", s.l1Writes}};
        }
        j["tensors"] = t;
        j["bound_cycles"] = {{"compute", r.boundCycles[0]},
                             {"noc_ingress", r.boundCycles[1]},
                             {"noc_egress", r.boundCycles[2]},
                             {"offchip", r.boundCycles[3]}};
        j["peak_noc_bandwidth"] = r.peakNocBw;
        j["average_noc_bandwidth"] = r.avgNocBw;
        j["offchip_bandwidth_requirement"] = r.offchipBwReq;
        j["average_utilized_pes"] = r.avgUtilizedPes;
        return j.dump(2) + "\n";
    }
    if (format == OutputFormat::Csv) {
        std::ostringstream o;
        o << "layer,runtime_cycles,macs,energy_nj,edp,area_um2,power_mw,l1_req_bytes,l2_req_bytes";
        for (const char* t : tensors)
            o << ',' << t << "_l2_reads," << t << "_l2_writes," << t << "_l1_reads," << t << "_l1_writes";
        o << "\n" << csvQuote(layer.name) << ',' << r.runtime << ',' << r.macs << ',' << formatReal(r.energyNj) << ','
          << formatReal(r.edp()) << ',' << formatReal(r.area) << ',' << formatReal(r.power) << ',' << r.l1ReqTotal << ','
          << r.l2ReqTotal;
        for (const DfTensorStats& s : r.tensor)
            o << ',' << s.l2Reads << ',' << s.l2Writes << ',' << s.l1Reads << ',' << s.l1Writes;
        o << "\n";
        return o.str();
    }
    std::ostringstream o;
    o << "Layer " << layerLine(layer) << " on " << hw.name << "\n";
    o << "Hardware: " << hw.numPes << " PEs, L1 " << limit(hw.l1Size) << " per PE, L2 " << limit(hw.l2Size) << ", NoC "
      << (hw.nocBandwidth == INT_MAX ? std::string("unlimited") : formatQuantity(hw.nocBandwidth, "")) << " and off-chip "
      << (hw.offchipBandwidth == INT_MAX ? std::string("unlimited") : formatQuantity(hw.offchipBandwidth, ""))
      << " elements/cycle, " << hw.nocHops * hw.nocHopLatency << " cycle(s) NoC latency, " << hw.simdLanes
      << " MAC lane(s) per PE\n";
    o << "Mapping (" << mapping.levelCount() << (mapping.levelCount() == 1 ? " level" : " levels") << "):\n";
    for (const Directive& d : mapping.directives)
        o << "  " << directiveText(d, layer.type) << "\n";
    o << "Runtime: " << r.runtime << " cycles (" << formatQuantity(double(r.runtime), "cycles") << ")";
    std::int64_t total = 0;
    for (std::int64_t c : r.boundCycles)
        total += c;
    if (total > 0) {
        o << "; bound by";
        const char* sep = " ";
        for (int b = 0; b < kDfBounds; ++b) {
            if (r.boundCycles[std::size_t(b)] == 0)
                continue;
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.1f%%", percent(r.boundCycles[std::size_t(b)], total));
            o << sep << dfBoundName(DfBound(b)) << " " << buf;
            sep = ", ";
        }
    }
    o << "\n";
    o << "MACs: " << r.macs << ", throughput " << formatSig(r.throughput, 6) << " MACs/cycle, average utilised PEs "
      << formatSig(r.avgUtilizedPes, 4) << "\n";
    o << "Energy: " << formatQuantity(r.energyNj, "nJ", 4) << " (" << formatSig(r.energyMacUnits, 6)
      << " MAC energies: L2 read " << formatSig(r.l2ReadEnergy, 4) << ", L2 write " << formatSig(r.l2WriteEnergy, 4)
      << ", L1 read " << formatSig(r.l1ReadEnergy, 4) << ", L1 write " << formatSig(r.l1WriteEnergy, 4) << ", MAC "
      << formatSig(r.macEnergy, 4) << "); MAESTRO's CSV column: " << formatSig(r.csvEnergyNj, 6) << " nJ\n";
    o << "EDP: " << formatSig(r.edp(), 6) << " cycles·nJ\n";
    o << "Buffers: L1 " << r.l1ReqTotal << " B per PE required (hardware " << limit(hw.l1Size) << ")"
      << (r.fitsL1 ? "" : " — DOES NOT FIT") << "; L2 " << r.l2ReqTotal << " B required (hardware " << limit(hw.l2Size)
      << ")" << (r.fitsL2 ? "" : " — DOES NOT FIT") << "\n";
    // Each part in engineering units; an unbounded NoC's figure (megawatts) says it is left out.
    const auto mw = [](double v) { return formatQuantity(v, "mW", 4); };
    o << areaPowerText(hw, r) << " (power: PEs " << mw(r.pePower) << ", L1 " << mw(r.l1Power) << ", L2 "
      << mw(r.l2Power) << ", NoC " << mw(r.nocPower)
      << (shownAreaPower(hw, r).unboundedNoc ? ", left out above" : "") << ")\n";
    o << "NoC bandwidth required: peak " << r.peakNocBw << ", average " << formatSig(r.avgNocBw, 4)
      << " elements/cycle; off-chip " << r.offchipBwReq << " elements/cycle\n";
    o << "Tensor   L2 req (B)   L1 req (B)       L2 reads      L2 writes       L1 reads      L1 writes\n";
    for (int k = 0; k < 3; ++k) {
        const DfTensorStats& s = r.tensor[std::size_t(k)];
        char buf[160];
        std::snprintf(buf, sizeof buf, "%-6s %12lld %12lld %14lld %14lld %14lld %14lld\n", tensors[k],
                      static_cast<long long>(s.l2Req), static_cast<long long>(s.l1Req),
                      static_cast<long long>(s.l2Reads), static_cast<long long>(s.l2Writes),
                      static_cast<long long>(s.l1Reads), static_cast<long long>(s.l1Writes));
        o << buf;
    }
    return o.str();
}

} // namespace mapscape
