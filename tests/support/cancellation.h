// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Runs a search on a worker thread, requests a stop after a while and measures how long the
/// search takes to return after the request.

#include "core/optim/scheduling/search.h"

#include <QElapsedTimer>
#include <QTest>

#include <atomic>
#include <thread>

namespace mapscape::test {

struct CancelMeasurement {
    bool finishedBeforeStop = false; ///< the run ended on its own (the test is then meaningless)
    qint64 stopLatencyMs = 0;
    SearchResult result;
};

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
    QElapsedTimer timer;
    timer.start();
    stop.request_stop();
    worker.join();
    m.stopLatencyMs = timer.elapsed();
    return m;
}

} // namespace mapscape::test
