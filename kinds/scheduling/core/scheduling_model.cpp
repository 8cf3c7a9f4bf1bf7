// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/scheduling_model.h"

#include "core/util/strings.h"

#include <algorithm>
#include <cmath>

namespace mapscape {

namespace {

constexpr int kB = idx(Dim::B), kP = idx(Dim::P), kQ = idx(Dim::Q), kK = idx(Dim::K), kC = idx(Dim::C),
              kR = idx(Dim::R), kS = idx(Dim::S), kG = idx(Dim::G);
constexpr int kI = idx(DataType::Input), kW = idx(DataType::Weight), kO = idx(DataType::Output);

constexpr std::array<Row, kNumLevels> kLevelRow{Row::Lb, Row::Gb, Row::Dram};

/// Input, weight and output tile of the loop nest whose cumulative factors are `v`.
inline TypeVector tileOf(const DimVector& v, std::uint64_t stride)
{
    const std::uint64_t h = (v[kP] - 1) * stride + v[kR];
    const std::uint64_t w = (v[kQ] - 1) * stride + v[kS];
    return {v[kB] * v[kC] * v[kG] * h * w, v[kK] * v[kC] * v[kR] * v[kS] * v[kG],
            v[kK] * v[kB] * v[kP] * v[kQ] * v[kG]};
}

inline std::uint64_t bpq(const DimVector& f) { return f[kB] * f[kP] * f[kQ]; }
inline std::uint64_t crs(const DimVector& f) { return f[kC] * f[kR] * f[kS]; }

/// ρ_t(r): the factors of row r irrelevant to the stationary data type (spec §6).
inline std::uint64_t irrelevant(Dataflow df, const DimVector& row)
{
    switch (df) {
    case Dataflow::IS: {
        if (row[kK] != 1)
            return row[kK];
        // An input-stationary level with no K loop still divides the input count by the better
        // of the other two discounts (NeuroSpector's behaviour, kept for agreement).
        const std::uint64_t a = bpq(row), b = crs(row);
        return a > b ? a : b;
    }
    case Dataflow::WS:
        return bpq(row);
    case Dataflow::OS:
        return crs(row);
    case Dataflow::None:
        break;
    }
    return 1;
}

inline std::uint64_t product(const DimVector& v)
{
    std::uint64_t p = 1;
    for (std::uint64_t x : v)
        p *= x;
    return p;
}

/// Base counts of one level (spec §6.1). `x` = per-dimension product of the rows at and outside
/// the level, `row` = the level's own row, `xBelow` = the same product for the next buffer below
/// (used by OS), `isDram` selects the OS rule for the outermost level.
inline AccessCounts baseCounts(Dataflow governing, const DimVector& x, const DimVector& row, const DimVector& xBelow,
                               bool isDram)
{
    const std::uint64_t pi = product(x);
    AccessCounts c;
    c.inputReads = governing == Dataflow::IS ? pi / irrelevant(Dataflow::IS, row) : pi;
    c.weightReads = governing == Dataflow::WS ? pi / irrelevant(Dataflow::WS, row) : pi;
    c.outputWrites = governing == Dataflow::OS ? pi / irrelevant(Dataflow::OS, row) : pi;
    if (governing != Dataflow::OS)
        c.outputReads = x[kG] * x[kK] * bpq(x) * (crs(x) - 1);
    else if (!isDram)
        c.outputReads = x[kG] * x[kK] * bpq(x) * (crs(xBelow) - 1);
    else
        c.outputReads = 0;
    return c;
}

inline double transferEnergy(const TypeVector& tile, const AccessCounts& c, const std::array<double, 3>& e)
{
    return double(tile[kI]) * double(c.inputReads) * e[kI] + double(tile[kW]) * double(c.weightReads) * e[kW] +
           double(tile[kO]) * double(c.outputReads + c.outputWrites) * e[kO];
}

inline double max3(double a, double b, double c)
{
    const double m = a > b ? a : b;
    return c > m ? c : m;
}

} // namespace

struct SchedulingModel::Tiles {
    std::array<TypeVector, kNumLevels> allocated;
    std::array<TypeVector, kNumLevels> sent;
};

FieldIssues schedulingLayerIssues(const Layer& layer, const std::string& prefix)
{
    FieldIssues out = validateLayer(layer, prefix);
    if (out.empty() && !layer.plainGeometry())
        out.push_back({prefix + (layer.strideAlongQ() != layer.stride ? "stride" : "dilation"),
                       layer.geometryText() + ": the scheduling model (NeuroSpector's) has one stride for both axes "
                       "and no dilation; this layer cannot be evaluated here"});
    return out;
}

LayerShape LayerShape::of(const Layer& layer)
{
    if (FieldIssues issues = schedulingLayerIssues(layer); !issues.empty())
        throw InputError("layer \"" + layer.name + "\": " + joinIssues(issues));
    LayerShape s;
    s.dims = layer.perGroupDims();
    s.stride = std::uint64_t(layer.stride);
    s.macs = 1;
    for (std::uint64_t d : s.dims)
        s.macs *= double(d);
    return s;
}

SchedulingModel::SchedulingModel(Accelerator acc)
    : m_acc(std::move(acc))
{
    if (FieldIssues issues = validateAccelerator(m_acc); !issues.empty())
        throw InputError("accelerator \"" + m_acc.name + "\": " + joinIssues(issues));

    for (int r = 0; r < kNumRows; ++r)
        m_rowStatus[std::size_t(r)] = mapscape::rowStatus(m_acc, rowAt(r));

    // Configured dataflows; an absent temporal level inherits the nearest configured one above it.
    for (int r = 0; r < kNumRows; ++r) {
        const Row row = rowAt(r);
        if (isSpatialRow(row))
            continue;
        const Component c = rowComponent(row);
        Dataflow df = m_acc.present(c) ? m_acc.buffer(c).dataflow : Dataflow::None;
        if (!m_acc.present(c) && df == Dataflow::None) {
            for (int a = r - 1; a >= 0; --a) {
                if (!isSpatialRow(rowAt(a)) && m_configuredDf[std::size_t(a)] != Dataflow::None) {
                    df = m_configuredDf[std::size_t(a)];
                    break;
                }
            }
        }
        m_configuredDf[std::size_t(r)] = df;
    }

    const double beta = double(m_acc.bytesPerWord());
    for (int l = 0; l < kNumLevels; ++l) {
        const Component c = rowComponent(kLevelRow[std::size_t(l)]);
        const BufferSpec& b = m_acc.buffer(c);
        BufferInfo& info = m_buf[std::size_t(l)];
        if (!b.present)
            continue;
        info.bypass = b.bypass;
        info.energy = b.accessEnergyPj;
        info.unitCycle = b.unitCycle;
        info.bandwidthWords = b.bandwidthBits / double(m_acc.precisionBits);
        info.staticPower = (b.staticPowerMw[kI] + b.staticPowerMw[kW]) + b.staticPowerMw[kO];
        if (c == Component::Dram) {
            info.sharing = BufferSharing::Shared;
            info.sharedCapacity = HUGE_VAL;
            continue;
        }
        switch (b.sizeBytes.size()) {
        case 1:
            info.sharing = BufferSharing::Shared;
            info.sharedCapacity = double(b.sizeBytes[0]) / beta;
            break;
        case 2: {
            info.sharing = BufferSharing::PartiallyShared;
            info.sharedCapacity = double(b.sizeBytes[0]) / beta;
            for (DataType t : kAllDataTypes) {
                if (b.bypass[idx(t)]) { // the first bypassed type gets the dedicated part
                    info.capacity[std::size_t(idx(t))] = double(b.sizeBytes[1]) / beta;
                    break;
                }
            }
            break;
        }
        default:
            info.sharing = BufferSharing::Separate;
            for (DataType t : kAllDataTypes)
                info.capacity[std::size_t(idx(t))] = double(b.sizeBytes[std::size_t(idx(t))]) / beta;
            break;
        }
    }

    for (int r = 0; r < kNumRows; ++r) {
        const Row row = rowAt(r);
        const Component c = rowComponent(row);
        if (isSpatialRow(row)) {
            const ArraySpec& a = m_acc.array(c);
            const bool x = rowAxis(row) == 'X';
            m_rowLimit[std::size_t(r)] = a.present ? std::uint64_t(x ? a.sizeX : a.sizeY) : 1;
            m_rowAllowed[std::size_t(r)] = a.present ? (x ? a.allowedX : a.allowedY) : kAllDimsMask;
        } else if (m_acc.present(c)) {
            m_memConstraint[std::size_t(r)] = m_acc.buffer(c).constraint;
            m_hasMemConstraint[std::size_t(r)] = m_acc.buffer(c).constraint != DimVector{};
        }
    }

    m_clockNs = 1000.0 / m_acc.frequencyMhz;
    m_macEnergy = m_acc.macEnergyPj;
    const auto side = [](const ArraySpec& a) { return a.present ? double(a.sizeX) * double(a.sizeY) : 1.0; };
    const double pes = side(m_acc.peArray), chips = side(m_acc.multiChips);
    m_macStaticPerCycle = m_acc.macStaticMw * m_clockNs * double(m_acc.totalMacUnits());
    m_lbStaticPerCycle = m_buf[0].staticPower * m_clockNs * pes * chips;
    m_gbStaticPerCycle = m_buf[1].staticPower * m_clockNs * chips;
    m_dramStaticPerCycle = m_buf[2].staticPower * m_clockNs;
}

Dataflow SchedulingModel::effectiveDataflow(const SchedulingTable& t, Row r) const
{
    const Dataflow o = t.dataflow[std::size_t(idx(r))];
    return o != Dataflow::None ? o : m_configuredDf[std::size_t(idx(r))];
}

double SchedulingModel::capacityWords(Level l, DataType t) const
{
    const BufferInfo& b = m_buf[std::size_t(idx(l))];
    switch (b.sharing) {
    case BufferSharing::Absent:
        return 0;
    case BufferSharing::Shared:
        return b.sharedCapacity;
    case BufferSharing::PartiallyShared:
        return b.bypass[std::size_t(idx(t))] ? b.capacity[std::size_t(idx(t))] : b.sharedCapacity;
    case BufferSharing::Separate:
        break;
    }
    return b.capacity[std::size_t(idx(t))];
}

EvalStatus SchedulingModel::checkCapacity(Level l, Row row, const TypeVector& a) const noexcept
{
    const BufferInfo& b = m_buf[std::size_t(idx(l))];
    EvalStatus st;
    st.row = row;
    if (b.sharing == BufferSharing::Shared || b.sharing == BufferSharing::PartiallyShared) {
        double need = 0;
        for (int t = 0; t < kNumDataTypes; ++t) {
            if (!b.bypass[std::size_t(t)])
                need += double(a[std::size_t(t)]);
        }
        if (need > b.sharedCapacity) {
            st.violation = Violation::Capacity;
            st.value = need;
            st.limit = b.sharedCapacity;
            return st;
        }
        if (b.sharing == BufferSharing::Shared)
            return {};
    }
    for (int t = 0; t < kNumDataTypes; ++t) {
        // Separate buffers check every stored type; a partially shared buffer checks its
        // bypassed types against their dedicated part.
        const bool checked = b.sharing == BufferSharing::Separate ? !b.bypass[std::size_t(t)] : b.bypass[std::size_t(t)];
        if (checked && double(a[std::size_t(t)]) > b.capacity[std::size_t(t)]) {
            st.violation = Violation::Capacity;
            st.dataType = std::int8_t(t);
            st.value = double(a[std::size_t(t)]);
            st.limit = b.capacity[std::size_t(t)];
            return st;
        }
    }
    return {};
}

EvalStatus SchedulingModel::validate(const LayerShape& layer, const SchedulingTable& table, Tiles& tiles,
                                     std::uint64_t& nMac, std::uint64_t& nPe, std::uint64_t& nChip, bool partial,
                                     DimMask assigned) const noexcept
{
    EvalStatus st;
    // 1. Every factor ≥ 1 and every column multiplies out to the layer's dimension.
    for (int d = 0; d < kNumDims; ++d) {
        std::uint64_t p = 1;
        bool overflow = false;
        for (int r = 0; r < kNumRows; ++r) {
            const std::uint64_t f = table.factors[std::size_t(r)][std::size_t(d)];
            if (f == 0) {
                st.violation = Violation::ZeroFactor;
                st.row = rowAt(r);
                st.dim = Dim(d);
                return st;
            }
            overflow |= __builtin_mul_overflow(p, f, &p);
        }
        if (!partial && (overflow || p != layer.dims[std::size_t(d)])) {
            st.violation = Violation::ColumnProduct;
            st.dim = Dim(d);
            st.value = overflow ? HUGE_VAL : double(p);
            st.limit = double(layer.dims[std::size_t(d)]);
            return st;
        }
    }
    // 2. Rows that cannot hold factors, fan-out and spatial constraints.
    for (int r = 0; r < kNumRows; ++r) {
        const Row row = rowAt(r);
        const DimVector& f = table.factors[std::size_t(r)];
        const std::uint64_t prod = product(f);
        st.row = row;
        if (m_rowStatus[std::size_t(r)] == RowStatus::Virtual && prod != 1) {
            st.violation = Violation::VirtualRow;
            st.value = double(prod);
            return st;
        }
        if (row == Row::Reg && prod != 1) {
            st.violation = Violation::RegisterRow;
            st.value = double(prod);
            return st;
        }
        if (isSpatialRow(row)) {
            if (prod > m_rowLimit[std::size_t(r)]) {
                st.violation = Violation::FanOut;
                st.value = double(prod);
                st.limit = double(m_rowLimit[std::size_t(r)]);
                return st;
            }
            for (int d = 0; d < kNumDims; ++d) {
                if (f[std::size_t(d)] > 1 && !(m_rowAllowed[std::size_t(r)] & (1u << d))) {
                    st.violation = Violation::SpatialConstraint;
                    st.dim = Dim(d);
                    st.value = double(f[std::size_t(d)]);
                    return st;
                }
            }
        } else if (m_hasMemConstraint[std::size_t(r)]) {
            for (int d = 0; d < kNumDims; ++d) {
                const std::uint64_t want = m_memConstraint[std::size_t(r)][std::size_t(d)];
                if (want != 0 && f[std::size_t(d)] != want && (assigned & (1u << d))) {
                    st.violation = Violation::MemoryConstraint;
                    st.dim = Dim(d);
                    st.value = double(f[std::size_t(d)]);
                    st.limit = double(want);
                    return st;
                }
            }
        }
        if (const Dataflow df = table.dataflow[std::size_t(r)]; df != Dataflow::None) {
            if (isSpatialRow(row) || m_rowStatus[std::size_t(r)] == RowStatus::Virtual) {
                st.violation = Violation::DataflowRow;
                return st;
            }
            const int lvl = row == Row::Lb ? 0 : row == Row::Gb ? 1 : row == Row::Dram ? 2 : -1;
            if (auto t = stationaryType(df); t && lvl >= 0 && m_buf[std::size_t(lvl)].bypass[std::size_t(idx(*t))]) {
                st.violation = Violation::DataflowBypass;
                st.dataType = std::int8_t(idx(*t));
                return st;
            }
        }
    }
    st = {};
    const auto rowProd = [&](Row a, Row b) {
        return product(table.factors[std::size_t(idx(a))]) * product(table.factors[std::size_t(idx(b))]);
    };
    nMac = rowProd(Row::MacX, Row::MacY);
    nPe = rowProd(Row::PeX, Row::PeY);
    nChip = rowProd(Row::ChipX, Row::ChipY);

    // 3. Tiles: cumulative factors of rows 0..e for e = 2, 3, 5, 6, 8, 9.
    DimVector v = table.factors[0];
    for (int r = 1; r < kNumRows; ++r) {
        const DimVector& f = table.factors[std::size_t(r)];
        for (int d = 0; d < kNumDims; ++d)
            v[std::size_t(d)] *= f[std::size_t(d)];
        switch (rowAt(r)) {
        case Row::MacY:
            tiles.sent[0] = tileOf(v, layer.stride);
            break;
        case Row::Lb:
            tiles.allocated[0] = tileOf(v, layer.stride);
            break;
        case Row::PeY:
            tiles.sent[1] = tileOf(v, layer.stride);
            break;
        case Row::Gb:
            tiles.allocated[1] = tileOf(v, layer.stride);
            break;
        case Row::ChipY:
            tiles.sent[2] = tileOf(v, layer.stride);
            break;
        case Row::Dram:
            tiles.allocated[2] = tileOf(v, layer.stride);
            break;
        default:
            break;
        }
    }
    // 4. Capacities of the on-chip buffers.
    if (m_buf[0].sharing != BufferSharing::Absent) {
        if (EvalStatus c = checkCapacity(Level::LocalBuffer, Row::Lb, tiles.allocated[0]); !c.ok())
            return c;
    }
    if (m_buf[1].sharing != BufferSharing::Absent) {
        if (EvalStatus c = checkCapacity(Level::GlobalBuffer, Row::Gb, tiles.allocated[1]); !c.ok())
            return c;
    }
    return st;
}

EvalStatus SchedulingModel::check(const LayerShape& layer, const SchedulingTable& table) const noexcept
{
    Tiles tiles;
    std::uint64_t a = 0, b = 0, c = 0;
    return validate(layer, table, tiles, a, b, c);
}

EvalStatus SchedulingModel::checkPartial(const LayerShape& layer, const SchedulingTable& table,
                                         DimMask assigned) const noexcept
{
    Tiles tiles;
    std::uint64_t a = 0, b = 0, c = 0;
    return validate(layer, table, tiles, a, b, c, true, assigned);
}

EvalStatus SchedulingModel::evaluate(const LayerShape& layer, const SchedulingTable& table,
                                     Evaluation& out) const noexcept
{
    Tiles tiles;
    std::uint64_t nMac = 1, nPe = 1, nChip = 1;
    if (EvalStatus st = validate(layer, table, tiles, nMac, nPe, nChip); !st.ok())
        return st;

    const DimVector& fLb = table.factors[std::size_t(idx(Row::Lb))];
    const DimVector& fGb = table.factors[std::size_t(idx(Row::Gb))];
    const DimVector& fDram = table.factors[std::size_t(idx(Row::Dram))];
    DimVector x9 = fDram, x6, x3;
    for (int d = 0; d < kNumDims; ++d) {
        x6[std::size_t(d)] = fGb[std::size_t(d)] * x9[std::size_t(d)];
        x3[std::size_t(d)] = fLb[std::size_t(d)] * x6[std::size_t(d)];
    }
    // Governing dataflows: the LB's counts get no discount, the LB's dataflow governs the GB's
    // counts and the GB's dataflow governs DRAM's.
    const Dataflow dfLb = effectiveDataflow(table, Row::Lb);
    const Dataflow dfGb = effectiveDataflow(table, Row::Gb);
    AccessCounts c3 = baseCounts(Dataflow::None, x3, fLb, x6, false);
    AccessCounts c6 = baseCounts(dfLb, x6, fGb, x9, false);
    AccessCounts c9 = baseCounts(dfGb, x9, fDram, x9, true);

    const TypeVector& a6 = tiles.allocated[1];
    const TypeVector& s6 = tiles.sent[1];
    const TypeVector& a9 = tiles.allocated[2];
    const TypeVector& s9 = tiles.sent[2];
    // Adjustment 1: DRAM reads a data type once when its row carries no loop relevant to it.
    if (a9[kI] == s9[kI])
        c9.inputReads = 1;
    if (a9[kW] == s9[kW])
        c9.weightReads = 1;
    if (a9[kO] == s9[kO]) {
        c9.outputReads = 0;
        c9.outputWrites = 1;
    }
    // Adjustment 2: the GB inherits DRAM's counts for a type whose GB row adds nothing.
    if (a6[kI] == s6[kI])
        c6.inputReads = c9.inputReads;
    if (a6[kW] == s6[kW])
        c6.weightReads = c9.weightReads;
    if (a6[kO] == s6[kO]) {
        c6.outputReads = c9.outputReads;
        c6.outputWrites = c9.outputWrites;
    }
    // Adjustment 3: data that bypasses the GB is re-fetched from DRAM (first applicable case only).
    const auto& gbBypass = m_buf[1].bypass;
    if (gbBypass[kI] && a9[kI] == s9[kI] && a6[kI] != s6[kI]) {
        c9.outputWrites *= irrelevant(Dataflow::IS, fDram);
    } else if (gbBypass[kW] && a9[kW] == s9[kW] && a6[kW] != s6[kW]) {
        c9.weightReads *= irrelevant(Dataflow::WS, fDram);
    } else if (gbBypass[kO] && a9[kO] == s9[kO] && a6[kO] != s6[kO]) {
        const std::uint64_t rho = irrelevant(Dataflow::OS, fDram);
        c9.outputReads = rho - 1;
        c9.outputWrites *= rho;
    }

    out.allocatedTile = tiles.allocated;
    out.sentTile = tiles.sent;
    out.counts = {c3, c6, c9};
    out.activeMacs = nMac;
    out.activePes = nPe;
    out.activeChips = nChip;

    // Dynamic energy: every transfer is charged at both ends.
    const BufferInfo& lb = m_buf[0];
    const BufferInfo& gb = m_buf[1];
    const BufferInfo& dram = m_buf[2];
    const double pesChips = double(nPe) * double(nChip);
    const double macEnergy = layer.macs * m_macEnergy;
    out.lbUpperEnergy = lb.sharing == BufferSharing::Absent ? 0 : transferEnergy(tiles.sent[0], c3, lb.energy) * pesChips;
    out.lbLowerEnergy =
        lb.sharing == BufferSharing::Absent ? 0 : transferEnergy(tiles.allocated[0], c6, lb.energy) * pesChips;
    out.gbUpperEnergy = gb.sharing == BufferSharing::Absent ? 0 : transferEnergy(s6, c6, gb.energy) * double(nChip);
    out.gbLowerEnergy = gb.sharing == BufferSharing::Absent ? 0 : transferEnergy(a6, c9, gb.energy) * double(nChip);
    const double dramEnergy = transferEnergy(s9, c9, dram.energy);
    out.dynamicEnergy = {macEnergy, out.lbUpperEnergy + out.lbLowerEnergy, out.gbUpperEnergy + out.gbLowerEnergy,
                         dramEnergy};

    // Cycles: compute plus each level's transfer time, not overlapped.
    const double macCycles = layer.macs / (double(nMac) * pesChips);
    double lbCycles = 0;
    if (lb.sharing != BufferSharing::Absent) {
        const TypeVector& s3 = tiles.sent[0];
        const double ci = std::ceil(double(s3[kI]) / lb.bandwidthWords) * double(c3.inputReads) * lb.unitCycle[kI];
        const double cw = std::ceil(double(s3[kW]) / lb.bandwidthWords) * double(c3.weightReads) * lb.unitCycle[kW];
        const double co = std::ceil(double(s3[kO]) / lb.bandwidthWords) *
                          double(c3.outputReads + c3.outputWrites) * lb.unitCycle[kO];
        lbCycles = lb.sharing == BufferSharing::Separate ? max3(ci, cw, co) : (ci + cw) + co;
    }
    const auto levelCycles = [](const BufferInfo& b, const TypeVector& s, const AccessCounts& c) {
        const double ci = std::ceil(double(s[kI]) * double(c.inputReads) / b.bandwidthWords) * b.unitCycle[kI];
        const double cw = std::ceil(double(s[kW]) * double(c.weightReads) / b.bandwidthWords) * b.unitCycle[kW];
        const double co = std::ceil(double(s[kO]) * double(c.outputReads + c.outputWrites) / b.bandwidthWords) *
                          b.unitCycle[kO];
        return b.sharing == BufferSharing::Separate ? max3(ci, cw, co) : (ci + cw) + co;
    };
    const double gbCycles = gb.sharing == BufferSharing::Absent ? 0 : levelCycles(gb, s6, c6);
    const double dramCycles = levelCycles(dram, s9, c9);
    out.cycles = {macCycles, lbCycles, gbCycles, dramCycles};
    out.totalCycles = ((macCycles + lbCycles) + gbCycles) + dramCycles;

    // Static energy of all physical instances over the whole run.
    out.staticEnergy = {m_macStaticPerCycle * out.totalCycles, m_lbStaticPerCycle * out.totalCycles,
                        m_gbStaticPerCycle * out.totalCycles, m_dramStaticPerCycle * out.totalCycles};
    out.totalDynamicEnergy = ((out.dynamicEnergy[0] + out.dynamicEnergy[1]) + out.dynamicEnergy[2]) + out.dynamicEnergy[3];
    out.totalStaticEnergy = ((out.staticEnergy[0] + out.staticEnergy[1]) + out.staticEnergy[2]) + out.staticEnergy[3];
    out.totalEnergy = out.totalDynamicEnergy + out.totalStaticEnergy;
    return {};
}

std::string SchedulingModel::describe(const EvalStatus& st) const
{
    const std::string row = rowName(m_acc, st.row) == "virtual" ? rowCanonicalName(st.row) : rowName(m_acc, st.row);
    const auto num = [](double v) { return std::isinf(v) ? std::string("overflow") : formatSig(v, 12); };
    const std::string dim(dimName(st.dim));
    switch (st.violation) {
    case Violation::Valid:
        return "valid";
    case Violation::ZeroFactor:
        return "row " + row + ", column " + dim + ": factors must be at least 1, got 0";
    case Violation::ColumnProduct:
        return "column " + dim + ": the factors multiply to " + num(st.value) + " but the layer's " + dim +
               (st.dim == Dim::K || st.dim == Dim::C ? " (per group)" : "") + " is " + num(st.limit);
    case Violation::VirtualRow:
        return "row " + row + ": the accelerator has no " + std::string(componentKey(rowComponent(st.row))) +
               ", so its factors must all be 1 (their product is " + num(st.value) + ")";
    case Violation::RegisterRow:
        return "row REGISTER: the register level holds one word per operand; its factors must all be 1 (product " +
               num(st.value) + ")";
    case Violation::FanOut:
        return "row " + row + ": unrolls " + num(st.value) + " instances but the array side has only " +
               num(st.limit);
    case Violation::SpatialConstraint:
        return "row " + row + ", column " + dim + ": dimension " + dim +
               " may not be unrolled along this array side (factor " + num(st.value) + ")";
    case Violation::Capacity: {
        const double bytes = st.limit * double(m_acc.bytesPerWord());
        if (st.dataType < 0)
            return row + " overflows: its stored tiles need " + num(st.value) + " words but the shared capacity is " +
                   num(st.limit) + " words (" + num(bytes) + " bytes)";
        return row + " overflows: the " + std::string(dataTypeName(DataType(st.dataType))) + " tile needs " +
               num(st.value) + " words but its buffer holds " + num(st.limit) + " words (" + num(bytes) + " bytes)";
    }
    case Violation::MemoryConstraint:
        return "row " + row + ", column " + dim + ": the accelerator constrains this factor to " + num(st.limit) +
               ", got " + num(st.value);
    case Violation::DataflowRow:
        return "row " + row + ": only existing temporal levels have a dataflow";
    case Violation::DataflowBypass:
        return "row " + row + ": the dataflow keeps " + std::string(dataTypeName(DataType(st.dataType))) +
               " stationary, but this level bypasses it";
    }
    return "invalid table";
}

} // namespace mapscape
