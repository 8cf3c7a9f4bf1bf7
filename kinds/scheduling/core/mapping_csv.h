// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include "kinds/scheduling/core/accelerator.h"
#include "kinds/scheduling/core/mapping.h"

#include <string>

namespace mapscape {

/// A mapping as CSV, one line per (layer, table row) that exists on the accelerator:
/// `layer,row,K,B,P,Q,C,R,S,G,dataflow` (dataflow empty for spatial rows, the effective
/// dataflow for temporal ones).
std::string mappingToCsv(const Mapping& mapping, const Accelerator& acc);

} // namespace mapscape
