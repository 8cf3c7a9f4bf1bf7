// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// mapscape-cli with the toy kind registered: how a program outside the tree adds a kind to the
// headless front end (one registration before cli::run).

#include "app/cli/cli.h"
#include "toykind/toy_kind.h"

int main(int argc, char** argv)
{
    mapscape::toy::registerToyKind();
    return mapscape::cli::run(argc, argv);
}
