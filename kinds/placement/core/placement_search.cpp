// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/placement/core/placement_search.h"

#include "core/util/strings.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

namespace mapscape::placement {

std::string_view proposerId(Proposer p)
{
    static constexpr std::string_view kIds[kProposerCount] = {"gnn",    "boltzmann", "pg_noisy", "pg_clean",
                                                             "greedy", "random",    "local",    "manual"};
    return int(p) < kProposerCount ? kIds[int(p)] : "?";
}

PlacementRunResult runPlacementSearch(const PlacementModel& model, PlacementSearch& search,
                                      const PlacementRunOptions& options, std::stop_token stop, MetricsSink& sink)
{
    using Clock = std::chrono::steady_clock;
    PlacementRunResult result;
    std::mt19937_64 noise(options.seed * 0x9E3779B97F4A7C15ull + 0x5EED0004ull);
    Legalization legal;
    LegalizerScratch scratch;
    std::vector<PlacementOutcome> outcomes;
    std::set<std::pair<std::string, std::string>> seen;
    double bestReward = -1e300;
    double paused = 0;
    const auto start = Clock::now();
    search.bindStop(stop);

    while (result.iterations < options.iterations) {
        if (stop.stop_requested()) {
            result.cancelled = true;
            break;
        }
        if (options.control)
            paused += options.control->waitWhilePaused(stop);
        if (stop.stop_requested()) {
            result.cancelled = true;
            break;
        }
        const int remaining = int(options.iterations - result.iterations);
        std::vector<Proposal> batch = search.ask(remaining);
        if (batch.empty())
            break;
        if (int(batch.size()) > remaining)
            batch.resize(std::size_t(remaining));
        outcomes.resize(batch.size());
        for (std::size_t k = 0; k < batch.size(); ++k) {
            model.checkMap(batch[k].map, "proposal");
            applyPins(batch[k].map, options.pins);
            model.evaluate(batch[k].map, noise, outcomes[k], legal, scratch);
            const PlacementOutcome& o = outcomes[k];
            const std::int64_t it = ++result.iterations;
            sink.record("placement/speedup", it, o.speedup);
            sink.record("placement/true_speedup", it, o.valid ? model.compilerLatency() / o.latency : 0.0);
            sink.record("placement/epsilon", it, o.epsilon);
            if (!o.valid)
                continue;
            ++result.valid;
            if (o.reward > bestReward) {
                bestReward = o.reward;
                result.found = true;
                result.best = batch[k].map;
                result.bestMeasured = o.speedup;
                result.bestSpeedup = model.compilerLatency() / o.latency;
                result.bestIteration = it;
                sink.record("placement/best_speedup", it, result.bestMeasured);
                sink.record("placement/best_true_speedup", it, result.bestSpeedup);
                sink.snapshot("placement/best", mapJson(result.best));
            }
            if (options.keepMaps > 0 && int(result.visited.size()) < options.keepMaps) {
                const MemoryMap& m = batch[k].map;
                if (seen.emplace(mapLetters(m.weights), mapLetters(m.activations)).second)
                    result.visited.push_back({m, model.compilerLatency() / o.latency, it});
            }
        }
        search.tell(batch, outcomes, result.iterations, sink);
        sink.evaluations(std::uint64_t(result.iterations));
        sink.progress(double(result.iterations) / std::max(1, options.iterations));
    }
    search.finish(sink);
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count() - paused;
    return result;
}

GreedyDpSearch::GreedyDpSearch(const PlacementModel& model)
    : m_model(model)
    , m_current(MemoryMap::uniform(model.nodeCount(), Level::Dram))
{
}

std::vector<Proposal> GreedyDpSearch::ask(int)
{
    if (m_done || m_model.nodeCount() == 0)
        return {};
    std::vector<Proposal> batch;
    batch.reserve(9);
    for (int w = 0; w < kLevelCount; ++w)
        for (int a = 0; a < kLevelCount; ++a) {
            Proposal p{m_current, Proposer::Greedy, -1};
            p.map.weights[std::size_t(m_node)] = std::uint8_t(w);
            p.map.activations[std::size_t(m_node)] = std::uint8_t(a);
            batch.push_back(std::move(p));
        }
    return batch;
}

void GreedyDpSearch::tell(std::span<const Proposal> proposals, std::span<const PlacementOutcome> outcomes,
                          std::int64_t iterations, MetricsSink& sink)
{
    const auto node = std::size_t(m_node);
    int best = -1;
    for (std::size_t k = 0; k < proposals.size(); ++k) {
        const bool isCurrent = proposals[k].map.weights[node] == m_current.weights[node] &&
                               proposals[k].map.activations[node] == m_current.activations[node];
        if (best < 0 || outcomes[k].reward > outcomes[std::size_t(best)].reward ||
            (outcomes[k].reward == outcomes[std::size_t(best)].reward && isCurrent))
            best = int(k);
    }
    if (best >= 0 && proposals[std::size_t(best)].map != m_current) {
        m_current = proposals[std::size_t(best)].map;
        m_changed = true;
    }
    if (++m_node == m_model.nodeCount()) {
        ++m_pass;
        sink.record("greedy/pass", iterations, m_pass);
        if (!m_changed)
            m_done = true;
        m_node = 0;
        m_changed = false;
    }
}

RandomSearch::RandomSearch(const PlacementModel& model, std::uint64_t seed, int batch)
    : m_model(model)
    , m_rng(seed)
    , m_batch(std::max(1, batch))
{
}

std::vector<Proposal> RandomSearch::ask(int remaining)
{
    std::vector<Proposal> batch(std::size_t(std::min(remaining, m_batch)));
    std::uniform_int_distribution<int> level(0, kLevelCount - 1);
    for (Proposal& p : batch) {
        p.proposer = Proposer::Random;
        p.map = MemoryMap::uniform(m_model.nodeCount(), Level::Dram);
        for (int i = 0; i < m_model.nodeCount(); ++i) {
            p.map.weights[std::size_t(i)] = std::uint8_t(level(m_rng));
            p.map.activations[std::size_t(i)] = std::uint8_t(level(m_rng));
        }
    }
    return batch;
}

LocalSearch::LocalSearch(const PlacementModel& model, std::uint64_t seed)
    : m_model(model)
    , m_rng(seed)
    , m_current(model.compilerMap())
{
}

std::vector<Proposal> LocalSearch::ask(int)
{
    Proposal p{m_current, Proposer::Local, -1};
    if (!m_started)
        return {p};
    // Only tensors that exist: weight decisions of weight-less nodes change nothing.
    std::uniform_int_distribution<int> pick(0, 2 * m_model.nodeCount() - 1);
    std::uniform_int_distribution<int> shift(1, kLevelCount - 1);
    int t = pick(m_rng);
    while (t % 2 == 0 && !m_model.hasWeights(t / 2))
        t = pick(m_rng);
    auto& levels = t % 2 == 0 ? p.map.weights : p.map.activations;
    levels[std::size_t(t / 2)] = std::uint8_t((levels[std::size_t(t / 2)] + shift(m_rng)) % kLevelCount);
    return {p};
}

void LocalSearch::tell(std::span<const Proposal> proposals, std::span<const PlacementOutcome> outcomes, std::int64_t,
                       MetricsSink&)
{
    for (std::size_t k = 0; k < proposals.size(); ++k)
        if (!m_started || outcomes[k].reward >= m_reward) {
            m_current = proposals[k].map;
            m_reward = outcomes[k].reward;
        }
    m_started = true;
}

std::unique_ptr<PlacementSearch> makeBaselineSearch(std::string_view id, const PlacementModel& model, std::uint64_t seed)
{
    if (id == "greedy-dp")
        return std::make_unique<GreedyDpSearch>(model);
    if (id == "random")
        return std::make_unique<RandomSearch>(model, seed);
    if (id == "local")
        return std::make_unique<LocalSearch>(model, seed);
    throw InputError("unknown placement search \"" + std::string(id) + "\"; expected greedy-dp, random or local");
}

std::optional<double> paperSpeedup(std::string_view workload, std::string_view method)
{
    struct Row {
        const char* workload;
        const char* alias;
        double egrl, ea, greedy, pg;
    };
    static constexpr Row kPaper[] = {{"resnet50", "ResNet-50", 1.28, 1.06, 0.72, 0.29},
                                     {"resnet101", "ResNet-101", 1.78, 1.47, 1.27, 0.23},
                                     {"bert", "BERT-base", 1.66, 1.64, 0.67, 0.21}};
    for (const Row& r : kPaper) {
        if (!iequals(workload, r.workload) && !iequals(workload, r.alias))
            continue;
        if (method == "egrl")
            return r.egrl;
        if (method == "ea")
            return r.ea;
        if (method == "greedy-dp")
            return r.greedy;
        if (method == "pg")
            return r.pg;
    }
    return std::nullopt;
}

std::string benchWorkloadLabel(std::string_view workload)
{
    if (workload == "resnet50")
        return "ResNet-50";
    if (workload == "resnet101")
        return "ResNet-101";
    if (workload == "bert")
        return "BERT-base";
    return std::string(workload);
}

std::string benchMethodLabel(std::string_view method)
{
    static constexpr std::pair<std::string_view, std::string_view> kLabels[] = {
        {"egrl", "EGRL"}, {"ea", "EA"}, {"pg", "PG"}, {"greedy-dp", "Greedy-DP"}, {"random", "Random"},
        {"local", "Local search"}};
    for (const auto& [id, label] : kLabels)
        if (method == id)
            return std::string(label);
    return std::string(method);
}

} // namespace mapscape::placement
