// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The calibration of the DPU platform simulator (seed 003 §4.4): the facts the paper's text
/// states about its measurements (best configurations per model and state, B4096_1/B512_1
/// speed-ups) as a pass/fail check, and an automatic routine that fits the simulator's
/// parameters to them (random restarts plus hill climbing, seeded).

#include "kinds/dpu/core/dpu_platform.h"

#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

namespace mapscape::dpu {

/// One fact from the paper.
struct Anchor {
    enum class Kind : std::uint8_t {
        BestConfiguration, ///< the best configuration with FPS ≥ C_PERF is `configuration`
        Speedup,           ///< FPS(B4096_1) / FPS(B512_1) = `value` (± `tolerance`, relative)
    };
    Kind kind = Kind::BestConfiguration;
    std::string model;         ///< model name
    int pruningLevel = 0;      ///< index into Platform::pruning
    int state = 0;             ///< N, C, M
    std::string configuration; ///< "B2304_2"
    double value = 0;
    double tolerance = 0.10;
    std::string source;        ///< "Fig. 1", "Fig. 2", "Fig. 3"
    std::string description() const; ///< "MobileNetV2 in N: best B2304_2"
};

/// The seven anchors of spec §4.4.
std::vector<Anchor> paperAnchors();

struct AnchorResult {
    Anchor anchor;
    bool pass = false;
    bool applicable = true; ///< model and configurations exist on this platform
    std::string found;      ///< best configuration found, or the speed-up found ("2.46×")
    double fps = 0;         ///< of the best configuration
    double powerW = 0;
    double ppw = 0;
    double targetPpw = 0;   ///< PPW of the paper's configuration
    double margin = 0;      ///< ln(PPW_target / PPW of the best other feasible), or the relative speed-up error
};

/// The anchors evaluated on the platform's analytical model (corrections applied).
std::vector<AnchorResult> checkAnchors(const Platform& platform, const std::vector<Anchor>& anchors);

/// Max-FPS PPW over optimal PPW, averaged over the test variants in one state (R_C, R_M).
double maxFpsRatio(const Platform& platform, int state);

struct CalibrationOptions {
    std::uint64_t seed = 1;
    int restarts = 8;
    int stepsPerRestart = 400;
    double targetRatioC = 0.47; ///< the paper's max-FPS ratios (§5)
    double targetRatioM = 0.35;
    double ratioWeight = 2.0;   ///< weight of |R − target| in the objective (0: anchors only)
    double marginCap = 0.05;    ///< each anchor's margin counts up to this
    friend bool operator==(const CalibrationOptions&, const CalibrationOptions&) = default;
};

struct CalibrationResult {
    PlatformParams params;
    double objective = 0;
    double initialObjective = 0;
    int anchorsPassed = 0;
    int initialAnchorsPassed = 0;
    double ratioC = 0;
    double ratioM = 0;
    std::int64_t evaluations = 0;
};

/// Σ_anchors min(cap, margin) − w·(|R_C − 0.47| + |R_M − 0.35|) (spec §4.4).
double calibrationObjective(const Platform& platform, const std::vector<Anchor>& anchors, const CalibrationOptions& options);

/// Fits the calibratable parameters (DDR bandwidth, stall, instance overhead, CPU interference,
/// power coefficients, background states), starting from the platform's own. `progress`
/// (optional) sees the fraction done and the best objective so far.
CalibrationResult calibrate(const Platform& platform, const std::vector<Anchor>& anchors,
                            const CalibrationOptions& options, std::stop_token stop = {},
                            const std::function<void(double, double)>& progress = {});

} // namespace mapscape::dpu
