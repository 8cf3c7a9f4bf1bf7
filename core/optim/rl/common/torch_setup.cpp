// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/rl/common/torch_setup.h"

#include <torch/torch.h>

#include <algorithm>

namespace mapscape::rl {

void seedTorch(std::uint64_t seed) { torch::manual_seed(seed); }

void setTorchThreads(int threads) { at::set_num_threads(std::max(1, threads)); }

double torchSelfCheck(std::uint64_t seed)
{
    torch::NoGradGuard noGrad; // grad mode is thread-local: set it on the calling thread
    seedTorch(seed);
    torch::nn::Linear layer(8, 4);
    const torch::Tensor x = torch::randn({16, 8});
    return layer->forward(x).tanh().sum().item<double>();
}

} // namespace mapscape::rl
