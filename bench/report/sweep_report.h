// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// What the reproduction reports share: they read the results of a sweep (bench/sweeps/*.json
/// run with `mapscape-cli sweep run`, locally or on Slurm) and print the tables of
/// docs/reproduction.md. No report runs an optimizer: the runs are the sweep's shards.

#include "core/study/study.h"
#include "core/sweep/sweep.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape::bench {

/// The results of a sweep: a results folder (its finished shards with their result documents;
/// unfinished shards are reported on standard error) or a collected table (.csv / .json, no
/// documents). Throws InputError naming the path.
struct SweepResults {
    std::string path;
    std::vector<sweep::ShardResult> rows;
    std::optional<sweep::SweepSpec> spec; ///< when `path` is a results folder
    int unfinished = 0;

    /// The study a row ran (its entry, variations and optimizer settings), from the folder's
    /// sweep; nullopt for a collected table.
    std::optional<Study> studyOf(const sweep::ShardResult& row) const;
    /// Rows matching a predicate, in index order.
    template <typename Pred>
    std::vector<const sweep::ShardResult*> select(Pred pred) const
    {
        std::vector<const sweep::ShardResult*> out;
        for (const sweep::ShardResult& r : rows)
            if (pred(r))
                out.push_back(&r);
        return out;
    }
    /// Distinct seeds, sorted.
    std::vector<std::uint64_t> seeds() const;
};
SweepResults readSweepResults(const std::string& path);

/// An option of the row's optimizer ("samples" of "agents=10 samples=20000"); "" if absent.
std::string optionOf(const sweep::ShardResult& row, std::string_view key);
/// The option as a number; `fallback` if absent.
double numericOption(const sweep::ShardResult& row, std::string_view key, double fallback);

/// The first step at which a best-so-far curve reaches `level` (at or below it; at or above it
/// when higher is better); −1 if it never does.
double firstReach(const std::vector<std::pair<double, double>>& curve, double level, bool higherIsBetter = false);

/// Mean and standard deviation of values (NaN, NaN when empty).
std::pair<double, double> meanStdOf(const std::vector<double>& values);

/// Common arguments of the reports: --results PATH (required), --markdown FILE (also write the
/// tables there), and the report's own flags (name → value; flags without a value are "1").
struct ReportArgs {
    std::string results;
    std::string markdown;
    std::vector<std::pair<std::string, std::string>> extra;
    std::string get(std::string_view name, std::string fallback = {}) const;
    bool has(std::string_view name) const;
};
/// Parses argv; `valued` lists the report's own options that take a value, `flags` those that do
/// not. Prints `usage` and exits with status 2 on anything else.
ReportArgs parseReportArgs(int argc, char** argv, const std::vector<std::string>& valued,
                           const std::vector<std::string>& flags, const char* usage);

/// Prints the Markdown to standard output and writes it to `path` when given (atomically).
void emitMarkdown(const std::string& markdown, const std::string& path);

/// Runs a report's body: InputError and other exceptions become "error: ..." and status 2.
int reportMain(const std::function<int()>& body);

} // namespace mapscape::bench
