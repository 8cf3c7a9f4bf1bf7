// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/rl/common/weight_init.h"

#include <torch/torch.h>

#include <cmath>
#include <vector>

namespace mapscape::rl {

void initialiseUniform(torch::nn::Module& net, std::mt19937_64& rng, double headScale)
{
    torch::NoGradGuard noGrad;
    for (auto& item : net.named_parameters()) {
        torch::Tensor& p = item.value();
        const bool isHead = item.key().rfind("head", 0) == 0;
        std::vector<float> values(std::size_t(p.numel()), 0.f);
        if (p.dim() >= 2) {
            const std::int64_t fanIn = p.numel() / p.size(0);
            const double bound = 1.0 / std::sqrt(double(fanIn));
            std::uniform_real_distribution<double> u(-bound, bound);
            for (float& v : values)
                v = float(u(rng) * (isHead ? headScale : 1.0));
        }
        p.copy_(torch::from_blob(values.data(), p.sizes(), torch::kFloat32).clone());
    }
}

} // namespace mapscape::rl
