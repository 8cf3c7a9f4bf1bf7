// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// mapscape-cli: see app/cli/cli.h.

#include "app/cli/cli.h"

int main(int argc, char** argv) { return mapscape::cli::run(argc, argv); }
