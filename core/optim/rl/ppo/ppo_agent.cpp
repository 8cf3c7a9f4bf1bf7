// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/rl/ppo/ppo_agent.h"

#include "core/optim/rl/ppo/ppo_update.h"

#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>

namespace mapscape::rl {

float entropyCoefficient(const PpoOptions& o, std::int64_t episode)
{
    // Equation (6): constant before the start episode, then ×decay every `every` episodes
    // (episodes start, start+every, ...), floored at the final value.
    if (episode < o.entropyDecayStart || o.entropyDecayEvery <= 0)
        return o.entropyCoef;
    const std::int64_t decays = (episode - o.entropyDecayStart) / o.entropyDecayEvery + 1;
    const double c = double(o.entropyCoef) * std::pow(double(o.entropyDecay), double(decays));
    return float(std::max(c, double(o.entropyCoefFinal)));
}

namespace {

// Masked logits use a large finite negative instead of −∞: the probabilities are exactly 0 in
// float, and p·log p stays 0 instead of NaN.
constexpr float kMaskedLogit = -1e9f;

struct MlpImpl : torch::nn::Module {
    MlpImpl(int in, int hidden, int out)
        : fc1(register_module("fc1", torch::nn::Linear(in, hidden)))
        , fc2(register_module("fc2", torch::nn::Linear(hidden, hidden)))
        , head(register_module("head", torch::nn::Linear(hidden, out)))
    {
    }
    torch::Tensor forward(const torch::Tensor& x)
    {
        return head->forward(torch::tanh(fc2->forward(torch::tanh(fc1->forward(x)))));
    }
    torch::nn::Linear fc1, fc2, head;
};
TORCH_MODULE(Mlp);

/// PyTorch-style uniform(±1/√fan_in) initialisation from our own generator; the output layer of
/// the actor is scaled down so the initial policy is close to uniform over valid actions.
void initialise(Mlp& net, std::mt19937_64& rng, float headScale)
{
    torch::NoGradGuard noGrad;
    for (auto& item : net->named_parameters()) {
        torch::Tensor& p = item.value();
        const bool isHead = item.key().rfind("head", 0) == 0;
        const std::int64_t fanIn = p.dim() == 2 ? p.size(1) : 0;
        const double bound = fanIn > 0 ? 1.0 / std::sqrt(double(fanIn)) : 0.0;
        std::uniform_real_distribution<double> u(-bound, bound);
        std::vector<float> values(std::size_t(p.numel()));
        for (float& v : values)
            v = float(u(rng) * (isHead ? headScale : 1.0));
        if (p.dim() == 1)
            std::fill(values.begin(), values.end(), 0.f);
        p.copy_(torch::from_blob(values.data(), p.sizes(), torch::kFloat32).clone());
    }
}

double globalNorm(const std::vector<torch::Tensor>& params)
{
    double s = 0;
    for (const auto& p : params) {
        if (p.grad().defined())
            s += p.grad().pow(2).sum().item<double>();
    }
    return std::sqrt(s);
}

} // namespace

struct PpoAgent::Impl {
    int obsSize;
    int actions;
    PpoOptions opt;
    std::mt19937_64 rng;
    Mlp actor;
    Mlp critic;
    std::unique_ptr<torch::optim::Adam> actorOpt;
    std::unique_ptr<torch::optim::Adam> criticOpt;
    std::vector<Transition> buffer;

    Impl(int o, int a, PpoOptions options, std::uint64_t seed)
        : obsSize(o)
        , actions(a)
        , opt(options)
        , rng(seed)
        , actor(o, options.hidden, a)
        , critic(o, options.hidden, 1)
    {
        if (o <= 0 || a <= 0)
            throw std::invalid_argument("PpoAgent: observation and action sizes must be positive");
        initialise(actor, rng, 0.01f);
        initialise(critic, rng, 1.0f);
        resetOptimisers();
    }

    void resetOptimisers()
    {
        actorOpt = std::make_unique<torch::optim::Adam>(actor->parameters(), torch::optim::AdamOptions(opt.actorLr));
        criticOpt = std::make_unique<torch::optim::Adam>(critic->parameters(), torch::optim::AdamOptions(opt.criticLr));
    }

    torch::Tensor obsTensor(std::span<const float> obs) const
    {
        if (int(obs.size()) != obsSize)
            throw std::invalid_argument("PpoAgent: observation has " + std::to_string(obs.size()) + " values, expected " +
                                        std::to_string(obsSize));
        return torch::from_blob(const_cast<float*>(obs.data()), {1, obsSize}, torch::kFloat32).clone();
    }

    torch::Tensor maskTensor(std::span<const std::uint8_t> mask) const
    {
        if (int(mask.size()) != actions)
            throw std::invalid_argument("PpoAgent: mask has " + std::to_string(mask.size()) + " entries, expected " +
                                        std::to_string(actions));
        std::vector<float> m(mask.begin(), mask.end());
        return torch::from_blob(m.data(), {1, actions}, torch::kFloat32).clone() > 0.5;
    }

    static torch::Tensor maskedLogits(const torch::Tensor& logits, const torch::Tensor& mask)
    {
        return logits.masked_fill(mask.logical_not(), kMaskedLogit);
    }
};

PpoAgent::PpoAgent(int observationSize, int actionCount, PpoOptions options, std::uint64_t seed)
    : d(std::make_unique<Impl>(observationSize, actionCount, options, seed))
{
}

PpoAgent::~PpoAgent() = default;

int PpoAgent::observationSize() const { return d->obsSize; }
int PpoAgent::actionCount() const { return d->actions; }
const PpoOptions& PpoAgent::options() const { return d->opt; }

std::vector<double> PpoAgent::probabilities(std::span<const float> observation, std::span<const std::uint8_t> mask)
{
    torch::NoGradGuard noGrad;
    const torch::Tensor logits = Impl::maskedLogits(d->actor->forward(d->obsTensor(observation)), d->maskTensor(mask));
    const torch::Tensor p = torch::softmax(logits.to(torch::kFloat64), 1).contiguous();
    const double* ptr = p.data_ptr<double>();
    std::vector<double> out(ptr, ptr + d->actions);
    for (int a = 0; a < d->actions; ++a) {
        if (!mask[std::size_t(a)])
            out[std::size_t(a)] = 0;
    }
    return out;
}

double PpoAgent::value(std::span<const float> observation)
{
    torch::NoGradGuard noGrad;
    return d->critic->forward(d->obsTensor(observation)).item<double>();
}

PolicyStep PpoAgent::act(std::span<const float> observation, std::span<const std::uint8_t> mask, bool greedy)
{
    if (std::none_of(mask.begin(), mask.end(), [](std::uint8_t m) { return m != 0; }))
        throw std::invalid_argument("PpoAgent: no valid action");
    const std::vector<double> p = probabilities(observation, mask);
    int action = -1;
    if (greedy) {
        double best = -1;
        for (int a = 0; a < d->actions; ++a) {
            if (mask[std::size_t(a)] && p[std::size_t(a)] > best) {
                best = p[std::size_t(a)];
                action = a;
            }
        }
    } else {
        const double total = std::accumulate(p.begin(), p.end(), 0.0);
        const double u = std::uniform_real_distribution<double>(0.0, total)(d->rng);
        double acc = 0;
        for (int a = 0; a < d->actions; ++a) {
            if (!mask[std::size_t(a)])
                continue;
            acc += p[std::size_t(a)];
            action = a;
            if (u < acc)
                break;
        }
    }
    PolicyStep s;
    s.action = action;
    s.logProb = float(std::log(std::max(p[std::size_t(action)], 1e-300)));
    s.value = float(value(observation));
    return s;
}

void PpoAgent::store(Transition t)
{
    if (int(t.observation.size()) != d->obsSize || int(t.nextObservation.size()) != d->obsSize ||
        int(t.mask.size()) != d->actions || t.action < 0 || t.action >= d->actions)
        throw std::invalid_argument("PpoAgent::store: transition does not match the agent's shape");
    d->buffer.push_back(std::move(t));
}

std::size_t PpoAgent::pendingTransitions() const { return d->buffer.size(); }

UpdateStats PpoAgent::update(double entropyCoef)
{
    UpdateStats stats;
    std::vector<Transition>& buf = d->buffer;
    const auto n = std::int64_t(buf.size());
    if (n == 0)
        return stats;
    const PpoOptions& o = d->opt;
    const int acts = d->actions;

    const Rollout rollout = rolloutOf(buf, d->obsSize);
    std::vector<float> maskData;
    std::vector<std::int64_t> actionData;
    maskData.reserve(std::size_t(n * acts));
    for (const Transition& t : buf) {
        maskData.insert(maskData.end(), t.mask.begin(), t.mask.end());
        actionData.push_back(t.action);
    }
    const torch::Tensor masks = floatTensor(maskData, {n, acts}) > 0.5;
    const torch::Tensor actions = torch::from_blob(actionData.data(), {n}, torch::kInt64).clone();
    const AdvantageTargets at = advantageTargets(
        rollout, [&](const torch::Tensor& s) { return d->critic->forward(s).reshape({n}); }, o, o.criticTarget);

    std::vector<torch::Tensor> allParams = d->actor->parameters();
    for (const auto& p : d->critic->parameters())
        allParams.push_back(p);
    const auto losses = [&](const Minibatch& b) {
        const torch::Tensor m = masks.index_select(0, b.index);
        const torch::Tensor a = actions.index_select(0, b.index);
        const torch::Tensor logits = Impl::maskedLogits(d->actor->forward(b.states), m);
        const torch::Tensor logp = torch::log_softmax(logits, 1);
        const torch::Tensor probs = logp.exp();
        MinibatchLosses l;
        l.newLogp = logp.gather(1, a.unsqueeze(1)).squeeze(1);
        l.actorLoss = clippedSurrogateLoss(l.newLogp, b.oldLogp, b.advantages, o.clipEps);
        // Exact entropy of the masked distribution (masked entries contribute 0·finite).
        l.entropy = -(probs * logp.masked_fill(m.logical_not(), 0.0)).sum(1).mean();

        const torch::Tensor v = d->critic->forward(b.states).squeeze(1);
        torch::Tensor l2 = torch::zeros({});
        for (const auto& p : d->critic->parameters()) {
            if (p.dim() == 2)
                l2 = l2 + p.pow(2).sum();
        }
        if (!o.squaredL2)
            l2 = torch::sqrt(l2);
        l.criticLoss = torch::smooth_l1_loss(v, b.targets) + o.l2 * l2;
        return l;
    };
    const auto clip = [&] {
        const double norm = globalNorm(allParams);
        if (norm > o.maxGradNorm) {
            torch::NoGradGuard noGrad;
            const double scale = o.maxGradNorm / (norm + 1e-6);
            for (auto& p : allParams) {
                if (p.grad().defined())
                    p.grad().mul_(scale);
            }
        }
    };
    stats = runPpoEpochs(rollout, at, o, entropyCoef, d->rng, *d->actorOpt, *d->criticOpt, losses, clip).means;
    stats.samples = int(n);
    buf.clear();
    return stats;
}

void PpoAgent::copyWeightsFrom(const PpoAgent& other)
{
    if (other.d->obsSize != d->obsSize || other.d->actions != d->actions || other.d->opt.hidden != d->opt.hidden)
        throw std::invalid_argument("PpoAgent::copyWeightsFrom: agents have different shapes");
    torch::NoGradGuard noGrad;
    const auto copy = [](Mlp& to, const Mlp& from) {
        auto dst = to->parameters();
        auto src = from->parameters();
        for (std::size_t i = 0; i < dst.size(); ++i)
            dst[i].copy_(src[i]);
    };
    copy(d->actor, other.d->actor);
    copy(d->critic, other.d->critic);
    d->resetOptimisers();
}


} // namespace mapscape::rl
