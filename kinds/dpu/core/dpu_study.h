// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The DPU-configuration study kind (seed 003): which DPU size and instance count serves each
/// CNN best under each background load, learned by a policy (DPUCConfig's PPO contextual bandit,
/// LinUCB) on recorded 3 Hz runs of the calibrated ZCU102 simulator, against the baselines
/// (optimal look-up, max-FPS, min-power, random).

#include "kinds/dpu/core/dpu_platform.h"
#include "kinds/dpu/core/dpu_methods.h"
#include "core/study/study.h"
#include "core/study/study_job.h"

#include <memory>
#include <mutex>

namespace mapscape {

/// Inputs of a DPU-configuration study: the platform (DPU sizes, configurations, model library,
/// simulator parameters, corrections, C_PERF), the seed of the recorded runs the learners train
/// on, and the (model variant, background state, configuration) shown.
struct DpuInputs {
    dpu::Platform platform = dpu::defaultPlatform();
    std::uint64_t dataSeed = 1;
    int variant = 0;
    int state = 0;
    int action = 0;
    friend bool operator==(const DpuInputs&, const DpuInputs&) = default;
};

const StudyKind& dpuKind();
std::shared_ptr<const StudyKind> makeDpuKind();

/// The kind's methods: the learners (dpucconfig, linucb) and the baselines (optimal, max-fps,
/// min-power, random).
std::span<const OptimizerInfo> dpuOptimizers();
/// Whether a method trains (dpucconfig, linucb) rather than being a fixed baseline policy.
bool isDpuLearner(std::string_view id);
/// The settings of a learner ("dpucconfig", "linucb"); throws InputError naming the option.
dpu::TrainerSpec makeDpuTrainerSpec(std::string_view id, const OptionValues& values, std::uint64_t seed);

/// One method on a DPU study: generates the recorded runs, trains the learner (or builds the
/// baseline policy) and evaluates it greedily on the held-out variants in every state.
class DpuJob final : public StudyJob {
public:
    /// Throws InputError for a bad platform or options.
    DpuJob(const DpuInputs& inputs, const OptimizerSettings& settings, JobContext context);
    ~DpuJob() override;

    void run(std::stop_token stop, MetricsSink& sink, RunControl& control) override;
    JobResult result() const override;
    std::string resultDocument() const override;

    /// The trained policy once the run has ended (null before, and for baselines).
    std::shared_ptr<dpu::PolicyModel> model() const;

private:
    DpuInputs m_inputs;
    OptimizerSettings m_settings;
    JobContext m_context;
    bool m_learner = true;
    dpu::TrainerSpec m_spec;

    mutable std::mutex m_mutex; // guards what follows
    std::shared_ptr<dpu::PolicyModel> m_model;
    JobResult m_result;
    std::string m_document;
};

} // namespace mapscape
