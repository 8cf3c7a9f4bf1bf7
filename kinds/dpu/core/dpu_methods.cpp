// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/core/dpu_methods.h"

#include "core/model/validation.h"
#include "core/optim/rl/module/learner_module.h"
#include "kinds/dpu/learners/dpu_agent.h"

#include <cmath>
#include <limits>
#include <map>

namespace mapscape::dpu {

Policy modelPolicy(PolicyModel& model)
{
    return [&model](int, int, const Observation& raw) { return model.act(raw); };
}

Split learnerSplit(const Platform& platform)
{
    Split split = defaultSplit(platform);
    if (split.test.empty())
        throw InputError("platform: no model is marked \"test\"; the learners are evaluated on held-out models");
    if (split.train.empty())
        throw InputError("platform: every model is marked \"test\"; nothing is left to train on");
    return split;
}

namespace {

class LinUcbModel final : public PolicyModel {
public:
    LinUcbModel(std::shared_ptr<const RecordedRuns> runs, LinUcbOptions options)
        : m_runs(std::move(runs))
        , m_lin(*m_runs, learnerSplit(m_runs->platform()), std::move(options))
    {
    }
    bool probabilistic() const override { return false; }
    std::vector<double> scores(const Observation& raw) override { return m_lin.estimates(raw); }
    int act(const Observation& raw) override { return m_lin.act(raw); }
    const ContextStats& context() const override { return m_lin.context(); }
    const RewardOptions& reward() const override { return m_lin.options().reward; }
    const RecordedRuns& runs() const override { return *m_runs; }
    LinUcb& learner() { return m_lin; }

private:
    std::shared_ptr<const RecordedRuns> m_runs;
    LinUcb m_lin;
};

class LinUcbTrainer final : public PolicyTrainer {
public:
    LinUcbTrainer(std::shared_ptr<const RecordedRuns> runs, LinUcbOptions options)
        : m_model(std::make_shared<LinUcbModel>(std::move(runs), std::move(options)))
    {
    }
    void train(std::stop_token stop, MetricsSink& sink, RunControl* control) override
    {
        m_model->learner().train(std::move(stop), sink, control);
    }
    std::shared_ptr<PolicyModel> model() const override { return m_model; }

private:
    std::shared_ptr<LinUcbModel> m_model;
};

} // namespace

std::unique_ptr<PolicyTrainer> makeTrainer(const TrainerSpec& spec, std::shared_ptr<const RecordedRuns> runs)
{
    if (!runs)
        throw InputError("recorded runs: missing");
    if (spec.id == "linucb") {
        if (spec.steps < 1)
            throw InputError("linucb.steps: must be at least 1, got " + std::to_string(spec.steps));
        if (!(spec.exploration >= 0))
            throw InputError("linucb.exploration: must be non-negative");
        LinUcbOptions o;
        o.steps = spec.steps;
        o.exploration = spec.exploration;
        o.ridge = spec.ridge;
        o.reward = spec.reward;
        o.seed = spec.seed;
        return std::make_unique<LinUcbTrainer>(std::move(runs), std::move(o));
    }
    if (spec.id == "dpucconfig") {
        DpuAgentOptions o;
        o.iterations = spec.iterations;
        o.stepsPerIteration = spec.stepsPerIteration;
        o.patience = spec.patience;
        o.ppo.hidden = spec.hidden;
        o.reward = spec.reward;
        o.seed = spec.seed;
        return learners::factory<DpuAgentFactory>(kDpuAgentFactory)(std::move(runs), o);
    }
    throw InputError("optimizer \"" + spec.id + "\" is unknown for DPU configuration studies; available: dpucconfig, linucb");
}

std::vector<PolicyDecision> policyDecisions(PolicyModel& model)
{
    const RecordedRuns& runs = model.runs();
    const Platform& p = runs.platform();
    std::vector<PolicyDecision> out;
    out.reserve(std::size_t(runs.variants() * kStates));
    for (int v = 0; v < runs.variants(); ++v) {
        for (int w = 0; w < kStates; ++w) {
            const Observation raw = observe(p, v, runs.backgroundMean(w).telemetry, p.fpsConstraint);
            PolicyDecision d;
            d.variant = v;
            d.state = w;
            d.action = model.act(raw);
            d.scores = model.scores(raw);
            out.push_back(std::move(d));
        }
    }
    return out;
}

Policy decisionPolicy(const Platform& platform, std::vector<PolicyDecision> decisions)
{
    auto table = std::make_shared<std::map<std::pair<int, int>, int>>();
    for (const PolicyDecision& d : decisions) {
        if (d.action < 0 || d.action >= int(platform.actions.size()))
            throw InputError("decisions: configuration " + std::to_string(d.action) + " of " + platform.variantName(d.variant) +
                             " is out of range");
        (*table)[{d.variant, d.state}] = d.action;
    }
    for (int v = 0; v < platform.variantCount(); ++v) {
        for (int w = 0; w < kStates; ++w) {
            if (!table->count({v, w}))
                throw InputError("decisions: no decision for " + platform.variantName(v) + " in state " +
                                 platform.params.states[std::size_t(w)].name);
        }
    }
    return [table](int variant, int state, const Observation&) { return table->at({variant, state}); };
}

std::vector<BaselineReports> baselineReports(const RecordedRuns& runs, const std::vector<int>& variants,
                                             const std::vector<int>& states, const std::vector<std::uint64_t>& randomSeeds,
                                             bool paperLiteral)
{
    std::vector<BaselineReports> out;
    const auto add = [&](Baseline b, bool literal, std::string name) {
        BaselineReports r{b, literal, std::move(name), {}};
        r.reports.push_back(evaluatePolicy(runs, baselinePolicy(runs, b, 1, literal), variants, states));
        out.push_back(std::move(r));
    };
    add(Baseline::Optimal, false, "Optimal");
    add(Baseline::MaxFps, false, paperLiteral ? "Max-FPS (measured)" : "Max-FPS");
    if (paperLiteral)
        add(Baseline::MaxFps, true, "Max-FPS (B4096_1)");
    add(Baseline::MinPower, false, paperLiteral ? "Min-Power (measured)" : "Min-Power");
    if (paperLiteral)
        add(Baseline::MinPower, true, "Min-Power (B512_1)");
    BaselineReports random{Baseline::Random, false, "Random", {}};
    for (std::uint64_t seed : randomSeeds)
        random.reports.push_back(evaluatePolicy(runs, baselinePolicy(runs, Baseline::Random, seed), variants, states));
    out.push_back(std::move(random));
    return out;
}

PaperFigures paperFigures(int state)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    switch (state) {
    case 1:
        return {0.97, 0.47};
    case 2:
        return {0.95, 0.35};
    default:
        return {nan, nan};
    }
}

} // namespace mapscape::dpu
