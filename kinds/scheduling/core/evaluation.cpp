// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/evaluation.h"

#include "core/util/strings.h"

namespace mapscape {

std::string_view levelShort(Level l)
{
    static constexpr std::array<std::string_view, kNumLevels> kNames{"LB", "GB", "DRAM"};
    return kNames[std::size_t(idx(l))];
}

std::string_view costPartShort(CostPart p)
{
    static constexpr std::array<std::string_view, kNumCostParts> kNames{"MAC", "LB", "GB", "DRAM"};
    return kNames[std::size_t(idx(p))];
}

std::string_view metricName(Metric m)
{
    switch (m) {
    case Metric::Energy:
        return "energy";
    case Metric::Cycles:
        return "cycle";
    case Metric::Edp:
        return "edp";
    }
    return "energy";
}

std::optional<Metric> parseMetric(std::string_view s)
{
    const std::string t = toLower(trim(s));
    if (t == "energy")
        return Metric::Energy;
    if (t == "cycle" || t == "cycles" || t == "latency")
        return Metric::Cycles;
    if (t == "edp")
        return Metric::Edp;
    return std::nullopt;
}

double metricValue(const Evaluation& e, Metric m)
{
    switch (m) {
    case Metric::Energy:
        return e.totalEnergy;
    case Metric::Cycles:
        return e.totalCycles;
    case Metric::Edp:
        return e.edp();
    }
    return e.totalEnergy;
}

} // namespace mapscape
