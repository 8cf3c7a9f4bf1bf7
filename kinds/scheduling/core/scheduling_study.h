// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The scheduling-table study kind (seed 000): a network's layers tiled onto an accelerator
/// hierarchy as NeuroSpector-style scheduling tables, evaluated by the NeuroSpector-compatible
/// model and searched row by row (PPO scheduling, random, exhaustive, bottom-up).

#include "kinds/scheduling/core/accelerator.h"
#include "core/network/layer.h"
#include "kinds/scheduling/core/mapping.h"
#include "kinds/scheduling/core/search.h"
#include "core/study/study.h"
#include "core/study/study_job.h"

#include <memory>
#include <mutex>
#include <optional>

namespace mapscape {

/// Inputs of a scheduling-table study.
struct SchedulingInputs {
    Accelerator accelerator;
    Network network;
    std::optional<Mapping> mapping; ///< empty = the trivial mapping
    friend bool operator==(const SchedulingInputs&, const SchedulingInputs&) = default;
};

/// The kind's descriptor (registered in core/study/builtin_kinds.cpp).
const StudyKind& schedulingKind();
std::shared_ptr<const StudyKind> makeSchedulingKind();

/// The kind's optimizers (ppo, random, exhaustive, bottom-up).
std::span<const OptimizerInfo> schedulingOptimizers();
/// Creates a scheduling-table optimizer for `problem` (which must outlive it). Throws InputError
/// naming the optimizer or option ("ppo.episodes: must be an integer in [0, 100000], got \"x\"").
std::unique_ptr<SearchStrategy> makeSchedulingStrategy(std::string_view id, const SchedulingProblem& problem,
                                                       const OptionValues& values, std::uint64_t seed);

/// The problem a run of these settings optimises (objective = metric, run option "dataflow");
/// throws InputError naming the field.
SchedulingProblem schedulingProblemOf(const SchedulingInputs& inputs, const OptimizerSettings& settings);

/// One optimizer run on a scheduling study: the row-search driver (runSearch) with the
/// strategy. The views of a live run read the best table per layer and the rows searched last.
class SchedulingJob final : public StudyJob {
public:
    /// Throws InputError for bad inputs, objective or options.
    SchedulingJob(const SchedulingInputs& inputs, const OptimizerSettings& settings, JobContext context);
    ~SchedulingJob() override;

    void run(std::stop_token stop, MetricsSink& sink, RunControl& control) override;
    JobResult result() const override;
    std::string resultDocument() const override;
    bool hasResult() const override;

    std::shared_ptr<const SchedulingProblem> problem() const { return m_problem; }
    /// Best table per layer so far (`found` false for layers without one yet).
    std::vector<LayerBest> bestSoFar() const;
    /// Rows of the latest row search on a layer (empty if none yet).
    std::vector<Row> lastSearchedRows(int layer) const;
    /// The driver's result once the run has ended (totals, evaluations).
    SearchResult searchResult() const;

private:
    class Observer;

    SchedulingInputs m_inputs;
    OptimizerSettings m_settings;
    JobContext m_context;
    std::shared_ptr<const SchedulingProblem> m_problem;
    std::unique_ptr<SearchStrategy> m_strategy;

    mutable std::mutex m_mutex; // guards what follows
    std::vector<LayerBest> m_best;
    std::vector<std::vector<Row>> m_lastRows;
    SearchResult m_result;
    bool m_ended = false;
    double m_seconds = 0;
    std::uint64_t m_evaluations = 0;
};

} // namespace mapscape
