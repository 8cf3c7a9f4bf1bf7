// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The ask/tell protocol of design-space optimizers and the driver that owns evaluation:
/// batches evaluated in parallel, a memo cache of evaluated points, pause (RunControl),
/// cancellation (std::stop_token) and metrics. Every point an optimizer asks for is one sample,
/// whether the cache answered it or the cost model did, so budgets are iso-sample.

#include "core/optim/metrics_sink.h"
#include "core/optim/run_control.h"
#include "core/optim/space/design_space.h"

#include <cstdint>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

namespace mapscape {

/// An optimizer in ask/tell form. `ask` returns the next batch of points (empty when the budget
/// is spent); the driver evaluates them and hands the results to `tell` in the same order.
class PointOptimizer {
public:
    virtual ~PointOptimizer() = default;
    virtual std::vector<Point> ask() = 0;
    virtual void tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink) = 0;
    /// Fraction of the budget used, in [0, 1].
    virtual double progress() const = 0;
    /// Called once when the run ends (also after cancellation).
    virtual void finish(MetricsSink& /*sink*/) {}
    /// The run's stop token, given before the first ask: an optimizer whose `tell` does long
    /// work (a learner's update) checks it to return early.
    virtual void bindStop(std::stop_token /*stop*/) {}
};

/// Told about each new best point of a run (on the thread that runs the search).
class PointSearchObserver {
public:
    virtual ~PointSearchObserver() = default;
    /// A new best point (by the problem's primary objective).
    virtual void bestPoint(std::span<const std::int32_t> point, const PointEvaluation& evaluation) = 0;
    /// Each valid point as it is sent to the sink (only when the driver reports evaluated
    /// points), so that whoever draws them can tell which design a drawn point is.
    virtual void evaluatedPoint(std::span<const std::int32_t> /*point*/, const PointEvaluation& /*evaluation*/) {}
};

struct PointDriverOptions {
    int threads = 1;                      ///< worker threads for a batch
    std::size_t cacheEntries = 1 << 20;   ///< memoised points (cleared when full); 0 disables
    RunControl* control = nullptr;        ///< optional pause / resume between batches
    bool reportEvaluated = true;          ///< send every valid objective vector to the sink
    /// Multi-objective runs: the objectives (indices) of a non-dominated archive of every valid
    /// point seen, returned in the result; empty = no archive.
    std::vector<int> paretoObjectives;
    /// With an archive: a reference point (one value per archive objective) for recording
    /// "search/hypervolume" and "search/front_size" whenever the archive changes; empty = none.
    std::vector<double> hypervolumeReference;
    PointSearchObserver* observer = nullptr; ///< optional
};

struct PointSearchResult {
    bool found = false;                 ///< a valid point was seen
    Point best;                         ///< by the problem's primary objective
    PointEvaluation bestEvaluation{};
    std::uint64_t samples = 0;          ///< points told to the optimizer
    std::uint64_t modelEvaluations = 0; ///< points the cost model evaluated (cache misses)
    std::uint64_t valid = 0;            ///< valid samples
    double seconds = 0;                 ///< wall time, pauses excluded
    bool cancelled = false;
    /// With PointDriverOptions::paretoObjectives: the non-dominated valid points seen (in the
    /// order they were found) and their hypervolume against the reference, if one was given.
    std::vector<Point> front;
    std::vector<PointEvaluation> frontEvaluations;
    double hypervolume = 0;
    /// When no valid point was seen: why most of them were invalid, with an example
    /// ("50 of 50 points: L1 requirement 1200 B per PE exceeds the hardware's 4096 B").
    std::string invalidSummary;
};

/// Runs an optimizer to completion or cancellation. Records "search/best" (the primary objective
/// of the best valid point so far) and "search/best_<objective>" for every objective of that
/// point whenever it improves, "search/valid_fraction" per batch, and with an archive
/// "search/seconds" (wall time, pauses excluded) per batch and "search/hypervolume" and
/// "search/front_size" when it changes, all at the sample count.
/// Exceptions from the optimizer propagate; the problem never throws.
PointSearchResult runPointSearch(const PointProblem& problem, PointOptimizer& optimizer, const PointDriverOptions& options,
                                 std::stop_token stop, MetricsSink& sink);

} // namespace mapscape
