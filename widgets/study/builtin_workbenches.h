// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/study/workbench_registry.h"

#include <utility>
#include <vector>

namespace mapscape {

/// The built-in kinds' workbenches (widgets/study/builtin_workbenches.cpp lists them).
std::vector<std::pair<std::string, WorkbenchFactory>> builtinWorkbenches();

} // namespace mapscape
