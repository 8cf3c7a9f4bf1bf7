// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/scheduling_table.h"

#include "core/util/strings.h"

#include <limits>

namespace mapscape {

Component rowComponent(Row r)
{
    switch (r) {
    case Row::Reg:
        return Component::Register;
    case Row::MacX:
    case Row::MacY:
        return Component::MacArray;
    case Row::Lb:
        return Component::LocalBuffer;
    case Row::PeX:
    case Row::PeY:
        return Component::PeArray;
    case Row::Gb:
        return Component::GlobalBuffer;
    case Row::ChipX:
    case Row::ChipY:
        return Component::MultiChips;
    case Row::Dram:
        break;
    }
    return Component::Dram;
}

char rowAxis(Row r)
{
    switch (r) {
    case Row::MacX:
    case Row::PeX:
    case Row::ChipX:
        return 'X';
    case Row::MacY:
    case Row::PeY:
    case Row::ChipY:
        return 'Y';
    default:
        return 0;
    }
}

std::string rowCanonicalName(Row r)
{
    std::string n(componentSection(rowComponent(r)));
    if (const char a = rowAxis(r))
        n += std::string("(") + a + ")";
    return n;
}

RowStatus rowStatus(const Accelerator& acc, Row r)
{
    const Component c = rowComponent(r);
    if (!acc.present(c))
        return RowStatus::Virtual;
    if (isSpatialRow(r)) {
        const ArraySpec& a = acc.array(c);
        return (rowAxis(r) == 'X' ? a.sizeX : a.sizeY) == 1 ? RowStatus::Unit : RowStatus::Real;
    }
    if (c == Component::Dram)
        return RowStatus::Real;
    const BufferSpec& b = acc.buffer(c);
    const std::int64_t beta = acc.bytesPerWord();
    if (b.sizeBytes.size() == 1 && b.sizeBytes[0] == (3 * acc.precisionBits) / 8)
        return RowStatus::Unit;
    if (b.sizeBytes.size() == 3 && b.sizeBytes[0] == beta && b.sizeBytes[1] == beta && b.sizeBytes[2] == beta)
        return RowStatus::Unit;
    return RowStatus::Real;
}

std::string rowName(const Accelerator& acc, Row r)
{
    switch (rowStatus(acc, r)) {
    case RowStatus::Virtual:
        return "virtual";
    case RowStatus::Unit:
        return std::string(componentSection(rowComponent(r)));
    case RowStatus::Real:
        break;
    }
    return rowCanonicalName(r);
}

std::optional<Row> parseRowName(std::string_view name, const Accelerator* acc)
{
    const std::string n = toUpper(trim(name));
    for (int i = 0; i < kNumRows; ++i) {
        if (n == rowCanonicalName(rowAt(i)))
            return rowAt(i);
    }
    // Short aliases used in our own files and the GUI ("LB", "PE_X", "CHIP_Y", ...).
    static const std::array<std::pair<std::string_view, Row>, 10> kAliases{{{"REG", Row::Reg},
                                                                           {"MAC_X", Row::MacX},
                                                                           {"MAC_Y", Row::MacY},
                                                                           {"LB", Row::Lb},
                                                                           {"PE_X", Row::PeX},
                                                                           {"PE_Y", Row::PeY},
                                                                           {"GB", Row::Gb},
                                                                           {"CHIP_X", Row::ChipX},
                                                                           {"CHIP_Y", Row::ChipY},
                                                                           {"DRAM", Row::Dram}}};
    for (const auto& [alias, row] : kAliases) {
        if (n == alias)
            return row;
    }
    // A bare array name ("PE_ARRAY") names that array's unit row (one side of size 1).
    if (auto c = parseComponent(n); c && isSpatial(*c)) {
        const Row x = *c == Component::MacArray ? Row::MacX : *c == Component::PeArray ? Row::PeX : Row::ChipX;
        const Row y = rowAt(idx(x) + 1);
        if (acc) {
            if (rowStatus(*acc, y) == RowStatus::Unit && rowStatus(*acc, x) != RowStatus::Unit)
                return y;
            return x;
        }
        return x;
    }
    return std::nullopt;
}

std::uint64_t SchedulingTable::rowProduct(Row r) const
{
    std::uint64_t p = 1;
    for (std::uint64_t f : row(r)) {
        if (__builtin_mul_overflow(p, f, &p))
            return std::numeric_limits<std::uint64_t>::max();
    }
    return p;
}

SchedulingTable SchedulingTable::allAtDram(const DimVector& layerDims)
{
    SchedulingTable t;
    t.row(Row::Dram) = layerDims;
    return t;
}

std::array<DimVector, kNumRows> SchedulingTable::filledOnes()
{
    std::array<DimVector, kNumRows> a{};
    a.fill(kOnes);
    return a;
}

} // namespace mapscape
