// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Running an external program (sbatch, squeue, sacct, scontrol) and capturing what it prints.
/// POSIX only; no shell is involved, so arguments need no quoting.

#include <string>
#include <vector>

namespace mapscape {

struct ProcessResult {
    int exitCode = -1;      ///< the program's exit status; 128 + n when killed by signal n
    bool started = false;   ///< false when the program could not be run at all (see `error`)
    std::string out, err;   ///< its standard output and standard error
    std::string error;      ///< why it did not start ("sbatch: not found")
    bool ok() const { return started && exitCode == 0; }
};

/// Runs argv[0] (looked up in PATH) with the given arguments, standard input closed, and waits
/// for it. Never throws for a failing program; throws std::invalid_argument for an empty argv.
ProcessResult runProcess(const std::vector<std::string>& argv);

/// "sbatch --parsable …" for messages.
std::string commandLine(const std::vector<std::string>& argv);

} // namespace mapscape
