// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/accelerator.h"

#include "core/model/physical_range.h"
#include "core/util/strings.h"

#include <cmath>
#include <utility>

namespace mapscape {

std::string_view componentKey(Component c)
{
    static constexpr std::array<std::string_view, kNumComponents> kKeys{
        "register", "mac_array", "local_buffer", "pe_array", "global_buffer", "multi_chips", "dram"};
    return kKeys[std::size_t(c)];
}

std::string_view componentSection(Component c)
{
    static constexpr std::array<std::string_view, kNumComponents> kKeys{
        "REGISTER", "MAC_ARRAY", "LOCAL_BUFFER", "PE_ARRAY", "GLOBAL_BUFFER", "MULTI_CHIPS", "DRAM"};
    return kKeys[std::size_t(c)];
}

std::string_view componentShort(Component c)
{
    static constexpr std::array<std::string_view, kNumComponents> kKeys{"REG", "MAC", "LB", "PE",
                                                                        "GB",  "CHIP", "DRAM"};
    return kKeys[std::size_t(c)];
}

std::optional<Component> parseComponent(std::string_view s)
{
    for (Component c : kAllComponents) {
        if (iequals(s, componentKey(c)) || iequals(s, componentSection(c)))
            return c;
    }
    return std::nullopt;
}

const BufferSpec& Accelerator::buffer(Component c) const
{
    switch (c) {
    case Component::Register:
        return registerFile;
    case Component::LocalBuffer:
        return localBuffer;
    case Component::GlobalBuffer:
        return globalBuffer;
    default:
        return dram;
    }
}

BufferSpec& Accelerator::buffer(Component c)
{
    return const_cast<BufferSpec&>(std::as_const(*this).buffer(c));
}

const ArraySpec& Accelerator::array(Component c) const
{
    switch (c) {
    case Component::MacArray:
        return macArray;
    case Component::PeArray:
        return peArray;
    default:
        return multiChips;
    }
}

ArraySpec& Accelerator::array(Component c)
{
    return const_cast<ArraySpec&>(std::as_const(*this).array(c));
}

std::int64_t Accelerator::totalMacUnits() const
{
    std::int64_t n = 1;
    for (const ArraySpec* a : {&macArray, &peArray, &multiChips}) {
        if (a->present)
            n *= a->sizeX * a->sizeY;
    }
    return n;
}

namespace {

void checkNonNegative(FieldIssues& out, const std::string& field, const std::array<double, kNumDataTypes>& v)
{
    for (DataType t : kAllDataTypes) {
        const double x = v[idx(t)];
        if (!std::isfinite(x) || x < 0)
            out.push_back({field + "." + std::string(dataTypeName(t)),
                           "must be a finite non-negative number, got " + formatReal(x)});
        else if (!inPhysicalRange(x))
            out.push_back({field + "." + std::string(dataTypeName(t)), std::string(kPhysicalRangeText) + ", got " + formatReal(x)});
    }
}

void validateBuffer(FieldIssues& out, const Accelerator& acc, Component c)
{
    const BufferSpec& b = acc.buffer(c);
    if (!b.present)
        return;
    const std::string key(componentKey(c));
    if (c != Component::Dram) {
        if (b.sizeBytes.empty() || b.sizeBytes.size() > 3)
            out.push_back({key + ".size_bytes",
                           "needs 1 (shared), 2 (shared + dedicated for the bypassed type) or 3 "
                           "(input, weight, output) sizes, got " +
                               std::to_string(b.sizeBytes.size())});
        for (std::size_t i = 0; i < b.sizeBytes.size(); ++i) {
            if (b.sizeBytes[i] < 0)
                out.push_back({key + ".size_bytes[" + std::to_string(i) + "]",
                               "must not be negative, got " + std::to_string(b.sizeBytes[i])});
        }
        if (b.sizeBytes.size() == 1 && b.sizeBytes[0] == 0)
            out.push_back({key + ".size_bytes", "a shared buffer of 0 bytes cannot hold anything"});
        if (b.sizeBytes.size() == 2 && !(b.bypass[0] || b.bypass[1] || b.bypass[2]))
            out.push_back({key + ".size_bytes",
                           "two sizes mean shared + dedicated storage for a bypassed data type, but the "
                           "level bypasses nothing"});
        if (b.sizeBytes.size() == 3) {
            for (DataType t : kAllDataTypes) {
                if (b.sizeBytes[idx(t)] == 0 && !b.bypass[idx(t)])
                    out.push_back({key + ".size_bytes[" + std::to_string(idx(t)) + "]",
                                   "the " + std::string(dataTypeName(t)) +
                                       " buffer has 0 bytes but the level does not bypass " +
                                       std::string(dataTypeName(t))});
            }
        }
    }
    if (!std::isfinite(b.bandwidthBits) || b.bandwidthBits <= 0)
        out.push_back({key + ".bandwidth_bits", "must be a positive number of bits per access slot, got " +
                                                    formatReal(b.bandwidthBits)});
    else if (!inPhysicalRange(b.bandwidthBits))
        out.push_back({key + ".bandwidth_bits", std::string(kPhysicalRangeText) + ", got " + formatReal(b.bandwidthBits)});
    checkNonNegative(out, key + ".access_energy_pj", b.accessEnergyPj);
    checkNonNegative(out, key + ".static_power_mw", b.staticPowerMw);
    checkNonNegative(out, key + ".unit_cycle", b.unitCycle);
    const auto checkStationary = [&](Dataflow df, const std::string& field) {
        if (auto st = stationaryType(df); st && b.bypass[idx(*st)])
            out.push_back({field, std::string(dataflowName(df)) + " keeps " + std::string(dataTypeName(*st)) +
                                      " stationary, but the level bypasses " + std::string(dataTypeName(*st))});
    };
    checkStationary(b.dataflow, key + ".dataflow");
    for (std::size_t i = 0; i < b.allowedDataflows.size(); ++i) {
        if (b.allowedDataflows[i] == Dataflow::None)
            out.push_back({key + ".allowed_dataflows[" + std::to_string(i) + "]", "must be IS, WS or OS"});
        else
            checkStationary(b.allowedDataflows[i], key + ".allowed_dataflows[" + std::to_string(i) + "]");
    }
    if (c == Component::Dram && b.bypass != std::array<bool, 3>{})
        out.push_back({key + ".bypass", "DRAM holds the whole layer and cannot bypass a data type"});
}

/// Most MAC units of all arrays together (2^40, about 10^12).
constexpr std::int64_t kMaxMacUnits = std::int64_t(1) << 40;

void validateArray(FieldIssues& out, const Accelerator& acc, Component c)
{
    const ArraySpec& a = acc.array(c);
    if (!a.present)
        return;
    const std::string key(componentKey(c));
    constexpr std::int64_t kMaxSide = std::int64_t(1) << 20;
    if (a.sizeX < 1 || a.sizeX > kMaxSide)
        out.push_back({key + ".size_x", "must be between 1 and 2^20, got " + std::to_string(a.sizeX)});
    if (a.sizeY < 1 || a.sizeY > kMaxSide)
        out.push_back({key + ".size_y", "must be between 1 and 2^20, got " + std::to_string(a.sizeY)});
    if (a.allowedX == 0)
        out.push_back({key + ".allowed_x", "no dimension may be mapped onto X"});
    if (a.allowedY == 0)
        out.push_back({key + ".allowed_y", "no dimension may be mapped onto Y"});
}

} // namespace

FieldIssues validateAccelerator(const Accelerator& acc)
{
    FieldIssues out;
    if (const auto c = unsafeNameCharacter(acc.name))
        out.push_back({"name", "contains " + *c + "; a name is one line of text"});
    if (acc.precisionBits < 8 || acc.precisionBits > 256)
        out.push_back({"precision_bits", "must be between 8 and 256 bits (a word is at least one byte), got " +
                                             std::to_string(acc.precisionBits)});
    if (!std::isfinite(acc.frequencyMhz) || acc.frequencyMhz <= 0)
        out.push_back({"frequency_mhz", "must be a positive clock frequency, got " + formatReal(acc.frequencyMhz)});
    if (!std::isfinite(acc.macEnergyPj) || acc.macEnergyPj < 0)
        out.push_back({"mac_energy_pj", "must be a finite non-negative number, got " + formatReal(acc.macEnergyPj)});
    if (!std::isfinite(acc.macStaticMw) || acc.macStaticMw < 0)
        out.push_back({"mac_static_mw", "must be a finite non-negative number, got " + formatReal(acc.macStaticMw)});
    for (const auto& [field, v] : {std::pair{"frequency_mhz", acc.frequencyMhz}, {"mac_energy_pj", acc.macEnergyPj},
                                   {"mac_static_mw", acc.macStaticMw}})
        if (std::isfinite(v) && v >= 0 && !inPhysicalRange(v))
            out.push_back({field, std::string(kPhysicalRangeText) + ", got " + formatReal(v)});
    if (!acc.dram.present)
        out.push_back({"dram", "an accelerator needs a DRAM level (it holds the whole layer)"});
    for (Component c : kAllComponents) {
        if (isSpatial(c))
            validateArray(out, acc, c);
        else
            validateBuffer(out, acc, c);
    }
    // Each side is at most 2^20, but the arrays multiply: the MAC units (and every count the model
    // derives from them) must stay far inside 64 bits.
    {
        double units = 1;
        std::string last;
        for (Component c : kAllComponents)
            if (isSpatial(c) && acc.array(c).present) {
                units *= double(acc.array(c).sizeX) * double(acc.array(c).sizeY);
                last = std::string(componentKey(c));
            }
        if (units > double(kMaxMacUnits))
            out.push_back({last, "the arrays multiply to " + formatReal(units) + " MAC units, more than 2^40 (" +
                                     std::to_string(kMaxMacUnits) + ")"});
    }
    return out;
}

} // namespace mapscape
