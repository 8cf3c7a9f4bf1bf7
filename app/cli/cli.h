// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// mapscape-cli: the headless front end, as a library so that a program can register its own
/// study kinds (core's registerStudyKind) and verbs before running it. Exit codes: 0 ok, 1 the
/// command ran but found nothing valid (or a mismatch), 2 bad input.
///
/// The commands every study kind shares (evaluate, optimize, convert, validate, presets, sweep)
/// know no kind: a study is named with --study FILE|PRESET|KIND or built from the kinds' own
/// arguments (-a/-n, --maestro-mapping, -w, -p). Tools of one kind (dpu simulate, placement
/// workload, check-reference) are verbs the kind registers (app/cli/builtin_verbs.cpp).

#include <functional>
#include <string>

namespace CLI {
class App;
}

namespace mapscape::cli {

/// A command of its own (a kind's tools).
struct Verb {
    std::string name;
    /// Adds the command to the app and returns it (its options bound to storage the verb owns).
    std::function<CLI::App*(CLI::App& app)> add;
    /// Runs it once the command line was parsed into it. Throws InputError on bad input.
    std::function<int(const CLI::App& command)> run;
};

/// Parses the command line and runs the command.
int run(int argc, char** argv);

} // namespace mapscape::cli
