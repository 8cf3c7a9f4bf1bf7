// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/rl/marl/marl_search.h"
#include "core/optim/rl/marl/marl_prepass.h"

#include "core/model/validation.h"
#include "core/optim/rl/ppo/multi_head_agent.h"
#include "core/optim/space/point_optimizers.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace mapscape {

namespace {

constexpr double kInvalidReward = -1.0;
/// The most choices one policy head offers. A parameter with more values (a tile of a dimension up
/// to 10^8) gets a head of this many choices spread evenly over its allowed values, so that the
/// network's size stays bounded; every preset layer's parameters fit a direct head.
constexpr int kMaxHeadChoices = 32768;

bool directHead(const Parameter& p) { return p.count() <= kMaxHeadChoices; }

int headSize(const Parameter& p) { return directHead(p) ? p.count() : std::min(p.allowedCount(), kMaxHeadChoices); }

/// The value index a head's action stands for.
int indexOfAction(const Parameter& p, int action)
{
    if (directHead(p))
        return action;
    const int h = headSize(p);
    return std::max(0, p.allowed.kth(int(std::int64_t(action) * p.allowedCount() / std::max(1, h))));
}
constexpr float kObservationClip = 10.f;

} // namespace

struct MarlSearch::Impl {
    // Pre-pass.
    std::unique_ptr<PointOptimizer> explorer;
    std::vector<Point> explored;
    std::vector<double> exploredObjective;
    // Training.
    std::vector<std::unique_ptr<rl::MultiHeadPpoAgent>> agents;
    std::vector<std::vector<int>> agentParams; ///< per agent: the parameters of its heads
    std::vector<std::vector<float>> obs;       ///< per stream
    std::vector<std::int64_t> steps;           ///< per stream, steps in the current episode
    struct Asked {
        int stream = 0;
        std::vector<float> observation;
        std::vector<std::vector<int>> actions; ///< per agent
        std::vector<float> logProb;            ///< per agent
    };
    std::vector<Asked> asked;
    struct Sample {
        Asked a;
        double objective = std::numeric_limits<double>::quiet_NaN(); ///< primary; NaN = invalid
        bool done = false;
        std::vector<float> nextObservation;
    };
    std::vector<Sample> pending;
    // Reference.
    bool haveReference = false;
    std::vector<std::pair<double, std::vector<double>>> firstValid; ///< (primary, observed metrics)
    double refObjective = 1;
    std::vector<double> refMetrics;
    int updates = 0;
};

MarlSearch::MarlSearch(const PointProblem& problem, MarlOptions options, std::uint64_t seed)
    : m_problem(problem)
    , m_options(std::move(options))
    , m_seed(seed)
    , d(std::make_unique<Impl>())
{
    const MarlOptions& o = m_options;
    const auto params = problem.parameters();
    const auto fail = [](const std::string& field, const std::string& why) { throw InputError("marl." + field + ": " + why); };
    if (o.samples < 1)
        fail("samples", "must be at least 1, got " + std::to_string(o.samples));
    if (o.agents < 1)
        fail("agents", "must be at least 1, got " + std::to_string(o.agents));
    if (o.streams < 1)
        fail("streams", "must be at least 1, got " + std::to_string(o.streams));
    if (o.rolloutSamples < 1)
        fail("rollout", "must be at least 1, got " + std::to_string(o.rolloutSamples));
    if (o.episodeLength < 1)
        fail("episode_length", "must be at least 1, got " + std::to_string(o.episodeLength));
    if (!(o.topFraction > 0 && o.topFraction <= 1))
        fail("top_fraction", "must be in (0, 1]");
    if (o.hidden.empty())
        fail("hidden", "needs at least one layer");
    for (int h : o.hidden)
        if (h < 1)
            fail("hidden", "layer widths must be positive");
    for (int k : o.observation)
        if (k < 0 || k >= int(problem.objectives().size()))
            fail("observation", "objective index " + std::to_string(k) + " out of range");
    if (m_options.observation.empty()) {
        m_options.observation.resize(problem.objectives().size());
        std::iota(m_options.observation.begin(), m_options.observation.end(), 0);
    }
    m_free = marl::freeParametersOf(problem);
    if (m_free.empty())
        fail("parameters", "every parameter is fixed: nothing to learn");
    m_groups.assign(params.size(), -1);
    const int nFree = int(m_free.size());
    if (!o.groups.empty()) {
        if (o.groups.size() != params.size())
            fail("groups", "one agent per parameter expected (" + std::to_string(params.size()) + " values), got " +
                               std::to_string(o.groups.size()));
        for (int i : m_free) {
            if (o.groups[std::size_t(i)] < 0)
                fail("groups", "parameter " + params[std::size_t(i)].name + " has no agent");
            m_groups[std::size_t(i)] = o.groups[std::size_t(i)];
        }
    } else if (o.agents == 1 || o.agents >= nFree) {
        for (int k = 0; k < nFree; ++k)
            m_groups[std::size_t(m_free[std::size_t(k)])] = o.agents == 1 ? 0 : k;
    } else {
        // Algorithm 1 first: an exploration pre-pass whose best samples are clustered.
        m_clusterTarget = std::max<std::int64_t>(2, o.clusterSamples);
        d->explorer = marl::makePrepassExplorer(problem, o.clusterPolicy, m_clusterTarget, seed);
    }
    if (!d->explorer) {
        NullMetricsSink none;
        startTraining(none);
    }
}

MarlSearch::~MarlSearch() = default;

int MarlSearch::agentCount() const { return int(d->agents.size()); }

void MarlSearch::startTraining(MetricsSink& sink)
{
    const auto params = m_problem.parameters();
    // Renumber the groups 0.. in order of first parameter; one agent per group.
    std::vector<int> seen;
    for (int i : m_free) {
        int& g = m_groups[std::size_t(i)];
        auto it = std::find(seen.begin(), seen.end(), g);
        if (it == seen.end()) {
            seen.push_back(g);
            g = int(seen.size()) - 1;
        } else {
            g = int(it - seen.begin());
        }
    }
    d->agentParams.assign(seen.size(), {});
    for (int i : m_free)
        d->agentParams[std::size_t(m_groups[std::size_t(i)])].push_back(i);
    rl::MultiHeadOptions mo;
    mo.ppo.actorLr = m_options.lr;
    mo.ppo.criticLr = m_options.lr;
    mo.ppo.gamma = m_options.gamma;
    mo.ppo.gaeLambda = m_options.gaeLambda;
    mo.ppo.clipEps = m_options.clip;
    mo.ppo.valueCoef = m_options.valueCoef;
    mo.ppo.epochs = m_options.epochs;
    mo.ppo.miniBatch = std::max(1, m_options.rolloutSamples / std::max(1, m_options.minibatches));
    mo.ppo.maxGradNorm = 0.5f;
    mo.hidden = m_options.hidden;
    const int obsSize = int(m_options.observation.size());
    for (std::size_t j = 0; j < d->agentParams.size(); ++j) {
        std::vector<int> sizes;
        std::vector<std::vector<std::uint8_t>> masks;
        for (int p : d->agentParams[j]) {
            const Parameter& prm = params[std::size_t(p)];
            sizes.push_back(headSize(prm));
            masks.push_back(directHead(prm) ? prm.allowed.mask() : std::vector<std::uint8_t>(std::size_t(headSize(prm)), 1));
        }
        auto agent = std::make_unique<rl::MultiHeadPpoAgent>(obsSize, sizes, mo, m_seed * 1000003ull + j * 7919ull + 17ull);
        agent->setMasks(std::move(masks));
        d->agents.push_back(std::move(agent));
    }
    d->obs.assign(std::size_t(m_options.streams), std::vector<float>(std::size_t(obsSize), 0.f));
    d->steps.assign(std::size_t(m_options.streams), 0);
    std::string text = "agents:";
    for (std::size_t j = 0; j < d->agentParams.size(); ++j) {
        text += " {";
        for (std::size_t k = 0; k < d->agentParams[j].size(); ++k)
            text += (k ? ", " : "") + params[std::size_t(d->agentParams[j][k])].name;
        text += "}";
    }
    sink.message(text);
}

std::vector<Point> MarlSearch::ask()
{
    if (d->explorer) {
        std::vector<Point> batch = d->explorer->ask();
        const std::int64_t left = m_clusterTarget - m_clusterTold;
        if (std::int64_t(batch.size()) > left)
            batch.resize(std::size_t(left));
        return batch;
    }
    const std::int64_t left = m_options.samples - m_told;
    const int n = int(std::min<std::int64_t>(left, m_options.streams));
    std::vector<Point> out;
    d->asked.clear();
    if (n <= 0)
        return out;
    std::vector<std::vector<float>> obs(d->obs.begin(), d->obs.begin() + n);
    const Point base = m_problem.firstPoint();
    out.assign(std::size_t(n), base);
    d->asked.resize(std::size_t(n));
    for (int s = 0; s < n; ++s) {
        d->asked[std::size_t(s)].stream = s;
        d->asked[std::size_t(s)].observation = obs[std::size_t(s)];
        d->asked[std::size_t(s)].actions.resize(d->agents.size());
        d->asked[std::size_t(s)].logProb.resize(d->agents.size());
    }
    const auto params = m_problem.parameters();
    for (std::size_t j = 0; j < d->agents.size(); ++j) {
        const std::vector<rl::MultiHeadStep> steps = d->agents[j]->act(obs, false);
        for (int s = 0; s < n; ++s) {
            const rl::MultiHeadStep& st = steps[std::size_t(s)];
            for (std::size_t h = 0; h < st.actions.size(); ++h) {
                const int p = d->agentParams[j][h];
                out[std::size_t(s)][std::size_t(p)] = indexOfAction(params[std::size_t(p)], st.actions[h]);
            }
            d->asked[std::size_t(s)].actions[j] = st.actions;
            d->asked[std::size_t(s)].logProb[j] = st.logProb;
        }
    }
    return out;
}

void MarlSearch::tell(std::span<const Point> points, std::span<const PointEvaluation> evaluations, MetricsSink& sink)
{
    const int primary = m_problem.primaryObjective();
    if (d->explorer) {
        d->explorer->tell(points, evaluations, sink);
        for (std::size_t i = 0; i < points.size(); ++i) {
            d->explored.push_back(points[i]);
            d->exploredObjective.push_back(evaluations[i].valid ? evaluations[i].objective[std::size_t(primary)]
                                                                : std::numeric_limits<double>::quiet_NaN());
        }
        m_clusterTold += std::int64_t(points.size());
        if (m_clusterTold >= m_clusterTarget) {
            // Cluster the free parameters only (a fixed one has no agent).
            const std::vector<Point> freeOnly = marl::freeColumns(d->explored, m_free);
            std::size_t valid = 0;
            for (double v : d->exploredObjective)
                valid += std::isfinite(v) ? 1 : 0;
            if (valid >= 2) {
                m_clustering = clusterParameters(freeOnly, d->exploredObjective, m_options.topFraction, m_options.agents);
                for (std::size_t k = 0; k < m_free.size(); ++k)
                    m_groups[std::size_t(m_free[k])] = m_clustering.groups[k];
            } else {
                // Nothing to correlate: every parameter gets its own agent.
                sink.message("clustering: " + std::to_string(valid) + " valid pre-pass samples, too few to correlate; one "
                             "agent per parameter (try the GA pre-pass policy)");
                for (std::size_t k = 0; k < m_free.size(); ++k)
                    m_groups[std::size_t(m_free[k])] = int(k);
            }
            sink.record("rl/clustering_samples", m_clusterTold, double(m_clusterTold));
            d->explorer.reset();
            d->explored.clear();
            d->exploredObjective.clear();
            startTraining(sink);
        }
        return;
    }
    const auto objectives = m_problem.objectives();
    const std::vector<int>& observed = m_options.observation;
    for (std::size_t i = 0; i < points.size() && i < d->asked.size(); ++i) {
        Impl::Sample s;
        s.a = std::move(d->asked[i]);
        const PointEvaluation& e = evaluations[i];
        const int stream = s.a.stream;
        std::vector<double> metrics;
        if (e.valid) {
            s.objective = e.objective[std::size_t(primary)];
            for (int k : observed)
                metrics.push_back(e.objective[std::size_t(k)]);
            if (!d->haveReference) {
                d->firstValid.emplace_back(s.objective, metrics);
                if (int(d->firstValid.size()) >= m_options.referenceSamples) {
                    // The median sample of the first ones is the reference (r = X_ref / X).
                    std::vector<std::pair<double, std::vector<double>>> sorted = d->firstValid;
                    std::stable_sort(sorted.begin(), sorted.end(),
                                     [](const auto& a, const auto& b) { return a.first < b.first; });
                    const auto& mid = sorted[sorted.size() / 2];
                    d->refObjective = mid.first;
                    d->refMetrics = mid.second;
                    d->haveReference = true;
                    d->firstValid.clear();
                }
            }
        }
        // The next observation: the metrics relative to the reference (zeros before it exists,
        // after an invalid point and at an episode start).
        std::vector<float> next(observed.size(), 0.f);
        if (e.valid && d->haveReference) {
            for (std::size_t k = 0; k < observed.size(); ++k) {
                const double ref = d->refMetrics[k];
                const double v = metrics[k];
                float x = 0.f;
                if (ref > 0 && v > 0)
                    x = float(std::log10(v / ref));
                next[k] = std::clamp(x, -kObservationClip, kObservationClip);
            }
        }
        std::int64_t& step = d->steps[std::size_t(stream)];
        ++step;
        s.done = step % m_options.episodeLength == 0;
        if (s.done)
            std::fill(next.begin(), next.end(), 0.f);
        s.nextObservation = next;
        d->obs[std::size_t(stream)] = next;
        d->pending.push_back(std::move(s));
        ++m_told;
    }
    (void)objectives;
    const bool full = std::int64_t(d->pending.size()) >= m_options.rolloutSamples;
    if (full && !d->haveReference && !d->firstValid.empty()) {
        // Too few valid samples for the planned reference: use what there is.
        std::vector<std::pair<double, std::vector<double>>> sorted = d->firstValid;
        std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        d->refObjective = sorted[sorted.size() / 2].first;
        d->refMetrics = sorted[sorted.size() / 2].second;
        d->haveReference = true;
        d->firstValid.clear();
    }
    if (full)
        update(sink);
}

void MarlSearch::update(MetricsSink& sink)
{
    if (d->pending.empty())
        return;
    double meanReturn = 0;
    std::vector<float> rewards;
    rewards.reserve(d->pending.size());
    for (const Impl::Sample& s : d->pending) {
        double r = kInvalidReward;
        if (std::isfinite(s.objective) && s.objective > 0)
            r = d->haveReference ? d->refObjective / s.objective : 0.0;
        rewards.push_back(float(r));
        meanReturn += r;
    }
    meanReturn /= double(d->pending.size());
    const auto step = m_told;
    sink.record("rl/mean_return", step, meanReturn);
    const auto params = m_problem.parameters();
    for (std::size_t j = 0; j < d->agents.size(); ++j) {
        if (m_stop.stop_requested())
            break; // the run is being cancelled: its result is the best point so far
        rl::MultiHeadPpoAgent& agent = *d->agents[j];
        for (std::size_t k = 0; k < d->pending.size(); ++k) {
            const Impl::Sample& s = d->pending[k];
            rl::MultiHeadTransition t;
            t.stream = s.a.stream;
            t.observation = s.a.observation;
            t.actions = s.a.actions[j];
            t.logProb = s.a.logProb[j];
            t.reward = rewards[k];
            t.done = s.done;
            t.nextObservation = s.nextObservation;
            agent.store(std::move(t));
        }
        const rl::MultiHeadUpdateStats st = agent.update(m_options.entropy);
        const std::string prefix = "rl/agent" + std::to_string(j + 1) + "/";
        sink.record(prefix + "entropy", step, st.entropy);
        sink.record(prefix + "critic_loss", step, st.criticLoss);
        sink.record(prefix + "approx_kl", step, st.approxKl);
        // The value each of its parameters takes most often now (per-parameter traces).
        const std::vector<float> zero(d->obs.front().size(), 0.f);
        const std::vector<std::vector<double>> probs = agent.probabilities(zero);
        for (std::size_t h = 0; h < probs.size(); ++h) {
            const int best = int(std::max_element(probs[h].begin(), probs[h].end()) - probs[h].begin());
            const Parameter& p = params[std::size_t(d->agentParams[j][h])];
            sink.record("rl/value/" + p.name, step, double(p.values[std::size_t(indexOfAction(p, best))]));
        }
    }
    ++d->updates;
    d->pending.clear();
}

double MarlSearch::progress() const
{
    const double total = double(m_clusterTarget + m_options.samples);
    return total > 0 ? std::min(1.0, double(m_clusterTold + m_told) / total) : 1.0;
}

} // namespace mapscape
