// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/learners/dpu_agent.h"
#include "core/optim/rl/module/learner_module.h"

#include "core/optim/rl/common/torch_setup.h"
#include "core/optim/rl/ppo/ppo_agent.h"

#include <algorithm>
#include <chrono>
#include <random>

namespace mapscape::dpu {

struct DpuAgent::Impl {
    const RecordedRuns& runs;
    Split split;
    DpuAgentOptions opt;
    Normalizer norm;
    ContextStats ctx;
    std::mt19937_64 rng;
    rl::PpoAgent agent;
    std::vector<std::uint8_t> mask;
    std::int64_t steps = 0;

    Impl(const RecordedRuns& r, Split s, DpuAgentOptions o)
        : runs(r)
        , split(std::move(s))
        , opt(std::move(o))
        , norm(Normalizer::fit(trainingObservations(r, split.train)))
        , rng(opt.seed ^ 0xD1B54A32D192ED03ull)
        , agent(kObservationSize, r.actions(), opt.ppo, opt.seed)
        , mask(std::size_t(r.actions()), 1)
    {
    }

    std::vector<float> input(const Observation& raw) const
    {
        const auto z = norm.apply(raw);
        return {z.begin(), z.end()};
    }

    /// The most probable configuration (the first of equals, as PpoAgent::act's greedy mode),
    /// without the critic pass act() makes for training.
    int greedy(const Observation& raw)
    {
        const std::vector<double> p = agent.probabilities(input(raw), mask);
        return int(std::max_element(p.begin(), p.end()) - p.begin());
    }
};

DpuAgent::DpuAgent(const RecordedRuns& runs, Split split, DpuAgentOptions options)
{
    if (split.train.empty())
        throw InputError("split.train: no training variants");
    for (const std::vector<int>* list : {&split.train, &split.test}) {
        for (int v : *list) {
            if (v < 0 || v >= runs.variants())
                throw InputError("split: variant " + std::to_string(v) + " does not exist");
        }
    }
    if (options.iterations < 1)
        throw InputError("iterations: must be at least 1, got " + std::to_string(options.iterations));
    if (options.stepsPerIteration < 1)
        throw InputError("steps_per_iteration: must be at least 1, got " + std::to_string(options.stepsPerIteration));
    if (!(options.reward.alpha > 0))
        throw InputError("reward.alpha: must be positive");
    if (!(options.reward.lambda >= 0 && options.reward.lambda <= 1))
        throw InputError("reward.lambda: must be in [0, 1]");
    d = std::make_unique<Impl>(runs, std::move(split), std::move(options));
}

DpuAgent::~DpuAgent() = default;

std::vector<TrainingIteration> DpuAgent::train(std::stop_token stop, MetricsSink& sink, RunControl* control)
{
    double pausedS = 0;
    rl::seedTorch(d->opt.seed);
    const auto start = std::chrono::steady_clock::now();
    const Platform& p = d->runs.platform();
    RoundRobin pairs(d->split.train);
    std::vector<TrainingIteration> history;
    double bestTrain = -1;
    int sinceBest = 0;
    const RewardOptions& ro = d->opt.reward;
    for (int it = 0; it < d->opt.iterations && !stop.stop_requested(); ++it) {
        double rewardSum = 0;
        int violations = 0;
        int taken = 0;
        for (int t = 0; t < d->opt.stepsPerIteration && !stop.stop_requested(); ++t) {
            const auto [v, w] = pairs.next();
            const Sample& pre = drawSample(d->runs.background(w), d->rng);
            const Observation raw = observe(p, v, pre.telemetry, p.fpsConstraint);
            std::vector<float> x = d->input(raw);
            const rl::PolicyStep step = d->agent.act(x, d->mask, false);
            const RecordedRun& run = d->runs.run(v, w, step.action);
            const Sample& out = d->opt.runMeanReward ? run.mean : drawSample(run.samples, d->rng);
            const double r = stepReward(d->ctx, p, v, raw, out, ro);
            rl::Transition tr;
            tr.observation = x;
            tr.nextObservation = std::move(x);
            tr.mask = d->mask;
            tr.action = step.action;
            tr.logProb = step.logProb;
            tr.reward = float(r);
            tr.done = true;
            d->agent.store(std::move(tr));
            rewardSum += r;
            violations += out.fps < p.fpsConstraint ? 1 : 0;
            ++taken;
            ++d->steps;
        }
        // A stop during the collection ends the run at once: the partial batch is dropped (no
        // PPO update, no evaluation), so the policy is that of the last whole iteration.
        if (taken == 0 || stop.stop_requested())
            break;
        const rl::UpdateStats u = d->agent.update(rl::entropyCoefficient(d->opt.ppo, it));

        TrainingIteration rec;
        rec.iteration = it + 1;
        rec.meanReward = rewardSum / taken;
        rec.violationRate = double(violations) / taken;
        rec.entropy = u.entropy;
        rec.approxKl = u.approxKl;
        rec.valueLoss = u.criticLoss;
        rec.policyLoss = u.actorLoss;
        const PolicyProgress progress = policyProgress(d->runs, d->split, policy());
        rec.trainPpw = progress.trainPpw;
        rec.testPpw = progress.testPpw;
        rec.testConstraint = progress.testConstraint;
        rec.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() - pausedS;
        history.push_back(rec);

        const std::int64_t step = d->steps; // environment steps: the x axis LinUCB shares
        sink.record("dpu/reward", step, rec.meanReward);
        sink.record("dpu/violation_rate", step, rec.violationRate);
        sink.record("ppo/entropy", step, rec.entropy);
        sink.record("ppo/approx_kl", step, rec.approxKl);
        sink.record("ppo/critic_loss", step, rec.valueLoss);
        sink.record("ppo/actor_loss", step, rec.policyLoss);
        recordPolicyProgress(progress, p, step, sink);
        sink.record("dpu/global_mean_ppw", step, d->ctx.global().mean());
        sink.evaluations(std::uint64_t(d->steps));
        sink.progress(double(it + 1) / d->opt.iterations);
        sink.snapshot("dpu/context", contextSnapshotJson(d->ctx, ro));

        if (rec.trainPpw > bestTrain + 1e-4) {
            bestTrain = rec.trainPpw;
            sinceBest = 0;
        } else if (d->opt.patience > 0 && ++sinceBest >= d->opt.patience) {
            sink.message("training-set PPW has not improved for " + std::to_string(d->opt.patience) +
                         " iterations: stopping");
            break;
        }
        if (control)
            pausedS += control->waitWhilePaused(stop);
    }
    return history;
}

std::vector<double> DpuAgent::probabilities(const Observation& raw)
{
    return d->agent.probabilities(d->input(raw), d->mask);
}

double DpuAgent::value(const Observation& raw) { return d->agent.value(d->input(raw)); }

int DpuAgent::act(const Observation& raw) { return d->greedy(raw); }

Policy DpuAgent::policy()
{
    Impl* impl = d.get();
    return [impl](int, int, const Observation& raw) { return impl->greedy(raw); };
}

const RecordedRuns& DpuAgent::runs() const { return d->runs; }
const Split& DpuAgent::split() const { return d->split; }
const DpuAgentOptions& DpuAgent::options() const { return d->opt; }
const Normalizer& DpuAgent::normalizer() const { return d->norm; }
const ContextStats& DpuAgent::context() const { return d->ctx; }
std::int64_t DpuAgent::steps() const { return d->steps; }

namespace {

class AgentModel final : public PolicyModel {
public:
    AgentModel(std::shared_ptr<const RecordedRuns> runs, DpuAgentOptions options)
        : m_runs(std::move(runs))
        , m_agent(*m_runs, learnerSplit(m_runs->platform()), std::move(options))
    {
    }
    bool probabilistic() const override { return true; }
    std::vector<double> scores(const Observation& raw) override { return m_agent.probabilities(raw); }
    int act(const Observation& raw) override { return m_agent.act(raw); }
    const ContextStats& context() const override { return m_agent.context(); }
    const RewardOptions& reward() const override { return m_agent.options().reward; }
    const RecordedRuns& runs() const override { return *m_runs; }
    DpuAgent& agent() { return m_agent; }

private:
    std::shared_ptr<const RecordedRuns> m_runs; // before the agent, which refers to it
    DpuAgent m_agent;
};

class AgentTrainer final : public PolicyTrainer {
public:
    AgentTrainer(std::shared_ptr<const RecordedRuns> runs, DpuAgentOptions options)
        : m_model(std::make_shared<AgentModel>(std::move(runs), std::move(options)))
    {
    }
    void train(std::stop_token stop, MetricsSink& sink, RunControl* control) override
    {
        m_model->agent().train(std::move(stop), sink, control);
    }
    std::shared_ptr<PolicyModel> model() const override { return m_model; }

private:
    std::shared_ptr<AgentModel> m_model;
};

} // namespace

std::unique_ptr<PolicyTrainer> makeDpuAgentTrainer(std::shared_ptr<const RecordedRuns> runs, DpuAgentOptions options)
{
    return std::make_unique<AgentTrainer>(std::move(runs), std::move(options));
}

} // namespace mapscape::dpu

namespace mapscape::dpu {
namespace {
std::unique_ptr<PolicyTrainer> makeDpuAgent(std::shared_ptr<const RecordedRuns> runs, const DpuAgentOptions& options)
{
    return makeDpuAgentTrainer(std::move(runs), options);
}
const learners::Registration kRegistration{kDpuAgentFactory, &makeDpuAgent};
} // namespace
} // namespace mapscape::dpu
