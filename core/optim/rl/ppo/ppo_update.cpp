// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/rl/ppo/ppo_update.h"

#include "core/optim/rl/ppo/rollout_math.h"

#include <algorithm>
#include <span>

namespace mapscape::rl {

torch::Tensor floatTensor(std::vector<float>& data, std::vector<std::int64_t> shape)
{
    return torch::from_blob(data.data(), shape, torch::kFloat32).clone();
}

AdvantageTargets advantageTargets(const Rollout& rollout, const std::function<torch::Tensor(const torch::Tensor&)>& critic,
                                  const PpoOptions& o, CriticTarget target)
{
    const std::int64_t n = rollout.size;
    const auto un = static_cast<std::size_t>(n);
    std::vector<float> values(un), nextValues(un);
    {
        torch::NoGradGuard noGrad;
        const torch::Tensor v = critic(rollout.states).contiguous();
        const torch::Tensor nv = critic(rollout.nextStates).contiguous();
        std::copy(v.data_ptr<float>(), v.data_ptr<float>() + n, values.begin());
        std::copy(nv.data_ptr<float>(), nv.data_ptr<float>() + n, nextValues.begin());
    }
    Advantages gae =
        generalizedAdvantages(rollout.streams, rollout.rewards, rollout.dones, values, nextValues, o.gamma, o.gaeLambda);
    AdvantageTargets out;
    out.advantages = floatTensor(gae.advantages, {n});
    if (o.normalizeAdvantages && n > 1)
        out.advantages = (out.advantages - out.advantages.mean()) / (out.advantages.std() + 1e-8);
    out.targets = target == CriticTarget::TdZero ? floatTensor(gae.tdTargets, {n}) : floatTensor(gae.returns, {n});
    return out;
}

torch::Tensor clippedSurrogateLoss(const torch::Tensor& newLogp, const torch::Tensor& oldLogp,
                                   const torch::Tensor& advantages, float clipEps)
{
    const torch::Tensor ratio = (newLogp - oldLogp).exp();
    const torch::Tensor surr1 = ratio * advantages;
    const torch::Tensor surr2 = torch::clamp(ratio, 1.0 - clipEps, 1.0 + clipEps) * advantages;
    return -torch::min(surr1, surr2).mean();
}

PpoEpochs runPpoEpochs(const Rollout& rollout, const AdvantageTargets& at, const PpoOptions& o, double entropyCoef,
                          std::mt19937_64& rng, torch::optim::Optimizer& actorOpt, torch::optim::Optimizer& criticOpt,
                          const std::function<MinibatchLosses(const Minibatch&)>& losses,
                          const std::function<void()>& clipGradients)
{
    PpoEpochs epochs;
    UpdateStats& means = epochs.means;
    forEachMinibatch(rollout.size, o.miniBatch, o.epochs, rng, [&](std::span<const std::int64_t> ids) {
        Minibatch b;
        b.size = std::int64_t(ids.size());
        b.index = torch::from_blob(const_cast<std::int64_t*>(ids.data()), {b.size}, torch::kInt64).clone();
        b.states = rollout.states.index_select(0, b.index);
        b.oldLogp = rollout.oldLogp.index_select(0, b.index);
        b.advantages = at.advantages.index_select(0, b.index);
        b.targets = at.targets.index_select(0, b.index);

        const MinibatchLosses l = losses(b);
        const torch::Tensor loss = l.actorLoss + o.valueCoef * l.criticLoss - float(entropyCoef) * l.entropy;

        actorOpt.zero_grad();
        criticOpt.zero_grad();
        loss.backward();
        if (o.maxGradNorm > 0)
            clipGradients();
        actorOpt.step();
        criticOpt.step();

        means.actorLoss += l.actorLoss.item<double>();
        means.criticLoss += l.criticLoss.item<double>();
        means.entropy += l.entropy.item<double>();
        means.approxKl += (b.oldLogp - l.newLogp).mean().item<double>();
        ++epochs.batches;
    });
    if (epochs.batches > 0) {
        means.actorLoss /= epochs.batches;
        means.criticLoss /= epochs.batches;
        means.entropy /= epochs.batches;
        means.approxKl /= epochs.batches;
    }
    return epochs;
}

} // namespace mapscape::rl
