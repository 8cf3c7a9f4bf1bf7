// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The calibrated ZCU102 DPU platform simulator of seed 003 (DPUCConfig; docs/reproduction.md, seed 003,
/// §4.4): Xilinx DPUCZDX8G configurations (core size × identical instances), the CNN model
/// library of the paper's Table III with pruned variants, three background states (N none,
/// C CPU stress, M memory stress), and an analytical model of throughput (FPS), FPGA and Arm
/// power, energy efficiency (PPW = FPS / P_FPGA) and the 3 Hz telemetry the agent observes.
/// Per-entry corrections let a user replace simulated values by real measurements.

#include "core/model/validation.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace mapscape::dpu {

/// One DPUCZDX8G core size: peak ops/cycle = 2·PP·ICP·OCP ("B4096" = 8·16·16 MAC/cycle).
struct DpuSize {
    std::string name;     ///< "B4096"
    int pp = 8;           ///< pixel parallelism
    int icp = 16;         ///< input-channel parallelism
    int ocp = 16;         ///< output-channel parallelism
    int maxInstances = 3; ///< Table I
    int macsPerCycle() const { return pp * icp * ocp; }
    int opsPerCycle() const { return 2 * macsPerCycle(); }
    friend bool operator==(const DpuSize&, const DpuSize&) = default;
};

/// One action: `instances` identical cores of size `size` (index into Platform::sizes).
struct DpuConfig {
    int size = 0;
    int instances = 1;
    friend bool operator==(const DpuConfig&, const DpuConfig&) = default;
};

/// One CNN of the paper's Table III (latency and data I/O measured on B4096_1).
struct CnnModel {
    std::string name;             ///< "ResNet152"
    std::string shortName;        ///< "R152" (Fig. 5 labels)
    double latencyMs = 1;         ///< end-to-end latency of one image on B4096_1
    double accuracy = 0;          ///< INT8 top-1 (mAP for YOLOv5s), % (unpruned)
    int layers = 1;
    double gmac = 1;              ///< GMAC per image
    double dataIoMb = 1;          ///< DRAM↔DPU traffic per image, MB (10⁶ B)
    double bandwidthGbs = 0;      ///< Table III's bandwidth column (information only, §7 #23)
    double arithmeticIntensity = 0; ///< MAC/B (information only)
    double efficiency = 0.5;      ///< DPU efficiency on B4096_1, in (0, 1]
    double paramsM = 1;           ///< trainable parameters, millions (external, torchvision/timm)
    bool test = false;            ///< held out for testing (the paper's split)
    std::array<double, 2> prunedAccuracy{0, 0}; ///< PR25, PR50 accuracy, % (0 = unknown)
    friend bool operator==(const CnnModel&, const CnnModel&) = default;
};

/// A background workload state (stress-ng in the paper).
struct BackgroundState {
    std::string name;            ///< "N", "C", "M"
    std::string title;           ///< "no background load"
    double bandwidthGbs = 0;     ///< B_bg: background DDR traffic
    double cpuLoad = 0;          ///< c_bg: background CPU load (fraction of each core)
    double cpuCores = 4;         ///< K: Arm cores left for the DPU worker threads
    double instanceOverhead = 0.10; ///< k_inst: throughput loss per extra instance
    friend bool operator==(const BackgroundState&, const BackgroundState&) = default;
};

/// The analytical model's parameters (spec §4.4; the defaults are the spec's calibration fit).
struct PlatformParams {
    double clockMhz = 300;          ///< DPU clock (the paper does not state it; §7 #2)
    double memoryBandwidthGbs = 15; ///< B_max
    double memoryStall = 2.4;       ///< k_mem
    double stallExponent = 1.65;    ///< ζ: how much more big DPUs stall
    double cpuInterference = 12;    ///< k_cpu
    double powerPerInstanceW = 2.4; ///< a
    double powerPerSizeW = 2.6;     ///< b (× M_s/M_ref)
    double idleFraction = 0.55;     ///< η: share of dynamic power drawn while idle
    double staticPowerW = 0.9;      ///< P_st
    double gammaIntercept = 0.2624; ///< γ(E) = intercept + slope·(E − 0.171)
    double gammaSlope = 0.3648;
    double pruningExponent = 1;     ///< κ: GMAC and data scale by (1 − p)^κ
    double hostFloorMs = 0.05;      ///< minimum host time per frame
    double armIdleW = 1.0;          ///< P_ARM = idle + perUtil × mean CPU utilisation
    double armPerUtilW = 1.5;
    double telemetryNoise = 0.03;   ///< σ of the multiplicative noise of each 3 Hz sample
    double readShareLdfm = 0.55;    ///< share of non-weight data I/O that is loaded (LDFM)
    double backgroundReadShare = 0.6; ///< share of background traffic that is reads
    double framesPerRun = 1000;     ///< frames of one recorded run
    std::array<BackgroundState, 3> states{
        BackgroundState{"N", "no background load", 0.3, 0.02, 4.0, 0.10},
        BackgroundState{"C", "CPU stress (compute-intensive)", 1.4, 1.0, 1.15, 0.10},
        BackgroundState{"M", "memory stress (bandwidth-intensive)", 5.5, 0.25, 1.35, 0.10},
    };
    friend bool operator==(const PlatformParams&, const PlatformParams&) = default;
};

/// Multiplicative correction of one simulated entry (a pasted measurement divided by the
/// simulated value).
struct Correction {
    double fps = 1;
    double power = 1;
    friend bool operator==(const Correction&, const Correction&) = default;
};

/// (variant, state, action) → correction.
using CorrectionKey = std::tuple<int, int, int>;

constexpr int kStates = 3;
constexpr int kCpuCores = 4;
constexpr int kMemoryPorts = 5;
constexpr int kTelemetrySize = kCpuCores + 2 * kMemoryPorts + 2; ///< CPU_0..3, MEMR_0..4, MEMW_0..4, P_FPGA, P_ARM
constexpr int kStaticSize = 5;                                   ///< GMAC, LDFM, LDWB, STFM, PARAM
constexpr int kObservationSize = kTelemetrySize + kStaticSize + 1; ///< + C_PERF = 22
constexpr double kMacRef = 2048;                                 ///< M_ref: B4096's MAC/cycle

/// The whole platform: configurations, models, pruning levels, parameters and corrections.
struct Platform {
    std::vector<DpuSize> sizes;
    std::vector<DpuConfig> actions; ///< the agent's action space (26 by default)
    std::vector<CnnModel> models;
    std::vector<double> pruning{0, 0.25, 0.5}; ///< pruning ratios of each model's variants
    PlatformParams params;
    double fpsConstraint = 30; ///< C_PERF
    std::map<CorrectionKey, Correction> corrections;

    int variantCount() const { return int(models.size() * pruning.size()); }
    int modelOf(int variant) const { return variant / int(pruning.size()); }
    int pruningOf(int variant) const { return variant % int(pruning.size()); }
    int variant(int model, int pruningLevel) const { return model * int(pruning.size()) + pruningLevel; }
    /// "ResNet152-PR25".
    std::string variantName(int variant) const;
    /// "R152/PR25" (Fig. 5).
    std::string variantShortName(int variant) const;
    /// "B1600_2".
    std::string actionName(int action) const;
    int findAction(const std::string& name) const; ///< −1 if absent
    int findModel(const std::string& name) const;  ///< by name or short name, −1 if absent
    friend bool operator==(const Platform&, const Platform&) = default;
};

/// The paper's platform: Table I's 8 sizes and 26 actions, Table III's 11 models (test models
/// RegNetX-400MF, InceptionV3, ResNet152, §7 #5), pruning 0/25/50 % and the default parameters.
Platform defaultPlatform();
/// Every size × instance count up to Table I's maxima (41 actions, §7 #27).
std::vector<DpuConfig> allConfigurations(const std::vector<DpuSize>& sizes);

/// Field-naming problems ("params.clock_mhz: must be positive, got 0").
FieldIssues validate(const Platform& platform);
/// Throws InputError listing every problem.
void requireValid(const Platform& platform);

/// Simulated outcome of one (variant, state, action), averaged over a run.
struct Outcome {
    double fps = 0;        ///< aggregate frames/s over all instances
    double fpgaPowerW = 0; ///< P_FPGA
    double armPowerW = 0;  ///< P_ARM
    double ppw = 0;        ///< FPS / P_FPGA
    double busy = 0;       ///< per-instance DPU busy fraction
    double dpuMs = 0;      ///< DPU time per frame and instance, with memory stalls and instance contention
    double hostMs = 0;     ///< T_host,eff per frame
    /// What limits FPS: 0 compute (DPU + host), 1 DDR bandwidth, 2 Arm cores.
    int limiter = 0;
    bool feasible(double constraint) const { return fps >= constraint; }
};

/// Static model features of a variant (Table II): GMAC, LDFM/LDWB/STFM bytes, parameters.
struct StaticFeatures {
    double gmac = 0;
    double ldfmBytes = 0;
    double ldwbBytes = 0;
    double stfmBytes = 0;
    double params = 0;
    double dataBytes() const { return ldfmBytes + ldwbBytes + stfmBytes; }
};

/// One telemetry sample (or a run's mean): CPU_0..3 (%), MEMR_0..4 and MEMW_0..4 (MB/s),
/// P_FPGA and P_ARM (W), in that order.
using Telemetry = std::array<double, kTelemetrySize>;
inline constexpr int kTelemetryPFpga = kCpuCores + 2 * kMemoryPorts;
inline constexpr int kTelemetryPArm = kTelemetryPFpga + 1;

/// Names of the 22 observation features in order ("CPU_0", …, "C_PERF").
const std::array<std::string, kObservationSize>& observationNames();

/// The analytical model with the entry's correction applied. Indices must be in range.
Outcome simulate(const Platform& platform, int variant, int state, int action);
/// The same without corrections (what a correction multiplies).
Outcome simulateUncorrected(const Platform& platform, int variant, int state, int action);
StaticFeatures staticFeatures(const Platform& platform, int variant);
/// Mean telemetry while the action runs the variant under the state's background load.
Telemetry runTelemetry(const Platform& platform, int variant, int state, int action);
/// Mean telemetry of the background load alone (no DPU running: the "empty state").
Telemetry backgroundTelemetry(const Platform& platform, int state);

/// Index of the best feasible action (highest PPW with FPS ≥ C_PERF) among `outcomes`; when
/// none is feasible the highest PPW overall, with `feasible` set to false.
struct Optimum {
    int action = -1;
    bool feasible = false;
};
Optimum optimum(const std::vector<Outcome>& outcomes, double constraint);
/// The outcomes of every action for one (variant, state).
std::vector<Outcome> outcomesOf(const Platform& platform, int variant, int state);

} // namespace mapscape::dpu
