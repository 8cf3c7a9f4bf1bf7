// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Accelerator hierarchies as plain values: up to four temporal buffer levels (register, local
/// buffer, global buffer, DRAM) interleaved with up to three spatial arrays (MAC array, PE array,
/// multi-chip), the NeuroSpector hierarchy.

#include "core/network/dims.h"
#include "core/model/validation.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mapscape {

/// The seven hierarchy components, innermost first.
enum class Component : std::uint8_t { Register, MacArray, LocalBuffer, PeArray, GlobalBuffer, MultiChips, Dram };
inline constexpr int kNumComponents = 7;
inline constexpr std::array<Component, kNumComponents> kAllComponents{
    Component::Register,     Component::MacArray,   Component::LocalBuffer, Component::PeArray,
    Component::GlobalBuffer, Component::MultiChips, Component::Dram};

constexpr bool isSpatial(Component c)
{
    return c == Component::MacArray || c == Component::PeArray || c == Component::MultiChips;
}
/// JSON key: "register", "mac_array", "local_buffer", "pe_array", "global_buffer", "multi_chips", "dram".
std::string_view componentKey(Component c);
/// NeuroSpector section name: "REGISTER", "MAC_ARRAY", "LOCAL_BUFFER", ...
std::string_view componentSection(Component c);
/// Short label used in reports: "REG", "MAC", "LB", "PE", "GB", "CHIP", "DRAM".
std::string_view componentShort(Component c);
/// Accepts the JSON key or the section name, any case.
std::optional<Component> parseComponent(std::string_view s);

/// A temporal level (register, local buffer, global buffer or DRAM).
struct BufferSpec {
    bool present = false;
    /// Capacity in bytes: one value = one buffer shared by all data types; three values =
    /// separate input, weight and output buffers; two values = a shared part plus a dedicated
    /// part for the (first) bypassed data type. Ignored for DRAM.
    std::vector<std::int64_t> sizeBytes;
    Dataflow dataflow = Dataflow::None;
    /// Bits transferred per access slot.
    double bandwidthBits = 0;
    std::array<double, kNumDataTypes> accessEnergyPj{};  ///< per word accessed, per data type
    std::array<double, kNumDataTypes> staticPowerMw{};   ///< per instance, per data type (summed)
    std::array<double, kNumDataTypes> unitCycle{1, 1, 1}; ///< cycles per access slot, per data type
    std::array<bool, kNumDataTypes> bypass{};             ///< data type not stored at this level
    /// Non-zero entries force that exact loop factor at this level's table row.
    DimVector constraint{};
    /// Dataflows the optimizers may choose at this level; empty = only the configured one.
    std::vector<Dataflow> allowedDataflows;

    friend bool operator==(const BufferSpec&, const BufferSpec&) = default;
};

/// A spatial array (MAC array inside a PE, PE array, chips).
struct ArraySpec {
    bool present = false;
    std::int64_t sizeX = 1;
    std::int64_t sizeY = 1;
    DimMask allowedX = kAllDimsMask; ///< dimensions that may be unrolled along X
    DimMask allowedY = kAllDimsMask;

    friend bool operator==(const ArraySpec&, const ArraySpec&) = default;
};

struct Accelerator {
    std::string name;
    std::string description;
    int precisionBits = 8;      ///< word width
    double frequencyMhz = 200;  ///< clock
    double macEnergyPj = 1.0;   ///< dynamic energy per MAC
    double macStaticMw = 0.0;   ///< static power per physical MAC unit

    BufferSpec registerFile;
    ArraySpec macArray;
    BufferSpec localBuffer;
    ArraySpec peArray;
    BufferSpec globalBuffer;
    ArraySpec multiChips;
    BufferSpec dram;

    friend bool operator==(const Accelerator&, const Accelerator&) = default;

    const BufferSpec& buffer(Component c) const;
    BufferSpec& buffer(Component c);
    const ArraySpec& array(Component c) const;
    ArraySpec& array(Component c);
    bool present(Component c) const { return isSpatial(c) ? array(c).present : buffer(c).present; }

    /// Bytes per word (⌊precision/8⌋).
    int bytesPerWord() const { return precisionBits / 8; }
    /// Physical MAC units: all array sizes multiplied.
    std::int64_t totalMacUnits() const;
};

/// Every problem with the configuration, naming the field ("global_buffer.bandwidth_bits: ...").
FieldIssues validateAccelerator(const Accelerator& acc);

} // namespace mapscape
