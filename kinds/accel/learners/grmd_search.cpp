// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/accel/learners/grmd_search.h"
#include "core/optim/rl/module/learner_module.h"

#include "core/model/validation.h"
#include "core/optim/pareto.h"
#include "core/optim/rl/ac/mc_actor_critic.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>

namespace mapscape {

std::int64_t GrmdOptions::budget() const
{
    return std::int64_t(ga.population) * (1 + ga.generations) + episodes + rollouts;
}

namespace {

void require(bool ok, const std::string& field, const std::string& what)
{
    if (!ok)
        throw InputError("grmd." + field + ": " + what);
}

double entropyOf(const std::vector<float>& p)
{
    double h = 0;
    for (float x : p)
        if (x > 0)
            h -= double(x) * std::log(double(x));
    return h;
}

} // namespace

GrmdSearch::GrmdSearch(const AccelProblem& problem, GrmdOptions options, std::uint64_t seed)
    : m_problem(problem)
    , m_options(options)
    , m_rng(seed)
    , m_population(
          problem, options.ga, [](const PointEvaluation& e) { return e.objective[accelobj::Area]; },
          [&problem](const PointEvaluation& e) {
              const double areaMax = problem.setup().constraints.areaMax;
              return areaMax <= 0 || e.objective[accelobj::Area] <= areaMax;
          })
{
    require(m_options.episodes >= 0, "episodes", "must be at least 0");
    require(m_options.rollouts >= 0, "rollouts", "must be at least 0");
    require(m_options.weightLatency >= 0 && m_options.weightPower >= 0, "weights", "A and B must be at least 0");
    require(m_options.epsilonMin >= 0 && m_options.epsilonMin <= 1, "epsilon_min", "must be in [0, 1]");
    require(m_options.epsilonStart >= 0 && m_options.epsilonStart <= 1, "epsilon_start", "must be in [0, 1]");
    require(m_options.epsilonDecay > 0 && m_options.epsilonDecay <= 1, "epsilon_decay", "must be in (0, 1]");
    require(m_options.gamma >= 0 && m_options.gamma <= 1, "gamma", "must be in [0, 1]");
    require(m_options.penalty >= 0, "penalty", "must be at least 0");
    require(m_options.hidden >= 1, "hidden", "must be at least 1");
    m_budget = m_options.budget();
}

GrmdSearch::~GrmdSearch() = default;

double GrmdSearch::progress() const
{
    if (m_stage == Stage::Done)
        return 1;
    return std::min(1.0, double(m_asked) / double(std::max<std::int64_t>(1, m_budget)));
}

std::vector<float> GrmdSearch::encode(const Point& alloc, const std::vector<std::uint8_t>& allocated, int current) const
{
    const auto params = m_problem.parameters();
    const std::size_t n = params.size();
    std::vector<float> s(3 * n, 0.f);
    for (std::size_t i = 0; i < n; ++i) {
        if (allocated[i]) {
            const int count = params[i].count();
            s[i] = count > 1 ? float(0.05 + 0.95 * double(alloc[i]) / double(count - 1)) : 1.f;
            s[n + i] = 1.f;
        }
        s[2 * n + i] = int(i) == current ? 1.f : 0.f;
    }
    return s;
}

Point GrmdSearch::episode(double epsilon, bool sample, bool record)
{
    const std::size_t n = m_problem.parameters().size();
    Point alloc(n, 0);
    std::vector<std::uint8_t> allocated(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        if (std::find(m_resources.begin(), m_resources.end(), int(i)) == m_resources.end()) {
            alloc[i] = m_subspace[i].front();
            allocated[i] = 1;
        }
    }
    // The next resource is uniform among those not yet allocated: a random order.
    std::vector<int> order(m_resources.size());
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), m_rng);
    std::uniform_real_distribution<double> u(0, 1);
    for (int head : order) {
        const int r = m_resources[std::size_t(head)];
        const std::vector<std::int32_t>& values = m_subspace[std::size_t(r)];
        std::vector<float> state = encode(alloc, allocated, r);
        const std::vector<float> p = m_agent->policy(state, head);
        int a = 0;
        if (u(m_rng) < epsilon) {
            a = int(std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(m_rng));
        } else if (sample) {
            std::discrete_distribution<int> d(p.begin(), p.end());
            a = d(m_rng);
        } else {
            a = int(std::max_element(p.begin(), p.end()) - p.begin());
        }
        alloc[std::size_t(r)] = values[std::size_t(a)];
        allocated[std::size_t(r)] = 1;
        if (record)
            m_steps.push_back({std::move(state), head, a});
    }
    return alloc;
}

std::vector<Point> GrmdSearch::ask()
{
    if (m_asked >= m_budget && m_stage != Stage::Inference)
        return {};
    switch (m_stage) {
    case Stage::Genetic: {
        std::vector<Point> out = m_population.offspring(m_rng);
        m_asked += std::int64_t(out.size());
        return out;
    }
    case Stage::Reinforcement: {
        m_steps.clear();
        const double eps = std::max(m_options.epsilonMin,
                                    m_options.epsilonStart * std::pow(m_options.epsilonDecay, double(m_episode + 1)));
        ++m_asked;
        return {episode(eps, m_options.onPolicy, true)};
    }
    case Stage::Inference: {
        // K distinct roll-outs: half greedy with random resource orders, half sampled from π.
        std::set<Point> seen;
        std::vector<Point> out;
        const int k = m_options.rollouts;
        for (int tries = 0; int(out.size()) < k && tries < 20 * std::max(1, k); ++tries) {
            const bool sampled = int(out.size()) >= k / 2 || tries >= 10 * k;
            Point p = episode(0.0, sampled, false);
            if (seen.insert(p).second)
                out.push_back(std::move(p));
        }
        m_asked += std::int64_t(out.size());
        if (out.empty())
            m_stage = Stage::Done;
        return out;
    }
    case Stage::Done: return {};
    }
    return {};
}

void GrmdSearch::startStage2(MetricsSink& sink)
{
    const auto params = m_problem.parameters();
    const auto& members = m_population.members();
    m_subspace.assign(params.size(), {});
    for (std::size_t i = 0; i < params.size(); ++i) {
        std::set<std::int32_t> v;
        for (const GaIndividual& m : members)
            v.insert(m.point[i]);
        if (v.empty())
            v.insert(0);
        if (m_options.intervalSubspace && v.size() > 1) {
            const std::int32_t lo = *v.begin(), hi = *v.rbegin();
            for (std::int32_t k = lo; k <= hi; ++k)
                if (params[i].allowed[std::size_t(k)])
                    v.insert(k);
        }
        m_subspace[i].assign(v.begin(), v.end());
    }
    m_resources.clear();
    std::vector<int> heads;
    for (std::size_t i = 0; i < params.size(); ++i) {
        if (m_subspace[i].size() > 1) {
            m_resources.push_back(int(i));
            heads.push_back(int(m_subspace[i].size()));
        }
    }
    std::vector<PointEvaluation> survivors;
    for (const GaIndividual& m : members)
        survivors.push_back(m.evaluation);
    m_latRef = std::max(1e-12, medianObjective(survivors, accelobj::Latency));
    m_powRef = std::max(1e-12, medianObjective(survivors, accelobj::Power));
    const AccelConstraints& c = m_problem.setup().constraints;
    m_latMax = c.latencyMax > 0 ? c.latencyMax : m_latRef;
    m_powMax = c.powerMax > 0 ? c.powerMax : m_powRef;
    if (!heads.empty()) {
        rl::McActorCriticOptions net;
        net.convolution = m_options.convolution;
        net.hidden = m_options.hidden;
        net.actorLr = m_options.actorLr;
        net.criticLr = m_options.criticLr;
        m_agent = std::make_unique<rl::McActorCritic>(int(params.size()), heads, net, m_rng());
    }
    double size = 1;
    nlohmann::json genes = nlohmann::json::array();
    for (std::size_t i = 0; i < params.size(); ++i) {
        nlohmann::json values = nlohmann::json::array();
        for (std::int32_t k : m_subspace[i])
            values.push_back(params[i].text(k));
        size *= double(m_subspace[i].size());
        genes.push_back({{"name", params[i].name}, {"values", values}, {"full", params[i].allowedCount()}});
    }
    sink.snapshot("grmd/subspace", nlohmann::json{{"genes", genes},
                                                  {"size", size},
                                                  {"full_size", m_problem.spaceSize()},
                                                  {"latency_ref", m_latRef},
                                                  {"power_ref", m_powRef},
                                                  {"latency_max", m_latMax},
                                                  {"power_max", m_powMax}}
                                       .dump());
    sink.record("grmd/subspace_log10", m_asked, std::log10(size));
    sink.message("GRMD stage 2: actor-critic over a subspace of " + std::to_string(std::llround(size)) +
                 " configurations (the GA's " + std::to_string(members.size()) + " survivors)");
    if (m_agent && m_options.episodes > 0) {
        m_stage = Stage::Reinforcement;
        reportPolicy(sink, 0);
    } else {
        m_stage = m_agent && m_options.rollouts > 0 ? Stage::Inference : Stage::Done;
    }
}

void GrmdSearch::reportPolicy(MetricsSink& sink, int episode)
{
    if (!m_agent)
        return;
    const auto params = m_problem.parameters();
    const std::size_t n = params.size();
    Point alloc(n, 0);
    std::vector<std::uint8_t> allocated(n, 0);
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t h = 0; h < m_resources.size(); ++h) {
        const int r = m_resources[h];
        const std::vector<float> p = m_agent->policy(encode(alloc, allocated, r), int(h));
        nlohmann::json labels = nlohmann::json::array();
        for (std::int32_t k : m_subspace[std::size_t(r)])
            labels.push_back(params[std::size_t(r)].text(k));
        rows.push_back({{"name", params[std::size_t(r)].name}, {"values", labels}, {"probabilities", p}});
    }
    sink.snapshot("rl/policy", nlohmann::json{{"episode", episode}, {"resources", rows}}.dump());
}

void GrmdSearch::tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink)
{
    for (std::size_t i = 0; i < points.size(); ++i) {
        const std::optional<Point> repaired = m_problem.repair(points[i]);
        m_evaluatedPoints.push_back(repaired ? *repaired : points[i]);
        m_evaluated.push_back(evaluations[i]);
    }
    switch (m_stage) {
    case Stage::Genetic:
        m_population.absorb(points, evaluations);
        m_population.report(sink, "area");
        if (m_population.generation() >= m_options.ga.generations) {
            sink.record("grmd/stage", m_asked, 2);
            startStage2(sink);
        }
        return;
    case Stage::Reinforcement: {
        const PointEvaluation& e = evaluations.front();
        double reward = 0;
        if (e.valid) {
            reward = -m_options.weightLatency * (e.objective[accelobj::Latency] - m_latMax) / m_latRef -
                     m_options.weightPower * (e.objective[accelobj::Power] - m_powMax) / m_powRef -
                     m_options.penalty * m_problem.violation(e);
            m_worstReward = m_haveReward ? std::min(m_worstReward, reward) : reward;
            m_haveReward = true;
        } else {
            reward = (m_haveReward ? m_worstReward : 0.0) - 1.0;
        }
        const std::size_t T = m_steps.size();
        std::vector<rl::McStep> steps;
        std::vector<float> returns;
        std::vector<double> entropy(m_resources.size(), 0);
        for (std::size_t i = 0; i < T; ++i) {
            // δ_i = γ^(T−i) R_T − V(s_i), i = 1..T.
            returns.push_back(float(std::pow(m_options.gamma, double(T - 1 - i)) * reward));
            entropy[std::size_t(m_steps[i].head)] = entropyOf(m_agent->policy(m_steps[i].state, m_steps[i].head));
            steps.push_back({std::move(m_steps[i].state), m_steps[i].head, m_steps[i].action});
        }
        const rl::McUpdateStats stats = m_agent->update(steps, returns);
        ++m_episode;
        const double eps = std::max(m_options.epsilonMin,
                                    m_options.epsilonStart * std::pow(m_options.epsilonDecay, double(m_episode)));
        m_rewardAverage = m_episode == 1 ? reward : 0.9 * m_rewardAverage + 0.1 * reward;
        const std::int64_t step = m_episode;
        sink.record("rl/reward", step, reward);
        sink.record("rl/reward_avg", step, m_rewardAverage);
        sink.record("rl/epsilon", step, eps);
        sink.record("rl/actor_loss", step, stats.actorLoss);
        sink.record("rl/critic_loss", step, stats.criticLoss);
        if (e.valid) {
            sink.record("rl/latency", step, e.objective[accelobj::Latency]);
            sink.record("rl/power", step, e.objective[accelobj::Power]);
            sink.record("rl/area", step, e.objective[accelobj::Area]);
        }
        const auto params = m_problem.parameters();
        for (std::size_t h = 0; h < m_resources.size(); ++h)
            sink.record("rl/entropy_" + params[std::size_t(m_resources[h])].name, step, entropy[h]);
        if (m_episode % 10 == 0 || m_episode >= m_options.episodes)
            reportPolicy(sink, m_episode);
        if (m_episode >= m_options.episodes) {
            sink.record("grmd/stage", m_asked, 3);
            m_stage = m_options.rollouts > 0 ? Stage::Inference : Stage::Done;
        }
        return;
    }
    case Stage::Inference:
        // As repaired above.
        m_inference.assign(m_evaluatedPoints.end() - std::ptrdiff_t(points.size()), m_evaluatedPoints.end());
        m_inferenceEval.assign(evaluations.begin(), evaluations.end());
        m_stage = Stage::Done;
        return;
    case Stage::Done: return;
    }
}

void GrmdSearch::finish(MetricsSink& sink)
{
    // Step 3: the non-dominated roll-outs (and, as an option or when inference never ran, every
    // configuration evaluated), filtered by the constraints.
    std::vector<Point> pts = m_inference;
    std::vector<PointEvaluation> evs = m_inferenceEval;
    if (m_options.archive || pts.empty()) {
        pts.insert(pts.end(), m_evaluatedPoints.begin(), m_evaluatedPoints.end());
        evs.insert(evs.end(), m_evaluated.begin(), m_evaluated.end());
    }
    std::vector<ObjectiveVector> objs;
    std::vector<std::size_t> index;
    std::set<Point> seen;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        if (!evs[i].valid || !seen.insert(pts[i]).second)
            continue;
        objs.push_back({evs[i].objective[accelobj::Latency], evs[i].objective[accelobj::Power], evs[i].objective[accelobj::Area]});
        index.push_back(i);
    }
    m_solutions.clear();
    for (std::size_t k : nonDominatedIndices(objs)) {
        const std::size_t i = index[k];
        if (m_problem.feasible(evs[i]))
            m_solutions.push_back({pts[i], evs[i], true});
    }
    m_unmet = m_solutions.empty() && !index.empty();
    if (m_unmet) {
        std::vector<std::size_t> order = index;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return m_problem.violation(evs[a]) < m_problem.violation(evs[b]);
        });
        order.resize(std::min<std::size_t>(5, order.size()));
        for (std::size_t i : order)
            m_solutions.push_back({pts[i], evs[i], false});
    }
    const auto params = m_problem.parameters();
    nlohmann::json rows = nlohmann::json::array();
    for (const GrmdSolution& s : m_solutions) {
        nlohmann::json genes = nlohmann::json::array();
        for (std::size_t g = 0; g < params.size(); ++g)
            genes.push_back(params[g].text(s.point[g]));
        rows.push_back({{"genes", genes},
                        {"latency", s.evaluation.objective[accelobj::Latency]},
                        {"power", s.evaluation.objective[accelobj::Power]},
                        {"area", s.evaluation.objective[accelobj::Area]},
                        {"energy", s.evaluation.objective[accelobj::Energy]},
                        {"feasible", s.feasible}});
    }
    sink.snapshot("grmd/solutions", nlohmann::json{{"solutions", rows}, {"constraints_unmet", m_unmet}}.dump());
    sink.message(m_unmet ? "GRMD: no configuration meets the constraints; the " + std::to_string(m_solutions.size()) +
                               " least-violating ones are returned (flagged)"
                         : "GRMD: " + std::to_string(m_solutions.size()) + " Pareto solutions from " +
                               std::to_string(m_inference.size()) + " roll-outs of the trained actor");
}

} // namespace mapscape

namespace mapscape {
namespace {
std::unique_ptr<PointOptimizer> makeGrmd(const AccelProblem& problem, const GrmdOptions& options, std::uint64_t seed)
{
    return std::make_unique<GrmdSearch>(problem, options, seed);
}
const learners::Registration kRegistration{kGrmdFactory, &makeGrmd};
} // namespace
} // namespace mapscape
