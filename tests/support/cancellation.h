// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Runs a search on a worker thread and requests a stop while it runs. Tests assert what the
/// stop did (the run ended, cancelled, far from its budget), never how many milliseconds it
/// took: a loaded machine stretches any latency. The latency is measured by a benchmark
/// (bench/bench_cancellation).

#include "kinds/scheduling/core/search.h"

#include <QTest>

#include <atomic>
#include <thread>

namespace mapscape::test {

struct CancelMeasurement {
    bool finishedBeforeStop = false; ///< the run ended on its own (the test is then meaningless)
    SearchResult result;
};

/// Starts the search, lets it work for `runMs` (only so that it is well under way), requests a
/// stop and waits for the search to return: a search that did not observe the stop would run
/// for hours, past the test's timeout.
inline CancelMeasurement runAndCancel(const SchedulingProblem& problem, SearchStrategy& strategy, int runMs,
                                      int threads = 2)
{
    NullMetricsSink sink;
    std::stop_source stop;
    CancelMeasurement m;
    std::atomic<bool> done{false};
    std::thread worker([&] {
        m.result = runSearch(problem, strategy, {.threads = threads}, stop.get_token(), sink);
        done = true;
    });
    QTest::qSleep(runMs);
    m.finishedBeforeStop = done.load();
    stop.request_stop();
    worker.join();
    return m;
}

} // namespace mapscape::test
