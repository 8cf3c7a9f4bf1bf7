// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The learner module's one entry point (libmapscape_learners.so): the table of factories the
// core's loader (learner_module.cpp) looks up by name after opening the module.

#include "core/optim/rl/module/learner_module.h"

#include "core/optim/placement/egrl.h"
#include "core/optim/rl/common/torch_setup.h"

namespace mapscape::learners {

namespace {

std::unique_ptr<SearchStrategy> ppoScheduler(const SchedulingProblem& problem, const PpoSchedulerOptions& options,
                                             std::uint64_t seed)
{
    return std::make_unique<PpoScheduler>(problem, options, seed);
}

std::unique_ptr<PointOptimizer> marl(const PointProblem& problem, const MarlOptions& options, std::uint64_t seed)
{
    return std::make_unique<MarlSearch>(problem, options, seed);
}

std::unique_ptr<PointOptimizer> grmd(const AccelProblem& problem, const GrmdOptions& options, std::uint64_t seed)
{
    return std::make_unique<GrmdSearch>(problem, options, seed);
}

std::unique_ptr<dpu::PolicyTrainer> dpuAgent(std::shared_ptr<const dpu::RecordedRuns> runs,
                                             const dpu::DpuAgentOptions& options)
{
    return dpu::makeDpuAgentTrainer(std::move(runs), options);
}

std::unique_ptr<placement::PlacementSearch> egrl(std::string_view id, const placement::PlacementModel& model,
                                                 const placement::EgrlOptions& options, std::uint64_t seed,
                                                 std::vector<placement::ZeroShotTarget> zeroShot)
{
    auto search = placement::makePlacementSearch(id, model, options, seed);
    if (!zeroShot.empty())
        if (auto* e = dynamic_cast<placement::EgrlSearch*>(search.get()))
            e->setZeroShotTargets(std::move(zeroShot));
    return search;
}

const Api kApi{
    .version = kApiVersion,
    .setThreads = &rl::setTorchThreads,
    .ppoScheduler = &ppoScheduler,
    .marl = &marl,
    .grmd = &grmd,
    .dpuAgent = &dpuAgent,
    .egrl = &egrl,
};

} // namespace

} // namespace mapscape::learners

extern "C" __attribute__((visibility("default"))) const mapscape::learners::Api* mapscape_learners_api()
{
    return &mapscape::learners::kApi;
}
