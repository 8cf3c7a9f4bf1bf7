// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The NNP-I-like memory-placement model of seed 004 (docs/reproduction.md, seed 004; not in the paper):
/// it stands in for the chip (inference latency) and for the compiler (its rectification of
/// invalid maps and its own native map). A map puts every node's weight tensor and output
/// feature map in SRAM, LLC or DRAM. The legalizer checks capacities over tensor liveness and
/// demotes what does not fit (SRAM → LLC → DRAM); the demoted bytes' share is the mapping error
/// ε. Latency is serial over the topological order, each node max(compute, memory traffic per
/// level / bandwidth) plus a fixed overhead. Every parameter is editable.

#include "core/network/workload_graph.h"

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace mapscape::placement {

/// Memory level, ordinal by speed (spec §2.1 decision): SRAM = 0, LLC = 1, DRAM = 2.
enum class Level : std::uint8_t { Sram = 0, Llc = 1, Dram = 2 };
inline constexpr int kLevelCount = 3;
/// "SRAM", "LLC", "DRAM".
std::string_view levelName(Level l);
std::optional<Level> parseLevel(std::string_view name);

/// One placement: per node the level of its weights and of its output feature map.
struct MemoryMap {
    std::vector<std::uint8_t> weights;     ///< Level per node (ignored for weight-less nodes)
    std::vector<std::uint8_t> activations; ///< Level per node
    int size() const { return int(activations.size()); }
    static MemoryMap uniform(int nodes, Level level);
    friend bool operator==(const MemoryMap&, const MemoryMap&) = default;
};

/// JSON of a map: {"weights": "DLS…", "activations": "SSS…"} with one letter per node.
std::string mapJson(const MemoryMap& map);
/// One letter per node (S, L, D).
std::string mapLetters(const std::vector<std::uint8_t>& levels);
/// Throws InputError naming `field` on a wrong letter.
std::vector<std::uint8_t> parseMapLetters(std::string_view letters, const std::string& field);

/// A tensor held at a level by the user: searches' proposals are overridden there.
struct Pin {
    int node = 0;
    bool weights = false; ///< the node's weights (else its output activation)
    Level level = Level::Dram;
    friend bool operator==(const Pin&, const Pin&) = default;
};
/// Sets the pinned tensors of `map` to their levels (pins naming absent nodes are skipped).
void applyPins(MemoryMap& map, const std::vector<Pin>& pins);

/// Which tensors of a node a rule applies to.
enum class TensorRole : std::uint8_t { Weights, Activations, Both };

/// A rule plug-in (spec §6.3): tensors of nodes of `op` may not live in `level`; the legalizer
/// demotes them as if they did not fit.
struct LevelRule {
    OpKind op = OpKind::Conv;
    TensorRole role = TensorRole::Both;
    Level level = Level::Sram;
    friend bool operator==(const LevelRule&, const LevelRule&) = default;
};

enum class SramMode : std::uint8_t {
    Replicated, ///< weights copied into every ICE's SRAM, activations split over the ICEs (default)
    Sharded     ///< weights split too: one pooled SRAM of n_ICE × size
};
enum class ChannelMode : std::uint8_t {
    Parallel, ///< t_mem = max over levels (the three levels are parallel channels; default)
    Serial    ///< t_mem = Σ over levels
};

/// Spec §6.1, all user-editable. Bytes, bytes/s, seconds.
struct HardwareParams {
    int iceCount = 12;
    double sramPerIceBytes = 4.0 * 1024 * 1024;
    double llcBytes = 24.0 * 1024 * 1024;
    double dramBytes = 32.0 * 1024 * 1024 * 1024;
    double dramBandwidth = 67.2e9;
    double llcBandwidth = 680e9;
    double sramBandwidth = 6.8e12;   ///< aggregate over the ICEs
    double macRate = 25e12;          ///< MAC/s (≈ 50 TOPS INT8)
    double macUtilisation = 0.5;     ///< η for conv / fc / matmul
    double vectorRate = 0.5e12;      ///< elements/s for ops without MACs
    double nodeOverhead = 2e-6;      ///< T0 per node
    int bytesPerElement = 1;         ///< 1 = INT8, 2 = FP16
    SramMode sramMode = SramMode::Replicated;
    double sramReserve = 0;          ///< fraction of SRAM kept free
    double llcReserve = 0;
    double compilerWeightThreshold = 128.0 * 1024; ///< θ_w: the compiler puts smaller weights in the LLC
    double noiseSigma = 0;           ///< σ of the multiplicative log-normal measurement noise
    ChannelMode channels = ChannelMode::Parallel;
    double switchPenalty = 0;        ///< c_sw per edge whose producer and consumer OFMs sit in different levels
    bool dramThroughLlc = false;     ///< DRAM bytes also occupy the LLC channel
    std::vector<LevelRule> rules;
    double bandwidth(Level l) const;
    friend bool operator==(const HardwareParams&, const HardwareParams&) = default;
};

/// Problems with the parameters, one per field ("sram_per_ice_bytes: must be positive, got 0").
FieldIssues validateHardwareParams(const HardwareParams& p);

/// The paper-default parameters (σ = 0) and the "hardware-like" preset (σ = 0.02).
HardwareParams nnpiDefaults();
HardwareParams nnpiHardwareLike();

/// How rewards are formed from a legalized map (spec §2.5, §8 #5–6).
struct RewardOptions {
    double invalidCoefficient = 1.0; ///< κ in r = −κ·ε for an invalid map
    bool flatInvalid = false;        ///< r = −1 for every invalid map instead
    bool squaredMinusOne = false;    ///< r = s² − 1 for a valid map instead of s²
    friend bool operator==(const RewardOptions&, const RewardOptions&) = default;
};

/// What the legalizer did to a proposal.
struct Legalization {
    MemoryMap map;           ///< M_C: executable
    double epsilon = 0;      ///< demoted bytes / mappable bytes
    double demotedBytes = 0;
    int demotedTensors = 0;
    bool valid() const { return demotedTensors == 0; }
};

/// One evaluation of a proposed map (Algorithm 1).
struct PlacementOutcome {
    bool valid = false;      ///< the legalizer changed nothing
    double epsilon = 0;      ///< mapping error ε_M
    double latency = 0;      ///< noiseless latency of the legalized map, s (also for invalid maps)
    double measured = 0;     ///< measured latency (with noise), s; 0 if invalid (no inference is run)
    double speedup = 0;      ///< L_compiler / measured; 0 if invalid
    double reward = 0;
};

/// Per-node timing of a map (roofline bars).
struct NodeTiming {
    double compute = 0;                  ///< t_comp, s
    std::array<double, kLevelCount> memory{}; ///< bytes_ℓ / BW_ℓ, s
    std::array<double, kLevelCount> bytes{};
    double memoryTime = 0;               ///< t_mem
    double total = 0;                    ///< max(t_comp, t_mem) + T0 (+ switch penalties)
    bool memoryBound() const { return memoryTime > compute; }
};

/// Occupancy per schedule step of a map (capacity timeline).
struct Occupancy {
    std::vector<double> sramPerIce; ///< bytes per ICE at each step (weights + live activations)
    std::vector<double> llc;        ///< bytes at each step
    double sramCapacity = 0;        ///< per ICE, after the reserve
    double llcCapacity = 0;
};

/// Scratch space reused across legalizations (one per thread).
struct LegalizerScratch {
    std::vector<std::int64_t> sramActs, llcActs;
};

/// A workload on the hardware. Construction validates both (InputError naming the field) and
/// precomputes what the hot path needs; evaluation itself never throws. Immutable and therefore
/// safe to share between threads (each thread brings its own scratch and random engine).
class PlacementModel {
public:
    PlacementModel(WorkloadGraph graph, HardwareParams params, RewardOptions reward = {});

    const WorkloadGraph& graph() const { return m_graph; }
    const HardwareParams& params() const { return m_params; }
    const RewardOptions& rewardOptions() const { return m_reward; }
    int nodeCount() const { return m_graph.nodeCount(); }
    bool hasWeights(int node) const { return m_weightBytes[std::size_t(node)] > 0; }
    double weightBytes(int node) const { return double(m_weightBytes[std::size_t(node)]); }
    double activationBytes(int node) const { return double(m_actBytes[std::size_t(node)]); }
    /// Last schedule step at which node's OFM is read (its own step for a sink).
    int lastUse(int node) const { return m_lastUse[std::size_t(node)]; }
    double mappableBytes() const { return m_mappableBytes; }

    /// C(M_π): the executable map the compiler makes of a proposal (spec §6.4).
    Legalization legalize(const MemoryMap& proposal) const;
    void legalize(const MemoryMap& proposal, Legalization& out, LegalizerScratch& scratch) const;
    /// Noiseless latency of a map, s, ignoring capacities.
    double latency(const MemoryMap& map) const;
    NodeTiming nodeTiming(const MemoryMap& map, int node) const;
    Occupancy occupancy(const MemoryMap& map) const;

    /// The compiler's own map (spec §6.5) and its latency L_C (Ω_baseline = 1 / L_C).
    const MemoryMap& compilerMap() const { return m_compilerMap; }
    double compilerLatency() const { return m_compilerLatency; }
    /// L_C / latency(map): the noiseless speed-up of an executable map.
    double speedup(const MemoryMap& map) const { return m_compilerLatency / latency(map); }

    /// Algorithm 1: legalize, and if nothing changed, "run inference" (with noise from `rng`
    /// when σ > 0) and reward the squared speed-up; otherwise reward −κ·ε.
    PlacementOutcome evaluate(const MemoryMap& proposal, std::mt19937_64& rng) const;
    void evaluate(const MemoryMap& proposal, std::mt19937_64& rng, PlacementOutcome& out, Legalization& legal,
                  LegalizerScratch& scratch) const;

    /// Size check of a map (throws InputError naming the field if the sizes or levels are wrong).
    void checkMap(const MemoryMap& map, const std::string& what) const;

private:
    bool forbidden(int node, bool weights, int level) const;

    WorkloadGraph m_graph;
    HardwareParams m_params;
    RewardOptions m_reward;
    int m_n = 0;
    std::vector<std::int64_t> m_weightBytes, m_actBytes, m_weightReadBytes, m_inputBytes;
    std::vector<int> m_lastUse;
    std::vector<int> m_predStart, m_preds; ///< CSR of producers
    std::vector<double> m_compute;         ///< t_comp per node
    std::vector<std::uint8_t> m_forbidden; ///< per node: bit (2·level + isWeight)
    std::int64_t m_sramCapScaled = 0;      ///< per-ICE capacity × n_ICE (integers stay exact)
    std::int64_t m_llcCap = 0;
    double m_mappableBytes = 0;
    MemoryMap m_compilerMap;
    double m_compilerLatency = 0;
};

} // namespace mapscape::placement
