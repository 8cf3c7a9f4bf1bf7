// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The registration list of the built-in study kinds' own command-line tools.

#include "app/cli/builtin_verbs.h"

namespace mapscape::cli {

Verb checkReferenceVerb(); // app/cli/scheduling/scheduling_verbs.cpp
Verb dpuVerb();            // app/cli/dpu/dpu_verbs.cpp
Verb placementVerb();      // app/cli/placement/placement_verbs.cpp

std::vector<Verb> builtinVerbs() { return {checkReferenceVerb(), dpuVerb(), placementVerb()}; }

} // namespace mapscape::cli
