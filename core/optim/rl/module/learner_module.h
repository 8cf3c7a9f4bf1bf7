// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The LibTorch learners live in a module (libmapscape_learners.so) that the core opens on the
/// first use of a learner, so that a process that never trains maps no LibTorch (nor OpenCV and
/// Qt 5, which Debian's LibTorch pulls in). This header is torch-free: it names what the module
/// provides as a table of factories over the core's own interfaces, and finds and opens it.
///
/// Where the module is looked for: $MAPSCAPE_LEARNER_MODULE if set (a path; an empty value means
/// "no module"), else libmapscape_learners.so beside the core library. See docs/architecture.md.

#include "core/optim/accel/grmd_search.h"
#include "core/optim/dpu/dpu_agent.h"
#include "core/optim/dpu/dpu_methods.h"
#include "core/optim/options.h"
#include "core/optim/placement/egrl_options.h"
#include "core/optim/placement/placement_search.h"
#include "core/optim/rl/marl/marl_search.h"
#include "core/optim/scheduling/ppo_scheduler.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape::learners {

/// Bumped whenever the table below changes; the loader refuses a module built for another.
inline constexpr int kApiVersion = 1;

/// What the module exports, all by factory so that no LibTorch type crosses the boundary.
struct Api {
    int version = 0;
    void (*setThreads)(int threads) = nullptr; ///< LibTorch's intra-op threads
    std::unique_ptr<SearchStrategy> (*ppoScheduler)(const SchedulingProblem& problem, const PpoSchedulerOptions& options,
                                                    std::uint64_t seed) = nullptr;
    std::unique_ptr<PointOptimizer> (*marl)(const PointProblem& problem, const MarlOptions& options,
                                            std::uint64_t seed) = nullptr;
    std::unique_ptr<PointOptimizer> (*grmd)(const AccelProblem& problem, const GrmdOptions& options,
                                            std::uint64_t seed) = nullptr;
    std::unique_ptr<dpu::PolicyTrainer> (*dpuAgent)(std::shared_ptr<const dpu::RecordedRuns> runs,
                                                    const dpu::DpuAgentOptions& options) = nullptr;
    /// "egrl", "ea" or "pg"; `zeroShot` may be empty.
    std::unique_ptr<placement::PlacementSearch> (*egrl)(std::string_view id, const placement::PlacementModel& model,
                                                        const placement::EgrlOptions& options, std::uint64_t seed,
                                                        std::vector<placement::ZeroShotTarget> zeroShot) = nullptr;
};

/// Opens the module on first call (later calls return the same table). Throws InputError with
/// the loader's reason if it is missing, cannot be opened, or was built for another version.
const Api& api();

/// LibTorch's intra-op threads: applied now if the module is open, else when it opens.
void setThreads(int threads);

/// Marks a learner's listing unavailable, with the reason, when the module file is absent (a
/// file check: listing opens nothing).
void markAvailability(OptimizerInfo& info);

} // namespace mapscape::learners
