// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/core/dpu_report.h"

#include "core/util/strings.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace mapscape {

using namespace dpu;

std::string writeDpuSimulation(const Platform& p, int v, int w, OutputFormat format, int chosen)
{
    const std::vector<Outcome> o = outcomesOf(p, v, w);
    const Optimum best = optimum(o, p.fpsConstraint);
    static const char* const kLimiter[] = {"compute", "DDR bandwidth", "Arm cores"};
    std::ostringstream s;
    if (format == OutputFormat::Json) {
        nlohmann::ordered_json j;
        j["variant"] = p.variantName(v);
        j["state"] = p.params.states[std::size_t(w)].name;
        j["fps_constraint"] = p.fpsConstraint;
        j["optimal"] = p.actionName(best.action);
        j["feasible"] = best.feasible;
        if (chosen >= 0)
            j["shown"] = p.actionName(chosen);
        nlohmann::ordered_json rows = nlohmann::ordered_json::array();
        for (int i = 0; i < int(o.size()); ++i) {
            rows.push_back({{"configuration", p.actionName(i)},
                            {"fps", o[std::size_t(i)].fps},
                            {"fpga_power_w", o[std::size_t(i)].fpgaPowerW},
                            {"arm_power_w", o[std::size_t(i)].armPowerW},
                            {"ppw", o[std::size_t(i)].ppw},
                            {"meets_constraint", o[std::size_t(i)].feasible(p.fpsConstraint)},
                            {"limiter", kLimiter[o[std::size_t(i)].limiter]}});
        }
        j["configurations"] = rows;
        s << j.dump(2) << "\n";
    } else if (format == OutputFormat::Csv) {
        s << "configuration,fps,fpga_power_w,arm_power_w,ppw_fps_per_w,meets_constraint,limiter,optimal\n";
        for (int i = 0; i < int(o.size()); ++i) {
            const Outcome& x = o[std::size_t(i)];
            s << p.actionName(i) << ',' << formatReal(x.fps) << ',' << formatReal(x.fpgaPowerW) << ','
              << formatReal(x.armPowerW) << ',' << formatReal(x.ppw) << ',' << (x.feasible(p.fpsConstraint) ? 1 : 0) << ','
              << kLimiter[x.limiter] << ',' << (i == best.action ? 1 : 0) << '\n';
        }
    } else {
        s << p.variantName(v) << " in state " << p.params.states[std::size_t(w)].name << " ("
          << p.params.states[std::size_t(w)].title << "), C_PERF " << p.fpsConstraint << " FPS\n";
        s << "  configuration      FPS   P_FPGA W   P_ARM W   PPW FPS/W  limited by\n";
        for (int i = 0; i < int(o.size()); ++i) {
            const Outcome& x = o[std::size_t(i)];
            char line[200];
            std::snprintf(line, sizeof line, "%s %-10s %9.1f %10.2f %9.2f %11.2f  %s%s%s\n", i == best.action ? "*" : " ",
                          p.actionName(i).c_str(), x.fps, x.fpgaPowerW, x.armPowerW, x.ppw, kLimiter[x.limiter],
                          x.feasible(p.fpsConstraint) ? "" : "  (below C_PERF)", i == chosen ? "  <- shown" : "");
            s << ' ' << line;
        }
        s << "  * best " << (best.feasible ? "feasible" : "(none meets C_PERF; highest PPW)") << " configuration: "
          << p.actionName(best.action) << "\n";
    }
    return s.str();
}

} // namespace mapscape
