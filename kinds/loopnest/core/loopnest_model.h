// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Dense loop-nest cost model compatible with timeloop-model (NVlabs/timeloop 0fc43fb, default
/// environment): Timeloop's nest analysis (working-set deltas over axis-aligned hyper-rectangles,
/// temporal and spatial extrapolation, multicast and link transfers), tile collapsing with
/// bypass, first-read elision, buffer/arithmetic evaluation (capacity and fan-out checks, vector
/// accesses, energy with leakage, bandwidth slow-down) and totals.
///
/// Usage: compile the architecture and problem once (`LoopnestModel::compile`, throws
/// InputError), then call `evaluate(mapping)` as often as needed; evaluation reports refusals as
/// a status (EvalResult::ok / error), never by throwing.

#include "kinds/loopnest/core/timeloop_spec.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mapscape::loopnest {

/// Statistics of one data space at one storage level (per instance unless noted).
struct DataSpaceStats {
    bool keep = false;
    std::uint64_t reads = 0;               ///< scalar reads per instance
    std::uint64_t fills = 0;               ///< scalar fills per instance
    std::uint64_t updates = 0;             ///< scalar updates per instance
    std::uint64_t temporalReductions = 0;
    std::uint64_t addressGenerations = 0;
    std::uint64_t utilizedCapacity = 0;    ///< words
    std::uint64_t partitionSize = 0;
    std::uint64_t tileSize = 0;
    double utilizedInstances = 0.0;
    std::uint64_t utilizedClusters = 0;
    double accessEnergyPerInstance = 0.0;  ///< pJ
    double temporalReductionEnergyPerInstance = 0.0;
    double addrGenEnergyPerCluster = 0.0;
    double energyTotal = 0.0;              ///< all instances, incl. this data space's leakage share
    double readBandwidth = 0.0;            ///< words/cycle after slow-down
    double writeBandwidth = 0.0;
    double sharedBandwidth = 0.0;
};

/// Statistics of one storage level.
struct LevelStats {
    std::string name;
    std::uint64_t instances = 0;
    bool hasSize = false;
    std::uint64_t size = 0;                ///< words per instance (when hasSize)
    std::uint64_t cycles = 0;
    double slowdown = 1.0;
    double energy = 0.0;                   ///< pJ, incl. leakage
    double leakage = 0.0;                  ///< pJ
    double area = 0.0;                     ///< um^2, all instances (ART)
    std::vector<DataSpaceStats> dataSpaces;  ///< in the problem's order
};

/// Statistics of the arithmetic level.
struct ArithmeticStats {
    std::string name;
    std::uint64_t instances = 0;
    std::uint64_t utilizedInstances = 0;
    double energy = 0.0;
    std::uint64_t cycles = 0;
    std::uint64_t algorithmicComputes = 0;
    std::uint64_t actualComputes = 0;
    double area = 0.0;                     ///< um^2, all instances (ART)
};

/// Result of one evaluation. When !ok, `error` is Timeloop's reason (one line, naming the level
/// and the numbers), `errorLevel` the level and `errorClass` one of capacity | fanout |
/// factor_product | other; the figures are then not meaningful.
struct EvalResult {
    bool ok = false;
    std::string error;
    std::string errorLevel;
    std::string errorClass;
    double energy = 0.0;                   ///< pJ
    std::uint64_t cycles = 0;
    double utilization = 0.0;              ///< ideal cycles / cycles
    std::uint64_t algorithmicComputes = 0;
    std::uint64_t actualComputes = 0;
    /// um^2: sum over levels of ART area × instances. (timeloop-model itself reports 0 here:
    /// its evaluation resets the topology's area statistic.)
    double area = 0.0;
    ArithmeticStats arithmetic;
    std::vector<LevelStats> levels;        ///< outermost first (architecture order)
};

/// The compiled (architecture, problem) pair and the evaluator.
class LoopnestModel {
public:
    /// Precomputes everything that does not depend on the mapping. Throws InputError for
    /// inputs the model cannot evaluate (missing ERT entries, unsupported environment options,
    /// sizes beyond the model's fixed limits).
    static LoopnestModel compile(const Architecture& arch, const Problem& problem, const EnvOptions& env = {});

    LoopnestModel(const LoopnestModel&);
    LoopnestModel& operator=(const LoopnestModel&);
    LoopnestModel(LoopnestModel&&) noexcept;
    LoopnestModel& operator=(LoopnestModel&&) noexcept;
    ~LoopnestModel();

    /// Evaluates one mapping. Never throws for a bad mapping: refusals come back as !ok.
    EvalResult evaluate(const Mapping& mapping) const;

    /// Like evaluate() but only fills ok/error*, energy, cycles, utilization and computes
    /// (no per-level vectors): the mapper's fast path.
    EvalResult evaluateSummary(const Mapping& mapping) const;

    const Architecture& architecture() const;
    const Problem& problem() const;

    struct Impl;

private:
    explicit LoopnestModel(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

/// Memoization threshold of the nest analysis: boundary calls whose subtree has at least
/// `leaves` leaf calls are memoized (default 1024). Results do not depend on it; tests lower it to
/// exercise the memo path. Process-wide.
void setMemoizationThreshold(std::uint64_t leaves);

/// Whether models compiled from now on compare translations as integer codes where they fit
/// (default) or always as coordinates (the path of problems whose codes would overflow). Results
/// do not depend on it; tests switch it off to exercise that path. Process-wide.
void setTranslationCodes(bool enabled);

/// Convenience: compile and evaluate spec.mapping (throws InputError when the spec lacks parts).
EvalResult evaluateSpec(const Spec& spec);

/// JSON of a result: {energy_pJ, cycles, utilization, actual_computes, algorithmic_computes,
/// area_um2, error?, levels: [{name, energy_pJ, dataspaces: {NAME: {reads, fills, updates, ...}}}]}
/// with levels innermost first, as timeloop-model's own statistics.
nlohmann::json resultToJson(const EvalResult& result, const Problem& problem);

} // namespace mapscape::loopnest
