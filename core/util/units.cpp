// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/util/units.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <span>

namespace mapscape {

namespace {

/// Energy units as powers of ten of joules.
int energyExponent(std::string_view unit)
{
    if (unit == "pJ")
        return -12;
    if (unit == "nJ")
        return -9;
    if (unit == "µJ" || unit == "uJ")
        return -6;
    if (unit == "mJ")
        return -3;
    if (unit == "J")
        return 0;
    return 1; // not an energy
}

using Ladder = std::span<const std::pair<double, const char*>>;

/// The largest unit of an ascending ladder (factor, name) in which the magnitude is at least 1;
/// the smallest below that.
ScaledUnit largestFitting(double magnitude, Ladder ladder)
{
    ScaledUnit best{ladder.front().first, ladder.front().second};
    for (const auto& [f, name] : ladder) {
        if (magnitude >= f)
            best = {f, name};
    }
    return best;
}

std::string number(double v, int significant)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", significant, v);
    return buf;
}

} // namespace

ScaledUnit scaleFor(double magnitude, std::string_view unit)
{
    const double m = std::abs(magnitude);
    const int e = energyExponent(unit);
    if (e <= 0) {
        static constexpr std::array<std::pair<int, const char*>, 5> units{
            {{-12, "pJ"}, {-9, "nJ"}, {-6, "µJ"}, {-3, "mJ"}, {0, "J"}}};
        // Largest unit in which the magnitude is at least 1.
        ScaledUnit best{1, std::string(unit)};
        for (const auto& [exp, name] : units) {
            const double factor = std::pow(10.0, exp - e);
            if (exp < e)
                continue;
            if (m >= factor || exp == e)
                best = {factor, name};
        }
        return best;
    }
    if (unit == "B") {
        static constexpr std::array<std::pair<double, const char*>, 4> units{
            {{1, "B"}, {1024, "KiB"}, {1024.0 * 1024, "MiB"}, {1024.0 * 1024 * 1024, "GiB"}}};
        return largestFitting(m, units);
    }
    if (unit == "s") {
        static constexpr std::array<std::pair<double, const char*>, 4> units{{{1e-9, "ns"}, {1e-6, "µs"}, {1e-3, "ms"}, {1, "s"}}};
        return m == 0 ? ScaledUnit{1, "s"} : largestFitting(m, units);
    }
    if (unit == "µm²")
        return m >= 1e4 ? ScaledUnit{1e6, "mm²"} : ScaledUnit{1, "µm²"}; // 0.2976 mm², not 2.976e+05 µm²
    // A product with an area (a hypervolume's cycles·mW·µm²) reads in mm² like the area itself,
    // prefixes on the number: "25.5 G cycles·mW·mm²", not "25.5 P cycles·mW·µm²".
    if (constexpr std::string_view area = "·µm²"; unit.size() > area.size() && unit.ends_with(area)) {
        ScaledUnit s = scaleFor(m / 1e6, std::string(unit.substr(0, unit.size() - area.size())) + "·mm²");
        s.factor *= 1e6;
        return s;
    }
    if (unit == "mW") {
        // Up to megawatts: MAESTRO's power of an "unbounded" NoC is 12.92 MW, not 1.292e+07 W;
        // down to picowatts: a buffer's static power per instance is 600 pW, not 6e-07 mW.
        static constexpr std::array<std::pair<double, const char*>, 7> units{
            {{1e-9, "pW"}, {1e-6, "nW"}, {1e-3, "µW"}, {1, "mW"}, {1e3, "W"}, {1e6, "kW"}, {1e9, "MW"}}};
        return m == 0 ? ScaledUnit{1, "mW"} : largestFitting(m, units);
    }
    // Counts and compound units: k, M, G, T on the number.
    static constexpr std::array<std::pair<double, const char*>, 5> prefixes{
        {{1, ""}, {1e3, "k"}, {1e6, "M"}, {1e9, "G"}, {1e12, "T"}}};
    ScaledUnit best{1, std::string(unit)};
    for (const auto& [f, p] : prefixes) {
        if (m >= f)
            best = {f, std::string(p) + (unit.empty() ? "" : (*p ? " " : "") + std::string(unit))};
    }
    if (best.factor == 1)
        best.unit = std::string(unit);
    return best;
}

std::string formatQuantity(double value, std::string_view unit, int significant)
{
    if (!std::isfinite(value))
        return std::isnan(value) ? "–" : (value > 0 ? "∞" : "−∞");
    const ScaledUnit s = scaleFor(value, unit);
    const std::string n = number(value / s.factor, significant);
    return s.unit.empty() ? n : n + " " + s.unit;
}

std::string formatInteger(long long value)
{
    std::string digits = std::to_string(value < 0 ? -value : value);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return value < 0 ? "-" + out : out;
}

} // namespace mapscape
