// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Seeded weight initialisation shared by the LibTorch agents. Included only by .cpp files that
/// already use LibTorch.

#include <torch/nn/module.h>

#include <random>

namespace mapscape::rl {

/// PyTorch-style uniform(±1/√fan_in) weights drawn from our own generator, in the order of
/// `named_parameters()`, with fan_in the number of inputs per output unit (a Linear layer's
/// columns, a convolution's channels × kernel); biases are zero and draw nothing. Parameters
/// whose name starts with "head" are scaled by `headScale` (a small actor head starts the
/// policy close to uniform).
void initialiseUniform(torch::nn::Module& net, std::mt19937_64& rng, double headScale);

} // namespace mapscape::rl
