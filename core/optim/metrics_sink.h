// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The sink every optimizer reports to while it runs: named scalar metrics by step, progress,
/// status lines, and the study-specific results (best scheduling tables, best design points,
/// evaluated objective vectors). Implementations that talk to a GUI hand values over to their
/// own thread.

#include "core/cost/evaluation.h"
#include "core/model/scheduling_table.h"
#include "core/optim/space/design_space.h"

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
    /// A new best table for a layer (index into the problem's layers).
    virtual void bestChanged(int /*layer*/, const SchedulingTable& /*table*/, const Evaluation& /*evaluation*/) {}
    /// Every valid table the search evaluated as a whole (energy, cycles), for Pareto views.
    /// Row searches report their winner, or the front of all their candidates when
    /// DriverOptions::paretoFronts is set.
    virtual void evaluated(int /*layer*/, double /*energyPj*/, double /*cycles*/) {}
    /// A row search was answered (rows searched on a layer's table, whether it improved), for
    /// views that highlight what an optimizer is working on.
    virtual void searched(int /*layer*/, std::span<const Row> /*rows*/, bool /*improved*/) {}
    /// A human-readable status line.
    virtual void message(std::string_view /*text*/) {}
    /// A named structured state for views, as a JSON document ("ga/population", "rl/policy");
    /// each new snapshot of a name replaces the previous one.
    virtual void snapshot(std::string_view /*name*/, std::string_view /*json*/) {}

    // Design-space studies (core/optim/space).
    /// The objective vector of a valid point an optimizer evaluated, for Pareto views.
    virtual void pointEvaluated(std::span<const double> /*objectives*/) {}
    /// A new best point (by the primary objective).
    virtual void bestPoint(std::span<const std::int32_t> /*point*/, const PointEvaluation& /*evaluation*/) {}
};

/// Discards everything.
class NullMetricsSink final : public MetricsSink {
public:
    void record(std::string_view, std::int64_t, double) override {}
};

} // namespace mapscape
