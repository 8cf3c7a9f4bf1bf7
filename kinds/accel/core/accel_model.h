// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The RNN-accelerator cost model of seed 002 (docs/reproduction.md, seed 002): HASCO's GEMM
/// accelerator template (an x×x PE array, per-PE local memory, a banked scratchpad, a DMA engine)
/// sized by eight genes, each workload component mapped with HASCO's weight- or output-stationary
/// MAESTRO directives and evaluated on the MAESTRO-compatible dataflow model (2020 cost database,
/// 9 MAC lanes per PE), the component tiles chosen by an exhaustive search, the results aggregated
/// as HASCO does (latency Σ, power mean, area max, energy Σ), an optional seeded "HASCO noise",
/// and an FPGA resource proxy with limits and the repair policy.

#include "kinds/accel/core/rnn_workload.h"
#include "core/maestro/dataflow_types.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

enum class AccelDataflow : std::uint8_t { WS, OS };
/// "WS", "OS".
std::string_view accelDataflowName(AccelDataflow d);

/// The genes in the paper's chromosome order (dtype is fixed to int8).
enum class AccelGene : std::uint8_t { X, SpCapacity, LocalCapacity, Dataflow, SpBanks, DmaBuswidth, DmaMaxbytes, Dtype };
inline constexpr int kAccelGenes = 8;
/// "x", "sp_capacity", "local_capacity", "dataflow", "sp_banks", "dma_buswidth", "dma_maxbytes", "dtype".
std::string_view accelGeneName(AccelGene g);
std::optional<AccelGene> parseAccelGene(std::string_view name);
/// A gene's name as a reader wants it, with its unit ("Scratchpad capacity (KiB)").
std::string_view accelGeneLabel(AccelGene g);

/// One accelerator configuration (a chromosome).
struct AccelDesign {
    int x = 8;             ///< PE array is x × x
    int spKb = 128;        ///< scratchpad capacity, KiB
    int localKb = 64;      ///< local memory per PE, KiB
    AccelDataflow dataflow = AccelDataflow::WS;
    int spBanks = 1;       ///< scratchpad banks
    int dmaBuswidth = 64;  ///< DMA bus width, bits
    int dmaMaxbytes = 64;  ///< largest DMA burst, bytes

    /// Gene value as an integer (dataflow: 0 = WS, 1 = OS; dtype: 8 bits).
    int gene(AccelGene g) const;
    void setGene(AccelGene g, int value);
    /// "{8, 128, 64, WS, 1, 64, 64, int8}" — the paper's chromosome notation.
    std::string text() const;
    friend bool operator==(const AccelDesign&, const AccelDesign&) = default;
};

/// Resource estimates of a configuration on an FPGA (§2.7: MAESTRO models an ASIC, the paper's
/// limits are FPGA limits; these linear estimates connect the two and every coefficient is
/// editable).
struct FpgaProxy {
    double lutBase = 10000;
    double lutPerPe = 120;
    double lutPerBank = 800;
    double lutPerBusBit = 2;
    double dspPerPe = 1;          ///< one int8 MAC per DSP slice
    double kibPerBram36 = 4.5;    ///< a BRAM36 holds 36 Kib = 4.5 KiB
    friend bool operator==(const FpgaProxy&, const FpgaProxy&) = default;
};

struct FpgaUsage {
    double lut = 0, dsp = 0, bram36 = 0, bandwidth = 0; ///< bandwidth: DMA bits per cycle
    friend bool operator==(const FpgaUsage&, const FpgaUsage&) = default;
};
FpgaUsage estimateFpgaUsage(const AccelDesign& d, const FpgaProxy& proxy);

/// Limits the repair enforces; 0 = no limit.
struct FpgaLimits {
    std::string name = "none";
    double lut = 0, dsp = 0, bram36 = 0, bandwidth = 0;
    bool any() const { return lut > 0 || dsp > 0 || bram36 > 0 || bandwidth > 0; }
    /// ZCU102 (XCZU9EG): 274,080 LUTs, 2,520 DSP slices, 912 BRAM36; bandwidth unlimited.
    static FpgaLimits zcu102();
    friend bool operator==(const FpgaLimits&, const FpgaLimits&) = default;
};

/// The user's constraints on the outcome; 0 = no constraint.
struct AccelConstraints {
    double areaMax = 0;    ///< µm²
    double latencyMax = 0; ///< cycles
    double powerMax = 0;   ///< mW
    friend bool operator==(const AccelConstraints&, const AccelConstraints&) = default;
};

/// How a component's tile (Ti, Tj, Tk) is chosen among those that fit.
enum class TilePolicy : std::uint8_t {
    WholeReduction, ///< Tk = K when it fits (HASCO's tiles, which Table 3's OS power needs), else MinLatency
    MinLatency,     ///< every tile: the least runtime (ties: least energy)
};
/// "whole-reduction", "min-latency".
std::string_view tilePolicyId(TilePolicy p);
std::optional<TilePolicy> parseTilePolicy(std::string_view id);

struct AccelModelOptions {
    TilePolicy tilePolicy = TilePolicy::WholeReduction;
    int simdLanes = 9;        ///< MAC lanes per PE (MAESTRO's default, which HASCO keeps)
    int nocPorts = 2;         ///< NoC bandwidth = ports × banks × dtype bits ("dual ports")
    int dtypeBits = 8;
    int nocHopLatency = 1;    ///< cycles of NoC latency per transfer
    DfCostDatabase costDb = DfCostDatabase::maestro2020();
    bool noise = false;       ///< HASCO's "add some randomness": each aggregate × (1 + U(0, amplitude))
    double noiseAmplitude = 0.03;
    std::uint64_t noiseSeed = 1;
    bool offchip = false;     ///< extension: DMA transfers bound each component (off in HASCO)
    friend bool operator==(const AccelModelOptions&, const AccelModelOptions&) = default;
};

/// Area / power split by the cost database's terms.
struct AccelBreakdown {
    double pe = 0;      ///< MAC lanes
    double l1 = 0;      ///< local memories
    double l2 = 0;      ///< scratchpad
    double bus = 0;
    double arbiter = 0;
    double total() const { return pe + l1 + l2 + bus + arbiter; }
};

enum class AccelInvalid : std::uint8_t {
    None,
    NoTileFits,   ///< a component has no tile within the scratchpad / local capacity
    ModelError,   ///< the dataflow model rejects every tile of a component
    RepairFailed, ///< the FPGA limits cannot be met inside the design space
    OutOfMemory,  ///< the machine ran out of memory while the dataflow model searched a component's tiles
};

struct AccelMetrics {
    bool valid = false;
    AccelInvalid invalid = AccelInvalid::None;
    int failedComponent = -1;   ///< the component without a tile, if any
    double latency = 0;         ///< cycles (Σ over components × sequence length)
    double power = 0;           ///< mW (mean over components)
    double area = 0;            ///< µm² (max over components)
    double energy = 0;          ///< nJ (Σ × sequence length)
    std::int64_t l1Req = 0;     ///< bytes per PE (max over components)
    std::int64_t l2Req = 0;     ///< bytes (max)
    AccelBreakdown areaParts;   ///< of the largest component
    AccelBreakdown powerParts;  ///< means over components
};

/// The tile a component gets on one design and what it costs for one time step.
struct AccelTileResult {
    bool valid = false;
    int ti = 0, tj = 0, tk = 0;
    int candidates = 0;       ///< tiles that fit and the model accepted
    std::int64_t runtime = 0; ///< cycles
    double energy = 0;        ///< nJ
    double area = 0, power = 0;
    std::int64_t l1Req = 0, l2Req = 0;
    AccelBreakdown areaParts, powerParts;
};

/// One component's chosen tile and result.
struct AccelComponentResult {
    std::string name;
    int M = 0, N = 0, K = 0;
    AccelTileResult tile;
    std::int64_t offchipCycles = 0; ///< off-chip extension only
    std::string mappingText;        ///< the chosen directives as a MAESTRO .m Dataflow block
};

struct AccelDetail {
    AccelMetrics metrics;
    std::vector<AccelComponentResult> components;
};

/// A workload compiled for evaluation. Thread-safe: component tile searches are memoised in a
/// shared cache keyed by what they depend on (x, dataflow, banks and which tiles fit).
class AccelModel {
public:
    /// Throws InputError naming the field for a bad workload or options.
    AccelModel(RnnWorkload workload, AccelModelOptions options);
    ~AccelModel();
    AccelModel(const AccelModel&) = delete;
    AccelModel& operator=(const AccelModel&) = delete;

    const RnnWorkload& workload() const { return m_workload; }
    const AccelModelOptions& options() const { return m_options; }

    /// Checks a design's own values (positive sizes, banks ≥ 1, ...); "" when fine.
    static std::string checkDesign(const AccelDesign& d);
    static std::string checkOptions(const AccelModelOptions& o);

    AccelMetrics evaluate(const AccelDesign& d) const noexcept;
    AccelDetail evaluateDetailed(const AccelDesign& d) const;
    /// The hardware the dataflow model sees for a design.
    DataflowHardware hardwareFor(const AccelDesign& d) const;
    /// The MAESTRO layer and directives of a component with a tile (for export and tests).
    static DataflowLayer layerFor(const RnnComponent& c);
    static std::vector<Directive> directivesFor(AccelDataflow df, int x, int ti, int tj, int tk);

    /// Tile searches run so far (cache misses), for tests and benchmarks.
    std::uint64_t tileSearches() const;

private:
    struct Cache;
    RnnWorkload m_workload;
    AccelModelOptions m_options;
    std::unique_ptr<Cache> m_cache;
};

/// "no tile of component 2 (hidden layer W_hh·h) fits the 128 KiB scratchpad"
std::string describeInvalid(const AccelMetrics& m, const RnnWorkload& w);

/// The clock the figures are read at: the model counts cycles and has none of its own.
inline constexpr double kAccelReadingClockHz = 1e9;
/// How latency, energy and power relate for a valid design, in words: the latency as time at
/// kAccelReadingClockHz, that the power is the static power of the sized hardware (MAESTRO's cost
/// database) and not energy ÷ time, and what energy ÷ time comes to. With MAESTRO 2020's database
/// (whose 0.904 "nJ" per MAC is about a thousand times a 28 nm MAC) it also gives the pJ reading.
std::string accelTimeNote(const AccelMetrics& m, const DfCostDatabase& db);

} // namespace mapscape
