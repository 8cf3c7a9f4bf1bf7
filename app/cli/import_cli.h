// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// mapscape-cli import model.onnx: an ONNX model as a network (scheduling studies) and, with
/// --workload, as a placement workload graph.

#include "app/cli/cli.h"

namespace mapscape::cli {

Verb importVerb();

} // namespace mapscape::cli
