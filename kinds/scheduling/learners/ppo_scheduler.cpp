// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/learners/ppo_scheduler.h"
#include "core/optim/rl/module/learner_module.h"

#include "core/optim/rl/ppo/ppo_agent.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mapscape {

namespace {

struct PairTable {
    std::array<std::pair<int, int>, kSchedulingActions - kNumRows> pairs{};
    constexpr PairTable()
    {
        int a = 0;
        for (int i = 0; i < kNumRows; ++i) {
            for (int j = i + 1; j < kNumRows; ++j)
                pairs[std::size_t(a++)] = {i, j};
        }
    }
};
constexpr PairTable kPairs;

} // namespace

int pairAction(int i, int j)
{
    if (i > j)
        std::swap(i, j);
    if (i < 0 || j >= kNumRows || i == j)
        throw std::invalid_argument("pairAction: rows must be distinct and in 0..9");
    return kNumRows + i * (2 * kNumRows - 1 - i) / 2 + (j - i - 1);
}

std::vector<Row> actionRows(int action, Row current)
{
    if (action < 0 || action >= kSchedulingActions)
        throw std::invalid_argument("action " + std::to_string(action) + " out of range 0..54");
    std::vector<Row> rows;
    if (action < kNumRows) {
        rows = {rowAt(action), current};
    } else {
        const auto [i, j] = kPairs.pairs[std::size_t(action - kNumRows)];
        rows = {rowAt(i), rowAt(j), current};
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

std::array<std::uint8_t, kSchedulingActions> actionMask(const SchedulingModel& model, Row current, bool multiRow)
{
    std::array<std::uint8_t, kSchedulingActions> mask{};
    const auto usable = [&](int r) { return r != idx(current) && model.isMappableRow(rowAt(r)); };
    for (int i = 0; i < kNumRows; ++i)
        mask[std::size_t(i)] = usable(i) ? 1 : 0;
    if (multiRow) {
        for (int a = kNumRows; a < kSchedulingActions; ++a) {
            const auto [i, j] = kPairs.pairs[std::size_t(a - kNumRows)];
            mask[std::size_t(a)] = usable(i) && usable(j) ? 1 : 0;
        }
    }
    return mask;
}

void SchedulingEnvironment::reset(const SchedulingProblem& problem, int layerIndex)
{
    layer = layerIndex;
    const LayerShape& shape = problem.shapes[std::size_t(layerIndex)];
    table = SchedulingTable::allAtDram(shape.dims);
    const EvalStatus st = problem.model->evaluate(shape, table, evaluation);
    if (!st.ok()) {
        throw InputError("layer \"" + problem.network.layers[std::size_t(layerIndex)].name +
                         "\": the all-at-DRAM starting table is invalid: " + problem.model->describe(st));
    }
    current = Row::Dram;
    multiRowRun = stall = step = 0;
    initialMetric = metric = metricValue(evaluation, problem.metric);
    initialEnergy = energy = evaluation.totalEnergy;
    initialCycles = cycles = evaluation.totalCycles;
    episodeReturn = 0;
}

std::vector<float> SchedulingEnvironment::observe(const SchedulingProblem& problem, int maxSteps) const
{
    std::vector<float> o;
    o.reserve(kSchedulingObservation);
    const SchedulingModel& model = *problem.model;
    const LayerShape& shape = problem.shapes[std::size_t(layer)];
    // 80 cells: log T / log D (0 when D = 1).
    for (int r = 0; r < kNumRows; ++r) {
        for (int d = 0; d < kNumDims; ++d) {
            const double dim = double(shape.dims[std::size_t(d)]);
            const double f = double(table.factors[std::size_t(r)][std::size_t(d)]);
            o.push_back(dim > 1 ? float(std::log(f) / std::log(dim)) : 0.f);
        }
    }
    for (int r = 0; r < kNumRows; ++r)
        o.push_back(r == idx(current) ? 1.f : 0.f);
    for (int r = 0; r < kNumRows; ++r)
        o.push_back(model.isMappableRow(rowAt(r)) ? 1.f : 0.f);
    for (int d = 0; d < kNumDims; ++d)
        o.push_back(float(std::log2(double(shape.dims[std::size_t(d)])) / 16.0));
    o.push_back(float(double(shape.stride) / 4.0));
    o.push_back(float(initialEnergy > 0 ? energy / initialEnergy : 1.0));
    o.push_back(float(initialCycles > 0 ? cycles / initialCycles : 1.0));
    o.push_back(float(std::min(multiRowRun, 10)) / 10.f);
    o.push_back(float(step) / float(std::max(1, maxSteps)));
    // I/W/O utilisation of the LB and the GB.
    for (Level l : {Level::LocalBuffer, Level::GlobalBuffer}) {
        for (int t = 0; t < kNumDataTypes; ++t) {
            const double cap = model.sharing(l) == BufferSharing::Absent ? 0.0 : model.capacityWords(l, DataType(t));
            const double tile = double(evaluation.allocatedTile[std::size_t(idx(l))][std::size_t(t)]);
            o.push_back(cap > 0 && std::isfinite(cap) ? float(std::min(1.0, tile / cap)) : 0.f);
        }
    }
    return o;
}

double SchedulingEnvironment::reward(double delta, double initialMetric, int action, int multiRowRun)
{
    const bool multi = action >= kNumRows;
    if (delta > 0)
        return (multi ? 10.0 : 15.0) * delta / initialMetric;
    if (multi && multiRowRun > 3)
        return -1.0 - double(multiRowRun - 3);
    return -1.0;
}

PpoScheduler::PpoScheduler(const SchedulingProblem& problem, PpoSchedulerOptions options, std::uint64_t seed,
                           const rl::PpoAgent* warmStart)
    : m_problem(problem)
    , m_options(options)
    , m_mappable(mappableRows(*problem.model))
{
    if (m_options.episodesPerLayer < 0)
        throw InputError("ppo.episodes: must not be negative, got " + std::to_string(m_options.episodesPerLayer));
    if (m_options.maxSteps < 1)
        throw InputError("ppo.max_steps: must be at least 1, got " + std::to_string(m_options.maxSteps));
    if (m_options.stallLimit < 1)
        throw InputError("ppo.stall_limit: must be at least 1, got " + std::to_string(m_options.stallLimit));
    if (m_options.stepsPerUpdate < 1)
        throw InputError("ppo.steps_per_update: must be at least 1, got " + std::to_string(m_options.stepsPerUpdate));
    if (m_options.episodesPerLayer == 0 && !m_options.greedyFinish)
        throw InputError("ppo.episodes: 0 training episodes and no greedy episode leave nothing to do");
    m_agent = std::make_unique<rl::PpoAgent>(kSchedulingObservation, kSchedulingActions, m_options.ppo, seed);
    if (warmStart)
        m_agent->copyWeightsFrom(*warmStart);
    m_trivial = m_mappable.size() < 2;
    m_slots.resize(std::size_t(problem.layerCount()));
    m_greedyActions.resize(std::size_t(problem.layerCount()));
    m_bestMetric.assign(std::size_t(problem.layerCount()), 0.0);
    for (int l = 0; l < problem.layerCount(); ++l) {
        Slot& s = m_slots[std::size_t(l)];
        s.env.reset(problem, l);
        m_bestMetric[std::size_t(l)] = s.env.metric;
        s.greedy = m_options.episodesPerLayer == 0;
    }
}

PpoScheduler::~PpoScheduler() = default;

rl::PpoAgent& PpoScheduler::agent() { return *m_agent; }

std::vector<Proposal> PpoScheduler::ask()
{
    std::vector<Proposal> batch;
    if (m_trivial) {
        // Nothing to move: only DRAM can hold factors.
        if (!m_trivialAsked) {
            m_trivialAsked = true;
            for (Slot& s : m_slots) {
                batch.push_back({.layer = s.env.layer, .table = s.env.table, .rows = {}, .tag = s.env.layer});
                s.finished = true;
            }
        }
        return batch;
    }
    for (Slot& s : m_slots) {
        if (s.finished)
            continue;
        s.observation = s.env.observe(m_problem, m_options.maxSteps);
        s.mask = actionMask(*m_problem.model, s.env.current, m_options.multiRowActions);
        const rl::PolicyStep step = m_agent->act(s.observation, s.mask, s.greedy);
        s.action = step.action;
        s.logProb = step.logProb;
        Proposal p;
        p.layer = s.env.layer;
        p.table = s.env.table;
        p.rows = actionRows(step.action, s.env.current);
        p.tag = s.env.layer;
        batch.push_back(std::move(p));
    }
    return batch;
}

void PpoScheduler::finishEpisode(Slot& s, MetricsSink& sink)
{
    const std::int64_t e = m_episodes;
    const char* prefix = s.greedy ? "ppo/greedy_" : "ppo/";
    sink.record(std::string(prefix) + "return", e, s.env.episodeReturn);
    sink.record(std::string(prefix) + "energy", e, s.env.energy);
    sink.record(std::string(prefix) + "cycles", e, s.env.cycles);
    sink.record(std::string(prefix) + "metric_ratio", e, s.env.initialMetric > 0 ? s.env.metric / s.env.initialMetric : 1.0);
    double bestTotal = 0;
    for (double b : m_bestMetric)
        bestTotal += b;
    sink.record("ppo/best_total", e, bestTotal);
    sink.record("ppo/entropy_coef", e, rl::entropyCoefficient(m_options.ppo, e));
    if (s.greedy) {
        s.finished = true;
    } else {
        ++m_episodes;
        ++s.episodesDone;
        if (s.episodesDone >= m_options.episodesPerLayer) {
            if (m_options.greedyFinish)
                s.greedy = true;
            else
                s.finished = true;
        }
    }
    if (!s.finished)
        s.env.reset(m_problem, s.env.layer);
}

void PpoScheduler::tell(std::span<const Proposal> proposals, std::span<const Outcome> outcomes, MetricsSink& sink)
{
    if (m_trivial)
        return;
    for (std::size_t k = 0; k < proposals.size(); ++k) {
        Slot& s = m_slots[std::size_t(proposals[k].tag)];
        const Outcome& o = outcomes[k];
        SchedulingEnvironment& env = s.env;
        const double before = env.metric;
        double after = before;
        if (o.valid && o.metric < before) {
            env.table = o.table;
            env.evaluation = o.evaluation;
            env.metric = after = o.metric;
            env.energy = o.evaluation.totalEnergy;
            env.cycles = o.evaluation.totalCycles;
        }
        const double delta = before - after;
        const int action = s.action;
        env.multiRowRun = action >= kNumRows ? env.multiRowRun + 1 : 0;
        const double r = SchedulingEnvironment::reward(delta, env.initialMetric, action, env.multiRowRun);
        env.episodeReturn += r;
        env.stall = delta > 0 ? 0 : env.stall + 1;
        ++env.step;
        const bool done = env.step >= m_options.maxSteps || env.stall >= m_options.stallLimit;
        m_bestMetric[std::size_t(env.layer)] = std::min(m_bestMetric[std::size_t(env.layer)], env.metric);

        // r moves according to the rule.
        const Row old = env.current;
        switch (m_options.rowRule) {
        case RowUpdateRule::Follow:
            if (action < kNumRows) {
                env.current = rowAt(action);
            } else {
                const auto [i, j] = kPairs.pairs[std::size_t(action - kNumRows)];
                env.current = rowAt(std::min(i, j));
            }
            break;
        case RowUpdateRule::FixedDram:
            env.current = Row::Dram;
            break;
        case RowUpdateRule::RoundRobin: {
            auto it = std::find(m_mappable.begin(), m_mappable.end(), old);
            env.current = (it == m_mappable.end() || std::next(it) == m_mappable.end()) ? m_mappable.front() : *std::next(it);
            break;
        }
        }
        ++m_steps;
        if (s.greedy) {
            m_greedyActions[std::size_t(env.layer)].push_back(action);
        } else {
            rl::Transition t;
            t.stream = env.layer;
            t.observation = s.observation;
            t.mask.assign(s.mask.begin(), s.mask.end());
            t.action = action;
            t.logProb = s.logProb;
            t.reward = float(r);
            t.done = done;
            t.nextObservation = env.observe(m_problem, m_options.maxSteps);
            m_agent->store(std::move(t));
        }
        if (done) {
            if (s.greedy)
                m_greedyActions[std::size_t(env.layer)].shrink_to_fit();
            finishEpisode(s, sink);
        }
    }
    if (int(m_agent->pendingTransitions()) >= m_options.stepsPerUpdate) {
        const double c2 = rl::entropyCoefficient(m_options.ppo, m_episodes);
        const rl::UpdateStats u = m_agent->update(c2);
        ++m_updates;
        sink.record("ppo/actor_loss", m_episodes, u.actorLoss);
        sink.record("ppo/critic_loss", m_episodes, u.criticLoss);
        sink.record("ppo/entropy", m_episodes, u.entropy);
        sink.record("ppo/approx_kl", m_episodes, u.approxKl);
    }
}

double PpoScheduler::progress() const
{
    if (m_trivial)
        return m_trivialAsked ? 1.0 : 0.0;
    const double perLayer = double(m_options.episodesPerLayer) + (m_options.greedyFinish ? 1.0 : 0.0);
    double done = 0;
    for (const Slot& s : m_slots)
        done += s.finished ? perLayer : double(s.episodesDone);
    return done / (perLayer * double(m_slots.size()));
}

} // namespace mapscape

namespace mapscape {
namespace {
std::unique_ptr<SearchStrategy> makePpoScheduler(const SchedulingProblem& problem, const PpoSchedulerOptions& options,
                                                 std::uint64_t seed)
{
    return std::make_unique<PpoScheduler>(problem, options, seed);
}
const learners::Registration kRegistration{kPpoSchedulerFactory, &makePpoScheduler};
} // namespace
} // namespace mapscape
