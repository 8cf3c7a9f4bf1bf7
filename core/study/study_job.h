// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A study job: one optimizer run on one study's inputs, Qt-free. The kind's descriptor builds
/// it (StudyKind::makeJob: problem and optimizer, checked up front); `run` drives the kind's own
/// driver (row search, point search, placement search, policy training) to its end, reporting
/// to a MetricsSink, pausing through a RunControl and stopping at the stop token. The GUI's
/// OptimizerRun, the CLI's `optimize` and sweep shards all run jobs, and nothing else.

#include "core/optim/metrics_sink.h"
#include "core/optim/run_control.h"

#include <cstdint>
#include <span>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

namespace mapscape {

/// What a job has found so far (or in the end).
struct JobResult {
    bool found = false;          ///< a valid best exists (`best` is filled)
    bool cancelled = false;      ///< the stop token ended it early
    bool complete = false;       ///< the job ran to its end
    std::vector<double> best;    ///< objective values of the best result, in the kind's order
    std::uint64_t evaluations = 0; ///< samples: designs evaluated (or tables, or maps, or steps)
    double seconds = 0;          ///< wall time of the run, pauses excluded
    /// Further figures of the run, by name ("hypervolume", "best_iteration", "ppw_C", ...), for
    /// summaries, sweep results and reports.
    std::vector<std::pair<std::string, double>> figures;
    /// Why there is no result when `found` is false ("no table fits the buffers").
    std::string failure;
};

/// Runs on one worker thread; `result()` and `resultDocument()` may be called from any thread,
/// also while it runs (implementations guard their state).
class StudyJob {
public:
    virtual ~StudyJob() = default;
    /// Runs to the end, or until `stop` is requested. Called once. Throws on failure (the
    /// caller's boundary turns it into a failed run).
    virtual void run(std::stop_token stop, MetricsSink& sink, RunControl& control) = 0;
    virtual JobResult result() const = 0;
    /// The best result so far as the kind's JSON document (a mapping, directives, a design, a
    /// policy, a memory map); "" when there is none yet.
    virtual std::string resultDocument() const = 0;
    /// Whether there is a result to show yet (cheaper than resultDocument() for views that ask
    /// often).
    virtual bool hasResult() const { return !resultDocument().empty(); }
    /// An evaluated design the job still holds, found by its objective values (the leading values
    /// of MetricsSink::pointEvaluated): its parameters as text, one "name=value" a line, and its
    /// document as resultDocument() gives the best's. "" for a design the job does not hold (a
    /// point search holds its best, its non-dominated set once it has ended, and the designs of
    /// its evaluated points within a memory budget).
    virtual std::string designText(std::span<const double> /*objectives*/) const { return {}; }
    virtual std::string designDocument(std::span<const double> /*objectives*/) const { return {}; }
    /// Which designs the job holds, said to a user whose design was not found ("its best, ...");
    /// "" when it holds none (designDocument always "").
    virtual std::string heldDesigns() const { return {}; }
};

} // namespace mapscape
