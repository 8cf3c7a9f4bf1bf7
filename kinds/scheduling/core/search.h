// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The ask/tell protocol of the scheduling-table optimizers and the driver that owns evaluation
/// (exact row searches, caching, parallelism across layers), cancellation and metrics.

#include "kinds/scheduling/core/mapping_space.h"
#include "core/optim/metrics_sink.h"
#include "core/optim/run_control.h"
#include "core/network/layer.h"
#include "kinds/scheduling/core/mapping.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

/// One network (or layer) on one accelerator with one objective. Immutable while a run uses it.
struct SchedulingProblem {
    std::shared_ptr<const SchedulingModel> model;
    Network network;
    std::vector<LayerShape> shapes; ///< one per network layer
    Metric metric = Metric::Energy;
    DataflowMode dataflow = DataflowMode::Fixed;

    /// Throws InputError naming the offending field.
    static SchedulingProblem make(Accelerator acc, Network net, Metric metric, DataflowMode dataflow);
    /// A problem restricted to one layer (0-based index).
    SchedulingProblem singleLayer(int layer) const;
    int layerCount() const { return int(shapes.size()); }
};

/// What a strategy asks the driver to do: evaluate `table` as given (`rows` empty), or search
/// all re-distributions of the factors held by `rows` exactly and return the best table.
struct Proposal {
    int layer = 0;
    SchedulingTable table;
    std::vector<Row> rows;
    Objective objective = Objective::Total;
    /// Row search only: also return the split that gives this row the richest factorisation
    /// (see `RowSearchOptions::richestRow`); Row::Reg = no.
    Row richestRow = Row::Reg;
    /// Row search only: NeuroSpector's tie-break (see `RowSearchOptions`), upper row = richestRow.
    bool neuroSpectorTieBreak = false;
    /// Row search only: search the table's dataflows only (Fixed) or also the allowed ones
    /// (Flexible); unset = the problem's mode.
    std::optional<DataflowMode> dataflow;
    std::int64_t tag = 0; ///< free for the strategy (e.g. which environment asked)
};

struct Outcome {
    SchedulingTable table;   ///< the evaluated or the best found table
    bool valid = false;
    Evaluation evaluation{}; ///< valid when `valid`
    double objective = 0;    ///< the proposal's objective of `table`
    double metric = 0;       ///< the problem's metric of `table` (whole layer)
    bool improved = false;   ///< row search: strictly better than the proposal's table
    RowSearchStats stats;
    bool cached = false;     ///< answered from the driver's cache
    std::optional<SchedulingTable> richest; ///< see `Proposal::richestRow`
    /// (cycles, energy) front of the row search's candidates (DriverOptions::paretoFronts).
    std::vector<std::pair<double, double>> front;
};

/// An optimizer in ask/tell form. `ask` returns the next batch (empty when finished); the
/// driver evaluates it, possibly in parallel, and hands the outcomes to `tell` in order.
class SearchStrategy {
public:
    virtual ~SearchStrategy() = default;
    virtual std::vector<Proposal> ask() = 0;
    virtual void tell(std::span<const Proposal> proposals, std::span<const Outcome> outcomes, MetricsSink& sink) = 0;
    /// Fraction of the budget used, in [0, 1].
    virtual double progress() const = 0;
    /// Called once when the run ends (also after cancellation), for final reports.
    virtual void finish(MetricsSink& /*sink*/) {}
    /// Share of the whole budget the batch just asked for stands for (0 = unknown). While a
    /// long batch runs, the driver reports progress() + batchShare() × the fraction of the
    /// batch's candidates dealt with, so an exact search shows how far it is.
    virtual double batchShare() const { return 0; }
};

/// What a row-search run found, as it finds it (called on the thread that runs the search).
class SearchObserver {
public:
    virtual ~SearchObserver() = default;
    /// A new best table for a layer (index into the problem's layers).
    virtual void bestChanged(int /*layer*/, const SchedulingTable& /*table*/, const Evaluation& /*evaluation*/) {}
    /// A row search was answered (rows searched on a layer's table, whether it improved), for
    /// views that highlight what an optimizer is working on.
    virtual void searched(int /*layer*/, std::span<const Row> /*rows*/, bool /*improved*/) {}
};

struct DriverOptions {
    int threads = 1;                 ///< worker threads for a batch (layers in parallel)
    std::size_t cacheEntries = 1 << 16; ///< memoised outcomes (cleared when full); 0 disables
    RunControl* control = nullptr;   ///< optional pause / resume, checked between batches
    /// Report the energy-vs-cycles front of every row search's candidates to
    /// MetricsSink::pointEvaluated (not only its winner). Costs a little per candidate.
    bool paretoFronts = false;
    /// Told about new best tables and answered row searches (optional).
    SearchObserver* observer = nullptr;
    /// While a batch of row searches runs, its progress is reported this often (milliseconds).
    int progressIntervalMs = 250;
};

struct LayerBest {
    bool found = false;
    SchedulingTable table;
    Evaluation evaluation{};
    double metric = 0;
};

struct SearchResult {
    std::vector<LayerBest> layers;
    double totalEnergy = 0; ///< over layers with a result, each weighted by its repeat count
    double totalCycles = 0;
    int layersFound = 0;
    std::uint64_t evaluations = 0; ///< complete tables evaluated by the model
    std::uint64_t proposals = 0;
    std::uint64_t cacheHits = 0;
    double seconds = 0;       ///< wall time, pauses excluded
    bool cancelled = false;
};

/// Sums over the layers that have a best table, each weighted by its repeat count.
struct BestTotals {
    double energy = 0;
    double cycles = 0;
    double metric = 0; ///< the problem's metric of each best table
    int found = 0;
};
BestTotals sumBest(const Network& net, std::span<const LayerBest> best);

/// The best tables as a mapping named after the network's layers (layers without one are left
/// out); the caller fills in metric and source.
Mapping mappingOf(const Network& net, std::span<const LayerBest> best);

/// Runs a strategy to completion or cancellation. Exceptions from the strategy propagate; the
/// model itself never throws. Records "search/best_total" (the network's metric summed over the
/// best table of each layer) whenever it improves, at the number of tables evaluated so far.
SearchResult runSearch(const SchedulingProblem& problem, SearchStrategy& strategy, const DriverOptions& options,
                       std::stop_token stop, MetricsSink& sink);

/// Evaluates one proposal (what the driver does for each, without the cache).
/// `progress` (optional) counts the candidates dealt with (see RowSearchOptions::progress).
Outcome evaluateProposal(const SchedulingProblem& problem, const Proposal& proposal, std::stop_token stop = {},
                         bool collectFront = false, std::atomic<std::uint64_t>* progress = nullptr);

} // namespace mapscape
