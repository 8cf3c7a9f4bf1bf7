// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The "objective" member of a kind's study file, read against the kind's objectives.

#include "core/io/object_reader.h"
#include "core/optim/space/design_space.h"

#include <span>
#include <string>

namespace mapscape {

/// One of `objectives`' ids (`def` when the member is absent); anything else is refused naming
/// them ("expected latency, power, area or energy, got \"x\"").
inline std::string readObjectiveMember(io::ObjectReader& r, std::span<const ObjectiveInfo> objectives,
                                       const std::string& def)
{
    std::string id = r.text("objective", def);
    std::string list;
    for (std::size_t i = 0; i < objectives.size(); ++i) {
        if (objectives[i].id == id)
            return id;
        list += (i == 0 ? "" : i + 1 == objectives.size() ? " or " : ", ") + objectives[i].id;
    }
    r.doc().fail(r.ptr("objective"), "expected " + list + ", got \"" + id + "\"");
}

} // namespace mapscape
