// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A mapping of a whole network: one scheduling table per layer.

#include "kinds/scheduling/core/scheduling_table.h"

#include <string>
#include <vector>

namespace mapscape {

struct LayerMapping {
    std::string layer; ///< layer name in the network
    SchedulingTable table;
    friend bool operator==(const LayerMapping&, const LayerMapping&) = default;
};

struct Mapping {
    std::string accelerator; ///< accelerator name it was made for (informational)
    std::string network;     ///< network name (informational)
    std::string metric;      ///< metric it was optimised for, if any
    std::string source;      ///< who made it ("NeuroSpector v1.5 bottom-up", "ppo seed 7", ...)
    std::vector<LayerMapping> layers;

    friend bool operator==(const Mapping&, const Mapping&) = default;
    /// Table of a layer (case-insensitive name), or nullptr.
    const SchedulingTable* find(std::string_view layer) const;
};

} // namespace mapscape
