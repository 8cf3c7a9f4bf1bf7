// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The sink every optimizer reports to while it runs: named scalar metrics by step, progress,
/// status lines, structured snapshots for views and the objective vectors it evaluated.
/// Implementations that talk to a GUI hand values over to their own thread. What a study kind's
/// driver keeps of its own (best tables, best points) goes to the kind's job, not here.


#include <cstdint>
#include <span>
#include <string_view>

namespace mapscape {

/// Receives what a run produces while it runs. Called from the thread that runs the search
/// (never concurrently for one run); implementations that talk to a GUI must hand values over
/// to their own thread.
class MetricsSink {
public:
    virtual ~MetricsSink() = default;
    /// A named scalar at a step ("ppo/reward" at episode 12). New names need no new plumbing.
    virtual void record(std::string_view name, std::int64_t step, double value) = 0;
    /// Fraction of the budget done, in [0, 1].
    virtual void progress(double /*fraction*/) {}
    /// Samples so far: complete designs the cost model evaluated (or the cache answered).
    virtual void evaluations(std::uint64_t /*total*/) {}
    /// A human-readable status line.
    virtual void message(std::string_view /*text*/) {}
    /// A named structured state for views, as a JSON document ("ga/population", "rl/policy");
    /// each new snapshot of a name replaces the previous one.
    virtual void snapshot(std::string_view /*name*/, std::string_view /*json*/) {}
    /// The objective vector of a valid design the optimizer evaluated, in the study kind's
    /// objective order, for Pareto views. `group` says which part of the problem it belongs to
    /// where a kind has parts (scheduling: the layer); -1 otherwise.
    virtual void pointEvaluated(std::span<const double> /*objectives*/, int /*group*/) {}
};

/// Discards everything.
class NullMetricsSink final : public MetricsSink {
public:
    void record(std::string_view, std::int64_t, double) override {}
};

} // namespace mapscape
