// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Vocabulary of the MAESTRO-compatible dataflow model: a layer (CONV, DSCONV, GEMM), a mapping
/// written as MAESTRO's data-centric directives (SpatialMap / TemporalMap / Cluster), the
/// hardware it runs on and everything the model computes. Plain values, cheap to copy.

#include <array>
#include <climits>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

/// Layer types the model analyses. A fully connected layer is a CONV with R = S = Y = X = 1
/// (that is how MAESTRO files express it: its own "FC" keyword is not implemented there).
enum class DfLayerType : std::uint8_t { Conv, DsConv, Gemm };
/// "CONV", "DSCONV", "GEMM".
std::string_view dfLayerTypeName(DfLayerType t);
std::optional<DfLayerType> parseDfLayerType(std::string_view s);

/// Loop variables. CONV / DSCONV use C K N R S X X' Y Y' (N is the batch, X/Y input columns and
/// rows, X'/Y' output columns and rows; a layer without N is a batch of one, and only a layer that
/// declares N, even N = 1, may map it, as HASCO's "TemporalMap(1,1) N" does); GEMM uses K M N
/// (K the reduction, M and N the output rows and columns). The numbering is the ASCII order of the names, which is the order MAESTRO
/// completes a level's missing directives in.
inline constexpr int kDfMaxVars = 9;
namespace dfvar {
inline constexpr int C = 0, K = 1, N = 2, R = 3, S = 4, X = 5, Xo = 6, Y = 7, Yo = 8;
inline constexpr int GemmK = 0, GemmM = 1, GemmN = 2;
} // namespace dfvar
/// Number of variable slots a layer type uses (9 for convolutions, 3 for GEMM).
int dfVarCount(DfLayerType t);
/// "C", "K", ..., "Y'" (convolutions) or "K", "M", "N" (GEMM).
std::string_view dfVarName(DfLayerType t, int var);
/// -1 if the name is not a variable of that layer type.
int parseDfVar(DfLayerType t, std::string_view name);

/// The three tensors, in MAESTRO's order.
enum class DfTensor : std::uint8_t { Input, Weight, Output };
inline constexpr int kDfTensors = 3;
/// "input", "filter", "output" (MAESTRO's names).
std::string_view dfTensorName(DfTensor t);

/// One layer: sizes per variable (0 = not declared) and the outer strides of Y and X.
/// Convolutions are described input-centrically (Y, X); Y' and X' are derived.
struct DataflowLayer {
    std::string name = "layer";
    DfLayerType type = DfLayerType::Conv;
    std::array<int, kDfMaxVars> size{}; ///< by variable; 0 = not declared (N and the outputs)
    int strideY = 1;
    int strideX = 1;

    int get(int var) const { return size[std::size_t(var)]; }
    void set(int var, int value) { size[std::size_t(var)] = value; }
    /// Output rows / columns as MAESTRO derives them (Y - R + 1: the stride is applied through
    /// the directives' offsets, not here). Convolutions only.
    int outputRows() const;
    int outputCols() const;
    /// A CONV layer (K, C, R, S, Y, X, strides); batch 1.
    static DataflowLayer conv(std::string name, int K, int C, int R, int S, int Y, int X, int stride = 1);
    static DataflowLayer dsconv(std::string name, int C, int R, int S, int Y, int X, int stride = 1);
    /// A GEMM: output M×N, reduction K.
    static DataflowLayer gemm(std::string name, int M, int N, int K);
    friend bool operator==(const DataflowLayer&, const DataflowLayer&) = default;
};

enum class DirectiveKind : std::uint8_t { Temporal, Spatial, Cluster };

/// One directive. For maps, `size` and `offset` are the mapping size and offset of `var`;
/// `sizeOf` / `offsetOf` >= 0 mean "Sz(var)" (the layer's size of that variable) so that a
/// dataflow template follows layer edits. For Cluster, `size` is the cluster size (which may also
/// be Sz(var)).
struct Directive {
    DirectiveKind kind = DirectiveKind::Temporal;
    std::int8_t var = 0;
    int size = 1;
    int offset = 1;
    std::int8_t sizeOf = -1;
    std::int8_t offsetOf = -1;
    bool logicalCluster = false; ///< Cluster(n, L) instead of Cluster(n, P); MAESTRO treats both alike

    static Directive temporal(int var, int size, int offset) { return {DirectiveKind::Temporal, std::int8_t(var), size, offset}; }
    static Directive spatial(int var, int size, int offset) { return {DirectiveKind::Spatial, std::int8_t(var), size, offset}; }
    static Directive cluster(int size) { return {DirectiveKind::Cluster, 0, size, 1}; }
    friend bool operator==(const Directive&, const Directive&) = default;
};

/// A mapping: directives from the outermost level inwards; each Cluster(n) opens the next level
/// (n sub-clusters per cluster). Up to four levels.
struct DataflowMapping {
    std::string name;
    std::vector<Directive> directives;
    /// The directives with Sz(...) references resolved against a layer.
    std::vector<Directive> resolved(const DataflowLayer& layer) const;
    int levelCount() const;
    friend bool operator==(const DataflowMapping&, const DataflowMapping&) = default;
};

/// Area / power constants of MAESTRO's DSE cost database.
struct DfCostDatabase {
    std::string name = "maestro-2021";
    double macArea = 283;        ///< µm² per MAC lane
    double macPower = 1.2223;    ///< mW per MAC lane
    double macEnergy = 0.00023;  ///< nJ per MAC (energy unit of the activity counts)
    double l1UnitBytes = 1;      ///< SRAM cell size for L1
    double l1UnitArea = 0.104;
    double l1UnitPower = 0.00345;
    double l2UnitBytes = 1;
    double l2UnitArea = 0.104;
    double l2UnitPower = 0.00345;
    double busUnitArea = 101.7938;
    double busUnitPower = 0.8;
    double arbiterUnitArea = 395.473;
    double arbiterUnitPower = 0.34;
    double busC1 = 14.662, busC0 = 28.895;
    double arbiterC2 = 1.2886, arbiterC1 = 5.5814, arbiterC0 = -23.711;
    double l1EnergyMultiplier = 1.68;  ///< L1 access energy in MAC energies
    double l2EnergyMultiplier = 18.61; ///< L2 access energy in MAC energies

    /// MAESTRO master (2021): 28 nm-scaled MAC, per-byte SRAM.
    static DfCostDatabase maestro2021();
    /// MAESTRO at commit 7723091 (2020), the one HASCO pins: 64-B / 32-KiB SRAM cells.
    static DfCostDatabase maestro2020();
    friend bool operator==(const DfCostDatabase&, const DfCostDatabase&) = default;
};

/// The hardware MAESTRO's command line describes (its flags or HW file).
struct DataflowHardware {
    std::string name = "hardware";
    int numPes = 256;
    int l1Size = INT_MAX;          ///< bytes per PE (a constraint: the model reports the requirement)
    int l2Size = INT_MAX;          ///< bytes
    int nocBandwidth = INT_MAX;    ///< elements per cycle between a level and its sub-clusters
    int nocHops = 1;               ///< average hops
    int nocHopLatency = 1;         ///< cycles per hop (MAESTRO's default is 0, ArchGym passes 1)
    bool multicast = true;         ///< carried for export; MAESTRO's analysis always multicasts
    int offchipBandwidth = INT_MAX; ///< elements per cycle from DRAM to L2
    int simdLanes = 1;             ///< MAC lanes per PE
    DfCostDatabase costDb = DfCostDatabase::maestro2021();
    friend bool operator==(const DataflowHardware&, const DataflowHardware&) = default;
};

/// Per-tensor counts of the top cluster level: L2 is its upstream buffer, L1 the buffers of the
/// PEs below it (MAESTRO's "L2/L1 buffer read/write").
struct DfTensorStats {
    std::int64_t l2Req = 0; ///< L2 bytes required (double-buffered)
    std::int64_t l1Req = 0; ///< L1 bytes per PE required (innermost level)
    std::int64_t l2Reads = 0;
    std::int64_t l2Writes = 0;
    std::int64_t l1Reads = 0;
    std::int64_t l1Writes = 0;
    friend bool operator==(const DfTensorStats&, const DfTensorStats&) = default;
};

/// What bounds a top-level iteration: its delay is the maximum of these (double-buffered).
enum class DfBound : std::uint8_t { Compute, NocIngress, NocEgress, Offchip };
inline constexpr int kDfBounds = 4;
/// "compute", "NoC in", "NoC out", "off-chip".
std::string_view dfBoundName(DfBound b);

struct DataflowResult {
    std::int64_t runtime = 0;     ///< cycles
    std::int64_t macs = 0;        ///< MACs the analysis counts (MAESTRO's "Num MACs")
    double throughput = 0;        ///< MACs per cycle
    std::array<DfTensorStats, kDfTensors> tensor{};
    std::int64_t l1ReqTotal = 0;  ///< bytes per PE
    std::int64_t l2ReqTotal = 0;  ///< bytes

    /// Activity-count energy in MAC energies (MAESTRO's screen report).
    double l2ReadEnergy = 0, l2WriteEnergy = 0, l1ReadEnergy = 0, l1WriteEnergy = 0, macEnergy = 0;
    double energyMacUnits = 0;    ///< sum of the five above
    double energyNj = 0;          ///< energyMacUnits × the cost database's MAC energy
    /// MAESTRO's CSV column "Activity count-based Energy (nJ)" for this layer alone: L2 reads and
    /// writes except output reads, plus L1 only when the mapping has one cluster level (see
    /// docs/cost-model.md: MAESTRO's CSV uses stale L1 counts otherwise).
    double csvEnergyNj = 0;

    /// Area and power of the accelerator sized to the requirements (MAESTRO's CSV).
    double area = 0, power = 0, pePower = 0, l1Power = 0, l2Power = 0, nocPower = 0;
    /// The same terms split further: area of the MAC lanes, L1 cells, L2 cells, bus and matrix
    /// arbiter; power of the bus and the arbiter (nocPower is their sum).
    double peArea = 0, l1Area = 0, l2Area = 0, busArea = 0, arbiterArea = 0, busPower = 0, arbiterPower = 0;

    std::int64_t peakNocBw = 0;   ///< elements per cycle
    double avgNocBw = 0;
    std::int64_t offchipBwReq = 0;
    std::array<std::int64_t, 3> ingressDelay{}; ///< min, max, average of the top level
    std::array<std::int64_t, 3> egressDelay{};
    std::array<std::int64_t, 3> computeDelay{};
    double avgUtilizedPes = 0;
    std::array<std::int64_t, kDfBounds> boundCycles{}; ///< top-level cycles by what bounds them
    bool fitsL1 = true;
    bool fitsL2 = true;

    double edp() const { return double(runtime) * energyNj; }
};

/// Why the model cannot analyse a layer / mapping / hardware (MAESTRO aborts on all of these).
enum class DfError : std::uint8_t {
    Ok,
    BadLayer,           ///< a size <= 0, or a variable the layer type lacks
    BadHardware,        ///< numPes, bandwidths or lanes <= 0
    EmptyMapping,
    NoSpatialMap,       ///< a level without a SpatialMap
    TooManySpatialMaps, ///< more than two SpatialMaps in one level
    TooManyLevels,      ///< more than four levels
    BadDirective,       ///< size or offset <= 0, or a variable the layer type lacks
    FilterNotWhole,     ///< TemporalMap of R or S must map the whole filter with offset = size
    MissingVariable,    ///< a level names a variable that the level below its parent does not have
    OutputAndInput,     ///< a level maps both X and X' (or Y and Y')
    ClusterTooLarge,    ///< cluster sizes multiply to more PEs than there are
    ZeroUniqueElements, ///< MAESTRO's reuse analysis aborts (a changing dimension with no new data)
    EmptyOutputTile,    ///< a Y (X) tile shorter than the filter's R (S): no output row (column) is computed
    Overflow,           ///< a count exceeds 64 bits
    MapBeyondDimension, ///< a map larger than its dimension whose offset is smaller than its size
};

struct DfStatus {
    DfError error = DfError::Ok;
    std::int8_t level = -1; ///< cluster level (0 = outermost), -1 if not level-specific
    std::int8_t var = -1;
    std::int64_t value = 0;
    bool ok() const { return error == DfError::Ok; }
    friend bool operator==(const DfStatus&, const DfStatus&) = default;
};

} // namespace mapscape
