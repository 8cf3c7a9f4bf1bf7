// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/core/search.h"

#include "core/util/strings.h"
#include "core/util/units.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace mapscape {

SchedulingProblem SchedulingProblem::make(Accelerator acc, Network net, Metric metric, DataflowMode dataflow)
{
    if (FieldIssues issues = validateNetwork(net); !issues.empty())
        throw InputError("network \"" + net.name + "\": " + joinIssues(issues));
    if (net.layers.empty())
        throw InputError("network \"" + net.name + "\": layers: the network has no layers");
    SchedulingProblem p;
    p.model = std::make_shared<const SchedulingModel>(std::move(acc));
    for (const Layer& l : net.layers)
        p.shapes.push_back(LayerShape::of(l));
    p.network = std::move(net);
    p.metric = metric;
    p.dataflow = dataflow;
    return p;
}

SchedulingProblem SchedulingProblem::singleLayer(int layer) const
{
    if (layer < 0 || layer >= layerCount())
        throw InputError("layer index " + std::to_string(layer + 1) + " is out of range (1.." +
                         std::to_string(layerCount()) + ")");
    SchedulingProblem p = *this;
    p.network.layers = {network.layers[std::size_t(layer)]};
    p.shapes = {shapes[std::size_t(layer)]};
    return p;
}

BestTotals sumBest(const Network& net, std::span<const LayerBest> best)
{
    BestTotals t;
    for (std::size_t l = 0; l < best.size() && l < net.layers.size(); ++l) {
        if (!best[l].found)
            continue;
        const double w = double(net.layers[l].repeat);
        t.energy += w * best[l].evaluation.totalEnergy;
        t.cycles += w * best[l].evaluation.totalCycles;
        t.metric += w * best[l].metric;
        ++t.found;
    }
    return t;
}

Mapping mappingOf(const Network& net, std::span<const LayerBest> best)
{
    Mapping m;
    m.network = net.name;
    for (std::size_t l = 0; l < best.size() && l < net.layers.size(); ++l) {
        if (best[l].found)
            m.layers.push_back({net.layers[l].name, best[l].table});
    }
    return m;
}

Outcome evaluateProposal(const SchedulingProblem& problem, const Proposal& proposal, std::stop_token stop,
                         bool collectFront, std::atomic<std::uint64_t>* progress)
{
    const SchedulingModel& model = *problem.model;
    const LayerShape& shape = problem.shapes.at(std::size_t(proposal.layer));
    Outcome out;
    if (proposal.rows.empty()) {
        out.table = proposal.table;
        out.valid = model.evaluate(shape, proposal.table, out.evaluation).ok();
        out.stats.spaceSize = 1;
        out.stats.evaluated = 1;
        out.stats.valid = out.valid ? 1 : 0;
        if (out.valid) {
            out.objective = objectiveValue(out.evaluation, problem.metric, proposal.objective,
                                           model.accelerator().macArray.present);
        }
    } else {
        RowSearchOptions o;
        o.metric = problem.metric;
        o.objective = proposal.objective;
        o.dataflow = proposal.dataflow.value_or(problem.dataflow);
        o.richestRow = proposal.richestRow;
        o.neuroSpectorTieBreak = proposal.neuroSpectorTieBreak;
        o.tieBreakUpperRow = proposal.richestRow;
        o.collectFront = collectFront;
        o.progress = progress;
        RowSearchResult r = searchRows(model, shape, proposal.table, proposal.rows, o, stop);
        out.table = r.table;
        out.valid = r.valid;
        out.evaluation = r.evaluation;
        out.objective = r.objective;
        out.improved = r.improved;
        out.stats = r.stats;
        out.richest = r.richest;
        out.front = std::move(r.front);
    }
    if (out.valid)
        out.metric = metricValue(out.evaluation, problem.metric);
    return out;
}

namespace {

struct CacheKey {
    int layer;
    std::uint16_t rows;
    Objective objective;
    Row richestRow;
    bool tieBreak;
    int dataflow; ///< the proposal's dataflow mode, -1 = the problem's
    SchedulingTable table;
    friend bool operator==(const CacheKey&, const CacheKey&) = default;
};

struct CacheKeyHash {
    std::size_t operator()(const CacheKey& k) const noexcept
    {
        std::uint64_t h = 1469598103934665603ull;
        const auto mix = [&h](std::uint64_t v) {
            h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
        };
        mix(std::uint64_t(k.layer));
        mix(k.rows);
        mix(std::uint64_t(k.objective));
        mix(std::uint64_t(k.richestRow));
        mix(k.tieBreak ? 1 : 0);
        mix(std::uint64_t(k.dataflow));
        for (const DimVector& row : k.table.factors) {
            for (std::uint64_t f : row)
                mix(f);
        }
        for (Dataflow df : k.table.dataflow)
            mix(std::uint64_t(df));
        return std::size_t(h);
    }
};

CacheKey keyOf(const Proposal& p)
{
    std::uint16_t mask = 0;
    for (Row r : p.rows)
        mask = std::uint16_t(mask | (1u << idx(r)));
    // An evaluation (no rows) and a search are distinguished by the top bit.
    if (p.rows.empty())
        mask = 0x8000;
    return {p.layer, mask, p.objective, p.richestRow, p.neuroSpectorTieBreak, p.dataflow ? int(*p.dataflow) : -1, p.table};
}

using OutcomeCache = std::unordered_map<CacheKey, Outcome, CacheKeyHash>;

/// The proposals of `batch` still to evaluate; the others' outcomes come from the cache.
std::vector<std::size_t> lookUpCached(std::span<const Proposal> batch, const OutcomeCache& cache,
                                      const DriverOptions& options, std::vector<Outcome>& outcomes, SearchResult& result)
{
    std::vector<std::size_t> todo;
    for (std::size_t i = 0; i < batch.size(); ++i) {
        if (options.cacheEntries > 0) {
            if (auto it = cache.find(keyOf(batch[i])); it != cache.end()) {
                outcomes[i] = it->second;
                outcomes[i].cached = true;
                ++result.cacheHits;
                continue;
            }
        }
        todo.push_back(i);
    }
    return todo;
}

/// Evaluates the proposals `todo` of `batch` into `outcomes` on the driver's threads. A batch big
/// enough to take a while (an exact search) reports its progress meanwhile, from this thread,
/// which then only watches.
void evaluateBatch(const SchedulingProblem& problem, SearchStrategy& strategy, std::span<const Proposal> batch,
                   std::vector<std::size_t>& todo, std::vector<Outcome>& outcomes, const DriverOptions& options,
                   std::stop_token stop, MetricsSink& sink)
{
    const int threads = std::max(1, options.threads);
    // Candidates per proposal (row searches: their space; evaluations: 1), for the order of
    // work and the progress of long batches.
    std::vector<std::uint64_t> size(batch.size(), 1);
    std::uint64_t batchCandidates = 0;
    for (std::size_t i : todo) {
        if (!batch[i].rows.empty())
            size[i] = searchSpaceSize(*problem.model, problem.shapes[std::size_t(batch[i].layer)], batch[i].rows,
                                      batch[i].dataflow.value_or(problem.dataflow), &batch[i].table);
        batchCandidates = saturatingAdd(batchCandidates, size[i]);
    }
    // Largest searches first, so that the workers finish together.
    if (threads > 1 && todo.size() > 1)
        std::stable_sort(todo.begin(), todo.end(), [&](std::size_t a, std::size_t b) { return size[a] > size[b]; });
    std::vector<std::atomic<std::uint64_t>> dealtWith(batch.size());
    std::atomic<std::size_t> next{0};
    std::mutex finishedMutex;
    std::condition_variable finishedCv;
    std::size_t finishedCount = 0;
    const auto work = [&] {
        for (;;) {
            const std::size_t k = next.fetch_add(1);
            if (k >= todo.size())
                break;
            const std::size_t i = todo[k];
            outcomes[i] = evaluateProposal(problem, batch[i], stop, options.paretoFronts, &dealtWith[i]);
            dealtWith[i].store(size[i], std::memory_order_relaxed);
        }
        {
            std::lock_guard lock(finishedMutex);
            ++finishedCount;
        }
        finishedCv.notify_all();
    };
    constexpr std::uint64_t kWatchedBatch = 1'000'000;
    const bool watch = batchCandidates >= kWatchedBatch && options.progressIntervalMs > 0;
    if (watch) {
        std::size_t searches = 0;
        for (std::size_t i : todo)
            searches += batch[i].rows.empty() ? 0 : 1;
        sink.message("searching " + formatQuantity(double(batchCandidates), "", 3) + " candidate tables in " +
                     std::to_string(searches) + " exact row search" + (searches == 1 ? "" : "es"));
    }
    const int n = int(std::min<std::size_t>(std::size_t(threads), todo.size()));
    if (n <= 1 && !watch) {
        work();
        return;
    }
    std::vector<std::jthread> pool;
    for (int t = 0; t < std::max(1, n); ++t)
        pool.emplace_back(work);
    if (!watch)
        return;
    const double base = std::clamp(strategy.progress(), 0.0, 1.0);
    const double share = std::clamp(strategy.batchShare(), 0.0, 1.0 - base);
    for (;;) {
        {
            // Wakes at once when the workers are done (a stop ends them quickly).
            std::unique_lock lock(finishedMutex);
            if (finishedCv.wait_for(lock, std::chrono::milliseconds(options.progressIntervalMs),
                                    [&] { return finishedCount == pool.size(); }))
                break;
        }
        std::uint64_t dealt = 0;
        for (std::size_t i : todo)
            dealt = saturatingAdd(dealt, dealtWith[i].load(std::memory_order_relaxed));
        const double fraction = std::min(1.0, double(dealt) / double(batchCandidates));
        if (share > 0)
            sink.progress(base + share * fraction);
    }
}

/// Keeps the outcomes of the proposals `todo` (emptying a full cache first).
void cacheOutcomes(std::span<const Proposal> batch, std::span<const std::size_t> todo,
                   std::span<const Outcome> outcomes, const DriverOptions& options, OutcomeCache& cache)
{
    if (options.cacheEntries == 0)
        return;
    for (std::size_t i : todo) {
        if (cache.size() >= options.cacheEntries)
            cache.clear();
        cache.emplace(keyOf(batch[i]), outcomes[i]);
    }
}

/// Counts a batch's evaluations, reports its new points and keeps each layer's best table.
void takeOutcomes(std::span<const Proposal> batch, std::span<const Outcome> outcomes, const DriverOptions& options,
                  MetricsSink& sink, SearchResult& result)
{
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const Outcome& o = outcomes[i];
        if (!batch[i].rows.empty() && options.observer)
            options.observer->searched(batch[i].layer, batch[i].rows, o.improved);
        if (!o.cached)
            result.evaluations += o.stats.evaluated;
        if (!o.valid)
            continue;
        LayerBest& best = result.layers[std::size_t(batch[i].layer)];
        if (!o.cached) {
            const auto report = [&](double energy, double cycles) {
                const double v[3] = {energy, cycles, energy * cycles}; // the kind's objectives
                sink.pointEvaluated(v, batch[i].layer);
            };
            if (o.front.empty())
                report(o.evaluation.totalEnergy, o.evaluation.totalCycles);
            for (const auto& [cycles, energy] : o.front)
                report(energy, cycles);
        }
        if (!best.found || o.metric < best.metric) {
            best.found = true;
            best.table = o.table;
            best.evaluation = o.evaluation;
            best.metric = o.metric;
            if (options.observer)
                options.observer->bestChanged(batch[i].layer, best.table, best.evaluation);
        }
    }
}

} // namespace

SearchResult runSearch(const SchedulingProblem& problem, SearchStrategy& strategy, const DriverOptions& options,
                       std::stop_token stop, MetricsSink& sink)
{
    const auto start = std::chrono::steady_clock::now();
    SearchResult result;
    result.layers.resize(std::size_t(problem.layerCount()));
    OutcomeCache cache;
    double pausedSeconds = 0;
    double lastBestTotal = -1;

    while (!stop.stop_requested()) {
        if (options.control) {
            pausedSeconds += options.control->waitWhilePaused(stop);
            if (stop.stop_requested())
                break;
        }
        std::vector<Proposal> batch = strategy.ask();
        if (batch.empty())
            break;
        for (const Proposal& p : batch) {
            if (p.layer < 0 || p.layer >= problem.layerCount())
                throw std::logic_error("optimizer proposed layer " + std::to_string(p.layer) + " out of range");
        }
        std::vector<Outcome> outcomes(batch.size());
        std::vector<std::size_t> todo = lookUpCached(batch, cache, options, outcomes, result);
        evaluateBatch(problem, strategy, batch, todo, outcomes, options, stop, sink);
        if (stop.stop_requested()) {
            // Outcomes of interrupted searches are partial: do not tell or cache them.
            break;
        }
        cacheOutcomes(batch, todo, outcomes, options, cache);
        ++result.proposals;
        takeOutcomes(batch, outcomes, options, sink, result);
        // Network total of the best tables once every layer has one: comparable across optimizers.
        const BestTotals totals = sumBest(problem.network, result.layers);
        if (totals.found == problem.layerCount() && totals.metric != lastBestTotal) {
            // Step = complete tables evaluated so far (samples), comparable across optimizers.
            sink.record("search/best_total", std::int64_t(result.evaluations), totals.metric);
            lastBestTotal = totals.metric;
        }
        strategy.tell(batch, outcomes, sink);
        sink.evaluations(result.evaluations);
        sink.progress(std::clamp(strategy.progress(), 0.0, 1.0));
    }
    result.cancelled = stop.stop_requested();
    strategy.finish(sink);
    const BestTotals totals = sumBest(problem.network, result.layers);
    result.totalEnergy = totals.energy;
    result.totalCycles = totals.cycles;
    result.layersFound = totals.found;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() - pausedSeconds;
    return result;
}

} // namespace mapscape
