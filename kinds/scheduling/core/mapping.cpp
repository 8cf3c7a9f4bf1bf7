// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/mapping.h"

#include "core/util/strings.h"

namespace mapscape {

const SchedulingTable* Mapping::find(std::string_view layer) const
{
    for (const LayerMapping& lm : layers) {
        if (iequals(lm.layer, layer))
            return &lm.table;
    }
    return nullptr;
}

} // namespace mapscape
