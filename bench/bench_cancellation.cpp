// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

/// How long a run takes to return after its stop is requested, per kind and optimizer: each
/// study job runs on a worker thread for a while, then `request_stop()`, and the time to return
/// is measured (median and worst of --repeat tries). The unit tests only assert that a stop ends
/// a run within bounded work; the latency (target: 100 ms) is measured here. Prints figures;
/// not a unit test.
///
/// Usage: bench_cancellation [--repeat N] [--run-ms M]

#include "bench/bench_args.h"
#include "core/optim/rl/module/learner_module.h"
#include "core/study/study.h"
#include "core/study/study_job.h"
#include "core/study/study_kind.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

using namespace mapscape;

namespace {

struct Case {
    const char* study;    ///< a kind's id or a study preset
    const char* optimizer;
    OptionValues options; ///< a budget far beyond what runs before the stop
};

double stopLatencyMs(const Case& c, int runMs)
{
    const StudyKind* kind = findStudyKind(c.study);
    StudyInputs inputs = kind ? kind->defaultInputs() : StudyInputs{};
    if (!kind)
        throw std::runtime_error(std::string("unknown kind ") + c.study);
    OptimizerSettings s = defaultOptimizerSettings(*kind);
    s.id = c.optimizer;
    s.options = c.options;
    s.threads = 2;
    std::unique_ptr<StudyJob> job = kind->makeJob(inputs, s, {.label = "bench", .reportPoints = false});
    NullMetricsSink sink;
    RunControl control;
    std::stop_source stop;
    std::chrono::steady_clock::time_point requested;
    std::jthread worker([&] { job->run(stop.get_token(), sink, control); });
    std::this_thread::sleep_for(std::chrono::milliseconds(runMs));
    requested = std::chrono::steady_clock::now();
    stop.request_stop();
    worker.join();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - requested).count();
}

} // namespace

int main(int argc, char** argv)
{
    int repeat = 5, runMs = 300;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--repeat")
            repeat = std::max(1, std::stoi(bench::optionValue(argc, argv, i)));
        else if (a == "--run-ms")
            runMs = std::max(1, std::stoi(bench::optionValue(argc, argv, i)));
        else {
            std::fprintf(stderr, "unknown argument %s (see the header of bench/bench_cancellation.cpp)\n", a.c_str());
            return 2;
        }
    }
    learners::setThreads(1);
    const std::vector<Case> cases{
        {"scheduling", "exhaustive", {{"max_candidates", "1e18"}}},
        {"scheduling", "random", {{"samples", "100000000"}}},
        {"scheduling", "ppo", {{"episodes", "100000"}}},
        {"dataflow", "gamma", {{"samples", "100000000"}}},
        {"dataflow", "marl", {{"samples", "100000000"}}},
        {"dataflow", "bo", {{"samples", "1000000"}}},
        {"accel", "nsga2", {{"samples", "100000000"}}},
        {"accel", "grmd", {{"episodes", "1000000"}}},
        {"dpu", "dpucconfig", {{"iterations", "100000"}}},
        {"dpu", "linucb", {{"steps", "100000000"}}},
        {"placement", "egrl", {{"iterations", "1000000"}}},
        {"placement", "ea", {{"iterations", "10000000"}}},
    };
    std::printf("Stop latency: a study job runs %d ms on two threads, then its stop is requested; time until it "
                "returns (target 100 ms), %d tries\n\n",
                runMs, repeat);
    std::printf("%-12s %-12s %12s %12s\n", "kind", "optimizer", "median (ms)", "worst (ms)");
    int failures = 0;
    for (const Case& c : cases) {
        const OptimizerInfo* info = findStudyKind(c.study) ? findOptimizer(*findStudyKind(c.study), c.optimizer) : nullptr;
        if (!info || !info->available) {
            std::printf("%-12s %-12s %12s\n", c.study, c.optimizer, "(not in this build)");
            continue;
        }
        try {
            std::vector<double> ms;
            for (int k = 0; k < repeat; ++k)
                ms.push_back(stopLatencyMs(c, runMs));
            std::sort(ms.begin(), ms.end());
            std::printf("%-12s %-12s %12.1f %12.1f%s\n", c.study, c.optimizer, ms[ms.size() / 2], ms.back(),
                        ms[ms.size() / 2] > 100 ? "  (above target)" : "");
        } catch (const std::exception& e) {
            ++failures;
            std::printf("%-12s %-12s error: %s\n", c.study, c.optimizer, e.what());
        }
        std::fflush(stdout);
    }
    return failures ? 1 : 0;
}
