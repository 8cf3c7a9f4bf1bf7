// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Plain value structs describing what timeloop-model reads: the architecture (storage levels
/// and the arithmetic level, with ERT energies and ART areas folded in), the problem (a dense
/// tensor workload), a mapping and mapspace constraints. Readers live in timeloop_yaml.h, the
/// cost model in loopnest_model.h.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mapscape::loopnest {

/// Where a parsed node came from (1-based line; 0 when unknown).
struct SourceLoc {
    std::string file;
    int line = 0;

    /// "file:line" (or "file" when the line is unknown, or "" when nothing is known).
    std::string str() const;
};

/// One storage level (a buffer) of the architecture.
struct StorageLevelSpec {
    std::string name;             ///< level name without the "[1..N]" instance range
    std::string className;        ///< component class ("DRAM", "SRAM", "regfile", "dummy_storage"...)
    SourceLoc loc;
    std::uint64_t instances = 1;  ///< total instances (product of enclosing ranges)
    std::uint64_t meshX = 1;
    std::uint64_t meshY = 1;
    bool hasSize = false;         ///< false: unbounded (e.g. DRAM)
    std::uint64_t depth = 0;      ///< rows as written (0 if unbounded)
    std::uint64_t size = 0;       ///< capacity in words = depth * blockSize (when hasSize)
    std::uint64_t width = 0;      ///< bits per row (0 when not given)
    std::uint32_t wordBits = 16;  ///< datawidth
    std::uint32_t blockSize = 1;  ///< words per vector access
    std::uint32_t clusterSize = 1;
    std::optional<double> readBandwidth;   ///< words/cycle
    std::optional<double> writeBandwidth;  ///< words/cycle
    std::optional<double> sharedBandwidth; ///< words/cycle
    double multipleBuffering = 1.0;
    double minUtilization = 0.0;
    bool allowOverbooking = false;
    bool isDram = false;
    bool dummy = false;           ///< a v0.4 front-end placeholder level (class dummy_storage)
    std::optional<double> addrGenEnergy;  ///< user-given energy per address generation (pJ)
    // --- from the ERT (pJ per vector access) ---
    bool hasErt = false;
    SourceLoc ertLoc;
    double readEnergy = 0.0;
    double fillEnergy = 0.0;
    double updateEnergy = 0.0;
    double leakEnergy = 0.0;      ///< per cycle per utilized instance
    std::map<std::string, double> ertActions;  ///< every ERT action (max over argument variants)
    // --- from the ART ---
    bool hasArea = false;
    double area = 0.0;            ///< um^2 per instance (rounded to float like Timeloop)

    /// Capacity after multiple buffering (valid when hasSize).
    std::uint64_t effectiveSize() const;
};

/// The arithmetic (MAC) level.
struct ArithmeticSpec {
    std::string name = "MAC";
    std::string className;
    SourceLoc loc;
    std::uint64_t instances = 1;
    std::uint64_t meshX = 1;
    std::uint64_t meshY = 1;
    std::uint32_t wordBits = 16;
    bool hasErt = false;
    SourceLoc ertLoc;
    double computeEnergy = 0.0;   ///< pJ per compute
    bool hasArea = false;
    double area = 0.0;            ///< um^2 per instance
};

/// The architecture: storage levels outermost first, then the arithmetic level.
struct Architecture {
    std::string name;
    SourceLoc loc;
    std::vector<StorageLevelSpec> levels;  ///< outermost (e.g. DRAM) first
    ArithmeticSpec arithmetic;

    /// Index of the storage level with that name, or -1.
    int findLevel(const std::string& name) const;
};

/// One term of a projection: dimension × coefficient (coefficient -1 means 1).
struct ProjectionTerm {
    int dim = 0;
    int coefficient = -1;
};

/// A tensor of the problem.
struct DataSpaceSpec {
    std::string name;
    SourceLoc loc;
    /// One entry per rank; each rank is a sum of terms.
    std::vector<std::vector<ProjectionTerm>> projection;
    bool readWrite = false;
};

/// A dense tensor problem (shape + instance).
struct Problem {
    std::string name;
    SourceLoc loc;
    std::vector<std::string> dimensions;        ///< in the shape's order
    std::vector<std::uint64_t> bounds;          ///< per dimension
    std::vector<std::string> coefficientNames;
    std::vector<std::int64_t> coefficientValues;  ///< instance value or default
    std::vector<DataSpaceSpec> dataSpaces;
    /// Set when the instance gives a density below 1 (sparse tensors are not modelled).
    bool sparse = false;
    SourceLoc sparseLoc;

    int findDimension(const std::string& name) const;
    int findDataSpace(const std::string& name) const;
    int findCoefficient(const std::string& name) const;
    /// "C M R S N P Q"
    std::string dimensionList() const;
};

/// The mapping of one storage level (directives targeted at it), index-aligned with
/// Architecture::levels.
struct LevelMapping {
    SourceLoc loc;                       ///< first directive for this level
    /// Per data space: -1 unspecified (kept, Timeloop's default), 0 bypass, 1 keep.
    std::vector<int> keep;
    bool hasTemporal = false;
    std::vector<std::uint64_t> temporalFactors;  ///< per dimension (1 when absent)
    std::vector<int> temporalPermutation;        ///< innermost first; may be partial
    bool hasSpatial = false;
    SourceLoc spatialLoc;
    std::vector<std::uint64_t> spatialFactors;   ///< fan-out from this level to the next inner one
    std::vector<int> spatialPermutation;         ///< innermost first; may be partial
    std::optional<std::uint32_t> split;          ///< first `split` permutation dims go to X
};

/// A full mapping, one entry per storage level (outermost first).
struct Mapping {
    std::vector<LevelMapping> levels;
};

/// One mapspace constraint entry. The model does not apply them; the mapper's map space
/// (loopnest_space.h) does.
struct Constraint {
    SourceLoc loc;
    std::string target;
    std::string type;                       ///< temporal | spatial | bypass | datatype | utilization | ...
    std::map<std::string, std::int64_t> factors;     ///< "K=4": dimension -> factor (0: the whole bound)
    std::map<std::string, std::int64_t> minFactors;  ///< "K>=4"
    std::map<std::string, std::int64_t> maxFactors;  ///< "K<=4"
    std::string factorsText;                ///< the original factors text
    std::vector<std::string> permutation;   ///< innermost loops, innermost first (before a "_")
    std::vector<std::string> permutationSuffix; ///< outermost loops, innermost first (after a "_")
    std::vector<std::string> keep;
    std::vector<std::string> bypass;
    std::optional<double> minUtilization;   ///< `min_utilization` as written on the constraint
    std::optional<double> minParallelism;   ///< type utilization / parallelism: `min`
    std::optional<std::uint32_t> split;
    std::vector<std::string> noLinkTransfer, noMulticast, noTemporalReuse;
};

/// Mapspace constraints gathered from architecture_constraints, mapspace_constraints and
/// per-component `constraints` of the v0.4 tree.
struct Constraints {
    std::vector<Constraint> targets;
};

/// Environment options that change Timeloop's results (defaults = Timeloop defaults).
struct EnvOptions {
    bool linkTransfers = true;
    bool firstReadElision = true;
    bool updatedRmw = false;        ///< not modelled: rejected when set
    bool useIsl = false;            ///< not modelled: rejected when set
    bool temporalExtrapolation = true;
    bool spatialExtrapolation = true;
};

/// Everything read from a set of Timeloop input files.
struct Spec {
    Architecture architecture;
    bool hasArchitecture = false;
    Problem problem;
    bool hasProblem = false;
    Mapping mapping;
    bool hasMapping = false;
    Constraints constraints;
    EnvOptions env;
    bool hasErt = false;
    bool hasArt = false;
    /// Set when `sparse_optimizations` has targets (not modelled: evaluateSpec refuses).
    bool sparseOptimizations = false;
    SourceLoc sparseOptimizationsLoc;
    SourceLoc architectureLoc, problemLoc, mappingLoc, ertLoc, artLoc;
};

} // namespace mapscape::loopnest
