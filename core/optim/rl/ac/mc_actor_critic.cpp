// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/rl/ac/mc_actor_critic.h"

#include "core/optim/rl/common/weight_init.h"

#include <torch/torch.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

namespace mapscape::rl {

namespace {

/// Conv1d(3 → channels, k 3, pad 1) + ReLU → flatten → FC hidden + ReLU → FC hidden + ReLU,
/// then the heads.
struct TrunkImpl : torch::nn::Module {
    TrunkImpl(int slots, bool useConv, int channels, int hidden, const std::vector<int>& outs)
        : conv(useConv)
    {
        int width = 3 * slots;
        if (conv) {
            conv1 = register_module("conv", torch::nn::Conv1d(torch::nn::Conv1dOptions(3, channels, 3).padding(1)));
            width = channels * slots;
        }
        fc1 = register_module("fc1", torch::nn::Linear(width, hidden));
        fc2 = register_module("fc2", torch::nn::Linear(hidden, hidden));
        for (std::size_t h = 0; h < outs.size(); ++h)
            heads.push_back(register_module("head" + std::to_string(h), torch::nn::Linear(hidden, outs[h])));
    }
    torch::Tensor features(torch::Tensor x) // x: [n, 3, slots]
    {
        if (conv)
            x = torch::relu(conv1->forward(x));
        x = x.flatten(1);
        return torch::relu(fc2->forward(torch::relu(fc1->forward(x))));
    }
    bool conv;
    torch::nn::Conv1d conv1{nullptr};
    torch::nn::Linear fc1{nullptr}, fc2{nullptr};
    std::vector<torch::nn::Linear> heads;
};
TORCH_MODULE(Trunk);

} // namespace

struct McActorCritic::Impl {
    int slots;
    std::vector<int> heads;
    McActorCriticOptions opt;
    std::mt19937_64 rng;
    Trunk actor;
    Trunk critic;
    std::unique_ptr<torch::optim::Adam> actorOpt;
    std::unique_ptr<torch::optim::Adam> criticOpt;

    Impl(int s, std::vector<int> h, McActorCriticOptions o, std::uint64_t seed)
        : slots(s)
        , heads(std::move(h))
        , opt(o)
        , rng(seed)
        , actor(s, o.convolution, o.channels, o.hidden, heads)
        , critic(s, o.convolution, o.channels, o.hidden, std::vector<int>{1})
    {
        initialiseUniform(*actor, rng, 0.1);
        initialiseUniform(*critic, rng, 1.0);
        actorOpt = std::make_unique<torch::optim::Adam>(actor->parameters(), torch::optim::AdamOptions(opt.actorLr));
        criticOpt = std::make_unique<torch::optim::Adam>(critic->parameters(), torch::optim::AdamOptions(opt.criticLr));
    }

    torch::Tensor states(std::span<const McStep> steps) const
    {
        std::vector<float> flat;
        flat.reserve(steps.size() * std::size_t(3 * slots));
        for (const McStep& s : steps) {
            if (int(s.state.size()) != 3 * slots)
                throw std::invalid_argument("McActorCritic: a state has " + std::to_string(s.state.size()) +
                                            " values, expected " + std::to_string(3 * slots));
            flat.insert(flat.end(), s.state.begin(), s.state.end());
        }
        return torch::from_blob(flat.data(), {std::int64_t(steps.size()), 3, slots}, torch::kFloat32).clone();
    }

    torch::Tensor one(std::span<const float> state) const
    {
        if (int(state.size()) != 3 * slots)
            throw std::invalid_argument("McActorCritic: the state has " + std::to_string(state.size()) +
                                        " values, expected " + std::to_string(3 * slots));
        std::vector<float> copy(state.begin(), state.end());
        return torch::from_blob(copy.data(), {1, 3, slots}, torch::kFloat32).clone();
    }
};

McActorCritic::McActorCritic(int slots, std::vector<int> headSizes, McActorCriticOptions options, std::uint64_t seed)
{
    if (slots <= 0 || headSizes.empty())
        throw std::invalid_argument("McActorCritic: needs at least one slot and one head");
    for (int s : headSizes)
        if (s <= 0)
            throw std::invalid_argument("McActorCritic: every head needs at least one value");
    m = std::make_unique<Impl>(slots, std::move(headSizes), options, seed);
}

McActorCritic::~McActorCritic() = default;

int McActorCritic::slots() const { return m->slots; }

std::vector<float> McActorCritic::policy(std::span<const float> state, int head)
{
    if (head < 0 || head >= int(m->heads.size()))
        throw std::out_of_range("McActorCritic::policy: no head " + std::to_string(head));
    torch::NoGradGuard noGrad;
    const torch::Tensor p = torch::softmax(m->actor->heads[std::size_t(head)]->forward(m->actor->features(m->one(state))), 1)
                                .contiguous();
    const float* d = p.data_ptr<float>();
    return std::vector<float>(d, d + p.numel());
}

float McActorCritic::value(std::span<const float> state)
{
    torch::NoGradGuard noGrad;
    return m->critic->heads[0]->forward(m->critic->features(m->one(state))).item<float>();
}

McUpdateStats McActorCritic::update(std::span<const McStep> steps, std::span<const float> returns)
{
    if (steps.size() != returns.size())
        throw std::invalid_argument("McActorCritic::update: one return per step expected");
    McUpdateStats stats;
    if (steps.empty())
        return stats;
    const torch::Tensor s = m->states(steps);
    std::vector<float> g(returns.begin(), returns.end());
    const torch::Tensor G = torch::from_blob(g.data(), {std::int64_t(g.size())}, torch::kFloat32).clone();

    // Critic: δ_i = G_i − V(s_i); minimising ½ Σ δ² moves ω along Σ δ_i ∇V(s_i) (Eq. 7).
    const torch::Tensor v = m->critic->heads[0]->forward(m->critic->features(s)).squeeze(1);
    const torch::Tensor delta = G - v;
    const torch::Tensor criticLoss = 0.5 * delta.pow(2).sum();
    m->criticOpt->zero_grad();
    criticLoss.backward();
    if (m->opt.gradClip > 0)
        torch::nn::utils::clip_grad_norm_(m->critic->parameters(), m->opt.gradClip);
    m->criticOpt->step();

    // Actor: −Σ δ_i log π(a_i|s_i) moves θ along Σ δ_i ∇log π (Eq. 8), δ from the old critic.
    const torch::Tensor feats = m->actor->features(s);
    const torch::Tensor adv = delta.detach();
    torch::Tensor actorLoss = torch::zeros({}, torch::kFloat32);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const int h = steps[i].head;
        if (h < 0 || h >= int(m->heads.size()) || steps[i].action < 0 || steps[i].action >= m->heads[std::size_t(h)])
            throw std::invalid_argument("McActorCritic::update: step " + std::to_string(i) + " has no such head or action");
        const torch::Tensor logp =
            torch::log_softmax(m->actor->heads[std::size_t(h)]->forward(feats.slice(0, std::int64_t(i), std::int64_t(i) + 1)), 1);
        actorLoss = actorLoss - adv[std::int64_t(i)] * logp[0][steps[i].action];
    }
    m->actorOpt->zero_grad();
    actorLoss.backward();
    if (m->opt.gradClip > 0)
        torch::nn::utils::clip_grad_norm_(m->actor->parameters(), m->opt.gradClip);
    m->actorOpt->step();

    stats.actorLoss = actorLoss.item<double>();
    stats.criticLoss = criticLoss.item<double>();
    stats.meanValue = v.mean().item<double>();
    return stats;
}

} // namespace mapscape::rl
