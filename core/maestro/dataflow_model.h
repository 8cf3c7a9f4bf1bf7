// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The MAESTRO-compatible dataflow cost model: cluster levels built from the directives, the
/// iteration cases of each level (init / steady / edge per variable), per-case reuse analysis
/// (ingress, egress, partial sums), double-buffered NoC / compute / off-chip overlap, activity-
/// count energy and the cost database's area and power. It reproduces MAESTRO (master, 2021) on
/// every case of tests/data/maestro_golden; docs/cost-model.md lists where it deliberately differs.

#include "core/maestro/dataflow_types.h"

#include <span>
#include <string>

namespace mapscape {

/// Hardware compiled for evaluation. Immutable, thread-safe; `evaluate` is noexcept and does not
/// allocate after a thread's first call.
class DataflowModel {
public:
    /// Throws InputError naming the field if the hardware is invalid.
    explicit DataflowModel(DataflowHardware hw);

    const DataflowHardware& hardware() const { return m_hw; }

    /// Full analysis. `out` is fully written when the status is ok.
    DfStatus evaluate(const DataflowLayer& layer, const DataflowMapping& mapping, DataflowResult& out) const noexcept;
    /// Same with directives whose Sz(...) references are already resolved (the optimizers' path).
    DfStatus evaluate(const DataflowLayer& layer, std::span<const Directive> resolved,
                      DataflowResult& out) const noexcept;

    /// Layer checks alone (sizes >= 1, the variables its type needs).
    static DfStatus checkLayer(const DataflowLayer& layer) noexcept;
    /// A sentence explaining a status ("level 1: no SpatialMap ...").
    static std::string describe(const DfStatus& status, const DataflowLayer& layer);

    /// Validates hardware fields; empty when fine.
    static std::string checkHardware(const DataflowHardware& hw);

private:
    DataflowHardware m_hw;
};

} // namespace mapscape
