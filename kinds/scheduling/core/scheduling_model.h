// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The scheduling-table analytical cost model (NeuroSpector v1.5's analyzer semantics, computed
/// in double precision and 64-bit integers). See docs/cost-model.md.

#include "kinds/scheduling/core/evaluation.h"
#include "kinds/scheduling/core/accelerator.h"
#include "core/network/layer.h"
#include "kinds/scheduling/core/scheduling_table.h"

#include <array>
#include <string>

namespace mapscape {

/// The loop bounds the model maps (K and C per group), the stride and the MAC count of a layer.
/// A layer's problems for this model: validateLayer's, and strides or dilations it cannot
/// represent (NeuroSpector's layers have one stride for both axes and no dilation).
FieldIssues schedulingLayerIssues(const Layer& layer, const std::string& prefix = {});

struct LayerShape {
    DimVector dims = kOnes;
    std::uint64_t stride = 1;
    double macs = 1;

    /// Throws InputError if the layer is invalid.
    static LayerShape of(const Layer& layer);
    friend bool operator==(const LayerShape&, const LayerShape&) = default;
};

/// How a buffer level's capacity is organised.
enum class BufferSharing : std::uint8_t { Absent, Shared, PartiallyShared, Separate };

/// An accelerator compiled for fast evaluation. Immutable after construction and safe to share
/// between threads; `evaluate` is noexcept, allocation-free and re-entrant.
class SchedulingModel {
public:
    /// Throws InputError naming every invalid field of the accelerator.
    explicit SchedulingModel(Accelerator acc);

    const Accelerator& accelerator() const { return m_acc; }
    RowStatus rowStatus(Row r) const { return m_rowStatus[std::size_t(idx(r))]; }
    /// Rows an optimizer may put factors into (real rows plus DRAM).
    bool isMappableRow(Row r) const { return rowStatus(r) == RowStatus::Real && r != Row::Reg; }
    /// Dataflow configured on the accelerator for a temporal row (virtual rows inherit, see spec §2).
    Dataflow configuredDataflow(Row r) const { return m_configuredDf[std::size_t(idx(r))]; }
    /// Dataflow used for a row: the table's override if set, else the configured one.
    Dataflow effectiveDataflow(const SchedulingTable& t, Row r) const;
    BufferSharing sharing(Level l) const { return m_buf[std::size_t(idx(l))].sharing; }
    /// Capacity in words of a level for a data type (shared levels give the shared capacity).
    double capacityWords(Level l, DataType t) const;

    /// Validity only (column products, rows, fan-out, constraints, capacities, dataflows).
    EvalStatus check(const LayerShape& layer, const SchedulingTable& table) const noexcept;
    /// Necessary conditions of validity for a partially filled table, used to prune searches:
    /// everything `check` tests except column products, and memory constraints only for the
    /// dimensions in `assigned`. Every tile and array product only grows when factors grow, so a
    /// table failing this check cannot be completed into a valid one by raising factors.
    EvalStatus checkPartial(const LayerShape& layer, const SchedulingTable& table, DimMask assigned) const noexcept;
    /// Validity, then tiles, access counts, energies and cycles. `out` is fully written only when
    /// the returned status is ok.
    EvalStatus evaluate(const LayerShape& layer, const SchedulingTable& table, Evaluation& out) const noexcept;

    /// A sentence explaining a violation ("GLOBAL_BUFFER overflows: ...").
    std::string describe(const EvalStatus& status) const;

private:
    struct BufferInfo {
        BufferSharing sharing = BufferSharing::Absent;
        double sharedCapacity = 0;                    // words
        std::array<double, kNumDataTypes> capacity{}; // words, per type (separate / dedicated)
        std::array<bool, kNumDataTypes> bypass{};
        std::array<double, kNumDataTypes> energy{};   // pJ per word
        std::array<double, kNumDataTypes> unitCycle{};
        double bandwidthWords = 1;                    // words per access slot
        double staticPower = 0;                       // mW, summed over types
    };
    struct Tiles;

    EvalStatus validate(const LayerShape& layer, const SchedulingTable& table, Tiles& tiles,
                        std::uint64_t& nMac, std::uint64_t& nPe, std::uint64_t& nChip, bool partial = false,
                        DimMask assigned = kAllDimsMask) const noexcept;
    EvalStatus checkCapacity(Level l, Row row, const TypeVector& allocated) const noexcept;

    Accelerator m_acc;
    std::array<RowStatus, kNumRows> m_rowStatus{};
    std::array<Dataflow, kNumRows> m_configuredDf{};
    std::array<BufferInfo, kNumLevels> m_buf{};
    std::array<std::uint64_t, kNumRows> m_rowLimit{}; // array side for spatial rows
    std::array<DimMask, kNumRows> m_rowAllowed{};     // allowed dims for spatial rows
    std::array<DimVector, kNumRows> m_memConstraint{};
    std::array<bool, kNumRows> m_hasMemConstraint{};
    double m_clockNs = 5;
    double m_macEnergy = 1;
    double m_macStaticPerCycle = 0; // pJ per cycle for all physical MACs
    double m_lbStaticPerCycle = 0;
    double m_gbStaticPerCycle = 0;
    double m_dramStaticPerCycle = 0;
};

} // namespace mapscape
