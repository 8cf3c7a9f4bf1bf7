// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The accelerator-sizing study of seed 002 as a design space: the paper's Table 1 genes (each
/// searched over an integer range with a step or a list of values, or fixed), the RNN-accelerator
/// cost model, FPGA limits enforced by a repair step, and the user's area / latency / power
/// constraints. Objectives: latency, power, area (the three the paper's hypervolume measures) and
/// energy.

#include "kinds/accel/core/accel_model.h"
#include "core/optim/space/design_space.h"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mapscape {

/// How one gene may vary.
struct GeneRange {
    bool searched = true;      ///< false: fixed at `fixed`
    bool useList = false;      ///< true: the values in `list`; false: lo..hi by step
    int lo = 0, hi = 0, step = 1;
    std::vector<int> list;
    int fixed = 0;
    friend bool operator==(const GeneRange&, const GeneRange&) = default;
};

struct AccelSpace {
    std::array<GeneRange, kAccelGenes> genes{};

    GeneRange& operator[](AccelGene g) { return genes[std::size_t(g)]; }
    const GeneRange& operator[](AccelGene g) const { return genes[std::size_t(g)]; }
    /// The values a gene may take, ascending (dataflow: 0 = WS, 1 = OS; dtype: 8).
    std::vector<int> values(AccelGene g) const;
    /// Number of points, and its base-10 logarithm.
    double size() const;
    double sizeLog10() const;

    /// The paper's Table 1: x 4..32, sp 128..512 KiB, local 64..256 KiB, WS/OS, banks 1..8, DMA
    /// bus width and burst 64..128 (1.46×10¹¹ points).
    static AccelSpace table1();
    /// HASCO's lists: x ∈ {8, 16, 32}, sp ∈ {128, 256, 512}, local ∈ {64, 128, 256}, banks 1..8,
    /// DMA ∈ {64, 128} (1,728 points).
    static AccelSpace hasco();
    friend bool operator==(const AccelSpace&, const AccelSpace&) = default;
};

/// Problems with a space, one per field ("x.step: must be at least 1"); empty when usable.
std::vector<std::string> validateAccelSpace(const AccelSpace& s);

/// Everything an accelerator-sizing study evaluates against.
struct AccelSetup {
    RnnWorkload workload = RnnWorkload::make(RnnCell::Vanilla);
    AccelModelOptions model;
    AccelSpace space = AccelSpace::table1();
    AccelConstraints constraints;
    FpgaLimits limits;
    FpgaProxy proxy;
    friend bool operator==(const AccelSetup&, const AccelSetup&) = default;
};

/// The objectives of an accelerator design (latency, power, area, energy), in this order.
std::span<const ObjectiveInfo> accelObjectives();
/// Index of an objective of accelObjectives(), −1 if unknown.
int accelObjectiveIndex(std::string_view id);

/// Objective indices of the accelerator-sizing problem.
namespace accelobj {
inline constexpr int Latency = 0, Power = 1, Area = 2, Energy = 3;
}

/// Reason codes of invalid points (PointEvaluation::reason): an AccelInvalid value.

/// Thread-safe.
class AccelProblem final : public PointProblem {
public:
    /// Throws InputError naming the field for a bad workload, space, options or objective.
    explicit AccelProblem(AccelSetup setup, std::string primaryObjective = "area");

    std::span<const Parameter> parameters() const override { return m_params; }
    std::span<const ObjectiveInfo> objectives() const override;
    int primaryObjective() const override { return m_primary; }
    /// Repairs the point against the FPGA limits, then evaluates the repaired design.
    PointEvaluation evaluate(std::span<const std::int32_t> point) const noexcept override;
    std::string explain(std::span<const std::int32_t> point) const override;
    std::string describe(std::span<const std::int32_t> point) const override;

    const AccelSetup& setup() const { return m_setup; }
    const AccelModel& model() const { return *m_model; }

    AccelDesign decode(std::span<const std::int32_t> point) const;
    /// The point of a design, each gene at its nearest allowed value.
    Point encode(const AccelDesign& d) const;
    /// The paper's repair (§2.7): shrinks the PE array while LUTs or DSPs are over the limits,
    /// the larger BRAM user while BRAM is over, and sets the DMA bus width to the largest allowed
    /// value within the bandwidth limit. Fixed genes are not changed. Returns nullopt when the
    /// limits cannot be met inside the space.
    std::optional<Point> repair(std::span<const std::int32_t> point) const;
    /// Whether a valid evaluation meets area_max, latency_max and power_max.
    bool feasible(const PointEvaluation& e) const;
    /// Σ max(0, value / limit − 1) over the constraints that are set (0 when feasible).
    double violation(const PointEvaluation& e) const;

    /// A fixed reference point for live hypervolume curves (latency, power, area): 1.1 × the
    /// largest value among the space's corner designs (every gene at its lowest or highest
    /// value), so curves of runs on one setup share it. Reports compute their own reference
    /// from the union of the runs they compare.
    const std::vector<double>& liveReference() const { return m_liveReference; }

private:
    AccelSetup m_setup;
    std::unique_ptr<AccelModel> m_model;
    std::vector<Parameter> m_params;
    std::array<AccelGene, kAccelGenes> m_gene{}; ///< parameter index → gene
    int m_primary = accelobj::Area;
    std::vector<double> m_liveReference;
};

} // namespace mapscape
