// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The accelerator-sizing study kind (seed 002): an RNN / LSTM / GRU accelerator's PE array,
/// memories, banks and DMA sized for latency, power and area on HASCO's GEMM template over the
/// MAESTRO-compatible model, by GRMD (a GA on area, then an actor-critic) and its baselines.

#include "kinds/accel/core/accel_problem.h"
#include "core/optim/space/point_search.h"
#include "core/study/study.h"

#include <memory>

namespace mapscape {

/// Inputs of an accelerator-sizing study: the RNN workload, the model, the design space, the
/// FPGA limits and the constraints the optimizers work against, and the design shown.
struct AccelInputs {
    AccelSetup setup;
    AccelDesign design; ///< the design shown and evaluated
    friend bool operator==(const AccelInputs&, const AccelInputs&) = default;
};

const StudyKind& accelKind();
std::shared_ptr<const StudyKind> makeAccelKind();

/// The kind's optimizers (grmd, nsga2, mopso, bo, ga, random) and their factory.
std::span<const OptimizerInfo> accelOptimizers();
std::unique_ptr<PointOptimizer> makeAccelOptimizer(std::string_view id, const AccelProblem& problem,
                                                   const OptionValues& values, std::uint64_t seed);

} // namespace mapscape
