// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/accel/core/accel_report.h"

#include "core/maestro/maestro_files.h"
#include "core/model/validation.h"
#include "core/util/strings.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace mapscape {

namespace {

using ojson = nlohmann::ordered_json;

std::string limitText(double used, double limit)
{
    if (limit <= 0)
        return formatSig(used, 4) + " (no limit)";
    return formatSig(used, 4) + " of " + formatSig(limit, 6) + " (" + formatSig(100 * used / limit, 3) + " %)" +
           (used > limit ? "  OVER" : "");
}

std::string constraintText(double value, double limit, const char* unit)
{
    if (limit <= 0)
        return "off";
    return std::string(value <= limit ? "met" : "VIOLATED") + " (" + formatSig(value, 6) + " vs max " + formatSig(limit, 6) +
           " " + unit + ")";
}

} // namespace

std::string writeAccelEvaluation(const AccelSetup& setup, const AccelDesign& design, const AccelDetail& detail,
                                 OutputFormat format)
{
    const AccelMetrics& m = detail.metrics;
    const FpgaUsage u = estimateFpgaUsage(design, setup.proxy);
    const RnnWorkload& w = setup.workload;
    if (format == OutputFormat::Json) {
        ojson j;
        j["workload"] = w.name;
        j["design"] = design.text();
        j["valid"] = m.valid;
        if (!m.valid)
            j["error"] = describeInvalid(m, w);
        j["latency_cycles"] = m.latency;
        j["power_mw"] = m.power;
        j["area_um2"] = m.area;
        j["energy_nj"] = m.energy;
        j["l1_bytes_per_pe"] = m.l1Req;
        j["l2_bytes"] = m.l2Req;
        auto parts = [](const AccelBreakdown& b) {
            return ojson{{"pe", b.pe}, {"l1", b.l1}, {"l2", b.l2}, {"bus", b.bus}, {"arbiter", b.arbiter}};
        };
        j["area_parts_um2"] = parts(m.areaParts);
        j["power_parts_mw"] = parts(m.powerParts);
        j["fpga"] = {{"lut", u.lut}, {"dsp", u.dsp}, {"bram36", u.bram36}, {"bandwidth_bits", u.bandwidth}};
        ojson comps = ojson::array();
        for (const AccelComponentResult& c : detail.components) {
            comps.push_back({{"name", c.name},
                             {"M", c.M},
                             {"N", c.N},
                             {"K", c.K},
                             {"valid", c.tile.valid},
                             {"tile", {c.tile.ti, c.tile.tj, c.tile.tk}},
                             {"candidates", c.tile.candidates},
                             {"runtime_cycles", c.tile.runtime},
                             {"energy_nj", c.tile.energy},
                             {"area_um2", c.tile.area},
                             {"power_mw", c.tile.power},
                             {"offchip_cycles", c.offchipCycles}});
        }
        j["components"] = comps;
        return j.dump(2) + "\n";
    }
    std::ostringstream o;
    if (format == OutputFormat::Csv) {
        o << "component,M,N,K,valid,ti,tj,tk,runtime_cycles,energy_nj,area_um2,power_mw\n";
        for (const AccelComponentResult& c : detail.components) {
            o << csvQuote(c.name) << ',' << c.M << ',' << c.N << ',' << c.K << ',' << (c.tile.valid ? 1 : 0) << ','
              << c.tile.ti << ',' << c.tile.tj << ',' << c.tile.tk << ',' << c.tile.runtime << ',' << formatReal(c.tile.energy)
              << ',' << formatReal(c.tile.area) << ',' << formatReal(c.tile.power) << '\n';
        }
        o << "TOTAL,,,," << (m.valid ? 1 : 0) << ",,,," << formatReal(m.latency) << ',' << formatReal(m.energy) << ','
          << formatReal(m.area) << ',' << formatReal(m.power) << '\n';
        return o.str();
    }
    o << "Workload: " << w.name << " (" << w.components.size() << " components, " << formatSig(w.macsPerStep(), 6)
      << " MACs per step, sequence length " << w.sequenceLength << ")\n";
    o << "Design:   " << design.text() << "  (x × x PEs, scratchpad KiB, local KiB per PE, dataflow, banks, DMA bus bits, "
      << "DMA burst bytes, dtype)\n";
    if (!m.valid) {
        o << "INVALID: " << describeInvalid(m, w) << "\n";
    } else {
        o << "Latency:  " << formatSig(m.latency, 6) << " cycles\n";
        o << "Power:    " << formatSig(m.power, 6) << " mW (mean over components)\n";
        o << "Area:     " << formatSig(m.area, 6) << " µm² (largest component)\n";
        o << "Energy:   " << formatSig(m.energy, 6) << " nJ\n";
        o << "Buffers:  L1 " << m.l1Req << " B per PE of " << design.localKb * 1024 << ", L2 " << m.l2Req << " B of "
          << design.spKb * 1024 << "\n";
        auto split = [&](const char* what, const AccelBreakdown& b, const char* unit) {
            const double t = std::max(b.total(), 1e-300);
            o << what << " PE " << formatSig(b.pe, 4) << " (" << formatSig(100 * b.pe / t, 3) << " %), L1 " << formatSig(b.l1, 4)
              << ", L2 " << formatSig(b.l2, 4) << " (" << formatSig(100 * b.l2 / t, 3) << " %), bus " << formatSig(b.bus, 4)
              << ", arbiter " << formatSig(b.arbiter, 4) << " " << unit << "\n";
        };
        split("Area split: ", m.areaParts, "µm²");
        split("Power split:", m.powerParts, "mW");
    }
    o << "FPGA (" << (setup.limits.any() ? setup.limits.name : std::string("no limits")) << "): LUT "
      << limitText(u.lut, setup.limits.lut) << "; DSP " << limitText(u.dsp, setup.limits.dsp) << "; BRAM36 "
      << limitText(u.bram36, setup.limits.bram36) << "; DMA bits/cycle " << limitText(u.bandwidth, setup.limits.bandwidth)
      << "\n";
    if (m.valid) {
        const AccelConstraints& c = setup.constraints;
        o << "Constraints: area " << constraintText(m.area, c.areaMax, "µm²") << "; latency "
          << constraintText(m.latency, c.latencyMax, "cycles") << "; power " << constraintText(m.power, c.powerMax, "mW")
          << "\n";
    }
    o << "\nComponent                          M      N      K   tile (Ti×Tj×Tk)   cycles      energy nJ   power mW\n";
    for (const AccelComponentResult& c : detail.components) {
        char line[256];
        if (c.tile.valid) {
            std::snprintf(line, sizeof line, "%-30.30s %6d %6d %6d   %5d×%d×%-6d %9lld  %12.6g  %9.6g\n", c.name.c_str(), c.M,
                          c.N, c.K, c.tile.ti, c.tile.tj, c.tile.tk, static_cast<long long>(c.tile.runtime), c.tile.energy,
                          c.tile.power);
        } else {
            std::snprintf(line, sizeof line, "%-30.30s %6d %6d %6d   no tile fits\n", c.name.c_str(), c.M, c.N, c.K);
        }
        o << line;
    }
    return o.str();
}

std::vector<std::pair<std::string, std::string>> accelMaestroFiles(const AccelSetup& setup, const AccelDesign& design)
{
    const AccelModel model(setup.workload, setup.model);
    const AccelDetail detail = model.evaluateDetailed(design);
    if (!detail.metrics.valid)
        throw InputError("design " + design.text() + ": " + describeInvalid(detail.metrics, setup.workload));
    std::vector<std::pair<std::string, std::string>> files;
    const DataflowHardware hw = model.hardwareFor(design);
    std::string commands = "# MAESTRO runs of each component on this design (flags carry the SIMD lanes and hop\n"
                           "# latency, which the hardware file cannot express); run from this directory:\n";
    for (std::size_t i = 0; i < detail.components.size(); ++i) {
        const AccelComponentResult& c = detail.components[i];
        const RnnComponent& rc = setup.workload.components[i];
        DataflowMapping mapping;
        mapping.name = std::string(accelDataflowName(design.dataflow)) + " tile " + std::to_string(c.tile.ti) + "x" +
                       std::to_string(c.tile.tj) + "x" + std::to_string(c.tile.tk);
        mapping.directives = AccelModel::directivesFor(design.dataflow, design.x, c.tile.ti, c.tile.tj, c.tile.tk);
        DataflowLayer layer = AccelModel::layerFor(rc);
        layer.name = maestroIdentifier(rc.name);
        const std::string file = std::to_string(i + 1) + "_" + maestroIdentifier(rc.name) + ".m";
        files.emplace_back(file, writeMaestroMapping(layer, mapping, maestroIdentifier(setup.workload.name)));
        std::string cmd = "maestro --Mapping_file=" + file + " --print_res=true";
        for (const std::string& f : maestroFlags(hw))
            cmd += " " + f;
        commands += cmd + "\n";
    }
    files.emplace_back("hardware.m", writeMaestroHardware(hw));
    files.emplace_back("maestro_command.txt", commands);
    return files;
}

} // namespace mapscape
