// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The torch-free part of MARL (seed 001): Algorithm 1's pre-pass, shared by MarlSearch (in the
/// learner module) and clusterFromPrepass (in the core, which the agents view runs without
/// LibTorch). Both build the explorer the same way so that a seed gives the same groups.

#include "core/optim/rl/marl/marl_search.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace mapscape::marl {

/// The exploration policy of the pre-pass.
std::unique_ptr<PointOptimizer> makePrepassExplorer(const PointProblem& problem, ClusterPolicy policy,
                                                    std::int64_t samples, std::uint64_t seed);
/// Indices of the parameters with more than one allowed value (a fixed one has no agent).
std::vector<int> freeParametersOf(const PointProblem& problem);
/// The explored points restricted to the free parameters.
std::vector<Point> freeColumns(const std::vector<Point>& points, const std::vector<int>& free);

} // namespace mapscape::marl
