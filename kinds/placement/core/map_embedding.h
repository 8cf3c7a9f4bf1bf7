// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A 2-D picture of many memory maps (the paper's Fig. 5 used UMAP): principal component
/// analysis of the maps' one-hot encodings (one 3-way one-hot per existing tensor), computed by
/// power iteration on the centred data so that thousands of BERT-sized maps (2,256 features)
/// project in milliseconds. Extra maps (the compiler's) are projected with the same axes.

#include "kinds/placement/core/placement_model.h"

#include <array>
#include <vector>

namespace mapscape::placement {

struct MapEmbedding {
    std::vector<std::array<double, 2>> points; ///< one per map given, in order
    std::vector<std::array<double, 2>> extra;  ///< one per extra map
    std::array<double, 2> explained{};         ///< share of the total variance on each axis
};

/// Projects `maps` (and `extra`, with the same axes) onto their first two principal components.
/// Weight decisions of weight-less nodes are left out. Deterministic for a seed. An empty or
/// single-map input gives points at the origin.
MapEmbedding embedMaps(const PlacementModel& model, const std::vector<MemoryMap>& maps,
                       const std::vector<MemoryMap>& extra = {}, std::uint64_t seed = 1);

} // namespace mapscape::placement
