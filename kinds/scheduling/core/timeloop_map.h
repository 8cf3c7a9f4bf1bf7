// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Scheduling tables as Timeloop mapping YAML (one `mapping:` document per layer).
///
/// Temporal rows become `type: temporal` entries of their level (LocalBuffer, GlobalBuffer,
/// DRAM; the register row only if present); spatial rows become `type: spatial` entries of the
/// level that feeds the array (MAC array → LocalBuffer, PE array → GlobalBuffer, chips → DRAM)
/// with `split` separating the X factors from the Y factors; bypassed data types give `type:
/// bypass` entries. Dimensions use Timeloop's CNN-layer names R S P Q C K N (N = batch). The
/// scheduling-table model has no loop order; each level's permutation puts the loops irrelevant
/// to the data type its dataflow keeps stationary innermost (WS: P Q N, OS: C R S, IS: K).

#include "kinds/scheduling/core/accelerator.h"
#include "core/network/layer.h"
#include "kinds/scheduling/core/mapping.h"

#include <string>

namespace mapscape {

/// One layer. Throws InputError naming the layer if it has G > 1 (Timeloop's CNN-layer problem
/// has no group dimension).
std::string tableToTimeloopYaml(const Layer& layer, const SchedulingTable& table, const Accelerator& acc);

/// Every mapped layer of a network, as a multi-document YAML stream ("---" between layers),
/// each preceded by a comment naming the layer. Layers with G > 1 are skipped with a comment
/// explaining why.
std::string mappingToTimeloopYaml(const Network& net, const Mapping& mapping, const Accelerator& acc);

} // namespace mapscape
