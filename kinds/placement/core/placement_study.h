// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The tensor-placement study kind (seed 004): a memory level (SRAM / LLC / DRAM) for every
/// weight and output activation of a workload graph on an NNP-I-like chip, evaluated by a
/// latency model with the compiler's capacity legalizer, searched by EGRL (evolutionary graph
/// RL), its EA and PG ablations, Greedy-DP, random and local search.

#include "kinds/placement/core/placement_model.h"
#include "kinds/placement/core/placement_search.h"
#include "core/study/study.h"
#include "core/study/study_job.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>

namespace mapscape {

/// Inputs of a tensor-placement study: the workload graph, the hardware (latency model and
/// compiler parameters), the reward, the map shown (edited by hand; empty = the compiler's) and
/// the tensors pinned to a level, which every run keeps.
struct PlacementInputs {
    placement::WorkloadGraph workload = placement::makeResNet(50);
    placement::HardwareParams hardware = placement::nnpiHardwareLike();
    placement::RewardOptions reward;
    std::optional<placement::MemoryMap> map;
    std::vector<placement::Pin> pins;
    friend bool operator==(const PlacementInputs&, const PlacementInputs&) = default;
};

const StudyKind& placementKind();
std::shared_ptr<const StudyKind> makePlacementKind();

/// The kind's methods (egrl, ea, pg, greedy-dp, random, local).
std::span<const OptimizerInfo> placementOptimizers();

/// A tensor-placement method built from the registry's options: the search and its budget.
struct PlacementMethod {
    std::unique_ptr<placement::PlacementSearch> search;
    int iterations = 4000;
};
/// Builds a method on `model` (which must outlive it); the learners' LibTorch threads are their
/// `threads` option (1 by default). Throws InputError naming the option ("egrl.population: …").
PlacementMethod makePlacementMethod(std::string_view id, const placement::PlacementModel& model,
                                    const OptionValues& values, std::uint64_t seed);

/// One method's search on a placement study (runPlacementSearch with the study's pins).
class PlacementJob final : public StudyJob {
public:
    /// Throws InputError for a bad workload, hardware or options.
    PlacementJob(const PlacementInputs& inputs, const OptimizerSettings& settings, JobContext context);
    ~PlacementJob() override;

    void run(std::stop_token stop, MetricsSink& sink, RunControl& control) override;
    JobResult result() const override;
    std::string resultDocument() const override;
    bool hasResult() const override { return bestMap().has_value(); }

    std::shared_ptr<const placement::PlacementModel> model() const { return m_model; }
    /// The best map so far (valid, pins applied), if any.
    std::optional<placement::MemoryMap> bestMap() const;
    /// Distinct valid maps the run evaluated (up to 3,000, when the context reports points) with
    /// their speed-ups, once the run has ended.
    std::vector<placement::VisitedMap> visited() const;

private:
    class Sink;

    PlacementInputs m_inputs;
    OptimizerSettings m_settings;
    JobContext m_context;
    std::shared_ptr<const placement::PlacementModel> m_model;
    PlacementMethod m_method;

    mutable std::mutex m_mutex; // guards what follows
    std::optional<placement::MemoryMap> m_best;
    double m_bestSpeedup = 0, m_bestMeasured = 0;
    std::int64_t m_bestIteration = 0, m_iterations = 0, m_valid = 0;
    double m_seconds = 0;
    bool m_ended = false, m_cancelled = false;
    std::vector<placement::VisitedMap> m_visited;
    std::map<std::string, double> m_zeroShot; ///< last value of each "zeroshot/..." metric
};

} // namespace mapscape
