// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

#include "app/cli/cli.h"

#include <vector>

namespace mapscape::cli {

/// The verbs of the built-in study kinds (app/cli/builtin_verbs.cpp lists them).
std::vector<Verb> builtinVerbs();

} // namespace mapscape::cli
