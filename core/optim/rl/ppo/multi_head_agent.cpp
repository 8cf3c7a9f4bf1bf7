// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/rl/ppo/multi_head_agent.h"

#include "core/optim/rl/common/weight_init.h"
#include "core/optim/rl/ppo/ppo_update.h"

#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

namespace mapscape::rl {

namespace {

constexpr float kMaskedLogit = -1e9f;

/// tanh MLP torso with one linear head per output group.
struct NetImpl : torch::nn::Module {
    NetImpl(int in, const std::vector<int>& hidden, const std::vector<int>& outs)
    {
        int width = in;
        for (std::size_t i = 0; i < hidden.size(); ++i) {
            layers.push_back(register_module("fc" + std::to_string(i), torch::nn::Linear(width, hidden[i])));
            width = hidden[i];
        }
        for (std::size_t h = 0; h < outs.size(); ++h)
            heads.push_back(register_module("head" + std::to_string(h), torch::nn::Linear(width, outs[h])));
    }
    torch::Tensor torso(torch::Tensor x)
    {
        for (auto& l : layers)
            x = torch::tanh(l->forward(x));
        return x;
    }
    std::vector<torch::nn::Linear> layers;
    std::vector<torch::nn::Linear> heads;
};
TORCH_MODULE(Net);

} // namespace

struct MultiHeadPpoAgent::Impl {
    int obsSize;
    std::vector<int> heads;
    MultiHeadOptions opt;
    std::mt19937_64 rng;
    Net actor;
    Net critic;
    std::vector<torch::Tensor> masks; ///< per head: [1, size] bool
    std::vector<std::vector<std::uint8_t>> maskBytes;
    std::unique_ptr<torch::optim::Adam> actorOpt;
    std::unique_ptr<torch::optim::Adam> criticOpt;
    std::vector<MultiHeadTransition> buffer;

    Impl(int o, std::vector<int> h, MultiHeadOptions options, std::uint64_t seed)
        : obsSize(o)
        , heads(std::move(h))
        , opt(std::move(options))
        , rng(seed)
        , actor(o, opt.hidden, heads)
        , critic(o, opt.hidden, std::vector<int>{1})
    {
        if (o <= 0 || heads.empty())
            throw std::invalid_argument("MultiHeadPpoAgent: needs an observation and at least one head");
        for (int s : heads)
            if (s <= 0)
                throw std::invalid_argument("MultiHeadPpoAgent: every head needs at least one value");
        initialiseUniform(*actor, rng, 0.01f);
        initialiseUniform(*critic, rng, 1.0f);
        std::vector<std::vector<std::uint8_t>> all;
        for (int s : heads)
            all.emplace_back(std::size_t(s), std::uint8_t(1));
        setMasks(std::move(all));
        actorOpt = std::make_unique<torch::optim::Adam>(actor->parameters(), torch::optim::AdamOptions(opt.ppo.actorLr));
        criticOpt = std::make_unique<torch::optim::Adam>(critic->parameters(), torch::optim::AdamOptions(opt.ppo.criticLr));
    }

    void setMasks(std::vector<std::vector<std::uint8_t>> m)
    {
        if (m.size() != heads.size())
            throw std::invalid_argument("MultiHeadPpoAgent::setMasks: one mask per head expected");
        masks.clear();
        for (std::size_t h = 0; h < heads.size(); ++h) {
            if (int(m[h].size()) != heads[h])
                throw std::invalid_argument("MultiHeadPpoAgent::setMasks: mask " + std::to_string(h) + " has the wrong size");
            if (std::none_of(m[h].begin(), m[h].end(), [](std::uint8_t b) { return b != 0; }))
                throw std::invalid_argument("MultiHeadPpoAgent::setMasks: head " + std::to_string(h) + " allows no value");
            std::vector<float> f(m[h].begin(), m[h].end());
            masks.push_back(torch::from_blob(f.data(), {1, heads[h]}, torch::kFloat32).clone() > 0.5);
        }
        maskBytes = std::move(m);
    }

    torch::Tensor batch(std::span<const std::vector<float>> obs) const
    {
        std::vector<float> flat;
        flat.reserve(obs.size() * std::size_t(obsSize));
        for (const auto& o : obs) {
            if (int(o.size()) != obsSize)
                throw std::invalid_argument("MultiHeadPpoAgent: observation has " + std::to_string(o.size()) +
                                            " values, expected " + std::to_string(obsSize));
            flat.insert(flat.end(), o.begin(), o.end());
        }
        return torch::from_blob(flat.data(), {std::int64_t(obs.size()), obsSize}, torch::kFloat32).clone();
    }

    /// log π per head for a batch: [n, size_h], masked.
    std::vector<torch::Tensor> logProbs(const torch::Tensor& states)
    {
        const torch::Tensor t = actor->torso(states);
        std::vector<torch::Tensor> out;
        out.reserve(heads.size());
        for (std::size_t h = 0; h < heads.size(); ++h) {
            const torch::Tensor logits = actor->heads[h]->forward(t).masked_fill(masks[h].logical_not(), kMaskedLogit);
            out.push_back(torch::log_softmax(logits, 1));
        }
        return out;
    }

    torch::Tensor values(const torch::Tensor& states) { return critic->heads[0]->forward(critic->torso(states)).squeeze(1); }
};

MultiHeadPpoAgent::MultiHeadPpoAgent(int observationSize, std::vector<int> headSizes, MultiHeadOptions options,
                                     std::uint64_t seed)
    : d(std::make_unique<Impl>(observationSize, std::move(headSizes), std::move(options), seed))
{
}

MultiHeadPpoAgent::~MultiHeadPpoAgent() = default;

int MultiHeadPpoAgent::observationSize() const { return d->obsSize; }
const std::vector<int>& MultiHeadPpoAgent::headSizes() const { return d->heads; }
void MultiHeadPpoAgent::setMasks(std::vector<std::vector<std::uint8_t>> masks) { d->setMasks(std::move(masks)); }

std::vector<std::vector<double>> MultiHeadPpoAgent::probabilities(std::span<const float> observation)
{
    torch::NoGradGuard noGrad;
    const std::vector<float> o(observation.begin(), observation.end());
    const std::vector<torch::Tensor> lp = d->logProbs(d->batch(std::span<const std::vector<float>>(&o, 1)));
    std::vector<std::vector<double>> out;
    for (std::size_t h = 0; h < lp.size(); ++h) {
        const torch::Tensor p = lp[h].exp().to(torch::kFloat64).contiguous();
        const double* ptr = p.data_ptr<double>();
        std::vector<double> v(ptr, ptr + d->heads[h]);
        for (int a = 0; a < d->heads[h]; ++a)
            if (!d->maskBytes[h][std::size_t(a)])
                v[std::size_t(a)] = 0;
        out.push_back(std::move(v));
    }
    return out;
}

std::vector<MultiHeadStep> MultiHeadPpoAgent::act(std::span<const std::vector<float>> observations, bool greedy)
{
    torch::NoGradGuard noGrad;
    const auto n = std::int64_t(observations.size());
    std::vector<MultiHeadStep> steps(static_cast<std::size_t>(n));
    if (n == 0)
        return steps;
    const torch::Tensor states = d->batch(observations);
    const std::vector<torch::Tensor> lp = d->logProbs(states);
    const torch::Tensor v = d->values(states).contiguous();
    for (std::int64_t i = 0; i < n; ++i) {
        steps[std::size_t(i)].value = v.data_ptr<float>()[i];
        steps[std::size_t(i)].actions.resize(d->heads.size());
    }
    for (std::size_t h = 0; h < d->heads.size(); ++h) {
        const torch::Tensor logp = lp[h].to(torch::kFloat64).contiguous();
        const double* base = logp.data_ptr<double>();
        const int size = d->heads[h];
        const std::vector<std::uint8_t>& mask = d->maskBytes[h];
        for (std::int64_t i = 0; i < n; ++i) {
            const double* row = base + i * size;
            int a = -1;
            if (greedy) {
                double best = -HUGE_VAL;
                for (int k = 0; k < size; ++k)
                    if (mask[std::size_t(k)] && row[k] > best) {
                        best = row[k];
                        a = k;
                    }
            } else {
                double total = 0;
                for (int k = 0; k < size; ++k)
                    if (mask[std::size_t(k)])
                        total += std::exp(row[k]);
                const double u = std::uniform_real_distribution<double>(0.0, total)(d->rng);
                double acc = 0;
                for (int k = 0; k < size; ++k) {
                    if (!mask[std::size_t(k)])
                        continue;
                    acc += std::exp(row[k]);
                    a = k;
                    if (u < acc)
                        break;
                }
            }
            MultiHeadStep& s = steps[std::size_t(i)];
            s.actions[h] = a;
            s.logProb += float(row[a]);
        }
    }
    return steps;
}

void MultiHeadPpoAgent::store(MultiHeadTransition t)
{
    if (int(t.observation.size()) != d->obsSize || int(t.nextObservation.size()) != d->obsSize ||
        t.actions.size() != d->heads.size())
        throw std::invalid_argument("MultiHeadPpoAgent::store: transition does not match the agent's shape");
    for (std::size_t h = 0; h < d->heads.size(); ++h)
        if (t.actions[h] < 0 || t.actions[h] >= d->heads[h])
            throw std::invalid_argument("MultiHeadPpoAgent::store: action out of range");
    d->buffer.push_back(std::move(t));
}

std::size_t MultiHeadPpoAgent::pendingTransitions() const { return d->buffer.size(); }

MultiHeadUpdateStats MultiHeadPpoAgent::update(double entropyCoef)
{
    MultiHeadUpdateStats stats;
    stats.headEntropy.assign(d->heads.size(), 0.0);
    std::vector<MultiHeadTransition>& buf = d->buffer;
    const auto n = std::int64_t(buf.size());
    if (n == 0)
        return stats;
    const PpoOptions& o = d->opt.ppo;
    const auto H = std::int64_t(d->heads.size());

    const Rollout rollout = rolloutOf(buf, d->obsSize);
    std::vector<std::int64_t> actionData;
    actionData.reserve(std::size_t(n) * std::size_t(H));
    for (const MultiHeadTransition& t : buf) {
        for (int a : t.actions)
            actionData.push_back(a);
    }
    const torch::Tensor actions = torch::from_blob(actionData.data(), {n, H}, torch::kInt64).clone();
    const AdvantageTargets at =
        advantageTargets(rollout, [&](const torch::Tensor& s) { return d->values(s); }, o, CriticTarget::GaeReturn);

    std::vector<torch::Tensor> allParams = d->actor->parameters();
    for (const auto& p : d->critic->parameters())
        allParams.push_back(p);
    const auto losses = [&](const Minibatch& b) {
        const torch::Tensor a = actions.index_select(0, b.index);
        const std::vector<torch::Tensor> lp = d->logProbs(b.states);
        MinibatchLosses l;
        l.newLogp = torch::zeros({b.size});
        l.entropy = torch::zeros({});
        for (std::int64_t h = 0; h < H; ++h) {
            const torch::Tensor& lh = lp[std::size_t(h)];
            l.newLogp = l.newLogp + lh.gather(1, a.select(1, h).unsqueeze(1)).squeeze(1);
            const torch::Tensor e =
                -(lh.exp() * lh.masked_fill(d->masks[std::size_t(h)].logical_not(), 0.0)).sum(1).mean();
            l.entropy = l.entropy + e;
            stats.headEntropy[std::size_t(h)] += e.item<double>();
        }
        l.actorLoss = clippedSurrogateLoss(l.newLogp, b.oldLogp, b.advantages, o.clipEps);
        l.criticLoss = torch::mse_loss(d->values(b.states), b.targets);
        return l;
    };
    const auto clip = [&] { torch::nn::utils::clip_grad_norm_(allParams, o.maxGradNorm); };
    const PpoEpochs epochs = runPpoEpochs(rollout, at, o, entropyCoef, d->rng, *d->actorOpt, *d->criticOpt, losses, clip);
    stats.actorLoss = epochs.means.actorLoss;
    stats.criticLoss = epochs.means.criticLoss;
    stats.entropy = epochs.means.entropy;
    stats.approxKl = epochs.means.approxKl;
    if (epochs.batches > 0) {
        for (double& e : stats.headEntropy)
            e /= epochs.batches;
    }
    stats.samples = int(n);
    buf.clear();
    return stats;
}

} // namespace mapscape::rl
