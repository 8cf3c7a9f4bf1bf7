// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Runs one optimizer of a study's kind to its end on the calling thread, as a sweep shard does:
/// for tests of kinds (built-in or registered from outside) that check what a job finds.

#include "core/optim/metrics_sink.h"
#include "core/optim/run_control.h"
#include "core/study/study.h"
#include "core/study/study_job.h"
#include "core/study/study_kind.h"

#include <cstdint>
#include <string>

namespace mapscape::test {

struct NullSink final : MetricsSink {
    void record(std::string_view, std::int64_t, double) override {}
};

/// The job's result; its result document in `document` when given.
inline JobResult runJob(const StudyInputs& inputs, const std::string& optimizer, std::uint64_t seed,
                        OptionValues options = {}, std::string* document = nullptr)
{
    const StudyKind& kind = inputs.kind();
    OptimizerSettings s = defaultOptimizerSettings(kind);
    s.id = optimizer;
    s.seed = seed;
    s.options = std::move(options);
    auto job = kind.makeJob(inputs, s, {.label = "test", .reportPoints = false});
    NullSink sink;
    RunControl control;
    job->run({}, sink, control);
    if (document)
        *document = job->resultDocument();
    return job->result();
}

} // namespace mapscape::test
