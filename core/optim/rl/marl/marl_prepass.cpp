// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/optim/rl/marl/marl_prepass.h"

#include "core/model/validation.h"
#include "core/optim/space/point_optimizers.h"

#include <algorithm>
#include <limits>

namespace mapscape {

void MarlOptions::applyProfile(MarlProfile p)
{
    profile = p;
    if (p == MarlProfile::Fast) {
        lr = 3e-4f;
        entropy = 0.01f;
        clip = 0.2f;
        gamma = 0.f;
        gaeLambda = 0.95f;
        valueCoef = 0.5f;
        rolloutSamples = 128;
        epochs = 4;
        minibatches = 4;
        hidden = {64, 64};
    } else {
        lr = 2e-5f;
        entropy = 0.1f;
        clip = 0.2f;
        gamma = 0.99f;
        gaeLambda = 0.95f;
        valueCoef = 1.f;
        rolloutSamples = 2048; // unroll 8 × batch 256
        epochs = 2;
        minibatches = 8;
        hidden = {32, 32, 32};
    }
}

namespace marl {

std::unique_ptr<PointOptimizer> makePrepassExplorer(const PointProblem& problem, ClusterPolicy policy,
                                                    std::int64_t samples, std::uint64_t seed)
{
    const std::uint64_t s = seed ^ 0x9e3779b97f4a7c15ull;
    if (policy == ClusterPolicy::Genetic) {
        GeneticPointOptions g;
        g.samples = samples;
        return std::make_unique<GeneticPointSearch>(problem, g, s);
    }
    RandomPointOptions r;
    r.samples = samples;
    return std::make_unique<RandomPointSearch>(problem, r, s);
}

std::vector<int> freeParametersOf(const PointProblem& problem)
{
    std::vector<int> free;
    const auto params = problem.parameters();
    for (std::size_t i = 0; i < params.size(); ++i)
        if (params[i].allowedCount() > 1)
            free.push_back(int(i));
    return free;
}

std::vector<Point> freeColumns(const std::vector<Point>& points, const std::vector<int>& free)
{
    std::vector<Point> out;
    out.reserve(points.size());
    for (const Point& p : points) {
        Point q;
        q.reserve(free.size());
        for (int i : free)
            q.push_back(p[std::size_t(i)]);
        out.push_back(std::move(q));
    }
    return out;
}

} // namespace marl

PrepassClustering clusterFromPrepass(const PointProblem& problem, ClusterPolicy policy, std::int64_t samples,
                                     double topFraction, int agents, std::uint64_t seed, std::stop_token stop)
{
    if (samples < 2)
        throw InputError("cluster_samples: at least 2 samples are needed, got " + std::to_string(samples));
    if (!(topFraction > 0 && topFraction <= 1))
        throw InputError("top_fraction: must be in (0, 1], got " + std::to_string(topFraction));
    if (agents < 1)
        throw InputError("agents: must be at least 1, got " + std::to_string(agents));
    PrepassClustering out;
    out.freeParameters = marl::freeParametersOf(problem);
    if (out.freeParameters.size() < 2)
        throw InputError("parameters: clustering needs at least two free parameters, " +
                         std::to_string(out.freeParameters.size()) + " are free");
    auto explorer = marl::makePrepassExplorer(problem, policy, samples, seed);
    const int primary = problem.primaryObjective();
    std::vector<Point> explored;
    std::vector<double> objective;
    NullMetricsSink none;
    std::vector<PointEvaluation> evaluations;
    while (out.samples < samples) {
        if (stop.stop_requested()) {
            out.cancelled = true;
            return out;
        }
        std::vector<Point> batch = explorer->ask();
        if (batch.empty())
            break;
        if (std::int64_t(batch.size()) > samples - out.samples)
            batch.resize(std::size_t(samples - out.samples));
        evaluations.resize(batch.size());
        for (std::size_t i = 0; i < batch.size(); ++i) {
            evaluations[i] = problem.evaluate(batch[i]);
            explored.push_back(batch[i]);
            objective.push_back(evaluations[i].valid ? evaluations[i].objective[std::size_t(primary)]
                                                     : std::numeric_limits<double>::quiet_NaN());
            out.valid += evaluations[i].valid ? 1 : 0;
        }
        explorer->tell(batch, evaluations, none);
        out.samples += std::int64_t(batch.size());
    }
    if (out.valid < 2)
        throw InputError("cluster_samples: only " + std::to_string(out.valid) + " of " + std::to_string(out.samples) +
                         " pre-pass samples are valid, too few to correlate (more samples or the GA policy may help)");
    out.clustering = clusterParameters(marl::freeColumns(explored, out.freeParameters), objective, topFraction,
                                       std::min<int>(agents, int(out.freeParameters.size())));
    return out;
}

} // namespace mapscape
