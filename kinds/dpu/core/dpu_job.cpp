// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/dpu/core/dpu_io.h"
#include "core/model/validation.h"
#include "kinds/dpu/core/dpu_study.h"

#include <chrono>

namespace mapscape {

using namespace dpu;

namespace {

/// A fixed policy's decisions at each state's mean background telemetry (one-hot scores).
std::vector<PolicyDecision> decisionsOf(const RecordedRuns& runs, const Policy& policy)
{
    const Platform& p = runs.platform();
    std::vector<PolicyDecision> out;
    for (int v = 0; v < runs.variants(); ++v)
        for (int w = 0; w < kStates; ++w) {
            PolicyDecision d;
            d.variant = v;
            d.state = w;
            d.action = policy(v, w, observe(p, v, runs.backgroundMean(w).telemetry, p.fpsConstraint));
            d.scores.assign(std::size_t(runs.actions()), 0.0);
            d.scores[std::size_t(d.action)] = 1.0;
            out.push_back(std::move(d));
        }
    return out;
}

Baseline baselineOf(std::string_view id)
{
    if (id == "optimal")
        return Baseline::Optimal;
    if (id == "max-fps")
        return Baseline::MaxFps;
    if (id == "min-power")
        return Baseline::MinPower;
    return Baseline::Random;
}

} // namespace

DpuJob::DpuJob(const DpuInputs& inputs, const OptimizerSettings& settings, JobContext context)
    : m_inputs(inputs)
    , m_settings(settings)
    , m_context(std::move(context))
{
    requireValid(m_inputs.platform);
    learnerSplit(m_inputs.platform); // fails here, before the worker, naming the platform
    const OptimizerInfo& info = requireOptimizer(dpuKind(), settings.id);
    m_learner = isDpuLearner(info.id);
    if (m_learner)
        m_spec = makeDpuTrainerSpec(info.id, settings.options, settings.seed);
    else
        OptionReader(info, settings.options).checkAll();
    const int objective = dpuKind().objectiveIndex(settings.objective);
    if (objective < 0)
        throw InputError("objective: expected ppw, ppw_c, ppw_m or constraint, got \"" + settings.objective + "\"");
}

DpuJob::~DpuJob() = default;

void DpuJob::run(std::stop_token stop, MetricsSink& sink, RunControl& control)
{
    const auto start = std::chrono::steady_clock::now();
    const Platform& platform = m_inputs.platform;
    sink.message("generating the recorded runs (seed " + std::to_string(m_inputs.dataSeed) + ")");
    auto runs = std::make_shared<const RecordedRuns>(RecordedRuns::generate(platform, {.seed = m_inputs.dataSeed}));
    DpuResult result;
    result.source = m_context.label.empty() ? m_settings.id : m_context.label;
    std::shared_ptr<PolicyModel> model;
    if (m_learner) {
        const std::unique_ptr<PolicyTrainer> trainer = makeTrainer(m_spec, runs);
        trainer->train(stop, sink, &control);
        // The greedy policy on the held-out variants: the run's result, also when cancelled.
        model = trainer->model();
        result.probabilistic = model->probabilistic();
        result.decisions = policyDecisions(*model);
    } else {
        const OptionReader o(requireOptimizer(dpuKind(), m_settings.id), m_settings.options);
        const bool paper = m_settings.id != "optimal" && m_settings.id != "random" && o.pick("pick") == "paper";
        result.probabilistic = false;
        result.decisions = decisionsOf(*runs, baselinePolicy(*runs, baselineOf(m_settings.id), m_settings.seed, paper));
        sink.progress(1.0);
    }
    const Split split = defaultSplit(platform);
    const EvaluationReport report =
        evaluatePolicy(*runs, decisionPolicy(platform, result.decisions), split.test, {0, 1, 2});
    JobResult r;
    r.found = true;
    r.cancelled = stop.stop_requested();
    r.complete = !r.cancelled;
    const int met = report.states[1].constraintMet + report.states[2].constraintMet;
    const int cases = report.states[1].cases + report.states[2].cases;
    r.best = {100 * report.overall.meanNormalizedPpw, 100 * report.states[1].meanNormalizedPpw,
              100 * report.states[2].meanNormalizedPpw, cases > 0 ? 100.0 * met / cases : 0.0};
    for (const StateSummary& st : report.states) {
        const std::string name = platform.params.states[std::size_t(st.state)].name;
        r.figures.emplace_back("ppw_" + name, 100 * st.meanNormalizedPpw);
        r.figures.emplace_back("min_ppw_" + name, 100 * st.minNormalizedPpw);
        r.figures.emplace_back("exact_" + name, double(st.exact));
        r.figures.emplace_back("met_" + name, double(st.constraintMet));
        r.figures.emplace_back("cases_" + name, double(st.cases));
    }
    r.evaluations = std::uint64_t(m_learner ? (m_spec.id == "linucb" ? m_spec.steps
                                                                       : std::int64_t(m_spec.iterations) * m_spec.stepsPerIteration)
                                            : 0);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::string document = dpuResultToJson(platform, result);
    std::lock_guard lock(m_mutex);
    m_model = model;
    m_result = std::move(r);
    m_document = document;
}

JobResult DpuJob::result() const
{
    std::lock_guard lock(m_mutex);
    return m_result;
}

std::string DpuJob::resultDocument() const
{
    std::lock_guard lock(m_mutex);
    return m_document;
}

std::shared_ptr<PolicyModel> DpuJob::model() const
{
    std::lock_guard lock(m_mutex);
    return m_model;
}

} // namespace mapscape
